//! Topics: the topic form with its cover image, the question bank, activities, topic
//! groups, topics by plant, search and who may list them.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn topic(abbr: &str) -> Value {
    json!({"abreviatura": abbr, "nombre_tema": "Soldadura segura", "cve_area": 6000, "tipo": "Taller", "modalidad": "PRESENCIAL",
           "dias_duracion": 2, "horas_sesion": 4, "meses_certificacion": 0, "min_participantes": 5, "max_participantes": 15,
           "modelo_evaluacion": "teorico_practico", "etiquetas": ["soldadura", " soldadura ", "EPP"], "precio": 0})
}

async fn create_topic(s: &TestServer, t: &str, datos: Value, image: bool) -> Answer {
    s.send_form(
        Method::POST,
        "/api/pri/catalogos/temas/crear_tema",
        Some(t),
        datos_form(&datos, image),
    )
    .await
}

/// A new valid topic `SOL-01`; its `cve_tema`.
async fn new_topic(s: &TestServer, t: &str) -> i64 {
    let r = create_topic(s, t, topic("SOL-01"), true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["cve_tema"].as_i64().expect("cve_tema")
}

async fn view(s: &TestServer, t: &str, cve: i64) -> Value {
    s.get(&format!("/api/pri/catalogos/temas/ver_tema/{cve}"), Some(t))
        .await
        .body
}

/// (width, height) of a PNG, from its header.
fn png_size(b: &[u8]) -> Option<(u32, u32)> {
    if b.len() < 24 || &b[..8] != b"\x89PNG\r\n\x1a\n" {
        return None;
    }
    let n = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    Some((n(16), n(20)))
}

#[tokio::test]
async fn every_demo_topic_has_its_categorys_cover_image() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let mut by_category: std::collections::HashMap<String, String> = Default::default();
    for cve in 1..=12 {
        let d = view(&s, &t, cve).await;
        let url = d["imagen_url"].as_str().expect("a cover").to_string();
        let img = s.get(&url, None).await;
        assert_eq!(img.status, StatusCode::OK, "{url}");
        assert_eq!(
            png_size(&img.bytes),
            Some((640, 360)),
            "{url} is a 640×360 PNG"
        );
        let categoria = d["categoria"].as_str().unwrap_or_default().to_string();
        if let Some(other) = by_category.insert(categoria.clone(), url.clone()) {
            assert_eq!(other, url, "one cover per category ({categoria})");
        }
    }
    let covers: std::collections::HashSet<_> = by_category.values().collect();
    assert_eq!(
        covers.len(),
        by_category.len(),
        "each category its own cover"
    );
    assert!(by_category.len() >= 8, "{by_category:?}");
}

#[tokio::test]
async fn a_topic_without_its_cover_or_with_bad_limits_is_refused_and_the_valid_one_created() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = create_topic(&s, &t, topic("SOL-01"), false).await;
    assert_eq!(
        r.body["fields"]["imagen"],
        "La imagen principal es obligatoria"
    );
    let mut bad = topic("SOL-01");
    bad["max_participantes"] = json!(2);
    bad["modelo_evaluacion"] = json!("conocimiento");
    bad["calificacion_minima"] = json!(120);
    let r = create_topic(&s, &t, bad, true).await;
    assert!(
        r.body["fields"]["max_participantes"].is_string()
            && r.body["fields"]["calificacion_minima"].is_string(),
        "{:?}",
        r.body
    );

    let cve = new_topic(&s, &t).await;
    let v = view(&s, &t, cve).await;
    // Pass marks default to section 9: 7 (1-10) and 3 (1-5); tags are trimmed and unique.
    assert_eq!(
        (
            v["calificacion_minima"].as_f64(),
            v["calificacion_minima_practica"].as_f64()
        ),
        (Some(7.0), Some(3.0))
    );
    assert_eq!(v["etiquetas"], json!(["EPP", "soldadura"]));
    let cover = v["imagen_url"].as_str().expect("imagen_url");
    assert_eq!(s.get(cover, None).await.bytes, PNG);
}

