//! SQL of the exams domain: definitions, assignments, attempts and their answers, the
//! staff's lists and statistics.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::table::{Column, Conteo, Kind, TableDef};

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "examenes",
    "examenes_asignaciones",
    "examenes_intentos",
    "examenes_respuestas",
];

/// Tables of other domains the exams domain reads (each read by some query here):
/// - `cursos`, `instructores`: a result's course, its topic and date in the staff lists, and
///   whose course it is (an instructor's grading queue and results);
/// - `cursos_inscripciones`: a course's enrolled participants (who may be assigned, the
///   participants of the exam tab);
/// - `empleados`: participants' names and numbers;
/// - `temas`: the topic's name in the lists and the participant's exam.
pub const READS: &[&str] = &[
    "cursos",
    "instructores",
    "cursos_inscripciones",
    "empleados",
    "temas",
];

/// An exam definition (a topic's, or a course's).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Examen {
    pub id_examen: i64,
    pub cve_tema: i64,
    pub cve_curso: Option<i64>,
    pub num_preguntas: i64,
    pub barajar_preguntas: bool,
    pub barajar_opciones: bool,
    pub tiempo_estimado: i64,
    pub intentos: i64,
    pub descripcion: Option<String>,
    pub autoservicio: bool,
    pub estado: Option<String>,
}

/// The columns of [`Examen`].
macro_rules! examen_cols {
    () => {
        "id_examen, cve_tema, cve_curso, num_preguntas, barajar_preguntas, barajar_opciones,
         tiempo_estimado, intentos, descripcion, autoservicio, estado"
    };
}

/// The values an exam is configured with.
#[derive(Clone, Debug)]
pub struct Config<'a> {
    pub num_preguntas: i64,
    pub barajar_preguntas: bool,
    pub barajar_opciones: bool,
    pub tiempo_estimado: i64,
    pub intentos: i64,
    pub descripcion: Option<&'a str>,
}

/// A topic's definition, if it has one.
pub async fn of_topic<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Option<Examen>> {
    sqlx::query_as(concat!(
        "SELECT ",
        examen_cols!(),
        " FROM examenes WHERE cve_tema = ? AND cve_curso IS NULL"
    ))
    .bind(cve_tema)
    .fetch_optional(e)
    .await
}

/// A course's exam, if it has one.
pub async fn of_course<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Option<Examen>> {
    sqlx::query_as(concat!(
        "SELECT ",
        examen_cols!(),
        " FROM examenes WHERE cve_curso = ?"
    ))
    .bind(cve_curso)
    .fetch_optional(e)
    .await
}

/// Writes a topic's definition (insert or replace its values).
pub async fn save_topic_definition(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    c: &Config<'_>,
    autoservicio: bool,
    por: i64,
    now: &str,
) -> sqlx::Result<()> {
    let done = sqlx::query(
        "UPDATE examenes SET num_preguntas = ?, barajar_preguntas = ?, barajar_opciones = ?,
                tiempo_estimado = ?, intentos = ?, descripcion = ?, autoservicio = ?, actualizado = ?
          WHERE cve_tema = ? AND cve_curso IS NULL",
    )
    .bind(c.num_preguntas)
    .bind(c.barajar_preguntas)
    .bind(c.barajar_opciones)
    .bind(c.tiempo_estimado)
    .bind(c.intentos)
    .bind(c.descripcion)
    .bind(autoservicio)
    .bind(now)
    .bind(cve_tema)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        sqlx::query(
            "INSERT INTO examenes (cve_tema, cve_curso, num_preguntas, barajar_preguntas, barajar_opciones,
                    tiempo_estimado, intentos, descripcion, autoservicio, estado, creado_por, creado, actualizado)
             VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)",
        )
        .bind(cve_tema)
        .bind(c.num_preguntas)
        .bind(c.barajar_preguntas)
        .bind(c.barajar_opciones)
        .bind(c.tiempo_estimado)
        .bind(c.intentos)
        .bind(c.descripcion)
        .bind(autoservicio)
        .bind(por)
        .bind(now)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Creates a course's exam in state `generado`.
