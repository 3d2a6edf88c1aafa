//! Issue 10's findings on the server's surface: company secrets kept from browsers, the
//! chat section enforced everywhere chat is reachable, API keys limited to the profiles
//! they may create, and the low findings (table filters, presence, rate limits, image
//! dimensions, served documents, company URLs, file modes, echoed input).

use crate::common;

use common::socket::{WAIT, realtime_server, session_cve, sock};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const SECRETS: &[&str] = &[
    "apikey_clima",
    "apikey_html2pdf",
    "firebase_realtime",
    "firebase_storage",
    "firebase_firestore",
];

fn has_text(a: &Answer, needle: &str) -> bool {
    a.bytes
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn company_secrets_never_reach_a_browser_and_the_anonymous_token_gets_login_fields_only() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let put = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({
                "apikey_clima": "clima-secreto-123",
                "apikey_html2pdf": "pdf-secreto-456",
                "firebase_realtime": "https://fb-secreto.example.com",
                "firebase_storage": "fb-storage-secreto",
                "firebase_firestore": "fb-firestore-secreto",
            })),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    assert!(!has_text(&put, "secreto"), "PUT answers no secret");

    let generic = s.generic().await;
    let public = s.get("/api/pri/cia", Some(&generic)).await;
    assert_eq!(public.status, StatusCode::OK);
    for field in SECRETS {
        assert!(
            public.body.get(*field).is_none(),
            "the anonymous token gets {field}: {}",
            public.body[*field]
        );
    }
    assert!(!has_text(&public, "secreto"));
    // Login-page and branding fields only.
    for field in ["tipo_cambio", "url_api", "zona_horaria", "ubicacion"] {
        assert!(public.body.get(field).is_none(), "public cia has {field}");
    }
    for field in [
        "nomcia",
        "logo",
        "home_title",
        "estados",
        "color_fondo_header",
    ] {
        assert!(public.body.get(field).is_some(), "public cia lacks {field}");
    }

    let participant = s.login(PARTICIPANTE).await;
    let mine = s.get("/api/pri/cia", Some(&participant)).await;
    assert!(!has_text(&mine, "secreto"));
    assert_eq!(mine.body["tipo_cambio"], 18.5, "users get what they need");
    assert!(mine.body.get("apikey_clima_configurado").is_none());

    let adm = s.get("/api/pri/cia", Some(&admin)).await;
    assert!(!has_text(&adm, "secreto"), "not even the admin reads them");
    assert_eq!(adm.body["apikey_clima_configurado"], true);
    assert_eq!(adm.body["apikey_html2pdf_configurado"], true);

    // An empty value keeps the stored secret.
    let keep = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"apikey_clima": "", "nomcia": "Sierra Madre"})),
        )
        .await;
    assert_eq!(keep.status, StatusCode::OK, "{:?}", keep.body);
    let cia = aula::settings::load(s.state()).await.unwrap();
    assert_eq!(cia.apikey_clima, "clima-secreto-123");
    assert_eq!(cia.nomcia, "Sierra Madre");
}

#[tokio::test]
async fn a_profile_without_the_chat_section_reaches_chat_nowhere() {
    let s = realtime_server().await;
    let contractor = s.login(CONTRATISTA).await;
    let participant = s.login(PARTICIPANTE).await;
    let to = session_cve(&s, &participant).await;
    let me = session_cve(&s, &contractor).await;
    let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM chat_mensajes")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();

    let a = s
        .post(
            "/api/pri/chat/mensajes",
            Some(&contractor),
            json!({"mensaje": "hola", "cve_empleado": to}),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "REST send: {:?}", a.body);
    let a = s
        .get("/api/pri/chat/conversaciones", Some(&contractor))
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "conversation list");
    let a = s
        .get(&format!("/api/pri/chat/mensajes/{to}"), Some(&contractor))
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "history");
    let a = s
        .get(
            "/api/pri/plan_capacitacion/simulador_puesto/autocomplete/empleados?q=Mart",
            Some(&contractor),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "autocomplete");
    let form = reqwest::multipart::Form::new()
        .text("cve_empleado", to.to_string())
        .part("file", file_part("a.png", &png(10, 10)));
    let a = s
        .send_form(
            Method::POST,
            "/api/pri/chat/imagenes",
            Some(&contractor),
            form,
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "image");

    let sc = sock(&s, &contractor).await;
    for (event, data) in [
        ("chat:send", json!({"para": to, "mensaje": "hola"})),
        ("chat:list", json!({})),
        ("chat:history", json!({"con": to})),
        ("chat:open", json!({"con": to})),
        ("presence:get", json!({"claves": [to]})),
    ] {
        let ack = sc.call(event, data).await;
        assert_eq!(ack["ok"], false, "{event}: {ack}");
        assert_eq!(ack["error"]["code"], "auth.sin_permiso", "{event}: {ack}");
    }
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM chat_mensajes")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_eq!(before, after, "nothing was stored");
    // The participant does not see the contractor's presence either.
    let sp = sock(&s, &participant).await;
    let ack = sp.call("presence:get", json!({"claves": [me]})).await;
    assert_eq!(ack["presencia"], json!([]), "{ack}");
}

