//! Files of the catalogues: images (sniffed png/gif/jpeg), course material, and the links
//! that serve them. Catalogue images (`catalogos/…`) are public under unguessable keys like
//! employee photos; signatures and material (`firmas/…`, `materiales/…`) are served only
//! through short-lived signed links.

use axum::http::StatusCode;
use bytes::Bytes;

use crate::auth::token::TokenKind;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

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
