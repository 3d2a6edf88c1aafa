//! SQL of scheduling: the topic's defaults, the references a course names, double-booking
//! checks, writing a course with its sessions and activities, cancelling it, and its detail.

use sqlx::{Row, SqliteConnection, SqliteExecutor};

use crate::courses::types::{CursoDetalle, MiInscripcion, SesionCurso};

/// What scheduling reads of a topic.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TemaCurso {
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub abreviatura: String,
    pub modalidad: String,
    pub activo: i64,
    pub requiere_sala: i64,
    pub requiere_instructor: i64,
    pub min_participantes: i64,
    pub max_participantes: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    pub calificacion_minima_practica: Option<f64>,
    pub horas_sesion: f64,
    pub dias_duracion: i64,
}

/// A topic as scheduling reads it.
pub async fn tema<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Option<TemaCurso>> {
    sqlx::query_as(
        "SELECT cve_tema, nombre_tema, abreviatura, modalidad, activo, requiere_sala, requiere_instructor,
                min_participantes, max_participantes, modelo_evaluacion, calificacion_minima,
                calificacion_minima_practica, horas_sesion, dias_duracion
           FROM temas WHERE cve_tema = ?",
    )
    .bind(cve_tema)
    .fetch_optional(e)
    .await
}

/// A room: (its venue, seats, active).
pub async fn sala<'e>(
    e: impl SqliteExecutor<'e>,
    cve_sala: i64,
) -> sqlx::Result<Option<(i64, i64, i64)>> {
    sqlx::query_as("SELECT cve_sede, capacidad, activo FROM salas WHERE cve_sala = ?")
        .bind(cve_sala)
        .fetch_optional(e)
        .await
}

/// Whether an active venue exists.
pub async fn sede_activa<'e>(e: impl SqliteExecutor<'e>, cve_sede: i64) -> sqlx::Result<bool> {
    let f: Option<i64> =
        sqlx::query_scalar("SELECT cve_sede FROM sedes WHERE cve_sede = ? AND activo = 1")
            .bind(cve_sede)
            .fetch_optional(e)
            .await?;
    Ok(f.is_some())
}

/// Whether an active instructor exists.
pub async fn instructor_activo<'e>(
    e: impl SqliteExecutor<'e>,
    cve_instructor: i64,
) -> sqlx::Result<bool> {
    let f: Option<i64> = sqlx::query_scalar(
        "SELECT cve_instructor FROM instructores WHERE cve_instructor = ? AND activo = 1",
    )
    .bind(cve_instructor)
    .fetch_optional(e)
    .await?;
    Ok(f.is_some())
}

/// Whether an active plant exists.
pub async fn planta_activa<'e>(e: impl SqliteExecutor<'e>, cve_planta: i64) -> sqlx::Result<bool> {
    let f: Option<i64> =
        sqlx::query_scalar("SELECT cve_planta FROM plantas WHERE cve_planta = ? AND activo = 1")
            .bind(cve_planta)
            .fetch_optional(e)
            .await?;
    Ok(f.is_some())
}

/// Whether an employee exists (the course's analyst).
pub async fn empleado_existe<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<bool> {
    let f: Option<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(cve_empleado)
            .fetch_optional(e)
            .await?;
    Ok(f.is_some())
}

/// The session of another not-cancelled course that clashes with [inicio, fin).
#[derive(Debug, sqlx::FromRow)]
pub struct Choque {
    pub cve_curso: i64,
    pub nombre_corto: String,
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
}

/// A session of another not-cancelled course in the same room overlapping [inicio, fin)
/// (UTC), if any.
pub async fn choque_sala<'e>(
    e: impl SqliteExecutor<'e>,
    cve_sala: i64,
    inicio: &str,
    fin: &str,
    excluir: i64,
) -> sqlx::Result<Option<Choque>> {
    sqlx::query_as(
        "SELECT c.cve_curso, c.nombre_corto, s.fecha, s.hora_inicio, s.hora_fin
           FROM cursos_sesiones s JOIN cursos c ON c.cve_curso = s.cve_curso
          WHERE s.cve_sala = ? AND s.inicio < ? AND s.fin > ? AND c.estatus <> 'cancelado' AND c.cve_curso <> ?
          ORDER BY s.inicio LIMIT 1",
    )
    .bind(cve_sala)
    .bind(fin)
    .bind(inicio)
    .bind(excluir)
    .fetch_optional(e)
    .await
}

