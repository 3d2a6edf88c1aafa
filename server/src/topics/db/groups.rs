//! Topic groups: named sets of topics assigned together.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::table::{Column, TableDef};
use crate::topics::TemaRef;

/// The topic groups list (table engine).
pub static GROUPS: TableDef = TableDef {
    name: "grupos_temas",
    from: "grupos_temas g",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("id_grupo", "Clave", "g.id_grupo"),
        Column::text("nombre", "Grupo", "g.nombre"),
        Column::text("descripcion", "Descripción", "g.descripcion"),
        Column::int(
            "total_temas",
            "Temas",
            "(SELECT COUNT(*) FROM grupos_temas_temas x WHERE x.id_grupo = g.id_grupo)",
        ),
        Column::flag("activo", "Activo", "g.activo"),
    ],
    date_expr: None,
    default_order: "g.nombre",
    key: "g.id_grupo",
};

/// Adds a group; a taken name fails with a unique violation.
pub async fn insert_group<'e>(
    e: impl SqliteExecutor<'e>,
    nombre: &str,
    descripcion: Option<&str>,
    activo: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO grupos_temas (nombre, descripcion, activo) VALUES (?, ?, ?) RETURNING id_grupo",
    )
    .bind(nombre)
    .bind(descripcion)
    .bind(activo)
    .fetch_one(e)
    .await
}

/// Changes a group; None when it does not exist.
pub async fn update_group<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    nombre: &str,
    descripcion: Option<&str>,
    activo: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "UPDATE grupos_temas SET nombre = ?, descripcion = ?, activo = ? WHERE id_grupo = ? RETURNING id_grupo",
    )
    .bind(nombre)
    .bind(descripcion)
    .bind(activo)
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Replaces a group's topics.
pub async fn set_group_topics(
    conn: &mut SqliteConnection,
    id: i64,
    temas: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM grupos_temas_temas WHERE id_grupo = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for t in temas {
        sqlx::query("INSERT INTO grupos_temas_temas (id_grupo, cve_tema) VALUES (?, ?)")
            .bind(id)
            .bind(t)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A group as (name, description, active).
pub async fn group<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<(String, Option<String>, i64)>> {
    sqlx::query_as("SELECT nombre, descripcion, activo FROM grupos_temas WHERE id_grupo = ?")
        .bind(id)
        .fetch_optional(e)
        .await
}

/// A group's topics by name.
pub async fn group_topics<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Vec<TemaRef>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM grupos_temas_temas g
         JOIN temas t ON t.cve_tema = g.cve_tema WHERE g.id_grupo = ? ORDER BY t.nombre_tema",
    )
    .bind(id)
    .fetch_all(e)
    .await
}
