//! The router: every domain's routes, the API documentation, the web app, and the
//! layers (request ids, tracing, language, error shape, limits).

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

use crate::error::{ApiErrorMarker, AppError};
use crate::http::REQUEST_ID;
use crate::i18n::{Lang, REQUEST_LANG};
use crate::state::AppState;

/// Largest request body (8 MB uploads plus form overhead).
pub const BODY_LIMIT: usize = 9 * 1024 * 1024;

/// All API routes with their OpenAPI description.
pub fn api(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(crate::auth::router(state))
        .merge(crate::settings::router(state))
        .merge(crate::org::router(state))
        .merge(crate::employees::router(state))
        .merge(crate::resources::router(state))
        .merge(crate::topics::router(state))
        .merge(crate::blocks::router(state))
        .merge(crate::plans::router(state))
        .merge(crate::courses::router(state))
        .merge(crate::exams::router(state))
        .merge(crate::surveys::router(state))
        .merge(crate::scorm::router(state))
        .merge(crate::certificates::router(state))
        .merge(crate::dashboard::router(state))
        .merge(crate::indicators::router(state))
        .merge(crate::reports::router(state))
        .merge(crate::assistant::router(state))
        .merge(crate::imports::router(state))
        .merge(crate::apis::router(state))
        .merge(crate::chat::router(state))
        .merge(crate::notifications::router(state))
        .merge(crate::push::router(state))
        .merge(health_router(state))
}

fn health_router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(crate::auth::perms::secured(
        state,
        crate::auth::perms::Rule::Anonimo,
        utoipa_axum::routes!(health),
    ))
}

#[derive(serde::Serialize, utoipa::ToSchema)]
struct Health {
    status: String,
    version: String,
    database: String,
}

/// Liveness and database check.
#[utoipa::path(get, path = "/api/health", tag = "system", responses((status = 200, body = Health), (status = 503, body = Health)))]
async fn health(axum::extract::State(state): axum::extract::State<AppState>) -> Response {
    let db_ok = state.db.ping().await;
    let body = Health {
        status: if db_ok {
            "ok".into()
        } else {
            "degradado".into()
        },
        version: env!("CARGO_PKG_VERSION").into(),
        database: if db_ok {
            "ok".into()
        } else {
            "sin conexión".into()
        },
    };
    let code = if db_ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, axum::Json(body)).into_response()
}

/// The OpenAPI document of the whole API.
pub fn openapi(state: &AppState) -> utoipa::openapi::OpenApi {
    let (_, mut doc) = api(state).split_for_parts();
    doc.info.title = "Aula API".into();
    doc.info.description = Some(
        "API de Aula, plataforma de capacitación corporativa. Cada operación indica en `x-aula-seccion` \
         la regla de permiso que la protege: anonimo, publico (token genérico), sesion, seccion:<clave>, \
         restablecer o api_key."
            .into(),
    );
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "bearer",
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .bearer_format("JWT")
                .build(),
        ),
    );
    components.add_security_scheme(
        "api_key",
        SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
    );
    // Request bodies the routes describe only in words (the topic and block forms are the
    // multipart `datos` part; one route takes the four kinds of resource): registered so
    // their types and published limits reach the web.
    register::<crate::topics::TemaForm>(components);
    register::<crate::blocks::BloqueForm>(components);
    register::<crate::dashboard::anuncios::SlideForm>(components);
    register::<crate::dashboard::anuncios::NoticiaForm>(components);
    register::<crate::resources::types::Institucion>(components);
    register::<crate::resources::types::Instructor>(components);
    register::<crate::resources::types::Sede>(components);
    register::<crate::resources::types::Sala>(components);
    doc
}

fn register<T: utoipa::ToSchema>(components: &mut utoipa::openapi::Components) {
    let mut nested = Vec::new();
    T::schemas(&mut nested);
    components
        .schemas
        .insert(T::name().into_owned(), T::schema());
    components.schemas.extend(nested);
}

/// The OpenAPI document as served and printed by `aula openapi`: [`openapi`] plus what
/// `contract` publishes (field limits, error codes). utoipa has no typed setter for those
/// on schemas it derived, and its types do not read every document back, so the
/// published document stays JSON.
pub fn openapi_json(state: &AppState) -> serde_json::Value {
    let mut json = match serde_json::to_value(openapi(state)) {
        Ok(json) => json,
        Err(e) => {
            tracing::error!(error = %e, "cannot serialize the OpenAPI document");
            return serde_json::Value::Null;
        }
    };
    for u in crate::contract::publish(&mut json) {
        // The contract test fails on these; a running server still serves the rest.
        tracing::warn!(
            schema = u.schema,
            field = u.field,
            why = u.why,
            "field limit not published"
        );
    }
    json
}

/// Builds the whole application.
pub fn build_router(state: AppState) -> Router {
    let (api_router, _) = api(&state).split_for_parts();
    let doc = openapi_json(&state);
    let api_router = api_router
        .merge(SwaggerUi::new("/api/docs").external_url_unchecked("/api/docs/openapi.json", doc))
        .with_state(state.clone())
        .layer(crate::headers::api_compression());
    Router::new()
        .merge(api_router)
        .fallback(crate::spa::serve)
        .layer(crate::realtime::layer(&state))
        .layer(axum::middleware::from_fn(context))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::headers::security_headers,
        ))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(|_| {
            AppError::internal("the handler panicked").into_response()
        }))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let id = req
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("-")
                        .to_string();
                    // Only method, path and id: never headers (tokens) or bodies (passwords).
                    tracing::info_span!("request", id = %id, method = %req.method(), path = %req.uri().path())
                })
                .on_response(|res: &Response, latency: Duration, _span: &tracing::Span| {
                    tracing::info!(status = res.status().as_u16(), ms = latency.as_millis() as u64, "answered");
                }),
        )
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
}

/// Sets the request's language and id for the handlers, and gives every error
/// answer the API's JSON shape (axum's own 404/405/413 ones included).
async fn context(req: Request, next: Next) -> Response {
    let lang = Lang::from_headers(req.headers());
    let id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
        .to_string();
    let path = req.uri().path().to_string();
    let is_api = path.starts_with("/api/");
    let res = REQUEST_ID
        .scope(id.clone(), REQUEST_LANG.scope(lang, next.run(req)))
        .await;
    if !is_api || res.extensions().get::<ApiErrorMarker>().is_some() {
        return with_lang_header(res, lang);
    }
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return with_lang_header(res, lang);
    }
    let err = match status {
        StatusCode::NOT_FOUND => AppError::new(status, "http.ruta_no_encontrada").arg("ruta", path),
        StatusCode::METHOD_NOT_ALLOWED => AppError::new(status, "http.metodo_no_permitido"),
        StatusCode::PAYLOAD_TOO_LARGE => AppError::new(status, "http.demasiado_grande"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::new(status, "http.tipo_no_soportado"),
        s if s.is_server_error() => AppError::internal(format!("unshaped {s}")),
        s => AppError::new(s, "http.peticion_invalida"),
    };
    let res = REQUEST_ID
        .scope(
            id,
            REQUEST_LANG.scope(lang, async move { err.into_response() }),
        )
        .await;
    with_lang_header(res, lang)
}

fn with_lang_header(mut res: Response<Body>, lang: Lang) -> Response<Body> {
    res.headers_mut().insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.code()),
    );
    res
}
