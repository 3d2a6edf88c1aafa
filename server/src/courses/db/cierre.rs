//! SQL of closing and reopening a course: what each participant attended and scored, the
//! result written back to the enrolment, and the course's state.

use sqlx::{SqliteConnection, SqliteExecutor};

/// One enrolled participant as closing reads them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Participante {
    pub cve_inscripcion_ai: i64,
    pub cve_empleado: i64,
    pub calificacion: Option<f64>,
    pub calificacion_practica: Option<f64>,
    /// Sessions with attendance recorded (yes or no).
    pub registradas: i64,
    /// Sessions attended (asistencia 2).
    pub asistidas: i64,
}

/// The course's number of sessions.
pub async fn num_sesiones<'e>(e: impl SqliteExecutor<'e>, cve_curso: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM cursos_sesiones WHERE cve_curso = ?")
        .bind(cve_curso)
        .fetch_one(e)
        .await
}

/// The enrolled participants (holding a seat) with their attendance counts and grades.
pub async fn participantes<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Vec<Participante>> {
    sqlx::query_as(
        "SELECT i.cve_inscripcion_ai, i.cve_empleado, i.calificacion, i.calificacion_practica,
                (SELECT COUNT(*) FROM cursos_asistencias a JOIN cursos_sesiones s ON s.id_sesion = a.id_sesion
                  WHERE a.cve_inscripcion_ai = i.cve_inscripcion_ai AND s.cve_curso = i.cve_curso) AS registradas,
                (SELECT COUNT(*) FROM cursos_asistencias a JOIN cursos_sesiones s ON s.id_sesion = a.id_sesion
                  WHERE a.cve_inscripcion_ai = i.cve_inscripcion_ai AND s.cve_curso = i.cve_curso AND a.asistencia = 2) AS asistidas
           FROM cursos_inscripciones i
          WHERE i.cve_curso = ? AND i.estatus = 'inscrito'
          ORDER BY i.cve_inscripcion_ai",
    )
    .bind(cve_curso)
    .fetch_all(e)
    .await
}

/// Writes a participant's result.
pub async fn set_acreditado(
    conn: &mut SqliteConnection,
    cve_inscripcion_ai: i64,
    acreditado: bool,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cursos_inscripciones SET acreditado = ?, actualizado = ? WHERE cve_inscripcion_ai = ?")
        .bind(i64::from(acreditado))
        .bind(now)
        .bind(cve_inscripcion_ai)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Marks a course closed.
pub async fn cerrar(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    por: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos SET estatus = 'cerrado', cerrado_por = ?, fecha_cierre = ?, actualizado = ? WHERE cve_curso = ?",
    )
    .bind(por)
    .bind(now)
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Reopens a closed course: open again and its participants' results cleared. The
/// employees who were enrolled (to notify).
pub async fn abrir(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    now: &str,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query(
        "UPDATE cursos SET estatus = 'programado', cerrado_por = NULL, fecha_cierre = NULL, actualizado = ? WHERE cve_curso = ?",
    )
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    sqlx::query_scalar(
        "UPDATE cursos_inscripciones SET acreditado = NULL, actualizado = ? WHERE cve_curso = ? AND estatus = 'inscrito'
         RETURNING cve_empleado",
    )
    .bind(now)
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}
