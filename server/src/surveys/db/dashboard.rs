//! The dashboard survey: the row with its window and profiles, its questions, one
//! participation per employee and the options chosen; the admin list (table engine).

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::surveys::types::PreguntaEncuesta;
use crate::table::{Column, Conteo, Kind, SI_NO, TableDef};

/// The dashboard surveys list.
pub static ENCUESTAS: TableDef = TableDef {
    name: "encuestas_dashboard",
    from: "encuestas_dashboard d",
    count: Conteo::Aparte,
    columns: &[
        Column::int("id_encuesta_dashboard", "Clave", "d.id_encuesta_dashboard"),
        Column::text("encuesta", "Encuesta", "d.encuesta"),
        Column::text("desde", "Desde", "d.desde"),
        Column::text("hasta", "Hasta", "d.hasta"),
        Column::plain(
            "perfiles",
            "Perfiles",
            "(SELECT COUNT(*) FROM encuestas_dashboard_perfiles x WHERE x.id_encuesta_dashboard = d.id_encuesta_dashboard)",
            Kind::Int,
        ),
        Column::int(
            "respuestas",
            "Respuestas",
            "(SELECT COUNT(*) FROM encuestas_dashboard_participaciones x WHERE x.id_encuesta_dashboard = d.id_encuesta_dashboard)",
        ),
        Column::fixed(
            "activa",
            "Activa",
            "CASE WHEN d.activa = 1 THEN '1' ELSE '0' END",
            Kind::Text,
            SI_NO,
        ),
    ],
    date_expr: Some("d.desde"),
    default_order: "d.desde DESC, d.id_encuesta_dashboard DESC",
    key: "d.id_encuesta_dashboard",
};

/// A dashboard survey's own fields.
#[derive(sqlx::FromRow)]
pub struct Fila {
    pub id_encuesta_dashboard: i64,
    pub encuesta: String,
    pub desde: String,
    pub hasta: String,
    pub activa: i64,
}

/// One dashboard survey, if it exists.
pub async fn encuesta<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Fila>> {
    sqlx::query_as(
        "SELECT id_encuesta_dashboard, encuesta, desde, hasta, activa FROM encuestas_dashboard
          WHERE id_encuesta_dashboard = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Inserts a dashboard survey row; its key.
pub async fn insertar<'e>(
    e: impl SqliteExecutor<'e>,
    encuesta: &str,
    desde: &str,
    hasta: &str,
    activa: bool,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO encuestas_dashboard (encuesta, desde, hasta, activa, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id_encuesta_dashboard",
    )
    .bind(encuesta)
    .bind(desde)
    .bind(hasta)
    .bind(i64::from(activa))
    .bind(now)
    .bind(now)
    .fetch_one(e)
    .await
}

/// Updates a dashboard survey row's own fields.
pub async fn actualizar<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    encuesta: &str,
    desde: &str,
    hasta: &str,
    activa: bool,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE encuestas_dashboard SET encuesta = ?, desde = ?, hasta = ?, activa = ?, actualizado = ?
          WHERE id_encuesta_dashboard = ?",
    )
    .bind(encuesta)
    .bind(desde)
    .bind(hasta)
    .bind(i64::from(activa))
    .bind(now)
    .bind(id)
    .execute(e)
    .await?;
    Ok(())
}

/// Deletes a dashboard survey with its profiles and questions (cascade).
pub async fn borrar<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_dashboard WHERE id_encuesta_dashboard = ?")
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// The profiles that see a dashboard survey.
pub async fn perfiles<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT idperfil FROM encuestas_dashboard_perfiles WHERE id_encuesta_dashboard = ? ORDER BY idperfil",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

