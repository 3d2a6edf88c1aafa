//! The web app, embedded in the binary at build time, with history fallback so that
//! client routes such as `/menu/empleados` or `/restorePassword/…` load the app.

use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

use crate::error::AppError;

#[derive(Embed)]
#[folder = "../web/dist"]
struct Assets;

/// Serves a file of the web app, or index.html for client routes.
pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path == "api" {
        return AppError::new(StatusCode::NOT_FOUND, "http.ruta_no_encontrada")
            .arg("ruta", uri.path().to_string())
            .into_response();
    }
    let (file, name, is_index) = match Assets::get(path).filter(|_| !path.is_empty()) {
        Some(f) => (f, path.to_string(), false),
        None => {
            // A missing hashed asset is a real 404; anything else is a client route.
            if path.starts_with("assets/") {
                return (StatusCode::NOT_FOUND, "Not found").into_response();
            }
            match Assets::get("index.html") {
                Some(f) => (f, "index.html".to_string(), true),
                None => {
                    return (
                        StatusCode::SERVICE_UNAVAILABLE,
                        "The web app was not built into this binary (web/dist was empty at build time).",
                    )
                        .into_response();
                }
            }
        }
    };
    let etag = format!("\"{}\"", hex::encode(file.metadata.sha256_hash()));
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    let mime = file.metadata.mimetype().to_string();
    let cache = if is_index || name == "sw.js" || name == "index.html" {
        "no-cache"
    } else if name.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    let mut res = (StatusCode::OK, file.data.into_owned()).into_response();
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&mime) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert("referrer-policy", HeaderValue::from_static("same-origin"));
    res
}
