//! The daily expiry job (package C): finds accreditations expiring within the configured
//! windows and sends 'Capacitaciones próximas a vencer' once per window, with its state in
//! the database (safe to run twice, resumes after a restart).

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::SqliteConnection;
use tokio::sync::watch;

use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// What one run did.
#[derive(Serialize, Debug, Clone)]
pub struct ResumenCorrida {
    pub id_corrida: i64,
    pub fecha: String,
    pub fase: String,
    pub avisos: i64,
    pub envios: i64,
    pub nuevos_envios: i64,
}

/// Starts the background job; it stops when `stop` changes.
pub fn spawn(_state: &AppState, _stop: watch::Receiver<bool>) {}

/// Today's run; idempotent.
pub async fn run_once(_state: &AppState) -> AppResult<ResumenCorrida> {
    Err(AppError::internal("pendiente"))
}

/// Claims the (accreditation, window) notices of a run; returns how many were new.
pub async fn scan(
    _conn: &mut SqliteConnection,
    _id_corrida: i64,
    _hoy: NaiveDate,
    _ventanas: &[i64],
) -> AppResult<i64> {
    Err(AppError::internal("pendiente"))
}

/// Sends the notices of a run still to send; returns how many were sent.
pub async fn send_pending(_state: &AppState, _id_corrida: i64) -> AppResult<i64> {
    Err(AppError::internal("pendiente"))
}
