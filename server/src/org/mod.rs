//! Org structure: the cascading combos of the registration form, positions and states,
//! and (in `catalog`) the maintenance of the structure, plants and positions.

pub mod db;

pub mod catalog;
pub mod dc3;
pub mod stps;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::error::{AppResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::settings::Estado;
use crate::state::AppState;
use crate::validate::fold;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Publico, routes!(combo_n2)))
        .routes(secured(state, Rule::Publico, routes!(combo_n3)))
        .routes(secured(state, Rule::Publico, routes!(combo_n4)))
        .routes(secured(state, Rule::Publico, routes!(obtener_puestos)))
        .routes(secured(state, Rule::Publico, routes!(get_estados)))
        .merge(catalog::router(state))
        .merge(stps::router(state))
        .merge(dc3::router(state))
}

/// A value/label item of a combo.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct ComboItem {
    pub value: i64,
    pub label: String,
}

async fn children(state: &AppState, nivel: i64, parent: Option<i64>) -> AppResult<Vec<ComboItem>> {
    Ok(sqlx::query_as(
        "SELECT cve_estructura AS value, nombre AS label FROM estructura
         WHERE nivel = ? AND ifnull(cve_padre, 0) = ? AND activo = 1 AND nombre <> 'WEB' ORDER BY nombre",
    )
    .bind(nivel)
    .bind(parent.unwrap_or(0))
    .fetch_all(&state.db.read)
    .await?)
}

/// Segments (N2).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n2",
    tag = "org", responses((status = 200, body = Vec<ComboItem>)))]
async fn combo_n2(State(state): State<AppState>) -> AppResult<axum::Json<Vec<ComboItem>>> {
    Ok(axum::Json(children(&state, 2, None).await?))
}

/// Client types (N3) of a segment.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n3/{n2}",
    tag = "org", params(("n2" = i64, Path)), responses((status = 200, body = Vec<ComboItem>), (status = 400, body = ErrorBody)))]
async fn combo_n3(
    State(state): State<AppState>,
    Path(n2): Path<i64>,
) -> AppResult<axum::Json<Vec<ComboItem>>> {
    Ok(axum::Json(children(&state, 3, Some(n2)).await?))
}

#[derive(Deserialize, IntoParams)]
struct CompanySearch {
    /// Typeahead text (from 3 characters); without it every company is listed.
    q: Option<String>,
}

/// Companies (N4) of a client type, filtered by `q` when given.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n4/{n3}",
    tag = "org", params(("n3" = i64, Path), CompanySearch), responses((status = 200, body = Vec<ComboItem>)))]
async fn combo_n4(
    State(state): State<AppState>,
    Path(n3): Path<i64>,
    Query(s): Query<CompanySearch>,
) -> AppResult<axum::Json<Vec<ComboItem>>> {
    let all = children(&state, 4, Some(n3)).await?;
    let q = s.q.map(|q| fold(q.trim())).unwrap_or_default();
    if q.chars().count() < 3 {
        return Ok(axum::Json(all));
    }
    Ok(axum::Json(
        all.into_iter()
            .filter(|c| fold(&c.label).contains(&q))
            .collect(),
    ))
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

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct PuestoItem {
    cve_puesto: i64,
    puesto: String,
}

/// Positions available in a company, for the registration form.
#[utoipa::path(post, path = "/api/pri/catalogos/estructura_puestos/obtenerPuestos", tag = "org",
    request_body = PuestosBody, responses((status = 200, body = Vec<PuestoItem>), (status = 400, body = ErrorBody)))]
async fn obtener_puestos(
    State(state): State<AppState>,
    Json(b): Json<PuestosBody>,
) -> AppResult<axum::Json<Vec<PuestoItem>>> {
    let _ = (b.cve_pais, b.cve_planta);
    let rows = sqlx::query_as(
        "WITH RECURSIVE rama(cve) AS (
            SELECT cve_estructura FROM estructura WHERE cve_estructura = ?
            UNION SELECT e.cve_estructura FROM estructura e JOIN rama ON e.cve_padre = rama.cve
         )
         SELECT p.cve_puesto, p.puesto FROM puestos p WHERE p.activo = 1 AND p.cve_estructura IN (SELECT cve FROM rama)
         GROUP BY p.puesto ORDER BY p.puesto",
    )
    .bind(b.cve_area_manager)
    .fetch_all(&state.db.read)
    .await?;
    Ok(axum::Json(rows))
}

/// Mexican states.
#[utoipa::path(get, path = "/api/pri/catalogos/estados", tag = "org", responses((status = 200, body = Vec<Estado>)))]
async fn get_estados(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Estado>>> {
    Ok(axum::Json(
        sqlx::query_as("SELECT cve_estado, estado FROM estados ORDER BY cve_estado")
            .fetch_all(&state.db.read)
            .await?,
    ))
}
