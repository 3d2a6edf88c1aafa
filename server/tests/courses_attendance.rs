//! Running a course: the attendance button rule (each refusal on its own), the attendance
//! list per session, the signed list (sniffed) and grades on the model's scale.

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

async fn confirm(s: &TestServer, token: &str, id: i64) -> Answer {
    s.post(
        "/api/pri/mobile/cursos/confirmar_asistencia",
        Some(token),
        json!({"cve_inscripcion_ai": id}),
    )
    .await
}

/// A course with the participant enrolled: (course, their enrolment).
async fn participant_in(s: &TestServer, abbr: &str, o: Opts) -> (Curso, i64) {
    let an = s.login(ANALISTA).await;
    let c = course(s, &an, abbr, o).await;
    let me = s.cve_of(PARTICIPANTE).await;
    enrolled(s, &an, c.cve_curso, me).await;
    (c, enrolment_id(s, c.cve_curso, me).await)
}

async fn confirmado(s: &TestServer, id: i64) -> i64 {
    sqlx::query_scalar("SELECT confirmado FROM cursos_inscripciones WHERE cve_inscripcion_ai = ?")
        .bind(id)
        .fetch_one(&s.state().db.read)
        .await
        .expect("confirmado")
}

#[tokio::test]
async fn the_participant_confirms_their_attendance_once() {
    let s = TestServer::start().await;
    let (_, id) = participant_in(&s, "ASI1", Opts::default()).await;
    let t = s.login(PARTICIPANTE).await;
    let r = confirm(&s, &t, id).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.resp(), "Excelente");
    assert_eq!(confirmado(&s, id).await, 1);
    let r = confirm(&s, &t, id).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.ya_confirmado");
}

#[tokio::test]
async fn an_instructor_profile_cannot_confirm_attendance() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let c = course(
        &s,
        &an,
        "ASI2",
        Opts {
            instructor: false,
            ..Opts::default()
        },
    )
    .await;
    let ins = s.cve_of(INSTRUCTOR).await;
    enrolled(&s, &an, c.cve_curso, ins).await;
    let id = enrolment_id(&s, c.cve_curso, ins).await;
    let t = s.login(INSTRUCTOR).await;
    let r = confirm(&s, &t, id).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    assert_eq!(r.code(), "cursos.confirmar_instructor");
    assert_eq!(confirmado(&s, id).await, 0);
}

#[tokio::test]
async fn someone_elses_or_a_missing_enrolment_cannot_be_confirmed() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let c = course(&s, &an, "ASI3", Opts::default()).await;
    let other = plain_employees(&s, 1).await[0];
    enrolled(&s, &an, c.cve_curso, other).await;
    let id = enrolment_id(&s, c.cve_curso, other).await;
    let t = s.login(PARTICIPANTE).await;
    let r = confirm(&s, &t, id).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(confirmado(&s, id).await, 0);
    let r = confirm(&s, &t, 999_999).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.code(), "cursos.inscripcion_no_encontrada");
}

#[tokio::test]
async fn a_place_on_the_waiting_list_cannot_be_confirmed() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let c = course(
        &s,
        &an,
        "ASI4",
        Opts {
            capacidad: 1,
            ..Opts::default()
        },
    )
    .await;
    enrolled(&s, &an, c.cve_curso, plain_employees(&s, 1).await[0]).await;
    let me = s.cve_of(PARTICIPANTE).await;
    enrolled(&s, &an, c.cve_curso, me).await;
    let id = enrolment_id(&s, c.cve_curso, me).await;
    let r = confirm(&s, &s.login(PARTICIPANTE).await, id).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.no_inscrito");
}

