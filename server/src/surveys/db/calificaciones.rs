//! Topic ratings: one per employee and topic, out of 5 in half steps.

use std::collections::HashMap;

use sqlx::{SqliteConnection, SqliteExecutor};

/// Saves an employee's rating of a topic, replacing an earlier one.
pub async fn guardar<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    cve_empleado: i64,
    rating: f64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO temas_calificaciones (cve_tema, cve_empleado, rating, actualizado) VALUES (?, ?, ?, ?)
         ON CONFLICT (cve_tema, cve_empleado) DO UPDATE SET rating = excluded.rating, actualizado = excluded.actualizado",
    )
    .bind(cve_tema)
    .bind(cve_empleado)
    .bind(rating)
    .bind(now)
    .execute(e)
    .await?;
    Ok(())
}

/// A topic's average rating (one decimal; None without votes) and its number of votes.
pub async fn promedio<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<(Option<f64>, i64)> {
    sqlx::query_as(
        "SELECT ROUND(AVG(rating), 1), COUNT(*) FROM temas_calificaciones WHERE cve_tema = ?",
    )
    .bind(cve_tema)
    .fetch_one(e)
    .await
}

/// Every rating an employee gave, by topic.
pub async fn del_empleado(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<HashMap<i64, f64>> {
    let rows: Vec<(i64, f64)> =
        sqlx::query_as("SELECT cve_tema, rating FROM temas_calificaciones WHERE cve_empleado = ?")
            .bind(cve_empleado)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().collect())
}
