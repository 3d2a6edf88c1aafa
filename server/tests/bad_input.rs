//! A catalogue of malformed requests: each gets a clear 4xx in the API's error shape,
//! in the request's language, and never a 500.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};

struct Case {
    name: &'static str,
    method: Method,
    path: &'static str,
    token: Tok,
    content_type: Option<&'static str>,
    body: Vec<u8>,
    expect: u16,
}

#[derive(Clone, Copy)]
enum Tok {
    None,
    Generic,
    Admin,
}

fn case(
    name: &'static str,
    method: Method,
    path: &'static str,
    token: Tok,
    ct: Option<&'static str>,
    body: &[u8],
    expect: u16,
) -> Case {
    Case {
        name,
        method,
        path,
        token,
        content_type: ct,
        body: body.to_vec(),
        expect,
    }
}

#[tokio::test]
async fn malformed_requests_get_only_clear_4xx_answers_and_well_formed_ones_are_answered() {
    let s = TestServer::start().await;
    let generic = s.generic().await;
    let admin = s.login(ADMIN).await;
    let json = Some("application/json");
    let big = vec![b' '; 10 * 1024 * 1024];
    let cases = vec![
        case(
            "unknown API route",
            Method::GET,
            "/api/pri/no_existe",
            Tok::Admin,
            None,
            b"",
            404,
        ),
        case(
            "unknown public route",
            Method::GET,
            "/api/pub/nada",
            Tok::None,
            None,
            b"",
            404,
        ),
        case(
            "wrong method",
            Method::PUT,
            "/api/pub/token/generico",
            Tok::None,
            None,
            b"",
            405,
        ),
        case(
            "login: broken JSON",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            b"{\"usuario\": ",
            400,
        ),
        case(
            "login: not JSON at all",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            b"usuario=admin",
            400,
        ),
        case(
            "login: missing password",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            br#"{"usuario":"a@b.mx"}"#,
            400,
        ),
        case(
            "login: password is a number",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            br#"{"usuario":"a@b.mx","password":123}"#,
            400,
        ),
        case(
            "login: empty fields",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            br#"{"usuario":"","password":""}"#,
            400,
        ),
        case(
            "login: huge identifier",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            format!(r#"{{"usuario":"{}","password":"x"}}"#, "a".repeat(5000)).as_bytes(),
            400,
        ),
        case(
            "login: form content type",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            Some("application/x-www-form-urlencoded"),
            b"usuario=a",
            415,
        ),
        case(
            "login: no content type",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            None,
            br#"{"usuario":"a","password":"b"}"#,
            415,
        ),
        case(
            "login: body too large",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            &big,
            413,
        ),
        case(
            "login: JSON array",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            b"[1,2,3]",
            400,
        ),
        case(
            "table: page is text",
            Method::POST,
            "/api/pri/catalogos/empleados",
            Tok::Admin,
            json,
            br#"{"page":"uno"}"#,
            400,
        ),
        case(
            "table: negative page size",
            Method::POST,
            "/api/pri/catalogos/empleados",
            Tok::Admin,
            json,
            br#"{"cantPP":-10}"#,
            400,
        ),
        case(
            "table: filters not a list",
            Method::POST,
            "/api/pri/catalogos/empleados",
            Tok::Admin,
            json,
            br#"{"columns_with_selects":"nombre"}"#,
            400,
        ),
        case(
            "table: bad date",
            Method::POST,
            "/api/pri/apis/tabla",
            Tok::Admin,
            json,
            br#"{"fecha_inicial":"31/12/2026"}"#,
            400,
        ),
        case(
            "path id is text",
            Method::GET,
            "/api/pri/catalogos/empleados/abc",
            Tok::Admin,
            None,
            b"",
            400,
        ),
        case(
            "path id overflows",
            Method::GET,
            "/api/pri/catalogos/empleados/99999999999999999999999",
            Tok::Admin,
            None,
            b"",
            400,
        ),
        case(
            "employee does not exist",
            Method::GET,
            "/api/pri/catalogos/empleados/987654",
            Tok::Admin,
            None,
            b"",
            404,
        ),
        case(
            "photo without multipart",
            Method::POST,
            "/api/pri/usuarios/foto",
            Tok::Admin,
            json,
            b"{}",
            400,
        ),
        case(
            "photo multipart without file",
            Method::POST,
            "/api/pri/usuarios/foto",
            Tok::Admin,
            Some("multipart/form-data; boundary=X"),
            b"--X\r\nContent-Disposition: form-data; name=\"otro\"\r\n\r\nhola\r\n--X--\r\n",
            400,
        ),
        case(
            "cia: not an object",
            Method::PUT,
            "/api/pri/cia",
            Tok::Admin,
            json,
            b"\"texto\"",
            400,
        ),
        case(
            "cia: nested garbage",
            Method::PUT,
            "/api/pri/cia",
            Tok::Admin,
            json,
            br#"{"configuration_section_content":"no es lista"}"#,
            400,
        ),
        case(
            "reset: missing fields",
            Method::POST,
            "/api/pri/usuarios/restablecerContrasena",
            Tok::Generic,
            json,
            b"{}",
            400,
        ),
        case(
            "change profile: id is text",
            Method::POST,
            "/api/pri/perfiles/cambiar_perfil",
            Tok::Admin,
            json,
            br#"{"perfil":"Admin"}"#,
            400,
        ),
        case(
            "combo id is text",
            Method::GET,
            "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos/n3/abc",
            Tok::Generic,
            None,
            b"",
            400,
        ),
        case(
            "positions: missing company",
            Method::POST,
            "/api/pri/catalogos/estructura_puestos/obtenerPuestos",
            Tok::Generic,
            json,
            b"{}",
            400,
        ),
        case(
            "api key: empty name",
            Method::POST,
            "/api/pri/apis",
            Tok::Admin,
            json,
            br#"{"nombre":"   "}"#,
            400,
        ),
        case(
            "registration: wrong types",
            Method::POST,
            "/api/pri/usuarios/registro",
            Tok::Generic,
            json,
            br#"{"NombreEmpleado":5}"#,
            400,
        ),
        case(
            "public file outside the public folders",
            Method::GET,
            "/api/pub/archivos/..%2Faula.db",
            Tok::None,
            None,
            b"",
            404,
        ),
        case(
            "invalid UTF-8 body",
            Method::POST,
            "/api/pri/login",
            Tok::Generic,
            json,
            b"{\"usuario\":\"\xff\xfe\",\"password\":\"x\"}",
            400,
        ),
    ];
    assert!(cases.len() >= 20);
    for c in cases {
        for lang in ["es", "en", "pt"] {
            let mut req = s
                .http
                .request(c.method.clone(), format!("{}{}", s.base, c.path))
                .header("accept-language", lang);
            req = match c.token {
                Tok::None => req,
                Tok::Generic => req.bearer_auth(&generic),
                Tok::Admin => req.bearer_auth(&admin),
            };
            if let Some(ct) = c.content_type {
                req = req.header("content-type", ct);
            }
            if !c.body.is_empty() {
                req = req.body(c.body.clone());
            }
            let a = TestServer::answer(req.send().await.unwrap()).await;
            assert_eq!(
                a.status.as_u16(),
                c.expect,
                "{} ({lang}): {:?}",
                c.name,
                a.body
            );
            assert!(a.status.is_client_error(), "{}", c.name);
            assert!(
                !a.resp().is_empty() && !a.code().is_empty(),
                "{} has no API error shape: {:?}",
                c.name,
                String::from_utf8_lossy(&a.bytes)
            );
            assert_eq!(a.headers["content-language"], lang, "{}", c.name);
        }
    }
    // The server is still fine afterwards, and the same routes answer well-formed calls,
    // so the refusals above come from the malformed input and not from the route.
    assert_eq!(s.get("/api/health", None).await.status, StatusCode::OK);
    let page = serde_json::json!({"page": 1, "cantPP": 10});
    let a = s
        .post("/api/pri/catalogos/empleados", Some(&admin), page.clone())
        .await;
    assert_eq!(a.status, StatusCode::OK, "table: {:?}", a.body);
    let a = s.post("/api/pri/apis/tabla", Some(&admin), page).await;
    assert_eq!(a.status, StatusCode::OK, "api keys table: {:?}", a.body);
    let cve = s.cve_of(PARTICIPANTE).await;
    let a = s
        .get(&format!("/api/pri/catalogos/empleados/{cve}"), Some(&admin))
        .await;
    assert_eq!(a.status, StatusCode::OK, "employee: {:?}", a.body);
    let a = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(serde_json::json!({"color_fondo_menu": "#112233"})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "cia: {:?}", a.body);
    assert_eq!(s.try_login(ADMIN, PASSWORD).await.status, StatusCode::OK);
}

#[tokio::test]
async fn error_messages_follow_the_request_language() {
    let s = TestServer::start().await;
    let g = s.generic().await;
    let mut texts = Vec::new();
    for lang in ["es-MX", "en-US", "pt-BR"] {
        let res = s
            .http
            .post(format!("{}/api/pri/login", s.base))
            .bearer_auth(&g)
            .header("accept-language", lang)
            .json(&serde_json::json!({"usuario": "x@y.mx", "password": "Mala.Clave11"}))
            .send()
            .await
            .unwrap();
        texts.push(TestServer::answer(res).await.resp().to_string());
    }
    assert!(texts[0].contains("Favor de intentar de nuevo"));
    assert!(texts[1].contains("Please try again"));
    assert!(texts[2].contains("tente novamente"));
}