pub async fn insert_course_exam(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    cve_curso: i64,
    c: &Config<'_>,
    por: i64,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO examenes (cve_tema, cve_curso, num_preguntas, barajar_preguntas, barajar_opciones,
                tiempo_estimado, intentos, descripcion, autoservicio, estado, creado_por, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 'generado', ?, ?, ?) RETURNING id_examen",
    )
    .bind(cve_tema)
    .bind(cve_curso)
    .bind(c.num_preguntas)
    .bind(c.barajar_preguntas)
    .bind(c.barajar_opciones)
    .bind(c.tiempo_estimado)
    .bind(c.intentos)
    .bind(c.descripcion)
    .bind(por)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Changes a course exam's values.
pub async fn update_config<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
    c: &Config<'_>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE examenes SET num_preguntas = ?, barajar_preguntas = ?, barajar_opciones = ?,
                tiempo_estimado = ?, intentos = ?, descripcion = ?, actualizado = ?
          WHERE id_examen = ?",
    )
    .bind(c.num_preguntas)
    .bind(c.barajar_preguntas)
    .bind(c.barajar_opciones)
    .bind(c.tiempo_estimado)
    .bind(c.intentos)
    .bind(c.descripcion)
    .bind(now)
    .bind(id_examen)
    .execute(e)
    .await?;
    Ok(())
}

/// Moves a course exam to `estado`; activation records who and when.
pub async fn set_state<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
    estado: &str,
    por: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE examenes SET estado = ?, actualizado = ?,
                activado_por = CASE WHEN ? = 'activo' THEN ? ELSE activado_por END,
                fecha_activacion = CASE WHEN ? = 'activo' THEN ? ELSE fecha_activacion END
          WHERE id_examen = ?",
    )
    .bind(estado)
    .bind(now)
    .bind(estado)
    .bind(por)
    .bind(estado)
    .bind(now)
    .bind(id_examen)
    .execute(e)
    .await?;
    Ok(())
}

/// Deletes an exam with its assignments and attempts.
pub async fn delete_exam<'e>(e: impl SqliteExecutor<'e>, id_examen: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM examenes WHERE id_examen = ?")
        .bind(id_examen)
        .execute(e)
        .await?;
    Ok(())
}

/// How many of an exam's attempts were handed in.
pub async fn handed_in<'e>(e: impl SqliteExecutor<'e>, id_examen: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE a.id_examen = ? AND t.estado <> 'abierto'",
    )
    .bind(id_examen)
    .fetch_one(e)
    .await
}

/// How many attempts an exam has, handed in or not.
pub async fn attempts<'e>(e: impl SqliteExecutor<'e>, id_examen: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE a.id_examen = ?",
    )
    .bind(id_examen)
    .fetch_one(e)
    .await
}

/// A course's enrolled participants: (cve_inscripcion_ai, cve_empleado).
pub async fn enrolled<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT cve_inscripcion_ai, cve_empleado FROM cursos_inscripciones
          WHERE cve_curso = ? AND estatus = 'inscrito' ORDER BY cve_inscripcion_ai",
    )
    .bind(cve_curso)
    .fetch_all(e)
    .await
}

/// Whether an enrolment still holds its seat.
pub async fn is_enrolled<'e>(
    e: impl SqliteExecutor<'e>,
    cve_inscripcion_ai: i64,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM cursos_inscripciones WHERE cve_inscripcion_ai = ? AND estatus = 'inscrito')",
    )
    .bind(cve_inscripcion_ai)
    .fetch_one(e)
    .await
}

/// Assigns an exam to an employee; nothing when they already are.
pub async fn assign<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
    cve_empleado: i64,
    cve_inscripcion_ai: Option<i64>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO examenes_asignaciones (id_examen, cve_empleado, cve_inscripcion_ai, asignado)
         VALUES (?, ?, ?, ?) ON CONFLICT (id_examen, cve_empleado) DO NOTHING",
    )
    .bind(id_examen)
    .bind(cve_empleado)
    .bind(cve_inscripcion_ai)
    .bind(now)
    .execute(e)
    .await?;
    Ok(())
}

