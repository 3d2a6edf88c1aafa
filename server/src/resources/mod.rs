//! Training resources (`recursos_capacitacion`): institutions, instructors (internal
//! employees, who get the Instructor profile, or external people without platform access),
//! venues with their sketch and rooms with their capacity. The generic routes (list,
//! create, edit, read, options) take the kind in the path and dispatch to each concern.

pub mod db;
pub mod institutions;
pub mod instructors;
pub mod types;
pub mod venues;

pub use institutions::save_institution;
pub use instructors::save_instructor;
pub use venues::{save_room, save_venue};

use axum::extract::State;
use axum::response::Response;
use serde::de::DeserializeOwned;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use crate::validate::is_alphanumeric_text;
use db::Opcion;
use types::Creado;

const SECCION: &str = "catalogos.recursos";

/// Every resources route.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_resources)))
        .routes(secured(state, r, routes!(create_resource)))
        .routes(secured(state, r, routes!(get_resource, update_resource)))
        .routes(secured(state, Rule::Sesion, routes!(list_resource_options)))
        .merge(instructors::router(state))
        .merge(venues::router(state))
}

/// The four kinds of resource.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tipo {
    Instituciones,
    Instructores,
    Sedes,
    Salas,
}

impl Tipo {
    fn parse(s: &str) -> AppResult<Tipo> {
        match s {
            "instituciones" => Ok(Tipo::Instituciones),
            "instructores" => Ok(Tipo::Instructores),
            "sedes" => Ok(Tipo::Sedes),
            "salas" => Ok(Tipo::Salas),
            _ => Err(AppError::not_found()),
        }
    }
}

/// Whether `s` is an http(s) URL with a host, of at most `URL_MAX` characters.
pub fn is_http_url(s: &str) -> bool {
    url::Url::parse(s)
        .is_ok_and(|u| (u.scheme() == "https" || u.scheme() == "http") && u.host().is_some())
        && s.len() <= crate::contract::URL_MAX
}

fn check_name(fe: &mut FieldErrors, field: &str, v: &str, max: usize) {
    let t = v.trim();
    fe.check(!t.is_empty(), field, "validacion.campo_requerido");
    fe.check(
        t.is_empty() || is_alphanumeric_text(t),
        field,
        "validacion.alfanumerico",
    );
    fe.check_len(t, max, field);
}

fn check_flag(fe: &mut FieldErrors, v: i64) {
    fe.check(v == 0 || v == 1, "activo", "validacion.bandera");
}

/// A kind of resource (table engine): `instituciones`, `instructores`, `sedes` or `salas`.
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/tabla", tag = "resources", request_body = TableQuery,
    params(("tipo" = String, Path, description = "instituciones | instructores | sedes | salas")),
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn table_resources(
    State(state): State<AppState>,
    Path(tipo): Path<String>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let def = match Tipo::parse(&tipo)? {
        Tipo::Instituciones => &db::INSTITUTIONS,
        Tipo::Instructores => &db::INSTRUCTORS,
        Tipo::Sedes => &db::VENUES,
        Tipo::Salas => &db::ROOMS,
    };
    table::run(&state, def, q, Prelude::default(), Vec::new()).await
}

fn parse<T: DeserializeOwned>(v: serde_json::Value) -> AppResult<T> {
    serde_json::from_value(v).map_err(|e| {
        AppError::bad_request("validacion.datos").arg(
            "detalle",
            e.to_string().chars().take(200).collect::<String>(),
        )
    })
}

/// Writes a resource of a kind (insert when `id` is None) in one transaction; answers its key.
async fn write(
    state: &AppState,
    tipo: Tipo,
    id: Option<i64>,
    body: serde_json::Value,
) -> AppResult<i64> {
    let mut tx = state.db.begin().await?;
    let key = match tipo {
        Tipo::Instituciones => save_institution(&mut tx, id, parse(body)?).await?,
        Tipo::Instructores => save_instructor(&mut tx, id, parse(body)?).await?,
        Tipo::Sedes => save_venue(&mut tx, id, parse(body)?).await?,
        Tipo::Salas => save_room(&mut tx, id, parse(body)?).await?,
    };
    tx.commit().await?;
    Ok(key)
}

