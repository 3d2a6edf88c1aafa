//! Uploaded images of catalogue rows (instructor and representative signatures, venue
//! sketches) are stored only for a row that exists and a valid image, and a new image
//! replaces the old one in storage instead of piling up beside it.

use crate::common;

use std::path::Path;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

const BASE: &str = "/api/pri/catalogos/recursos_capacitacion";
const REPRESENTANTES: &str = "/api/pri/catalogos/representantes_DC3";

/// Every file under `dir` (recursively), as paths relative to it.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(rel) = p.strip_prefix(dir) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

fn stored(s: &TestServer, folder: &str) -> Vec<String> {
    files_under(&Path::new(&s.config.storage).join(folder))
}

/// The files of one record (stored as `<id>-<uuid>.<ext>`): the demo's own signatures are
/// there too.
fn stored_for(s: &TestServer, folder: &str, id: i64) -> Vec<String> {
    let prefix = format!("{id}-");
    stored(s, folder)
        .into_iter()
        .filter(|f| f.starts_with(&prefix))
        .collect()
}

fn image(field: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new().part(field.to_string(), file_part("imagen.png", PNG))
}

async fn external_instructor(s: &TestServer, t: &str) -> i64 {
    let r = s
        .post(
            &format!("{BASE}/instructores"),
            Some(t),
            json!({"interno": 0, "nombre": "Externo Uno", "correo": "e@x.mx", "usuario": "ext1",
                   "especialidad": "Calidad", "rfc": "EXUN800101AB1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["id"].as_i64().expect("id")
}

async fn venue(s: &TestServer, t: &str) -> i64 {
    let r = s
        .post(
            &format!("{BASE}/sedes"),
            Some(t),
            json!({"nombre": "Sede Veracruz", "url_mapa": "https://maps.google.com/?q=19.17,-96.13"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["id"].as_i64().expect("id")
}

async fn a_representative(s: &TestServer, t: &str) -> i64 {
    let r = s
        .post(
            &format!("{REPRESENTANTES}/tabla"),
            Some(t),
            json!({"page": 1, "cantPP": 10}),
        )
        .await;
    r.body["result"][0]["cve_representante"]
        .as_i64()
        .expect("a demo representative")
}

#[tokio::test]
async fn a_signature_for_an_unknown_instructor_is_404_and_stores_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = s
        .send_form(
            Method::POST,
            &format!("{BASE}/instructores/999999/firma"),
            Some(&t),
            image("firma"),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);
    assert_eq!(
        stored_for(&s, "firmas/instructores", 999999),
        Vec::<String>::new()
    );
}

#[tokio::test]
async fn a_signature_for_a_known_instructor_is_stored_once() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let id = external_instructor(&s, &t).await;
    let path = format!("{BASE}/instructores/{id}/firma");
    let r = s
        .send_form(Method::POST, &path, Some(&t), image("firma"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(stored_for(&s, "firmas/instructores", id).len(), 1);
}

#[tokio::test]
async fn a_signature_that_is_not_an_image_is_refused_and_stores_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let id = external_instructor(&s, &t).await;
    let form =
        reqwest::multipart::Form::new().part("firma", file_part("firma.png", b"no es una imagen"));
    let r = s
        .send_form(
            Method::POST,
            &format!("{BASE}/instructores/{id}/firma"),
            Some(&t),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{:?}", r.body);
    assert_eq!(
        stored_for(&s, "firmas/instructores", id),
        Vec::<String>::new()
    );
}

#[tokio::test]
async fn a_new_instructor_signature_replaces_the_old_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let id = external_instructor(&s, &t).await;
    let path = format!("{BASE}/instructores/{id}/firma");
    for _ in 0..2 {
        let r = s
            .send_form(Method::POST, &path, Some(&t), image("firma"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let files = stored_for(&s, "firmas/instructores", id);
    assert_eq!(files.len(), 1, "{files:?}");
    let g = s.get(&format!("{BASE}/instructores/{id}"), Some(&t)).await;
    let url = g.body["firma_url"].as_str().expect("firma_url");
    assert_eq!(
        s.get(url, None).await.bytes,
        PNG,
        "the kept file is the current one"
    );
}

#[tokio::test]
async fn a_sketch_for_an_unknown_venue_is_404_and_stores_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = s
        .send_form(
            Method::POST,
            &format!("{BASE}/sedes/999999/croquis"),
            Some(&t),
            image("croquis"),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);
    assert_eq!(stored(&s, "catalogos/sedes"), Vec::<String>::new());
}

#[tokio::test]
async fn a_new_venue_sketch_replaces_the_old_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let id = venue(&s, &t).await;
    let path = format!("{BASE}/sedes/{id}/croquis");
    let mut urls = Vec::new();
    for _ in 0..2 {
        let r = s
            .send_form(Method::POST, &path, Some(&t), image("croquis"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        urls.push(r.body["url"].as_str().expect("url").to_string());
    }
    assert_eq!(stored(&s, "catalogos/sedes").len(), 1);
    assert_eq!(s.get(&urls[0], None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(s.get(&urls[1], None).await.bytes, PNG);
}

#[tokio::test]
async fn a_signature_for_an_unknown_representative_is_404_and_stores_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let r = s
        .send_form(
            Method::POST,
            &format!("{REPRESENTANTES}/999999/firma"),
            Some(&t),
            image("firma"),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);
    assert_eq!(
        stored_for(&s, "firmas/representantes", 999999),
        Vec::<String>::new()
    );
}

#[tokio::test]
async fn a_new_representative_signature_replaces_the_old_file() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let rep = a_representative(&s, &t).await;
    let path = format!("{REPRESENTANTES}/{rep}/firma");
    for _ in 0..2 {
        let r = s
            .send_form(Method::POST, &path, Some(&t), image("firma"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    assert_eq!(stored_for(&s, "firmas/representantes", rep).len(), 1);
}
