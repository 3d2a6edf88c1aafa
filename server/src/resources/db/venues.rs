//! SQL on the venues (`sedes`) and their rooms (`salas`).

use sqlx::{SqliteConnection, SqliteExecutor};

use super::Opcion;
use crate::resources::types::{Sala, Sede};
use crate::table::{Column, Kind, TableDef};

/// The venues list, with how many rooms each has.
pub static VENUES: TableDef = TableDef {
    name: "sedes",
    from: "sedes s",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_sede", "Clave", "s.cve_sede"),
        Column::text("nombre", "Sede", "s.nombre"),
        Column::text("direccion", "Dirección", "s.direccion"),
        Column::plain("url_mapa", "Mapa", "s.url_mapa", Kind::Text),
        Column::int(
            "salas",
            "Salas",
            "(SELECT COUNT(*) FROM salas x WHERE x.cve_sede = s.cve_sede)",
        ),
        Column::flag("tiene_croquis", "Tiene croquis", "(s.croquis IS NOT NULL)"),
        Column::flag("activo", "Activo", "s.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre",
    key: "s.cve_sede",
};

/// The rooms list, with their venue.
pub static ROOMS: TableDef = TableDef {
    name: "salas",
    from: "salas r JOIN sedes s ON s.cve_sede = r.cve_sede",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_sala", "Clave", "r.cve_sala"),
        Column::text("nombre", "Sala", "r.nombre"),
        Column::text("sede", "Sede", "s.nombre"),
        Column::plain("cve_sede", "Clave de sede", "r.cve_sede", Kind::Int),
        Column::int("capacidad", "Capacidad", "r.capacidad"),
        Column::flag("activo", "Activo", "r.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre, r.nombre",
    key: "r.cve_sala",
};

/// One venue by key, with its sketch key.
pub async fn venue<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Sede>> {
    sqlx::query_as(
        "SELECT cve_sede, nombre, url_mapa, direccion, activo, croquis FROM sedes WHERE cve_sede = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Whether a venue exists.
pub async fn venue_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT cve_sede FROM sedes WHERE cve_sede = ?")
        .bind(id)
        .fetch_optional(e)
        .await?;
    Ok(found.is_some())
}

/// Inserts a venue; answers its key.
pub async fn insert_venue<'e>(e: impl SqliteExecutor<'e>, b: &Sede) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO sedes (nombre, url_mapa, direccion, activo) VALUES (?, ?, ?, ?) RETURNING cve_sede",
    )
    .bind(&b.nombre)
    .bind(&b.url_mapa)
    .bind(&b.direccion)
    .bind(b.activo)
    .fetch_one(e)
    .await
}

/// Replaces a venue's data (not its sketch); answers whether it exists.
pub async fn update_venue<'e>(e: impl SqliteExecutor<'e>, id: i64, b: &Sede) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE sedes SET nombre = ?, url_mapa = ?, direccion = ?, activo = ? WHERE cve_sede = ?",
    )
    .bind(&b.nombre)
    .bind(&b.url_mapa)
    .bind(&b.direccion)
    .bind(b.activo)
    .bind(id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The active venues, by name.
pub async fn venue_options<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Opcion>> {
    sqlx::query_as(
        "SELECT cve_sede AS value, nombre AS label FROM sedes WHERE activo = 1 ORDER BY nombre",
    )
    .fetch_all(e)
    .await
}

/// Sets a venue's sketch key; answers the key it replaced, or None when the venue does
/// not exist.
pub async fn set_venue_sketch(
    conn: &mut SqliteConnection,
    id: i64,
    key: &str,
) -> sqlx::Result<Option<Option<String>>> {
    super::set_image(
        conn,
        "SELECT croquis FROM sedes WHERE cve_sede = ?",
        "UPDATE sedes SET croquis = ? WHERE cve_sede = ?",
        id,
        key,
    )
    .await
}

/// One room by key.
pub async fn room<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Sala>> {
    sqlx::query_as(
        "SELECT cve_sala, cve_sede, nombre, capacidad, activo FROM salas WHERE cve_sala = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Inserts a room; answers its key.
pub async fn insert_room<'e>(e: impl SqliteExecutor<'e>, b: &Sala) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO salas (cve_sede, nombre, capacidad, activo) VALUES (?, ?, ?, ?) RETURNING cve_sala",
    )
    .bind(b.cve_sede)
    .bind(&b.nombre)
    .bind(b.capacidad)
    .bind(b.activo)
    .fetch_one(e)
    .await
}

/// Replaces a room's data; answers whether it exists.
pub async fn update_room<'e>(e: impl SqliteExecutor<'e>, id: i64, b: &Sala) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE salas SET cve_sede = ?, nombre = ?, capacidad = ?, activo = ? WHERE cve_sala = ?",
    )
    .bind(b.cve_sede)
    .bind(&b.nombre)
    .bind(b.capacidad)
    .bind(b.activo)
    .bind(id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The active rooms of active venues, labelled "venue — room (capacity)".
pub async fn room_options<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Opcion>> {
    sqlx::query_as(
        "SELECT r.cve_sala AS value, s.nombre || ' — ' || r.nombre || ' (' || r.capacidad || ')' AS label
         FROM salas r JOIN sedes s ON s.cve_sede = r.cve_sede WHERE r.activo = 1 AND s.activo = 1
         ORDER BY s.nombre, r.nombre",
    )
    .fetch_all(e)
    .await
}
