//! The employee's kardex (`ver_kardex_capacitacion`: header and ledger table, printable and
//! exportable) and the general history (`historial_capacitacion_general`).

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The kardex and general-history routes.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
