//! DC-3 data (STPS): company data and its signatories, representatives with their
//! signatures, and establishments.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const REPRESENTANTES: &str = "/api/pri/catalogos/representantes_DC3";

/// The signatories the company list shows for company `n4`.
async fn signatories(s: &TestServer, t: &str, n4: i64) -> Value {
    let e = s
        .get("/api/pri/catalogos/datos_stps/empresas", Some(t))
        .await;
    e.body
        .as_array()
        .and_then(|l| l.iter().find(|e| e["cve_n4"] == n4))
        .map(|e| e["firmantes"].clone())
        .unwrap_or(Value::Null)
}

#[tokio::test]
async fn a_company_of_fifty_signs_with_the_employer_and_one_of_fifty_one_also_with_the_workers() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let n4 = s.org_of(PARTICIPANTE).await.3;
    let path = format!("/api/pri/catalogos/datos_stps/empresas/{n4}");
    let r = s
        .call(Method::PUT, &path, Some(&t),
            Some(json!({"razon_social": "Aceros S.A. de C.V.", "rfc": "ACE980312KT4", "registro_patronal": "Y5412345670", "num_trabajadores": 50})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(signatories(&s, &t, n4).await, json!(["patron"]));
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"num_trabajadores": 51})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        signatories(&s, &t, n4).await,
        json!(["patron", "trabajadores"])
    );
}

#[tokio::test]
async fn a_registro_patronal_of_other_than_eleven_characters_is_refused_and_one_of_eleven_saved() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let n4 = s.org_of(PARTICIPANTE).await.3;
    let path = format!("/api/pri/catalogos/datos_stps/empresas/{n4}");
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"registro_patronal": "123", "num_trabajadores": 5})),
        )
        .await;
    assert_eq!(
        r.body["fields"]["registro_patronal"],
        "El registro patronal debe tener 11 caracteres"
    );
    let r = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"registro_patronal": "Y5412345671", "num_trabajadores": 5})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_company_has_one_active_representative_of_each_type() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let main = s.org_of(PARTICIPANTE).await.3;
    // The demo already has a workers' representative for the main company…
    let r = s
        .post(
            REPRESENTANTES,
            Some(&t),
            json!({"cve_n4": main, "tipo": "trabajadores", "nombre": "Pedro Salas Guerra"}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.representante")
    );
    // …and none for the other companies.
    let companies = s
        .get("/api/pri/catalogos/datos_stps/empresas", Some(&t))
        .await;
    let other = companies
        .body
        .as_array()
        .and_then(|l| l.iter().find(|e| e["cve_n4"] != main))
        .and_then(|e| e["cve_n4"].as_i64())
        .expect("a second company");
    let r = s
        .post(
            REPRESENTANTES,
            Some(&t),
            json!({"cve_n4": other, "tipo": "trabajadores", "nombre": "Pedro Salas Guerra"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_representative_signature_must_be_an_image() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    // A contractor company's new workers' representative, still without a signature (the
    // demo's own representatives have theirs).
    let n4 = s.org_of(CONTRATISTA).await.3;
    let r = s
        .post(
            REPRESENTANTES,
            Some(&t),
            json!({"cve_n4": n4, "tipo": "trabajadores", "nombre": "Pedro Salas Guerra"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let rep = r.body["cve_representante"].as_i64().expect("its key");
    let mine = |r: &Answer| {
        r.body["result"]
            .as_array()
            .and_then(|l| l.iter().find(|x| x["cve_representante"] == rep))
            .map(|x| x["tiene_firma"].clone())
            .unwrap_or(Value::Null)
    };
    let workers = json!({"page": 1, "cantPP": 50, "columns_with_selects": [{"column": "tipo", "nomfield": "tipo", "input": "trabajadores"}]});
    let list = s
        .post(
            &format!("{REPRESENTANTES}/tabla"),
            Some(&t),
            workers.clone(),
        )
        .await;
    assert_eq!(mine(&list), 0);
    let path = format!("{REPRESENTANTES}/{rep}/firma");
    let form =
        reqwest::multipart::Form::new().part("firma", file_part("f.gif", b"no es una imagen"));
    let bad = s.send_form(Method::POST, &path, Some(&t), form).await;
    assert_eq!(bad.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let list = s
        .post(
            &format!("{REPRESENTANTES}/tabla"),
            Some(&t),
            workers.clone(),
        )
        .await;
    assert_eq!(mine(&list), 0, "a refused file stores nothing");
    let form = reqwest::multipart::Form::new().part("firma", file_part("f.png", PNG));
    let ok = s.send_form(Method::POST, &path, Some(&t), form).await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    let list = s
        .post(&format!("{REPRESENTANTES}/tabla"), Some(&t), workers)
        .await;
    assert_eq!(mine(&list), 1);
}

#[tokio::test]
async fn an_establishment_name_is_unique_within_its_company() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let n4 = s.org_of(PARTICIPANTE).await.3;
    let path = "/api/pri/catalogos/establecimientos_STPS";
    let r = s.post(path, Some(&t),
        json!({"cve_n4": n4, "nombre": "Centro de distribución Apodaca", "registro_patronal": "Y5499999990", "cve_estado": 19})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            path,
            Some(&t),
            json!({"cve_n4": n4, "nombre": "Centro de distribución Apodaca"}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.establecimiento")
    );
}