/// How many people an exam is assigned to.
pub async fn assigned_count<'e>(e: impl SqliteExecutor<'e>, id_examen: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM examenes_asignaciones WHERE id_examen = ?")
        .bind(id_examen)
        .fetch_one(e)
        .await
}

/// An employee's assignment to an exam.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Asignacion {
    pub id_asignacion: i64,
    pub id_examen: i64,
    pub cve_empleado: i64,
    pub cve_inscripcion_ai: Option<i64>,
    pub intentos_usados: i64,
    pub porcentaje: Option<f64>,
    pub calificacion: Option<f64>,
    pub acreditado: Option<bool>,
}

/// The columns of [`Asignacion`].
macro_rules! asignacion_cols {
    () => {
        "id_asignacion, id_examen, cve_empleado, cve_inscripcion_ai, intentos_usados, porcentaje,
         calificacion, acreditado"
    };
}

/// An employee's assignment to an exam, if any.
pub async fn assignment<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
    cve_empleado: i64,
) -> sqlx::Result<Option<Asignacion>> {
    sqlx::query_as(concat!(
        "SELECT ",
        asignacion_cols!(),
        " FROM examenes_asignaciones WHERE id_examen = ? AND cve_empleado = ?"
    ))
    .bind(id_examen)
    .bind(cve_empleado)
    .fetch_optional(e)
    .await
}

/// An assignment by key.
pub async fn assignment_by_id<'e>(
    e: impl SqliteExecutor<'e>,
    id_asignacion: i64,
) -> sqlx::Result<Option<Asignacion>> {
    sqlx::query_as(concat!(
        "SELECT ",
        asignacion_cols!(),
        " FROM examenes_asignaciones WHERE id_asignacion = ?"
    ))
    .bind(id_asignacion)
    .fetch_optional(e)
    .await
}

/// Takes the next attempt of an assignment while fewer than `max` were used: its number,
/// or None when none is left. The counter and the check are one statement.
pub async fn take_attempt<'e>(
    e: impl SqliteExecutor<'e>,
    id_asignacion: i64,
    max: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "UPDATE examenes_asignaciones SET intentos_usados = intentos_usados + 1
          WHERE id_asignacion = ? AND intentos_usados < ? RETURNING intentos_usados",
    )
    .bind(id_asignacion)
    .bind(max)
    .fetch_optional(e)
    .await
}

/// An attempt.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Intento {
    pub id_intento: i64,
    pub id_asignacion: i64,
    pub numero: i64,
    pub estado: String,
    pub inicio: String,
    pub vence: Option<String>,
    pub entregado: Option<String>,
}

/// Starts attempt `numero` of an assignment.
pub async fn insert_attempt<'e>(
    e: impl SqliteExecutor<'e>,
    id_asignacion: i64,
    numero: i64,
    inicio: &str,
    vence: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO examenes_intentos (id_asignacion, numero, estado, inicio, vence)
         VALUES (?, ?, 'abierto', ?, ?) RETURNING id_intento",
    )
    .bind(id_asignacion)
    .bind(numero)
    .bind(inicio)
    .bind(vence)
    .fetch_one(e)
    .await
}

/// The open attempt of an assignment, if any.
pub async fn open_attempt<'e>(
    e: impl SqliteExecutor<'e>,
    id_asignacion: i64,
) -> sqlx::Result<Option<Intento>> {
    sqlx::query_as(
        "SELECT id_intento, id_asignacion, numero, estado, inicio, vence, entregado FROM examenes_intentos
          WHERE id_asignacion = ? AND estado = 'abierto'",
    )
    .bind(id_asignacion)
    .fetch_optional(e)
    .await
}

/// The open attempts of an exam whose time (plus grace) ran out before `limite`.
pub async fn overdue<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
    limite: &str,
) -> sqlx::Result<Vec<Intento>> {
    sqlx::query_as(
        "SELECT t.id_intento, t.id_asignacion, t.numero, t.estado, t.inicio, t.vence, t.entregado
           FROM examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE a.id_examen = ? AND t.estado = 'abierto' AND t.vence IS NOT NULL AND t.vence < ?",
    )
    .bind(id_examen)
    .bind(limite)
    .fetch_all(e)
    .await
}

