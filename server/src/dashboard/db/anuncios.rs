//! SQL of the dashboard's announcements: welcome slides per profile (and who asked not to
//! see them again) and the header's news.

use serde::Serialize;
use sqlx::{AssertSqlSafe, FromRow, SqliteConnection};
use utoipa::ToSchema;

/// Tables this part of the dashboard owns.
pub const TABLES: &[&str] = &["slides", "slides_perfiles", "slides_ocultos", "noticias"];

/// A slide as its administrators see it (the profiles as a JSON list of ids).
#[derive(FromRow, Debug, Clone)]
pub struct SlideFila {
    pub cve_slide: i64,
    pub tipo: String,
    pub titulo: String,
    pub contenido_slide: String,
    pub orden: i64,
    pub activo: bool,
    pub perfiles: String,
}

/// What a slide is made of.
pub struct SlideDatos<'a> {
    pub tipo: &'a str,
    pub titulo: &'a str,
    pub contenido: &'a str,
    pub orden: i64,
    pub activo: bool,
    pub perfiles: &'a [i64],
}

const SLIDE_COLS: &str = "s.cve_slide, s.tipo, s.titulo, s.contenido_slide, s.orden, s.activo,
    COALESCE((SELECT json_group_array(idperfil) FROM (SELECT idperfil FROM slides_perfiles p
        WHERE p.cve_slide = s.cve_slide ORDER BY idperfil)), '[]') AS perfiles";

/// Every slide, in showing order.
pub async fn slides(conn: &mut SqliteConnection) -> sqlx::Result<Vec<SlideFila>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {SLIDE_COLS} FROM slides s ORDER BY s.orden, s.cve_slide"
    )))
    .fetch_all(&mut *conn)
    .await
}

/// One slide.
pub async fn slide(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<SlideFila>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {SLIDE_COLS} FROM slides s WHERE s.cve_slide = ?"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// The active slides of a profile that someone has not hidden, in showing order.
pub async fn slides_for(
    conn: &mut SqliteConnection,
    idperfil: i64,
    cve_empleado: i64,
) -> sqlx::Result<Vec<SlideFila>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {SLIDE_COLS} FROM slides s
         JOIN slides_perfiles sp ON sp.cve_slide = s.cve_slide AND sp.idperfil = ?
         WHERE s.activo = 1
           AND NOT EXISTS (SELECT 1 FROM slides_ocultos o
                           WHERE o.cve_slide = s.cve_slide AND o.cve_empleado = ?)
         ORDER BY s.orden, s.cve_slide"
    )))
    .bind(idperfil)
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}

