//! The one error type of the API and its JSON shape `{resp, code, fields?}`.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::i18n::{self, current_lang};

/// Every handler returns `Result<_, AppError>`; the response is translated to the
/// request's language from the message catalogue.
#[derive(Debug)]
pub struct AppError {
    pub status: StatusCode,
    pub code: &'static str,
    pub args: Vec<(&'static str, String)>,
    /// Per-field message codes for form validation.
    pub fields: BTreeMap<String, &'static str>,
    /// Arguments of a field's message (the limit of `validacion.texto_largo`).
    pub field_args: BTreeMap<String, Vec<(&'static str, String)>>,
    /// Extra headers such as Retry-After (seconds; u32 and a boxed detail keep the error
    /// under clippy's `result_large_err` size).
    pub retry_after: Option<u32>,
    /// Internal detail, logged and never sent.
    pub detail: Option<Box<str>>,
    /// `resp` lists every field's message, numbered, under the main message (a checklist
    /// such as the DC-3's missing data) instead of naming only the first.
    pub numbered: bool,
}

/// The error body every API error has.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// The message in the request's language.
    pub resp: String,
    /// Stable key, also the web app's i18n key.
    pub code: String,
    /// Messages per invalid field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

/// Marker put in the extensions of responses built from an `AppError`, so the outer
/// layer knows the body already has the API shape.
#[derive(Clone, Copy)]
pub struct ApiErrorMarker;

pub type AppResult<T> = Result<T, AppError>;

/// Longest piece of a value an error message repeats.
pub const ECHO_MAX: usize = 100;

/// Cuts a value echoed in an error to [`ECHO_MAX`] characters plus '…': a message that
/// repeated a megabyte of input would cost bandwidth and hide the point.
pub fn clip(value: &str) -> String {
    match value.char_indices().nth(ECHO_MAX) {
        Some((at, _)) => format!("{}…", &value[..at]),
        None => value.to_string(),
    }
}

impl AppError {
    pub fn new(status: StatusCode, code: &'static str) -> Self {
        AppError {
            status,
            code,
            args: Vec::new(),
            fields: BTreeMap::new(),
            field_args: BTreeMap::new(),
            retry_after: None,
            detail: None,
            numbered: false,
        }
    }

    /// An error whose `resp` lists each of `fields`' messages, numbered in key order.
    pub fn checklist(
        status: StatusCode,
        code: &'static str,
        fields: BTreeMap<String, &'static str>,
    ) -> Self {
        let mut e = AppError::new(status, code);
        e.fields = fields;
        e.numbered = true;
        e
    }

    /// Adds a message argument; values echoed from the input are clipped (see [`clip`]).
    pub fn arg(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, clip(&value.into())));
        self
    }

