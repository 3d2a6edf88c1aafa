//! Course survey templates: the row, its questions, the topics it applies to, the
//! per-course override, and the templates list (table engine).

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::surveys::types::{PreguntaEncuesta, TemaEncuesta};
use crate::table::{Column, Conteo, Kind, SI_NO, TableDef};

/// The course survey templates list.
pub static PLANTILLAS: TableDef = TableDef {
    name: "encuestas_cursos",
    from: "encuestas_cursos e",
    count: Conteo::Aparte,
    columns: &[
        Column::int("id_encuesta", "Clave", "e.id_encuesta"),
        Column::text("nombre", "Encuesta", "e.nombre"),
        Column::int(
            "preguntas",
            "Preguntas",
            "(SELECT COUNT(*) FROM encuestas_cursos_preguntas p WHERE p.id_encuesta = e.id_encuesta)",
        ),
        Column::int(
            "temas",
            "Temas",
            "(SELECT COUNT(*) FROM encuestas_cursos_temas t WHERE t.id_encuesta = e.id_encuesta)",
        ),
        Column::int(
            "respuestas",
            "Respuestas",
            "(SELECT COUNT(*) FROM encuestas_cursos_participaciones x WHERE x.id_encuesta = e.id_encuesta)",
        ),
        Column::fixed(
            "activa",
            "Activa",
            "CASE WHEN e.activa = 1 THEN '1' ELSE '0' END",
            Kind::Text,
            SI_NO,
        ),
    ],
    date_expr: None,
    default_order: "e.nombre, e.id_encuesta",
    key: "e.id_encuesta",
};

/// A template's own fields.
#[derive(sqlx::FromRow)]
pub struct Plantilla {
    pub id_encuesta: i64,
    pub nombre: String,
    pub descripcion: Option<String>,
    pub activa: i64,
}

/// One template, if it exists.
pub async fn plantilla<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Plantilla>> {
    sqlx::query_as(
        "SELECT id_encuesta, nombre, descripcion, activa FROM encuestas_cursos WHERE id_encuesta = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Inserts a template row; a taken name fails with a unique violation. Its key.
pub async fn insertar<'e>(
    e: impl SqliteExecutor<'e>,
    nombre: &str,
    descripcion: Option<&str>,
    activa: bool,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO encuestas_cursos (nombre, descripcion, activa, creado, actualizado)
         VALUES (?, ?, ?, ?, ?) RETURNING id_encuesta",
    )
    .bind(nombre)
    .bind(descripcion)
    .bind(i64::from(activa))
    .bind(now)
    .bind(now)
    .fetch_one(e)
    .await
}

/// Updates a template row's own fields; a taken name fails with a unique violation.
pub async fn actualizar<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    nombre: &str,
    descripcion: Option<&str>,
    activa: bool,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE encuestas_cursos SET nombre = ?, descripcion = ?, activa = ?, actualizado = ?
          WHERE id_encuesta = ?",
    )
    .bind(nombre)
    .bind(descripcion)
    .bind(i64::from(activa))
    .bind(now)
    .bind(id)
    .execute(e)
    .await?;
    Ok(())
}

/// Deletes a template with its questions, topics and course overrides (cascade).
pub async fn borrar<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_cursos WHERE id_encuesta = ?")
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// A template's questions in order.
pub async fn preguntas<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Vec<PreguntaEncuesta>> {
    sqlx::query_as(
        "SELECT id_pregunta, pregunta, respuesta1, respuesta2, respuesta3, respuesta4
           FROM encuestas_cursos_preguntas WHERE id_encuesta = ? ORDER BY orden, id_pregunta",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

/// Replaces a template's questions, numbered in the given order (only while unanswered).
pub async fn set_preguntas(
    conn: &mut SqliteConnection,
    id: i64,
    preguntas: &[PreguntaEncuesta],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_cursos_preguntas WHERE id_encuesta = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for (i, p) in preguntas.iter().enumerate() {
        sqlx::query(
            "INSERT INTO encuestas_cursos_preguntas
                (id_encuesta, orden, pregunta, respuesta1, respuesta2, respuesta3, respuesta4)
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

/// How many participants answered a template.
pub async fn respuestas<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM encuestas_cursos_participaciones WHERE id_encuesta = ?",
    )
    .bind(id)
    .fetch_one(e)
    .await
}

/// The topics a template applies to, by name.
pub async fn temas<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Vec<TemaEncuesta>> {
    sqlx::query_as(
        "SELECT x.cve_tema, t.nombre_tema FROM encuestas_cursos_temas x
           JOIN temas t ON t.cve_tema = x.cve_tema
          WHERE x.id_encuesta = ? ORDER BY t.nombre_tema, x.cve_tema",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

/// Of the given topics, those another template already applies to: (cve_tema, id_encuesta).
pub async fn temas_de_otra(
    conn: &mut SqliteConnection,
    id: i64,
    temas: &[i64],
) -> sqlx::Result<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    for t in temas {
        let otra: Option<i64> = sqlx::query_scalar(
            "SELECT id_encuesta FROM encuestas_cursos_temas WHERE cve_tema = ? AND id_encuesta <> ?",
        )
        .bind(t)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(o) = otra {
            out.push((*t, o));
        }
    }
    Ok(out)
}

/// Replaces the topics a template applies to.
pub async fn set_temas(conn: &mut SqliteConnection, id: i64, temas: &[i64]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_cursos_temas WHERE id_encuesta = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for t in temas {
        sqlx::query("INSERT INTO encuestas_cursos_temas (cve_tema, id_encuesta) VALUES (?, ?)")
            .bind(t)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The template of a topic's courses, if any.
pub async fn de_tema<'e>(e: impl SqliteExecutor<'e>, cve_tema: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id_encuesta FROM encuestas_cursos_temas WHERE cve_tema = ?")
        .bind(cve_tema)
        .fetch_optional(e)
        .await
}

/// A course's own template, if it overrides its topic's.
pub async fn de_curso<'e>(e: impl SqliteExecutor<'e>, cve_curso: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id_encuesta FROM encuestas_cursos_asignaciones WHERE cve_curso = ?")
        .bind(cve_curso)
        .fetch_optional(e)
        .await
}

/// Sets (Some) or removes (None) a course's own template.
pub async fn set_de_curso(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    id_encuesta: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM encuestas_cursos_asignaciones WHERE cve_curso = ?")
        .bind(cve_curso)
        .execute(&mut *conn)
        .await?;
    if let Some(id) = id_encuesta {
        sqlx::query(
            "INSERT INTO encuestas_cursos_asignaciones (cve_curso, id_encuesta) VALUES (?, ?)",
        )
        .bind(cve_curso)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A topic's name, for messages.
pub async fn nombre_tema<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT nombre_tema FROM temas WHERE cve_tema = ?")
        .bind(cve_tema)
        .fetch_optional(e)
        .await
}