/// Stores one drawn question of an attempt.
#[allow(clippy::too_many_arguments)]
pub async fn insert_question<'e>(
    e: impl SqliteExecutor<'e>,
    id_intento: i64,
    posicion: i64,
    id_pregunta: i64,
    pregunta: &str,
    tipo: &str,
    opciones: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO examenes_respuestas (id_intento, posicion, id_pregunta, pregunta, tipo, opciones)
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(id_intento)
    .bind(posicion)
    .bind(id_pregunta)
    .bind(pregunta)
    .bind(tipo)
    .bind(opciones)
    .execute(e)
    .await?;
    Ok(())
}

/// A question of an attempt with the participant's answer.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RespuestaIntento {
    pub id_respuesta: i64,
    pub posicion: i64,
    pub pregunta: String,
    pub tipo: String,
    /// JSON [{"texto","correcta"}] in the order shown.
    pub opciones: String,
    /// JSON [positions].
    pub seleccion: Option<String>,
    pub respuesta: Option<String>,
    pub puntaje: Option<f64>,
}

/// The questions of an attempt in order.
pub async fn questions<'e>(
    e: impl SqliteExecutor<'e>,
    id_intento: i64,
) -> sqlx::Result<Vec<RespuestaIntento>> {
    sqlx::query_as(
        "SELECT id_respuesta, posicion, pregunta, tipo, opciones, seleccion, respuesta, puntaje
           FROM examenes_respuestas WHERE id_intento = ? ORDER BY posicion",
    )
    .bind(id_intento)
    .fetch_all(e)
    .await
}

/// Saves the answer to one question of an attempt.
pub async fn save_answer<'e>(
    e: impl SqliteExecutor<'e>,
    id_intento: i64,
    posicion: i64,
    seleccion: Option<&str>,
    respuesta: Option<&str>,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE examenes_respuestas SET seleccion = ?, respuesta = ?, guardado = ?
          WHERE id_intento = ? AND posicion = ?",
    )
    .bind(seleccion)
    .bind(respuesta)
    .bind(now)
    .bind(id_intento)
    .bind(posicion)
    .execute(e)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Saves one answer of a handed-in attempt with its automatic score (None: awaits the
/// instructor).
#[allow(clippy::too_many_arguments)]
pub async fn save_scored_answer<'e>(
    e: impl SqliteExecutor<'e>,
    id_intento: i64,
    posicion: i64,
    seleccion: Option<&str>,
    respuesta: Option<&str>,
    puntaje: Option<f64>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE examenes_respuestas SET seleccion = ?, respuesta = ?, puntaje = ?, guardado = ?
          WHERE id_intento = ? AND posicion = ?",
    )
    .bind(seleccion)
    .bind(respuesta)
    .bind(puntaje)
    .bind(now)
    .bind(id_intento)
    .bind(posicion)
    .execute(e)
    .await?;
    Ok(())
}

/// Hands an attempt in: true only for the one call that found it open.
pub async fn hand_in<'e>(
    e: impl SqliteExecutor<'e>,
    id_intento: i64,
    now: &str,
    fuera_de_tiempo: bool,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE examenes_intentos SET estado = 'por_revisar', entregado = ?, fuera_de_tiempo = ?
          WHERE id_intento = ? AND estado = 'abierto'",
    )
    .bind(now)
    .bind(fuera_de_tiempo)
    .bind(id_intento)
    .execute(e)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Scores one answer (0–1).
pub async fn score<'e>(
    e: impl SqliteExecutor<'e>,
    id_respuesta: i64,
    puntaje: f64,
    por: Option<i64>,
    now: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE examenes_respuestas SET puntaje = ?, calificado_por = ?, fecha_calificacion = ?
          WHERE id_respuesta = ?",
    )
    .bind(puntaje)
    .bind(por)
    .bind(now)
    .bind(id_respuesta)
    .execute(e)
    .await?;
    Ok(())
}