    pub fn bad_request(code: &'static str) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code)
    }
    pub fn unauthorized(code: &'static str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code)
    }
    pub fn forbidden(code: &'static str) -> Self {
        Self::new(StatusCode::FORBIDDEN, code)
    }
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "http.no_encontrado")
    }
    pub fn conflict(code: &'static str) -> Self {
        Self::new(StatusCode::CONFLICT, code)
    }
    pub fn unprocessable(code: &'static str) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code)
    }
    /// A validation error listing the invalid fields.
    pub fn invalid_fields(fields: BTreeMap<String, &'static str>) -> Self {
        let mut e = Self::bad_request("validacion.datos");
        e.fields = fields;
        e
    }
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        let mut e = Self::new(StatusCode::INTERNAL_SERVER_ERROR, "interno.error");
        e.detail = Some(detail.to_string().into());
        e
    }
    pub fn too_many(retry_after_secs: u64) -> Self {
        let minutes = retry_after_secs.div_ceil(60).max(1);
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, "auth.demasiados_intentos")
            .arg("minutos", minutes.to_string());
        e.retry_after = Some(u32::try_from(retry_after_secs).unwrap_or(u32::MAX));
        e
    }

    /// Renders the body in the current request's language.
    pub fn body(&self) -> ErrorBody {
        let lang = current_lang();
        let mut args = self.args.clone();
        if self.code == "interno.error" {
            args.push(("folio", crate::http::current_request_id()));
        }
        let named: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.clone())).collect();
        let mut resp = i18n::message(self.code, lang, &named);
        let fields = if self.fields.is_empty() {
            None
        } else {
            let map: BTreeMap<String, String> = self
                .fields
                .iter()
                .map(|(f, c)| {
                    let mut args = named.clone();
                    if let Some(extra) = self.field_args.get(f) {
                        args.extend(extra.iter().map(|(k, v)| (*k, clip(v))));
                    }
                    (clip(f), i18n::message(c, lang, &args))
                })
                .collect();
            if self.numbered {
                for (i, msg) in map.values().enumerate() {
                    resp = format!("{resp}\n{}. {msg}", i + 1);
                }
            } else if let Some((field, msg)) = map.iter().next() {
                // Name the first invalid field in the main message so a client that only
                // shows `resp` still tells the user what to fix.
                resp = format!("{resp}: {field} — {msg}");
            }
            Some(map)
        };
        ErrorBody {
            resp,
            code: self.code.to_string(),
            fields,
        }
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.code)?;
        if let Some(d) = &self.detail {
            write!(f, ": {d}")?;
        }
        Ok(())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            tracing::error!(code = self.code, detail = ?self.detail, "request failed");
        } else {
            tracing::debug!(code = self.code, status = %self.status, "request rejected");
        }
        let body = self.body();
        let mut res = (self.status, axum::Json(body)).into_response();
        if let Some(secs) = self.retry_after
            && let Ok(v) = secs.to_string().parse()
        {
            res.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
        }
        res.extensions_mut().insert(ApiErrorMarker);
        res
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e {
            let msg = db.message();
            // SQLITE_BUSY after the busy timeout: tell the user to retry.
            if msg.contains("database is locked") || msg.contains("busy") {
                return AppError::new(StatusCode::SERVICE_UNAVAILABLE, "interno.ocupado");
            }
        }
        AppError::internal(e)
    }
}

impl From<sqlx::migrate::MigrateError> for AppError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        AppError::internal(e)
    }
}

impl From<std::io::Error> for AppError {
    fn from(e: std::io::Error) -> Self {
        AppError::internal(e)
    }
}

impl From<object_store::Error> for AppError {
    fn from(e: object_store::Error) -> Self {
        match e {
            object_store::Error::NotFound { .. } => AppError::not_found(),
            other => AppError::internal(other),
        }
    }
}

/// Collects field errors while validating a form: the code per field, and the arguments
/// its message needs (the limit of a too-long text).
#[derive(Default)]
pub struct FieldErrors(
    pub BTreeMap<String, &'static str>,
    pub BTreeMap<String, Vec<(&'static str, String)>>,
);

impl FieldErrors {
    pub fn add(&mut self, field: &str, code: &'static str) {
        self.0.entry(field.to_string()).or_insert(code);
    }
    /// Records `code` for `field` with the arguments its message names.
    pub fn add_with(&mut self, field: &str, code: &'static str, args: Vec<(&'static str, String)>) {
        if !self.0.contains_key(field) {
            self.0.insert(field.to_string(), code);
            self.1.insert(field.to_string(), args);
        }
    }
    /// `validacion.texto_largo` naming the limit, when `value` has more than `max` characters.
    pub fn check_len(&mut self, value: &str, max: usize, field: &str) {
        if value.chars().count() > max {
            self.add_with(
                field,
                "validacion.texto_largo",
                vec![("max", max.to_string())],
            );
        }
    }
    /// The message of `field`'s error in `lang`, its arguments filled in.
    pub fn message(&self, field: &str, lang: crate::i18n::Lang) -> Option<String> {
        let code = self.0.get(field)?;
        let args: Vec<(&str, String)> = self
            .1
            .get(field)
            .map(|a| a.iter().map(|(k, v)| (*k, v.clone())).collect())
            .unwrap_or_default();
        Some(i18n::message(code, lang, &args))
    }
    /// The error of a form with one bad field.
    pub fn single(field: &str, code: &'static str) -> AppError {
        let mut fe = FieldErrors::default();
        fe.add(field, code);
        AppError::invalid_fields(fe.0)
    }
    pub fn check(&mut self, ok: bool, field: &str, code: &'static str) {
        if !ok {
            self.add(field, code);
        }
    }
    pub fn into_result(self) -> AppResult<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            let mut e = AppError::invalid_fields(self.0);
            e.field_args = self.1;
            Err(e)
        }
    }
}
