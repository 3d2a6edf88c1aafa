//! The structure N2–N7: its maintenance (list, create, edit), the cascading selects of the
//! catalogues and the combos of the registration form.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Node, Opcion};
use crate::auth::perms::{Rule, secured};
use crate::contract::ESTRUCTURA_NIVEL;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use crate::validate::{fold, in_range};

const SECCION: &str = "catalogos.estructura_puestos";

/// The structure's routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Publico, routes!(list_segments)))
        .routes(secured(state, Rule::Publico, routes!(list_client_types)))
        .routes(secured(state, Rule::Publico, routes!(search_companies)))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(create_node)))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(update_node)))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(table_nodes)))
        .routes(secured(state, Rule::Sesion, routes!(node_options)))
}

/// A value/label item of a combo.
#[derive(Serialize, ToSchema)]
pub struct ComboItem {
    pub value: i64,
    pub label: String,
}

/// The active nodes of the registration combos: the catalogue's options without the
/// `WEB` placeholder nodes the registration creates for itself.
async fn combo(state: &AppState, nivel: i64, parent: Option<i64>) -> AppResult<Vec<ComboItem>> {
    Ok(db::active_children(&state.db.read, nivel, parent)
        .await?
        .into_iter()
        .filter(|o| o.label != "WEB")
        .map(|o| ComboItem {
            value: o.value,
            label: o.label,
        })
        .collect())
}

/// Segments (N2).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n2",
    tag = "org", responses((status = 200, body = Vec<ComboItem>)))]
async fn list_segments(State(state): State<AppState>) -> AppResult<axum::Json<Vec<ComboItem>>> {
    Ok(axum::Json(combo(&state, 2, None).await?))
}

/// Client types (N3) of a segment.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n3/{n2}",
    tag = "org", params(("n2" = i64, Path)), responses((status = 200, body = Vec<ComboItem>), (status = 400, body = ErrorBody)))]
async fn list_client_types(
    State(state): State<AppState>,
    Path(n2): Path<i64>,
) -> AppResult<axum::Json<Vec<ComboItem>>> {
    Ok(axum::Json(combo(&state, 3, Some(n2)).await?))
}

#[derive(Deserialize, IntoParams)]
struct CompanySearch {
    /// Typeahead text (from 3 characters); without it every company is listed.
    q: Option<String>,
}

/// Companies (N4) of a client type, filtered by `q` when given.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n4/{n3}",
    tag = "org", params(("n3" = i64, Path), CompanySearch), responses((status = 200, body = Vec<ComboItem>)))]
async fn search_companies(
    State(state): State<AppState>,
    Path(n3): Path<i64>,
    Query(s): Query<CompanySearch>,
) -> AppResult<axum::Json<Vec<ComboItem>>> {
    let all = combo(&state, 4, Some(n3)).await?;
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

/// The structure nodes (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/estructura/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_nodes(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::NODES, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewNode {
    /// 2 to 7.
    nivel: i64,
    nombre: String,
    /// The node of the level above (none for N2).
    #[serde(default)]
    cve_padre: Option<i64>,
}

async fn read_node(state: &AppState, id: i64) -> AppResult<Node> {
    db::node(&state.db.read, id)
        .await?
        .ok_or_else(AppError::not_found)
}

/// Adds a node to the structure under the node of the level above.
#[utoipa::path(post, path = "/api/pri/catalogos/estructura", tag = "org", request_body = NewNode,
    responses((status = 200, body = Node), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_node(
    State(state): State<AppState>,
    Json(b): Json<NewNode>,
) -> AppResult<axum::Json<Node>> {
    let mut tx = state.db.begin().await?;
    let id = super::create_node(&mut tx, b.nivel, &b.nombre, b.cve_padre).await?;
    tx.commit().await?;
    Ok(axum::Json(read_node(&state, id).await?))
}

#[derive(Deserialize, ToSchema)]
struct NodeUpdate {
    nombre: String,
    activo: i64,
}

/// Renames or (de)activates a structure node.
#[utoipa::path(put, path = "/api/pri/catalogos/estructura/{cve_estructura}", tag = "org", request_body = NodeUpdate,
    params(("cve_estructura" = i64, Path)),
    responses((status = 200, body = Node), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_node(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<NodeUpdate>,
) -> AppResult<axum::Json<Node>> {
    let mut tx = state.db.begin().await?;
    super::update_node(&mut tx, id, &b.nombre, b.activo).await?;
    tx.commit().await?;
    Ok(axum::Json(read_node(&state, id).await?))
}

#[derive(Deserialize, IntoParams)]
struct NodeOptionsQuery {
    /// 2 to 7.
    nivel: i64,
    /// The parent node (required from N3 on).
    #[serde(default)]
    padre: Option<i64>,
}

/// Active structure nodes of a level under a parent, for the cascading selects.
#[utoipa::path(get, path = "/api/pri/catalogos/estructura/opciones", tag = "org", params(NodeOptionsQuery),
    responses((status = 200, body = Vec<Opcion>), (status = 400, body = ErrorBody)))]
async fn node_options(
    State(state): State<AppState>,
    Query(q): Query<NodeOptionsQuery>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    if !in_range(ESTRUCTURA_NIVEL, q.nivel) || (q.nivel > 2 && q.padre.is_none()) {
        return Err(AppError::bad_request("validacion.estructura"));
    }
    Ok(axum::Json(
        db::active_children(&state.db.read, q.nivel, q.padre).await?,
    ))
}
