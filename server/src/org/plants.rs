//! Plants of each company (N4): list, create and the plant selects.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Opcion};
use super::service::PlantForm;
use crate::auth::perms::{Rule, secured};
use crate::error::{AppResult, ErrorBody};
use crate::extract::{Json, Query};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};

const SECCION: &str = "catalogos.estructura_puestos";

/// The plants' routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_plants)))
        .routes(secured(state, r, routes!(create_plant)))
        .routes(secured(state, Rule::Sesion, routes!(plant_options)))
}

/// Plants (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/plantas/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_plants(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::PLANTS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewPlant {
    nombre: String,
    /// The company (N4) the plant belongs to.
    cve_n4: i64,
    cve_estado: i64,
    #[serde(default)]
    ciudad: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct PlantCreated {
    resp: String,
    cve_planta: i64,
}

/// Adds a plant to a company (name unique per company).
#[utoipa::path(post, path = "/api/pri/catalogos/plantas", tag = "org", request_body = NewPlant,
    responses((status = 200, body = PlantCreated), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_plant(
    State(state): State<AppState>,
    Json(b): Json<NewPlant>,
) -> AppResult<axum::Json<PlantCreated>> {
    let mut tx = state.db.begin().await?;
    let id = super::create_plant(
        &mut tx,
        &PlantForm {
            nombre: b.nombre,
            cve_n4: b.cve_n4,
            cve_estado: b.cve_estado,
            ciudad: b.ciudad,
            ..PlantForm::default()
        },
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(PlantCreated {
        resp: "Excelente".into(),
        cve_planta: id,
    }))
}

#[derive(Deserialize, IntoParams)]
struct PlantOptionsQuery {
    /// Only the plants of this company.
    #[serde(default)]
    cve_n4: Option<i64>,
}

/// Active plants (of a company, when given).
#[utoipa::path(get, path = "/api/pri/catalogos/plantas/opciones", tag = "org", params(PlantOptionsQuery),
    responses((status = 200, body = Vec<Opcion>)))]
async fn plant_options(
    State(state): State<AppState>,
    Query(q): Query<PlantOptionsQuery>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    Ok(axum::Json(
        db::active_plants(&state.db.read, q.cve_n4).await?,
    ))
}