fn api_registration(num: &str, curp: &str, perfiles: &str) -> Value {
    json!({
        "N2": "Industrial", "N3": "Contratistas", "N4": "Montajes y Mantenimiento del Norte", "N5": "Operación en sitio",
        "Puesto": "Soldador", "NumEmpleado": num, "NombreEmpleado": "Rogelio Barrera Solís", "GENERO": "H",
        "EMP_MAIL": format!("{}@mmnorte.mx", num.to_lowercase()), "EMP_CURP": curp, "EMP_RFC": "BASR880213QW1",
        "FechaNacimiento": "1988-02-13", "Telefono": "8181112233", "Perfiles": perfiles, "JEFE": "-1",
        "FechaIngreso": "2026-11-01", "Activo": "SI"
    })
}

#[tokio::test]
async fn an_api_key_creates_only_the_profiles_it_allows_and_never_administrators() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let a = s
        .post("/api/pri/apis", Some(&admin), json!({"nombre": "Nómina"}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let key = a.body["token"].as_str().unwrap().to_string();
    assert_eq!(a.body["perfiles"], json!(["Participante"]), "default list");
    let count = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM empleados")
            .fetch_one(&s.state().db.read)
            .await
            .unwrap()
    };
    let before = count().await;
    let r = s
        .post(
            "/api/pri/lms/empleados/alta",
            Some(&key),
            api_registration("C900001", "BASR880213HNLRLG05", "Administrador"),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    assert_eq!(r.code(), "apis.perfil_no_permitido");
    assert_eq!(count().await, before, "nothing was stored");
    let r = s
        .post(
            "/api/pri/lms/empleados/alta",
            Some(&key),
            api_registration("C900002", "BASR880213HNLRLG13", ""),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "Participante by default: {:?}",
        r.body
    );

    // Administrador can never be allowed.
    let a = s
        .post(
            "/api/pri/apis",
            Some(&admin),
            json!({"nombre": "Todo", "perfiles": ["Participante", "Administrador"]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert!(a.body["fields"]["perfiles"].is_string(), "{:?}", a.body);
    let a = s
        .post(
            "/api/pri/apis",
            Some(&admin),
            json!({"nombre": "Contratistas", "perfiles": ["Contratista"]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let list = s.get("/api/pri/apis", Some(&admin)).await;
    let entry = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["nombre"] == "Contratistas")
        .unwrap()
        .clone();
    assert_eq!(entry["perfiles"], json!(["Contratista"]));
}

#[tokio::test]
async fn a_table_query_with_a_thousand_filters_is_refused_with_a_400() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let filters: Vec<Value> = (0..1000)
        .map(|i| json!({"nomfield": "nombre", "input": format!("abcde{i}")}))
        .collect();
    let a = s
        .post(
            "/api/pri/apis/tabla",
            Some(&admin),
            json!({"page": 1, "cantPP": 10, "columns_with_selects": filters}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.code(), "tabla.filtro_repetido");
    assert!(a.resp().contains("nombre"), "{}", a.resp());
}

#[tokio::test]
async fn presence_answers_only_for_chat_partners() {
    let s = realtime_server().await;
    let analyst = s.login(ANALISTA).await;
    let participant = s.login(PARTICIPANTE).await;
    let instructor = s.login(INSTRUCTOR).await;
    let p = session_cve(&s, &participant).await;
    let i = session_cve(&s, &instructor).await;
    let sa = sock(&s, &analyst).await;
    let _si = sock(&s, &instructor).await;
    let sent = sa
        .call("chat:send", json!({"para": p, "mensaje": "hola"}))
        .await;
    assert_eq!(sent["ok"], true, "{sent}");
    let ack = sa.call("presence:get", json!({"claves": [p, i]})).await;
    assert_eq!(ack["ok"], true, "{ack}");
    let asked: Vec<i64> = ack["presencia"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["clave"].as_i64().unwrap())
        .collect();
    assert_eq!(asked, vec![p], "only the partner: {ack}");
}

#[tokio::test]
async fn chat_messages_and_upgrade_requests_are_rate_limited() {
    let s = realtime_server().await;
    let analyst = s.login(ANALISTA).await;
    let participant = s.login(PARTICIPANTE).await;
    let p = session_cve(&s, &participant).await;
    for n in 0..30 {
        let a = s
            .post(
                "/api/pri/chat/mensajes",
                Some(&analyst),
                json!({"mensaje": format!("m{n}"), "cve_empleado": p}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "message {n}: {:?}", a.body);
    }
    let a = s
        .post(
            "/api/pri/chat/mensajes",
            Some(&analyst),
            json!({"mensaje": "uno más", "cve_empleado": p}),
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", a.body);
    assert_eq!(a.code(), "chat.demasiados_mensajes");
    assert!(a.headers.get("retry-after").is_some());
    let sa = sock(&s, &analyst).await;
    let ack = sa
        .call("chat:send", json!({"para": p, "mensaje": "por socket"}))
        .await;
    assert_eq!(ack["ok"], false, "{ack}");
    assert_eq!(ack["error"]["code"], "chat.demasiados_mensajes");
    // The window passes.
    s.clock.advance(chrono::Duration::seconds(11));
    let ack = sa
        .call("chat:send", json!({"para": p, "mensaje": "después"}))
        .await;
    assert_eq!(ack["ok"], true, "{ack}");

    for n in 0..3 {
        let a = s
            .post(
                "/api/pri/contratarLMSEDK",
                Some(&participant),
                json!({"correo_cliente": "compras@sierramadre.mx"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "request {n}: {:?}", a.body);
    }
    let a = s
        .post(
            "/api/pri/contratarLMSEDK",
            Some(&participant),
            json!({"correo_cliente": "compras@sierramadre.mx"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", a.body);
    assert_eq!(a.code(), "cia.demasiadas_solicitudes");
    assert!(a.headers.get("retry-after").is_some());
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM solicitudes_mejora")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_eq!(stored, 3);
}

/// A PNG whose header claims `w`×`h` pixels (infer and browsers only read the header).
fn png(w: u32, h: u32) -> Vec<u8> {
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    out.extend_from_slice(&13u32.to_be_bytes());
    out.extend_from_slice(&ihdr);
    out.extend_from_slice(&crc32(&ihdr).to_be_bytes());
    out.extend_from_slice(&0u32.to_be_bytes());
    out.extend_from_slice(b"IEND");
    out.extend_from_slice(&crc32(b"IEND").to_be_bytes());
    out
}

/// A jpeg header (JFIF APP0, then a baseline start-of-frame) claiming `w`×`h` pixels.
fn jpeg(w: u16, h: u16) -> Vec<u8> {
    let mut out = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
    out.extend_from_slice(b"JFIF\0");
    out.extend_from_slice(&[1, 1, 0, 0, 1, 0, 1, 0, 0]);
    out.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 8]);
    out.extend_from_slice(&h.to_be_bytes());
    out.extend_from_slice(&w.to_be_bytes());
    out.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

/// A gif header claiming a `w`×`h` logical screen.
fn gif(w: u16, h: u16) -> Vec<u8> {
    let mut out = b"GIF89a".to_vec();
    out.extend_from_slice(&w.to_le_bytes());
    out.extend_from_slice(&h.to_le_bytes());
    out.extend_from_slice(&[0, 0, 0, 0x3B]);
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for b in data {
        crc ^= u32::from(*b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[tokio::test]
async fn an_image_of_fifty_thousand_pixels_a_side_is_refused_before_it_is_stored() {
    let s = TestServer::start().await;
    let analyst = s.login(ANALISTA).await;
    let participant = s.login(PARTICIPANTE).await;
    let p = session_cve(&s, &participant).await;
    let form = reqwest::multipart::Form::new()
        .text("cve_empleado", p.to_string())
        .part("file", file_part("big.png", &png(50_000, 50_000)));
    let a = s
        .send_form(Method::POST, "/api/pri/chat/imagenes", Some(&analyst), form)
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", a.body);
    assert_eq!(a.code(), "archivo.imagen_dimensiones");
    let chats = s.data_dir().parent().unwrap().join("uploads").join("chats");
    let stored = walk(&chats);
    assert!(stored.is_empty(), "nothing stored: {stored:?}");
    // A jpeg in the chat, and a gif as an employee photo, are refused the same way.
    let form = reqwest::multipart::Form::new()
        .text("cve_empleado", p.to_string())
        .part("file", file_part("big.jpg", &jpeg(100, 9000)));
    let a = s
        .send_form(Method::POST, "/api/pri/chat/imagenes", Some(&analyst), form)
        .await;
    assert_eq!(a.code(), "archivo.imagen_dimensiones", "jpeg: {:?}", a.body);
    let admin = s.login(ADMIN).await;
    let form = reqwest::multipart::Form::new().part("foto", file_part("big.gif", &gif(7000, 7000)));
    let a = s
        .send_form(
            Method::POST,
            &format!("/api/pri/catalogos/empleados/{p}/foto"),
            Some(&admin),
            form,
        )
        .await;
    assert_eq!(a.code(), "archivo.imagen_dimensiones", "gif: {:?}", a.body);
    // A normal image still goes through.
    let form = reqwest::multipart::Form::new()
        .text("cve_empleado", p.to_string())
        .part("file", file_part("ok.png", &png(640, 480)));
    let a = s
        .send_form(Method::POST, "/api/pri/chat/imagenes", Some(&analyst), form)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

#[tokio::test]
async fn uploaded_documents_are_served_as_sandboxed_downloads() {
    let s = TestServer::start().await;
    let key = "materiales/temas/participante-prueba.pdf";
    s.state()
        .storage
        .put(
            key,
            bytes::Bytes::from_static(b"%PDF-1.4\n<script>alert(1)</script>\n%%EOF"),
        )
        .await
        .unwrap();
    let url = aula::files::signed_url(s.state(), 1, key).unwrap();
    let a = s.get(&url, None).await;
    assert_eq!(a.status, StatusCode::OK);
    let disposition = a
        .headers
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    assert!(disposition.starts_with("attachment"), "{disposition:?}");
    let csp = a
        .headers
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    assert!(
        csp.contains("sandbox") && csp.contains("default-src 'none'"),
        "{csp:?}"
    );
}

#[tokio::test]
async fn company_urls_must_be_http_or_https() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    for (field, value) in [
        ("home_terms_url", "javascript:alert(document.cookie)"),
        (
            "home_privacy_url",
            "data:text/html,<script>alert(1)</script>",
        ),
        ("home_video_link", "vbscript:msgbox"),
        ("logo", "//evil.example.com/x.png"),
        ("home_contact_url", "https://"),
    ] {
        let a = s
            .call(
                Method::PUT,
                "/api/pri/cia",
                Some(&admin),
                Some(json!({ field: value })),
            )
            .await;
        assert_eq!(
            a.status,
            StatusCode::BAD_REQUEST,
            "{field}={value}: {:?}",
            a.body
        );
        assert!(a.body["fields"][field].is_string(), "{:?}", a.body);
    }
    let long = format!("https://example.com/{}", "a".repeat(3000));
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({ "home_faq_url": long })),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({
                "home_terms_url": "https://sierramadre.mx/terminos",
                "home_faq_url": "/FAQ",
                "home_video_link": "",
            })),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}

#[cfg(unix)]
#[tokio::test]
async fn the_database_keys_outbox_and_uploads_are_private_to_the_server_user() {
    use std::os::unix::fs::PermissionsExt;
    let s = realtime_server().await;
    let participant = s.login(PARTICIPANTE).await;
    let analyst = s.login(ANALISTA).await;
    let p = session_cve(&s, &participant).await;
    // An e-mail in the outbox and an uploaded file.
    let a = s
        .post(
            "/api/pri/contratarLMSEDK",
            Some(&participant),
            json!({"correo_cliente": "compras@sierramadre.mx"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    s.wait_mail("admin@sierramadre.mx", 0).await;
    let form = reqwest::multipart::Form::new()
        .text("cve_empleado", p.to_string())
        .part("file", file_part("ok.png", &png(64, 64)));
    let a = s
        .send_form(Method::POST, "/api/pri/chat/imagenes", Some(&analyst), form)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);

    let mode = |p: &std::path::Path| {
        std::fs::metadata(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .permissions()
            .mode()
            & 0o777
    };
    let data = s.data_dir();
    let uploads = data.parent().unwrap().join("uploads");
    assert_eq!(mode(&data), 0o700, "data dir");
    assert_eq!(mode(&uploads), 0o700, "uploads dir");
    assert_eq!(mode(&data.join("outbox")), 0o700, "outbox dir");
    let mut files = vec![data.join("aula.db"), data.join("vapid.key")];
    for extra in ["aula.db-wal", "aula.db-shm"] {
        if data.join(extra).exists() {
            files.push(data.join(extra));
        }
    }
    files.extend(walk(&data.join("outbox")));
    files.extend(walk(&uploads));
    assert!(
        files
            .iter()
            .any(|f| f.extension().is_some_and(|e| e == "eml"))
    );
    assert!(
        files
            .iter()
            .any(|f| f.extension().is_some_and(|e| e == "png"))
    );
    for f in files {
        assert_eq!(mode(&f), 0o600, "{}", f.display());
    }
}

#[tokio::test]
async fn error_messages_echo_at_most_a_short_piece_of_the_input() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let huge = "x".repeat(200_000);
    let a = s
        .post(
            "/api/pri/apis/tabla",
            Some(&admin),
            json!({"page": 1, "cantPP": 10, "columns_with_selects": [{"nomfield": huge, "input": "a"}]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.status);
    assert!(a.bytes.len() < 1_000, "{} bytes echoed", a.bytes.len());
    assert!(a.resp().contains('…'), "{}", a.resp());
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({ huge.clone(): 1 })),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.bytes.len() < 1_000, "{} bytes echoed", a.bytes.len());
    let _ = WAIT;
}
