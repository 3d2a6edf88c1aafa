//! SQL of a course's activities and their submissions.

use sqlx::SqliteConnection;

/// An activity of a course.
#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize, utoipa::ToSchema)]
pub struct ActividadCurso {
    pub id_actividad_curso: i64,
    pub cve_curso: i64,
    pub titulo: String,
    pub descripcion: String,
    pub fecha_entrega: String,
    /// texto | archivo | imagen | enlace
    pub tipo_evidencia: String,
    pub limite_caracteres: Option<i64>,
}

/// A submission of an activity.
#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize, utoipa::ToSchema)]
pub struct Entrega {
    pub id_entrega: i64,
    pub id_actividad_curso: i64,
    pub cve_inscripcion_ai: i64,
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub texto: Option<String>,
    /// The storage key of a submitted file (served through the download call).
    #[serde(skip)]
    pub archivo: Option<String>,
    pub nombre_archivo: Option<String>,
    pub entregado: String,
    pub calificacion: Option<f64>,
    pub comentario: Option<String>,
}

/// A course's activities by due date.
pub async fn actividades(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> sqlx::Result<Vec<ActividadCurso>> {
    sqlx::query_as(
        "SELECT id_actividad_curso, cve_curso, titulo, descripcion, fecha_entrega, tipo_evidencia, limite_caracteres
           FROM cursos_actividades WHERE cve_curso = ? ORDER BY fecha_entrega, id_actividad_curso",
    )
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// One activity.
pub async fn actividad(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Option<ActividadCurso>> {
    sqlx::query_as(
        "SELECT id_actividad_curso, cve_curso, titulo, descripcion, fecha_entrega, tipo_evidencia, limite_caracteres
           FROM cursos_actividades WHERE id_actividad_curso = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

const ENTREGA_SELECT: &str = "SELECT x.id_entrega, x.id_actividad_curso, x.cve_inscripcion_ai, i.cve_empleado, e.nombre_empleado,
        x.texto, x.archivo, x.nombre_archivo, x.entregado, x.calificacion, x.comentario
   FROM cursos_entregas x JOIN cursos_inscripciones i ON i.cve_inscripcion_ai = x.cve_inscripcion_ai
   JOIN empleados e ON e.cve_empleado = i.cve_empleado";

/// Every submission of a course's activities.
pub async fn entregas(conn: &mut SqliteConnection, cve_curso: i64) -> sqlx::Result<Vec<Entrega>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{ENTREGA_SELECT} WHERE i.cve_curso = ? ORDER BY x.id_actividad_curso, e.nombre_empleado"
    )))
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// One submission.
pub async fn entrega(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Entrega>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{ENTREGA_SELECT} WHERE x.id_entrega = ?"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Submits (or resubmits, clearing its grade) an activity; the file key it replaced.
#[allow(clippy::too_many_arguments)]
pub async fn entregar(
    conn: &mut SqliteConnection,
    id_actividad_curso: i64,
    cve_inscripcion_ai: i64,
    texto: Option<&str>,
    archivo: Option<&str>,
    nombre_archivo: Option<&str>,
    now: &str,
) -> sqlx::Result<Option<String>> {
    let old: Option<Option<String>> = sqlx::query_scalar(
        "SELECT archivo FROM cursos_entregas WHERE id_actividad_curso = ? AND cve_inscripcion_ai = ?",
    )
    .bind(id_actividad_curso)
    .bind(cve_inscripcion_ai)
    .fetch_optional(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO cursos_entregas (id_actividad_curso, cve_inscripcion_ai, texto, archivo, nombre_archivo, entregado)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id_actividad_curso, cve_inscripcion_ai) DO UPDATE SET texto = excluded.texto,
             archivo = excluded.archivo, nombre_archivo = excluded.nombre_archivo, entregado = excluded.entregado,
             calificacion = NULL, comentario = NULL, calificado_por = NULL, fecha_calificacion = NULL",
    )
    .bind(id_actividad_curso)
    .bind(cve_inscripcion_ai)
    .bind(texto)
    .bind(archivo)
    .bind(nombre_archivo)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(old.flatten())
}

/// Grades a submission.
pub async fn calificar(
    conn: &mut SqliteConnection,
    id: i64,
    calificacion: f64,
    comentario: Option<&str>,
    por: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos_entregas SET calificacion = ?, comentario = ?, calificado_por = ?, fecha_calificacion = ?
          WHERE id_entrega = ?",
    )
    .bind(calificacion)
    .bind(comentario)
    .bind(por)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
