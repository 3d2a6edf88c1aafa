//! SQL of the blocks domain. Course block types, blocks and their ordered topics.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::table::{Column, Kind, TableDef};

use super::{Bloque, BloqueForm, TemaBloque, TipoBloque};

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["tipos_bloque", "bloques", "bloques_temas"];

/// Tables of other domains that this domain's list definitions and read models join.
/// `temas`: the blocks list derives each block's modality from its topics, and a block's
/// detail shows its topics' names, modalities and hours; `temas_calificaciones` (surveys):
/// the list and the detail show the average rating of the block's topics.
pub const READS: &[&str] = &["temas", "temas_calificaciones"];

/// A block's modality from its topics': all E_LEARNING → Virtual, all PRESENCIAL →
/// Presencial, anything else → Mixto, none without topics (as `derived_modality`).
const MODALIDAD_EXPR: &str = "(SELECT CASE WHEN COUNT(*) = 0 THEN NULL
      WHEN SUM(CASE WHEN t.modalidad = 'E_LEARNING' THEN 1 ELSE 0 END) = COUNT(*) THEN 'Virtual'
      WHEN SUM(CASE WHEN t.modalidad = 'PRESENCIAL' THEN 1 ELSE 0 END) = COUNT(*) THEN 'Presencial' ELSE 'Mixto' END
    FROM bloques_temas bt JOIN temas t ON t.cve_tema = bt.cve_tema WHERE bt.id_bloque = b.id_bloque)";

/// A block's average rating: every rating of its topics, one decimal (null without votes).
const RATING_EXPR: &str = "(SELECT ROUND(AVG(c.rating), 1) FROM bloques_temas bt
    JOIN temas_calificaciones c ON c.cve_tema = bt.cve_tema WHERE bt.id_bloque = b.id_bloque)";
/// How many ratings a block's topics have.
const VOTOS_EXPR: &str = "(SELECT COUNT(*) FROM bloques_temas bt
    JOIN temas_calificaciones c ON c.cve_tema = bt.cve_tema WHERE bt.id_bloque = b.id_bloque)";

/// The course blocks list (table engine).
pub static BLOCKS: TableDef = TableDef {
    name: "bloques_cursos",
    from: "bloques b JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("id_bloque", "Clave", "b.id_bloque"),
        Column::text("nombre_bloque", "Bloque", "b.nombre_bloque"),
        Column::text("nombre_tipo_bloque", "Tipo", "tb.nombre_tipo_bloque"),
        Column::int("precio", "Precio (centavos)", "b.precio"),
        Column::int("fecha_inicio", "Inicio", "b.fecha_inicio"),
        Column::int("fecha_fin", "Fin", "b.fecha_fin"),
        Column::int(
            "capacidad_asistencia",
            "Capacidad",
            "b.capacidad_asistencia",
        ),
        Column::int(
            "total_temas",
            "Temas",
            "(SELECT COUNT(*) FROM bloques_temas x WHERE x.id_bloque = b.id_bloque)",
        ),
        Column::plain("modalidad", "Modalidad", MODALIDAD_EXPR, Kind::Text),
        Column::plain("rating", "Calificación", RATING_EXPR, Kind::Real),
        Column::plain("votos", "Votos", VOTOS_EXPR, Kind::Int),
        Column::flag("activo", "Activo", "b.activo"),
    ],
    date_expr: None,
    default_order: "b.fecha_inicio DESC, b.nombre_bloque",
    key: "b.id_bloque",
};

/// Block types by name.
pub async fn block_types<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<TipoBloque>> {
    sqlx::query_as(
        "SELECT id_tipo_bloque, nombre_tipo_bloque, activo FROM tipos_bloque ORDER BY nombre_tipo_bloque",
    )
    .fetch_all(e)
    .await
}

/// Adds a block type; a taken name fails with a unique violation.
pub async fn insert_block_type<'e>(e: impl SqliteExecutor<'e>, nombre: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tipos_bloque (nombre_tipo_bloque) VALUES (?) RETURNING id_tipo_bloque",
    )
    .bind(nombre)
    .fetch_one(e)
    .await
}