/// A session of another not-cancelled course with the same instructor overlapping
/// [inicio, fin) (UTC), if any.
pub async fn choque_instructor<'e>(
    e: impl SqliteExecutor<'e>,
    cve_instructor: i64,
    inicio: &str,
    fin: &str,
    excluir: i64,
) -> sqlx::Result<Option<Choque>> {
    sqlx::query_as(
        "SELECT c.cve_curso, c.nombre_corto, s.fecha, s.hora_inicio, s.hora_fin
           FROM cursos_sesiones s JOIN cursos c ON c.cve_curso = s.cve_curso
          WHERE s.cve_instructor = ? AND s.inicio < ? AND s.fin > ? AND c.estatus <> 'cancelado' AND c.cve_curso <> ?
          ORDER BY s.inicio LIMIT 1",
    )
    .bind(cve_instructor)
    .bind(fin)
    .bind(inicio)
    .bind(excluir)
    .fetch_optional(e)
    .await
}

/// A course row as scheduling writes it.
#[derive(Debug, Clone)]
pub struct FilaCurso {
    pub cve_tema: i64,
    pub nombre_corto: String,
    pub modalidad: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub cve_planta: Option<i64>,
    pub cve_sede: Option<i64>,
    pub cve_sala: Option<i64>,
    pub cve_instructor: Option<i64>,
    pub cve_analista: Option<i64>,
    pub capacidad: i64,
    pub dias_acceso: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    pub calificacion_minima_practica: Option<f64>,
    pub autoinscripcion: i64,
    pub epv: i64,
    pub moneda: String,
    pub tipo_cambio: f64,
    pub costos: [i64; 5],
    pub reunion_tipo: String,
    pub reunion_url: Option<String>,
    pub reunion_id: Option<String>,
    pub cve_solicitud_curso: Option<i64>,
    pub copia_de: Option<i64>,
}

/// A session row as scheduling writes it.
#[derive(Debug, Clone)]
pub struct FilaSesion {
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
    pub inicio: String,
    pub fin: String,
}

/// Inserts a course; its `cve_curso`.
pub async fn insert_curso(
    conn: &mut SqliteConnection,
    f: &FilaCurso,
    creado_por: i64,
    now: &str,
) -> sqlx::Result<i64> {
    let row = bind_fila(
        sqlx::query(
            "INSERT INTO cursos (cve_tema, nombre_corto, modalidad, fecha_inicio, fecha_fin, cve_planta, cve_sede,
             cve_sala, cve_instructor, cve_analista, capacidad, dias_acceso, modelo_evaluacion, calificacion_minima,
             calificacion_minima_practica, autoinscripcion, epv, moneda, tipo_cambio, costo_instructor,
             costo_coffee_break, costo_impresiones, costo_renta_sala, costo_otros, costo_total, reunion_tipo,
             reunion_url, reunion_id, cve_solicitud_curso, copia_de, creado_por, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         RETURNING cve_curso",
        ),
        f,
    )
    .bind(f.cve_solicitud_curso)
    .bind(f.copia_de)
    .bind(creado_por)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    row.try_get(0)
}

