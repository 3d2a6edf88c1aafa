//! Topics by plant: the topics each plant trains its personnel in.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::topics::TemaRef;

/// The topics of a plant by name.
pub async fn plant_topics<'e>(
    e: impl SqliteExecutor<'e>,
    cve_planta: i64,
) -> sqlx::Result<Vec<TemaRef>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM plantas_temas p
         JOIN temas t ON t.cve_tema = p.cve_tema WHERE p.cve_planta = ? ORDER BY t.nombre_tema",
    )
    .bind(cve_planta)
    .fetch_all(e)
    .await
}

/// Replaces the topics of a plant.
pub async fn set_plant_topics(
    conn: &mut SqliteConnection,
    cve_planta: i64,
    temas: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM plantas_temas WHERE cve_planta = ?")
        .bind(cve_planta)
        .execute(&mut *conn)
        .await?;
    for t in temas {
        sqlx::query("INSERT INTO plantas_temas (cve_planta, cve_tema) VALUES (?, ?)")
            .bind(cve_planta)
            .bind(t)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
