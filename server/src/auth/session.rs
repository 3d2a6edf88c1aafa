//! Web sessions (one per user; ten idle minutes end one) and password-reset grants.

use super::db::{resets, sessions};
use super::perms::SessionUser;
use super::token::{TokenKind, random_secret, sha256_hex};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Lifetime of a session token; the idle limit ends sessions long before.
pub const SESSION_TOKEN_TTL: i64 = 12 * 3600;
/// Lifetime of the generic token.
pub const GENERIC_TOKEN_TTL: i64 = 30 * 24 * 3600;
/// Lifetime of a password-reset link.
pub const RESET_TTL: i64 = 30 * 60;
/// Only refresh `ultima_actividad` when it is this stale, to spare the writer.
const TOUCH_EVERY: i64 = 15;

/// Client details recorded with a session.
#[derive(Default)]
pub struct ClientInfo {
    pub ip: String,
    pub navegador: String,
    pub sistema_operativo: String,
}

/// Starts a web session, ending the user's previous one; returns (session id, token).
pub async fn start(
    state: &AppState,
    cve_empleado: i64,
    idperfil: i64,
    client: &ClientInfo,
) -> AppResult<(String, String, Option<String>)> {
    let now = state.now();
    let sid = uuid::Uuid::new_v4().to_string();
    let mut tx = state.db.begin().await?;
    let replaced = sessions::end_web_of(&mut *tx, cve_empleado, "reemplazada", now)
        .await?
        .into_iter()
        .next();
    let navegador = truncate(&client.navegador, 200);
    let sistema_operativo = truncate(&client.sistema_operativo, 200);
    sessions::insert(
        &mut *tx,
        &sessions::NewSession {
            id: &sid,
            cve_empleado,
            idperfil,
            now,
            ip: &client.ip,
            navegador: &navegador,
            sistema_operativo: &sistema_operativo,
        },
    )
    .await?;
    tx.commit().await?;
    // The replaced session's open tabs learn it at once.
    match &replaced {
        Some(old) => {
            state
                .realtime
                .session_ended(old, "auth.sesion_reemplazada")
                .await
        }
        None => state.realtime.sessions_changed().await,
    }
    let token = state.keys.issue(
        now,
        SESSION_TOKEN_TTL,
        cve_empleado,
        TokenKind::Sesion,
        &sid,
        Some(idperfil),
    )?;
    Ok((sid, token, replaced))
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Checks that a session is open and not idle, refreshes its activity, and tells who it is.
pub async fn check_active(
    state: &AppState,
    sid: &str,
    cve_empleado: i64,
) -> AppResult<SessionUser> {
    let now = state.now();
    let Some(sessions::SessionState {
        cve_empleado: owner,
        idperfil,
        ultima_actividad: last,
        fin,
        motivo_fin: motivo,
    }) = sessions::state(&state.db.read, sid).await?
    else {
        return Err(AppError::unauthorized("auth.sesion_caducada"));
    };
    if owner != cve_empleado {
        return Err(AppError::unauthorized("auth.token_invalido"));
    }
    if fin.is_some() {
        return Err(AppError::unauthorized(end_code(motivo.as_deref())));
    }
    let idle = state.config.session_idle_minutes * 60;
    if now - last > idle {
        end(state, sid, "inactividad").await?;
        return Err(AppError::unauthorized("auth.sesion_caducada"));
    }
    if now - last >= TOUCH_EVERY {
        sessions::touch(&state.db.write, sid, now).await?;
    }
    let scope = super::perms::scope_of(state, cve_empleado, idperfil);
    Ok(SessionUser {
        cve_empleado,
        idperfil,
        sid: sid.to_string(),
        scope,
    })
}

/// The error code that tells why a session ended.
pub fn end_code(motivo: Option<&str>) -> &'static str {
    match motivo {
        Some("reemplazada") => "auth.sesion_reemplazada",
        Some("liberada") => "auth.sesion_liberada",
        Some("cierre") | Some("contrasena") | Some("identificadores") => "auth.sesion_cerrada",
        _ => "auth.sesion_caducada",
    }
}

/// Ends one session and tells its sockets.
pub async fn end(state: &AppState, sid: &str, motivo: &str) -> AppResult<bool> {
    let ended = sessions::end(&state.db.write, sid, motivo, state.now()).await?;
    if ended {
        state
            .realtime
            .session_ended(sid, end_code(Some(motivo)))
            .await;
    }
    Ok(ended)
}

/// Ends the open web session of an employee; false when there was none.
pub async fn end_for_employee(
    state: &AppState,
    cve_empleado: i64,
    motivo: &str,
) -> AppResult<bool> {
    let sids = sessions::end_web_of(&state.db.write, cve_empleado, motivo, state.now()).await?;
    announce_ended(state, &sids, motivo).await;
    Ok(!sids.is_empty())
}

/// Tells the sockets of sessions ended elsewhere (after the transaction committed).
pub async fn announce_ended(state: &AppState, sids: &[String], motivo: &str) {
    for sid in sids {
        state
            .realtime
            .session_ended(sid, end_code(Some(motivo)))
            .await;
    }
}

/// Sets the profile a session works with.
pub async fn set_profile(state: &AppState, sid: &str, idperfil: i64) -> AppResult<()> {
    sessions::set_profile(&state.db.write, sid, idperfil).await?;
    Ok(())
}

/// Issues a single-use reset grant and its restricted token.
pub async fn create_reset(
    state: &AppState,
    cve_empleado: i64,
    motivo: &str,
    ttl: i64,
) -> AppResult<String> {
    let now = state.now();
    let id = random_secret(24);
    let mut tx = state.db.begin().await?;
    // A new grant voids the older unused ones of the same employee.
    resets::replace(
        &mut tx,
        &sha256_hex(&id),
        cve_empleado,
        &sha256_hex(&format!("grant:{id}")),
        motivo,
        now,
        now + ttl,
    )
    .await?;
    tx.commit().await?;
    state
        .keys
        .issue(now, ttl, cve_empleado, TokenKind::Restablecer, &id, None)
}

/// Checks that a reset grant is unused and unexpired.
pub async fn check_reset(state: &AppState, id: &str, cve_empleado: i64) -> AppResult<()> {
    let row = resets::find(&state.db.read, &sha256_hex(id)).await?;
    match row {
        Some((owner, expira, None)) if owner == cve_empleado && expira >= state.now() => Ok(()),
        _ => Err(AppError::unauthorized("auth.enlace_invalido")),
    }
}

/// Marks a reset grant used, inside the transaction that changes the password.
pub async fn consume_reset(tx: &mut crate::db::Tx, id: &str, now: i64) -> AppResult<bool> {
    Ok(resets::consume(&mut **tx, &sha256_hex(id), now).await?)
}

/// Ends every session idle for longer than the limit.
pub async fn end_idle(state: &AppState) -> AppResult<u64> {
    let now = state.now();
    let limit = now - state.config.session_idle_minutes * 60;
    let sids = sessions::end_idle(&state.db.write, limit, now).await?;
    announce_ended(state, &sids, "inactividad").await;
    Ok(sids.len() as u64)
}
