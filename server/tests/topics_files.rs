//! Topic and block uploads put their files in storage only once the form and the records it
//! refers to are valid: a rejected request leaves the storage folder as it was.

use crate::common;

use std::path::Path;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// Enough of a PDF for the content sniffer.
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

/// Every file under `dir`, however deep.
fn count_files(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| {
            let p = e.path();
            if p.is_dir() { count_files(&p) } else { 1 }
        })
        .sum()
}

fn stored_files(s: &TestServer) -> usize {
    count_files(Path::new(&s.config.storage))
}

fn topic(abbr: &str) -> Value {
    json!({"abreviatura": abbr, "nombre_tema": "Soldadura segura", "cve_area": 6000, "tipo": "Taller",
           "modalidad": "PRESENCIAL", "dias_duracion": 2, "horas_sesion": 4, "min_participantes": 5,
           "max_participantes": 15, "modelo_evaluacion": "conocimiento"})
}

fn block(name: &str) -> Value {
    json!({"nombre_bloque": name, "id_tipo_bloque": 1, "precio": 0, "descripcion": "Programa completo",
           "fecha_inicio": "2026-12-01", "fecha_fin": "2027-01-31", "capacidad_asistencia": 20,
           "video": "https://videos.example.mx/soldador"})
}

/// A `datos` form with the given file parts.
fn form(datos: &Value, files: &[(&str, &[u8])]) -> reqwest::multipart::Form {
    let mut f = reqwest::multipart::Form::new().text("datos", datos.to_string());
    for (name, data) in files {
        f = f.part(name.to_string(), file_part(&format!("{name}.bin"), data));
    }
    f
}

async fn send(
    s: &TestServer,
    t: &str,
    method: Method,
    path: &str,
    datos: &Value,
    files: &[(&str, &[u8])],
) -> Answer {
    s.send_form(method, path, Some(t), form(datos, files)).await
}

const CREATE_TOPIC: &str = "/api/pri/catalogos/temas/crear_tema";
const CREATE_BLOCK: &str = "/api/pri/catalogos/bloques_cursos/crear_bloque";

async fn topic_key(s: &TestServer, t: &str, abbr: &str) -> i64 {
    let r = s
        .post(
            "/api/pri/catalogos/temas/getTemaNombre",
            Some(t),
            json!({"nombre_tema": abbr}),
        )
        .await;
    r.body["list"][0]["cve_tema"]
        .as_i64()
        .expect("the demo topic exists")
}

#[tokio::test]
async fn a_valid_topic_stores_its_image_and_its_material() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_TOPIC,
        &topic("SOL-01"),
        &[("imagen", PNG), ("material_participante", PDF)],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(stored_files(&s), before + 2);
}

#[tokio::test]
async fn a_topic_with_an_unknown_prerequisite_stores_no_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let mut datos = topic("SOL-01");
    datos["prerrequisito"] = json!(1);
    datos["prerrequisitos"] = json!([999_999]);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_TOPIC,
        &datos,
        &[("imagen", PNG), ("material_participante", PDF)],
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(
        r.body["fields"]["prerrequisitos"].is_string(),
        "{:?}",
        r.body
    );
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_topic_with_a_taken_abbreviation_stores_no_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_TOPIC,
        &topic("nom-035"),
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.abreviatura")
    );
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_topic_whose_material_is_of_the_wrong_type_stores_not_even_its_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_TOPIC,
        &topic("SOL-01"),
        &[
            ("imagen", PNG),
            ("material_instructor", b"solo texto, no un documento"),
        ],
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "archivo.tipo_material")
    );
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_topic_form_with_an_unknown_file_field_stores_no_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_TOPIC,
        &topic("SOL-01"),
        &[("imagen", PNG), ("portada_extra", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_topic_edit_naming_the_topic_its_own_prerequisite_stores_no_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = topic_key(&s, &t, "IND-01").await;
    let before = stored_files(&s);
    let mut datos = topic("IND-01");
    datos["prerrequisito"] = json!(1);
    datos["prerrequisitos"] = json!([cve]);
    let r = send(
        &s,
        &t,
        Method::PUT,
        &format!("/api/pri/catalogos/temas/{cve}"),
        &datos,
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(
        r.body["fields"]["prerrequisitos"].is_string(),
        "{:?}",
        r.body
    );
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_valid_topic_edit_stores_its_new_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = topic_key(&s, &t, "IND-01").await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::PUT,
        &format!("/api/pri/catalogos/temas/{cve}"),
        &topic("IND-01"),
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(stored_files(&s), before + 1);
}

#[tokio::test]
async fn an_edit_of_a_missing_topic_stores_no_file() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::PUT,
        "/api/pri/catalogos/temas/999999",
        &topic("SOL-01"),
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_valid_block_stores_its_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_BLOCK,
        &block("Ruta del soldador"),
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(stored_files(&s), before + 1);
}

#[tokio::test]
async fn a_block_with_a_taken_name_stores_no_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_BLOCK,
        &block("Ruta de seguridad en planta"),
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.bloque")
    );
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn a_block_of_an_unknown_type_stores_no_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let mut datos = block("Ruta del soldador");
    datos["id_tipo_bloque"] = json!(999_999);
    let r = send(
        &s,
        &t,
        Method::POST,
        CREATE_BLOCK,
        &datos,
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    assert!(
        r.body["fields"]["id_tipo_bloque"].is_string(),
        "{:?}",
        r.body
    );
    assert_eq!(stored_files(&s), before);
}

#[tokio::test]
async fn an_edit_of_a_missing_block_stores_no_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let before = stored_files(&s);
    let r = send(
        &s,
        &t,
        Method::PUT,
        "/api/pri/catalogos/bloques_cursos/999999",
        &block("Ruta del soldador"),
        &[("imagen", PNG)],
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);
    assert_eq!(stored_files(&s), before);
}
