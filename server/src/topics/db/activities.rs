//! A topic's activities: the evidence participants hand in after the course.

use sqlx::SqliteExecutor;

use crate::topics::activities::Actividad;

/// A topic's activities by due day.
pub async fn topic_activities<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Vec<Actividad>> {
    sqlx::query_as(
        "SELECT id_actividad, titulo, descripcion, dias_entrega, tipo_evidencia, limite_caracteres
         FROM actividades_temas WHERE cve_tema = ? ORDER BY dias_entrega, id_actividad",
    )
    .bind(cve_tema)
    .fetch_all(e)
    .await
}

/// Adds an activity to a topic (`id_actividad` of `a` is ignored).
pub async fn insert_activity<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    a: &Actividad,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO actividades_temas (cve_tema, titulo, descripcion, dias_entrega, tipo_evidencia, limite_caracteres)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id_actividad",
    )
    .bind(cve_tema)
    .bind(&a.titulo)
    .bind(&a.descripcion)
    .bind(a.dias_entrega)
    .bind(&a.tipo_evidencia)
    .bind(a.limite_caracteres)
    .fetch_one(e)
    .await
}

/// Changes activity `id` of a topic; false when the topic has no such activity.
pub async fn update_activity<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    id: i64,
    a: &Actividad,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE actividades_temas SET titulo = ?, descripcion = ?, dias_entrega = ?, tipo_evidencia = ?, limite_caracteres = ?
         WHERE id_actividad = ? AND cve_tema = ?",
    )
    .bind(&a.titulo)
    .bind(&a.descripcion)
    .bind(a.dias_entrega)
    .bind(&a.tipo_evidencia)
    .bind(a.limite_caracteres)
    .bind(id)
    .bind(cve_tema)
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes activity `id` of a topic; false when the topic has no such activity.
pub async fn delete_activity<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    id: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM actividades_temas WHERE id_actividad = ? AND cve_tema = ?")
        .bind(id)
        .bind(cve_tema)
        .execute(e)
        .await?;
    Ok(done.rows_affected() > 0)
}
