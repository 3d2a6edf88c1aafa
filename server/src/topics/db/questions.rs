//! A topic's question bank: questions and their options.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::topics::questions::Respuesta;

/// Adds a question at the end of its topic's bank; a text the topic already has fails
/// with a unique violation.
pub async fn insert_question<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    pregunta: &str,
    tipo: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO preguntas (cve_tema, pregunta, tipo, orden)
         VALUES (?, ?, ?, (SELECT COALESCE(MAX(orden), 0) + 1 FROM preguntas WHERE cve_tema = ?)) RETURNING id_pregunta",
    )
    .bind(cve_tema)
    .bind(pregunta)
    .bind(tipo)
    .bind(cve_tema)
    .fetch_one(e)
    .await
}

/// Changes a question's text and type; None when the topic has no such question.
pub async fn update_question<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    id_pregunta: i64,
    pregunta: &str,
    tipo: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "UPDATE preguntas SET pregunta = ?, tipo = ? WHERE id_pregunta = ? AND cve_tema = ? RETURNING id_pregunta",
    )
    .bind(pregunta)
    .bind(tipo)
    .bind(id_pregunta)
    .bind(cve_tema)
    .fetch_optional(e)
    .await
}

/// Replaces a question's options, in the given order.
pub async fn set_options(
    conn: &mut SqliteConnection,
    id_pregunta: i64,
    respuestas: &[Respuesta],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM respuestas WHERE id_pregunta = ?")
        .bind(id_pregunta)
        .execute(&mut *conn)
        .await?;
    for (i, r) in respuestas.iter().enumerate() {
        sqlx::query(
            "INSERT INTO respuestas (id_pregunta, texto, correcta, orden) VALUES (?, ?, ?, ?)",
        )
        .bind(id_pregunta)
        .bind(&r.texto)
        .bind(r.correcta)
        .bind(i as i64)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A topic's questions in order, as (key, text, type).
pub async fn topic_questions<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Vec<(i64, String, String)>> {
    sqlx::query_as(
        "SELECT id_pregunta, pregunta, tipo FROM preguntas WHERE cve_tema = ? ORDER BY orden, id_pregunta",
    )
    .bind(cve_tema)
    .fetch_all(e)
    .await
}

/// The options of every question of a topic, as (question, key, text, correct), by
/// question and order.
pub async fn topic_options<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Vec<(i64, i64, String, bool)>> {
    sqlx::query_as(
        "SELECT r.id_pregunta, r.id_respuesta, r.texto, r.correcta FROM respuestas r
         JOIN preguntas p ON p.id_pregunta = r.id_pregunta WHERE p.cve_tema = ? ORDER BY r.id_pregunta, r.orden",
    )
    .bind(cve_tema)
    .fetch_all(e)
    .await
}

/// Deletes a question of a topic; false when there was none.
pub async fn delete_question<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    id_pregunta: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM preguntas WHERE id_pregunta = ? AND cve_tema = ?")
        .bind(id_pregunta)
        .bind(cve_tema)
        .execute(e)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The question of topic `cve_tema` with exactly this text, as (key, type).
pub async fn question_by_text<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
    pregunta: &str,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as("SELECT id_pregunta, tipo FROM preguntas WHERE cve_tema = ? AND pregunta = ?")
        .bind(cve_tema)
        .bind(pregunta)
        .fetch_optional(e)
        .await
}

/// A question's options as (text, correct), in order.
pub async fn question_options<'e>(
    e: impl SqliteExecutor<'e>,
    id_pregunta: i64,
) -> sqlx::Result<Vec<(String, bool)>> {
    sqlx::query_as("SELECT texto, correcta FROM respuestas WHERE id_pregunta = ? ORDER BY orden")
        .bind(id_pregunta)
        .fetch_all(e)
        .await
}
