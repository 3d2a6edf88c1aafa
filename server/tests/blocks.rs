//! Course blocks: the block form, its topics and the modality derived from them, and
//! the rule that a block needs topics before anyone can be enrolled.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const CREATE: &str = "/api/pri/catalogos/bloques_cursos/crear_bloque";

fn block() -> Value {
    json!({"nombre_bloque": "Ruta del soldador", "id_tipo_bloque": 1, "precio": 150000, "descripcion": "Programa completo",
        "fecha_inicio": "2026-12-01", "fecha_fin": "2027-01-31", "capacidad_asistencia": 20, "video": "https://videos.example.mx/soldador"})
}

async fn create_block(s: &TestServer, t: &str, datos: Value, image: bool) -> Answer {
    s.send_form(Method::POST, CREATE, Some(t), datos_form(&datos, image))
        .await
}

/// A new valid block; its `id_bloque`.
async fn new_block(s: &TestServer, t: &str) -> i64 {
    let r = create_block(s, t, block(), true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["id_bloque"].as_i64().expect("id_bloque")
}

async fn topic_id(s: &TestServer, abbr: &str) -> i64 {
    sqlx::query_scalar("SELECT cve_tema FROM temas WHERE abreviatura = ?")
        .bind(abbr)
        .fetch_one(&s.state().db.read)
        .await
        .expect("demo topic")
}

#[tokio::test]
async fn a_block_without_an_image_or_ending_before_it_starts_is_refused_and_the_valid_one_created()
{
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let mut bad = block();
    bad["fecha_fin"] = json!("2026-11-01");
    let r = create_block(&s, &t, bad, false).await;
    assert!(
        r.body["fields"]["imagen"].is_string() && r.body["fields"]["fecha_fin"].is_string(),
        "{:?}",
        r.body
    );
    new_block(&s, &t).await;
}

#[tokio::test]
async fn a_block_name_is_unique() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    new_block(&s, &t).await;
    let r = create_block(&s, &t, block(), true).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.bloque")
    );
    let mut other = block();
    other["nombre_bloque"] = json!("Ruta del soldador II");
    let r = create_block(&s, &t, other, true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_block_needs_topics_before_enrolment_and_its_modality_follows_them() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let id = new_block(&s, &t).await;
    let enrol = format!("/api/pri/catalogos/asignacion_bloques/{id}/temas");
    let r = s.get(&enrol, Some(&t)).await;
    assert_eq!(
        (r.status, r.resp()),
        (
            StatusCode::CONFLICT,
            "Debe asignar temas al bloque para poder inscribir personal"
        )
    );

    let (virt1, virt2, pres) = (
        topic_id(&s, "IND-01").await,
        topic_id(&s, "ETI-01").await,
        topic_id(&s, "NOM-006").await,
    );
    let temas = format!("/api/pri/catalogos/bloques_cursos/{id}/temas");
    let detail = format!("/api/pri/catalogos/bloques_cursos/{id}");
    let r = s
        .call(
            Method::PUT,
            &temas,
            Some(&t),
            Some(json!({"temas": [virt2, virt1]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let b = s.get(&detail, Some(&t)).await;
    assert_eq!(b.body["modalidad"], "Virtual");
    assert_eq!(b.body["temas"][0]["cve_tema"], virt2);
    let r = s
        .call(
            Method::PUT,
            &temas,
            Some(&t),
            Some(json!({"temas": [pres, virt1]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let b = s.get(&detail, Some(&t)).await;
    assert_eq!(b.body["modalidad"], "Mixto");
    assert_eq!(b.body["total_horas"].as_f64(), Some(9.0));

    // A topic listed twice is refused and leaves the block as it was.
    let r = s
        .call(
            Method::PUT,
            &temas,
            Some(&t),
            Some(json!({"temas": [pres, pres]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s.get(&enrol, Some(&t)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body.as_array().map(Vec::len), Some(2));

    // The table shows the derived modality.
    let tb = s
        .post(
            "/api/pri/catalogos/bloques_cursos/tabla",
            Some(&t),
            json!({"page": 1, "cantPP": 50}),
        )
        .await;
    assert!(
        rows(&tb)
            .iter()
            .any(|r| r["nombre_bloque"] == "Ruta del soldador" && r["modalidad"] == "Mixto")
    );
}
