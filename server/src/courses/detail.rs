//! One course as its detail screen shows it (`cursos/by/id`), and who may see it.

use axum::extract::State;

use super::db::base::CursoBase;
use super::db::cursos as db;
use super::types::{CursoDetalle, PermisosCurso};
use crate::auth::perms::{CurrentUser, Scope, SessionUser};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::state::AppState;

/// Whether the caller may see a course: holders of the course list with more than their own
/// scope, the course's instructor, and the people enrolled or waiting in it. 403 otherwise.
pub async fn visible(
    state: &AppState,
    conn: &mut sqlx::SqliteConnection,
    c: &CursoBase,
    u: &SessionUser,
) -> AppResult<Option<super::types::MiInscripcion>> {
    let mia = db::inscripcion_de(&mut *conn, c.cve_curso, u.cve_empleado).await?;
    let lista = u.can(state, super::SECCION_LISTA) && !matches!(u.scope, Scope::Propio(_));
    if lista || c.es_instructor(u) || mia.is_some() {
        Ok(mia)
    } else {
        Err(AppError::forbidden("auth.sin_permiso"))
    }
}

/// A course with its sessions, names, seats, costs, meeting, the caller's permissions on it
/// and the caller's own enrolment.
#[utoipa::path(get, path = "/api/pri/cursos/by/id/{cve_curso}", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = CursoDetalle), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn by_id(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<CursoDetalle>> {
    let mut conn = state.db.read.acquire().await?;
    let base = super::access::load(&mut conn, cve_curso).await?;
    let mia = visible(&state, &mut conn, &base, &u).await?;
    let mut d = db::detalle(&mut *conn, cve_curso)
        .await?
        .ok_or_else(AppError::not_found)?;
    d.sesiones = db::sesiones(&mut *conn, cve_curso).await?;
    let abierto = base.abierto().is_ok();
    d.permisos = PermisosCurso {
        editar: abierto && u.can(&state, super::SECCION_PROGRAMAR),
        inscribir: abierto && u.can(&state, super::SECCION_INSCRIBIR),
        evaluar: abierto && u.can(&state, super::SECCION_EVALUAR) && base.puede_evaluar(&u),
    };
    d.mi_inscripcion = mia;
    Ok(axum::Json(d))
}
