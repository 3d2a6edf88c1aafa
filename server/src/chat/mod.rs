//! 1:1 chat between employees: conversations, messages (text 1–100 characters or a
//! png/jpeg image), read state, and the employee autocomplete. Every message is
//! committed before anyone is told about it.

pub mod db;

use axum::extract::{Multipart, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::auth::token::TokenKind;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::validate::fold;

/// Messages per history page (spec: 50 ordered by date).
pub const PAGE: i64 = 50;
/// Longest text message.
pub const MAX_TEXT: usize = 100;
/// Conversations listed per side of the pair (spec: 5 per side).
pub const LIST_PER_SIDE: i64 = 5;
/// Lifetime of a signed image link.
const IMAGE_LINK_TTL: i64 = 3600;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(post_mensaje)))
        .routes(secured(state, Rule::Sesion, routes!(post_imagen)))
        .routes(secured(state, Rule::Sesion, routes!(get_conversaciones)))
        .routes(secured(state, Rule::Sesion, routes!(get_mensajes)))
        .routes(secured(state, Rule::Sesion, routes!(autocomplete)))
        .routes(secured(state, Rule::Anonimo, routes!(get_archivo)))
}

/// Who sent a message.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Autor {
    pub clave: i64,
}

/// A chat message (spec: Chat message).
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Mensaje {
    pub id: i64,
    pub chat_id: i64,
    pub empleado: Autor,
    pub para: i64,
    #[serde(rename = "type")]
    pub tipo: String,
    pub mensaje: String,
    /// Signed link to the image (img messages), valid one hour, for one participant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub fecha: String,
    pub estatus: i64,
}

#[derive(sqlx::FromRow)]
struct MensajeRow {
    id: i64,
    chat_id: i64,
    de: i64,
    para: i64,
    tipo: String,
    mensaje: String,
    archivo: Option<String>,
    fecha: String,
    estatus: i64,
}

impl MensajeRow {
    fn for_viewer(&self, state: &AppState, viewer: i64) -> Mensaje {
        let url = self.archivo.as_ref().and_then(|_| {
            state
                .keys
                .issue(
                    state.now(),
                    IMAGE_LINK_TTL,
                    viewer,
                    TokenKind::Archivo,
                    &self.id.to_string(),
                    None,
                )
                .ok()
                .map(|firma| format!("/api/pub/chat/archivos/{}?firma={}", self.id, firma))
        });
        Mensaje {
            id: self.id,
            chat_id: self.chat_id,
            empleado: Autor { clave: self.de },
            para: self.para,
            tipo: self.tipo.clone(),
            mensaje: self.mensaje.clone(),
            url,
            fecha: self.fecha.clone(),
            estatus: self.estatus,
        }
    }
}

/// A participant of a conversation.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Participante {
    pub clave: i64,
    pub nombre: String,
    pub foto: Option<String>,
}

#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct UltimoMensaje {
    pub empleado: Autor,
    pub mensaje: String,
    #[serde(rename = "type")]
    pub tipo: String,
    pub fecha: String,
    pub estatus: i64,
}

/// A conversation (spec: Chat).
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Chat {
    pub id: i64,
    pub empleado1: Participante,
    pub empleado2: Participante,
    pub ultimo_mensaje: Option<UltimoMensaje>,
    pub no_leidos: i64,
    /// When the other person was last seen (their presence change).
    pub ultima_conexion: Option<String>,
}

const MESSAGE_COLUMNS: &str = "m.id, m.chat_id, m.de, CASE WHEN c.empleado1 = m.de THEN c.empleado2 ELSE c.empleado1 END AS para,
    m.tipo, m.mensaje, m.archivo, m.fecha, m.estatus";

async fn recipient_check(state: &AppState, from: i64, to: i64) -> AppResult<()> {
    if from == to {
        return Err(AppError::bad_request("chat.mismo_empleado"));
    }
    let ok: Option<i64> = sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE cve_empleado = ? AND activo = 1 AND baja_logica = 0",
    )
    .bind(to)
    .fetch_optional(&state.db.read)
    .await?;
    ok.map(|_| ())
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "chat.destinatario"))
}

