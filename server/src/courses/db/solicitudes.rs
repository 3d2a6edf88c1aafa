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

/// Creates a course-date request with its employees; its key.
pub async fn insertar_fecha(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    solicitado_por: i64,
    fecha_deseada: &str,
    empleados: &[i64],
    comentario: Option<&str>,
    now: &str,
) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO cursos_solicitudes_fecha (cve_tema, solicitado_por, fecha_deseada, participantes, comentario, creado)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING cve_solicitud_curso",
    )
    .bind(cve_tema)
    .bind(solicitado_por)
    .bind(fecha_deseada)
    .bind(empleados.len().max(1) as i64)
    .bind(comentario)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    for e in empleados {
        sqlx::query(
            "INSERT INTO cursos_solicitudes_fecha_empleados (cve_solicitud_curso, cve_empleado) VALUES (?, ?)",
        )
        .bind(id)
        .bind(e)
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

/// A course-date request with its topic's and requester's names.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SolicitudFecha {
    pub cve_solicitud_curso: i64,
    pub estado: String,
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub fecha_deseada: String,
    pub participantes: i64,
    pub comentario: Option<String>,
    pub solicitado_por: i64,
    pub nombre_solicitante: String,
    pub motivo: Option<String>,
    pub cve_curso: Option<i64>,
}

/// One course-date request.
pub async fn solicitud_fecha(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Option<SolicitudFecha>> {
    sqlx::query_as(
        "SELECT f.cve_solicitud_curso, f.estado, f.cve_tema, t.nombre_tema, f.fecha_deseada, f.participantes,
                f.comentario, f.solicitado_por, e.nombre_empleado AS nombre_solicitante, f.motivo, f.cve_curso
           FROM cursos_solicitudes_fecha f
           JOIN temas t ON t.cve_tema = f.cve_tema
           JOIN empleados e ON e.cve_empleado = f.solicitado_por
          WHERE f.cve_solicitud_curso = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// The employees of a course-date request: (cve_empleado, nombre_empleado).
pub async fn empleados_fecha(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.nombre_empleado FROM cursos_solicitudes_fecha_empleados x
           JOIN empleados e ON e.cve_empleado = x.cve_empleado
          WHERE x.cve_solicitud_curso = ? ORDER BY e.nombre_empleado",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
}

/// Resolves a pending course-date request (Rechazado, or Aceptado with its course). False
/// when it was not pending.
pub async fn resolver_fecha(
    conn: &mut SqliteConnection,
    id: i64,
    estado: &str,
    por: Option<i64>,
    motivo: Option<&str>,
    cve_curso: Option<i64>,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE cursos_solicitudes_fecha SET estado = ?, resuelta_por = ?, fecha_resolucion = ?, motivo = ?,
                cve_curso = COALESCE(?, cve_curso)
          WHERE cve_solicitud_curso = ? AND estado = 'Pendiente'",
    )
    .bind(estado)
    .bind(por)
    .bind(now)
    .bind(motivo)
    .bind(cve_curso)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

const ESTADOS_FECHA: &[(&str, &str)] = &[
    ("Pendiente", "Pendiente"),
    ("Rechazado", "Rechazado"),
    ("Aceptado", "Aceptado"),
];

/// Course-date requests (table engine).
pub static SOLICITUDES_FECHA: crate::table::TableDef = crate::table::TableDef {
    name: "solicitudes_curso",
    from: "cursos_solicitudes_fecha f JOIN temas t ON t.cve_tema = f.cve_tema
           JOIN empleados e ON e.cve_empleado = f.solicitado_por",
    count: crate::table::Conteo::Aparte,
    columns: &[
        crate::table::Column::int("cve_solicitud_curso", "Folio", "f.cve_solicitud_curso"),
        crate::table::Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        crate::table::Column::int("fecha_deseada", "Fecha deseada", "f.fecha_deseada"),
        crate::table::Column::int("participantes", "Participantes", "f.participantes"),
        crate::table::Column::text("nombre_solicitante", "Solicitante", "e.nombre_empleado"),
        crate::table::Column::fixed(
            "estado",
            "Estado",
            "f.estado",
            crate::table::Kind::Text,
            ESTADOS_FECHA,
        ),
        crate::table::Column::plain(
            "comentario",
            "Comentario",
            "f.comentario",
            crate::table::Kind::Text,
        ),
        crate::table::Column::int("cve_curso", "Curso", "f.cve_curso"),
        crate::table::Column::int("creado", "Solicitada", "f.creado"),
    ],
    date_expr: Some("f.fecha_deseada"),
    default_order: "CASE f.estado WHEN 'Pendiente' THEN 0 ELSE 1 END, f.fecha_deseada, f.cve_solicitud_curso",
    key: "f.cve_solicitud_curso",
};

/// The filter of one state (`filtersEXT.estado`).
pub const ESTADO_FECHA: &str = "f.estado = ?";
