//! Shared state of the running server.

use std::sync::Arc;

use crate::auth::perms::PermissionCache;
use crate::auth::token::Keys;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::mail::Mailer;
use crate::storage::Storage;

/// Everything a handler may need, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub inner: Arc<Inner>,
}

pub struct Inner {
    pub config: Config,
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub keys: Keys,
    pub storage: Storage,
    pub mailer: Mailer,
    pub perms: PermissionCache,
    /// Password hashing threads (argon2 uses ~19 MiB and ~35 ms a hash).
    pub hasher: crate::auth::password::Hasher,
    /// Publishing side of the socket.io layer.
    pub realtime: crate::realtime::Realtime,
    /// Web Push keys and client.
    pub vapid: crate::push::Vapid,
    /// Public base URL of the content origin, set once its listener is bound.
    pub content_url: std::sync::OnceLock<String>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.inner
    }
}

impl AppState {
    /// Current time in unix seconds from the injected clock.
    pub fn now(&self) -> i64 {
        self.clock.unix()
    }

    /// Current time as ISO 8601 (UTC).
    pub fn now_iso(&self) -> String {
        crate::clock::iso(self.clock.now())
    }
}
