//! Who receives a course's e-mails: its enrolled participants and its instructor.

use sqlx::SqliteExecutor;

/// An enrolled participant with an e-mail address.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Destinatario {
    pub cve_inscripcion_ai: i64,
    pub cve_empleado: i64,
    pub nombre: String,
    pub correo: String,
}

/// The enrolled (seat holding) participants of a course who have an e-mail address.
pub async fn participantes<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Vec<Destinatario>> {
    sqlx::query_as(
        "SELECT i.cve_inscripcion_ai, i.cve_empleado, e.nombre_empleado AS nombre, e.correo_empleado AS correo
           FROM cursos_inscripciones i JOIN empleados e ON e.cve_empleado = i.cve_empleado
          WHERE i.cve_curso = ? AND i.estatus = 'inscrito'
            AND e.correo_empleado IS NOT NULL AND TRIM(e.correo_empleado) <> ''
          ORDER BY i.cve_inscripcion_ai",
    )
    .bind(cve_curso)
    .fetch_all(e)
    .await
}

/// The course's instructor (internal or external): name and e-mail address.
pub async fn instructor<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT i.nombre, i.correo FROM cursos c JOIN instructores i ON i.cve_instructor = c.cve_instructor
          WHERE c.cve_curso = ? AND TRIM(i.correo) <> ''",
    )
    .bind(cve_curso)
    .fetch_optional(e)
    .await
}
