//! Block assignment (`asignacion_bloques`, package B): assigning a course block to positions
//! or employees puts every topic of the block in their plan; seats; history by blocks.

use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;

use super::types::{Actor, Destino};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// The block-assignment routes.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// Block assignment (409 bloque.sin_temas; 422 plan.sin_lugares when capacity > 0 and the list is not
/// smaller than the free seats).
pub async fn assign_block(
    _conn: &mut SqliteConnection,
    _actor: &Actor,
    _id_bloque: i64,
    _destinos: Vec<Destino>,
    _obligatoria: bool,
    _dias_limite: Option<i64>,
    _now: &str,
) -> AppResult<Vec<i64>> {
    Err(AppError::internal("pendiente"))
}
