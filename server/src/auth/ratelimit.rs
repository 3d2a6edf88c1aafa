//! Attempt limits kept in the database, so they survive a restart: a fixed window per
//! (scope, key), e.g. login attempts per client address, and a growing back-off per
//! account for failed sign-ins (docs/permisos.md, "Account identifiers").

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

/// Failed sign-ins of one account, whatever identifier (e-mail, CURP, RFC) was typed.
pub const LOGIN_POR_CUENTA: &str = "login:cuenta";
/// Failures an account may have before it waits.
pub const BACKOFF_FREE: i64 = 5;
/// The first wait, doubled by every further failure…
pub const BACKOFF_FIRST_SECS: i64 = 60;
/// …up to this, so that a lockout always ends.
pub const BACKOFF_MAX_SECS: i64 = 900;
/// Failures older than this are forgotten.
pub const BACKOFF_FORGET_SECS: i64 = 24 * 3600;

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

/// How long an account waits after its `failures`-th failure (0 when it does not).
pub fn backoff_secs(failures: i64) -> i64 {
    if failures < BACKOFF_FREE {
        return 0;
    }
    let doublings = (failures - BACKOFF_FREE).min(10) as u32;
    (BACKOFF_FIRST_SECS << doublings).min(BACKOFF_MAX_SECS)
}

/// 429 while a key's back-off since its last failure lasts.
pub async fn check_backoff(state: &AppState, scope: &str, key: &str) -> AppResult<()> {
    let now = state.now();
    if let Some((last, failures)) = limits::window(&state.db.read, scope, key).await?
        && now - last < BACKOFF_FORGET_SECS
    {
        let wait = last + backoff_secs(failures) - now;
        if wait > 0 {
            return Err(AppError::too_many(wait as u64));
        }
    }
    Ok(())
}

/// Counts one failure of a key (the failure time starts its back-off).
pub async fn record_failure(state: &AppState, scope: &str, key: &str) -> AppResult<()> {
    let now = state.now();
    let mut tx = state.db.begin().await?;
    let failures = match limits::window(&mut *tx, scope, key).await? {
        Some((last, n)) if now - last < BACKOFF_FORGET_SECS => n,
        _ => 0,
    };
    limits::save(&mut *tx, scope, key, now, failures + 1).await?;
    tx.commit().await?;
    Ok(())
}

/// Forgets the failures of a key (after a successful login).
pub async fn clear_key(state: &AppState, scope: &str, key: &str) -> AppResult<()> {
    limits::clear(&state.db.write, scope, key).await?;
    Ok(())
}

/// Forgets the attempts of a key.
pub async fn clear(state: &AppState, limit: Limit, key: &str) -> AppResult<()> {
    limits::clear(&state.db.write, limit.scope, &key.trim().to_lowercase()).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_back_off_starts_after_five_failures_doubles_and_is_capped() {
        assert_eq!(backoff_secs(4), 0);
        assert_eq!(backoff_secs(5), 60);
        assert_eq!(backoff_secs(6), 120);
        assert_eq!(backoff_secs(8), 480);
        assert_eq!(backoff_secs(9), 900);
        assert_eq!(backoff_secs(1000), 900);
    }
}
