//! An in-memory fixed-window limiter for hot paths (chat messages), where a database
//! write per call would cost more than the call itself. Counts reset on restart, which is
//! fine for limits measured in seconds.

use std::collections::HashMap;
use std::sync::Mutex;

use axum::http::StatusCode;

use crate::error::AppError;

/// A limit: at most `max` calls every `window_secs` per key.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub scope: &'static str,
    pub max: u32,
    pub window_secs: i64,
}

/// (scope, key) → (window start in unix seconds, calls counted in it).
type Windows = HashMap<(&'static str, i64), (i64, u32)>;

/// Counters per (scope, key).
#[derive(Default)]
pub struct Throttle {
    windows: Mutex<Windows>,
}

impl Throttle {
    /// Counts one call at `now` (unix seconds); the seconds to wait when over the limit.
    pub fn hit(&self, w: Window, key: i64, now: i64) -> Result<(), i64> {
        let Ok(mut map) = self.windows.lock() else {
            return Ok(());
        };
        if map.len() > 50_000 {
            map.retain(|_, (start, _)| now - *start < w.window_secs);
        }
        let entry = map.entry((w.scope, key)).or_insert((now, 0));
        if now - entry.0 >= w.window_secs || now < entry.0 {
            *entry = (now, 0);
        }
        if entry.1 >= w.max {
            return Err((entry.0 + w.window_secs - now).max(1));
        }
        entry.1 += 1;
        Ok(())
    }
}

/// A 429 with `code` and Retry-After.
pub fn too_many(code: &'static str, wait_secs: i64) -> AppError {
    let mut e = AppError::new(StatusCode::TOO_MANY_REQUESTS, code);
    e.retry_after = Some(u32::try_from(wait_secs.max(1)).unwrap_or(u32::MAX));
    e
}
