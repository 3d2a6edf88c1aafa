//! Course survey answers: one participation per participant and course (the "once only"
//! guard is its primary key), the option chosen per question, the results of a set of
//! courses, and the courses whose survey an employee may answer now.

use sqlx::{SqliteConnection, SqliteExecutor};

/// Which courses a results query covers. Every field is optional; `instructor_empleado`
/// limits to the courses an employee teaches (an Instructor's own scope).
#[derive(Clone, Debug, Default)]
pub struct Filtro {
    pub cve_curso: Option<i64>,
    pub cve_instructor: Option<i64>,
    pub cve_tema: Option<i64>,
    pub id_encuesta: Option<i64>,
    pub desde: Option<String>,
    pub hasta: Option<String>,
    pub instructor_empleado: Option<i64>,
}

/// The courses of a results query with their current template (`sel`): not cancelled, the
/// filters (?1 course, ?2 instructor, ?3 topic, ?4 template, ?5–?6 first-session dates,
/// ?7 the teaching employee), and — unless one course is asked for — only courses with a
/// template or answers.
const SEL: &str = "WITH sel AS (
    SELECT c.cve_curso, COALESCE(a.id_encuesta, t.id_encuesta) AS id_encuesta
      FROM cursos c
      LEFT JOIN encuestas_cursos_asignaciones a ON a.cve_curso = c.cve_curso
      LEFT JOIN encuestas_cursos_temas t ON t.cve_tema = c.cve_tema
     WHERE c.estatus <> 'cancelado'
       AND (?1 IS NULL OR c.cve_curso = ?1)
       AND (?2 IS NULL OR c.cve_instructor = ?2)
       AND (?3 IS NULL OR c.cve_tema = ?3)
       AND (?5 IS NULL OR c.fecha_inicio >= ?5)
       AND (?6 IS NULL OR c.fecha_inicio <= ?6)
       AND (?7 IS NULL OR c.cve_instructor IN (SELECT i.cve_instructor FROM instructores i WHERE i.cve_empleado = ?7))
       AND (?1 IS NOT NULL OR COALESCE(a.id_encuesta, t.id_encuesta) IS NOT NULL
            OR EXISTS (SELECT 1 FROM encuestas_cursos_participaciones p WHERE p.cve_curso = c.cve_curso))
       AND (?4 IS NULL OR COALESCE(a.id_encuesta, t.id_encuesta) = ?4
            OR EXISTS (SELECT 1 FROM encuestas_cursos_participaciones p
                        WHERE p.cve_curso = c.cve_curso AND p.id_encuesta = ?4)))";

macro_rules! bind_filtro {
    ($q:expr, $f:expr) => {
        $q.bind($f.cve_curso)
            .bind($f.cve_instructor)
            .bind($f.cve_tema)
            .bind($f.id_encuesta)
            .bind($f.desde.as_deref())
            .bind($f.hasta.as_deref())
            .bind($f.instructor_empleado)
    };
}

/// (courses, enrolled participants, participants who answered) of a results query.
pub async fn conteos(conn: &mut SqliteConnection, f: &Filtro) -> sqlx::Result<(i64, i64, i64)> {
    let sql = format!(
        "{SEL} SELECT
            (SELECT COUNT(*) FROM sel),
            (SELECT COUNT(*) FROM cursos_inscripciones i JOIN sel ON sel.cve_curso = i.cve_curso
              WHERE i.estatus = 'inscrito'),
            (SELECT COUNT(*) FROM encuestas_cursos_participaciones p JOIN sel ON sel.cve_curso = p.cve_curso
              WHERE ?4 IS NULL OR p.id_encuesta = ?4)"
    );
    bind_filtro!(sqlx::query_as(sqlx::AssertSqlSafe(sql)), f)
        .fetch_one(&mut *conn)
        .await
}