/// Binds the fields a course's INSERT and UPDATE share, in their column order (topic …
/// meeting id; the total cost computed from the five costs).
fn bind_fila<'q>(
    q: sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments>,
    f: &'q FilaCurso,
) -> sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments> {
    let total: i64 = f.costos.iter().sum();
    q.bind(f.cve_tema)
        .bind(&f.nombre_corto)
        .bind(&f.modalidad)
        .bind(&f.fecha_inicio)
        .bind(&f.fecha_fin)
        .bind(f.cve_planta)
        .bind(f.cve_sede)
        .bind(f.cve_sala)
        .bind(f.cve_instructor)
        .bind(f.cve_analista)
        .bind(f.capacidad)
        .bind(f.dias_acceso)
        .bind(&f.modelo_evaluacion)
        .bind(f.calificacion_minima)
        .bind(f.calificacion_minima_practica)
        .bind(f.autoinscripcion)
        .bind(f.epv)
        .bind(&f.moneda)
        .bind(f.tipo_cambio)
        .bind(f.costos[0])
        .bind(f.costos[1])
        .bind(f.costos[2])
        .bind(f.costos[3])
        .bind(f.costos[4])
        .bind(total)
        .bind(&f.reunion_tipo)
        .bind(&f.reunion_url)
        .bind(&f.reunion_id)
}

/// Rewrites an open course's fields (seats taken are kept).
pub async fn update_curso(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    f: &FilaCurso,
    now: &str,
) -> sqlx::Result<()> {
    bind_fila(
        sqlx::query(
            "UPDATE cursos SET cve_tema = ?, nombre_corto = ?, modalidad = ?, fecha_inicio = ?, fecha_fin = ?,
             cve_planta = ?, cve_sede = ?, cve_sala = ?, cve_instructor = ?, cve_analista = ?, capacidad = ?,
             dias_acceso = ?, modelo_evaluacion = ?, calificacion_minima = ?, calificacion_minima_practica = ?,
             autoinscripcion = ?, epv = ?, moneda = ?, tipo_cambio = ?, costo_instructor = ?, costo_coffee_break = ?,
             costo_impresiones = ?, costo_renta_sala = ?, costo_otros = ?, costo_total = ?, reunion_tipo = ?,
             reunion_url = ?, reunion_id = ?, actualizado = ?
         WHERE cve_curso = ?",
        ),
        f,
    )
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Writes a course's sessions by number (kept sessions keep their id and attendance),
/// dropping numbers beyond the new count; each carries the course's room and instructor.
pub async fn write_sesiones(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    sesiones: &[FilaSesion],
    cve_sala: Option<i64>,
    cve_instructor: Option<i64>,
) -> sqlx::Result<()> {
    for (i, s) in sesiones.iter().enumerate() {
        sqlx::query(
            "INSERT INTO cursos_sesiones (cve_curso, numero, fecha, hora_inicio, hora_fin, inicio, fin, cve_sala, cve_instructor)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (cve_curso, numero) DO UPDATE SET fecha = excluded.fecha, hora_inicio = excluded.hora_inicio,
                 hora_fin = excluded.hora_fin, inicio = excluded.inicio, fin = excluded.fin,
                 cve_sala = excluded.cve_sala, cve_instructor = excluded.cve_instructor",
        )
        .bind(cve_curso)
        .bind(i as i64 + 1)
        .bind(&s.fecha)
        .bind(&s.hora_inicio)
        .bind(&s.hora_fin)
        .bind(&s.inicio)
        .bind(&s.fin)
        .bind(cve_sala)
        .bind(cve_instructor)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("DELETE FROM cursos_sesiones WHERE cve_curso = ? AND numero > ?")
        .bind(cve_curso)
        .bind(sesiones.len() as i64)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Copies the topic's activities as the course's dated tasks (due = fecha_inicio + dias_entrega).
pub async fn copy_actividades(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_tema: i64,
    fecha_inicio: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO cursos_actividades (cve_curso, id_actividad, titulo, descripcion, fecha_entrega, tipo_evidencia, limite_caracteres)
         SELECT ?, a.id_actividad, a.titulo, a.descripcion, date(?, '+' || a.dias_entrega || ' days'), a.tipo_evidencia, a.limite_caracteres
           FROM actividades_temas a WHERE a.cve_tema = ? ORDER BY a.id_actividad",
    )
    .bind(cve_curso)
    .bind(fecha_inicio)
    .bind(cve_tema)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// After an edit: a new topic replaces the activities; the same topic moves their due dates
/// with the first session.
pub async fn refresh_actividades(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_tema: i64,
    tema_cambio: bool,
    fecha_inicio: &str,
) -> sqlx::Result<()> {
    if tema_cambio {
        sqlx::query("DELETE FROM cursos_actividades WHERE cve_curso = ?")
            .bind(cve_curso)
            .execute(&mut *conn)
            .await?;
        return copy_actividades(conn, cve_curso, cve_tema, fecha_inicio).await;
    }
    sqlx::query(
        "UPDATE cursos_actividades SET fecha_entrega = date(?, '+' || (SELECT a.dias_entrega FROM actividades_temas a
             WHERE a.id_actividad = cursos_actividades.id_actividad) || ' days')
          WHERE cve_curso = ? AND id_actividad IS NOT NULL",
    )
    .bind(fecha_inicio)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// People waiting for a seat.
pub async fn en_espera<'e>(e: impl SqliteExecutor<'e>, cve_curso: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM cursos_inscripciones WHERE cve_curso = ? AND estatus = 'espera'",
    )
    .bind(cve_curso)
    .fetch_one(e)
    .await
}

