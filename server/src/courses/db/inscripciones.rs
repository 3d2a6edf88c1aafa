//! SQL of enrolments: the seat guard, the waiting list, the checks an enrolment passes
//! (employee, same topic, prerequisites) and the participants list.

use sqlx::SqliteConnection;

use crate::table::{Column, Kind, TableDef};

/// What enrolment needs to know of an employee.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EmpleadoCurso {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub activo: i64,
    pub baja_logica: i64,
    pub cve_supervisor: Option<i64>,
}

/// An employee as enrolment sees them.
pub async fn empleado(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Option<EmpleadoCurso>> {
    sqlx::query_as(
        "SELECT cve_empleado, nombre_empleado, activo, baja_logica, cve_supervisor
           FROM empleados WHERE cve_empleado = ?",
    )
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await
}

/// An employee's name ("" when unknown).
pub async fn nombre_empleado(conn: &mut SqliteConnection, cve: i64) -> sqlx::Result<String> {
    let n: Option<String> =
        sqlx::query_scalar("SELECT nombre_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(cve)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(n.unwrap_or_default())
}

/// One enrolment.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Inscripcion {
    pub cve_inscripcion_ai: i64,
    pub cve_curso: i64,
    pub cve_empleado: i64,
    /// inscrito | espera | cancelada
    pub estatus: String,
    pub turno_espera: Option<i64>,
    pub confirmado: i64,
    pub calificacion: Option<f64>,
    pub calificacion_practica: Option<f64>,
    pub calificacion_salida: Option<i64>,
    pub acreditado: Option<i64>,
    pub estatus_material: Option<String>,
}

const INSCRIPCION_COLS: &str =
    "cve_inscripcion_ai, cve_curso, cve_empleado, estatus, turno_espera, confirmado,
    calificacion, calificacion_practica, calificacion_salida, acreditado, estatus_material";

/// One enrolment by its key.
pub async fn inscripcion(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Option<Inscripcion>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {INSCRIPCION_COLS} FROM cursos_inscripciones WHERE cve_inscripcion_ai = ?"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// The employee's current (not cancelled) enrolment in the course.
pub async fn inscripcion_vigente(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
) -> sqlx::Result<Option<Inscripcion>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {INSCRIPCION_COLS} FROM cursos_inscripciones
          WHERE cve_curso = ? AND cve_empleado = ? AND estatus <> 'cancelada'"
    )))
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await
}

/// Another not-cancelled course of the same topic whose dates overlap `[inicio, fin]` where
/// the employee is enrolled, waiting or has a pending request: (nombre_corto, fecha_inicio).
pub async fn conflicto_mismo_tema(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    cve_curso: i64,
    inicio: &str,
    fin: &str,
    cve_empleado: i64,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        // Driven from the employee's few enrolments and requests, not from the topic's
        // courses (thousands in a busy year): `+c.cve_tema` keeps the planner off the topic
        // index.
        "SELECT c.nombre_corto, c.fecha_inicio FROM cursos c
          WHERE c.cve_curso IN (SELECT i.cve_curso FROM cursos_inscripciones i
                                 WHERE i.cve_empleado = ? AND i.estatus <> 'cancelada'
                                UNION ALL
                                SELECT s.cve_curso FROM cursos_solicitudes s
                                 WHERE s.cve_empleado = ? AND s.estatus = 1)
            AND +c.cve_tema = ? AND c.cve_curso <> ? AND c.estatus <> 'cancelado'
            AND c.fecha_inicio <= ? AND c.fecha_fin >= ?
          ORDER BY c.fecha_inicio LIMIT 1",
    )
    .bind(cve_empleado)
    .bind(cve_empleado)
    .bind(cve_tema)
    .bind(cve_curso)
    .bind(fin)
    .bind(inicio)
    .fetch_optional(&mut *conn)
    .await
}

/// A topic's prerequisite topics: (cve_tema, nombre_tema).
pub async fn prerrequisitos(
    conn: &mut SqliteConnection,
    cve_tema: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.nombre_tema FROM temas_prerrequisitos p
           JOIN temas t ON t.cve_tema = p.cve_requisito
          WHERE p.cve_tema = ? ORDER BY t.nombre_tema",
    )
    .bind(cve_tema)
    .fetch_all(&mut *conn)
    .await
}