async fn store(
    state: &AppState,
    from: i64,
    to: i64,
    tipo: &str,
    texto: &str,
    archivo: Option<&str>,
) -> AppResult<MensajeRow> {
    let (a, b) = if from < to { (from, to) } else { (to, from) };
    let now = state.now_iso();
    let t0 = std::time::Instant::now();
    let mut tx = state.db.begin().await?;
    let t_begin = t0.elapsed();
    let chat_id: i64 = sqlx::query_scalar(
        "INSERT INTO chats (empleado1, empleado2, creado, actualizado) VALUES (?, ?, ?, ?)
         ON CONFLICT (empleado1, empleado2) DO UPDATE SET actualizado = excluded.actualizado RETURNING id",
    )
    .bind(a)
    .bind(b)
    .bind(&now)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO chat_mensajes (chat_id, de, tipo, mensaje, archivo, fecha) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(chat_id)
    .bind(from)
    .bind(tipo)
    .bind(texto)
    .bind(archivo)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE chats SET ultimo_mensaje_id = ? WHERE id = ?")
        .bind(id)
        .bind(chat_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    if t0.elapsed() > std::time::Duration::from_millis(8) {
        tracing::debug!(
            begin_ms = t_begin.as_millis() as u64,
            total_ms = t0.elapsed().as_millis() as u64,
            "slow chat write"
        );
    }
    Ok(MensajeRow {
        id,
        chat_id,
        de: from,
        para: to,
        tipo: tipo.to_string(),
        mensaje: texto.to_string(),
        archivo: archivo.map(str::to_string),
        fecha: now,
        estatus: 1,
    })
}

/// After the commit: both participants' sockets get the message (each with its own
/// image link); a recipient with no open socket gets a push notification.
async fn publish(state: &AppState, row: MensajeRow) -> Mensaje {
    let (from, to) = (row.de, row.para);
    let mine = row.for_viewer(state, from);
    let theirs = row.for_viewer(state, to);
    state
        .realtime
        .to_employee(from, "chat:message", &mine)
        .await;
    state
        .realtime
        .to_employee(to, "chat:message", &theirs)
        .await;
    if !state.realtime.is_online(to) {
        let nombre: String =
            sqlx::query_scalar("SELECT nombre_empleado FROM empleados WHERE cve_empleado = ?")
                .bind(from)
                .fetch_optional(&state.db.read)
                .await
                .ok()
                .flatten()
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

/// Sends a text message.
pub async fn send_text(state: &AppState, from: i64, to: i64, texto: &str) -> AppResult<Mensaje> {
    let texto = texto.trim();
    let mut fe = FieldErrors::default();
    fe.check(!texto.is_empty(), "mensaje", "chat.mensaje_vacio");
    fe.check(
        texto.chars().count() <= MAX_TEXT,
        "mensaje",
        "chat.mensaje_largo",
    );
    fe.into_result()?;
    recipient_check(state, from, to).await?;
    let row = store(state, from, to, "text", texto, None).await?;
    Ok(publish(state, row).await)
}

/// The conversation list: at most 5 where I am the first participant and 5 where I am
/// the second, newest first.
pub async fn list(state: &AppState, me: i64) -> AppResult<Vec<Chat>> {
    type Row = (
        i64,
        i64,
        String,
        Option<String>,
        i64,
        String,
        Option<String>,
        Option<i64>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<i64>,
        i64,
        Option<String>,
    );
    let sql = "SELECT c.id,
            c.empleado1, e1.nombre_empleado, e1.foto_empleado,
            c.empleado2, e2.nombre_empleado, e2.foto_empleado,
            m.de, m.mensaje, m.tipo, m.fecha, m.estatus,
            (SELECT COUNT(*) FROM chat_mensajes u WHERE u.chat_id = c.id AND u.de <> ?1 AND u.estatus = 1),
            p.last_changed
         FROM chats c
         JOIN empleados e1 ON e1.cve_empleado = c.empleado1
         JOIN empleados e2 ON e2.cve_empleado = c.empleado2
         LEFT JOIN chat_mensajes m ON m.id = c.ultimo_mensaje_id
         LEFT JOIN presencia p ON p.cve_empleado = CASE WHEN c.empleado1 = ?1 THEN c.empleado2 ELSE c.empleado1 END
         WHERE c.id IN (
            SELECT id FROM (SELECT id FROM chats WHERE empleado1 = ?1 ORDER BY actualizado DESC LIMIT ?2)
            UNION SELECT id FROM (SELECT id FROM chats WHERE empleado2 = ?1 ORDER BY actualizado DESC LIMIT ?2))
         ORDER BY c.actualizado DESC, c.id DESC";
    let rows: Vec<Row> = sqlx::query_as(sql)
        .bind(me)
        .bind(LIST_PER_SIDE)
        .fetch_all(&state.db.read)
        .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, a, an, af, b, bn, bf, de, mensaje, tipo, fecha, estatus, no_leidos, last)| Chat {
                id,
                empleado1: Participante {
                    clave: a,
                    nombre: an,
                    foto: af,
                },
                empleado2: Participante {
                    clave: b,
                    nombre: bn,
                    foto: bf,
                },
                ultimo_mensaje: de.map(|de| UltimoMensaje {
                    empleado: Autor { clave: de },
                    mensaje: mensaje.unwrap_or_default(),
                    tipo: tipo.unwrap_or_else(|| "text".into()),
                    fecha: fecha.unwrap_or_default(),
                    estatus: estatus.unwrap_or(1),
                }),
                no_leidos,
                ultima_conexion: last,
            },
        )
        .collect())
}