/// Creates a resource of a kind (the kind's fields, see the API contract).
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}", tag = "resources",
    params(("tipo" = String, Path, description = "instituciones | instructores | sedes | salas")),
    request_body(content = serde_json::Value, description = "Institucion, Instructor, Sede or Sala"),
    responses((status = 200, body = Creado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_resource(
    State(state): State<AppState>,
    Path(tipo): Path<String>,
    Json(body): Json<serde_json::Value>,
) -> AppResult<axum::Json<Creado>> {
    let id = write(&state, Tipo::parse(&tipo)?, None, body).await?;
    Ok(axum::Json(Creado {
        resp: "Excelente".into(),
        id,
    }))
}

/// Edits a resource.
#[utoipa::path(put, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/{id}", tag = "resources",
    params(("tipo" = String, Path), ("id" = i64, Path)),
    request_body(content = serde_json::Value, description = "Institucion, Instructor, Sede or Sala"),
    responses((status = 200, body = Creado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_resource(
    State(state): State<AppState>,
    Path((tipo, id)): Path<(String, i64)>,
    Json(body): Json<serde_json::Value>,
) -> AppResult<axum::Json<Creado>> {
    let id = write(&state, Tipo::parse(&tipo)?, Some(id), body).await?;
    Ok(axum::Json(Creado {
        resp: "Excelente".into(),
        id,
    }))
}

/// One resource with every field (`firma_url` / `croquis_url` for its images).
#[utoipa::path(get, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/{id}", tag = "resources",
    params(("tipo" = String, Path), ("id" = i64, Path)),
    responses((status = 200, body = serde_json::Value), (status = 404, body = ErrorBody)))]
async fn get_resource(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((tipo, id)): Path<(String, i64)>,
) -> AppResult<axum::Json<serde_json::Value>> {
    let read = &state.db.read;
    let v = match Tipo::parse(&tipo)? {
        Tipo::Instituciones => serde_json::to_value(
            db::institution(read, id)
                .await?
                .ok_or_else(AppError::not_found)?,
        ),
        Tipo::Instructores => {
            let mut r = db::instructor(read, id)
                .await?
                .ok_or_else(AppError::not_found)?;
            r.firma_url = r
                .firma
                .as_deref()
                .and_then(|k| crate::files::signed_url(&state, u.cve_empleado, k));
            serde_json::to_value(r)
        }
        Tipo::Sedes => {
            let mut r = db::venue(read, id).await?.ok_or_else(AppError::not_found)?;
            r.croquis_url = r.croquis.as_deref().map(crate::files::public_url);
            serde_json::to_value(r)
        }
        Tipo::Salas => {
            serde_json::to_value(db::room(read, id).await?.ok_or_else(AppError::not_found)?)
        }
    };
    Ok(axum::Json(v.map_err(AppError::internal)?))
}

/// Active resources of a kind as options (instructor, room, venue, institution pickers).
#[utoipa::path(get, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/opciones", tag = "resources",
    params(("tipo" = String, Path)),
    responses((status = 200, body = Vec<Opcion>), (status = 404, body = ErrorBody)))]
async fn list_resource_options(
    State(state): State<AppState>,
    Path(tipo): Path<String>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    let read = &state.db.read;
    Ok(axum::Json(match Tipo::parse(&tipo)? {
        Tipo::Instituciones => db::institution_options(read).await?,
        Tipo::Instructores => db::instructor_options(read).await?,
        Tipo::Sedes => db::venue_options(read).await?,
        Tipo::Salas => db::room_options(read).await?,
    }))
}
