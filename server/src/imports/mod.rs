//! Bulk uploads (`cargas_masivas`) of employees, positions, structure, topics and question
//! banks: a server-made template, a safe reader, row validation, batches of 100 applied in
//! one transaction each, a background job that resumes after a restart, live progress
//! (`import:progress`) and a per-row error report.

pub mod db;

pub mod jobs;
pub mod kinds;
pub mod report;
pub mod sheet;
pub mod template;

use axum::extract::{Multipart, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use self::db::Carga;
pub use self::jobs::{BATCH, resume, spawn_job};
use self::kinds::Kind;
use crate::auth::perms::{CurrentUser, Rule, Scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

const SECCION: &str = "configuracion.cargas_masivas";

/// The routes of the bulk uploads.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(download_template)))
        .routes(secured(state, r, routes!(upload_file)))
        .routes(secured(state, r, routes!(list_uploads)))
        .routes(secured(state, r, routes!(get_upload)))
        .routes(secured(state, r, routes!(download_error_report)))
}

fn kind_of(s: &str) -> AppResult<Kind> {
    Kind::parse(s).ok_or_else(AppError::not_found)
}

fn xlsx_response(name: &str, data: Vec<u8>) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}.xlsx\""),
            ),
        ],
        data,
    )
        .into_response()
}

/// The template of a kind: its columns (required ones marked with *) and an instructions
/// sheet with each column's meaning and an example.
#[utoipa::path(get, path = "/api/pri/cargas_masivas/plantillas/{tipo}", tag = "imports",
    params(("tipo" = String, Path, description = "empleados | puestos | estructura | temas | preguntas | historial")),
    responses((status = 200, description = "xlsx"), (status = 404, body = ErrorBody)))]
async fn download_template(Path(tipo): Path<String>) -> AppResult<Response> {
    let kind = kind_of(&tipo)?;
    let data = tokio::task::spawn_blocking(move || template::build(kind))
        .await
        .map_err(AppError::internal)??;
    Ok(xlsx_response(&format!("plantilla-{}", kind.name()), data))
}

#[derive(Serialize, ToSchema)]
struct Subida {
    resp: String,
    id_carga: i64,
}

/// Uploads a file (multipart `archivo`, .xls or .xlsx under 8 MB). The file is read and
/// its header checked at once (400 when it is not a usable spreadsheet, nothing stored);
/// its rows are applied by a background job whose progress `GET /cargas_masivas/{id}` and
/// the socket event `import:progress` report.
#[utoipa::path(post, path = "/api/pri/cargas_masivas/{clave}", tag = "imports",
    params(("clave" = String, Path, description = "the kind: empleados | puestos | estructura | temas | preguntas | historial")),
    request_body(content_type = "multipart/form-data", description = "field `archivo`: the spreadsheet"),
    responses((status = 202, body = Subida), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
async fn upload_file(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(tipo): Path<String>,
    multipart: Multipart,
) -> AppResult<Response> {
    let kind = kind_of(&tipo)?;
    let (data, name) = read_upload(multipart).await?;
    let check = data.clone();
    let sheet = tokio::task::spawn_blocking(move || sheet::read(&check))
        .await
        .map_err(AppError::internal)??;
    template::header_index(kind, &sheet.headers)?;
    if sheet.rows.is_empty() {
        return Err(AppError::bad_request("carga.sin_filas"));
    }
    let total = sheet.rows.len() as i64;
    drop(sheet);
    let key = format!(
        "cargas/{}/{}.bin",
        kind.name(),
        uuid::Uuid::new_v4().simple()
    );
    state.storage.put(&key, data).await?;
    let id = db::insert_upload(
        &state.db.write,
        &db::NewUpload {
            tipo: kind.name(),
            archivo: &name,
            clave_archivo: &key,
            cve_empleado: u.cve_empleado,
            total,
            creado: &state.now_iso(),
        },
    )
    .await?;
    spawn_job(&state, id);
    Ok((
        StatusCode::ACCEPTED,
        axum::Json(Subida {
            resp: "Excelente".into(),
            id_carga: id,
        }),
    )
        .into_response())
}

/// The `archivo` part (≤ 8 MB) and its file name (for the history).
async fn read_upload(multipart: Multipart) -> AppResult<(bytes::Bytes, String)> {
    let part = crate::upload::read_parts(multipart, crate::upload::MAX_FIELD)
        .await?
        .into_iter()
        .find(|p| p.is_file)
        .filter(|p| !p.data.is_empty())
        .ok_or_else(|| AppError::bad_request("archivo.requerido"))?;
    let name: String = part
        .file_name
        .as_deref()
        .unwrap_or("archivo.xlsx")
        .chars()
        .filter(|c| !c.is_control() && *c != '"' && *c != '/' && *c != '\\')
        .take(150)
        .collect();
    let lower = name.to_lowercase();
    if !(lower.ends_with(".xlsx") || lower.ends_with(".xls")) {
        return Err(AppError::bad_request("carga.extension"));
    }
    Ok((part.data, name))
}

/// A job is visible to its uploader and to those who see everyone.
fn visible(u: &crate::auth::perms::SessionUser, c: &Carga) -> AppResult<()> {
    if matches!(u.scope, Scope::Todos) || c.cve_empleado == u.cve_empleado {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// A bulk upload's progress and counts.
#[utoipa::path(get, path = "/api/pri/cargas_masivas/{clave}", tag = "imports",
    params(("clave" = i64, Path, description = "id_carga")),
    responses((status = 200, body = Carga), (status = 404, body = ErrorBody)))]
async fn get_upload(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Carga>> {
    let c = jobs::load(&state, id).await?;
    visible(&u, &c)?;
    Ok(axum::Json(c))
}

/// The uploads (the caller's own; administrators see everyone's).
#[utoipa::path(post, path = "/api/pri/cargas_masivas/tabla", tag = "imports", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn list_uploads(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let conds = match u.scope {
        Scope::Todos => Vec::new(),
        _ => vec![Cond::new(
            "c.cve_empleado = ?",
            vec![Bind::Int(u.cve_empleado)],
        )],
    };
    table::run(&state, &db::UPLOADS, q, Prelude::default(), conds).await
}

/// The rows that were not applied and why (xlsx, in the request's language).
#[utoipa::path(get, path = "/api/pri/cargas_masivas/{clave}/errores", tag = "imports",
    params(("clave" = i64, Path, description = "id_carga")),
    responses((status = 200, description = "xlsx"), (status = 404, body = ErrorBody)))]
async fn download_error_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> AppResult<Response> {
    let c = jobs::load(&state, id).await?;
    visible(&u, &c)?;
    let lang = Lang::from_headers(&headers);
    let rows = db::row_errors(&state.db.read, id).await?;
    let data = tokio::task::spawn_blocking(move || report::build(&rows, lang))
        .await
        .map_err(AppError::internal)??;
    Ok(xlsx_response(&format!("errores-carga-{id}"), data))
}
