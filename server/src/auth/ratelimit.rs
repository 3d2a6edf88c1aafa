//! Attempt limits kept in the database, so they survive a restart: a fixed window per
//! (scope, key), e.g. login attempts per identifier and per client address.

use super::db::limits;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// A limit: at most `max` attempts every `window_secs`.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub scope: &'static str,
    pub max: i64,
    pub window_secs: i64,
}

pub const LOGIN_POR_USUARIO: Limit = Limit {
    scope: "login:usuario",
    max: 10,
    window_secs: 900,
};
pub const LOGIN_POR_IP: Limit = Limit {
    scope: "login:ip",
    max: 60,
    window_secs: 900,
};
pub const RESET_POR_USUARIO: Limit = Limit {
    scope: "reset:usuario",
    max: 5,
    window_secs: 3600,
};
pub const RESET_POR_IP: Limit = Limit {
    scope: "reset:ip",
    max: 20,
    window_secs: 3600,
};
pub const CONFIRMAR_POR_IP: Limit = Limit {
    scope: "confirmar:ip",
    max: 20,
    window_secs: 900,
};
pub const CONFIRMAR_POR_USUARIO: Limit = Limit {
    scope: "confirmar:usuario",
    max: 10,
    window_secs: 900,
};
pub const REGISTRO_POR_IP: Limit = Limit {
    scope: "registro:ip",
    max: 20,
    window_secs: 3600,
};

/// Counts one attempt against each limit; 429 when any is already used up.
pub async fn hit(state: &AppState, checks: &[(Limit, &str)]) -> AppResult<()> {
    let now = state.now();
    let mut tx = state.db.begin().await?;
    let mut retry_after: Option<i64> = None;
    for (limit, key) in checks {
        let key = key.trim().to_lowercase();
        let row = limits::window(&mut *tx, limit.scope, &key).await?;
        let (start, count) = match row {
            Some((start, count)) if now - start < limit.window_secs => (start, count),
            _ => (now, 0),
        };
        if count >= limit.max {
            let wait = start + limit.window_secs - now;
            retry_after = Some(retry_after.map_or(wait, |r| r.max(wait)));
            continue;
        }
        limits::save(&mut *tx, limit.scope, &key, start, count + 1).await?;
    }
    tx.commit().await?;
    match retry_after {
        Some(wait) => Err(AppError::too_many(wait.max(1) as u64)),
        None => Ok(()),
    }
}

/// Forgets the attempts of a key (after a successful login).
pub async fn clear(state: &AppState, limit: Limit, key: &str) -> AppResult<()> {
    limits::clear(&state.db.write, limit.scope, &key.trim().to_lowercase()).await?;
    Ok(())
}
