//! API keys (`apis`) that let other systems call `lms/empleados/alta`. Only a hash of
//! each key is stored; the key itself is shown once, when created.

pub mod db;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::auth::token::{random_secret, sha256_hex};
use crate::contract::API_NOMBRE_MAX;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use db::ApiEntry;

const SECCION: &str = "configuracion.apis";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(list_apis, create_api),
        ))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(table_apis)))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(revoke_api)))
}

/// API keys (without the keys themselves).
#[utoipa::path(get, path = "/api/pri/apis", tag = "apis", responses((status = 200, body = Vec<ApiEntry>)))]
async fn list_apis(State(state): State<AppState>) -> AppResult<axum::Json<Vec<ApiEntry>>> {
    Ok(axum::Json(db::list(&state.db.read).await?))
}

/// The API keys as a table (table engine).
#[utoipa::path(post, path = "/api/pri/apis/tabla", tag = "apis", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_apis(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::APIS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewApi {
    nombre: String,
}

#[derive(Serialize, ToSchema)]
struct NewApiResp {
    resp: String,
    id: i64,
    nombre: String,
    /// The key: shown only now.
    token: String,
}

/// Creates an API key.
#[utoipa::path(post, path = "/api/pri/apis", tag = "apis", request_body = NewApi,
    responses((status = 200, body = NewApiResp), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_api(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<NewApi>,
) -> AppResult<axum::Json<NewApiResp>> {
    let nombre = b.nombre.trim().to_string();
    let mut fe = FieldErrors::default();
    fe.check(!nombre.is_empty(), "nombre", "validacion.campo_requerido");
    fe.check_len(&nombre, API_NOMBRE_MAX, "nombre");
    fe.into_result()?;
    let token = format!("aula_{}", random_secret(32));
    let mut tx = state.db.begin().await?;
    let id = db::create(
        &mut tx,
        &db::NewKey {
            nombre: &nombre,
            token_hash: &sha256_hex(&token),
            prefijo: &token[..12],
            creado_por: u.cve_empleado,
            now: &state.now_iso(),
        },
    )
    .await?
    .ok_or_else(|| AppError::conflict("apis.nombre_duplicado"))?;
    tx.commit().await?;
    tracing::info!(by = u.cve_empleado, api = id, "API key created");
    Ok(axum::Json(NewApiResp {
        resp: "Excelente".into(),
        id,
        nombre,
        token,
    }))
}

/// Revokes an API key; calls made with it are refused from then on.
#[utoipa::path(delete, path = "/api/pri/apis/{id}", tag = "apis", params(("id" = i64, Path)),
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody)))]
async fn revoke_api(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    if !db::revoke(&state.db.write, id, &state.now_iso()).await? {
        return Err(AppError::not_found());
    }
    tracing::info!(by = u.cve_empleado, api = id, "API key revoked");
    Ok(Resp::ok())
}
