//! Socket events: connection, chat calls and presence queries. Every call is answered
//! through its ack as `{ok: true, …}` or `{ok: false, error: {code, resp}}`.

use serde::Deserialize;
use serde_json::{Value, json};
use socketioxide::extract::{AckSender, SocketRef, State, TryData};

use super::{WireError, presence_connected, presence_disconnected, presence_of};
use crate::auth::perms::SessionUser;
use crate::auth::session;
use crate::chat;
use crate::error::AppError;
use crate::state::AppState;

/// A newly authenticated socket joins its rooms and gets its event handlers.
pub async fn on_connect(socket: SocketRef, State(state): State<AppState>) {
    let Some(user) = socket.extensions.get::<SessionUser>() else {
        let _ = socket.disconnect();
        return;
    };
    socket.join(format!("emp:{}", user.cve_empleado));
    socket.join(format!("sid:{}", user.sid));
    if user.can(&state, "usuarios.activos") {
        socket.join("sessions");
    }
    if !matches!(user.scope, crate::auth::perms::Scope::Propio(_)) {
        socket.join(crate::dashboard::live::SALA_EQUIPO);
    }
    // Handlers first: an event that arrives while presence is being stored would
    // otherwise find no handler and go unanswered.
    socket.on("chat:list", list_chats);
    socket.on("chat:history", get_chat_history);
    socket.on("chat:send", send_chat_message);
    socket.on("chat:open", mark_chat_read);
    socket.on("presence:get", get_presence);
    presence_connected(&state, user.cve_empleado).await;
    socket.on_disconnect(on_disconnect);
}

async fn on_disconnect(socket: SocketRef, State(state): State<AppState>) {
    if let Some(user) = socket.extensions.get::<SessionUser>() {
        presence_disconnected(&state, user.cve_empleado).await;
    }
}

fn fail(e: &AppError) -> Value {
    json!({"ok": false, "error": WireError::from(e)})
}

/// When (server clock, unix seconds) the socket's session was last checked.
#[derive(Clone, Copy)]
struct CheckedAt(i64);

/// Seconds a socket trusts its last session check. Ended sessions are pushed to their
/// sockets (`session:ended`), so this only spaces out the activity touches.
const RECHECK_SECS: i64 = 10;

/// Re-checks the socket's session (this also counts as activity). An ended session
/// tells the socket why and closes it.
async fn active(socket: &SocketRef, state: &AppState) -> Result<SessionUser, AppError> {
    let Some(user) = socket.extensions.get::<SessionUser>() else {
        return Err(AppError::unauthorized("auth.requiere_sesion"));
    };
    if socket
        .extensions
        .get::<CheckedAt>()
        .is_some_and(|c| state.now() - c.0 < RECHECK_SECS)
    {
        return Ok(user);
    }
    match session::check_active(state, &user.sid, user.cve_empleado).await {
        Ok(u) => {
            socket.extensions.insert(CheckedAt(state.now()));
            Ok(u)
        }
        Err(e) => {
            let _ = socket.emit("session:ended", &WireError::from(&e));
            let _ = socket.clone().disconnect();
            Err(e)
        }
    }
}

/// [`active`], for the chat's events: the profile must have the chat section, exactly as
/// the chat's REST routes require.
async fn chat_user(socket: &SocketRef, state: &AppState) -> Result<SessionUser, AppError> {
    let user = active(socket, state).await?;
    if user.can(state, chat::SECCION) {
        Ok(user)
    } else {
        Err(AppError::forbidden("auth.sin_permiso")
            .arg("seccion", state.perms.section_name(chat::SECCION)))
    }
}

fn reply(ack: AckSender, result: Result<Value, AppError>) {
    let body = match result {
        Ok(mut v) => {
            if let Some(o) = v.as_object_mut() {
                o.insert("ok".into(), Value::Bool(true));
            }
            v
        }
        Err(e) => fail(&e),
    };
    let _ = ack.send(&body);
}

fn bad_payload() -> AppError {
    AppError::bad_request("http.json_campos").arg("detalle", "payload")
}

async fn list_chats(socket: SocketRef, State(state): State<AppState>, ack: AckSender) {
    let res = async {
        let u = chat_user(&socket, &state).await?;
        let chats = chat::conversations_of(&state, u.cve_empleado).await?;
        Ok(json!({"chats": chats}))
    }
    .await;
    reply(ack, res);
}

#[derive(Deserialize)]
struct HistoryData {
    con: i64,
    #[serde(default)]
    antes: Option<i64>,
}

async fn get_chat_history(
    socket: SocketRef,
    State(state): State<AppState>,
    TryData(data): TryData<HistoryData>,
    ack: AckSender,
) {
    let res = async {
        let u = chat_user(&socket, &state).await?;
        let d = data.map_err(|_| bad_payload())?;
        let (mensajes, mas) = chat::history(&state, u.cve_empleado, d.con, d.antes).await?;
        Ok(json!({"mensajes": mensajes, "mas": mas}))
    }
    .await;
    reply(ack, res);
}

#[derive(Deserialize)]
struct SendData {
    para: i64,
    mensaje: String,
}

async fn send_chat_message(
    socket: SocketRef,
    State(state): State<AppState>,
    TryData(data): TryData<SendData>,
    ack: AckSender,
) {
    let res = async {
        let u = chat_user(&socket, &state).await?;
        let d = data.map_err(|_| bad_payload())?;
        let m = chat::send_text(&state, u.cve_empleado, d.para, &d.mensaje).await?;
        Ok(json!({"mensaje": m}))
    }
    .await;
    reply(ack, res);
}

#[derive(Deserialize)]
struct OpenData {
    con: i64,
}

async fn mark_chat_read(
    socket: SocketRef,
    State(state): State<AppState>,
    TryData(data): TryData<OpenData>,
    ack: AckSender,
) {
    let res = async {
        let u = chat_user(&socket, &state).await?;
        let d = data.map_err(|_| bad_payload())?;
        let leidos = chat::mark_read(&state, u.cve_empleado, d.con).await?;
        Ok(json!({"leidos": leidos}))
    }
    .await;
    reply(ack, res);
}

#[derive(Deserialize)]
struct PresenceData {
    claves: Vec<i64>,
}

async fn get_presence(
    socket: SocketRef,
    State(state): State<AppState>,
    TryData(data): TryData<PresenceData>,
    ack: AckSender,
) {
    let res = async {
        let u = chat_user(&socket, &state).await?;
        let d = data.map_err(|_| bad_payload())?;
        let presencia = presence_of(&state, u.cve_empleado, &d.claves).await?;
        Ok(json!({"presencia": presencia}))
    }
    .await;
    reply(ack, res);
}