/// Writes an attempt's result.
pub async fn grade_attempt<'e>(
    e: impl SqliteExecutor<'e>,
    id_intento: i64,
    porcentaje: f64,
    calificacion: f64,
    acreditado: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE examenes_intentos SET estado = 'calificado', porcentaje = ?, calificacion = ?, acreditado = ?
          WHERE id_intento = ?",
    )
    .bind(porcentaje)
    .bind(calificacion)
    .bind(acreditado)
    .bind(id_intento)
    .execute(e)
    .await?;
    Ok(())
}

/// Keeps an assignment's best result: written when the first or a better one.
pub async fn keep_best<'e>(
    e: impl SqliteExecutor<'e>,
    id_asignacion: i64,
    porcentaje: f64,
    calificacion: f64,
    acreditado: bool,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE examenes_asignaciones SET porcentaje = ?, calificacion = ?, acreditado = ?
          WHERE id_asignacion = ? AND (porcentaje IS NULL OR porcentaje < ?)",
    )
    .bind(porcentaje)
    .bind(calificacion)
    .bind(acreditado)
    .bind(id_asignacion)
    .bind(porcentaje)
    .execute(e)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// An attempt by key, with its exam and participant.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct IntentoDe {
    pub id_intento: i64,
    pub id_asignacion: i64,
    pub estado: String,
    pub id_examen: i64,
}

/// The attempt an answer belongs to.
pub async fn attempt_of_answer<'e>(
    e: impl SqliteExecutor<'e>,
    id_respuesta: i64,
) -> sqlx::Result<Option<(IntentoDe, String, Option<f64>)>> {
    let row: Option<(i64, i64, String, i64, String, Option<f64>)> = sqlx::query_as(
        "SELECT t.id_intento, t.id_asignacion, t.estado, a.id_examen, r.tipo, r.puntaje
           FROM examenes_respuestas r JOIN examenes_intentos t ON t.id_intento = r.id_intento
           JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE r.id_respuesta = ?",
    )
    .bind(id_respuesta)
    .fetch_optional(e)
    .await?;
    Ok(row.map(
        |(id_intento, id_asignacion, estado, id_examen, tipo, puntaje)| {
            (
                IntentoDe {
                    id_intento,
                    id_asignacion,
                    estado,
                    id_examen,
                },
                tipo,
                puntaje,
            )
        },
    ))
}

/// An exam by key.
pub async fn exam<'e>(e: impl SqliteExecutor<'e>, id_examen: i64) -> sqlx::Result<Option<Examen>> {
    sqlx::query_as(concat!(
        "SELECT ",
        examen_cols!(),
        " FROM examenes WHERE id_examen = ?"
    ))
    .bind(id_examen)
    .fetch_optional(e)
    .await
}

/// A course's participant in the exam tab.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ParticipanteExamen {
    pub cve_empleado: i64,
    pub nombre: String,
    pub cve_inscripcion_ai: i64,
    pub asignado: bool,
    pub intentos_usados: i64,
    pub calificacion: Option<f64>,
    pub acreditado: Option<bool>,
    /// The newest attempt's state.
    pub ultimo_estado: Option<String>,
}

/// A course's enrolled participants with their assignment to the exam (if any).
pub async fn participants<'e>(
    e: impl SqliteExecutor<'e>,
    cve_curso: i64,
    id_examen: Option<i64>,
) -> sqlx::Result<Vec<ParticipanteExamen>> {
    sqlx::query_as(
        "SELECT i.cve_empleado, e.nombre_empleado AS nombre, i.cve_inscripcion_ai,
                a.id_asignacion IS NOT NULL AS asignado, COALESCE(a.intentos_usados, 0) AS intentos_usados,
                a.calificacion, a.acreditado,
                (SELECT t.estado FROM examenes_intentos t WHERE t.id_asignacion = a.id_asignacion
                  ORDER BY t.numero DESC LIMIT 1) AS ultimo_estado
           FROM cursos_inscripciones i JOIN empleados e ON e.cve_empleado = i.cve_empleado
           LEFT JOIN examenes_asignaciones a ON a.id_examen = ? AND a.cve_empleado = i.cve_empleado
          WHERE i.cve_curso = ? AND i.estatus = 'inscrito'
          ORDER BY e.nombre_empleado",
    )
    .bind(id_examen)
    .bind(cve_curso)
    .fetch_all(e)
    .await
}

