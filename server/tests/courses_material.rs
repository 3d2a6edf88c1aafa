//! 'Material Completado': the participant's own enrolment, inside the access window only
//! (the window's edges are unit-tested in `courses::material`).

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::{Method, StatusCode};

async fn complete(s: &TestServer, token: &str, id: i64) -> Answer {
    s.call(
        Method::PUT,
        &format!("/api/pri/mobile/temas/material/completado/{id}"),
        Some(token),
        None,
    )
    .await
}

async fn estatus_material(s: &TestServer, id: i64) -> Option<String> {
    sqlx::query_scalar(
        "SELECT estatus_material FROM cursos_inscripciones WHERE cve_inscripcion_ai = ?",
    )
    .bind(id)
    .fetch_one(&s.state().db.read)
    .await
    .expect("estatus_material")
}

#[tokio::test]
async fn material_is_completed_only_inside_the_access_window() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let c = course(
        &s,
        &an,
        "MAT1",
        Opts {
            en_dias: 2,
            dias_acceso: 3,
            ..Opts::default()
        },
    )
    .await;
    enrolled(&s, &an, c.cve_curso, me).await;
    let id = enrolment_id(&s, c.cve_curso, me).await;
    let t = s.login(PARTICIPANTE).await;
    let r = complete(&s, &t, id).await;
    assert_eq!(
        r.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "before the course: {:?}",
        r.body
    );
    assert_eq!(r.code(), "cursos.material_sin_acceso");
    assert_eq!(estatus_material(&s, id).await, None);
    // Day N of the window (course day + 3).
    s.clock.advance(chrono::Duration::days(5));
    let t = s.login(PARTICIPANTE).await;
    let r = complete(&s, &t, id).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.resp(), "Material Completado");
    assert_eq!(
        estatus_material(&s, id).await.as_deref(),
        Some("Material_Completado")
    );
    // Day N+1: closed.
    s.clock.advance(chrono::Duration::days(1));
    let t = s.login(PARTICIPANTE).await;
    assert_eq!(
        complete(&s, &t, id).await.code(),
        "cursos.material_sin_acceso"
    );
}

#[tokio::test]
async fn only_the_participant_completes_their_material() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let c = course(
        &s,
        &an,
        "MAT2",
        Opts {
            en_dias: 0,
            ..Opts::default()
        },
    )
    .await;
    let other = plain_employees(&s, 1).await[0];
    enrolled(&s, &an, c.cve_curso, other).await;
    let id = enrolment_id(&s, c.cve_curso, other).await;
    let t = s.login(PARTICIPANTE).await;
    let r = complete(&s, &t, id).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(estatus_material(&s, id).await, None);
    assert_eq!(
        complete(&s, &t, 999_999).await.status,
        StatusCode::NOT_FOUND
    );
}
