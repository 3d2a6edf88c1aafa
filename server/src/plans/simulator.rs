//! Position simulator (`simulador_puesto`): for an employee and a target position, which
//! topics they already hold, which they would need and the hours that represents.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The simulator route.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
