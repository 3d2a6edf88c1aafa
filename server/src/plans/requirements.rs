//! Requirements (package B): creating, editing, enabling and disabling them with their
//! events, scope and target checks, duplicate detection. After every write the plan cache
//! follows through `derive::requirement_changed`.

use sqlx::SqliteConnection;

use super::types::{Actor, Destino, Programa};
use crate::error::{AppError, AppResult};

/// A batch of requirements to create: every topic (or the block) for every target.
#[derive(Clone, Debug)]
pub struct NuevosRequerimientos {
    pub programa: Programa,
    /// Deduplicated; structure destinos get destino_nivel from org.
    pub destinos: Vec<Destino>,
    /// Empty iff id_bloque is Some.
    pub temas: Vec<i64>,
    pub id_bloque: Option<i64>,
    pub obligatoria: bool,
    pub dias_limite: Option<i64>,
}

/// All-or-nothing: checks (§4.3), inserts one requirement per (topic|block, destino), an 'alta' event
/// each (afectados = requirement_changed(...)), refreshes the cache. Returns the new ids.
pub async fn create_requirements(
    _conn: &mut SqliteConnection,
    _actor: &Actor,
    _n: &NuevosRequerimientos,
    _now: &str,
) -> AppResult<Vec<i64>> {
    Err(AppError::internal("pendiente"))
}

/// Enable/disable with an event (and, when disabling, who was affected).
pub async fn set_enabled(
    _conn: &mut SqliteConnection,
    _actor: &Actor,
    _id_requerimiento: i64,
    _habilitado: bool,
    _motivo: Option<&str>,
    _now: &str,
) -> AppResult<()> {
    Err(AppError::internal("pendiente"))
}

/// Edits obligatoria / dias_limite ('editar' event with detalle).
pub async fn update_requirement(
    _conn: &mut SqliteConnection,
    _actor: &Actor,
    _id_requerimiento: i64,
    _obligatoria: Option<bool>,
    _dias_limite: Option<Option<i64>>,
    _now: &str,
) -> AppResult<()> {
    Err(AppError::internal("pendiente"))
}