/// A topic's name.
pub async fn topic_name<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT nombre_tema FROM temas WHERE cve_tema = ?")
        .bind(cve_tema)
        .fetch_optional(e)
        .await
}

/// What a topic's self-service exam needs of the topic: (modalidad, modelo_evaluacion,
/// calificacion_minima, nombre_tema).
pub async fn topic_rules<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Option<(String, String, Option<f64>, String)>> {
    sqlx::query_as(
        "SELECT modalidad, modelo_evaluacion, calificacion_minima, nombre_tema FROM temas WHERE cve_tema = ?",
    )
    .bind(cve_tema)
    .fetch_optional(e)
    .await
}

/// A course exam's row in an employee's plan: (cve_curso, intentos, intentos_usados,
/// acreditado).
pub async fn plan_course_exams<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, i64, i64, Option<bool>)>> {
    sqlx::query_as(
        "SELECT x.cve_curso, x.intentos, a.intentos_usados, a.acreditado
           FROM examenes_asignaciones a JOIN examenes x ON x.id_examen = a.id_examen
          WHERE a.cve_empleado = ? AND x.cve_curso IS NOT NULL AND x.estado = 'activo'",
    )
    .bind(cve_empleado)
    .fetch_all(e)
    .await
}

/// The self-service exams as an employee's plan sees them: (cve_tema, intentos,
/// intentos_usados, acreditado).
pub async fn plan_self_service<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, i64, i64, Option<bool>)>> {
    sqlx::query_as(
        "SELECT x.cve_tema, x.intentos, COALESCE(a.intentos_usados, 0), a.acreditado
           FROM examenes x LEFT JOIN examenes_asignaciones a ON a.id_examen = x.id_examen AND a.cve_empleado = ?
          WHERE x.cve_curso IS NULL AND x.autoservicio = 1",
    )
    .bind(cve_empleado)
    .fetch_all(e)
    .await
}

/// Handed-in attempts of an exam: (porcentaje, acreditado, seconds taken).
pub async fn graded_attempts<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
) -> sqlx::Result<Vec<(Option<f64>, Option<bool>, Option<f64>, i64)>> {
    sqlx::query_as(
        "SELECT t.porcentaje, t.acreditado,
                (julianday(t.entregado) - julianday(t.inicio)) * 86400.0, t.id_asignacion
           FROM examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE a.id_examen = ? AND t.estado <> 'abierto'",
    )
    .bind(id_examen)
    .fetch_all(e)
    .await
}

/// Per bank question of an exam's handed-in attempts: (id_pregunta, pregunta, tipo,
/// respondidas, correctas (sum of scores), graded answers).
pub async fn question_stats<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
) -> sqlx::Result<Vec<(Option<i64>, String, String, i64, f64, i64)>> {
    sqlx::query_as(
        "SELECT r.id_pregunta, MIN(r.pregunta), MIN(r.tipo), COUNT(*), COALESCE(SUM(r.puntaje), 0.0),
                COUNT(r.puntaje)
           FROM examenes_respuestas r JOIN examenes_intentos t ON t.id_intento = r.id_intento
           JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE a.id_examen = ? AND t.estado <> 'abierto'
          GROUP BY COALESCE(r.id_pregunta, -r.id_respuesta)
          ORDER BY MIN(r.posicion), MIN(r.pregunta)",
    )
    .bind(id_examen)
    .fetch_all(e)
    .await
}

/// An exam's open answers awaiting a score, oldest hand-in first: (id_respuesta,
/// id_intento, id_asignacion).
pub async fn pending_open_answers<'e>(
    e: impl SqliteExecutor<'e>,
    id_examen: i64,
) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT r.id_respuesta, t.id_intento, t.id_asignacion
           FROM examenes_respuestas r JOIN examenes_intentos t ON t.id_intento = r.id_intento
           JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
          WHERE a.id_examen = ? AND r.tipo = 'abierta' AND r.puntaje IS NULL AND t.estado = 'por_revisar'
          ORDER BY t.entregado, r.id_respuesta",
    )
    .bind(id_examen)
    .fetch_all(e)
    .await
}

