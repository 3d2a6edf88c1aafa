//! What the binary serves besides the API calls: health, the OpenAPI document and its
//! page, and the web app with history fallback for client routes.

mod common;

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
