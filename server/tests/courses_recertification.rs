//! The daily recertification pass: an accreditation expiring within the first window gets
//! the next course of its topic offered once, or (company setting) an enrolment.

use crate::common;
use crate::courses_support;

use chrono::{Days, Months};
use common::{ADMIN, PARTICIPANTE, TestServer};
use courses_support::*;
use reqwest::StatusCode;
use serde_json::json;

/// The participant's accreditation of a fresh 12-month topic, expiring in `dias` days; a
/// course of the topic 10–19 days ahead. (cve_tema, cve_curso, cve_empleado)
async fn expiring_with_course(s: &TestServer, t: &str, abbr: &str, dias: u64) -> (i64, i64, i64) {
    // One course per topic on its own day (the demo instructor teaches them all).
    let dia = 10 + abbr.bytes().last().map_or(0, |b| u64::from(b % 10));
    let (curso, tema) = simple_course(s, t, abbr, dia).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let fecha = (today(s) + Days::new(dias))
        .checked_sub_months(Months::new(12))
        .expect("date");
    let r = s
        .post(
            &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{p}/acreditaciones"),
            Some(t),
            json!({"cve_tema": tema, "fecha": iso(fecha), "calificacion": 90, "motivo": "Constancia"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    (tema, curso, p)
}

async fn actions(s: &TestServer, p: i64, tema: i64) -> Vec<(i64, String)> {
    sqlx::query_as(
        "SELECT cve_curso, accion FROM cursos_recertificaciones WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(p)
    .bind(tema)
    .fetch_all(&s.state().db.read)
    .await
    .expect("actions")
}

async fn notices(s: &TestServer, p: i64, needle: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM notificaciones WHERE cve_empleado = ? AND titulo LIKE ?",
    )
    .bind(p)
    .bind(format!("%{needle}%"))
    .fetch_one(&s.state().db.read)
    .await
    .expect("notices")
}

async fn enrolment_origin(s: &TestServer, curso: i64, p: i64) -> Option<(String, String)> {
    sqlx::query_as(
        "SELECT estatus, origen FROM cursos_inscripciones WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(curso)
    .bind(p)
    .fetch_optional(&s.state().db.read)
    .await
    .expect("enrolment")
}

#[tokio::test]
async fn an_expiring_accreditation_is_offered_the_next_course_once() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let (tema, curso, p) = expiring_with_course(&s, &t, "REC1", 20).await;
    let r = aula::courses::recertification::run_once(s.state())
        .await
        .expect("pass");
    assert!(r.ofrecidas >= 1, "{r:?}");
    assert_eq!(
        actions(&s, p, tema).await,
        vec![(curso, "ofrecida".to_string())]
    );
    assert_eq!(notices(&s, p, "Renueva tu acreditación").await, 1);
    assert_eq!(enrolment_origin(&s, curso, p).await, None);

    // The next day's pass (and a second one the same day) offers nothing new.
    s.clock.advance(chrono::Duration::days(1));
    aula::courses::recertification::run_once(s.state())
        .await
        .expect("pass");
    aula::courses::recertification::run_once(s.state())
        .await
        .expect("pass");
    assert_eq!(actions(&s, p, tema).await.len(), 1);
    assert_eq!(notices(&s, p, "Renueva tu acreditación").await, 1);
}

#[tokio::test]
async fn with_the_company_setting_the_employee_is_enrolled() {
    let s = TestServer::start().await;
    aula::settings::apply_patch(s.state(), json!({"recertificacion_automatica": "1"}))
        .await
        .expect("setting");
    let t = s.login(ADMIN).await;
    let (tema, curso, p) = expiring_with_course(&s, &t, "REC2", 25).await;
    aula::courses::recertification::run_once(s.state())
        .await
        .expect("pass");
    assert_eq!(
        actions(&s, p, tema).await,
        vec![(curso, "inscrito".to_string())]
    );
    assert_eq!(
        enrolment_origin(&s, curso, p).await,
        Some(("inscrito".to_string(), "recertificacion".to_string()))
    );
    assert_eq!(notices(&s, p, "Inscripción por recertificación").await, 1);
}

#[tokio::test]
async fn an_accreditation_far_from_expiry_or_already_in_a_course_gets_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let (tema, _, p) = expiring_with_course(&s, &t, "REC3", 200).await;
    aula::courses::recertification::run_once(s.state())
        .await
        .expect("pass");
    assert!(actions(&s, p, tema).await.is_empty());

    let (tema, curso, p) = expiring_with_course(&s, &t, "REC4", 20).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{curso}/inscribir"),
            Some(&t),
            json!({"empleados": [p], "lista_espera": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    aula::courses::recertification::run_once(s.state())
        .await
        .expect("pass");
    assert!(actions(&s, p, tema).await.is_empty());
}
