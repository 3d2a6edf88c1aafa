//! An e-mail to a course's people: participants and instructor, the calendar attached,
//! each participant's attendance confirmation link.

use crate::common;
use crate::courses_support;

use common::{ANALISTA, PARTICIPANTE, SUPERVISOR, TestServer};
use courses_support::*;
use reqwest::StatusCode;
use serde_json::json;

/// The raw .eml files of the outbox.
fn raw_outbox(s: &TestServer) -> Vec<String> {
    std::fs::read_dir(s.config.outbox_dir())
        .map(|d| {
            d.flatten()
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The raw e-mail to `to` whose subject is `asunto`.
fn mail_to(s: &TestServer, to: &str, asunto: &str) -> String {
    raw_outbox(s)
        .into_iter()
        .find(|m| m.contains(&format!("To: {to}")) && m.contains(asunto))
        .unwrap_or_else(|| panic!("no e-mail to {to}"))
}

#[tokio::test]
async fn participants_and_the_external_instructor_get_the_calendar_and_the_confirmation_link() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let tema = topic(&s, &a, "MAIL1", "PRESENCIAL", "conocimiento").await;
    let sala = room(&s, &a, "Sala Correo", 20).await;
    let ins = external_instructor(&s, &a, "externo.correo").await;
    let body = course_body(
        tema,
        vec![session(&in_days(&s, 5), "09:00", "12:00")],
        Some(sala),
        Some(ins),
    );
    let cve = scheduled(&s, &a, &body).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let sup = s.cve_of(SUPERVISOR).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/inscribir"),
            Some(&a),
            json!({"empleados": [p, sup], "lista_espera": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let inscripcion: i64 = sqlx::query_scalar(
        "SELECT cve_inscripcion_ai FROM cursos_inscripciones WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(cve)
    .bind(p)
    .fetch_one(&s.state().db.read)
    .await
    .expect("enrolment");

    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/enviar_correo"),
            Some(&a),
            json!({"asunto": "Aviso del curso MAIL1", "mensaje": "Traer equipo de seguridad."}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.resp(), "Excelente");
    assert_eq!(r.body["enviados"], 3);

    let mail = mail_to(&s, PARTICIPANTE, "Aviso del curso MAIL1");
    assert!(mail.contains("Content-Type: text/calendar"), "{mail}");
    let texto = common::decode_mail(&mail);
    assert!(texto.contains("BEGIN:VCALENDAR"), "{texto}");
    assert!(texto.contains(&format!("curso-{cve}-1@aula")));
    assert!(texto.contains("Traer equipo de seguridad."));
    let link = format!(
        "{}/menu/confirmar_asistencia/curso/{inscripcion}",
        s.config.public_url.trim_end_matches('/')
    );
    assert!(texto.contains(&link), "{link} not in {texto}");

    let mail = mail_to(&s, "externo.correo@externo.mx", "Aviso del curso MAIL1");
    assert!(mail.contains("Content-Type: text/calendar"));
    assert!(!common::decode_mail(&mail).contains("/menu/confirmar_asistencia/"));
}

#[tokio::test]
async fn the_email_needs_a_subject_and_a_scheduler() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let (cve, _) = simple_course(&s, &a, "MAIL2", 5).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/enviar_correo"),
            Some(&a),
            json!({"asunto": " ", "mensaje": "Hola"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    let p = s.login(PARTICIPANTE).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/enviar_correo"),
            Some(&p),
            json!({"asunto": "Hola", "mensaje": "Hola"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = s
        .post(
            "/api/pri/cursos/999999/enviar_correo",
            Some(&a),
            json!({"asunto": "Hola", "mensaje": "Hola"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}