/// Cancels a course: status and reason, rooms and instructors freed from its sessions, every
/// enrolment and waiting place cancelled, pending requests rejected, no seat taken. The
/// employees who held a place or a pending request (to notify).
pub async fn cancel_curso(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    motivo: &str,
    por: i64,
    now: &str,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query(
        "UPDATE cursos SET estatus = 'cancelado', motivo_cancelacion = ?, inscritos = 0, actualizado = ? WHERE cve_curso = ?",
    )
    .bind(motivo)
    .bind(now)
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE cursos_sesiones SET cve_sala = NULL, cve_instructor = NULL WHERE cve_curso = ?",
    )
    .bind(cve_curso)
    .execute(&mut *conn)
    .await?;
    let mut gente: Vec<i64> = sqlx::query_scalar(
        "UPDATE cursos_inscripciones SET estatus = 'cancelada', turno_espera = NULL, cancelada_por = ?,
                fecha_cancelacion = ?, motivo_cancelacion = ?, actualizado = ?
          WHERE cve_curso = ? AND estatus <> 'cancelada' RETURNING cve_empleado",
    )
    .bind(por)
    .bind(now)
    .bind(motivo)
    .bind(now)
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await?;
    let solicitantes: Vec<i64> = sqlx::query_scalar(
        "UPDATE cursos_solicitudes SET etapa = 'resuelta', estatus = 2, resuelta_por = ?, fecha_resolucion = ?, motivo = ?
          WHERE cve_curso = ? AND estatus = 1 RETURNING cve_empleado",
    )
    .bind(por)
    .bind(now)
    .bind(motivo)
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await?;
    gente.extend(solicitantes);
    gente.sort_unstable();
    gente.dedup();
    Ok(gente)
}

/// A course's detail row (without sessions, permissions and the caller's enrolment).
pub async fn detalle<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Option<CursoDetalle>> {
    sqlx::query_as(
        "SELECT c.cve_curso, c.cve_tema, t.nombre_tema, t.abreviatura, c.nombre_corto, c.modalidad, c.estatus,
                c.fecha_inicio, c.fecha_fin, c.cve_planta, p.nombre AS nombre_planta, c.cve_sede, se.nombre AS nombre_sede,
                c.cve_sala, sa.nombre AS nombre_sala, c.cve_instructor, i.nombre AS nombre_instructor,
                COALESCE(i.interno, 0) = 1 AS instructor_interno, c.cve_analista, an.nombre_empleado AS nombre_analista,
                c.capacidad, c.inscritos, c.capacidad - c.inscritos AS lugares_disponibles,
                (SELECT COUNT(*) FROM cursos_inscripciones x WHERE x.cve_curso = c.cve_curso AND x.estatus = 'espera') AS en_espera,
                c.dias_acceso, c.modelo_evaluacion, c.calificacion_minima, c.calificacion_minima_practica,
                c.autoinscripcion, c.epv, c.estatus_epv, c.moneda, c.tipo_cambio, c.costo_instructor,
                c.costo_coffee_break, c.costo_impresiones, c.costo_renta_sala, c.costo_otros, c.costo_total,
                c.reunion_tipo, c.reunion_url, c.comentarios_instructor, c.lista_asistencia IS NOT NULL AS lista_asistencia,
                c.cve_solicitud_curso, c.copia_de, c.motivo_cancelacion, c.fecha_cierre,
                CASE WHEN c.estatus = 'cerrado' THEN '1' ELSE '0' END AS curso_cerrado
           FROM cursos c JOIN temas t ON t.cve_tema = c.cve_tema
           LEFT JOIN plantas p ON p.cve_planta = c.cve_planta
           LEFT JOIN sedes se ON se.cve_sede = c.cve_sede
           LEFT JOIN salas sa ON sa.cve_sala = c.cve_sala
           LEFT JOIN instructores i ON i.cve_instructor = c.cve_instructor
           LEFT JOIN empleados an ON an.cve_empleado = c.cve_analista
          WHERE c.cve_curso = ?",
    )
    .bind(cve_curso)
    .fetch_optional(e)
    .await
}

