//! Presence: online while an employee has a socket, offline after a grace period once the
//! last one closes. Chat partners hear of each change.

use std::time::Duration;

use serde::Serialize;

use super::db;
use crate::error::AppError;
use crate::state::AppState;

/// Most employees one `presence:get` call may ask about.
const MAX_ASKED: usize = 100;

/// Presence of an employee as chat partners see it.
#[derive(Serialize, Clone, Debug)]
pub struct Presence {
    pub clave: i64,
    pub nombre: String,
    pub state: String,
    pub last_changed: String,
}

async fn set_presence(state: &AppState, cve: i64, estado: &str) -> Result<(), AppError> {
    let now = state.now_iso();
    db::set_state(&state.db.write, cve, estado, &now).await?;
    let nombre = db::presence_rows(&state.db.read, &[cve])
        .await?
        .into_iter()
        .next()
        .map(|r| r.nombre_empleado)
        .unwrap_or_default();
    let partners = crate::chat::db::partners_of(&state.db.read, cve).await?;
    let p = Presence {
        clave: cve,
        nombre,
        state: estado.to_string(),
        last_changed: now,
    };
    for partner in partners {
        state
            .realtime
            .to_employee(partner, "presence:changed", &p)
            .await;
    }
    Ok(())
}

/// A socket of `cve` connected.
pub async fn presence_connected(state: &AppState, cve: i64) {
    if state.realtime.connected(cve)
        && let Err(e) = set_presence(state, cve, "online").await
    {
        tracing::warn!(error = %e, "presence update failed");
    }
}

/// A socket of `cve` closed: offline once the last one is gone, after a grace period
/// (a page reload reconnects within it).
pub async fn presence_disconnected(state: &AppState, cve: i64) {
    if !state.realtime.disconnected(cve) {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(state.config.presence_grace_ms)).await;
        if !state.realtime.is_online(cve)
            && let Err(e) = set_presence(&state, cve, "offline").await
        {
            tracing::warn!(error = %e, "presence update failed");
        }
    });
}

/// Presence of some of `viewer`'s chat partners, in the order asked (offline with their
/// last change when not connected). Anyone else is left out: presence tells who is at
/// work, which only the people one talks to may know.
pub async fn presence_of(
    state: &AppState,
    viewer: i64,
    claves: &[i64],
) -> Result<Vec<Presence>, AppError> {
    let partners: std::collections::HashSet<i64> =
        crate::chat::db::partners_of(&state.db.read, viewer)
            .await?
            .into_iter()
            .collect();
    let asked: Vec<i64> = claves
        .iter()
        .take(MAX_ASKED)
        .copied()
        .filter(|c| partners.contains(c))
        .collect();
    let asked = asked.as_slice();
    let rows = db::presence_rows(&state.db.read, asked).await?;
    let known: std::collections::HashMap<i64, db::PresenceRow> =
        rows.into_iter().map(|r| (r.cve_empleado, r)).collect();
    Ok(asked
        .iter()
        .filter_map(|cve| {
            let r = known.get(cve)?;
            let online = state.realtime.is_online(*cve);
            Some(Presence {
                clave: *cve,
                nombre: r.nombre_empleado.clone(),
                state: if online { "online" } else { "offline" }.to_string(),
                last_changed: r.last_changed.clone().unwrap_or_default(),
            })
        })
        .collect())
}
