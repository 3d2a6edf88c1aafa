//! API keys (`apis`) that let other systems call `lms/empleados/alta`. Only a hash of
//! each key is stored; the key itself is shown once, when created.

pub mod db;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::Resp;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::auth::token::{random_secret, sha256_hex};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Filter, Kind, Prelude, TableDef, TablePage, TableQuery};

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

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct ApiEntry {
    id: i64,
    nombre: String,
    /// First characters of the key, to recognise it.
    prefijo: String,
    creado: String,
    creado_por: Option<String>,
    ultimo_uso: Option<String>,
    revocado: Option<String>,
}

/// API keys (without the keys themselves).
#[utoipa::path(get, path = "/api/pri/apis", tag = "apis", responses((status = 200, body = Vec<ApiEntry>)))]
async fn list_apis(State(state): State<AppState>) -> AppResult<axum::Json<Vec<ApiEntry>>> {
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT a.id, a.nombre, a.prefijo, a.creado, e.nombre_empleado AS creado_por, a.ultimo_uso, a.revocado
             FROM apis a LEFT JOIN empleados e ON e.cve_empleado = a.creado_por ORDER BY a.creado DESC, a.id DESC",
        )
        .fetch_all(&state.db.read)
        .await?,
    ))
}

const ESTATUS: &[(&str, &str)] = &[("1", "Activa"), ("0", "Revocada")];

static APIS: TableDef = TableDef {
    name: "apis",
    from: "apis a LEFT JOIN empleados e ON e.cve_empleado = a.creado_por",
    count_from: None,
    columns: &[
        Column {
            nomfield: "id",
            title: "Clave",
            expr: "a.id",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "nombre",
            title: "Nombre",
            expr: "a.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "a.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "prefijo",
            title: "Token",
            expr: "a.prefijo || '…'",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "creado",
            title: "Creado",
            expr: "a.creado",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "creado_por",
            title: "Creado por",
            expr: "e.nombre_empleado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.nombre_empleado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "ultimo_uso",
            title: "Último uso",
            expr: "a.ultimo_uso",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "estatus",
            title: "Estatus",
            expr: "CASE WHEN a.revocado IS NULL THEN 1 ELSE 0 END",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "(CASE WHEN a.revocado IS NULL THEN 1 ELSE 0 END)",
                options: ESTATUS,
            },
            sortable: true,
        },
    ],
    date_expr: Some("a.creado"),
    default_order: "a.creado DESC, a.id DESC",
    key: "a.id",
};

/// The API keys as a table (table engine).
#[utoipa::path(post, path = "/api/pri/apis/tabla", tag = "apis", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_apis(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &APIS, q, Prelude::default(), Vec::new()).await
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
    fe.check(
        nombre.chars().count() <= 100,
        "nombre",
        "validacion.texto_largo",
    );
    fe.into_result()?;
    let token = format!("aula_{}", random_secret(32));
    let mut tx = state.db.begin().await?;
    let dup: Option<i64> =
        sqlx::query_scalar("SELECT id FROM apis WHERE nombre = ? AND revocado IS NULL")
            .bind(&nombre)
            .fetch_optional(&mut *tx)
            .await?;
    if dup.is_some() {
        return Err(AppError::conflict("apis.nombre_duplicado"));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO apis (nombre, token_hash, prefijo, creado_por, creado) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(&nombre)
    .bind(sha256_hex(&token))
    .bind(&token[..12])
    .bind(u.cve_empleado)
    .bind(state.now_iso())
    .fetch_one(&mut *tx)
    .await?;
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
    let res = sqlx::query("UPDATE apis SET revocado = ? WHERE id = ? AND revocado IS NULL")
        .bind(state.now_iso())
        .bind(id)
        .execute(&state.db.write)
        .await?;
    if res.rows_affected() == 0 {
        return Err(AppError::not_found());
    }
    tracing::info!(by = u.cve_empleado, api = id, "API key revoked");
    Ok(Resp::ok())
}
