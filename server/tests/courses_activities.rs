//! Activities: the topic's activities become the course's, participants submit text within
//! the limit, a sniffed file or a link, and the instructor grades each submission.

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

/// A course whose topic has a text activity (limit 20), a file one and a link one; the
/// participant enrolled. (course, activity ids by type)
async fn setup(s: &TestServer) -> (Curso, std::collections::HashMap<String, i64>) {
    let an = s.login(ANALISTA).await;
    let tema = courses_support::topic_with(
        s,
        &an,
        "ACT1",
        json!({"requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    for (tipo, limite) in [("texto", Some(20)), ("archivo", None), ("enlace", None)] {
        let r = s
            .post(
                &format!("/api/pri/temas/actividades_temas/{tema}"),
                Some(&an),
                json!({"titulo": format!("Actividad {tipo}"), "descripcion": "Entrega", "dias_entrega": 2,
                    "tipo_evidencia": tipo, "limite_caracteres": limite}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let c = course_of(s, &an, tema, Opts::default()).await;
    let me = s.cve_of(PARTICIPANTE).await;
    enrolled(s, &an, c.cve_curso, me).await;
    let r = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&an),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let ids = r.body["actividades"]
        .as_array()
        .expect("actividades")
        .iter()
        .map(|a| {
            (
                a["tipo_evidencia"].as_str().unwrap_or("").to_string(),
                a["id_actividad_curso"].as_i64().unwrap_or_default(),
            )
        })
        .collect();
    (c, ids)
}

async fn submit(s: &TestServer, token: &str, id: i64, form: reqwest::multipart::Form) -> Answer {
    s.send_form(
        Method::POST,
        &format!("/api/pri/cursos/actividades/{id}/entrega"),
        Some(token),
        form,
    )
    .await
}

#[tokio::test]
async fn a_participant_submits_text_a_file_and_a_link_and_the_instructor_grades() {
    let s = TestServer::start().await;
    let (c, ids) = setup(&s).await;
    assert_eq!(ids.len(), 3, "{ids:?}");
    let t = s.login(PARTICIPANTE).await;
    let text = |v: &str| reqwest::multipart::Form::new().text("texto", v.to_string());
    let r = submit(&s, &t, ids["texto"], text(&"x".repeat(21))).await;
    assert_eq!(
        r.status,
        StatusCode::BAD_REQUEST,
        "over the limit: {:?}",
        r.body
    );
    let r = submit(&s, &t, ids["texto"], text("Mi respuesta")).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let exe = [b"MZ\x90\x00".as_slice(), &[0u8; 64]].concat();
    let file =
        |d: &[u8]| reqwest::multipart::Form::new().part("archivo", file_part("tarea.pdf", d));
    let r = submit(&s, &t, ids["archivo"], file(&exe)).await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{:?}", r.body);
    let r = submit(&s, &t, ids["archivo"], file(b"%PDF-1.4\n%%EOF\n")).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let link = |v: &str| reqwest::multipart::Form::new().text("enlace", v.to_string());
    assert_eq!(
        submit(&s, &t, ids["enlace"], link("no es enlace"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        submit(
            &s,
            &t,
            ids["enlace"],
            link("https://docs.example.com/tarea")
        )
        .await
        .status,
        StatusCode::OK
    );
    // The participant sees their own submissions.
    let mine = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&t),
        )
        .await;
    assert_eq!(mine.body["evaluador"], json!(false));
    let entregas: usize = mine.body["actividades"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|x| x["entregas"].as_array().map_or(0, Vec::len))
                .sum()
        })
        .unwrap_or(0);
    assert_eq!(entregas, 3);
    // The instructor grades.
    let ins = s.login(INSTRUCTOR).await;
    let all = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&ins),
        )
        .await;
    assert_eq!(all.body["evaluador"], json!(true), "{:?}", all.body);
    let entrega = all.body["actividades"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["tipo_evidencia"] == "texto"))
        .and_then(|x| x["entregas"][0]["id_entrega"].as_i64())
        .expect("the text submission");
    let path = format!("/api/pri/cursos/entregas/{entrega}/calificacion");
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&ins),
            Some(json!({"calificacion": 101})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&ins),
            Some(json!({"calificacion": 95, "comentario": "Bien"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let mine = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&t),
        )
        .await;
    let graded = mine.body["actividades"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["tipo_evidencia"] == "texto"))
        .map(|x| x["entregas"][0]["calificacion"].clone());
    assert_eq!(graded, Some(json!(95.0)));
}

#[tokio::test]
async fn someone_not_enrolled_cannot_submit_or_see_the_activities() {
    let s = TestServer::start().await;
    let (c, ids) = setup(&s).await;
    let h = s.login(HISE).await;
    let r = submit(
        &s,
        &h,
        ids["texto"],
        reqwest::multipart::Form::new().text("texto", "Hola"),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    let r = s
        .get(
            &format!("/api/pri/cursos/{}/actividades", c.cve_curso),
            Some(&h),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