/// Replaces the profiles that see a dashboard survey.
pub async fn set_perfiles(
    conn: &mut SqliteConnection,
    id: i64,
    perfiles: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_dashboard_perfiles WHERE id_encuesta_dashboard = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for p in perfiles {
        sqlx::query("INSERT INTO encuestas_dashboard_perfiles (id_encuesta_dashboard, idperfil) VALUES (?, ?)")
            .bind(id)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A dashboard survey's questions in order.
pub async fn preguntas<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Vec<PreguntaEncuesta>> {
    sqlx::query_as(
        "SELECT id_pregunta, pregunta, respuesta1, respuesta2, respuesta3, respuesta4
           FROM encuestas_dashboard_preguntas WHERE id_encuesta_dashboard = ? ORDER BY orden, id_pregunta",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

/// Replaces a dashboard survey's questions (only while unanswered).
pub async fn set_preguntas(
    conn: &mut SqliteConnection,
    id: i64,
    preguntas: &[PreguntaEncuesta],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_dashboard_preguntas WHERE id_encuesta_dashboard = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for (i, p) in preguntas.iter().enumerate() {
        sqlx::query(
            "INSERT INTO encuestas_dashboard_preguntas
                (id_encuesta_dashboard, orden, pregunta, respuesta1, respuesta2, respuesta3, respuesta4)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(i as i64 + 1)
        .bind(&p.pregunta)
        .bind(&p.respuesta1)
        .bind(&p.respuesta2)
        .bind(&p.respuesta3)
        .bind(&p.respuesta4)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// How many employees answered a dashboard survey.
pub async fn respuestas<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM encuestas_dashboard_participaciones WHERE id_encuesta_dashboard = ?",
    )
    .bind(id)
    .fetch_one(e)
    .await
}

/// The survey a profile sees on `hoy`: active, within its window, the profile among its
/// profiles; the newest (latest start, then highest key) when several apply.
pub async fn vigente<'e>(
    e: impl SqliteExecutor<'e>,
    idperfil: i64,
    hoy: &str,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as(
        "SELECT d.id_encuesta_dashboard, d.encuesta FROM encuestas_dashboard d
          WHERE d.activa = 1 AND d.desde <= ? AND d.hasta >= ?
            AND EXISTS (SELECT 1 FROM encuestas_dashboard_perfiles p
                         WHERE p.id_encuesta_dashboard = d.id_encuesta_dashboard AND p.idperfil = ?)
          ORDER BY d.desde DESC, d.id_encuesta_dashboard DESC LIMIT 1",
    )
    .bind(hoy)
    .bind(hoy)
    .bind(idperfil)
    .fetch_optional(e)
    .await
}

/// Whether an employee answered a dashboard survey.
pub async fn contestada<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    cve_empleado: i64,
) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM encuestas_dashboard_participaciones
          WHERE id_encuesta_dashboard = ? AND cve_empleado = ?",
    )
    .bind(id)
    .bind(cve_empleado)
    .fetch_one(e)
    .await?;
    Ok(n > 0)
}

/// An employee's chosen options: (id_pregunta, option).
pub async fn elegidas<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT id_pregunta, respuesta FROM encuestas_dashboard_respuestas
          WHERE id_encuesta_dashboard = ? AND cve_empleado = ?",
    )
    .bind(id)
    .bind(cve_empleado)
    .fetch_all(e)
    .await
}

/// (id_pregunta, option 1–4, how many chose it) of a dashboard survey.
pub async fn cantidades<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT id_pregunta, respuesta, COUNT(*) FROM encuestas_dashboard_respuestas
          WHERE id_encuesta_dashboard = ? GROUP BY id_pregunta, respuesta",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

/// Records that an employee answered; false when they already had.
pub async fn insertar_participacion(
    conn: &mut SqliteConnection,
    id: i64,
    cve_empleado: i64,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "INSERT INTO encuestas_dashboard_participaciones (id_encuesta_dashboard, cve_empleado, creado)
         VALUES (?, ?, ?) ON CONFLICT (id_encuesta_dashboard, cve_empleado) DO NOTHING",
    )
    .bind(id)
    .bind(cve_empleado)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Records the option an employee chose for one question.
pub async fn insertar_respuesta(
    conn: &mut SqliteConnection,
    id: i64,
    cve_empleado: i64,
    id_pregunta: i64,
    respuesta: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO encuestas_dashboard_respuestas (id_encuesta_dashboard, cve_empleado, id_pregunta, respuesta)
         VALUES (?, ?, ?, ?)",
    )
    .bind(id)
    .bind(cve_empleado)
    .bind(id_pregunta)
    .bind(respuesta)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
