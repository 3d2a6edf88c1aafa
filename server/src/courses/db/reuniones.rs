//! A course's meeting columns.

use sqlx::SqliteConnection;

/// Stores a course's meeting (type, join link, provider id); 'ninguna' clears it.
pub async fn set_reunion(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    tipo: &str,
    url: Option<&str>,
    id: Option<&str>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos SET reunion_tipo = ?, reunion_url = ?, reunion_id = ?, actualizado = ?
          WHERE cve_curso = ?",
    )
    .bind(tipo)
    .bind(url)
    .bind(id)
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
