//! Training resources: institutions, instructors (with their private signature), venues
//! and rooms — the label rules, uniqueness and who may see them.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

const BASE: &str = "/api/pri/catalogos/recursos_capacitacion";

#[tokio::test]
async fn an_institution_with_invalid_labels_is_refused_and_a_valid_one_is_saved_once() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = s
        .post(
            &format!("{BASE}/instituciones"),
            Some(&t),
            json!({"nombre": "", "contacto": "Ana <script>", "telefono": "81 ABC", "correo": "x"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    for f in ["nombre", "contacto", "telefono", "correo"] {
        assert!(r.body["fields"][f].is_string(), "{f}: {:?}", r.body);
    }
    let inst = json!({"nombre": "Capacitación Técnica del Golfo", "contacto": "Ing. Luis Ortega", "telefono": "229-155-0101", "correo": "Cursos@CTG.mx"});
    let r = s
        .post(&format!("{BASE}/instituciones"), Some(&t), inst.clone())
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id"].as_i64().expect("id");
    let g = s.get(&format!("{BASE}/instituciones/{id}"), Some(&t)).await;
    assert_eq!(g.body["correo"], "cursos@ctg.mx");
    let r = s
        .post(&format!("{BASE}/instituciones"), Some(&t), inst)
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.institucion")
    );
}

#[tokio::test]
async fn an_instructor_name_takes_only_letters_and_an_internal_one_gets_the_instructor_profile() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let mut ins = json!({"interno": 1, "cve_empleado": cve, "nombre": "Luis 2", "correo": "luis@ctg.mx", "usuario": "lortega",
        "especialidad": "Soldadura", "rfc": "OELU800101AB1", "registro_stps": "OELU800101AB1-001"});
    let r = s
        .post(&format!("{BASE}/instructores"), Some(&t), ins.clone())
        .await;
    assert_eq!(r.body["fields"]["nombre"], "El nombre solo admite letras");
    ins["nombre"] = json!("Luis Ortega Díaz");
    let r = s.post(&format!("{BASE}/instructores"), Some(&t), ins).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let has: Option<i64> = sqlx::query_scalar(
        "SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ? AND idperfil = 5",
    )
    .bind(cve)
    .fetch_optional(&s.state().db.read)
    .await
    .expect("profiles");
    assert_eq!(has, Some(5));
}

#[tokio::test]
async fn an_external_instructor_may_not_name_an_employee_and_is_saved_without_one() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let mut ext = json!({"interno": 0, "cve_empleado": cve, "nombre": "Externo Uno", "correo": "e@x.mx", "usuario": "ext1",
        "especialidad": "Calidad", "rfc": "EXUN800101AB1"});
    let r = s
        .post(&format!("{BASE}/instructores"), Some(&t), ext.clone())
        .await;
    assert!(
        r.body["fields"]["cve_empleado"].as_str().is_some(),
        "{:?}",
        r.body
    );
    ext["cve_empleado"] = json!(null);
    let r = s.post(&format!("{BASE}/instructores"), Some(&t), ext).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn an_instructor_signature_is_served_only_through_its_signed_link() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = s.post(&format!("{BASE}/instructores"), Some(&t),
        json!({"interno": 0, "nombre": "Externo Uno", "correo": "e@x.mx", "usuario": "ext1", "especialidad": "Calidad", "rfc": "EXUN800101AB1"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id"].as_i64().expect("id");
    let form = reqwest::multipart::Form::new().part("firma", file_part("firma.png", PNG));
    let r = s
        .send_form(
            Method::POST,
            &format!("{BASE}/instructores/{id}/firma"),
            Some(&t),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let url = r.body["url"].as_str().expect("url");
    assert!(url.contains("firma="));
    assert_eq!(s.get(url, None).await.bytes, PNG);
    let unsigned = url.split('?').next().unwrap_or(url);
    assert_eq!(s.get(unsigned, None).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_venue_needs_a_web_map_link_and_a_room_a_positive_capacity() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = s
        .post(
            &format!("{BASE}/sedes"),
            Some(&t),
            json!({"nombre": "Sede Veracruz", "url_mapa": "javascript:alert(1)"}),
        )
        .await;
    assert!(
        r.body["fields"]["url_mapa"].as_str().is_some(),
        "{:?}",
        r.body
    );
    let r = s.post(&format!("{BASE}/sedes"), Some(&t), json!({"nombre": "Sede Veracruz", "url_mapa": "https://maps.google.com/?q=19.17,-96.13"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let sede = r.body["id"].as_i64().expect("id");

    let r = s
        .post(
            &format!("{BASE}/salas"),
            Some(&t),
            json!({"cve_sede": sede, "nombre": "Aula 1", "capacidad": 0}),
        )
        .await;
    assert!(r.body["fields"]["capacidad"].is_string(), "{:?}", r.body);
    let r = s
        .post(
            &format!("{BASE}/salas"),
            Some(&t),
            json!({"cve_sede": sede, "nombre": "Aula 1", "capacidad": 24}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    // The room shows with its venue in the options and the table.
    let opts = s.get(&format!("{BASE}/salas/opciones"), Some(&t)).await;
    assert!(
        opts.body.as_array().is_some_and(|o| o
            .iter()
            .any(|o| o["label"] == "Sede Veracruz — Aula 1 (24)")),
        "{:?}",
        opts.body
    );
    let tabla = s
        .post(
            &format!("{BASE}/salas/tabla"),
            Some(&t),
            json!({"page": 1, "cantPP": 50}),
        )
        .await;
    assert!(
        rows(&tabla)
            .iter()
            .any(|r| r["nombre"] == "Aula 1" && r["sede"] == "Sede Veracruz")
    );
}

#[tokio::test]
async fn a_participante_cannot_list_training_resources_and_an_analista_can() {
    let s = TestServer::start().await;
    let p = s.login(PARTICIPANTE).await;
    let path = format!("{BASE}/sedes/tabla");
    assert_eq!(
        s.post(&path, Some(&p), json!({"page": 1})).await.status,
        StatusCode::FORBIDDEN
    );
    let t = s.login(ANALISTA).await;
    assert_eq!(
        s.post(&path, Some(&t), json!({"page": 1})).await.status,
        StatusCode::OK
    );
}
