//! Handlers of web sessions: logout and release (`sesiones/eliminar`) and the live list
//! of active users.

use axum::extract::State;
use axum::http::StatusCode;

use super::db::sessions as db;
use super::perms::{CurrentUser, check_scope};
use super::session;
use super::types::SesionActiva;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::http::Resp;
use crate::state::AppState;

/// Ends a web session: the caller's own (logout) or, with the section
/// `usuarios.liberar_sesion`, someone else's within the caller's scope.
#[utoipa::path(delete, path = "/api/pri/usuarios/sesiones/eliminar/{cve_empleado}/web", tag = "auth",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn end_session(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    if cve == u.cve_empleado {
        session::end(&state, &u.sid, "cierre").await?;
        return Ok(Resp::ok());
    }
    if !u.can(&state, "usuarios.liberar_sesion") {
        return Err(AppError::forbidden("auth.sin_permiso").arg(
            "seccion",
            state.perms.section_name("usuarios.liberar_sesion"),
        ));
    }
    check_scope(&state, u.scope, cve).await?;
    if !session::end_for_employee(&state, cve, "liberada").await? {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "auth.sin_sesion_activa",
        ));
    }
    tracing::info!(by = u.cve_empleado, released = cve, "session released");
    Ok(Resp::msg("Sesión liberada con exito!"))
}

/// The open web sessions the caller may see (live list of active users).
#[utoipa::path(get, path = "/api/pri/usuarios/sesiones/activas", tag = "auth",
    responses((status = 200, body = Vec<SesionActiva>)))]
pub(super) async fn list_active_sessions(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<SesionActiva>>> {
    let since = state.now() - state.config.session_idle_minutes * 60;
    let rows = db::active(&state.db.read, since, u.scope).await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|r| SesionActiva {
                clave: r.clave,
                nombre: r.nombre,
                inicio: utc_text(r.inicio),
                ultima_actividad: utc_text(r.ultima_actividad),
            })
            .collect(),
    ))
}

/// Unix seconds as ISO 8601 UTC to the second (`2026-01-31T09:15:00Z`).
fn utc_text(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|d| d.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}
