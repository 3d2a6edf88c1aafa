//! Requirement and event SQL (package B): plant requirements for now.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::topics::TemaRef;

/// The enabled topics of a plant, by name.
pub async fn plant_topics<'e>(
    e: impl SqliteExecutor<'e>,
    cve_planta: i64,
) -> sqlx::Result<Vec<TemaRef>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM plan_requerimientos r
         JOIN temas t ON t.cve_tema = r.cve_tema
         WHERE r.destino_tipo = 'planta' AND r.destino_id = ? AND r.habilitado = 1
         ORDER BY t.nombre_tema",
    )
    .bind(cve_planta)
    .fetch_all(e)
    .await
}

/// Every topic requirement of a plant, enabled or not: (id_requerimiento, cve_tema, habilitado).
pub async fn plant_requirement_rows(
    conn: &mut SqliteConnection,
    cve_planta: i64,
) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT id_requerimiento, cve_tema, habilitado FROM plan_requerimientos
         WHERE destino_tipo = 'planta' AND destino_id = ? AND cve_tema IS NOT NULL
         ORDER BY id_requerimiento",
    )
    .bind(cve_planta)
    .fetch_all(&mut *conn)
    .await
}

/// A new mandatory plant requirement; its id.
pub async fn insert_plant_requirement(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    cve_planta: i64,
    creado_por: Option<i64>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plan_requerimientos (programa, cve_tema, destino_tipo, destino_id, obligatoria,
             habilitado, creado, creado_por, actualizado)
         VALUES ('planta', ?, 'planta', ?, 1, 1, ?, ?, ?) RETURNING id_requerimiento",
    )
    .bind(cve_tema)
    .bind(cve_planta)
    .bind(now)
    .bind(creado_por)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Enables or disables a requirement.
pub async fn set_requirement_enabled(
    conn: &mut SqliteConnection,
    id: i64,
    habilitado: bool,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE plan_requerimientos SET habilitado = ?, actualizado = ? WHERE id_requerimiento = ?",
    )
    .bind(i64::from(habilitado))
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A requirement event; its id.
pub async fn insert_event(
    conn: &mut SqliteConnection,
    id_requerimiento: i64,
    accion: &str,
    fecha: &str,
    cve_actor: Option<i64>,
    motivo: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plan_requerimientos_eventos (id_requerimiento, accion, fecha, cve_actor, motivo)
         VALUES (?, ?, ?, ?, ?) RETURNING id_evento",
    )
    .bind(id_requerimiento)
    .bind(accion)
    .bind(fecha)
    .bind(cve_actor)
    .bind(motivo)
    .fetch_one(&mut *conn)
    .await
}

/// Stores how many employees an event affected.
pub async fn set_event_affected(
    conn: &mut SqliteConnection,
    id_evento: i64,
    afectados: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE plan_requerimientos_eventos SET afectados = ? WHERE id_evento = ?")
        .bind(afectados)
        .bind(id_evento)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
