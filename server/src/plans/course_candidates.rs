//! The people a course of a topic may take in bulk: everyone in a structure, plant or
//! position whose plan has the topic and who does not hold it today.

use chrono::NaiveDate;
use sqlx::SqliteConnection;

pub use super::db::course_candidates::Filtro;
use crate::error::AppResult;

/// Active employees matching `filtro` whose plan has `cve_tema` not Acreditado on `hoy`.
pub async fn pending_for_topic(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    hoy: NaiveDate,
    filtro: &Filtro,
) -> AppResult<Vec<i64>> {
    let hoy = super::rules::fecha_iso(hoy);
    Ok(super::db::course_candidates::pending(&mut *conn, cve_tema, &hoy, filtro).await?)
}
