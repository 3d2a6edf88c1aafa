//! The plan: which topics reach which employee. One employee's plan is derived live by one
//! set-wise query over their targets; company-wide figures read `plan_empleados_temas`, a
//! cache rebuilt set-wise from the same derivation (never employee by employee).

use sqlx::SqliteConnection;

use super::types::{Destino, Placement, PlanSnapshot, Programa};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Version of the derivation the cache was built with; a different stored value rebuilds it
/// on start.
pub const CACHE_VERSION: &str = "1";

/// One topic of an employee's plan, grouped over the requirements reaching it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanEntry {
    pub cve_tema: i64,
    /// Max over the reaching requirements.
    pub obligatoria: bool,
    /// Min over the reaching requirements.
    pub dias_limite: Option<i64>,
    /// Min `creado` of the reaching requirements.
    pub desde: String,
    pub requerimientos: Vec<i64>,
    pub programas: Vec<Programa>,
    pub bloques: Vec<i64>,
}

/// Where an employee sits now; None when the employee does not exist.
pub async fn placement(
    _conn: &mut SqliteConnection,
    _cve_empleado: i64,
) -> AppResult<Option<Placement>> {
    Err(AppError::internal("pendiente"))
}

/// Live derivation, grouped by topic, ordered by cve_tema. Empty when !p.activo.
pub async fn plan_topics(
    _conn: &mut SqliteConnection,
    _p: &Placement,
) -> AppResult<Vec<PlanEntry>> {
    Err(AppError::internal("pendiente"))
}

/// Call BEFORE changing an employee's position, structure, plants, active or baja flags.
pub async fn snapshot(_conn: &mut SqliteConnection, _cve_empleado: i64) -> AppResult<PlanSnapshot> {
    Ok(PlanSnapshot::default())
}

/// Call AFTER that change (same transaction): records requirements lost (motivo cambio_adscripcion,
/// or baja when the employee is now inactive) in plan_historial_empleados and rebuilds the employee's
/// cache rows set-wise. Cheap no-op when nothing reaches them before or after.
pub async fn employee_changed(
    _conn: &mut SqliteConnection,
    _cve_empleado: i64,
    _before: PlanSnapshot,
    _now: &str,
) -> AppResult<()> {
    Ok(())
}

/// After a requirement is created, enabled, disabled or edited (same transaction): rebuilds the cache
/// for its target population; with `deshabilitado = Some(id_evento)` first stores every reached
/// employee in plan_historial_empleados (motivo deshabilitado). Returns the reached active employees.
pub async fn requirement_changed(
    _conn: &mut SqliteConnection,
    _id_requerimiento: i64,
    _deshabilitado: Option<i64>,
    _now: &str,
) -> AppResult<i64> {
    Ok(0)
}

/// After a block's topics change: rebuilds the cache of everyone its enabled assignments reach.
pub async fn block_topics_changed(
    _conn: &mut SqliteConnection,
    _id_bloque: i64,
    _now: &str,
) -> AppResult<()> {
    Ok(())
}

/// Active employees a target reaches now (structure at its level, position, plant incl. extra plants, employee).
pub async fn population(_conn: &mut SqliteConnection, _d: &Destino) -> AppResult<i64> {
    Err(AppError::internal("pendiente"))
}

/// Distinct active employees reached by several targets (block seats).
pub async fn distinct_population(_conn: &mut SqliteConnection, _ds: &[Destino]) -> AppResult<i64> {
    Err(AppError::internal("pendiente"))
}

/// Distinct active employees an enabled block's assignments reach (Block.total_asistentes).
pub async fn block_assignees(_conn: &mut SqliteConnection, _id_bloque: i64) -> AppResult<i64> {
    Err(AppError::internal("pendiente"))
}

/// DELETE + set-wise INSERT of the whole cache; sets plan_mantenimiento.cache_version.
pub async fn rebuild_all(_conn: &mut SqliteConnection) -> AppResult<u64> {
    Err(AppError::internal("pendiente"))
}

/// On start: rebuild when cache_version differs from [`CACHE_VERSION`] (migration, upgrades).
pub async fn ensure_cache(_state: &AppState) -> AppResult<()> {
    Ok(())
}

/// Test support: (cve_empleado, cve_tema, what differs) between cache and live derivation.
#[doc(hidden)]
pub async fn cache_mismatches(_conn: &mut SqliteConnection) -> AppResult<Vec<(i64, i64, String)>> {
    Err(AppError::internal("pendiente"))
}
