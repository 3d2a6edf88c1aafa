//! Absences of employees (periods with a reason).

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::employees::types::Ausencia;

/// An employee's absences, newest first.
pub async fn of_employee<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<Ausencia>> {
    sqlx::query_as(
        "SELECT id_ausencia, fecha_inicio, fecha_fin, motivo, creado FROM ausencias WHERE cve_empleado = ?
         ORDER BY fecha_inicio DESC, id_ausencia DESC",
    )
    .bind(cve)
    .fetch_all(db)
    .await
}

/// A new absence as the caller checked it (dates as YYYY-MM-DD, `inicio <= fin`).
pub struct NewAbsence<'a> {
    pub cve_empleado: i64,
    pub inicio: &'a str,
    pub fin: &'a str,
    pub motivo: &'a str,
    pub creado_por: i64,
    pub now: &'a str,
}

/// Records an absence unless it overlaps another of the same employee: `None` then.
/// Run it in a transaction so that the check and the insert see the same rows.
pub async fn insert_unless_overlapping(
    conn: &mut SqliteConnection,
    a: &NewAbsence<'_>,
) -> sqlx::Result<Option<i64>> {
    let overlap: Option<i64> = sqlx::query_scalar(
        "SELECT id_ausencia FROM ausencias WHERE cve_empleado = ? AND fecha_inicio <= ? AND fecha_fin >= ? LIMIT 1",
    )
    .bind(a.cve_empleado)
    .bind(a.fin)
    .bind(a.inicio)
    .fetch_optional(&mut *conn)
    .await?;
    if overlap.is_some() {
        return Ok(None);
    }
    let id = sqlx::query_scalar(
        "INSERT INTO ausencias (cve_empleado, fecha_inicio, fecha_fin, motivo, creado_por, creado) VALUES (?, ?, ?, ?, ?, ?)
         RETURNING id_ausencia",
    )
    .bind(a.cve_empleado)
    .bind(a.inicio)
    .bind(a.fin)
    .bind(a.motivo)
    .bind(a.creado_por)
    .bind(a.now)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some(id))
}

/// Deletes one absence of an employee; false when it was not theirs or did not exist.
pub async fn delete<'e>(db: impl SqliteExecutor<'e>, cve: i64, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM ausencias WHERE id_ausencia = ? AND cve_empleado = ?")
        .bind(id)
        .bind(cve)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}
