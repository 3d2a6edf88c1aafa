//! Extractors whose rejections use the API's error shape.

use std::net::SocketAddr;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::AppError;
use crate::state::AppState;

/// JSON body; malformed, mistyped or oversized bodies become 4xx in the API shape.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Json(v)),
            Err(e) => Err(json_rejection(e)),
        }
    }
}

fn short(s: String) -> String {
    s.chars().take(200).collect()
}

fn json_rejection(e: JsonRejection) -> AppError {
    match e {
        JsonRejection::JsonDataError(e) => {
            AppError::bad_request("http.json_campos").arg("detalle", short(e.body_text()))
        }
        JsonRejection::JsonSyntaxError(e) => {
            AppError::bad_request("http.json_invalido").arg("detalle", short(e.body_text()))
        }
        JsonRejection::MissingJsonContentType(_) => {
            AppError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "http.tipo_contenido")
        }
        JsonRejection::BytesRejection(e) => {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::new(StatusCode::PAYLOAD_TOO_LARGE, "http.demasiado_grande")
            } else {
                AppError::bad_request("http.peticion_invalida")
            }
        }
        other => {
            AppError::bad_request("http.peticion_invalida").arg("detalle", short(other.body_text()))
        }
    }
}

/// Path parameters; a mistyped one is a 400 in the API shape.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(v)| Path(v))
            .map_err(|e: PathRejection| {
                AppError::bad_request("http.parametro_invalido")
                    .arg("detalle", short(e.body_text()))
            })
    }
}

/// Query string; a mistyped parameter is a 400 in the API shape.
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(v)| Query(v))
            .map_err(|e: QueryRejection| {
                AppError::bad_request("http.parametro_invalido")
                    .arg("detalle", short(e.body_text()))
            })
    }
}

/// The client's address: the socket peer, or X-Forwarded-For behind a trusted proxy.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = AppError;
    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if state.config.trust_proxy
            && let Some(ip) = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
        {
            return Ok(ClientIp(ip));
        }
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string())
            .unwrap_or_else(|| "desconocida".into());
        Ok(ClientIp(ip))
    }
}

/// A form-urlencoded body (the spec's form posts); a malformed one is a 400 in the API shape.
pub struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = AppError;
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(v)) => Ok(Form(v)),
            Err(axum::extract::rejection::FormRejection::InvalidFormContentType(_)) => Err(
                AppError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "http.tipo_contenido"),
            ),
            Err(e) => {
                Err(AppError::bad_request("http.json_campos").arg("detalle", short(e.body_text())))
            }
        }
    }
}
