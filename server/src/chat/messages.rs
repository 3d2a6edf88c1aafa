//! The chat's rules: who may write to whom, what a message may hold, and the order of
//! store-then-publish. Handlers, socket events and the demo loader all come through here.

use axum::http::StatusCode;
use sqlx::{SqliteConnection, SqliteExecutor};

use super::db::{self, MessageRow, NewMessage};
use super::types::{Autor, Chat, Mensaje, Participante, UltimoMensaje};
use super::{IMAGE_LINK_TTL, LIST_PER_SIDE, MAX_TEXT, PAGE};
use crate::auth::token::TokenKind;
use crate::error::{AppError, AppResult, FieldErrors};
use crate::realtime::throttle::{Window, too_many};
use crate::state::AppState;

/// A message as one of the pair sees it (image links are signed for the viewer).
fn for_viewer(state: &AppState, row: &MessageRow, viewer: i64) -> Mensaje {
    let url = row.archivo.as_ref().and_then(|_| {
        state
            .keys
            .issue(
                state.now(),
                IMAGE_LINK_TTL,
                viewer,
                TokenKind::Archivo,
                &row.id.to_string(),
                None,
            )
            .ok()
            .map(|firma| format!("/api/pub/chat/archivos/{}?firma={}", row.id, firma))
    });
    Mensaje {
        id: row.id,
        chat_id: row.chat_id,
        empleado: Autor { clave: row.de },
        para: row.para,
        tipo: row.tipo.clone(),
        mensaje: row.mensaje.clone(),
        url,
        fecha: row.fecha.clone(),
        estatus: row.estatus,
    }
}

/// Trims a text message and checks its length (1 to [`MAX_TEXT`] characters).
fn checked_text(texto: &str) -> AppResult<&str> {
    let texto = texto.trim();
    let mut fe = FieldErrors::default();
    fe.check(!texto.is_empty(), "mensaje", "chat.mensaje_vacio");
    fe.check(
        texto.chars().count() <= MAX_TEXT,
        "mensaje",
        "chat.mensaje_largo",
    );
    fe.into_result()?;
    Ok(texto)
}

/// One may write to any other active employee, never to oneself.
pub async fn check_recipient<'e>(db: impl SqliteExecutor<'e>, from: i64, to: i64) -> AppResult<()> {
    if from == to {
        return Err(AppError::bad_request("chat.mismo_empleado"));
    }
    let active = crate::employees::db::profile(db, to)
        .await?
        .is_some_and(|e| e.activo == 1 && e.baja_logica == 0);
    if active {
        Ok(())
    } else {
        Err(AppError::new(StatusCode::NOT_FOUND, "chat.destinatario"))
    }
}

/// Stores a text message with the date and read state given, under the same rules as a
/// live one but without telling anyone (the demo loader's history). Returns its id.
pub async fn record_text(
    conn: &mut SqliteConnection,
    from: i64,
    to: i64,
    texto: &str,
    fecha: &str,
    estatus: i64,
) -> AppResult<i64> {
    let texto = checked_text(texto)?;
    check_recipient(&mut *conn, from, to).await?;
    let row = db::insert_message(
        conn,
        &NewMessage {
            de: from,
            para: to,
            tipo: "text",
            mensaje: texto,
            archivo: None,
            fecha,
            estatus,
        },
    )
    .await?;
    Ok(row.id)
}

/// The window of the sending limit: `config.chat_send_limit` messages per sender every
/// 10 seconds, REST and socket together.
pub const SEND_WINDOW_SECS: i64 = 10;

/// Counts a message against the sender's limit (429 `chat.demasiados_mensajes`).
pub(super) fn check_rate(state: &AppState, from: i64) -> AppResult<()> {
    let window = Window {
        scope: "chat:enviar",
        max: state.config.chat_send_limit,
        window_secs: SEND_WINDOW_SECS,
    };
    state
        .realtime
        .throttle
        .hit(window, from, state.now())
        .map_err(|wait| too_many("chat.demasiados_mensajes", wait))
}

/// Stores a message now, in its own transaction.
pub(super) async fn store(
    state: &AppState,
    from: i64,
    to: i64,
    tipo: &str,
    texto: &str,
    archivo: Option<&str>,
) -> AppResult<MessageRow> {
    check_rate(state, from)?;
    let now = state.now_iso();
    let t0 = std::time::Instant::now();
    let mut tx = state.db.begin().await?;
    let t_begin = t0.elapsed();
    let row = db::insert_message(
        &mut tx,
        &NewMessage {
            de: from,
            para: to,
            tipo,
            mensaje: texto,
            archivo,
            fecha: &now,
            estatus: 1,
        },
    )
    .await?;
    tx.commit().await?;
    if t0.elapsed() > std::time::Duration::from_millis(8) {
        tracing::debug!(
            begin_ms = t_begin.as_millis() as u64,
            total_ms = t0.elapsed().as_millis() as u64,
            "slow chat write"
        );
    }
    Ok(row)
}

