//! The accreditation ledger: every fact of an employee holding (or failing) a topic, written
//! only through [`record_accreditation`] (one fact, with its summary and plan-cache rows) or
//! [`bulk_load_accreditations`] (demo, bench; summaries rebuilt after). Also the manual
//! accreditation of the kardex and the read-only validity preview.

use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;

use super::types::{NuevaAcreditacion, Registro};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// The ledger routes: manual accreditation and the validity preview.
pub(super) fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// Validates and writes one ledger fact, then its summary row and its plan-cache row.
/// Same (cve_empleado, cve_tema, origen, fecha, referencia): updates grade/nota/motivo (Actualizada)
/// or nothing (SinCambios); for origen Manual a repeat is 409 plan.acreditacion_duplicada.
/// Nothing is written when it fails. Scope is the caller's job.
pub async fn record_accreditation(
    _conn: &mut SqliteConnection,
    _a: &NuevaAcreditacion<'_>,
    _hoy: chrono::NaiveDate,
    _now: &str,
) -> AppResult<Registro> {
    Err(AppError::internal("pendiente"))
}

/// Bulk loader (demo, bench): same checks in Rust against preloaded topic rules, multi-row INSERTs
/// (ON CONFLICT DO NOTHING), no summary/cache upkeep: call rebuild_summaries + derive::rebuild_all after.
pub async fn bulk_load_accreditations(
    _conn: &mut SqliteConnection,
    _rows: &[NuevaAcreditacion<'_>],
    _hoy: chrono::NaiveDate,
    _now: &str,
) -> AppResult<u64> {
    Err(AppError::internal("pendiente"))
}

/// Recomputes plan_estado_temas from the ledger set-wise (ROW_NUMBER() windows).
pub async fn rebuild_summaries(_conn: &mut SqliteConnection) -> AppResult<u64> {
    Err(AppError::internal("pendiente"))
}