#[tokio::test]
async fn a_graded_participant_cannot_confirm() {
    let s = TestServer::start().await;
    let (c, id) = participant_in(&s, "ASI5", Opts::default()).await;
    let an = s.login(ANALISTA).await;
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/cursos/{}/evaluacion", c.cve_curso),
            Some(&an),
            Some(json!({"calificaciones": [{"cve_inscripcion_ai": id, "calificacion": 90}]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = confirm(&s, &s.login(PARTICIPANTE).await, id).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.ya_calificado");
}

#[tokio::test]
async fn a_pending_prerequisite_blocks_the_confirmation() {
    let s = TestServer::start().await;
    let (c, id) = participant_in(&s, "ASI6", Opts::default()).await;
    let an = s.login(ANALISTA).await;
    let base = courses_support::topic(&s, &an, "ASI6B", "PRESENCIAL", "ninguno").await;
    // The topic gains a prerequisite after the enrolment.
    sqlx::query("INSERT INTO temas_prerrequisitos (cve_tema, cve_requisito) VALUES (?, ?)")
        .bind(c.cve_tema)
        .bind(base)
        .execute(&s.state().db.write)
        .await
        .expect("prerequisite");
    let r = confirm(&s, &s.login(PARTICIPANTE).await, id).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.prerrequisito");
    assert_eq!(confirmado(&s, id).await, 0);
}

#[tokio::test]
async fn an_ended_course_cannot_be_confirmed() {
    let s = TestServer::start().await;
    let (_, id) = participant_in(
        &s,
        "ASI7",
        Opts {
            en_dias: 1,
            ..Opts::default()
        },
    )
    .await;
    s.clock.advance(chrono::Duration::days(3));
    let r = confirm(&s, &s.login(PARTICIPANTE).await, id).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.terminado");
}

#[tokio::test]
async fn the_instructor_records_attendance_of_sessions_that_started_only() {
    let s = TestServer::start().await;
    let (c, id) = participant_in(
        &s,
        "ASI8",
        Opts {
            en_dias: 1,
            sesiones: 3,
            ..Opts::default()
        },
    )
    .await;
    s.clock.advance(chrono::Duration::days(2));
    let ins = s.login(INSTRUCTOR).await;
    let path = format!("/api/pri/cursos/{}/asistencia", c.cve_curso);
    let lista = s.get(&path, Some(&ins)).await;
    assert_eq!(lista.status, StatusCode::OK, "{:?}", lista.body);
    let sesiones: Vec<i64> = lista.body["sesiones"]
        .as_array()
        .expect("sesiones")
        .iter()
        .filter_map(|x| x["id_sesion"].as_i64())
        .collect();
    assert_eq!(sesiones.len(), 3);
    assert_eq!(
        lista.body["participantes"][0]["cve_inscripcion_ai"],
        json!(id)
    );
    assert_eq!(
        lista.body["participantes"][0]["asistencias"][0]["asistencia"],
        json!(null)
    );
    let put = |body| s.call(Method::PUT, &path, Some(&ins), Some(body));
    let r = put(json!({"registros": [{"cve_inscripcion_ai": id, "id_sesion": sesiones[0], "asistencia": 2}]})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = put(json!({"registros": [{"cve_inscripcion_ai": id, "id_sesion": sesiones[2], "asistencia": 2}]})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.sesion_futura");
    let r = put(json!({"registros": [{"cve_inscripcion_ai": id, "id_sesion": sesiones[0], "asistencia": 3}]})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let lista = s.get(&path, Some(&ins)).await;
    let marcas = &lista.body["participantes"][0]["asistencias"];
    assert_eq!(marcas[0]["asistencia"], json!(2));
    assert_eq!(marcas[2]["asistencia"], json!(null));
    // The participant may not see or record it.
    let p = s.login(PARTICIPANTE).await;
    assert_eq!(s.get(&path, Some(&p)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_instructor_cannot_run_someone_elses_course() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let c = course(
        &s,
        &an,
        "ASI9",
        Opts {
            instructor: false,
            ..Opts::default()
        },
    )
    .await;
    let ins = s.login(INSTRUCTOR).await;
    let r = s
        .get(
            &format!("/api/pri/cursos/{}/asistencia", c.cve_curso),
            Some(&ins),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.code(), "cursos.no_es_tu_curso");
}

#[tokio::test]
async fn the_signed_list_is_a_sniffed_pdf_or_image_and_downloads_back() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let c = course(&s, &an, "ASIA", Opts::default()).await;
    let path = format!("/api/pri/cursos/{}/lista_asistencia", c.cve_curso);
    let pdf = b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n".to_vec();
    let exe = [b"MZ\x90\x00\x03\x00\x00\x00".as_slice(), &[0u8; 120]].concat();
    let form = |data: &[u8], name: &str| {
        reqwest::multipart::Form::new().part("archivo", file_part(name, data))
    };
    let r = s
        .send_form(Method::POST, &path, Some(&an), form(&exe, "lista.pdf"))
        .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{:?}", r.body);
    assert_eq!(r.code(), "cursos.lista_tipo");
    assert_eq!(s.get(&path, Some(&an)).await.status, StatusCode::NOT_FOUND);
    let r = s
        .send_form(Method::POST, &path, Some(&an), form(&pdf, "lista.pdf"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let d = s.get(&path, Some(&an)).await;
    assert_eq!(d.status, StatusCode::OK);
    assert_eq!(d.bytes, pdf);
    assert_eq!(
        d.headers.get("content-type").and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    let r = s
        .send_form(Method::POST, &path, Some(&an), form(PNG, "foto.png"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(s.get(&path, Some(&an)).await.bytes, PNG.to_vec());
}

#[tokio::test]
async fn grades_follow_the_courses_model_scale() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let grade = |c: i64, body: serde_json::Value| {
        let an = an.clone();
        let s = &s;
        async move {
            s.call(
                Method::PUT,
                &format!("/api/pri/cursos/{c}/evaluacion"),
                Some(&an),
                Some(json!({"calificaciones": [body]})),
            )
            .await
        }
    };
    let k = course(&s, &an, "EVA1", Opts::default()).await;
    enrolled(&s, &an, k.cve_curso, me).await;
    let id = enrolment_id(&s, k.cve_curso, me).await;
    assert_eq!(
        grade(
            k.cve_curso,
            json!({"cve_inscripcion_ai": id, "calificacion": 85, "calificacion_salida": 5})
        )
        .await
        .status,
        StatusCode::OK
    );
    let r = grade(
        k.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion": 101}),
    )
    .await;
    assert_eq!(r.code(), "cursos.calificacion_fuera_de_escala");
    assert!(r.resp().contains("100"), "{}", r.resp());
    let r = grade(
        k.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion": 80, "calificacion_practica": 4}),
    )
    .await;
    assert_eq!(r.code(), "cursos.calificacion_no_aplica");

    let tp = course(
        &s,
        &an,
        "EVA2",
        Opts {
            modelo: "teorico_practico",
            ..Opts::default()
        },
    )
    .await;
    enrolled(&s, &an, tp.cve_curso, me).await;
    let id = enrolment_id(&s, tp.cve_curso, me).await;
    let r = grade(
        tp.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion": 8, "calificacion_practica": 4}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = grade(
        tp.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion": 8, "calificacion_practica": 6}),
    )
    .await;
    assert_eq!(r.code(), "cursos.calificacion_fuera_de_escala");
    let r = grade(
        tp.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion": 11}),
    )
    .await;
    assert_eq!(r.code(), "cursos.calificacion_fuera_de_escala");

    let n = course(
        &s,
        &an,
        "EVA3",
        Opts {
            modelo: "ninguno",
            ..Opts::default()
        },
    )
    .await;
    enrolled(&s, &an, n.cve_curso, me).await;
    let id = enrolment_id(&s, n.cve_curso, me).await;
    let r = grade(
        n.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion": 9}),
    )
    .await;
    assert_eq!(r.code(), "cursos.calificacion_no_aplica");
    let r = grade(
        n.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion_salida": 4}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = grade(
        n.cve_curso,
        json!({"cve_inscripcion_ai": id, "calificacion_salida": 6}),
    )
    .await;
    assert_eq!(r.code(), "cursos.calificacion_fuera_de_escala");
    let salida: Option<i64> = sqlx::query_scalar(
        "SELECT calificacion_salida FROM cursos_inscripciones WHERE cve_inscripcion_ai = ?",
    )
    .bind(id)
    .fetch_one(&s.state().db.read)
    .await
    .expect("salida");
    assert_eq!(salida, Some(4));
}