async fn chat_between(state: &AppState, me: i64, con: i64) -> AppResult<Option<i64>> {
    let (a, b) = if me < con { (me, con) } else { (con, me) };
    Ok(
        sqlx::query_scalar("SELECT id FROM chats WHERE empleado1 = ? AND empleado2 = ?")
            .bind(a)
            .bind(b)
            .fetch_optional(&state.db.read)
            .await?,
    )
}

/// The newest 50 messages with `con` (before message `antes` when given), oldest first,
/// and whether older ones exist.
pub async fn history(
    state: &AppState,
    me: i64,
    con: i64,
    antes: Option<i64>,
) -> AppResult<(Vec<Mensaje>, bool)> {
    let Some(chat_id) = chat_between(state, me, con).await? else {
        return Ok((Vec::new(), false));
    };
    let sql = format!(
        "SELECT {MESSAGE_COLUMNS} FROM chat_mensajes m JOIN chats c ON c.id = m.chat_id
         WHERE m.chat_id = ? AND m.id < ? ORDER BY m.id DESC LIMIT ?"
    );
    let mut rows: Vec<MensajeRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(chat_id)
        .bind(antes.unwrap_or(i64::MAX))
        .bind(PAGE + 1)
        .fetch_all(&state.db.read)
        .await?;
    let mas = rows.len() as i64 > PAGE;
    rows.truncate(PAGE as usize);
    rows.reverse();
    Ok((
        rows.into_iter().map(|r| r.for_viewer(state, me)).collect(),
        mas,
    ))
}

/// Marks the other person's unread messages read and tells them (read receipt).
pub async fn open(state: &AppState, me: i64, con: i64) -> AppResult<i64> {
    let Some(chat_id) = chat_between(state, me, con).await? else {
        return Ok(0);
    };
    let ids: Vec<i64> = sqlx::query_scalar(
        "UPDATE chat_mensajes SET estatus = 2 WHERE chat_id = ? AND de = ? AND estatus = 1 RETURNING id",
    )
    .bind(chat_id)
    .bind(con)
    .fetch_all(&state.db.write)
    .await?;
    if let Some(hasta) = ids.iter().max() {
        let receipt = serde_json::json!({"chat_id": chat_id, "lector": me, "hasta": hasta, "fecha": state.now_iso()});
        state.realtime.to_employee(con, "chat:read", &receipt).await;
        state.realtime.to_employee(me, "chat:read", &receipt).await;
    }
    Ok(ids.len() as i64)
}

#[derive(Deserialize, ToSchema)]
struct PostMensaje {
    mensaje: String,
    /// The recipient.
    cve_empleado: i64,
}

#[derive(Serialize, ToSchema)]
struct MensajeResp {
    resp: String,
    mensaje: Mensaje,
}

