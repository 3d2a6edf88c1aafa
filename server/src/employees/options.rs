//! The employee typeahead.

use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use super::types::Opcion;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Query;
use crate::state::AppState;

/// The typeahead route (any signed-in user; the scope limits what it finds).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(state, Rule::Sesion, routes!(search_employees)))
}

#[derive(Deserialize, IntoParams)]
struct OptionsQuery {
    /// At least 4 characters of the name or the employee number.
    q: String,
}

/// Employee typeahead (supervisor, internal instructor): active employees in the caller's
/// scope whose name or number contains `q` (4 characters or more), 20 at most.
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/opciones", tag = "employees", params(OptionsQuery),
    responses((status = 200, body = Vec<Opcion>), (status = 400, body = ErrorBody)))]
async fn search_employees(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(q): Query<OptionsQuery>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    let text = q.q.trim();
    if text.chars().count() < 4 {
        return Err(AppError::bad_request("validacion.busqueda_corta"));
    }
    let folded = crate::validate::fold(text);
    Ok(axum::Json(
        db::options::search(&state.db.read, u.scope, &folded, text).await?,
    ))
}
