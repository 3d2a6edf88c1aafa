//! A submitted activity file is downloaded by whoever submitted it and the course's
//! evaluators, nobody else.

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

const PDF: &[u8] = b"%PDF-1.4\n%% tarea\n%%EOF\n";

#[tokio::test]
async fn the_submitter_and_the_evaluators_download_the_file_others_do_not() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let tema = courses_support::topic_with(
        &s,
        &an,
        "ENT1",
        json!({"requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    let r = s
        .post(
            &format!("/api/pri/temas/actividades_temas/{tema}"),
            Some(&an),
            json!({"titulo": "Tarea", "descripcion": "Entrega", "dias_entrega": 2,
                "tipo_evidencia": "archivo"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let c = course_of(&s, &an, tema, Opts::default()).await;
    enrolled(&s, &an, c.cve_curso, s.cve_of(PARTICIPANTE).await).await;
    let r = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&an),
        )
        .await;
    let actividad = r.body["actividades"][0]["id_actividad_curso"]
        .as_i64()
        .expect("activity");
    let p = s.login(PARTICIPANTE).await;
    let r = s
        .send_form(
            Method::POST,
            &format!("/api/pri/cursos/actividades/{actividad}/entrega"),
            Some(&p),
            reqwest::multipart::Form::new().part("archivo", file_part("tarea.pdf", PDF)),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&p),
        )
        .await;
    let entrega = r.body["actividades"][0]["entregas"][0]["id_entrega"]
        .as_i64()
        .expect("submission");
    let path = format!("/api/pri/cursos/entregas/{entrega}/archivo");

    for token in [&p, &an] {
        let r = s.get(&path, Some(token)).await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        assert_eq!(r.bytes, PDF);
    }
    let otro = s.login(SUPERVISOR).await;
    assert_eq!(
        s.get(&path, Some(&otro)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.get("/api/pri/cursos/entregas/999999/archivo", Some(&an))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}
