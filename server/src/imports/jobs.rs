//! The background job that applies an upload: one job at a time, batches of 100 rows per
//! transaction with their counts and error rows, live progress, and resumption of the
//! jobs a stopped server left unfinished.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::db::{self, BatchCounts};
use super::kinds::{self, Ctx, Kind, Outcome, Row, RowError};
use super::{sheet, template};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Rows per transaction.
pub const BATCH: usize = 100;

/// One job at a time: imports are write-heavy and SQLite has one writer.
fn job_gate() -> Arc<tokio::sync::Semaphore> {
    static GATE: OnceLock<Arc<tokio::sync::Semaphore>> = OnceLock::new();
    GATE.get_or_init(|| Arc::new(tokio::sync::Semaphore::new(1)))
        .clone()
}

/// Runs a job in the background.
pub fn spawn_job(state: &AppState, id: i64) {
    let state = state.clone();
    tokio::spawn(async move {
        let Ok(_permit) = job_gate().acquire_owned().await else {
            return;
        };
        if let Err(e) = run(&state, id).await {
            tracing::warn!(id_carga = id, error = ?e, "bulk upload failed");
            let _ = db::mark_failed(&state.db.write, id, e.code, &state.now_iso()).await;
            notify(&state, id).await;
        }
    });
}

/// Restarts the jobs a stopped server left unfinished (their applied batches stay).
pub async fn resume(state: &AppState) -> AppResult<()> {
    for id in db::unfinished_uploads(&state.db.read).await? {
        tracing::info!(id_carga = id, "resuming bulk upload");
        spawn_job(state, id);
    }
    Ok(())
}

/// A job by key (404 when missing).
pub async fn load(state: &AppState, id: i64) -> AppResult<db::Carga> {
    db::upload(&state.db.read, id)
        .await?
        .ok_or_else(AppError::not_found)
}

async fn notify(state: &AppState, id: i64) {
    if let Ok(c) = load(state, id).await {
        state
            .realtime
            .to_employee(c.cve_empleado, "import:progress", &c)
            .await;
    }
}

async fn run(state: &AppState, id: i64) -> AppResult<()> {
    let c = load(state, id).await?;
    if c.estatus == "terminada" || c.estatus == "fallida" {
        return Ok(());
    }
    let kind = Kind::parse(&c.tipo).ok_or_else(AppError::not_found)?;
    let key = db::file_key(&state.db.read, id).await?;
    let data = state.storage.get(&key).await?;
    let sheet = tokio::task::spawn_blocking(move || sheet::read(&data))
        .await
        .map_err(AppError::internal)??;
    let index = template::header_index(kind, &sheet.headers)?;
    db::mark_processing(&state.db.write, id, sheet.rows.len() as i64).await?;
    notify(state, id).await;
    let today = chrono::DateTime::from_timestamp(state.now(), 0)
        .unwrap_or_default()
        .date_naive();
    let mut ctx = {
        let mut conn = state.db.read.acquire().await?;
        Ctx::load(&mut conn, today).await?
    };
    ctx.uploader_profiles = crate::auth::identity::profiles_of(state, c.cve_empleado).await?;
    ctx.uploader = Some(c.cve_empleado);
    // Batches already applied before a restart are skipped (their counts are stored).
    let done = c.procesadas.max(0) as usize;
    let mut last_emit = Instant::now();
    for batch in sheet.rows.chunks(BATCH).skip(done / BATCH) {
        apply_batch(state, id, kind, &mut ctx, &index, batch).await?;
        if last_emit.elapsed() >= Duration::from_millis(250) {
            notify(state, id).await;
            last_emit = Instant::now();
        }
    }
    db::mark_finished(&state.db.write, id, &state.now_iso()).await?;
    notify(state, id).await;
    tracing::info!(id_carga = id, "bulk upload finished");
    Ok(())
}

/// Applies up to 100 rows in one transaction together with their counts and error rows.
/// When the transaction fails the whole batch is reported as not applied.
async fn apply_batch(
    state: &AppState,
    id: i64,
    kind: Kind,
    ctx: &mut Ctx,
    index: &HashMap<&'static str, usize>,
    batch: &[(u32, Vec<String>)],
) -> AppResult<()> {
    let now = state.now_iso();
    let attempt: AppResult<()> = async {
        let mut tx = state.db.begin().await?;
        let mut counts = BatchCounts {
            procesadas: batch.len() as i64,
            ..BatchCounts::default()
        };
        let mut errors: Vec<(u32, RowError)> = Vec::new();
        for (n, cells) in batch {
            let row = Row { cells, index };
            match kinds::apply(&mut tx, ctx, kind, &row, &now).await? {
                Ok(Outcome::Insertada) => counts.insertadas += 1,
                Ok(Outcome::Actualizada) => counts.actualizadas += 1,
                Ok(Outcome::SinCambios) => counts.sin_cambios += 1,
                Err(e) => errors.push((*n, e)),
            }
        }
        for (n, e) in &errors {
            db::insert_row_error(
                &mut *tx,
                id,
                i64::from(*n),
                &e.columna,
                &e.valor,
                &e.motivo(),
            )
            .await?;
        }
        counts.errores = errors.len() as i64;
        db::add_counts(&mut *tx, id, counts).await?;
        tx.commit().await?;
        for change in std::mem::take(&mut ctx.after_commit) {
            crate::auth::identity::announce(state, change).await;
        }
        Ok(())
    }
    .await;
    if let Err(e) = attempt {
        tracing::warn!(id_carga = id, error = ?e, "batch rolled back");
        // The lookups may hold keys of rows that were rolled back: reload them.
        let mut conn = state.db.read.acquire().await?;
        let uploader_profiles = std::mem::take(&mut ctx.uploader_profiles);
        *ctx = Ctx::load(&mut conn, ctx.today).await?;
        ctx.uploader_profiles = uploader_profiles;
        drop(conn);
        let mut tx = state.db.begin().await?;
        let motivo = format!("carga.lote_fallido|{}", e.code);
        for (n, _) in batch {
            db::insert_row_error(&mut *tx, id, i64::from(*n), "", "", &motivo).await?;
        }
        let n = batch.len() as i64;
        let counts = BatchCounts {
            procesadas: n,
            errores: n,
            lotes_fallidos: 1,
            ..BatchCounts::default()
        };
        db::add_counts(&mut *tx, id, counts).await?;
        tx.commit().await?;
    }
    Ok(())
}
