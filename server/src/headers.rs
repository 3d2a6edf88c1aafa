//! Security headers on every answer, and compression of the API's JSON.
//!
//! The web app runs under a strict Content-Security-Policy: scripts only from the app's own
//! files (no inline script, no `eval`), no plugins, no `<base>`, never framed, and Trusted
//! Types enforced, so markup injected into the page cannot run script and so cannot read
//! the session token the spec's clients keep in storage. The web app installs the one
//! `default` policy itself (web/src/lib/trusted-types.ts): it lets plain text through the
//! HTML sinks (Mantine writes its CSS variables that way) and refuses markup and foreign
//! script URLs; `aula-print` writes the escaped printable table document. Styles may be inline because the component library sets style attributes.

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::compression::predicate::{NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, DefaultPredicate};

/// The policy of the web app's pages and assets.
pub const APP_CSP: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; \
    media-src 'self' blob: https:; font-src 'self' data:; connect-src 'self'; \
    frame-src https:; worker-src 'self'; manifest-src 'self'; form-action 'self'; \
    object-src 'none'; base-uri 'none'; frame-ancestors 'none'; \
    require-trusted-types-for 'script'; trusted-types default aula-print";

/// The web app's policy on an instance whose content origin (SCORM player) is
/// `content_origin`: the app may frame that origin, whatever its scheme.
pub fn app_csp(content_origin: &str) -> String {
    APP_CSP.replace(
        "frame-src https:",
        &format!("frame-src https: {content_origin}"),
    )
}

/// The policy of API answers: nothing may load from them and nothing may frame them.
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/// The policy of the bundled API explorer (/api/docs), which writes markup itself and so
/// cannot run under Trusted Types; still no inline script and never framed.
pub const DOCS_CSP: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; \
    base-uri 'none'; frame-ancestors 'none'";

/// Adds the security headers a handler did not set itself (a file route may send a
/// stricter sandbox policy of its own). The policy and the framing headers matter only on
/// documents and workers, so the app's scripts, styles and images go without them (about
/// 0.5 KB less on each of Login's requests); nosniff goes everywhere.
pub async fn security_headers(
    State(state): State<crate::state::AppState>,
    req: Request,
    next: Next,
) -> Response {
    let path = req.uri().path();
    let app = || HeaderValue::from_str(&app_csp(&crate::scorm::content::origin(&state)));
    let csp = if path == "/api/docs" || path.starts_with("/api/docs/") {
        Ok(HeaderValue::from_static(DOCS_CSP))
    } else if path.starts_with("/api/") {
        Ok(HeaderValue::from_static(API_CSP))
    } else {
        app()
    };
    let is_api = path.starts_with("/api/");
    let is_worker = path == "/sw.js";
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    let is_document = h
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    let framed = is_api || is_document || is_worker;
    if let (true, Ok(csp)) = (framed, csp)
        && !h.contains_key(header::CONTENT_SECURITY_POLICY)
    {
        h.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    let mut set = |name: HeaderName, value: &'static str| {
        if !h.contains_key(&name) {
            h.insert(name, HeaderValue::from_static(value));
        }
    };
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::REFERRER_POLICY, "same-origin");
    if framed {
        set(header::X_FRAME_OPTIONS, "DENY");
        set(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=()",
        );
    }
    res
}

/// Brotli or gzip for API answers worth compressing: JSON and CSV, not spreadsheets, PDFs,
/// archives or media, which are compressed already (images are left out by the default
/// predicate, as are answers under 32 bytes and event streams).
pub fn api_compression() -> CompressionLayer<impl Predicate> {
    let predicate = DefaultPredicate::new()
        .and(NotForContentType::new("application/vnd.openxmlformats"))
        .and(NotForContentType::new("application/vnd.ms-excel"))
        .and(NotForContentType::new("application/zip"))
        .and(NotForContentType::new("application/pdf"))
        .and(NotForContentType::new("video/"))
        .and(NotForContentType::new("audio/"));
    CompressionLayer::new()
        .br(true)
        .gzip(true)
        .compress_when(predicate)
}
