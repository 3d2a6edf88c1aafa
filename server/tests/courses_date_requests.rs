//! Course-date requests: asked by an employee or a Supervisor, seen Pendiente by the
//! analyst, rejected ('Rechazado') or accepted with the course scheduled from it.

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn ask(s: &TestServer, token: &str, body: Value) -> Answer {
    s.post("/api/pri/cursos/solicitudes_curso", Some(token), body)
        .await
}

#[tokio::test]
async fn an_employee_asks_for_a_date_and_the_analyst_sees_it_pending_with_its_details() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.login(PARTICIPANTE).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let tema = courses_support::topic(&s, &an, "FEC1", "PRESENCIAL", "conocimiento").await;
    let fecha = in_days(&s, 20);
    let r = ask(
        &s,
        &me,
        json!({"cve_tema": tema, "fecha_deseada": fecha, "comentario": "Para el turno B"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["cve_solicitud_curso"].as_i64().expect("id");
    let n = notifications_of(&s, s.cve_of(ANALISTA).await).await;
    assert!(
        n.iter().any(|(t, _, _)| t == "Solicitud de fecha de curso"),
        "{n:?}"
    );
    let tabla = s
        .post(
            "/api/pri/cursos/solicitudes_curso/tabla",
            Some(&an),
            json!({"page": 1, "cantPP": 50, "filtersEXT": {"estado": "Pendiente"}}),
        )
        .await;
    assert_eq!(tabla.status, StatusCode::OK, "{:?}", tabla.body);
    assert!(
        rows(&tabla)
            .iter()
            .any(|r| r["cve_solicitud_curso"] == json!(id) && r["estado"] == "Pendiente")
    );
    let g = s
        .get(
            &format!("/api/pri/cursos/getSolicitudCurso/{id}"),
            Some(&an),
        )
        .await;
    assert_eq!(g.status, StatusCode::OK, "{:?}", g.body);
    assert_eq!(g.body["res"], "Excelente");
    let sol = &g.body["solicitud"];
    assert_eq!(sol["cve_solicitud"], json!(id));
    assert_eq!(sol["cve_tema"], json!(tema));
    assert_eq!(sol["fecha_deseada"], json!(fecha));
    assert_eq!(sol["estado"], "Pendiente");
    assert_eq!(sol["comentario"], "Para el turno B");
    assert_eq!(sol["empleados"][0]["cve_empleado"], json!(p));
    assert_eq!(sol["participantes"], json!(1));
    // The participant does not attend these requests.
    let r = s
        .get(
            &format!("/api/pri/cursos/getSolicitudCurso/{id}"),
            Some(&me),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_past_date_an_unknown_topic_or_someone_else_is_refused() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.login(PARTICIPANTE).await;
    let tema = courses_support::topic(&s, &an, "FEC2", "PRESENCIAL", "conocimiento").await;
    let r = ask(
        &s,
        &me,
        json!({"cve_tema": tema, "fecha_deseada": courses_support::days_ago(&s, 1)}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body["fields"]["fecha_deseada"].is_string(),
        "{:?}",
        r.body
    );
    let r = ask(
        &s,
        &me,
        json!({"cve_tema": 999_999, "fecha_deseada": in_days(&s, 3)}),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["fields"]["cve_tema"].is_string(), "{:?}", r.body);
    let other = s.cve_of(HISE).await;
    let r = ask(
        &s,
        &me,
        json!({"cve_tema": tema, "fecha_deseada": in_days(&s, 3), "empleados": [other]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_supervisor_asks_for_their_people() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let tema = courses_support::topic(&s, &an, "FEC3", "PRESENCIAL", "conocimiento").await;
    let r = ask(
        &s,
        &sup,
        json!({"cve_tema": tema, "fecha_deseada": in_days(&s, 3), "empleados": [p]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["cve_solicitud_curso"].as_i64().expect("id");
    let g = s
        .get(
            &format!("/api/pri/cursos/getSolicitudCurso/{id}"),
            Some(&an),
        )
        .await;
    assert_eq!(
        g.body["solicitud"]["empleados"][0]["cve_empleado"],
        json!(p)
    );
    assert_eq!(
        g.body["solicitud"]["solicitado_por"],
        json!(s.cve_of(SUPERVISOR).await)
    );
}

#[tokio::test]
async fn the_analyst_rejects_a_request_once_and_the_requester_is_told() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.login(PARTICIPANTE).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let tema = courses_support::topic(&s, &an, "FEC4", "PRESENCIAL", "conocimiento").await;
    let id = ask(
        &s,
        &me,
        json!({"cve_tema": tema, "fecha_deseada": in_days(&s, 5)}),
    )
    .await
    .body["cve_solicitud_curso"]
        .as_i64()
        .expect("id");
    let r = s
        .post(
            "/api/pri/cursos/rechazarSolicitudCurso",
            Some(&an),
            json!({"cve_solicitud": id, "motivo": "Sin instructor disponible"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["res"], "Excelente");
    let g = s
        .get(
            &format!("/api/pri/cursos/getSolicitudCurso/{id}"),
            Some(&an),
        )
        .await;
    assert_eq!(g.body["solicitud"]["estado"], "Rechazado");
    assert!(
        notifications_of(&s, p)
            .await
            .iter()
            .any(|(t, c, _)| t == "Solicitud de fecha rechazada"
                && c.contains("Sin instructor disponible"))
    );
    let r = s
        .post(
            "/api/pri/cursos/rechazarSolicitudCurso",
            Some(&an),
            json!({"cve_solicitud": id}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.code(), "cursos.solicitud_resuelta");
}

#[tokio::test]
async fn accepting_a_request_with_its_course_answers_its_employees_once() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let c = course(&s, &an, "FEC5", Opts::default()).await;
    let id = ask(
        &s,
        &sup,
        json!({"cve_tema": c.cve_tema, "fecha_deseada": in_days(&s, 7), "empleados": [p]}),
    )
    .await
    .body["cve_solicitud_curso"]
        .as_i64()
        .expect("id");
    let now = s.state().now_iso();
    let mut conn = s.state().db.write.acquire().await.expect("conn");
    let empleados = aula::courses::date_requests::accept_date_request(
        &mut conn,
        id,
        c.cve_curso,
        Some(s.cve_of(ANALISTA).await),
        &now,
    )
    .await
    .expect("accepted");
    assert_eq!(empleados, vec![p]);
    let again =
        aula::courses::date_requests::accept_date_request(&mut conn, id, c.cve_curso, None, &now)
            .await;
    assert_eq!(
        again.err().map(|e| e.code),
        Some("cursos.solicitud_resuelta")
    );
    drop(conn);
    let g = s
        .get(
            &format!("/api/pri/cursos/getSolicitudCurso/{id}"),
            Some(&an),
        )
        .await;
    assert_eq!(g.body["solicitud"]["estado"], "Aceptado");
    assert_eq!(g.body["solicitud"]["cve_curso"], json!(c.cve_curso));
}