/// Whether a block type exists.
pub async fn block_type_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id_tipo_bloque FROM tipos_bloque WHERE id_tipo_bloque = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// Whether a block exists.
pub async fn block_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id_bloque FROM bloques WHERE id_bloque = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// Inserts a block with its image key; a taken name fails with a unique violation.
pub async fn insert_block<'e>(
    e: impl SqliteExecutor<'e>,
    b: &BloqueForm,
    imagen: &str,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO bloques (nombre_bloque, id_tipo_bloque, precio, descripcion, fecha_inicio, fecha_fin,
            capacidad_asistencia, video, activo, imagen, creado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id_bloque",
    )
    .bind(&b.nombre_bloque)
    .bind(b.id_tipo_bloque)
    .bind(b.precio)
    .bind(&b.descripcion)
    .bind(&b.fecha_inicio)
    .bind(&b.fecha_fin)
    .bind(b.capacidad_asistencia)
    .bind(&b.video)
    .bind(b.activo)
    .bind(imagen)
    .bind(now)
    .fetch_one(e)
    .await
}

/// Updates a block (`imagen` None keeps the stored image); None when it does not exist.
pub async fn update_block<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    b: &BloqueForm,
    imagen: Option<&str>,
    now: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "UPDATE bloques SET nombre_bloque = ?, id_tipo_bloque = ?, precio = ?, descripcion = ?, fecha_inicio = ?,
            fecha_fin = ?, capacidad_asistencia = ?, video = ?, activo = ?, imagen = COALESCE(?, imagen),
            creado = COALESCE(creado, ?)
         WHERE id_bloque = ? RETURNING id_bloque",
    )
    .bind(&b.nombre_bloque)
    .bind(b.id_tipo_bloque)
    .bind(b.precio)
    .bind(&b.descripcion)
    .bind(&b.fecha_inicio)
    .bind(&b.fecha_fin)
    .bind(b.capacidad_asistencia)
    .bind(&b.video)
    .bind(b.activo)
    .bind(imagen)
    .bind(now)
    .bind(id)
    .fetch_optional(e)
    .await
}

/// A block with its type's name (topics, modality and hours are filled by the caller).
pub async fn block<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Bloque>> {
    sqlx::query_as(
        "SELECT b.id_bloque, b.nombre_bloque, b.id_tipo_bloque, tb.nombre_tipo_bloque, b.precio, b.descripcion, b.fecha_inicio,
                b.fecha_fin, b.capacidad_asistencia, b.video, b.activo, b.imagen,
                (SELECT ROUND(AVG(c.rating), 1) FROM bloques_temas bt
                   JOIN temas_calificaciones c ON c.cve_tema = bt.cve_tema WHERE bt.id_bloque = b.id_bloque) AS rating,
                (SELECT COUNT(*) FROM bloques_temas bt
                   JOIN temas_calificaciones c ON c.cve_tema = bt.cve_tema WHERE bt.id_bloque = b.id_bloque) AS votos
         FROM bloques b JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque WHERE b.id_bloque = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// A block's topics in order, with the names, modalities and hours a block shows.
pub async fn block_topics<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Vec<TemaBloque>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.nombre_tema AS nombre, t.abreviatura, t.modalidad, t.dias_duracion * t.horas_sesion AS horas, bt.orden
         FROM bloques_temas bt JOIN temas t ON t.cve_tema = bt.cve_tema WHERE bt.id_bloque = ? ORDER BY bt.orden",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

/// Replaces a block's topics, numbered 1, 2, … in the given order.
pub async fn set_block_topics(
    conn: &mut SqliteConnection,
    id: i64,
    temas: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM bloques_temas WHERE id_bloque = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for (i, t) in temas.iter().enumerate() {
        sqlx::query("INSERT INTO bloques_temas (id_bloque, cve_tema, orden) VALUES (?, ?, ?)")
            .bind(id)
            .bind(t)
            .bind(i as i64 + 1)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A block's seats and whether it is active: (capacidad_asistencia, activo); 0 seats = unlimited.
pub async fn block_capacity<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as("SELECT capacidad_asistencia, activo FROM bloques WHERE id_bloque = ?")
        .bind(id)
        .fetch_optional(e)
        .await
}
