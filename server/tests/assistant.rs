//! The help assistant (issue 16): answers from the help texts by full-text search in the
//! asker's language, personal answers from the asker's own data only, chips that navigate,
//! and the company switch.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn ask(s: &TestServer, token: &str, q: &str, idioma: Option<&str>) -> Answer {
    let mut body = json!({ "pregunta": q });
    if let Some(l) = idioma {
        body["idioma"] = json!(l);
    }
    s.post("/api/pri/asistente/preguntar", Some(token), body)
        .await
}

fn chip_routes(a: &Answer) -> Vec<String> {
    a.body["chips"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["ruta"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test]
async fn how_questions_are_answered_from_the_help_texts_in_the_askers_language() {
    let s = TestServer::start().await;
    let p = s.login(PARTICIPANTE).await;
    let es = ask(&s, &p, "¿Cómo descargo mi constancia DC-3?", None).await;
    assert_eq!(es.status, StatusCode::OK, "{:?}", es.body);
    assert_eq!(es.body["fuente"]["tipo"], "ayuda");
    assert_eq!(es.body["fuente"]["clave"], "faq.descargar_dc3");
    assert_eq!(
        es.body["fuente"]["titulo"],
        "¿Cómo descargo mi constancia DC-3?"
    );
    assert!(
        es.body["respuesta"]
            .as_str()
            .unwrap()
            .contains("Mis constancias")
    );
    // The same question in English and Portuguese finds the same text, translated.
    let en = ask(&s, &p, "How do I download my DC-3 certificate?", Some("en")).await;
    assert_eq!(en.body["fuente"]["clave"], "faq.descargar_dc3");
    assert_eq!(
        en.body["fuente"]["titulo"],
        "How do I download my DC-3 certificate?"
    );
    assert_eq!(en.body["idioma"], "en");
    let pt = s
        .http
        .post(format!("{}/api/pri/asistente/preguntar", s.base))
        .bearer_auth(&p)
        .header("accept-language", "pt-BR,pt;q=0.9")
        .json(&json!({"pregunta": "Como baixo minha constância DC-3?"}))
        .send()
        .await
        .unwrap();
    let pt: Value = pt.json().await.unwrap();
    assert_eq!(pt["fuente"]["clave"], "faq.descargar_dc3");
    assert_eq!(pt["idioma"], "pt");
    assert!(
        pt["respuesta"]
            .as_str()
            .unwrap()
            .contains("Minhas constâncias")
    );
    // Word forms meet: 'inscribo' finds the text about 'inscribirte'; accents do not matter.
    let r = ask(&s, &p, "como me inscribo a un curso", None).await;
    assert_eq!(r.body["fuente"]["clave"], "faq.inscribirme");
    // A screen's help offers to open the screen to whoever may.
    let a = s.login(ANALISTA).await;
    let r = ask(&s, &a, "avance de la audiencia meta", None).await;
    assert_eq!(
        r.body["fuente"]["clave"], "pantalla.avance_audencia_meta",
        "{:?}",
        r.body
    );
    assert!(chip_routes(&r).contains(&"/menu/avance_audencia_meta".to_string()));
    let r = ask(&s, &p, "avance de la audiencia meta", None).await;
    assert_eq!(r.body["fuente"]["clave"], "pantalla.avance_audencia_meta");
    assert!(
        !chip_routes(&r)
            .iter()
            .any(|c| c.contains("avance_audencia_meta")),
        "a participant cannot open the indicators"
    );
    // Nothing found: said so, with the personal chips.
    let r = ask(&s, &p, "xyzzy qwertyuiop", None).await;
    assert_eq!(r.body["fuente"]["tipo"], "ninguna");
    assert!(
        chip_routes(&r)
            .contains(&"/menu/consultar_plan_capacitacion?location=pendientes".to_string())
    );
    // Search syntax in the question is only text.
    let r = ask(&s, &p, "examen\" OR NEAR(\"x", None).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn personal_questions_are_answered_from_the_askers_own_data() {
    let s = TestServer::start().await;
    let p = s.login(PARTICIPANTE).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let summary = s
        .get(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/{me}"),
            Some(&p),
        )
        .await;
    let pendientes = summary.body["cursos_pendientes"].as_i64().unwrap();
    assert!(pendientes > 0, "the demo participant has pending courses");
    let r = ask(&s, &p, "¿Qué cursos tengo pendientes?", None).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["fuente"]["tipo"], "datos");
    assert_eq!(r.body["fuente"]["titulo"], "Tu plan de capacitación");
    let texto = r.body["respuesta"].as_str().unwrap();
    assert!(
        texto.starts_with(&format!("Tienes {pendientes} curso(s)")),
        "{texto}"
    );
    let items = r.body["elementos"].as_array().unwrap();
    assert_eq!(items.len() as i64, pendientes.min(5));
    assert!(
        items[0].as_str().unwrap().contains("Obligatorio"),
        "mandatory first: {items:?}"
    );
    assert!(
        chip_routes(&r)
            .contains(&"/menu/consultar_plan_capacitacion?location=pendientes".to_string())
    );
    // Another person asking gets their own count.
    let sup = s.login(SUPERVISOR).await;
    let boss = s.cve_of(SUPERVISOR).await;
    let theirs = s
        .get(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/{boss}"),
            Some(&sup),
        )
        .await;
    let r = ask(&s, &sup, "what courses do I have pending?", Some("en")).await;
    let n = theirs.body["cursos_pendientes"].as_i64().unwrap_or(0);
    let texto = r.body["respuesta"].as_str().unwrap();
    if n == 0 {
        assert!(texto.starts_with("You have no pending courses"), "{texto}");
    } else {
        assert!(
            texto.starts_with(&format!("You have {n} pending")),
            "{texto}"
        );
    }

    // Certificates: the courses one passed, as Mis constancias lists them.
    let mut holder = None;
    for login in [PARTICIPANTE, SUPERVISOR, INSTRUCTOR, HISE, ANALISTA, ADMIN] {
        let t = s.login(login).await;
        let mine = s
            .get("/api/pri/certificados/mis_constancias", Some(&t))
            .await;
        let count = mine.body.as_array().unwrap().len();
        if count > 0 {
            holder = Some((t, mine));
            break;
        }
    }
    let (t, mine) = holder.expect("a demo login with certificates");
    let count = mine.body.as_array().unwrap().len();
    let r = ask(&s, &t, "mis constancias", None).await;
    assert_eq!(r.body["fuente"]["titulo"], "Tus constancias");
    assert!(
        r.body["respuesta"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Tienes {count} constancia(s)")),
        "{:?}",
        r.body
    );
    let first = mine.body[0]["nombre_curso"].as_str().unwrap().to_string();
    assert!(
        r.body["elementos"][0].as_str().unwrap().starts_with(&first),
        "the newest certificate first: {first} in {:?}",
        r.body["elementos"]
    );
    // The next course: a date of one's own enrolments (a new login replaced the session).
    let p = s.login(PARTICIPANTE).await;
    let r = ask(&s, &p, "¿Cuándo es mi próximo curso?", None).await;
    assert_eq!(r.body["fuente"]["titulo"], "Tus cursos inscritos");
    let texto = r.body["respuesta"].as_str().unwrap();
    assert!(
        texto.starts_with("Tu próximo curso es")
            || texto.starts_with("No tienes cursos programados"),
        "{texto}"
    );
}

#[tokio::test]
async fn the_assistant_checks_its_input_and_the_company_switch() {
    let s = TestServer::start().await;
    let p = s.login(PARTICIPANTE).await;
    let r = ask(&s, &p, "   ", None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["fields"]["pregunta"].is_string());
    let r = ask(&s, &p, &"a".repeat(301), None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = ask(&s, &p, "Hola", None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["fuente"]["tipo"], "ninguna");
    assert!(!r.body["chips"].as_array().unwrap().is_empty());
    let a = s.login(ADMIN).await;
    let off = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&a),
            Some(json!({"chatbot": "0"})),
        )
        .await;
    assert!(off.status.is_success(), "{:?}", off.body);
    let r = ask(&s, &p, "Hola", None).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.code(), "asistente.desactivado");
    assert_eq!(
        s.post(
            "/api/pri/asistente/preguntar",
            None,
            json!({"pregunta": "Hola"})
        )
        .await
        .status,
        StatusCode::UNAUTHORIZED
    );
}
