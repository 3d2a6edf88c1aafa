//! SQL of the two-step enrolment requests (`cursos_solicitudes`).

use sqlx::SqliteConnection;

/// A request as the state machine needs it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Solicitud {
    pub idsolicitud: i64,
    pub cve_curso: i64,
    pub cve_empleado: i64,
    pub solicitado_por: i64,
    pub cve_supervisor: Option<i64>,
    pub cve_analista: Option<i64>,
    /// coordinador | analista | resuelta
    pub etapa: String,
    /// 1 pending, 2 rejected, 3 accepted
    pub estatus: i64,
}

/// Creates a pending request at `etapa`; a pending one for the same employee and course
/// fails with a unique violation.
#[allow(clippy::too_many_arguments)]
pub async fn insertar(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    solicitado_por: i64,
    cve_supervisor: Option<i64>,
    cve_analista: Option<i64>,
    etapa: &str,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO cursos_solicitudes (cve_curso, cve_empleado, solicitado_por, cve_supervisor, cve_analista, etapa, estatus, creado)
         VALUES (?, ?, ?, ?, ?, ?, 1, ?) RETURNING idsolicitud",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(solicitado_por)
    .bind(cve_supervisor)
    .bind(cve_analista)
    .bind(etapa)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// One request.
pub async fn solicitud(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Solicitud>> {
    sqlx::query_as(
        "SELECT idsolicitud, cve_curso, cve_empleado, solicitado_por, cve_supervisor, cve_analista, etapa, estatus
           FROM cursos_solicitudes WHERE idsolicitud = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// Whether the employee has a pending request for the course.
pub async fn pendiente(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT idsolicitud FROM cursos_solicitudes WHERE cve_curso = ? AND cve_empleado = ? AND estatus = 1",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// The coordinator's acceptance: the request waits for the analyst. False when it was no
/// longer waiting for the coordinator.
pub async fn pasar_a_analista(
    conn: &mut SqliteConnection,
    id: i64,
    cve_coordinador: i64,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE cursos_solicitudes SET etapa = 'analista', cve_coordinador = ?, fecha_coordinador = ?
          WHERE idsolicitud = ? AND etapa = 'coordinador' AND estatus = 1",
    )
    .bind(cve_coordinador)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Resolves a pending request (estatus 2 rejected, 3 accepted). False when it was resolved
/// already.
pub async fn resolver(
    conn: &mut SqliteConnection,
    id: i64,
    estatus: i64,
    por: i64,
    motivo: Option<&str>,
    cve_inscripcion_ai: Option<i64>,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE cursos_solicitudes SET etapa = 'resuelta', estatus = ?, resuelta_por = ?, fecha_resolucion = ?,
                motivo = ?, cve_inscripcion_ai = ?
          WHERE idsolicitud = ? AND estatus = 1",
    )
    .bind(estatus)
    .bind(por)
    .bind(now)
    .bind(motivo)
    .bind(cve_inscripcion_ai)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Rejects every pending request of a course (when it is cancelled).
pub async fn rechazar_pendientes_del_curso(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    por: Option<i64>,
    motivo: &str,
    now: &str,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "UPDATE cursos_solicitudes SET etapa = 'resuelta', estatus = 2, resuelta_por = ?, fecha_resolucion = ?, motivo = ?
          WHERE cve_curso = ? AND estatus = 1 RETURNING cve_empleado",
    )
    .bind(por)
    .bind(now)
    .bind(motivo)
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// The names and course facts the notification modal shows of a request.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct VistaRow {
    pub idsolicitud: i64,
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub cve_supervisor: Option<i64>,
    pub nombre_supervisor: Option<String>,
    pub cve_analista: Option<i64>,
    pub nombre_analista: Option<String>,
    pub cve_instructor: Option<i64>,
    pub nombre_instructor: Option<String>,
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub fecha_curso: String,
    pub hora_inicio: Option<String>,
    pub hora_fin: Option<String>,
    pub nombre_sala: Option<String>,
    pub estatus: i64,
    pub etapa: String,
}

/// A request with the names it shows.
pub async fn vista(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<VistaRow>> {
    sqlx::query_as(
        "SELECT s.idsolicitud, s.cve_empleado, e.nombre_empleado, s.cve_supervisor, sup.nombre_empleado AS nombre_supervisor,
                s.cve_analista, an.nombre_empleado AS nombre_analista, c.cve_instructor, ins.nombre AS nombre_instructor,
                c.cve_curso, c.nombre_corto AS nombre_curso, c.fecha_inicio AS fecha_curso,
                (SELECT ses.hora_inicio FROM cursos_sesiones ses WHERE ses.cve_curso = c.cve_curso ORDER BY ses.numero LIMIT 1) AS hora_inicio,
                (SELECT ses.hora_fin FROM cursos_sesiones ses WHERE ses.cve_curso = c.cve_curso ORDER BY ses.numero LIMIT 1) AS hora_fin,
                sa.nombre AS nombre_sala, s.estatus, s.etapa
           FROM cursos_solicitudes s
           JOIN cursos c ON c.cve_curso = s.cve_curso
           JOIN empleados e ON e.cve_empleado = s.cve_empleado
           LEFT JOIN empleados sup ON sup.cve_empleado = s.cve_supervisor
           LEFT JOIN empleados an ON an.cve_empleado = s.cve_analista
           LEFT JOIN instructores ins ON ins.cve_instructor = c.cve_instructor
           LEFT JOIN salas sa ON sa.cve_sala = c.cve_sala
          WHERE s.idsolicitud = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}