async fn set_profiles(conn: &mut SqliteConnection, id: i64, perfiles: &[i64]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM slides_perfiles WHERE cve_slide = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for p in perfiles {
        sqlx::query("INSERT OR IGNORE INTO slides_perfiles (cve_slide, idperfil) VALUES (?, ?)")
            .bind(id)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Adds a slide with its profiles.
pub async fn insert_slide(
    conn: &mut SqliteConnection,
    d: &SlideDatos<'_>,
    now: &str,
) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO slides (tipo, titulo, contenido_slide, orden, activo, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING cve_slide",
    )
    .bind(d.tipo)
    .bind(d.titulo)
    .bind(d.contenido)
    .bind(d.orden)
    .bind(d.activo)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    set_profiles(conn, id, d.perfiles).await?;
    Ok(id)
}

/// Rewrites a slide; the content it held before (None when it does not exist).
pub async fn update_slide(
    conn: &mut SqliteConnection,
    id: i64,
    d: &SlideDatos<'_>,
    now: &str,
) -> sqlx::Result<Option<(String, String)>> {
    let before: Option<(String, String)> =
        sqlx::query_as("SELECT tipo, contenido_slide FROM slides WHERE cve_slide = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    if before.is_none() {
        return Ok(None);
    }
    sqlx::query(
        "UPDATE slides SET tipo = ?, titulo = ?, contenido_slide = ?, orden = ?, activo = ?, actualizado = ?
         WHERE cve_slide = ?",
    )
    .bind(d.tipo)
    .bind(d.titulo)
    .bind(d.contenido)
    .bind(d.orden)
    .bind(d.activo)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    set_profiles(conn, id, d.perfiles).await?;
    Ok(before)
}

/// Deletes a slide; what it held (None when it did not exist).
pub async fn delete_slide(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("DELETE FROM slides WHERE cve_slide = ? RETURNING tipo, contenido_slide")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// Records 'No volver a mostrar.' for the given slides of a profile (others are ignored);
/// how many were recorded.
pub async fn hide_slides(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    idperfil: i64,
    slides: &[i64],
    now: &str,
) -> sqlx::Result<u64> {
    let mut n = 0;
    for s in slides {
        n += sqlx::query(
            "INSERT OR IGNORE INTO slides_ocultos (cve_empleado, cve_slide, fecha)
             SELECT ?, cve_slide, ? FROM slides_perfiles WHERE cve_slide = ? AND idperfil = ?",
        )
        .bind(cve_empleado)
        .bind(now)
        .bind(s)
        .bind(idperfil)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    }
    Ok(n)
}

/// A news item.
#[derive(FromRow, Serialize, ToSchema, Debug, Clone)]
pub struct Noticia {
    pub cve_noticia: i64,
    pub titulo: String,
    pub descripcion_corta: String,
    /// Storage key of the image.
    #[serde(skip)]
    pub imagen_key: String,
    pub enlace: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub orden: i64,
    pub activa: bool,
}

/// What a news item is made of.
pub struct NoticiaDatos<'a> {
    pub titulo: &'a str,
    pub descripcion_corta: &'a str,
    pub imagen: &'a str,
    pub enlace: &'a str,
    pub fecha_inicio: &'a str,
    pub fecha_fin: &'a str,
    pub orden: i64,
    pub activa: bool,
}

const NOTICIA_COLS: &str = "cve_noticia, titulo, descripcion_corta, imagen AS imagen_key, enlace,
    fecha_inicio, fecha_fin, orden, activa";

/// Every news item, newest first within the order.
pub async fn news(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Noticia>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {NOTICIA_COLS} FROM noticias ORDER BY orden, fecha_inicio DESC, cve_noticia DESC"
    )))
    .fetch_all(&mut *conn)
    .await
}

/// The news published on a day (active, started, not ended).
pub async fn published_news(conn: &mut SqliteConnection, hoy: &str) -> sqlx::Result<Vec<Noticia>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {NOTICIA_COLS} FROM noticias
         WHERE activa = 1 AND fecha_inicio <= ?1 AND (fecha_fin = '' OR fecha_fin >= ?1)
         ORDER BY orden, fecha_inicio DESC, cve_noticia DESC LIMIT 20"
    )))
    .bind(hoy)
    .fetch_all(&mut *conn)
    .await
}

/// One news item.
pub async fn news_item(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Noticia>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {NOTICIA_COLS} FROM noticias WHERE cve_noticia = ?"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Adds a news item.
pub async fn insert_news(
    conn: &mut SqliteConnection,
    d: &NoticiaDatos<'_>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO noticias (titulo, descripcion_corta, imagen, enlace, fecha_inicio, fecha_fin, orden, activa, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cve_noticia",
    )
    .bind(d.titulo)
    .bind(d.descripcion_corta)
    .bind(d.imagen)
    .bind(d.enlace)
    .bind(d.fecha_inicio)
    .bind(d.fecha_fin)
    .bind(d.orden)
    .bind(d.activa)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Rewrites a news item; the image key it held (None when it does not exist).
pub async fn update_news(
    conn: &mut SqliteConnection,
    id: i64,
    d: &NoticiaDatos<'_>,
    now: &str,
) -> sqlx::Result<Option<String>> {
    let before: Option<String> =
        sqlx::query_scalar("SELECT imagen FROM noticias WHERE cve_noticia = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    if before.is_none() {
        return Ok(None);
    }
    sqlx::query(
        "UPDATE noticias SET titulo = ?, descripcion_corta = ?, imagen = ?, enlace = ?, fecha_inicio = ?,
            fecha_fin = ?, orden = ?, activa = ?, actualizado = ? WHERE cve_noticia = ?",
    )
    .bind(d.titulo)
    .bind(d.descripcion_corta)
    .bind(d.imagen)
    .bind(d.enlace)
    .bind(d.fecha_inicio)
    .bind(d.fecha_fin)
    .bind(d.orden)
    .bind(d.activa)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(before)
}

/// Deletes a news item; its image key (None when it did not exist).
pub async fn delete_news(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("DELETE FROM noticias WHERE cve_noticia = ? RETURNING imagen")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}
