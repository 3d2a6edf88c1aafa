//! Company configuration, help texts, demo entities, the trial and upgrade requests.

mod common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn cia_has_every_field_with_the_spec_defaults() {
    // With nothing stored, the instance answers the product defaults.
    let fresh = TestServer::start().await;
    sqlx::query("UPDATE cia SET datos = '{}'")
        .execute(&fresh.state().db.write)
        .await
        .unwrap();
    // Read by the site administrator: every field but the secrets (issue 10: those are
    // write-only; the administrator sees whether each is set).
    let admin = fresh.login(ADMIN).await;
    let a = fresh.get("/api/pri/cia", Some(&admin)).await;
    assert_eq!(a.status, StatusCode::OK);
    let c = &a.body;
    for secret in [
        "apikey_clima",
        "apikey_html2pdf",
        "firebase_realtime",
        "firebase_storage",
        "firebase_firestore",
    ] {
        assert!(c.get(secret).is_none(), "cia answers {secret}");
        assert_eq!(c[format!("{secret}_configurado")], false);
    }
    assert_eq!(c["moneda"], "PESOS");
    assert_eq!(c["tipo_cambio"], 18.5);
    for field in [
        "nomcia",
        "logo",
        "noticias",
        "color_fondo_header",
        "color_fondo_logo",
        "color_texto_header",
        "color_fondo_menu",
        "color_texto_menu",
        "color_1_grafica",
        "color_2_grafica",
        "color_3_grafica",
        "url_api",
        "ubicacion",
        "estados",
        "chatbot",
        "register_modal_text",
        "register_modal_video_link",
        "register_modal_video_tutorial_text",
        "show_configuration_section",
        "show_advantages_section",
        "configuration_section_content",
        "advantages_section_content",
        "enable_ecommerce",
        "ecommerce",
        "epv",
        "enable_bloques_cursos",
        "dashboard_show_header_logo",
        "dashboard_header_logo",
        "home_show_register_section",
        "home_title",
        "home_welcome_text",
        "home_terms_url",
        "home_privacy_url",
        "home_disclaimer",
        "home_copyright",
    ] {
        assert!(c.get(field).is_some(), "cia lacks {field}");
    }
    assert_eq!(c["estados"].as_array().unwrap().len(), 33);
    assert_eq!(c["home_show_register_section"], 0);
}

#[tokio::test]
async fn an_administrator_changes_the_configuration_and_others_cannot() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let a = s.call(Method::PUT, "/api/pri/cia", Some(&admin), Some(json!({"color_fondo_header": "#112233", "enable_ecommerce": "1", "tipo_cambio": 17.9}))).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["color_fondo_header"], "#112233");
    let g = s.generic().await;
    // tipo_cambio is not a login-page field: read it with a session (issue 10).
    let participante = s.login(PARTICIPANTE).await;
    let c = s.get("/api/pri/cia", Some(&participante)).await.body;
    assert_eq!(c["enable_ecommerce"], "1");
    assert_eq!(c["tipo_cambio"], 17.9);
    assert_eq!(
        c["nomcia"], "Grupo Industrial Sierra Madre",
        "untouched fields keep their values"
    );
    // Validation: colours, flags, unknown fields, types.
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"color_fondo_menu": "rojo", "chatbot": "si"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.body["fields"]["color_fondo_menu"].is_string() && a.body["fields"]["chatbot"].is_string()
    );
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"no_existe": 1})),
        )
        .await;
    assert_eq!(a.code(), "validacion.campo_desconocido");
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"tipo_cambio": "mucho"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"advantages_section_content": [{"titulo": "x"}]})),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        s.get("/api/pri/cia", Some(&g)).await.body["color_fondo_menu"],
        c["color_fondo_menu"],
        "a rejected change writes nothing"
    );
    let analista = s.login(ANALISTA).await;
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&analista),
            Some(json!({"nomcia": "Otra"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn help_texts_come_in_spanish_and_english() {
    let s = TestServer::start().await;
    let g = s.generic().await;
    let a = s.get("/api/pri/tooltips", Some(&g)).await;
    assert_eq!(a.status, StatusCode::OK);
    let rows = a.body.as_array().unwrap();
    assert!(rows.len() >= 10);
    let emp = rows
        .iter()
        .find(|r| r["clave"] == "pantalla.empleados")
        .unwrap();
    assert_eq!(emp["titulo"], "Empleados");
    assert_eq!(emp["titulo_ingles"], "Employees");
    assert!(!emp["contenido_portugues"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn the_trial_counts_days_and_ends_after_thirty() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let a = s.get("/api/pri/dashboard/trial", Some(&t)).await;
    assert_eq!(
        a.body,
        json!({"res": "Excelente", "trial": true, "dias": 0})
    );
    s.clock.advance(chrono::Duration::days(12));
    let t = s.login(ADMIN).await;
    let a = s.get("/api/pri/dashboard/trial", Some(&t)).await;
    assert_eq!(a.body["dias"], 12);
    assert_eq!(a.body["trial"], true);
    s.clock.advance(chrono::Duration::days(19));
    let t = s.login(ADMIN).await;
    let a = s.get("/api/pri/dashboard/trial", Some(&t)).await;
    assert_eq!(a.body["trial"], false);
}

#[tokio::test]
async fn an_upgrade_request_is_stored_and_mailed_to_the_administrators() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let a = s
        .post(
            "/api/pri/contratarLMSEDK",
            Some(&t),
            json!({"correo_cliente": "compras"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let before = s.outbox().len();
    let a = s
        .post(
            "/api/pri/contratarLMSEDK",
            Some(&t),
            json!({"correo_cliente": "compras@sierramadre.mx"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["res"], "Excelente");
    let mail = s.wait_mail(ADMIN, before).await;
    assert!(mail.contains("compras@sierramadre.mx"));
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM solicitudes_mejora")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_eq!(n, 1);
}

#[tokio::test]
async fn demo_mode_lists_entities_and_asks_for_one_at_login() {
    let s = TestServer::start_with(|c| c.demo = true).await;
    let g = s.generic().await;
    let a = s.get("/api/pri/clientesDemo", Some(&g)).await;
    let list = a.body["clientesDemo"].as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(s.get("/api/pri/cia", Some(&g)).await.body["demo"], true);
    let a = s.try_login(ADMIN, PASSWORD).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.resp().contains("Selecciona la entidad por favor"),
        "{}",
        a.resp()
    );
    let a = s
        .post(
            "/api/pri/login",
            Some(&g),
            json!({"usuario": ADMIN, "password": PASSWORD, "clienteDemo": list[0]["cve_cliente"]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}
