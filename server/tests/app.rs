//! What the binary serves besides the API calls: health, the OpenAPI document and its
//! page, and the web app with history fallback for client routes.

use crate::common;

use common::*;
use reqwest::StatusCode;

#[tokio::test]
async fn health_and_api_documentation_are_served() {
    let s = TestServer::start().await;
    let a = s.get("/api/health", None).await;
    assert_eq!(a.body["status"], "ok");
    assert!(a.headers.get("x-request-id").is_some());
    let doc = s.get("/api/docs/openapi.json", None).await;
    assert_eq!(doc.status, StatusCode::OK);
    let paths = doc.body["paths"].as_object().unwrap();
    for p in [
        "/api/pri/login",
        "/api/pri/catalogos/empleados",
        "/api/pub/token/generico",
        "/api/pri/cia",
        "/api/pri/lms/empleados/alta",
    ] {
        assert!(
            paths.contains_key(p),
            "{p} missing from the OpenAPI document"
        );
    }
    let page = s
        .http
        .get(format!("{}/api/docs/", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("swagger"));
}

#[tokio::test]
async fn client_routes_fall_back_to_the_web_app() {
    let s = TestServer::start().await;
    let index = s.http.get(format!("{}/", s.base)).send().await.unwrap();
    let has_app = index.status() == StatusCode::OK;
    let deep = s
        .http
        .get(format!("{}/menu/empleados", s.base))
        .send()
        .await
        .unwrap();
    let restore = s
        .http
        .get(format!("{}/restorePassword/abc.def.ghi", s.base))
        .send()
        .await
        .unwrap();
    if has_app {
        assert_eq!(deep.status(), StatusCode::OK);
        assert_eq!(restore.status(), StatusCode::OK);
        assert!(
            deep.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
    } else {
        // A binary built without the web app says so instead of failing silently.
        assert_eq!(deep.status(), StatusCode::SERVICE_UNAVAILABLE);
    }
    let missing_asset = s
        .http
        .get(format!("{}/assets/nope-123.js", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(missing_asset.status(), StatusCode::NOT_FOUND);
}

/// The `href`s of a page's `rel="modulepreload"` and `rel="preload"` links.
fn preloads(html: &str) -> Vec<String> {
    html.split("<link ")
        .skip(1)
        .filter(|tag| tag.contains("preload\""))
        .filter_map(|tag| {
            let start = tag.find("href=\"")? + "href=\"".len();
            let end = tag[start..].find('"')? + start;
            Some(tag[start..end].to_string())
        })
        .collect()
}

#[tokio::test]
async fn a_menu_screen_names_its_files_up_front_and_login_does_not() {
    let s = TestServer::start().await;
    let page = |path: &'static str| {
        let http = s.http.clone();
        let url = format!("{}{path}", s.base);
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let login = page("/login").await;
    if !login.contains("<div id=\"root\">") {
        return; // a binary built without the web app (see the test above)
    }
    assert!(
        preloads(&login).is_empty(),
        "Login loads only what it shows"
    );
    let shell = preloads(&page("/menu/una_pantalla_que_no_existe").await);
    assert!(!shell.is_empty(), "any /menu page preloads the shell");
    let employees = preloads(&page("/menu/empleados").await);
    let dashboard = preloads(&page("/menu").await);
    for file in &shell {
        assert!(
            employees.contains(file),
            "{file}: the shell is in every screen's page"
        );
        assert!(dashboard.contains(file), "{file}");
    }
    assert!(
        employees.len() > shell.len(),
        "the employees screen adds its own code and texts"
    );
    assert!(employees.iter().any(|f| f.contains("employees-route")));
    assert!(dashboard.iter().any(|f| f.contains("dashboard-route")));
    // Every named file exists (a stale page would make the browser fetch 404s).
    for file in employees.iter().chain(&dashboard) {
        let res = s
            .http
            .get(format!("{}{file}", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{file}");
    }
}
