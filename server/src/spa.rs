//! The web app, embedded in the binary at build time, with history fallback so that
//! client routes such as `/menu/empleados` or `/restorePassword/…` load the app.
//! The build writes brotli (`.br`) and gzip (`.gz`) copies of every text asset next to
//! it; a browser that accepts one of them gets the precompressed bytes, so nothing is
//! compressed per request.

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
            let page = index_page(path);
            match Assets::get(&page) {
                Some(f) => (f, page, true),
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
    let encoding = preferred_encoding(&headers)
        .and_then(|(enc, ext)| Assets::get(&format!("{name}.{ext}")).map(|f| (enc, f)));
    let mime = file.metadata.mimetype().to_string();
    let (body, etag, content_encoding) = match encoding {
        Some((enc, packed)) => (
            packed.data,
            format!("\"{}-{enc}\"", hex::encode(file.metadata.sha256_hash())),
            Some(enc),
        ),
        None => (
            file.data,
            format!("\"{}\"", hex::encode(file.metadata.sha256_hash())),
            None,
        ),
    };
    // Vary only where another encoding exists: the answer differs by Accept-Encoding.
    let compressible = Assets::get(&format!("{name}.br")).is_some()
        || Assets::get(&format!("{name}.gz")).is_some();
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        let mut res = StatusCode::NOT_MODIFIED.into_response();
        if compressible {
            res.headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        return res;
    }
    let cache = if is_index || name == "sw.js" || name == "index.html" {
        "no-cache"
    } else if name.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    let mut res = (StatusCode::OK, body.into_owned()).into_response();
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&mime) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    if let Some(enc) = content_encoding {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(enc));
    }
    if compressible {
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    // nosniff, CSP and the other security headers come from `headers::security_headers`.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    res
}

/// The document of a client route: under /menu the build's page that also preloads the
/// shell and that screen (`preload/<screen>.html`, else `preload/menu.html`), so the browser
/// fetches their files together; index.html elsewhere (Login loads only what it shows).
fn index_page(path: &str) -> String {
    let Some(rest) = path.strip_prefix("menu") else {
        return "index.html".to_string();
    };
    if !(rest.is_empty() || rest.starts_with('/')) {
        return "index.html".to_string();
    }
    // /menu itself opens the dashboard.
    let screen = match rest.trim_start_matches('/').split('/').next() {
        None | Some("") => "dashboard",
        Some(s) => s,
    };
    let named = screen
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    [
        named.then(|| format!("preload/{screen}.html")),
        Some("preload/menu.html".to_string()),
    ]
    .into_iter()
    .flatten()
    .find(|p| Assets::get(p).is_some())
    .unwrap_or_else(|| "index.html".to_string())
}

/// The best precompressed form the client accepts: brotli, then gzip (`q=0` refuses).
fn preferred_encoding(headers: &HeaderMap) -> Option<(&'static str, &'static str)> {
    let accepted: Vec<(String, f32)> = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|part| {
            let mut it = part.split(';');
            let name = it.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = it
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (name, q)
        })
        .collect();
    let ok = |enc: &str| {
        accepted
            .iter()
            .any(|(n, q)| (n == enc || n == "*") && *q > 0.0)
            && !accepted.iter().any(|(n, q)| n == enc && *q <= 0.0)
    };
    if ok("br") {
        Some(("br", "br"))
    } else if ok("gzip") {
        Some(("gzip", "gz"))
    } else {
        None
    }
}
