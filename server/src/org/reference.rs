//! Reference catalogues: states, countries and population types.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Pais, PopulationType};
use crate::auth::perms::{Rule, secured};
use crate::error::AppResult;
use crate::settings::Estado;
use crate::state::AppState;

/// The reference catalogues' routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Publico, routes!(list_states)))
        .routes(secured(state, Rule::Sesion, routes!(list_countries)))
        .routes(secured(state, Rule::Sesion, routes!(list_population_types)))
}

/// Mexican states.
#[utoipa::path(get, path = "/api/pri/catalogos/estados", tag = "org", responses((status = 200, body = Vec<Estado>)))]
async fn list_states(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Estado>>> {
    Ok(axum::Json(db::states(&state.db.read).await?))
}

/// Countries.
#[utoipa::path(get, path = "/api/pri/catalogos/paises", tag = "org", responses((status = 200, body = Vec<Pais>)))]
async fn list_countries(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Pais>>> {
    Ok(axum::Json(db::countries(&state.db.read).await?))
}

/// Population types.
#[utoipa::path(get, path = "/api/pri/catalogos/tipos_poblacion", tag = "org", responses((status = 200, body = Vec<PopulationType>)))]
async fn list_population_types(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<PopulationType>>> {
    Ok(axum::Json(db::population_types(&state.db.read).await?))
}
