//! The two-step enrolment request: the coordinator (the employee's supervisor) accepts,
//! then the course's analyst enrols; either may reject; each step notifies the people
//! concerned and the notification carries the request for its Accept / Reject modal.

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// POSTs `cursos/{id}/solicitar`.
async fn ask(s: &TestServer, token: &str, cve_curso: i64, body: Value) -> Answer {
    s.post(
        &format!("/api/pri/cursos/{cve_curso}/solicitar"),
        Some(token),
        body,
    )
    .await
}

async fn accept(s: &TestServer, token: &str, id: i64, body: Value) -> Answer {
    s.post(
        &format!("/api/pri/solicitudes/aceptar/{id}"),
        Some(token),
        body,
    )
    .await
}

async fn reject(s: &TestServer, token: &str, id: i64, body: Value) -> Answer {
    s.post(
        &format!("/api/pri/solicitudes/rechazar/{id}"),
        Some(token),
        body,
    )
    .await
}

#[tokio::test]
async fn a_supervisors_request_for_a_subordinate_is_accepted_in_two_steps_with_every_notification()
{
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let cve_sup = s.cve_of(SUPERVISOR).await;
    let cve_an = s.cve_of(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let c = course(&s, &an, "REQ1", Opts::default()).await;

    let r = ask(&s, &sup, c.cve_curso, json!({"cve_empleado": p})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["etapa"], "coordinador");
    let id = r.body["idsolicitud"].as_i64().expect("idsolicitud");

    // The coordinator's notification carries the request, which they may resolve.
    let nid = request_notification(&s, cve_sup, id)
        .await
        .expect("the coordinator is notified");
    let n = s
        .get(&format!("/api/pri/notificaciones/{nid}"), Some(&sup))
        .await;
    assert_eq!(n.status, StatusCode::OK, "{:?}", n.body);
    let sol = &n.body[0]["solicitud"];
    assert_eq!(sol["idsolicitud"], json!(id));
    assert_eq!(sol["cve_empleado"], json!(p));
    assert_eq!(sol["cve_supervisor"], json!(cve_sup));
    assert_eq!(sol["cve_curso"], json!(c.cve_curso));
    assert_eq!(sol["estatus"], json!(1));
    assert_eq!(sol["puede_resolver"], json!(true));
    assert_eq!(
        sol["link_confirmar"],
        json!(format!("/api/pri/solicitudes/aceptar/{id}"))
    );
    assert_eq!(
        sol["link_rechazar"],
        json!(format!("/api/pri/solicitudes/rechazar/{id}"))
    );
    for k in [
        "nombre_empleado",
        "nombre_supervisor",
        "nombre_analista",
        "nombre_curso",
        "fecha_curso",
        "horario_curso",
        "subject",
    ] {
        assert!(sol[k].is_string(), "{k} in {sol}");
    }

    let r = accept(&s, &sup, id, json!({"cve_coordinador": cve_sup})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["resp"], json!(1));
    assert_eq!(
        r.body["mensaje"],
        "Ahora el analista del curso aceptará la solicitud"
    );
    assert_eq!(r.body["etapa"], "analista");
    assert!(enrolment(&s, c.cve_curso, p).await.is_none());
    // Now it waits for the analyst: the coordinator can no longer resolve it.
    let n = s
        .get(&format!("/api/pri/notificaciones/{nid}"), Some(&sup))
        .await;
    assert_eq!(n.body[0]["solicitud"]["etapa"], "analista");
    assert_eq!(n.body[0]["solicitud"]["puede_resolver"], json!(false));
    let r = accept(&s, &sup, id, json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.code(), "solicitudes.no_autorizado");
    assert!(
        request_notification(&s, cve_an, id).await.is_some(),
        "the analyst is notified"
    );

    let r = accept(&s, &an, id, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["mensaje"], "La solicitud ha sido aceptada con éxito");
    assert_eq!(r.body["estatus"], json!(3));
    assert_eq!(
        enrolment(&s, c.cve_curso, p).await.map(|e| e.1),
        Some("inscrito".to_string())
    );
    assert!(
        notifications_of(&s, p)
            .await
            .iter()
            .any(|(t, _, _)| t == "Inscripción a curso")
    );
    assert!(
        notifications_of(&s, cve_sup)
            .await
            .iter()
            .any(|(t, _, _)| t == "Solicitud aceptada")
    );

    // Resolved: both answers are refused with the spec's message.
    let r = accept(&s, &an, id, json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.code(), "solicitudes.resuelta");
    assert_eq!(r.resp(), "La notificación ya no se encuentra disponible");
    let r = reject(&s, &an, id, json!({})).await;
    assert_eq!(r.code(), "solicitudes.resuelta");
    let v = s
        .get(&format!("/api/pri/solicitudes/{id}"), Some(&an))
        .await;
    assert_eq!(v.body["estatus"], json!(3));
    assert_eq!(v.body["puede_resolver"], json!(false));
}

#[tokio::test]
async fn the_coordinator_rejects_and_the_employee_is_told() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let c = course(&s, &an, "REQ2", Opts::default()).await;
    let me = s.login(PARTICIPANTE).await;
    let r = ask(&s, &me, c.cve_curso, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["idsolicitud"].as_i64().expect("id");
    let r = reject(&s, &sup, id, json!({"motivo": "Turno de cierre"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.resp(), "La solicitud ha sido rechazada con éxito");
    let n = notifications_of(&s, p).await;
    assert!(
        n.iter()
            .any(|(t, c, _)| t == "Solicitud rechazada" && c.contains("Turno de cierre")),
        "{n:?}"
    );
    let v = s
        .get(&format!("/api/pri/solicitudes/{id}"), Some(&me))
        .await;
    assert_eq!(v.body["estatus"], json!(2));
    assert!(enrolment(&s, c.cve_curso, p).await.is_none());
    // A new request may follow a rejected one.
    let r = ask(&s, &me, c.cve_curso, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn the_analyst_rejects_at_the_second_step() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let c = course(&s, &an, "REQ3", Opts::default()).await;
    let r = ask(&s, &sup, c.cve_curso, json!({"cve_empleado": p})).await;
    let id = r.body["idsolicitud"].as_i64().expect("id");
    assert_eq!(accept(&s, &sup, id, json!({})).await.status, StatusCode::OK);
    let r = reject(&s, &an, id, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert!(
        notifications_of(&s, p)
            .await
            .iter()
            .any(|(t, _, _)| t == "Solicitud rechazada")
    );
    assert!(enrolment(&s, c.cve_curso, p).await.is_none());
}

#[tokio::test]
async fn someone_the_request_does_not_wait_for_is_refused() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let sup = s.login(SUPERVISOR).await;
    let ins = s.login(INSTRUCTOR).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let me = s.login(PARTICIPANTE).await;
    let c = course(&s, &an, "REQ4", Opts::default()).await;
    let r = ask(&s, &sup, c.cve_curso, json!({"cve_empleado": p})).await;
    let id = r.body["idsolicitud"].as_i64().expect("id");
    for t in [&ins, &me] {
        let r = accept(&s, t, id, json!({})).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
        assert_eq!(r.code(), "solicitudes.no_autorizado");
        let r = reject(&s, t, id, json!({})).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    }
    // Accepting in someone else's name is refused too.
    let other = s.cve_of(ANALISTA).await;
    let r = accept(&s, &sup, id, json!({"cve_coordinador": other})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = accept(&s, &an, 999_999, json!({})).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.code(), "solicitudes.no_encontrada");
}

#[tokio::test]
async fn a_request_is_refused_without_self_enrolment_twice_or_outside_the_team() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.login(PARTICIPANTE).await;
    let sup = s.login(SUPERVISOR).await;
    let closed = course(
        &s,
        &an,
        "REQ5",
        Opts {
            autoinscripcion: false,
            ..Opts::default()
        },
    )
    .await;
    let r = ask(&s, &me, closed.cve_curso, json!({})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.sin_autoinscripcion");
    let open = course(&s, &an, "REQ6", Opts::default()).await;
    assert_eq!(
        ask(&s, &me, open.cve_curso, json!({})).await.status,
        StatusCode::OK
    );
    let r = ask(&s, &me, open.cve_curso, json!({})).await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(r.code(), "cursos.solicitud_pendiente");
    // A participant cannot ask for someone else; a supervisor only for their team.
    let other = s.cve_of(HISE).await;
    let r = ask(&s, &me, open.cve_curso, json!({"cve_empleado": other})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let outside: i64 = sqlx::query_scalar(
        "WITH RECURSIVE equipo(cve) AS (SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve)
         SELECT cve_empleado FROM empleados WHERE activo = 1 AND cve_empleado NOT IN (SELECT cve FROM equipo)
           AND cve_empleado <> ? ORDER BY cve_empleado LIMIT 1",
    )
    .bind(s.cve_of(SUPERVISOR).await)
    .bind(s.cve_of(SUPERVISOR).await)
    .fetch_one(&s.state().db.read)
    .await
    .expect("outside");
    let r = ask(&s, &sup, open.cve_curso, json!({"cve_empleado": outside})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.code(), "auth.fuera_de_alcance");
}

#[tokio::test]
async fn without_a_supervisor_the_request_goes_straight_to_the_analyst_and_a_full_course_means_the_waiting_list()
 {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let cve_an = s.cve_of(ANALISTA).await;
    let c = course(
        &s,
        &an,
        "REQ7",
        Opts {
            capacidad: 1,
            ..Opts::default()
        },
    )
    .await;
    let filler = plain_employees(&s, 1).await[0];
    enrolled(&s, &an, c.cve_curso, filler).await;
    let lone: i64 = sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE cve_supervisor IS NULL AND activo = 1 AND baja_logica = 0
           AND cve_empleado NOT IN (SELECT cve_empleado FROM instructores WHERE cve_empleado IS NOT NULL)
           AND cve_empleado <> ? ORDER BY cve_empleado LIMIT 1",
    )
    .bind(cve_an)
    .fetch_one(&s.state().db.read)
    .await
    .expect("an employee without supervisor");
    let r = ask(&s, &an, c.cve_curso, json!({"cve_empleado": lone})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["etapa"], "analista");
    let id = r.body["idsolicitud"].as_i64().expect("id");
    assert!(request_notification(&s, cve_an, id).await.is_some());
    let r = accept(&s, &an, id, json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        enrolment(&s, c.cve_curso, lone).await.map(|e| (e.1, e.2)),
        Some(("espera".to_string(), Some(1)))
    );
    assert_eq!(seats(&s, c.cve_curso).await, (1, 1, 1));
}
