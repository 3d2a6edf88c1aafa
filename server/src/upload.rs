//! Multipart uploads: the file (8 MB at most) and the text fields sent with it.

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::http::StatusCode;
use bytes::Bytes;

use crate::error::{AppError, AppResult};

/// Largest accepted upload.
pub const MAX_UPLOAD: usize = 8 * 1024 * 1024;
/// Largest text field sent with an upload.
pub const MAX_FIELD: usize = 10 * 1024;

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

/// One part of a multipart form.
pub struct Part {
    pub name: String,
    /// The file name the client sent, for file parts.
    pub file_name: Option<String>,
    pub is_file: bool,
    pub data: Bytes,
}

/// Reads every part, enforcing the limits while streaming: files (parts with a file name,
/// or named `file`) up to 8 MB each, text fields up to `text_limit`.
pub async fn read_parts(mut multipart: Multipart, text_limit: usize) -> AppResult<Vec<Part>> {
    let mut parts = Vec::new();
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(e.status(), e.body_text()))?
    {
        let name = field.name().unwrap_or("").to_string();
        let file_name = field.file_name().map(str::to_string);
        let is_file = name == "file" || file_name.is_some();
        let limit = if is_file { MAX_UPLOAD } else { text_limit };
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
        parts.push(Part {
            name,
            file_name,
            is_file,
            data: buf.freeze(),
        });
    }
    Ok(parts)
}

/// Reads a form with one file and its text fields.
pub async fn read_form(multipart: Multipart) -> AppResult<UploadForm> {
    let mut form = UploadForm {
        file: None,
        fields: HashMap::new(),
    };
    for part in read_parts(multipart, MAX_FIELD).await? {
        if part.is_file {
            form.file.get_or_insert(part.data);
        } else {
            form.fields
                .insert(part.name, String::from_utf8_lossy(&part.data).into_owned());
        }
    }
    Ok(form)
}

/// A form with a JSON `datos` part and named files (topics, blocks).
pub struct DatosForm {
    pub datos: String,
    pub files: Vec<(String, Bytes)>,
}

/// Reads `datos` (≤ 256 KB) plus up to 3 non-empty files of 8 MB at most.
pub async fn read_datos_form(multipart: Multipart) -> AppResult<DatosForm> {
    let mut datos = None;
    let mut files = Vec::new();
    for part in read_parts(multipart, 256 * 1024).await? {
        if part.name == "datos" && !part.is_file {
            datos = Some(
                String::from_utf8(part.data.to_vec())
                    .map_err(|_| AppError::bad_request("validacion.datos"))?,
            );
        } else if part.is_file && !part.data.is_empty() {
            if files.len() >= 3 {
                return Err(AppError::bad_request("http.multipart"));
            }
            files.push((part.name, part.data));
        }
    }
    Ok(DatosForm {
        datos: datos.ok_or_else(|| AppError::bad_request("validacion.datos"))?,
        files,
    })
}

/// Parses the JSON `datos` part, with a 400 naming the problem.
pub fn parse_datos<T: serde::de::DeserializeOwned>(datos: &str) -> AppResult<T> {
    serde_json::from_str(datos).map_err(|e| {
        AppError::bad_request("validacion.datos").arg(
            "detalle",
            e.to_string().chars().take(200).collect::<String>(),
        )
    })
}
