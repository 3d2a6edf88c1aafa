//! Helpers shared by the course tests: a topic, a venue with a room, instructors, dates
//! relative to the server's today, and scheduling a course through the API.

#![allow(dead_code, unused_imports)]

use chrono::{Days, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Answer, TestServer, datos_form};

mod enrol;
pub use enrol::*;

/// The resources catalogue's base path.
pub const RECURSOS: &str = "/api/pri/catalogos/recursos_capacitacion";

/// The company's today: the test clock's date in the demo company's time zone (Mexico
/// City), the date courses are scheduled and checked in (the UTC date is a day ahead in
/// the evening).
pub fn today(s: &TestServer) -> NaiveDate {
    chrono::DateTime::from_timestamp(s.state().now(), 0)
        .unwrap_or_default()
        .with_timezone(&chrono_tz::America::Mexico_City)
        .date_naive()
}

/// `d` as AAAA-MM-DD.
pub fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Today plus `n` days, as AAAA-MM-DD.
pub fn in_days(s: &TestServer, n: u64) -> String {
    iso(today(s) + Days::new(n))
}

/// Today minus `n` days, as AAAA-MM-DD.
pub fn days_ago(s: &TestServer, n: u64) -> String {
    iso(today(s) - Days::new(n))
}

/// Creates a topic through the API with the given modality and evaluation model; the
/// topic needs a room and an instructor, 1–15 participants. Its `cve_tema`.
pub async fn topic(s: &TestServer, token: &str, abbr: &str, modalidad: &str, modelo: &str) -> i64 {
    topic_with(
        s,
        token,
        abbr,
        json!({"modalidad": modalidad, "modelo_evaluacion": modelo}),
    )
    .await
}

/// Creates a topic with `extra` fields over the defaults; its `cve_tema`.
pub async fn topic_with(s: &TestServer, token: &str, abbr: &str, extra: Value) -> i64 {
    let mut datos = json!({"abreviatura": abbr, "nombre_tema": format!("Tema {abbr}"), "cve_area": 6000,
        "tipo": "Taller", "modalidad": "PRESENCIAL", "dias_duracion": 1, "horas_sesion": 4,
        "meses_certificacion": 12, "min_participantes": 1, "max_participantes": 15,
        "requiere_sala": 1, "requiere_instructor": 1,
        "modelo_evaluacion": "conocimiento", "precio": 0, "activo": 1});
    if let (Some(d), Some(e)) = (datos.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            d.insert(k.clone(), v.clone());
        }
    }
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/catalogos/temas/crear_tema",
            Some(token),
            datos_form(&datos, true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["cve_tema"].as_i64().expect("cve_tema")
}

/// Creates a venue with one room of `capacidad` seats; (cve_sede, cve_sala).
pub async fn room(s: &TestServer, token: &str, nombre: &str, capacidad: i64) -> (i64, i64) {
    let r = s
        .post(
            &format!("{RECURSOS}/sedes"),
            Some(token),
            json!({"nombre": format!("Sede {nombre}"), "url_mapa": "https://maps.google.com/?q=25.67,-100.31"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let sede = r.body["id"].as_i64().expect("sede");
    let r = s
        .post(
            &format!("{RECURSOS}/salas"),
            Some(token),
            json!({"cve_sede": sede, "nombre": nombre, "capacidad": capacidad}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    (sede, r.body["id"].as_i64().expect("sala"))
}

/// Creates an external instructor (e-mails only, no login); its `cve_instructor`.
pub async fn external_instructor(s: &TestServer, token: &str, usuario: &str) -> i64 {
    let r = s
        .post(
            &format!("{RECURSOS}/instructores"),
            Some(token),
            json!({"interno": 0, "nombre": "Instructor Externo", "correo": format!("{usuario}@externo.mx"),
                "usuario": usuario, "especialidad": "Seguridad", "rfc": "EXUN800101AB1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["id"].as_i64().expect("instructor")
}

/// The demo's internal instructor (the `instructor@` login): its `cve_instructor`.
pub async fn demo_instructor(s: &TestServer) -> i64 {
    let cve = s.cve_of(crate::common::INSTRUCTOR).await;
    sqlx::query_scalar("SELECT cve_instructor FROM instructores WHERE cve_empleado = ?")
        .bind(cve)
        .fetch_one(&s.state().db.read)
        .await
        .expect("the demo instructor")
}

/// A session body: date, start and end (company-local).
pub fn session(fecha: &str, inicio: &str, fin: &str) -> Value {
    json!({"fecha": fecha, "hora_inicio": inicio, "hora_fin": fin})
}

/// A valid course body for a presencial topic: the given sessions, room and instructor,
/// 10 seats, no costs, no meeting.
pub fn course_body(
    cve_tema: i64,
    sesiones: Vec<Value>,
    sede_sala: Option<(i64, i64)>,
    cve_instructor: Option<i64>,
) -> Value {
    json!({
        "cve_tema": cve_tema,
        "modalidad": "PRESENCIAL",
        "sesiones": sesiones,
        "cve_sede": sede_sala.map(|x| x.0),
        "cve_sala": sede_sala.map(|x| x.1),
        "cve_instructor": cve_instructor,
        "capacidad": 10,
        "dias_acceso": 0,
        "autoinscripcion": true,
        "epv": false,
        "moneda": "MXN",
        "tipo_cambio": 1.0,
        "costo_instructor": 0,
        "costo_coffee_break": 0,
        "costo_impresiones": 0,
        "costo_renta_sala": 0,
        "costo_otros": 0,
        "reunion_tipo": "ninguna"
    })
}

/// POSTs a course body to `cursos/programar`.
pub async fn schedule(s: &TestServer, token: &str, body: &Value) -> Answer {
    s.post("/api/pri/cursos/programar", Some(token), body.clone())
        .await
}

/// Schedules a course and returns its `cve_curso` (the call must succeed).
pub async fn scheduled(s: &TestServer, token: &str, body: &Value) -> i64 {
    let r = schedule(s, token, body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["cve_curso"].as_i64().expect("cve_curso")
}

/// A one-session course of a fresh presencial topic in a fresh room with the demo's
/// instructor, `n` days from today 09:00–13:00; (cve_curso, cve_tema).
pub async fn simple_course(s: &TestServer, token: &str, abbr: &str, n: u64) -> (i64, i64) {
    let tema = topic(s, token, abbr, "PRESENCIAL", "conocimiento").await;
    let sala = room(s, token, &format!("Sala {abbr}"), 20).await;
    let ins = demo_instructor(s).await;
    let body = course_body(
        tema,
        vec![session(&in_days(s, n), "09:00", "13:00")],
        Some(sala),
        Some(ins),
    );
    (scheduled(s, token, &body).await, tema)
}

/// A course's detail (`cursos/by/id`).
pub async fn detail(s: &TestServer, token: &str, cve_curso: i64) -> Answer {
    s.get(&format!("/api/pri/cursos/by/id/{cve_curso}"), Some(token))
        .await
}
