//! SQL on `limites_intentos`: the fixed-window attempt counters of the rate limits.

use sqlx::SqliteExecutor;

/// The (window start, attempts) of a counter.
pub async fn window<'e>(
    db: impl SqliteExecutor<'e>,
    ambito: &str,
    clave: &str,
) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as(
        "SELECT ventana_inicio, intentos FROM limites_intentos WHERE ambito = ? AND clave = ?",
    )
    .bind(ambito)
    .bind(clave)
    .fetch_optional(db)
    .await
}

/// Stores a counter.
pub async fn save<'e>(
    db: impl SqliteExecutor<'e>,
    ambito: &str,
    clave: &str,
    ventana_inicio: i64,
    intentos: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO limites_intentos (ambito, clave, ventana_inicio, intentos) VALUES (?, ?, ?, ?)
         ON CONFLICT (ambito, clave) DO UPDATE SET ventana_inicio = excluded.ventana_inicio, intentos = excluded.intentos",
    )
    .bind(ambito)
    .bind(clave)
    .bind(ventana_inicio)
    .bind(intentos)
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets a counter.
pub async fn clear<'e>(db: impl SqliteExecutor<'e>, ambito: &str, clave: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM limites_intentos WHERE ambito = ? AND clave = ?")
        .bind(ambito)
        .bind(clave)
        .execute(db)
        .await?;
    Ok(())
}
