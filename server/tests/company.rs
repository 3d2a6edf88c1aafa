//! Company configuration, help texts, demo entities, the trial and upgrade requests.

use crate::common;

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

/// Every `helpKey` of the web app's screen registry (routes and sub-routes).
fn screen_help_keys() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/app/screens.ts");
    let source = std::fs::read_to_string(path).expect("web/src/app/screens.ts");
    source
        .split("helpKey: '")
        .skip(1)
        .filter_map(|rest| rest.split('\'').next())
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn every_screen_of_the_web_app_has_its_help_text_in_three_languages() {
    let keys = screen_help_keys();
    for course_screen in [
        "pantalla.grid_cursos",
        "pantalla.grid_cursos_epv",
        "pantalla.calendar_cursos",
        "pantalla.programar_curso",
        "pantalla.panel_cursos",
        "pantalla.teams",
        "pantalla.solicitudes_curso",
        "pantalla.configuracion",
    ] {
        assert!(
            keys.iter().any(|k| k == course_screen),
            "screens.ts names {course_screen} (found {keys:?})"
        );
    }
    let s = TestServer::start().await;
    let g = s.generic().await;
    let rows = s.get("/api/pri/tooltips", Some(&g)).await.body;
    let rows = rows.as_array().expect("a list");
    for key in &keys {
        let row = rows
            .iter()
            .find(|r| r["clave"] == key.as_str())
            .unwrap_or_else(|| panic!("no help text for the screen help key {key}"));
        assert_eq!(row["status"], 1, "{key} is active");
        for field in [
            "titulo",
            "contenido",
            "titulo_ingles",
            "contenido_ingles",
            "titulo_portugues",
            "contenido_portugues",
        ] {
            let text = row[field].as_str().unwrap_or("");
            assert!(!text.trim().is_empty(), "{key} has its {field}");
        }
        assert_ne!(
            row["contenido"], row["contenido_ingles"],
            "{key} is translated"
        );
    }
}

#[test]
fn the_configuration_screen_offers_exactly_the_time_zones_the_server_accepts() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/src/features/settings/components/settings-rules.ts"
    );
    let source = std::fs::read_to_string(path).expect("settings-rules.ts");
    let list = source
        .split("export const TIME_ZONES = [")
        .nth(1)
        .and_then(|rest| rest.split("] as const").next())
        .expect("TIME_ZONES in settings-rules.ts");
    let offered: Vec<&str> = list.split('\'').skip(1).step_by(2).collect();
    assert_eq!(offered, aula::settings::SUPPORTED_ZONES);
}

#[tokio::test]
async fn the_meeting_settings_are_checked_and_the_teams_secret_never_leaves_the_server() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let put =
        |body: serde_json::Value| s.call(Method::PUT, "/api/pri/cia", Some(&admin), Some(body));

    // A Jitsi server is an http(s) address with a host; the Teams ids have a length limit;
    // recertification is a 0/1 flag.
    let a = put(json!({"jitsi_servidor": "meet.sierramadre.mx"})).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.code(), "validacion.datos");
    assert!(
        a.body["fields"]["jitsi_servidor"].is_string(),
        "{:?}",
        a.body
    );
    let a = put(json!({
        "jitsi_servidor": "ftp://meet.sierramadre.mx",
        "teams_tenant_id": "t".repeat(aula::contract::CIA_TEAMS_MAX + 1),
        "recertificacion_automatica": "si",
    }))
    .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    for field in [
        "jitsi_servidor",
        "teams_tenant_id",
        "recertificacion_automatica",
    ] {
        assert!(a.body["fields"][field].is_string(), "{field}: {:?}", a.body);
    }
    assert_eq!(
        aula::settings::load(s.state())
            .await
            .unwrap()
            .jitsi_servidor,
        "",
        "a rejected change writes nothing"
    );

    let a = put(json!({
        "jitsi_servidor": "https://meet.sierramadre.mx",
        "teams_tenant_id": "tenant-1",
        "teams_client_id": "client-1",
        "teams_organizador": "capacitacion@sierramadre.mx",
        "teams_client_secret": "Secreto-Teams-123",
        "recertificacion_automatica": "1",
    }))
    .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["jitsi_servidor"], "https://meet.sierramadre.mx");
    assert_eq!(a.body["teams_organizador"], "capacitacion@sierramadre.mx");
    assert_eq!(a.body["recertificacion_automatica"], "1");
    assert!(a.body.get("teams_client_secret").is_none());
    assert_eq!(a.body["teams_client_secret_configurado"], true);
    assert!(!String::from_utf8_lossy(&a.bytes).contains("Secreto-Teams-123"));
    let read = s.get("/api/pri/cia", Some(&admin)).await;
    assert!(!String::from_utf8_lossy(&read.bytes).contains("Secreto-Teams-123"));
    assert_eq!(read.body["teams_client_secret_configurado"], true);
    // Other sessions see the settings but neither the secret nor whether it is set.
    let analista = s.login(ANALISTA).await;
    let other = s.get("/api/pri/cia", Some(&analista)).await.body;
    assert_eq!(other["teams_client_id"], "client-1");
    assert!(other.get("teams_client_secret").is_none());
    assert!(other.get("teams_client_secret_configurado").is_none());

    // The form sends the secret back empty: the stored one stays. Null clears it.
    let a = put(json!({"teams_client_secret": "", "teams_client_id": "client-2"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let stored = aula::settings::load(s.state()).await.unwrap();
    assert_eq!(stored.teams_client_secret, "Secreto-Teams-123");
    assert_eq!(stored.teams_client_id, "client-2");
    let a = put(json!({"teams_client_secret": null, "jitsi_servidor": ""})).await;
    assert_eq!(
        a.status,
        StatusCode::OK,
        "an empty Jitsi server is the public one: {:?}",
        a.body
    );
    assert_eq!(a.body["teams_client_secret_configurado"], false);
    assert_eq!(
        aula::settings::load(s.state())
            .await
            .unwrap()
            .teams_client_secret,
        ""
    );
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
