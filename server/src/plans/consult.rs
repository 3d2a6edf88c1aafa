//! Plan consultation (`consultar_plan_capacitacion`): an employee's pending and completed
//! topics, their blocks, the summary the dashboard shows and their plan history — for me, or
//! for an employee within my scope.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The plan consultation routes.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
