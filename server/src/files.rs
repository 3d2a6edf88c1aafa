//! Files of the catalogues: images (sniffed png/gif/jpeg), course material, and the links
//! that serve them. Catalogue images (`catalogos/…`) are public under unguessable keys like
//! employee photos; signatures and material (`firmas/…`, `materiales/…`) are served only
//! through short-lived signed links, all by `GET /api/pub/archivos/{key}`.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::auth::token::TokenKind;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Path, Query};
use crate::state::AppState;

/// The public file route (`/api/pub/archivos/...`).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(state, Rule::Anonimo, routes!(get_file)))
}

/// How long a signed file link works.
pub const SIGNED_LINK_TTL: i64 = 3600;

/// Key prefixes anyone may read.
pub const PUBLIC_PREFIXES: &[&str] = &["employees/photos/", "config/", "catalogos/"];

/// Stores an image (png, gif or jpeg by content) as `<folder>/<name>-<uuid>.<ext>`.
pub async fn store_image(
    state: &AppState,
    folder: &str,
    name: &str,
    data: Bytes,
) -> AppResult<String> {
    let (ext, _) = crate::storage::sniff_image(&data)
        .ok_or_else(|| AppError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "archivo.tipo_imagen"))?;
    let key = format!("{folder}/{name}-{}.{ext}", uuid::Uuid::new_v4().simple());
    state.storage.put(&key, data).await?;
    Ok(key)
}

/// Course material: PDF, Office documents (zip-based or legacy), images, mp4 or a zip.
pub async fn store_material(
    state: &AppState,
    folder: &str,
    name: &str,
    data: Bytes,
) -> AppResult<String> {
    let ext = match infer::get(&data).map(|k| k.mime_type()) {
        Some("application/pdf") => "pdf",
        Some("image/png") => "png",
        Some("image/jpeg") => "jpg",
        Some("image/gif") => "gif",
        Some("video/mp4") => "mp4",
        Some("application/vnd.openxmlformats-officedocument.wordprocessingml.document") => "docx",
        Some("application/vnd.openxmlformats-officedocument.presentationml.presentation") => "pptx",
        Some("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet") => "xlsx",
        Some("application/msword") => "doc",
        Some("application/vnd.ms-powerpoint") => "ppt",
        Some("application/vnd.ms-excel") => "xls",
        Some("application/zip") => "zip",
        _ => {
            return Err(AppError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "archivo.tipo_material",
            ));
        }
    };
    let key = format!("{folder}/{name}-{}.{ext}", uuid::Uuid::new_v4().simple());
    state.storage.put(&key, data).await?;
    Ok(key)
}

/// The URL of a public key.
pub fn public_url(key: &str) -> String {
    format!("/api/pub/archivos/{key}")
}

/// A link to a private key, valid for an hour, for one viewer.
pub fn signed_url(state: &AppState, viewer: i64, key: &str) -> Option<String> {
    if PUBLIC_PREFIXES.iter().any(|p| key.starts_with(p)) {
        return Some(public_url(key));
    }
    state
        .keys
        .issue(
            state.now(),
            SIGNED_LINK_TTL,
            viewer,
            TokenKind::Archivo,
            key,
            None,
        )
        .ok()
        .map(|firma| format!("/api/pub/archivos/{key}?firma={firma}"))
}

/// Whether a request may read a key: public prefixes always, others with a valid link.
pub fn may_read(state: &AppState, key: &str, firma: Option<&str>) -> bool {
    if PUBLIC_PREFIXES.iter().any(|p| key.starts_with(p)) {
        return true;
    }
    let Some(f) = firma else { return false };
    state
        .keys
        .verify(f, state.now())
        .is_ok_and(|c| c.kind == TokenKind::Archivo && c.sid == key)
}

#[derive(Deserialize, utoipa::IntoParams)]
struct FirmaArchivo {
    /// The signature of a private file link (`files::signed_url`).
    #[serde(default)]
    firma: Option<String>,
}

/// Files: employee photos, company and catalogue images (public, unguessable keys);
/// signatures and material only with a signed link.
#[utoipa::path(get, path = "/api/pub/archivos/{*key}", tag = "auth",
    params(("key" = String, Path), FirmaArchivo),
    responses((status = 200, description = "the file"), (status = 404, body = ErrorBody)))]
async fn get_file(
    State(state): State<AppState>,
    Path(key): Path<String>,
    Query(f): Query<FirmaArchivo>,
) -> AppResult<Response> {
    let public = may_read(&state, &key, f.firma.as_deref());
    if !public
        || key
            .split('/')
            .any(|s| s.is_empty() || s == "." || s == "..")
    {
        return Err(AppError::not_found());
    }
    let data = state.storage.get(&key).await?;
    let content_type = crate::storage::content_type_of(&key);
    let mut res = (
        [
            (header::CONTENT_TYPE, content_type),
            (
                header::CACHE_CONTROL,
                if f.firma.is_some() {
                    "private, max-age=3600"
                } else {
                    "public, max-age=31536000, immutable"
                },
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, SANDBOX_CSP),
        ],
        data,
    )
        .into_response();
    if !content_type.starts_with("image/") {
        res.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            attachment(key.rsplit('/').next().unwrap_or("archivo")),
        );
    }
    Ok(res)
}

/// The policy of every served upload: a document opened anyway (a PDF viewer, an
/// SVG-like surprise) runs no script and reaches nothing on the app's origin.
pub const SANDBOX_CSP: &str = "sandbox; default-src 'none'";

/// `Content-Disposition: attachment` with a file name safe for a header: uploaded
/// documents are downloaded, never rendered on the app's origin.
pub fn attachment(name: &str) -> header::HeaderValue {
    let safe: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .take(100)
        .collect();
    header::HeaderValue::from_str(&format!("attachment; filename=\"{safe}\""))
        .unwrap_or_else(|_| header::HeaderValue::from_static("attachment"))
}

/// Finishes an upload stored under `key` whose row was updated in `tx`: `replaced` is the
/// key the row held (None when the row vanished: 404). The new file is removed when the
/// row is not updated, and the replaced one once the change is committed, so that storage
/// holds only files some row points to.
pub async fn settle_upload(
    state: &AppState,
    tx: crate::db::Tx,
    key: &str,
    replaced: Option<Option<String>>,
) -> AppResult<()> {
    let committed = match replaced {
        None => Err(AppError::not_found()),
        Some(old) => tx.commit().await.map(|()| old).map_err(AppError::from),
    };
    match committed {
        Ok(old) => {
            if let Some(old) = old.filter(|o| o != key)
                && let Err(e) = state.storage.delete(&old).await
            {
                tracing::warn!(key = %old, error = %e, "replaced file left in storage");
            }
            Ok(())
        }
        Err(e) => {
            if let Err(d) = state.storage.delete(key).await {
                tracing::warn!(key = %key, error = %d, "unused upload left in storage");
            }
            Err(e)
        }
    }
}
