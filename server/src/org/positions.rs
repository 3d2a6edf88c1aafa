//! Positions by structure node (`estructura_puestos`, with 'crear puesto') and the
//! positions offered by the registration form.

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Position, PuestoItem};
use crate::auth::perms::{Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};

const SECCION: &str = "catalogos.estructura_puestos";

/// The positions' routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Publico,
            routes!(list_company_positions),
        ))
        .routes(secured(state, r, routes!(table_positions)))
        .routes(secured(state, r, routes!(create_position)))
        .routes(secured(state, r, routes!(update_position)))
}

#[derive(Deserialize, ToSchema)]
struct PuestosBody {
    /// The company (N4) whose positions to list (its own and its sub-levels').
    cve_area_manager: i64,
    #[serde(default)]
    cve_pais: Option<i64>,
    #[serde(default)]
    cve_planta: Option<i64>,
}

/// Positions available in a company, for the registration form.
#[utoipa::path(post, path = "/api/pri/catalogos/estructura_puestos/obtenerPuestos", tag = "org",
    request_body = PuestosBody, responses((status = 200, body = Vec<PuestoItem>), (status = 400, body = ErrorBody)))]
async fn list_company_positions(
    State(state): State<AppState>,
    Json(b): Json<PuestosBody>,
) -> AppResult<axum::Json<Vec<PuestoItem>>> {
    // Country and plant are accepted for the spec's contract but do not narrow the list.
    let _ = (b.cve_pais, b.cve_planta);
    Ok(axum::Json(
        db::branch_positions(&state.db.read, b.cve_area_manager).await?,
    ))
}

/// Positions by structure (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/estructura_puestos", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_positions(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::POSITIONS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewPosition {
    puesto: String,
    cve_estructura: i64,
    #[serde(default)]
    descripcion: Option<String>,
}

#[derive(Deserialize, ToSchema)]
struct PositionUpdate {
    puesto: String,
    #[serde(default)]
    descripcion: Option<String>,
    activo: i64,
}

async fn read_position(state: &AppState, id: i64) -> AppResult<Position> {
    db::position(&state.db.read, id)
        .await?
        .ok_or_else(AppError::not_found)
}

/// 'Crear puesto': adds a position to a structure node (name unique per structure).
#[utoipa::path(post, path = "/api/pri/catalogos/estructura_puestos/crear", tag = "org", request_body = NewPosition,
    responses((status = 200, body = Position), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_position(
    State(state): State<AppState>,
    Json(b): Json<NewPosition>,
) -> AppResult<axum::Json<Position>> {
    let mut tx = state.db.begin().await?;
    let id = super::create_position(
        &mut tx,
        &b.puesto,
        b.cve_estructura,
        b.descripcion.as_deref(),
        1,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(read_position(&state, id).await?))
}

/// Renames, describes or (de)activates a position.
#[utoipa::path(put, path = "/api/pri/catalogos/estructura_puestos/{cve_puesto}", tag = "org", request_body = PositionUpdate,
    params(("cve_puesto" = i64, Path)),
    responses((status = 200, body = Position), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_position(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<PositionUpdate>,
) -> AppResult<axum::Json<Position>> {
    let mut tx = state.db.begin().await?;
    super::update_position(&mut tx, id, &b.puesto, b.descripcion.as_deref(), b.activo).await?;
    tx.commit().await?;
    Ok(axum::Json(read_position(&state, id).await?))
}