/// After the commit: both participants' sockets get the message (each with its own
/// image link); a recipient with no open socket gets a push notification.
pub(super) async fn publish(state: &AppState, row: MessageRow) -> Mensaje {
    let (from, to) = (row.de, row.para);
    let mine = for_viewer(state, &row, from);
    let theirs = for_viewer(state, &row, to);
    state
        .realtime
        .to_employee(from, "chat:message", &mine)
        .await;
    state
        .realtime
        .to_employee(to, "chat:message", &theirs)
        .await;
    if !state.realtime.is_online(to) {
        // A missing name only leaves the push title empty; the message is already sent.
        let nombre = crate::employees::db::profile(&state.db.read, from)
            .await
            .ok()
            .flatten()
            .map(|e| e.nombre_empleado)
            .unwrap_or_default();
        let contenido = if theirs.tipo == "img" {
            "📷 Imagen".to_string()
        } else {
            theirs.mensaje.clone()
        };
        crate::push::send_to_employee(
            state,
            to,
            crate::push::Payload {
                titulo: nombre,
                contenido,
                url: "/menu/dashboard".into(),
                tipo: "chat".into(),
                id: theirs.id,
            },
        );
    }
    mine
}

/// Sends a text message: checks it, stores it, then tells both sides.
pub async fn send_text(state: &AppState, from: i64, to: i64, texto: &str) -> AppResult<Mensaje> {
    let texto = checked_text(texto)?;
    check_recipient(&state.db.read, from, to).await?;
    let row = store(state, from, to, "text", texto, None).await?;
    Ok(publish(state, row).await)
}

/// The conversation list: at most 5 where I am the first participant and 5 where I am
/// the second, newest first.
pub async fn conversations_of(state: &AppState, me: i64) -> AppResult<Vec<Chat>> {
    let rows = db::conversations(&state.db.read, me, LIST_PER_SIDE).await?;
    Ok(rows
        .into_iter()
        .map(|r| Chat {
            id: r.id,
            empleado1: Participante {
                clave: r.empleado1,
                nombre: r.nombre1,
                foto: r.foto1,
            },
            empleado2: Participante {
                clave: r.empleado2,
                nombre: r.nombre2,
                foto: r.foto2,
            },
            ultimo_mensaje: r.ultimo_de.map(|de| UltimoMensaje {
                empleado: Autor { clave: de },
                mensaje: r.ultimo_mensaje.unwrap_or_default(),
                tipo: r.ultimo_tipo.unwrap_or_else(|| "text".into()),
                fecha: r.ultimo_fecha.unwrap_or_default(),
                estatus: r.ultimo_estatus.unwrap_or(1),
            }),
            no_leidos: r.no_leidos,
            ultima_conexion: r.ultima_conexion,
        })
        .collect())
}

/// The newest 50 messages with `con` (before message `antes` when given), oldest first,
/// and whether older ones exist.
pub async fn history(
    state: &AppState,
    me: i64,
    con: i64,
    antes: Option<i64>,
) -> AppResult<(Vec<Mensaje>, bool)> {
    let Some(chat_id) = db::chat_between(&state.db.read, me, con).await? else {
        return Ok((Vec::new(), false));
    };
    let mut rows =
        db::messages_before(&state.db.read, chat_id, antes.unwrap_or(i64::MAX), PAGE + 1).await?;
    let mas = rows.len() as i64 > PAGE;
    rows.truncate(PAGE as usize);
    rows.reverse();
    Ok((rows.iter().map(|r| for_viewer(state, r, me)).collect(), mas))
}

/// Marks the other person's unread messages read and tells them (read receipt).
pub async fn mark_read(state: &AppState, me: i64, con: i64) -> AppResult<i64> {
    let Some(chat_id) = db::chat_between(&state.db.read, me, con).await? else {
        return Ok(0);
    };
    let ids = db::mark_read(&state.db.write, chat_id, con).await?;
    if let Some(hasta) = ids.iter().max() {
        let receipt = serde_json::json!({"chat_id": chat_id, "lector": me, "hasta": hasta, "fecha": state.now_iso()});
        state.realtime.to_employee(con, "chat:read", &receipt).await;
        state.realtime.to_employee(me, "chat:read", &receipt).await;
    }
    Ok(ids.len() as i64)
}