#[tokio::test]
async fn a_topic_abbreviation_is_unique_in_any_case() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    new_topic(&s, &t).await;
    let r = create_topic(&s, &t, topic("sol-01"), true).await;
    assert_eq!(
        (r.status, r.resp()),
        (
            StatusCode::CONFLICT,
            "Ya existe un tema con esa abreviatura"
        )
    );
    let r = create_topic(&s, &t, topic("SOL-02"), true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_single_choice_question_needs_exactly_one_correct_answer_and_an_open_one_none() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = new_topic(&s, &t).await;
    let q = format!("/api/pri/temas/preguntas/{cve}");
    let two_right =
        json!([{"texto": "Careta", "correcta": true}, {"texto": "Guantes", "correcta": true}]);
    let r = s
        .post(
            &q,
            Some(&t),
            json!({"pregunta": "¿Qué EPP se usa?", "tipo": "unica", "respuestas": two_right}),
        )
        .await;
    assert_eq!(
        r.body["fields"]["respuestas"],
        "Marca exactamente una respuesta correcta"
    );
    let one_right =
        json!([{"texto": "Careta", "correcta": true}, {"texto": "Guantes", "correcta": false}]);
    let r = s
        .post(
            &q,
            Some(&t),
            json!({"pregunta": "¿Qué EPP se usa?", "tipo": "unica", "respuestas": one_right}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    // Several may be right in a multiple-choice question; flags take 1/0 too.
    let r = s.post(&q, Some(&t), json!({"pregunta": "¿Qué EPP protege las manos?", "tipo": "multiple",
        "respuestas": [{"texto": "Careta", "correcta": true}, {"texto": "Guantes", "correcta": 1}, {"texto": "Sandalias", "correcta": 0}]})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.post(&q, Some(&t), json!({"pregunta": "Describe el procedimiento de bloqueo.", "tipo": "abierta", "respuestas": [{"texto": "ignorada"}]})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let list = s.get(&q, Some(&t)).await.body;
    let list = list.as_array().expect("question list");
    assert_eq!(list.len(), 3);
    let multiple = list
        .iter()
        .find(|q| q["tipo"] == "multiple")
        .expect("the multiple-choice question");
    assert_eq!(
        multiple["respuestas"]
            .as_array()
            .map(|r| r.iter().map(|a| a["correcta"].clone()).collect::<Vec<_>>()),
        Some(vec![json!(true), json!(true), json!(false)])
    );
    let open = list
        .iter()
        .find(|q| q["tipo"] == "abierta")
        .expect("the open question");
    assert_eq!(open["respuestas"], json!([]));
    assert_eq!(view(&s, &t, cve).await["total_preguntas"], 3);
}

#[tokio::test]
async fn a_text_activity_needs_a_character_limit() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = new_topic(&s, &t).await;
    let a = format!("/api/pri/temas/actividades_temas/{cve}");
    let mut activity = json!({"titulo": "Bitácora", "descripcion": "Registra tu práctica", "dias_entrega": 5, "tipo_evidencia": "texto"});
    let r = s.post(&a, Some(&t), activity.clone()).await;
    assert!(
        r.body["fields"]["limite_caracteres"].as_str().is_some(),
        "{:?}",
        r.body
    );
    activity["limite_caracteres"] = json!(800);
    let r = s.post(&a, Some(&t), activity).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(view(&s, &t, cve).await["total_actividades"], 1);
}

#[tokio::test]
async fn a_topic_group_keeps_each_topic_once_and_its_name_is_unique() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = new_topic(&s, &t).await;
    let path = "/api/pri/catalogos/grupos_temas";
    let r = s
        .post(
            path,
            Some(&t),
            json!({"nombre": "Oficios", "temas": [cve, cve]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let g = s
        .get(&format!("{path}/{}", r.body["id_grupo"]), Some(&t))
        .await;
    assert_eq!(g.body["temas"].as_array().map(Vec::len), Some(1));
    let r = s.post(path, Some(&t), json!({"nombre": "Oficios"})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.grupo")
    );
    let r = s
        .post(path, Some(&t), json!({"nombre": "Oficios II"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn the_topics_of_a_plant_must_all_exist() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = new_topic(&s, &t).await;
    let plant: i64 = sqlx::query_scalar("SELECT min(cve_planta) FROM plantas")
        .fetch_one(&s.state().db.read)
        .await
        .expect("a demo plant");
    let p = format!("/api/pri/plan_capacitacion/plantas_temas/{plant}");
    let r = s
        .call(
            Method::PUT,
            &p,
            Some(&t),
            Some(json!({"temas": [cve, 999999]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .call(Method::PUT, &p, Some(&t), Some(json!({"temas": [cve]})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        s.get(&p, Some(&t)).await.body,
        json!([{"cve_tema": cve, "abreviatura": "SOL-01", "nombre_tema": "Soldadura segura", "modalidad": "PRESENCIAL"}])
    );
}

#[tokio::test]
async fn topics_are_found_by_part_of_their_name_and_a_participante_cannot_list_them() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let cve = new_topic(&s, &t).await;
    let r = s
        .post(
            "/api/pri/catalogos/temas/getTemaNombre",
            Some(&t),
            json!({"nombre_tema": "solda"}),
        )
        .await;
    assert_eq!(r.body["list"][0]["cve_tema"], cve);

    let table = "/api/pri/catalogos/temas/tabla";
    let part = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.post(table, Some(&part), json!({"page": 1})).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post(table, Some(&t), json!({"page": 1})).await.status,
        StatusCode::OK
    );
}
