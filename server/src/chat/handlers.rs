//! HTTP handlers of the chat: send text and images, the conversation list, history, the
//! signed image download and the employee autocomplete.

use axum::extract::{Multipart, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::db;
use super::messages::{check_recipient, conversations_of, history, publish, send_text, store};
use super::types::{Chat, EmpleadoSugerido, Mensaje};
use crate::auth::perms::CurrentUser;
use crate::auth::token::TokenKind;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::validate::fold;

#[derive(Deserialize, ToSchema)]
pub(super) struct PostMensaje {
    mensaje: String,
    /// The recipient.
    cve_empleado: i64,
}

#[derive(Serialize, ToSchema)]
pub(super) struct MensajeResp {
    resp: String,
    mensaje: Mensaje,
}

/// Sends a text message (the REST equivalent of `chat:send`).
#[utoipa::path(post, path = "/api/pri/chat/mensajes", tag = "chat", request_body = PostMensaje,
    responses((status = 200, body = MensajeResp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn send_message(
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
pub(super) async fn send_image(
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
    check_recipient(&state.db.read, u.cve_empleado, to).await?;
    let (a, b) = db::ordered(u.cve_empleado, to);
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
pub(super) struct Firma {
    firma: String,
}

/// An image of a chat message, for the two participants only (signed link).
#[utoipa::path(get, path = "/api/pub/chat/archivos/{id}", tag = "chat", params(("id" = i64, Path), Firma),
    responses((status = 200, description = "the image"), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_image(
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
    let Some(db::ImageRow {
        archivo: Some(key),
        empleado1: a,
        empleado2: b,
    }) = db::image_of(&state.db.read, id).await?
    else {
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
            (header::CONTENT_SECURITY_POLICY, crate::files::SANDBOX_CSP),
        ],
        data,
    )
        .into_response())
}

/// The caller's conversations.
#[utoipa::path(get, path = "/api/pri/chat/conversaciones", tag = "chat", responses((status = 200, body = Vec<Chat>)))]
pub(super) async fn list_chats(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<Chat>>> {
    Ok(axum::Json(conversations_of(&state, u.cve_empleado).await?))
}

#[derive(Deserialize, IntoParams)]
pub(super) struct Antes {
    antes: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub(super) struct Historial {
    mensajes: Vec<Mensaje>,
    mas: bool,
}

/// Messages with one employee: the newest 50, older pages with `antes`.
#[utoipa::path(get, path = "/api/pri/chat/mensajes/{cve_empleado}", tag = "chat", params(("cve_empleado" = i64, Path), Antes),
    responses((status = 200, body = Historial)))]
pub(super) async fn list_messages(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(con): Path<i64>,
    Query(a): Query<Antes>,
) -> AppResult<axum::Json<Historial>> {
    let (mensajes, mas) = history(&state, u.cve_empleado, con, a.antes).await?;
    Ok(axum::Json(Historial { mensajes, mas }))
}

#[derive(Deserialize, IntoParams)]
pub(super) struct Busqueda {
    /// At least 4 characters of the name or the employee number.
    q: String,
}

/// Employees whose name or number contains the text (at least 4 characters).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/simulador_puesto/autocomplete/empleados", tag = "chat",
    params(Busqueda), responses((status = 200, body = Vec<EmpleadoSugerido>), (status = 400, body = ErrorBody)))]
pub(super) async fn suggest_employees(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(b): Query<Busqueda>,
) -> AppResult<axum::Json<Vec<EmpleadoSugerido>>> {
    let q = b.q.trim();
    if q.chars().count() < 4 || q.chars().count() > 100 {
        return Err(AppError::bad_request("chat.busqueda_corta"));
    }
    let rows = db::suggest_employees(&state.db.read, u.cve_empleado, &fold(q), q).await?;
    Ok(axum::Json(rows))
}