/// Sends a text message (the REST equivalent of `chat:send`).
#[utoipa::path(post, path = "/api/pri/chat/mensajes", tag = "chat", request_body = PostMensaje,
    responses((status = 200, body = MensajeResp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn post_mensaje(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<PostMensaje>,
) -> AppResult<axum::Json<MensajeResp>> {
    let mensaje = send_text(&state, u.cve_empleado, b.cve_empleado, &b.mensaje).await?;
    Ok(axum::Json(MensajeResp {
        resp: "Excelente".into(),
        mensaje,
    }))
}

/// Sends an image message: multipart `file` (png or jpeg, under 8 MB) and `cve_empleado`.
#[utoipa::path(post, path = "/api/pri/chat/imagenes", tag = "chat",
    request_body(content_type = "multipart/form-data", description = "`file` and `cve_empleado`"),
    responses((status = 200, body = MensajeResp), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn post_imagen(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    multipart: Multipart,
) -> AppResult<axum::Json<MensajeResp>> {
    let form = crate::upload::read_form(multipart).await?;
    let to: i64 = form
        .fields
        .get("cve_empleado")
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| AppError::bad_request("chat.destinatario"))?;
    let data = form.file()?;
    let ext = match crate::storage::sniff_image(&data) {
        Some(("png", _)) => "png",
        Some(("jpg", _)) => "jpg",
        _ => {
            return Err(AppError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "chat.imagen_tipo",
            ));
        }
    };
    recipient_check(&state, u.cve_empleado, to).await?;
    let (a, b) = if u.cve_empleado < to {
        (u.cve_empleado, to)
    } else {
        (to, u.cve_empleado)
    };
    let key = format!("chats/{a}-{b}/{}.{ext}", uuid::Uuid::new_v4().simple());
    state.storage.put(&key, data).await?;
    let row = match store(&state, u.cve_empleado, to, "img", "", Some(&key)).await {
        Ok(r) => r,
        Err(e) => {
            // Nothing half-written: the file goes when the message could not be stored.
            let _ = state.storage.delete(&key).await;
            return Err(e);
        }
    };
    let mensaje = publish(&state, row).await;
    Ok(axum::Json(MensajeResp {
        resp: "Excelente".into(),
        mensaje,
    }))
}

#[derive(Deserialize, IntoParams)]
struct Firma {
    firma: String,
}

/// An image of a chat message, for the two participants only (signed link).
#[utoipa::path(get, path = "/api/pub/chat/archivos/{id}", tag = "chat", params(("id" = i64, Path), Firma),
    responses((status = 200, description = "the image"), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_archivo(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(f): Query<Firma>,
) -> AppResult<Response> {
    let claims = state
        .keys
        .verify(&f.firma, state.now())
        .map_err(|_| AppError::forbidden("chat.enlace"))?;
    if claims.kind != TokenKind::Archivo || claims.sid != id.to_string() {
        return Err(AppError::forbidden("chat.enlace"));
    }
    let row: Option<(Option<String>, i64, i64)> = sqlx::query_as(
        "SELECT m.archivo, c.empleado1, c.empleado2 FROM chat_mensajes m JOIN chats c ON c.id = m.chat_id WHERE m.id = ?",
    )
    .bind(id)
    .fetch_optional(&state.db.read)
    .await?;
    let Some((Some(key), a, b)) = row else {
        return Err(AppError::not_found());
    };
    if claims.cve_empleado != a && claims.cve_empleado != b {
        return Err(AppError::forbidden("chat.enlace"));
    }
    let data = state.storage.get(&key).await?;
    Ok((
        [
            (header::CONTENT_TYPE, crate::storage::content_type_of(&key)),
            (header::CACHE_CONTROL, "private, max-age=3600"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        data,
    )
        .into_response())
}

/// The caller's conversations.
#[utoipa::path(get, path = "/api/pri/chat/conversaciones", tag = "chat", responses((status = 200, body = Vec<Chat>)))]
async fn get_conversaciones(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<Chat>>> {
    Ok(axum::Json(list(&state, u.cve_empleado).await?))
}

#[derive(Deserialize, IntoParams)]
struct Antes {
    antes: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct Historial {
    mensajes: Vec<Mensaje>,
    mas: bool,
}

/// Messages with one employee: the newest 50, older pages with `antes`.
#[utoipa::path(get, path = "/api/pri/chat/mensajes/{cve_empleado}", tag = "chat", params(("cve_empleado" = i64, Path), Antes),
    responses((status = 200, body = Historial)))]
async fn get_mensajes(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(con): Path<i64>,
    Query(a): Query<Antes>,
) -> AppResult<axum::Json<Historial>> {
    let (mensajes, mas) = history(&state, u.cve_empleado, con, a.antes).await?;
    Ok(axum::Json(Historial { mensajes, mas }))
}

#[derive(Deserialize, IntoParams)]
struct Busqueda {
    /// At least 4 characters of the name or the employee number.
    q: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct EmpleadoSugerido {
    cve_empleado: i64,
    nombre_empleado: String,
    foto_empleado: Option<String>,
}

/// Employees whose name or number contains the text (at least 4 characters).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/simulador_puesto/autocomplete/empleados", tag = "chat",
    params(Busqueda), responses((status = 200, body = Vec<EmpleadoSugerido>), (status = 400, body = ErrorBody)))]
async fn autocomplete(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(b): Query<Busqueda>,
) -> AppResult<axum::Json<Vec<EmpleadoSugerido>>> {
    let q = b.q.trim();
    if q.chars().count() < 4 || q.chars().count() > 100 {
        return Err(AppError::bad_request("chat.busqueda_corta"));
    }
    let rows = sqlx::query_as(
        "SELECT cve_empleado, nombre_empleado, foto_empleado FROM empleados
         WHERE activo = 1 AND baja_logica = 0 AND cve_empleado <> ?
           AND (instr(nombre_busqueda, ?) > 0 OR num_empleado = ?)
         ORDER BY nombre_empleado LIMIT 10",
    )
    .bind(u.cve_empleado)
    .bind(fold(q))
    .bind(q)
    .fetch_all(&state.db.read)
    .await?;
    Ok(axum::Json(rows))
}
