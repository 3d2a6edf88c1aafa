//! SQL on `restablecimientos`: single-use password-reset grants, kept by the hash of their
//! id. Times are Unix seconds from the app clock.

use sqlx::SqliteConnection;
use sqlx::SqliteExecutor;

/// Records a grant, voiding the employee's older unused ones.
pub async fn replace(
    conn: &mut SqliteConnection,
    id_hash: &str,
    cve_empleado: i64,
    token_hash: &str,
    motivo: &str,
    now: i64,
    expira: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE restablecimientos SET usado = ? WHERE cve_empleado = ? AND usado IS NULL")
        .bind(now)
        .bind(cve_empleado)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO restablecimientos (id, cve_empleado, token_hash, motivo, creado, expira) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(id_hash)
    .bind(cve_empleado)
    .bind(token_hash)
    .bind(motivo)
    .bind(now)
    .bind(expira)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A grant's (employee, expiry, used at).
pub async fn find<'e>(
    db: impl SqliteExecutor<'e>,
    id_hash: &str,
) -> sqlx::Result<Option<(i64, i64, Option<i64>)>> {
    sqlx::query_as("SELECT cve_empleado, expira, usado FROM restablecimientos WHERE id = ?")
        .bind(id_hash)
        .fetch_optional(db)
        .await
}

/// Marks an unused, unexpired grant used; false when it was not.
pub async fn consume<'e>(
    db: impl SqliteExecutor<'e>,
    id_hash: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let res = sqlx::query(
        "UPDATE restablecimientos SET usado = ? WHERE id = ? AND usado IS NULL AND expira >= ?",
    )
    .bind(now)
    .bind(id_hash)
    .bind(now)
    .execute(db)
    .await?;
    Ok(res.rows_affected() == 1)
}