/// Open answers awaiting a score in attempts handed in (the grading queue).
pub const REVISION_PENDIENTE: &str =
    "r.tipo = 'abierta' AND r.puntaje IS NULL AND t.estado = 'por_revisar'";

/// The grading queue restricted to an instructor's courses (bind: their cve_empleado).
pub const REVISION_DEL_INSTRUCTOR: &str = "ins.cve_empleado = ?";

/// The grading queue (table engine).
pub static REVISION: TableDef = TableDef {
    name: "revision_examenes",
    from: "examenes_respuestas r JOIN examenes_intentos t ON t.id_intento = r.id_intento
           JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
           JOIN examenes x ON x.id_examen = a.id_examen
           JOIN empleados e ON e.cve_empleado = a.cve_empleado
           JOIN temas tm ON tm.cve_tema = x.cve_tema
           LEFT JOIN cursos c ON c.cve_curso = x.cve_curso
           LEFT JOIN instructores ins ON ins.cve_instructor = c.cve_instructor",
    count: Conteo::Aparte,
    columns: &[
        Column::int("id_respuesta", "Respuesta", "r.id_respuesta"),
        Column::int("cve_curso", "Curso", "x.cve_curso"),
        Column::text("curso", "Tema", "tm.nombre_tema"),
        Column::sorted(
            "fecha_curso",
            "Fecha del curso",
            "c.fecha_inicio",
            Kind::Text,
        ),
        Column::text("participante", "Participante", "e.nombre_empleado"),
        Column::text("pregunta", "Pregunta", "r.pregunta"),
        Column::plain(
            "respuesta",
            "Respuesta",
            "COALESCE(r.respuesta, '')",
            Kind::Text,
        ),
        Column::sorted("entregado", "Entregado", "t.entregado", Kind::Text),
    ],
    date_expr: Some("substr(t.entregado, 1, 10)"),
    default_order: "t.entregado, r.id_respuesta",
    key: "r.id_respuesta",
};

/// The CTE binding the course of the results table.
pub const CURSO_CTE: &str = "curso_sel(id) AS (SELECT CAST(? AS INTEGER))";

/// The attempts of the exam of the course in [`CURSO_CTE`].
pub const RESULTADOS_DEL_CURSO: &str = "x.cve_curso = (SELECT id FROM curso_sel)";

const ESTADOS_INTENTO: &[(&str, &str)] = &[
    ("abierto", "En curso"),
    ("por_revisar", "Por revisar"),
    ("calificado", "Calificado"),
];

/// A course exam's attempts (table engine, export).
pub static RESULTADOS: TableDef = TableDef {
    name: "resultados_examen",
    from: "examenes_intentos t JOIN examenes_asignaciones a ON a.id_asignacion = t.id_asignacion
           JOIN examenes x ON x.id_examen = a.id_examen
           JOIN empleados e ON e.cve_empleado = a.cve_empleado",
    count: Conteo::Aparte,
    columns: &[
        Column::int("id_intento", "Intento (clave)", "t.id_intento"),
        Column::text("participante", "Participante", "e.nombre_empleado"),
        Column::text("num_empleado", "Número", "e.num_empleado"),
        Column::int("intento", "Intento", "t.numero"),
        Column::sorted("inicio", "Inicio", "t.inicio", Kind::Text),
        Column::sorted("entregado", "Entregado", "t.entregado", Kind::Text),
        Column::sorted(
            "duracion_seg",
            "Duración (s)",
            "CAST((julianday(t.entregado) - julianday(t.inicio)) * 86400 AS INTEGER)",
            Kind::Int,
        ),
        Column::sorted("porcentaje", "Porcentaje", "t.porcentaje", Kind::Real),
        Column::sorted("calificacion", "Calificación", "t.calificacion", Kind::Real),
        Column::fixed("estado", "Estado", "t.estado", Kind::Text, ESTADOS_INTENTO),
    ],
    date_expr: Some("substr(t.inicio, 1, 10)"),
    default_order: "e.nombre_empleado, t.numero",
    key: "t.id_intento",
};