/// The templates a results query shows: the courses' current ones and those answered.
pub async fn plantillas(
    conn: &mut SqliteConnection,
    f: &Filtro,
) -> sqlx::Result<Vec<(i64, String)>> {
    let sql = format!(
        "{SEL} SELECT e.id_encuesta, e.nombre FROM encuestas_cursos e
          WHERE (?4 IS NULL OR e.id_encuesta = ?4)
            AND (e.id_encuesta IN (SELECT sel.id_encuesta FROM sel)
                 OR e.id_encuesta IN (SELECT p.id_encuesta FROM encuestas_cursos_participaciones p
                                        JOIN sel ON sel.cve_curso = p.cve_curso))
          ORDER BY e.nombre, e.id_encuesta"
    );
    bind_filtro!(sqlx::query_as(sqlx::AssertSqlSafe(sql)), f)
        .fetch_all(&mut *conn)
        .await
}

/// (id_pregunta, option 1–4, how many chose it) over the courses of a results query.
pub async fn cantidades(
    conn: &mut SqliteConnection,
    f: &Filtro,
) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    let sql = format!(
        "{SEL} SELECT r.id_pregunta, r.respuesta, COUNT(*) FROM encuestas_cursos_respuestas r
           JOIN sel ON sel.cve_curso = r.cve_curso
          GROUP BY r.id_pregunta, r.respuesta"
    );
    bind_filtro!(sqlx::query_as(sqlx::AssertSqlSafe(sql)), f)
        .fetch_all(&mut *conn)
        .await
}

/// The template a participant answered in a course, if they did.
pub async fn participacion<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
    cve_empleado: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT id_encuesta FROM encuestas_cursos_participaciones WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_optional(e)
    .await
}

/// A participant's chosen options in a course: (id_pregunta, option).
pub async fn elegidas<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT id_pregunta, respuesta FROM encuestas_cursos_respuestas WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_all(e)
    .await
}

/// Records that a participant answered a course's survey; false when they already had.
pub async fn insertar_participacion(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    id_encuesta: i64,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "INSERT INTO encuestas_cursos_participaciones (cve_curso, cve_empleado, id_encuesta, creado)
         VALUES (?, ?, ?, ?) ON CONFLICT (cve_curso, cve_empleado) DO NOTHING",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(id_encuesta)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Records the option a participant chose for one question.
pub async fn insertar_respuesta(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    id_pregunta: i64,
    respuesta: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO encuestas_cursos_respuestas (cve_curso, cve_empleado, id_pregunta, respuesta)
         VALUES (?, ?, ?, ?)",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(id_pregunta)
    .bind(respuesta)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The courses whose survey the employee may answer now and has not: enrolled (with a
/// seat), the course closed or its last session before `hoy`, an active template.
pub async fn pendientes(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    hoy: &str,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT c.cve_curso FROM cursos_inscripciones i
           JOIN cursos c ON c.cve_curso = i.cve_curso
           LEFT JOIN encuestas_cursos_asignaciones a ON a.cve_curso = c.cve_curso
           LEFT JOIN encuestas_cursos_temas t ON t.cve_tema = c.cve_tema
           JOIN encuestas_cursos e ON e.id_encuesta = COALESCE(a.id_encuesta, t.id_encuesta)
          WHERE i.cve_empleado = ? AND i.estatus = 'inscrito' AND e.activa = 1
            AND (c.estatus = 'cerrado' OR (c.estatus = 'programado' AND c.fecha_fin < ?))
            AND NOT EXISTS (SELECT 1 FROM encuestas_cursos_participaciones p
                             WHERE p.cve_curso = c.cve_curso AND p.cve_empleado = i.cve_empleado)",
    )
    .bind(cve_empleado)
    .bind(hoy)
    .fetch_all(&mut *conn)
    .await
}

/// The closed courses' enrolled participants: (cve_curso, cve_empleado), by course. The demo
/// loader answers their surveys.
pub async fn participantes_cerrados(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT i.cve_curso, i.cve_empleado FROM cursos_inscripciones i
           JOIN cursos c ON c.cve_curso = i.cve_curso
          WHERE c.estatus = 'cerrado' AND i.estatus = 'inscrito'
          ORDER BY i.cve_curso, i.cve_empleado",
    )
    .fetch_all(&mut *conn)
    .await
}

/// Every employee holding a seat in some course, by key. The demo loader has them answer
/// the dashboard survey.
pub async fn con_algun_curso(conn: &mut SqliteConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT DISTINCT cve_empleado FROM cursos_inscripciones WHERE estatus = 'inscrito' ORDER BY cve_empleado",
    )
    .fetch_all(&mut *conn)
    .await
}
