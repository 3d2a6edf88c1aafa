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
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(db::list(&mut conn).await?))
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
    /// Names of the profiles the key may give to the employees it registers (default
    /// Participante; never Administrador).
    #[serde(default)]
    perfiles: Option<Vec<String>>,
}

#[derive(Serialize, ToSchema)]
struct NewApiResp {
    resp: String,
    id: i64,
    nombre: String,
    /// The key: shown only now.
    token: String,
    /// The profiles the key may create.
    perfiles: Vec<String>,
}

/// The Administrador profile: no API key may create it.
const ADMINISTRADOR: i64 = 1;
/// The Participante profile: what a key creates unless told otherwise.
const PARTICIPANTE: i64 = 8;
const PARTICIPANTE_NOMBRE: &str = "Participante";

/// Resolves profile names to ids (each once, in the order given).
async fn profile_ids(
    conn: &mut sqlx::SqliteConnection,
    names: &[String],
) -> AppResult<Result<Vec<(i64, String)>, String>> {
    let mut out: Vec<(i64, String)> = Vec::new();
    for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        match crate::auth::db::profile_named(&mut *conn, name).await? {
            Some(id) if out.iter().all(|(i, _)| *i != id) => out.push((id, name.to_string())),
            Some(_) => {}
            None => return Ok(Err(name.to_string())),
        }
    }
    Ok(Ok(out))
}

/// Refuses a registration through key `api_id` that asks for a profile outside the key's
/// list (no profile asked means Participante). Called before anything is stored.
pub async fn check_registration(
    state: &AppState,
    api_id: i64,
    perfiles: Option<&serde_json::Value>,
) -> AppResult<()> {
    let names: Vec<String> = match perfiles {
        Some(serde_json::Value::String(s)) => s.split(',').map(str::to_string).collect(),
        Some(serde_json::Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    };
    let mut conn = state.db.read.acquire().await?;
    // Unknown names are left to the registration's own field check.
    let Ok(mut asked) = profile_ids(&mut conn, &names).await? else {
        return Ok(());
    };
    if asked.is_empty() {
        asked.push((PARTICIPANTE, PARTICIPANTE_NOMBRE.to_string()));
    }
    let allowed = db::allowed_profiles(&mut *conn, api_id).await?;
    if let Some((_, name)) = asked
        .iter()
        .find(|(id, _)| *id == ADMINISTRADOR || !allowed.contains(id))
    {
        tracing::warn!(api = api_id, perfil = %name, "API key asked for a profile it may not create");
        return Err(AppError::forbidden("apis.perfil_no_permitido").arg("perfil", name.clone()));
    }
    Ok(())
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
    let names = b
        .perfiles
        .unwrap_or_else(|| vec![PARTICIPANTE_NOMBRE.to_string()]);
    let perfiles = {
        let mut conn = state.db.read.acquire().await?;
        profile_ids(&mut conn, &names).await?
    };
    match &perfiles {
        Err(_) => fe.add("perfiles", "validacion.perfil"),
        Ok(p) if p.is_empty() => fe.add("perfiles", "validacion.campo_requerido"),
        Ok(p) if p.iter().any(|(id, _)| *id == ADMINISTRADOR) => {
            fe.add("perfiles", "apis.sin_administrador")
        }
        Ok(_) => {}
    }
    fe.into_result()?;
    let perfiles = perfiles.unwrap_or_default();
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
    let ids: Vec<i64> = perfiles.iter().map(|(id, _)| *id).collect();
    db::set_profiles(&mut tx, id, &ids).await?;
    tx.commit().await?;
    tracing::info!(by = u.cve_empleado, api = id, perfiles = ?ids, "API key created");
    Ok(axum::Json(NewApiResp {
        resp: "Excelente".into(),
        id,
        nombre,
        token,
        perfiles: perfiles.into_iter().map(|(_, n)| n).collect(),
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
