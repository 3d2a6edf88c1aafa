//! The topic view (`tema_view`, package C): who must hold a topic, who holds it, who lacks it.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The topic-view routes.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
