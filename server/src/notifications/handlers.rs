//! HTTP handlers of the notifications: the caller's own (pending, one, read marks, the
//! list screen), sending, and the channels each profile receives.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db;
use super::notify::{Destino, Nueva, notify};
use super::types::{Canales, Notificacion};
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};

/// Most pending notifications one answer carries.
const PENDING_LIMIT: i64 = 500;

/// The caller's unread notifications, newest first.
#[utoipa::path(get, path = "/api/pri/notificaciones/web/{cve_empleado}/pendientes", tag = "notifications",
    params(("cve_empleado" = i64, Path)), responses((status = 200, body = Vec<Notificacion>), (status = 403, body = ErrorBody)))]
pub(super) async fn list_pending_notifications(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Notificacion>>> {
    if cve != u.cve_empleado {
        return Err(AppError::forbidden("auth.fuera_de_alcance"));
    }
    Ok(axum::Json(
        db::pending(&state.db.read, cve, PENDING_LIMIT).await?,
    ))
}

/// One of `cve`'s notifications; someone else's looks the same as a missing one.
async fn own(state: &AppState, cve: i64, id: i64) -> AppResult<Notificacion> {
    match db::owner_of(&state.db.read, id).await? {
        Some(o) if o == cve => db::load(&state.db.read, id).await?.ok_or_else(gone),
        _ => Err(gone()),
    }
}

fn gone() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "notificaciones.no_disponible")
}

/// One of the caller's notifications (a list whose first item is it).
#[utoipa::path(get, path = "/api/pri/notificaciones/{idnotificacion}", tag = "notifications",
    params(("idnotificacion" = i64, Path)), responses((status = 200, body = Vec<Notificacion>), (status = 404, body = ErrorBody)))]
pub(super) async fn get_notification(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<Notificacion>>> {
    let mut n = own(&state, u.cve_empleado, id).await?;
    if let Some(s) = n.idsolicitud {
        n.solicitud = crate::courses::requests::solicitud_de_notificacion(&state, &u, s).await;
    }
    Ok(axum::Json(vec![n]))
}

/// Tells the employee's sockets their new unread count.
async fn changed(state: &AppState, cve: i64) -> AppResult<()> {
    let pendientes = db::unread_count(&state.db.read, cve).await?;
    state
        .realtime
        .to_employee(
            cve,
            "notifications:changed",
            &serde_json::json!({"pendientes": pendientes}),
        )
        .await;
    Ok(())
}

/// Marks a notification read.
#[utoipa::path(put, path = "/api/pri/notificaciones/{idnotificacion}/leida", tag = "notifications",
    params(("idnotificacion" = i64, Path)), responses((status = 200, body = Resp), (status = 404, body = ErrorBody)))]
pub(super) async fn mark_notification_read(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    own(&state, u.cve_empleado, id).await?;
    db::mark_read(&state.db.write, id, &state.now_iso()).await?;
    changed(&state, u.cve_empleado).await?;
    Ok(Resp::ok())
}

/// Marks all of the caller's notifications read.
#[utoipa::path(put, path = "/api/pri/notificaciones/leidas", tag = "notifications", responses((status = 200, body = Resp)))]
pub(super) async fn mark_all_notifications_read(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Resp>> {
    db::mark_all_read(&state.db.write, u.cve_empleado, &state.now_iso()).await?;
    changed(&state, u.cve_empleado).await?;
    Ok(Resp::ok())
}

/// All of the caller's notifications (table engine).
#[utoipa::path(post, path = "/api/pri/notificaciones/tabla", tag = "notifications", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
pub(super) async fn list_notifications(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let conds = vec![db::web_of(u.cve_empleado)];
    table::run(&state, &db::NOTIFICACIONES, q, Prelude::default(), conds).await
}

#[derive(Deserialize, ToSchema)]
pub(super) struct Envio {
    #[serde(flatten)]
    nueva: Nueva,
    destino: Destino,
}

#[derive(Serialize, ToSchema)]
pub(super) struct EnvioResp {
    resp: String,
    enviadas: usize,
}

/// Sends a notification to one employee, a list or everyone with a profile.
#[utoipa::path(post, path = "/api/pri/notificaciones", tag = "notifications", request_body = Envio,
    responses((status = 200, body = EnvioResp), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn send_notification(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(mut e): Json<Envio>,
) -> AppResult<axum::Json<EnvioResp>> {
    if e.nueva.origen.as_deref().is_none_or(str::is_empty) {
        let nombre = crate::employees::db::profile(&state.db.read, u.cve_empleado)
            .await?
            .map(|p| p.nombre_empleado)
            .unwrap_or_default();
        e.nueva.origen = Some(nombre);
    }
    if let Destino::Lista { lista } = &e.destino
        && (lista.is_empty() || lista.len() > 5000)
    {
        return Err(AppError::bad_request("notificaciones.lista"));
    }
    let enviadas = notify(&state, &e.destino, &e.nueva).await?;
    Ok(axum::Json(EnvioResp {
        resp: "Excelente".into(),
        enviadas,
    }))
}

/// Channels per profile.
#[utoipa::path(get, path = "/api/pri/configuracion/notificaciones/canales", tag = "notifications",
    responses((status = 200, body = Vec<Canales>)))]
pub(super) async fn list_channels(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<Canales>>> {
    Ok(axum::Json(db::channels(&state.db.read).await?))
}

/// Changes the channels of one or more profiles.
#[utoipa::path(put, path = "/api/pri/configuracion/notificaciones/canales", tag = "notifications",
    request_body = Vec<Canales>, responses((status = 200, body = Vec<Canales>), (status = 400, body = ErrorBody)))]
pub(super) async fn update_channels(
    State(state): State<AppState>,
    Json(rows): Json<Vec<Canales>>,
) -> AppResult<axum::Json<Vec<Canales>>> {
    let mut fe = FieldErrors::default();
    for r in &rows {
        for (f, v) in [("web", r.web), ("correo", r.correo), ("movil", r.movil)] {
            fe.check(v == 0 || v == 1, f, "validacion.bandera");
        }
    }
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    for r in &rows {
        if !db::set_channels(&mut *tx, r).await? {
            return Err(AppError::bad_request("validacion.perfil"));
        }
    }
    tx.commit().await?;
    list_channels(State(state)).await
}
