//! The report of accreditations about to expire (`capacitaciones_proximas_vencer`, package C).

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The report route.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