/// A topic's participant material and manual: (material_participante, nombre_tema).
pub async fn material_tema(
    conn: &mut SqliteConnection,
    cve_tema: i64,
) -> sqlx::Result<Option<(Option<String>, String)>> {
    sqlx::query_as("SELECT material_participante, nombre_tema FROM temas WHERE cve_tema = ?")
        .bind(cve_tema)
        .fetch_optional(&mut *conn)
        .await
}

/// THE seat guard: takes one seat when one is free. False when the course is full.
pub async fn tomar_lugar(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE cursos SET inscritos = inscritos + 1, actualizado = ?
          WHERE cve_curso = ? AND inscritos < capacidad",
    )
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Gives one seat back.
pub async fn liberar_lugar(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos SET inscritos = inscritos - 1, actualizado = ?
          WHERE cve_curso = ? AND inscritos > 0",
    )
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Seats: (capacidad, inscritos) as the transaction sees them.
pub async fn lugares(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as("SELECT capacidad, inscritos FROM cursos WHERE cve_curso = ?")
        .bind(cve_curso)
        .fetch_optional(&mut *conn)
        .await
}

/// Inserts an enrolment holding a seat (the seat must have been taken).
pub async fn insertar_inscrito(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    origen: &str,
    por: Option<i64>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO cursos_inscripciones (cve_curso, cve_empleado, estatus, origen, inscrito_por, creado, actualizado)
         VALUES (?, ?, 'inscrito', ?, ?, ?, ?) RETURNING cve_inscripcion_ai",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(origen)
    .bind(por)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Puts the employee last on the waiting list: (cve_inscripcion_ai, turno_espera).
pub async fn insertar_espera(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    origen: &str,
    por: Option<i64>,
    now: &str,
) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "INSERT INTO cursos_inscripciones (cve_curso, cve_empleado, estatus, turno_espera, origen, inscrito_por, creado, actualizado)
         VALUES (?, ?, 'espera',
                 (SELECT COALESCE(MAX(turno_espera), 0) + 1 FROM cursos_inscripciones WHERE cve_curso = ? AND estatus = 'espera'),
                 ?, ?, ?, ?)
         RETURNING cve_inscripcion_ai, turno_espera",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(cve_curso)
    .bind(origen)
    .bind(por)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// The first in line on the waiting list: (cve_inscripcion_ai, cve_empleado).
pub async fn primero_en_espera(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as(
        "SELECT cve_inscripcion_ai, cve_empleado FROM cursos_inscripciones
          WHERE cve_curso = ? AND estatus = 'espera' ORDER BY turno_espera, cve_inscripcion_ai LIMIT 1",
    )
    .bind(cve_curso)
    .fetch_optional(&mut *conn)
    .await
}

/// Moves a waiting enrolment into a seat (the seat must have been taken).
pub async fn promover(conn: &mut SqliteConnection, id: i64, now: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos_inscripciones SET estatus = 'inscrito', turno_espera = NULL, actualizado = ?
          WHERE cve_inscripcion_ai = ? AND estatus = 'espera'",
    )
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Cancels an enrolment.
pub async fn cancelar(
    conn: &mut SqliteConnection,
    id: i64,
    por: i64,
    motivo: Option<&str>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos_inscripciones SET estatus = 'cancelada', turno_espera = NULL, cancelada_por = ?,
                fecha_cancelacion = ?, motivo_cancelacion = ?, actualizado = ?
          WHERE cve_inscripcion_ai = ?",
    )
    .bind(por)
    .bind(now)
    .bind(motivo)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The CTE that binds the course of the participants list.
pub const CURSO_CTE: &str = "curso_sel(id) AS (SELECT CAST(? AS INTEGER))";

/// The participants of the course of [`CURSO_CTE`] (the cancelled left out).
pub const PARTICIPANTES_DEL_CURSO: &str =
    "i.cve_curso = (SELECT id FROM curso_sel) AND i.estatus <> 'cancelada'";

const ESTATUS_INSCRIPCION: &[(&str, &str)] = &[
    ("inscrito", "Inscrito"),
    ("espera", "Lista de espera"),
    ("cancelada", "Cancelada"),
];

/// A course's participants (table engine).
pub static PARTICIPANTES: TableDef = TableDef {
    name: "participantes",
    from: "cursos_inscripciones i JOIN empleados e ON e.cve_empleado = i.cve_empleado
           LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_inscripcion_ai", "Inscripción", "i.cve_inscripcion_ai"),
        Column::int("cve_empleado", "Clave", "e.cve_empleado"),
        Column::text("num_empleado", "Número", "e.num_empleado"),
        Column::text("nombre_empleado", "Nombre", "e.nombre_empleado"),
        Column::text("puesto", "Puesto", "p.puesto"),
        Column::fixed(
            "estatus",
            "Estatus",
            "i.estatus",
            Kind::Text,
            ESTATUS_INSCRIPCION,
        ),
        Column::int("turno_espera", "Turno", "i.turno_espera"),
        Column::plain("origen", "Origen", "i.origen", Kind::Text),
        Column::flag("confirmado", "Confirmado", "i.confirmado"),
        Column::plain(
            "asistencias",
            "Asistencias",
            "(SELECT COUNT(*) FROM cursos_asistencias a WHERE a.cve_inscripcion_ai = i.cve_inscripcion_ai AND a.asistencia = 2)",
            Kind::Int,
        ),
        Column::plain(
            "sesiones",
            "Sesiones",
            "(SELECT COUNT(*) FROM cursos_sesiones s WHERE s.cve_curso = i.cve_curso)",
            Kind::Int,
        ),
        Column::plain("calificacion", "Calificación", "i.calificacion", Kind::Real),
        Column::plain(
            "calificacion_practica",
            "Práctica",
            "i.calificacion_practica",
            Kind::Real,
        ),
        Column::plain(
            "calificacion_salida",
            "Calificación de salida",
            "i.calificacion_salida",
            Kind::Int,
        ),
        Column::plain("acreditado", "Acreditado", "i.acreditado", Kind::Int),
        Column::plain(
            "estatus_material",
            "Material",
            "i.estatus_material",
            Kind::Text,
        ),
    ],
    date_expr: None,
    default_order: "CASE i.estatus WHEN 'inscrito' THEN 0 ELSE 1 END, i.turno_espera, e.nombre_empleado, i.cve_inscripcion_ai",
    key: "i.cve_inscripcion_ai",
};

