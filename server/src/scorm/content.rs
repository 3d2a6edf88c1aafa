//! The content origin: a second listener that alone serves package files, the player page
//! and the player's two calls. Nothing here reads a session: the launch token in the path
//! is the only credential, bound to one learner, package and attempt. Every answer carries
//! a restrictive CSP that only lets the app origin frame it.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use rust_embed::Embed;

use super::{db, runtime};
use crate::config::Config;
use crate::error::{AppError, AppResult};
use crate::extract::Path;
use crate::i18n::{Lang, REQUEST_LANG};
use crate::state::AppState;

/// The player built from `web/player` (`npm run build`).
#[derive(Embed)]
#[folder = "../web/dist-player"]
#[allow_missing = true]
struct Reproductor;

/// Largest commit body.
const MAX_COMMIT: usize = 1024 * 1024;

/// The content origin's public base URL: `--content-url`, else the host of `--public-url`
/// with the content listener's port.
pub fn base_url(config: &Config, port: u16) -> String {
    if let Some(u) = config.content_url.as_deref().filter(|u| !u.is_empty()) {
        return u.trim_end_matches('/').to_string();
    }
    match url::Url::parse(&config.public_url) {
        Ok(mut u) => {
            let _ = u.set_port(Some(port));
            u.set_path("");
            u.as_str().trim_end_matches('/').to_string()
        }
        Err(_) => format!("http://localhost:{port}"),
    }
}

/// The base URL launches point at.
pub fn base(state: &AppState) -> String {
    state
        .content_url
        .get()
        .cloned()
        .unwrap_or_else(|| base_url(&state.config, 8081))
}

/// The content origin (scheme, host and port) the app frames.
pub fn origin(state: &AppState) -> String {
    url::Url::parse(&base(state))
        .map(|u| u.origin().ascii_serialization())
        .unwrap_or_default()
}

/// The app origin (scheme, host and port of `--public-url`), the only one that may frame
/// the player.
fn app_origin(config: &Config) -> String {
    url::Url::parse(&config.public_url)
        .map(|u| u.origin().ascii_serialization())
        .unwrap_or_default()
}

/// The policy of every content-origin answer.
pub fn csp(config: &Config) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; \
         frame-src 'self'; worker-src 'self' blob:; frame-ancestors 'self' {}; form-action 'self'; base-uri 'self'; \
         object-src 'none'",
        app_origin(config)
    )
}

/// Every route of the content origin.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/jugar/{token}", get(player_page))
        .route("/reproductor/{*file}", get(player_asset))
        .route("/api/lanzamiento/{token}", get(get_launch))
        .route(
            "/api/lanzamiento/{token}/commit",
            post(post_commit).layer(DefaultBodyLimit::max(MAX_COMMIT)),
        )
        .route("/contenido/{token}/{*ruta}", get(package_file))
        .fallback(|| async {
            AppError::new(StatusCode::NOT_FOUND, "http.ruta_no_encontrada").into_response()
        })
        .layer(axum::middleware::from_fn_with_state(state.clone(), headers))
        .with_state(state)
}

/// Language, CSP and the other protective headers of every answer.
async fn headers(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let lang = Lang::from_headers(req.headers());
    let mut res = REQUEST_LANG.scope(lang, next.run(req)).await;
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&csp(&state.config)) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=(), payment=(), usb=()"),
    );
    h.remove(header::SET_COOKIE);
    res
}

fn embedded(name: &str) -> Response {
    match Reproductor::get(name) {
        Some(f) => {
            let mime = mime_guess::from_path(name).first_or_octet_stream();
            (
                [
                    (header::CONTENT_TYPE, mime.as_ref().to_string()),
                    (header::CACHE_CONTROL, "no-cache".to_string()),
                ],
                f.data.into_owned(),
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "Not found").into_response(),
    }
}

async fn player_page() -> Response {
    embedded("index.html")
}

async fn player_asset(axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    if file.split('/').any(|p| p == ".." || p.is_empty()) {
        return (StatusCode::NOT_FOUND, "Not found").into_response();
    }
    embedded(&file)
}

async fn get_launch(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let l = runtime::get_launch(&state, &token).await?;
    Ok(no_store(axum::Json(l).into_response()))
}

async fn post_commit(
    State(state): State<AppState>,
    Path(token): Path<String>,
    body: Bytes,
) -> AppResult<Response> {
    let c = runtime::apply_commit(&state, &token, body).await?;
    Ok(no_store(axum::Json(c).into_response()))
}

fn no_store(mut r: Response) -> Response {
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// `bytes=a-b` / `bytes=a-` of a Range header (one range only).
fn range_of(headers: &HeaderMap) -> Option<(u64, Option<u64>)> {
    let v = headers.get(header::RANGE)?.to_str().ok()?;
    let spec = v.strip_prefix("bytes=")?;
    if spec.contains(',') {
        return None;
    }
    let (a, b) = spec.split_once('-')?;
    let start: u64 = a.trim().parse().ok()?;
    let end = match b.trim() {
        "" => None,
        e => Some(e.parse().ok()?),
    };
    Some((start, end))
}

/// A file of the launched package (any file of it: the SCO's pages, scripts, media).
async fn package_file(
    State(state): State<AppState>,
    axum::extract::Path((token, ruta)): axum::extract::Path<(String, String)>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "scorm.archivo_no_encontrado");
    let ruta = super::manifest::normalise(&ruta).ok_or_else(not_found)?;
    let (clave, revision) = {
        let mut conn = state.db.read.acquire().await?;
        let l = db::live_launch(&mut conn, &runtime::token_hash(&token), &state.now_iso())
            .await?
            .ok_or_else(not_found)?;
        let p = db::package_by_id(&mut conn, l.id_paquete)
            .await?
            .ok_or_else(not_found)?;
        (p.clave_scorm, p.revision)
    };
    let key = format!("{}/{ruta}", super::package::prefijo(&clave, revision));
    let pedido = range_of(&headers);
    let lectura = match state.storage.get_stream(&key, pedido).await {
        Ok(Some(l)) => l,
        Ok(None) => return Err(not_found()),
        // An unsatisfiable range: answer the whole file.
        Err(_) if pedido.is_some() => state
            .storage
            .get_stream(&key, None)
            .await?
            .ok_or_else(not_found)?,
        Err(e) => return Err(e),
    };
    let mime = mime_guess::from_path(&ruta).first_or_octet_stream();
    let parcial = pedido.is_some() && (lectura.range.start > 0 || lectura.range.end < lectura.size);
    let len = lectura.range.end - lectura.range.start;
    let mut res = Response::new(Body::from_stream(lectura.stream));
    *res.status_mut() = if parcial {
        StatusCode::PARTIAL_CONTENT
    } else {
        StatusCode::OK
    };
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
        h.insert(header::CONTENT_TYPE, v);
    }
    h.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    if parcial
        && let Ok(v) = HeaderValue::from_str(&format!(
            "bytes {}-{}/{}",
            lectura.range.start,
            lectura.range.end.saturating_sub(1),
            lectura.size
        ))
    {
        h.insert(header::CONTENT_RANGE, v);
    }
    Ok(res)
}
