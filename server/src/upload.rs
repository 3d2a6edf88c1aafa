//! Multipart uploads: the file (8 MB at most) and the text fields sent with it.

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::http::StatusCode;
use bytes::Bytes;

use crate::error::{AppError, AppResult};

/// Largest accepted upload.
pub const MAX_UPLOAD: usize = 8 * 1024 * 1024;
/// Largest text field sent with an upload.
const MAX_FIELD: usize = 10 * 1024;

/// A read multipart form.
pub struct UploadForm {
    /// The field named `file` (or the first one with a file name).
    pub file: Option<Bytes>,
    pub fields: HashMap<String, String>,
}

impl UploadForm {
    /// The file, or 400 when it is missing or empty.
    pub fn file(&self) -> AppResult<Bytes> {
        self.file
            .clone()
            .filter(|f| !f.is_empty())
            .ok_or_else(|| AppError::bad_request("archivo.requerido"))
    }
}

fn multipart_error(status: StatusCode, text: String) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::new(StatusCode::PAYLOAD_TOO_LARGE, "archivo.demasiado_grande")
    } else {
        AppError::bad_request("http.multipart")
            .arg("detalle", text.chars().take(200).collect::<String>())
    }
}

/// Reads a whole form, enforcing the size limits while streaming.
pub async fn read_form(mut multipart: Multipart) -> AppResult<UploadForm> {
    let mut form = UploadForm {
        file: None,
        fields: HashMap::new(),
    };
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(e.status(), e.body_text()))?
    {
        let name = field.name().unwrap_or("").to_string();
        let is_file = form.file.is_none() && (name == "file" || field.file_name().is_some());
        let limit = if is_file { MAX_UPLOAD } else { MAX_FIELD };
        let mut buf = bytes::BytesMut::new();
        while let Some(chunk) = field
            .chunk()
            .await
            .map_err(|e| multipart_error(e.status(), e.body_text()))?
        {
            if buf.len() + chunk.len() > limit {
                return Err(AppError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "archivo.demasiado_grande",
                ));
            }
            buf.extend_from_slice(&chunk);
        }
        if is_file {
            form.file = Some(buf.freeze());
        } else {
            form.fields
                .insert(name, String::from_utf8_lossy(&buf).into_owned());
        }
    }
    Ok(form)
}
