//! Progress views (package B): avance por tema per program, consolidated progress per
//! position, and population control by structure node and plant.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The progress and population-control routes.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