/// A course's sessions in order.
pub async fn sesiones<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Vec<SesionCurso>> {
    sqlx::query_as(
        "SELECT id_sesion, numero, fecha, hora_inicio, hora_fin, inicio, fin FROM cursos_sesiones
          WHERE cve_curso = ? ORDER BY numero",
    )
    .bind(cve_curso)
    .fetch_all(e)
    .await
}

/// An employee's current (not cancelled) enrolment in a course.
pub async fn inscripcion_de<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
    cve_empleado: i64,
) -> sqlx::Result<Option<MiInscripcion>> {
    sqlx::query_as(
        "SELECT cve_inscripcion_ai, estatus, turno_espera, confirmado FROM cursos_inscripciones
          WHERE cve_curso = ? AND cve_empleado = ? AND estatus <> 'cancelada'",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_optional(e)
    .await
}

/// The provider's id of a course's meeting.
pub async fn reunion_id<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Option<String>> {
    let r: Option<Option<String>> =
        sqlx::query_scalar("SELECT reunion_id FROM cursos WHERE cve_curso = ?")
            .bind(cve_curso)
            .fetch_optional(e)
            .await?;
    Ok(r.flatten())
}

/// Sets an EPV course's publication state.
pub async fn set_estatus_epv<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
    estatus_epv: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cursos SET estatus_epv = ?, actualizado = ? WHERE cve_curso = ?")
        .bind(estatus_epv)
        .bind(now)
        .bind(cve_curso)
        .execute(e)
        .await?;
    Ok(())
}

/// A course's pass marks.
pub async fn minimas<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<crate::courses::closing::Minimas> {
    let (calificacion, practica): (Option<f64>, Option<f64>) = sqlx::query_as(
        "SELECT calificacion_minima, calificacion_minima_practica FROM cursos WHERE cve_curso = ?",
    )
    .bind(cve_curso)
    .fetch_one(e)
    .await?;
    Ok(crate::courses::closing::Minimas {
        calificacion,
        practica,
    })
}

/// The courses an employee teaches as internal instructor, newest first.
pub async fn del_instructor<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<crate::courses::instructor::CursoInstructor>> {
    sqlx::query_as(
        "SELECT c.cve_curso, t.nombre_tema AS nombre, c.nombre_corto AS nombre_nombre_corto, c.fecha_inicio AS fecha_curso,
                c.comentarios_instructor, CASE WHEN c.estatus = 'cerrado' THEN '1' ELSE '0' END AS curso_cerrado
           FROM cursos c JOIN temas t ON t.cve_tema = c.cve_tema
           JOIN instructores i ON i.cve_instructor = c.cve_instructor
          WHERE i.cve_empleado = ? AND c.estatus <> 'cancelado'
          ORDER BY c.fecha_inicio DESC, c.cve_curso DESC",
    )
    .bind(cve_empleado)
    .fetch_all(e)
    .await
}

/// Saves an instructor's comments.
pub async fn set_comentarios<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
    texto: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos SET comentarios_instructor = ?, actualizado = ? WHERE cve_curso = ?",
    )
    .bind(texto)
    .bind(now)
    .bind(cve_curso)
    .execute(e)
    .await?;
    Ok(())
}
