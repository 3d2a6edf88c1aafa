//! Topic groups: named sets of topics (unique names) assigned together.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{TemaRef, db};
use crate::auth::perms::{Rule, secured};
use crate::contract::{GRUPO_DESCRIPCION_MAX, GRUPO_NOMBRE_MAX};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use crate::validate::is_alphanumeric_text;

/// The topic group routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_groups)))
        .routes(secured(state, r, routes!(create_group)))
        .routes(secured(state, r, routes!(get_group, update_group)))
}

/// Topic groups (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/grupos_temas/tabla", tag = "topics", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_groups(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::GROUPS, q, Prelude::default(), Vec::new()).await
}

/// A topic group as the form sends it.
#[derive(Deserialize, ToSchema)]
pub struct GrupoForm {
    pub nombre: String,
    #[serde(default)]
    pub descripcion: Option<String>,
    #[serde(default)]
    pub temas: Vec<i64>,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

/// Checks a group and writes it with its topics (insert when `own` is None): the name is
/// required, alphanumeric and unique, and every topic must exist.
pub async fn save_group(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    mut b: GrupoForm,
) -> AppResult<i64> {
    let mut fe = FieldErrors::default();
    b.nombre = b.nombre.trim().into();
    fe.check(!b.nombre.is_empty(), "nombre", "validacion.campo_requerido");
    fe.check(
        b.nombre.is_empty() || is_alphanumeric_text(&b.nombre),
        "nombre",
        "validacion.alfanumerico",
    );
    fe.check_len(&b.nombre, GRUPO_NOMBRE_MAX, "nombre");
    b.descripcion = b
        .descripcion
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty());
    if let Some(d) = &b.descripcion {
        fe.check_len(d, GRUPO_DESCRIPCION_MAX, "descripcion");
    }
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    b.temas.sort_unstable();
    b.temas.dedup();
    fe.into_result()?;
    require_topics(&mut *conn, &b.temas).await?;
    let descripcion = b.descripcion.as_deref();
    let id = match own {
        None => Some(crate::db::unique_violation(
            db::insert_group(&mut *conn, &b.nombre, descripcion, b.activo).await,
            "duplicado.grupo",
        )?),
        Some(id) => crate::db::unique_violation(
            db::update_group(&mut *conn, id, &b.nombre, descripcion, b.activo).await,
            "duplicado.grupo",
        )?,
    }
    .ok_or_else(AppError::not_found)?;
    db::set_group_topics(&mut *conn, id, &b.temas).await?;
    Ok(id)
}

/// 400 on `temas` unless every topic exists.
pub(super) async fn require_topics(conn: &mut SqliteConnection, temas: &[i64]) -> AppResult<()> {
    for t in temas {
        if !db::topic_exists(&mut *conn, *t).await? {
            let mut fe = FieldErrors::default();
            fe.add("temas", "validacion.tema");
            return fe.into_result();
        }
    }
    Ok(())
}

/// The answer to creating or editing a group.
#[derive(Serialize, ToSchema)]
struct GrupoCreado {
    resp: String,
    id_grupo: i64,
}

/// Creates a topic group (name unique).
#[utoipa::path(post, path = "/api/pri/catalogos/grupos_temas", tag = "topics", request_body = GrupoForm,
    responses((status = 200, body = GrupoCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_group(
    State(state): State<AppState>,
    Json(b): Json<GrupoForm>,
) -> AppResult<axum::Json<GrupoCreado>> {
    let mut tx = state.db.begin().await?;
    let id = save_group(&mut tx, None, b).await?;
    tx.commit().await?;
    Ok(axum::Json(GrupoCreado {
        resp: "Excelente".into(),
        id_grupo: id,
    }))
}

/// Edits a topic group and replaces its topics.
#[utoipa::path(put, path = "/api/pri/catalogos/grupos_temas/{id_grupo}", tag = "topics", request_body = GrupoForm,
    params(("id_grupo" = i64, Path)),
    responses((status = 200, body = GrupoCreado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_group(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<GrupoForm>,
) -> AppResult<axum::Json<GrupoCreado>> {
    let mut tx = state.db.begin().await?;
    let id = save_group(&mut tx, Some(id), b).await?;
    tx.commit().await?;
    Ok(axum::Json(GrupoCreado {
        resp: "Excelente".into(),
        id_grupo: id,
    }))
}

/// A topic group with its topics.
#[derive(Serialize, ToSchema)]
struct Grupo {
    id_grupo: i64,
    nombre: String,
    descripcion: Option<String>,
    activo: i64,
    temas: Vec<TemaRef>,
}

/// A topic group with its topics.
#[utoipa::path(get, path = "/api/pri/catalogos/grupos_temas/{id_grupo}", tag = "topics",
    params(("id_grupo" = i64, Path)),
    responses((status = 200, body = Grupo), (status = 404, body = ErrorBody)))]
async fn get_group(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Grupo>> {
    let (nombre, descripcion, activo) = db::group(&state.db.read, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let temas = db::group_topics(&state.db.read, id).await?;
    Ok(axum::Json(Grupo {
        id_grupo: id,
        nombre,
        descripcion,
        activo,
        temas,
    }))
}
