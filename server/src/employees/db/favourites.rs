//! Each user's favourite employees.

use sqlx::SqliteExecutor;

/// Marks `favorito` as a favourite of `cve`; marking it twice changes nothing.
pub async fn add<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    favorito: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO empleados_favoritos (cve_empleado, cve_favorito, creado) VALUES (?, ?, ?)
         ON CONFLICT (cve_empleado, cve_favorito) DO NOTHING",
    )
    .bind(cve)
    .bind(favorito)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Removes `favorito` from the favourites of `cve` (nothing when it was not one).
pub async fn remove<'e>(db: impl SqliteExecutor<'e>, cve: i64, favorito: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM empleados_favoritos WHERE cve_empleado = ? AND cve_favorito = ?")
        .bind(cve)
        .bind(favorito)
        .execute(db)
        .await?;
    Ok(())
}
