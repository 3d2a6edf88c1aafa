//! The few columns of a course every part of the domain checks before acting.

use sqlx::SqliteExecutor;

/// A course's identity, state and the people responsible for it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CursoBase {
    pub cve_curso: i64,
    pub cve_tema: i64,
    pub nombre_corto: String,
    pub modalidad: String,
    /// programado | cerrado | cancelado
    pub estatus: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub capacidad: i64,
    pub inscritos: i64,
    pub dias_acceso: i64,
    pub modelo_evaluacion: String,
    pub autoinscripcion: i64,
    pub epv: i64,
    pub cve_instructor: Option<i64>,
    /// The instructor's employee number when internal (a platform user).
    pub cve_empleado_instructor: Option<i64>,
    pub cve_analista: Option<i64>,
    pub reunion_url: Option<String>,
}

/// One course's base row, if it exists.
pub async fn curso<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Option<CursoBase>> {
    sqlx::query_as(
        "SELECT c.cve_curso, c.cve_tema, c.nombre_corto, c.modalidad, c.estatus, c.fecha_inicio,
                c.fecha_fin, c.capacidad, c.inscritos, c.dias_acceso, c.modelo_evaluacion,
                c.autoinscripcion, c.epv, c.cve_instructor, i.cve_empleado AS cve_empleado_instructor,
                c.cve_analista, c.reunion_url
           FROM cursos c LEFT JOIN instructores i ON i.cve_instructor = c.cve_instructor
          WHERE c.cve_curso = ?",
    )
    .bind(cve_curso)
    .fetch_optional(e)
    .await
}
