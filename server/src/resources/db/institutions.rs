//! SQL on the training institutions (`instituciones`).

use sqlx::SqliteExecutor;

use super::Opcion;
use crate::resources::types::Institucion;
use crate::table::{Column, TableDef};

/// The institutions list.
pub static INSTITUTIONS: TableDef = TableDef {
    name: "instituciones",
    from: "instituciones i",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_institucion", "Clave", "i.cve_institucion"),
        Column::text("nombre", "Institución", "i.nombre"),
        Column::text("contacto", "Contacto", "i.contacto"),
        Column::text("telefono", "Teléfono", "i.telefono"),
        Column::text("correo", "Correo", "i.correo"),
        Column::flag("activo", "Activo", "i.activo"),
    ],
    date_expr: None,
    default_order: "i.nombre",
    key: "i.cve_institucion",
};

/// One institution by key.
pub async fn institution<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<Institucion>> {
    sqlx::query_as(
        "SELECT cve_institucion, nombre, contacto, telefono, correo, activo FROM instituciones WHERE cve_institucion = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Whether an institution exists.
pub async fn institution_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_institucion FROM instituciones WHERE cve_institucion = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// Inserts an institution; answers its key.
pub async fn insert_institution<'e>(
    e: impl SqliteExecutor<'e>,
    b: &Institucion,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO instituciones (nombre, contacto, telefono, correo, activo) VALUES (?, ?, ?, ?, ?)
         RETURNING cve_institucion",
    )
    .bind(&b.nombre)
    .bind(&b.contacto)
    .bind(&b.telefono)
    .bind(&b.correo)
    .bind(b.activo)
    .fetch_one(e)
    .await
}

/// Replaces an institution's data; answers whether it exists.
pub async fn update_institution<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    b: &Institucion,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE instituciones SET nombre = ?, contacto = ?, telefono = ?, correo = ?, activo = ? WHERE cve_institucion = ?",
    )
    .bind(&b.nombre)
    .bind(&b.contacto)
    .bind(&b.telefono)
    .bind(&b.correo)
    .bind(b.activo)
    .bind(id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The active institutions, by name.
pub async fn institution_options<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Opcion>> {
    sqlx::query_as(
        "SELECT cve_institucion AS value, nombre AS label FROM instituciones WHERE activo = 1 ORDER BY nombre",
    )
    .fetch_all(e)
    .await
}
