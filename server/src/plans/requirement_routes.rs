//! Per-program requirement screens (package B): institucional, formacion, especifica and
//! temas_empleados — consulta tables, alta, validar (dry run), baja, edit, history, affected.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The requirement routes of every program.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
