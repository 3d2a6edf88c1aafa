//! Helpers of the enrolment, request and running-the-course tests: a course with the seats
//! and options a test needs (scheduled through `cursos/programar`), enrolling, reading
//! enrolments and notifications.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Answer, TestServer};
use crate::courses_support as cs;

/// What a test course looks like.
#[derive(Clone, Debug)]
pub struct Opts {
    pub capacidad: i64,
    /// Days from today of the first session.
    pub en_dias: u64,
    /// Number of daily sessions.
    pub sesiones: u64,
    /// With the demo's internal instructor.
    pub instructor: bool,
    pub autoinscripcion: bool,
    pub dias_acceso: i64,
    pub modelo: &'static str,
    pub modalidad: &'static str,
}

impl Default for Opts {
    fn default() -> Opts {
        Opts {
            capacidad: 10,
            en_dias: 7,
            sesiones: 1,
            instructor: true,
            autoinscripcion: true,
            dias_acceso: 0,
            modelo: "conocimiento",
            modalidad: "PRESENCIAL",
        }
    }
}

/// A scheduled course.
#[derive(Clone, Copy, Debug)]
pub struct Curso {
    pub cve_curso: i64,
    pub cve_tema: i64,
}

/// Schedules a course of a fresh topic `abbr` (no room needed) through the API.
pub async fn course(s: &TestServer, token: &str, abbr: &str, o: Opts) -> Curso {
    let tema = cs::topic_with(
        s,
        token,
        abbr,
        json!({"modalidad": if o.modalidad == "PRESENCIAL" { "PRESENCIAL" } else { "E_LEARNING" },
            "modelo_evaluacion": o.modelo, "requiere_sala": 0, "requiere_instructor": 0,
            "max_participantes": o.capacidad.max(1)}),
    )
    .await;
    course_of(s, token, tema, o).await
}

/// Schedules another course of topic `tema`.
pub async fn course_of(s: &TestServer, token: &str, tema: i64, o: Opts) -> Curso {
    // Each course of a server gets its own hour, so the demo instructor is never
    // double-booked by the tests' courses (07:00–17:00 local).
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cursos")
        .fetch_one(&s.state().db.read)
        .await
        .expect("courses");
    let h = 7 + n % 10;
    let (inicio, fin) = (format!("{h:02}:00"), format!("{h:02}:50"));
    let sesiones: Vec<Value> = (0..o.sesiones)
        .map(|i| cs::session(&cs::in_days(s, o.en_dias + i), &inicio, &fin))
        .collect();
    let instructor = if o.instructor {
        Some(cs::demo_instructor(s).await)
    } else {
        None
    };
    let mut body = cs::course_body(tema, sesiones, None, instructor);
    body["capacidad"] = json!(o.capacidad);
    body["autoinscripcion"] = json!(o.autoinscripcion);
    body["dias_acceso"] = json!(o.dias_acceso);
    body["modalidad"] = json!(o.modalidad);
    let cve_curso = cs::scheduled(s, token, &body).await;
    Curso {
        cve_curso,
        cve_tema: tema,
    }
}

/// POSTs `cursos/{id}/inscribir`.
pub async fn enrol(
    s: &TestServer,
    token: &str,
    cve_curso: i64,
    empleados: &[i64],
    lista_espera: bool,
) -> Answer {
    s.post(
        &format!("/api/pri/cursos/{cve_curso}/inscribir"),
        Some(token),
        json!({"empleados": empleados, "lista_espera": lista_espera}),
    )
    .await
}

/// Enrols one employee, which must succeed; the answer's body.
pub async fn enrolled(s: &TestServer, token: &str, cve_curso: i64, cve: i64) -> Value {
    let r = enrol(s, token, cve_curso, &[cve], true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body
}

/// The employee's current enrolment in a course: (cve_inscripcion_ai, estatus, turno_espera).
pub async fn enrolment(
    s: &TestServer,
    cve_curso: i64,
    cve: i64,
) -> Option<(i64, String, Option<i64>)> {
    sqlx::query_as(
        "SELECT cve_inscripcion_ai, estatus, turno_espera FROM cursos_inscripciones
          WHERE cve_curso = ? AND cve_empleado = ? AND estatus <> 'cancelada'",
    )
    .bind(cve_curso)
    .bind(cve)
    .fetch_optional(&s.state().db.read)
    .await
    .expect("enrolment")
}

/// The enrolment key of an employee who must be in the course.
pub async fn enrolment_id(s: &TestServer, cve_curso: i64, cve: i64) -> i64 {
    enrolment(s, cve_curso, cve)
        .await
        .expect("the employee is in the course")
        .0
}

/// (inscritos column, COUNT of inscrito rows, COUNT of espera rows) of a course.
pub async fn seats(s: &TestServer, cve_curso: i64) -> (i64, i64, i64) {
    sqlx::query_as(
        "SELECT c.inscritos,
                (SELECT COUNT(*) FROM cursos_inscripciones i WHERE i.cve_curso = c.cve_curso AND i.estatus = 'inscrito'),
                (SELECT COUNT(*) FROM cursos_inscripciones i WHERE i.cve_curso = c.cve_curso AND i.estatus = 'espera')
           FROM cursos c WHERE c.cve_curso = ?",
    )
    .bind(cve_curso)
    .fetch_one(&s.state().db.read)
    .await
    .expect("seats")
}

/// Active demo employees other than the demo logins, by key, at most `n`.
pub async fn plain_employees(s: &TestServer, n: i64) -> Vec<i64> {
    sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados
          WHERE activo = 1 AND baja_logica = 0
            AND cve_empleado NOT IN (SELECT cve_empleado FROM instructores WHERE cve_empleado IS NOT NULL)
            AND correo_empleado NOT IN ('admin@sierramadre.mx', 'analista@sierramadre.mx', 'supervisor@sierramadre.mx',
                'instructor@sierramadre.mx', 'participante@sierramadre.mx', 'hise@sierramadre.mx')
          ORDER BY cve_empleado LIMIT ?",
    )
    .bind(n)
    .fetch_all(&s.state().db.read)
    .await
    .expect("employees")
}

/// The notifications of an employee, newest first: (titulo, contenido, idsolicitud).
pub async fn notifications_of(s: &TestServer, cve: i64) -> Vec<(String, String, Option<i64>)> {
    sqlx::query_as(
        "SELECT titulo, contenido, idsolicitud FROM notificaciones WHERE cve_empleado = ?
          ORDER BY idnotificacion DESC",
    )
    .bind(cve)
    .fetch_all(&s.state().db.read)
    .await
    .expect("notifications")
}

/// The newest notification of an employee carrying `idsolicitud`: its `idnotificacion`.
pub async fn request_notification(s: &TestServer, cve: i64, idsolicitud: i64) -> Option<i64> {
    sqlx::query_scalar(
        "SELECT idnotificacion FROM notificaciones WHERE cve_empleado = ? AND idsolicitud = ?
          ORDER BY idnotificacion DESC LIMIT 1",
    )
    .bind(cve)
    .bind(idsolicitud)
    .fetch_optional(&s.state().db.read)
    .await
    .expect("notification")
}
