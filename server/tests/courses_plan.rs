//! The participant's plan fills the course fields of the Planned topic from their course:
//! enrolled, waiting or asked for; confirmation, access and material as the buttons need.

use crate::common;
use crate::courses_support;
use crate::plans_support;

use common::*;
use courses_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The participant's pending plan topic `tema`.
async fn planned(s: &TestServer, cve: i64, tema: i64) -> Value {
    let t = s.login(PARTICIPANTE).await;
    let r = s
        .post(
            &format!(
                "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve}/Pendientes"
            ),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["temas"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["cve_tema"] == json!(tema)).cloned())
        .expect("the topic is in the plan")
}

#[tokio::test]
async fn an_enrolled_participants_plan_shows_the_course_and_follows_confirmation_and_access() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let c = course(
        &s,
        &an,
        "PLN1",
        Opts {
            en_dias: 2,
            dias_acceso: 5,
            ..Opts::default()
        },
    )
    .await;
    plans_support::seed_requirement(
        &s,
        "empleado",
        Some(c.cve_tema),
        None,
        ("empleado", me),
        true,
        None,
    )
    .await;
    let t = planned(&s, me, c.cve_tema).await;
    assert_eq!(t["cve_curso"], json!(null), "no course yet: {t}");
    enrolled(&s, &an, c.cve_curso, me).await;
    let id = enrolment_id(&s, c.cve_curso, me).await;
    let t = planned(&s, me, c.cve_tema).await;
    assert_eq!(t["cve_curso"], json!(c.cve_curso));
    assert_eq!(t["cve_inscripcion_ai"], json!(id));
    assert_eq!(t["accion"], "inscrito");
    assert_eq!(t["confirmado"], "0");
    assert_eq!(t["fecha_curso"], json!(courses_support::in_days(&s, 2)));
    assert_eq!(t["curso_cerrado"], "0");
    assert_eq!(t["modalidad_curso"], "PRESENCIAL");
    assert_eq!(t["dias_acceso"], json!(5));
    assert!(t["hora_curso"].is_string(), "{t}");
    assert_eq!(t["acceso"], json!(false), "before the course");
    let tok = s.login(PARTICIPANTE).await;
    let r = s
        .post(
            "/api/pri/mobile/cursos/confirmar_asistencia",
            Some(&tok),
            json!({"cve_inscripcion_ai": id}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(planned(&s, me, c.cve_tema).await["confirmado"], "1");
    s.clock.advance(chrono::Duration::days(2));
    assert_eq!(
        planned(&s, me, c.cve_tema).await["acceso"],
        json!(true),
        "the course day"
    );
}

#[tokio::test]
async fn the_plan_shows_a_waiting_place_and_a_pending_request() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let full = course(
        &s,
        &an,
        "PLN2",
        Opts {
            capacidad: 1,
            ..Opts::default()
        },
    )
    .await;
    plans_support::seed_requirement(
        &s,
        "empleado",
        Some(full.cve_tema),
        None,
        ("empleado", me),
        true,
        None,
    )
    .await;
    enrolled(&s, &an, full.cve_curso, plain_employees(&s, 1).await[0]).await;
    enrolled(&s, &an, full.cve_curso, me).await;
    let t = planned(&s, me, full.cve_tema).await;
    assert_eq!(t["accion"], "espera");
    assert_eq!(t["turno_espera"], json!(1));

    let asked = course(&s, &an, "PLN3", Opts::default()).await;
    plans_support::seed_requirement(
        &s,
        "empleado",
        Some(asked.cve_tema),
        None,
        ("empleado", me),
        true,
        None,
    )
    .await;
    let tok = s.login(PARTICIPANTE).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{}/solicitar", asked.cve_curso),
            Some(&tok),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let t = planned(&s, me, asked.cve_tema).await;
    assert_eq!(t["accion"], "solicitud");
    assert_eq!(t["cve_curso"], json!(asked.cve_curso));
    assert_eq!(t["cve_inscripcion_ai"], json!(null));
}
