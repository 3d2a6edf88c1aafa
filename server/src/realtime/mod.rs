//! The realtime layer: a socket.io server (socketioxide) on the same port. The
//! handshake authenticates like REST; sockets join `emp:<cve>`, `sid:<session>` and,
//! for those who may see them, `sessions`. Domains publish through [`Realtime`] after
//! their transactions commit.

pub mod db;
pub mod handlers;
mod presence;
pub mod throttle;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use serde::Serialize;
use socketioxide::SocketIo;
use socketioxide::extract::{SocketRef, State, TryData};
use socketioxide::handler::ConnectHandler;

use crate::auth::perms::SessionUser;
use crate::auth::session;
use crate::auth::token::TokenKind;
use crate::error::AppError;
use crate::i18n;
use crate::state::AppState;

pub use presence::{Presence, presence_connected, presence_disconnected, presence_of};

/// Publishing side of the realtime layer, shared through the app state.
#[derive(Default)]
pub struct Realtime {
    io: OnceLock<SocketIo>,
    /// Connected sockets per employee (presence counts tabs and devices).
    online: Mutex<HashMap<i64, usize>>,
    /// Connection attempts per client address in the current minute.
    attempts: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    /// Per-user limits of socket and REST calls that share them (chat messages).
    pub throttle: throttle::Throttle,
}

/// The `{code, resp}` of an error, as socket clients receive it.
#[derive(Serialize, Clone, Debug)]
pub struct WireError {
    pub code: String,
    pub resp: String,
}

impl From<&AppError> for WireError {
    fn from(e: &AppError) -> Self {
        let body = e.body();
        WireError {
            code: body.code,
            resp: body.resp,
        }
    }
}

impl Realtime {
    /// Installs the socket.io server once its layer is built.
    pub fn set_io(&self, io: SocketIo) {
        let _ = self.io.set(io);
    }

    fn io(&self) -> Option<&SocketIo> {
        self.io.get()
    }

    /// Sends an event to a room (fire and forget; a failed broadcast is logged).
    pub async fn to_room<T: Serialize + ?Sized>(
        &self,
        room: String,
        event: &'static str,
        data: &T,
    ) {
        if let Some(io) = self.io()
            && let Err(e) = io.to(room.clone()).emit(event, data).await
        {
            tracing::debug!(room, event, error = %e, "broadcast failed");
        }
    }

    /// Sends an event to every socket of an employee.
    pub async fn to_employee<T: Serialize + ?Sized>(
        &self,
        cve: i64,
        event: &'static str,
        data: &T,
    ) {
        self.to_room(format!("emp:{cve}"), event, data).await;
    }

    /// Whether the employee has at least one connected socket.
    pub fn is_online(&self, cve: i64) -> bool {
        self.online
            .lock()
            .map(|m| m.get(&cve).copied().unwrap_or(0) > 0)
            .unwrap_or(false)
    }

    /// Tells the sockets of a session that it ended, then disconnects them.
    pub async fn session_ended(&self, sid: &str, code: &'static str) {
        let Some(io) = self.io() else { return };
        let room = format!("sid:{sid}");
        let err = WireError {
            code: code.to_string(),
            resp: i18n::message(code, i18n::current_lang(), &[]),
        };
        let _ = io.to(room.clone()).emit("session:ended", &err).await;
        let _ = io.to(room).disconnect().await;
        self.sessions_changed().await;
    }

    /// Tells the active-session watchers to refresh their list.
    pub async fn sessions_changed(&self) {
        self.to_room(
            "sessions".to_string(),
            "sessions:changed",
            &serde_json::json!({}),
        )
        .await;
    }

    /// Counts a connection attempt from `ip`; false when over the per-minute limit.
    fn allow_attempt(&self, ip: IpAddr, limit: u32) -> bool {
        let Ok(mut map) = self.attempts.lock() else {
            return true;
        };
        let now = Instant::now();
        if map.len() > 10_000 {
            map.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(60));
        }
        let entry = map.entry(ip).or_insert((now, 0));
        if now.duration_since(entry.0) >= Duration::from_secs(60) {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 <= limit
    }

    /// A socket of `cve` connected; true when it is the employee's first.
    fn connected(&self, cve: i64) -> bool {
        let Ok(mut m) = self.online.lock() else {
            return false;
        };
        let n = m.entry(cve).or_insert(0);
        *n += 1;
        *n == 1
    }

    /// A socket of `cve` left; true when it was the employee's last.
    fn disconnected(&self, cve: i64) -> bool {
        let Ok(mut m) = self.online.lock() else {
            return false;
        };
        match m.get_mut(&cve) {
            Some(n) if *n > 1 => {
                *n -= 1;
                false
            }
            Some(_) => {
                m.remove(&cve);
                true
            }
            None => false,
        }
    }
}

/// Tunes engine.io and registers the namespace; returns the layer to put on the router.
pub fn layer(state: &AppState) -> socketioxide::layer::SocketIoLayer {
    let (layer, io) = SocketIo::builder()
        .with_state(state.clone())
        // Small per-socket buffers keep idle connections cheap.
        .max_buffer_size(32)
        .ws_read_buffer_size(4 * 1024)
        .max_payload(64 * 1024)
        .build_layer();
    io.ns("/", handlers::on_connect.with(authenticate));
    state.realtime.set_io(io);
    layer
}

#[derive(serde::Deserialize, Default)]
struct Handshake {
    #[serde(default)]
    token: String,
}

/// A refused connection: the client's `connect_error` carries the code as its message.
#[derive(Debug)]
pub struct Refused(pub &'static str);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

fn origin_allowed(state: &AppState, parts: &axum::http::request::Parts) -> bool {
    let Some(origin) = parts.headers.get("origin").and_then(|v| v.to_str().ok()) else {
        // Non-browser clients send no Origin; browsers always do.
        return true;
    };
    let origin = origin.trim_end_matches('/');
    let public = state.config.public_url.trim_end_matches('/');
    if origin.eq_ignore_ascii_case(public) {
        return true;
    }
    let host = parts
        .headers
        .get("host")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    !host.is_empty()
        && (origin.eq_ignore_ascii_case(&format!("http://{host}"))
            || origin.eq_ignore_ascii_case(&format!("https://{host}")))
}

/// The handshake: Origin, rate limit, token and session, exactly as REST checks them.
async fn authenticate(
    socket: SocketRef,
    State(state): State<AppState>,
    TryData(auth): TryData<Handshake>,
) -> Result<(), Refused> {
    let parts = socket.req_parts();
    if !origin_allowed(&state, parts) {
        return Err(Refused("auth.origen_no_permitido"));
    }
    let ip = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::from([0, 0, 0, 0]));
    if !state
        .realtime
        .allow_attempt(ip, state.config.socket_connect_limit_per_ip)
    {
        return Err(Refused("auth.demasiados_intentos"));
    }
    let token = auth.unwrap_or_default().token;
    if token.is_empty() {
        return Err(Refused("auth.sin_token"));
    }
    let user = session_of(&state, &token)
        .await
        .map_err(|e| Refused(e.code))?;
    socket.extensions.insert(user);
    Ok(())
}

/// Checks a session token (and touches the session) the way the REST layer does.
pub async fn session_of(state: &AppState, token: &str) -> Result<SessionUser, AppError> {
    let claims = state.keys.verify(token, state.now())?;
    if claims.kind != TokenKind::Sesion {
        return Err(AppError::unauthorized("auth.requiere_sesion"));
    }
    session::check_active(state, &claims.sid, claims.cve_empleado).await
}
