//! SQL of the session views: the calendar, today's panel and the online sessions.

use sqlx::SqliteExecutor;

use crate::courses::agenda::{ReunionSesion, SesionPanel};

/// Calendar filters.
#[derive(Debug, Default)]
pub struct FiltroCalendario {
    pub cve_tema: Option<i64>,
    pub modalidad: Option<String>,
    pub cve_instructor: Option<i64>,
    pub con_cancelados: bool,
}

/// Sessions between two company-local dates (inclusive), with the caller's place, as the
/// JSON array the calendar answers (the shape of
/// [`EventoCalendario`](crate::courses::agenda::EventoCalendario), in date and time
/// order). SQLite builds the array itself: a busy month holds thousands of sessions, and one
/// text value costs far less than decoding and re-encoding each row.
pub async fn calendario_json<'e>(
    e: impl SqliteExecutor<'e>,
    desde: &str,
    hasta: &str,
    f: &FiltroCalendario,
    cve_empleado: i64,
) -> sqlx::Result<String> {
    sqlx::query_scalar(
        "SELECT COALESCE(json_group_array(json_object(
                    'id_sesion', s.id_sesion, 'cve_curso', c.cve_curso, 'titulo', c.nombre_corto,
                    'nombre_tema', t.nombre_tema, 'modalidad', c.modalidad, 'estatus', c.estatus,
                    'inicio', s.inicio, 'fin', s.fin, 'fecha', s.fecha, 'hora_inicio', s.hora_inicio,
                    'hora_fin', s.hora_fin, 'sede', se.nombre, 'sala', sa.nombre, 'instructor', i.nombre,
                    'capacidad', c.capacidad, 'inscritos', c.inscritos,
                    'lugares_disponibles', c.capacidad - c.inscritos,
                    'inscrito', json(CASE WHEN mi.estatus = 'inscrito' THEN 'true' ELSE 'false' END),
                    'en_espera', json(CASE WHEN mi.estatus = 'espera' THEN 'true' ELSE 'false' END),
                    'autoinscripcion', json(CASE WHEN c.autoinscripcion = 1 THEN 'true' ELSE 'false' END))
                  ORDER BY s.fecha, s.hora_inicio, s.id_sesion), '[]')
           FROM cursos_sesiones s
           JOIN cursos c ON c.cve_curso = s.cve_curso
           JOIN temas t ON t.cve_tema = c.cve_tema
           LEFT JOIN sedes se ON se.cve_sede = c.cve_sede
           LEFT JOIN salas sa ON sa.cve_sala = c.cve_sala
           LEFT JOIN instructores i ON i.cve_instructor = c.cve_instructor
           LEFT JOIN cursos_inscripciones mi ON mi.cve_curso = c.cve_curso AND mi.cve_empleado = ? AND mi.estatus <> 'cancelada'
          WHERE s.fecha >= ? AND s.fecha <= ?
            AND (? IS NULL OR c.cve_tema = ?)
            AND (? IS NULL OR c.modalidad = ?)
            AND (? IS NULL OR c.cve_instructor = ?)
            AND (? = 1 OR c.estatus <> 'cancelado')",
    )
    .bind(cve_empleado)
    .bind(desde)
    .bind(hasta)
    .bind(f.cve_tema)
    .bind(f.cve_tema)
    .bind(&f.modalidad)
    .bind(&f.modalidad)
    .bind(f.cve_instructor)
    .bind(f.cve_instructor)
    .bind(i64::from(f.con_cancelados))
    .fetch_one(e)
    .await
}

/// The sessions of a company-local day of courses not cancelled; only those an employee
/// teaches when `instructor` is given.
pub async fn panel<'e>(
    e: impl SqliteExecutor<'e>,
    fecha: &str,
    instructor: Option<i64>,
) -> sqlx::Result<Vec<SesionPanel>> {
    sqlx::query_as(
        "SELECT s.id_sesion, c.cve_curso, c.nombre_corto, t.nombre_tema, c.modalidad, s.numero, s.fecha,
                s.hora_inicio, s.hora_fin, s.inicio, s.fin, se.nombre AS sede, sa.nombre AS sala,
                i.nombre AS instructor, c.reunion_url, c.inscritos,
                (SELECT COUNT(*) FROM cursos_inscripciones x WHERE x.cve_curso = c.cve_curso AND x.estatus = 'inscrito' AND x.confirmado = 1) AS confirmados,
                (SELECT COUNT(*) FROM cursos_asistencias a WHERE a.id_sesion = s.id_sesion) AS asistencia_registrada
           FROM cursos_sesiones s
           JOIN cursos c ON c.cve_curso = s.cve_curso
           JOIN temas t ON t.cve_tema = c.cve_tema
           LEFT JOIN sedes se ON se.cve_sede = c.cve_sede
           LEFT JOIN salas sa ON sa.cve_sala = c.cve_sala
           LEFT JOIN instructores i ON i.cve_instructor = c.cve_instructor
          WHERE s.fecha = ? AND c.estatus <> 'cancelado' AND (? IS NULL OR i.cve_empleado = ?)
          ORDER BY s.hora_inicio, s.id_sesion",
    )
    .bind(fecha)
    .bind(instructor)
    .bind(instructor)
    .fetch_all(e)
    .await
}

/// Online sessions (virtual or streaming courses with a meeting link, not cancelled) from
/// one company-local date to another; only those an employee teaches when `instructor` is given.
pub async fn reuniones<'e>(
    e: impl SqliteExecutor<'e>,
    desde: &str,
    hasta: &str,
    instructor: Option<i64>,
) -> sqlx::Result<Vec<ReunionSesion>> {
    sqlx::query_as(
        "SELECT s.id_sesion, c.cve_curso, c.nombre_corto, t.nombre_tema, c.modalidad, s.numero, s.fecha,
                s.hora_inicio, s.hora_fin, s.inicio, s.fin, i.nombre AS instructor, c.reunion_tipo, c.reunion_url,
                c.inscritos
           FROM cursos_sesiones s
           JOIN cursos c ON c.cve_curso = s.cve_curso
           JOIN temas t ON t.cve_tema = c.cve_tema
           LEFT JOIN instructores i ON i.cve_instructor = c.cve_instructor
          WHERE s.fecha >= ? AND s.fecha <= ? AND c.estatus <> 'cancelado'
            AND c.modalidad IN ('VIRTUAL', 'STREAMING') AND c.reunion_url IS NOT NULL
            AND (? IS NULL OR i.cve_empleado = ?)
          ORDER BY s.inicio, s.id_sesion",
    )
    .bind(desde)
    .bind(hasta)
    .bind(instructor)
    .bind(instructor)
    .fetch_all(e)
    .await
}
