//! The instructor's courses and comments.

use crate::common;
use crate::courses_support;

use common::{ANALISTA, INSTRUCTOR, TestServer};
use courses_support::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn an_instructor_comments_only_on_open_courses_they_teach() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, _) = simple_course(&s, &t, "INS1", 4).await;
    let i = s.login(INSTRUCTOR).await;
    let path = "/api/pri/dashboard/cursos_instructor";
    let l = s.get(path, Some(&i)).await;
    assert_eq!(l.status, StatusCode::OK, "{:?}", l.body);
    assert_eq!(l.body[0]["cve_curso"], cve);
    assert_eq!(l.body[0]["curso_cerrado"], "0");
    let r = s
        .post(
            path,
            Some(&i),
            json!({"curso": {"cve_curso": cve, "comentarios_instructor": "  "}}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "cursos.comentario_obligatorio")
    );
    assert_eq!(r.resp(), "Comentario Obligatorio");
    let r = s
        .post(
            path,
            Some(&i),
            json!({"curso": {"cve_curso": cve, "comentarios_instructor": "Grupo puntual"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.resp(), "Comentarios Guardados");
    assert_eq!(
        s.get(path, Some(&i)).await.body[0]["comentarios_instructor"],
        "Grupo puntual"
    );
    // Not theirs.
    let r = s
        .post(
            path,
            Some(&t),
            json!({"curso": {"cve_curso": cve, "comentarios_instructor": "x"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
}