/// The profiles (`idperfil`) whose queries see the whole company, so the caller can pick
/// those with a section.
pub async fn perfiles_todos(conn: &mut SqliteConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT idperfil FROM perfiles WHERE alcance = 'todos' ORDER BY idperfil")
        .fetch_all(&mut *conn)
        .await
}

/// An employee's place in a course, as the plan shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct EnCurso {
    pub cve_tema: i64,
    pub cve_curso: i64,
    /// None for a pending request.
    pub cve_inscripcion_ai: Option<i64>,
    /// inscrito | espera | solicitud
    pub accion: String,
    pub estatus_curso: String,
    pub modalidad: String,
    pub fecha_inicio: String,
    pub dias_acceso: i64,
    pub reunion_url: Option<String>,
    pub hora_inicio: Option<String>,
    pub turno_espera: Option<i64>,
    pub confirmado: Option<i64>,
    pub calificacion: Option<f64>,
    pub estatus_material: Option<String>,
    pub material_participante: Option<String>,
}

/// Every enrolment (seat or waiting list) and pending request of an employee in a course
/// that is not cancelled.
pub async fn en_cursos(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Vec<EnCurso>> {
    sqlx::query_as(
        "SELECT c.cve_tema, c.cve_curso, i.cve_inscripcion_ai, i.estatus AS accion, c.estatus AS estatus_curso,
                c.modalidad, c.fecha_inicio, c.dias_acceso, c.reunion_url,
                (SELECT s.hora_inicio FROM cursos_sesiones s WHERE s.cve_curso = c.cve_curso ORDER BY s.numero LIMIT 1) AS hora_inicio,
                i.turno_espera, i.confirmado, i.calificacion, i.estatus_material, t.material_participante
           FROM cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso JOIN temas t ON t.cve_tema = c.cve_tema
          WHERE i.cve_empleado = ? AND i.estatus IN ('inscrito', 'espera') AND c.estatus <> 'cancelado'
         UNION ALL
         SELECT c.cve_tema, c.cve_curso, NULL, 'solicitud', c.estatus, c.modalidad, c.fecha_inicio, c.dias_acceso, c.reunion_url,
                (SELECT s.hora_inicio FROM cursos_sesiones s WHERE s.cve_curso = c.cve_curso ORDER BY s.numero LIMIT 1),
                NULL, NULL, NULL, NULL, t.material_participante
           FROM cursos_solicitudes r JOIN cursos c ON c.cve_curso = r.cve_curso JOIN temas t ON t.cve_tema = c.cve_tema
          WHERE r.cve_empleado = ? AND r.estatus = 1 AND c.estatus <> 'cancelado'",
    )
    .bind(cve_empleado)
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}
