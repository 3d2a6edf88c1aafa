//! Course lists: the grid and the EPV grid (table engine, export with `excel`).

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::db::listas;
use crate::auth::perms::{CurrentUser, Scope, SessionUser};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Cond, Prelude, TablePage, TableQuery};

/// An Instructor (own scope) sees only the courses they teach.
fn alcance(u: &SessionUser) -> Vec<Cond> {
    match u.scope {
        Scope::Propio(cve) => vec![listas::solo_del_instructor(cve)],
        _ => Vec::new(),
    }
}

/// The course grid: date range on the first session, filters by column.
#[utoipa::path(post, path = "/api/pri/cursos/tabla", tag = "courses", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
pub(super) async fn table_courses(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &listas::CURSOS, q, Prelude::default(), alcance(&u)).await
}

/// The EPV grid (422 `cursos.epv_deshabilitado` without the company's EPV flag).
#[utoipa::path(post, path = "/api/pri/cursos/epv/tabla", tag = "courses", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn table_epv(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    epv_habilitado(&state).await?;
    let mut conds = alcance(&u);
    conds.push(listas::solo_epv());
    table::run(&state, &listas::CURSOS_EPV, q, Prelude::default(), conds).await
}

async fn epv_habilitado(state: &AppState) -> AppResult<()> {
    if crate::settings::load(state).await?.epv != "1" {
        return Err(AppError::unprocessable("cursos.epv_deshabilitado"));
    }
    Ok(())
}

/// An EPV course's publication state.
#[derive(Deserialize, ToSchema)]
pub struct EstatusEpv {
    /// 0 borrador, 1 publicado (outsiders may ask for a seat), 2 cerrado.
    pub estatus_epv: i64,
}

/// Sets an EPV course's publication state (only EPV courses, open ones).
#[utoipa::path(put, path = "/api/pri/cursos/{cve_curso}/epv", tag = "courses", request_body = EstatusEpv,
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn set_epv(
    State(state): State<AppState>,
    Path(cve_curso): Path<i64>,
    Json(b): Json<EstatusEpv>,
) -> AppResult<axum::Json<Resp>> {
    if !(0..=2).contains(&b.estatus_epv) {
        let mut fe = crate::error::FieldErrors::default();
        fe.add("estatus_epv", "cursos.estatus_epv");
        fe.into_result()?;
    }
    epv_habilitado(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = super::access::load(&mut tx, cve_curso).await?;
    c.abierto()?;
    if c.epv != 1 {
        return Err(AppError::unprocessable("cursos.no_es_epv"));
    }
    super::db::cursos::set_estatus_epv(&mut *tx, cve_curso, b.estatus_epv, &now).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
