//! Topics themselves: create, edit and view with their image and materials, the topics
//! list, pickers and search; and the checks and write the bulk upload shares.

use axum::extract::{Multipart, State};
use axum::response::Response;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use super::{TemaDetalle, TemaForm, TemaRef};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use crate::upload::{DatosForm, parse_datos, read_datos_form};

/// The topic routes: the catalogue screen's, and pickers and search for any session.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_topics)))
        .routes(secured(state, r, routes!(create_topic)))
        .routes(secured(state, r, routes!(get_topic)))
        .routes(secured(state, r, routes!(update_topic)))
        .routes(secured(state, Rule::Sesion, routes!(list_topics)))
        .routes(secured(state, Rule::Sesion, routes!(search_topics)))
}

/// Topics (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/temas/tabla", tag = "topics", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_topics(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::TOPICS, q, Prelude::default(), Vec::new()).await
}

/// Checks the thematic area and prerequisite topics exist (`own`: the topic being edited,
/// which cannot be its own prerequisite).
pub async fn check_references(
    conn: &mut SqliteConnection,
    f: &TemaForm,
    own: Option<i64>,
) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    fe.check(
        crate::org::db::thematic_area_exists(&mut *conn, f.cve_area).await?,
        "cve_area",
        "validacion.area_tematica",
    );
    for p in &f.prerrequisitos {
        fe.check(
            Some(*p) != own && db::topic_exists(&mut *conn, *p).await?,
            "prerrequisitos",
            "validacion.prerrequisitos",
        );
    }
    fe.into_result()
}

/// Writes a topic (insert when `own` is None) with its prerequisites and tags; `files`
/// are storage keys (None keeps the current one on update). The caller has checked the
/// form (`TemaForm::normalize_and_check`) and its references.
pub async fn save(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    f: &TemaForm,
    files: &TopicFiles,
    now: &str,
) -> AppResult<i64> {
    let antes = match own {
        Some(cve) => db::topic_active(&mut *conn, cve).await?,
        None => None,
    };
    let cve = match own {
        None => Some(crate::db::unique_violation(
            db::insert_topic(&mut *conn, f, files, now).await,
            "duplicado.abreviatura",
        )?),
        Some(cve) => crate::db::unique_violation(
            db::update_topic(&mut *conn, cve, f, files, now).await,
            "duplicado.abreviatura",
        )?,
    }
    .ok_or_else(AppError::not_found)?;
    db::set_prerequisites(&mut *conn, cve, &f.prerrequisitos).await?;
    db::set_tags(&mut *conn, cve, &f.etiquetas).await?;
    // Only active topics are planned: switching one on or off changes the plans it is in.
    if antes.is_some_and(|a| a != f.activo) {
        crate::plans::topic_changed(&mut *conn, cve).await?;
    }
    Ok(cve)
}

/// A topic as stored, to tell whether a bulk-upload row changes anything.
pub async fn stored(conn: &mut SqliteConnection, cve: i64) -> AppResult<Option<TemaForm>> {
    let Some(mut t) = db::topic_form(&mut *conn, cve).await? else {
        return Ok(None);
    };
    t.prerrequisitos = db::prerequisite_keys(&mut *conn, cve).await?;
    t.etiquetas = db::tags(&mut *conn, cve).await?;
    Ok(Some(t))
}

/// Storage keys of a topic's files (None = unchanged).
#[derive(Default)]
pub struct TopicFiles {
    pub imagen: Option<String>,
    pub material_participante: Option<String>,
    pub material_instructor: Option<String>,
}

impl TopicFiles {
    fn keys(&self) -> impl Iterator<Item = &String> {
        [
            &self.imagen,
            &self.material_participante,
            &self.material_instructor,
        ]
        .into_iter()
        .flatten()
    }
}

/// The files a topic form carries, not stored yet.
#[derive(Default)]
struct TopicUploads {
    imagen: Option<Bytes>,
    material_participante: Option<Bytes>,
    material_instructor: Option<Bytes>,
}

impl TopicUploads {
    /// The known file fields of `form`; any other file field is a malformed request.
    fn from_form(form: &DatosForm) -> AppResult<TopicUploads> {
        let mut out = TopicUploads::default();
        for (name, data) in &form.files {
            let slot = match name.as_str() {
                "imagen" => &mut out.imagen,
                "material_participante" => &mut out.material_participante,
                "material_instructor" => &mut out.material_instructor,
                _ => return Err(AppError::bad_request("http.multipart")),
            };
            *slot = Some(data.clone());
        }
        Ok(out)
    }

    /// Stores the files; when one is refused (wrong type, storage failure) the ones
    /// already stored are removed, so a rejected form leaves nothing behind.
    async fn store(self, state: &AppState) -> AppResult<TopicFiles> {
        let mut out = TopicFiles::default();
        let stored = async {
            if let Some(d) = self.imagen {
                out.imagen =
                    Some(crate::files::store_image(state, "catalogos/temas", "tema", d).await?);
            }
            if let Some(d) = self.material_participante {
                out.material_participante = Some(
                    crate::files::store_material(state, "materiales/temas", "participante", d)
                        .await?,
                );
            }
            if let Some(d) = self.material_instructor {
                out.material_instructor = Some(
                    crate::files::store_material(state, "materiales/temas", "instructor", d)
                        .await?,
                );
            }
            AppResult::Ok(())
        }
        .await;
        match stored {
            Ok(()) => Ok(out),
            Err(e) => {
                discard(state, &out).await;
                Err(e)
            }
        }
    }
}

/// Removes files stored for a request that was then rejected.
async fn discard(state: &AppState, files: &TopicFiles) {
    for key in files.keys() {
        if let Err(e) = state.storage.delete(key).await {
            tracing::warn!(key, error = ?e, "a rejected topic's file could not be removed");
        }
    }
}

/// Stores `uploads` and writes the topic; if the write fails the stored files are removed.
async fn store_and_save(
    state: &AppState,
    own: Option<i64>,
    f: &TemaForm,
    uploads: TopicUploads,
) -> AppResult<i64> {
    let files = uploads.store(state).await?;
    let now = state.now_iso();
    let written = async {
        let mut tx = state.db.begin().await?;
        let cve = save(&mut tx, own, f, &files, &now).await?;
        tx.commit().await?;
        AppResult::Ok(cve)
    }
    .await;
    if written.is_err() {
        discard(state, &files).await;
    }
    written
}

/// The answer to 'crear_tema' and to an edit.
#[derive(Serialize, ToSchema)]
struct TemaCreado {
    resp: String,
    cve_tema: i64,
}

/// 'crear_tema': multipart `datos` (the topic JSON), `imagen` (required),
/// `material_participante` and `material_instructor` (optional).
#[utoipa::path(post, path = "/api/pri/catalogos/temas/crear_tema", tag = "topics",
    request_body(content_type = "multipart/form-data", description = "`datos` (TemaForm JSON), `imagen`, `material_participante`, `material_instructor`"),
    responses((status = 200, body = TemaCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn create_topic(
    State(state): State<AppState>,
    multipart: Multipart,
) -> AppResult<axum::Json<TemaCreado>> {
    let form = read_datos_form(multipart).await?;
    let mut f: TemaForm = parse_datos(&form.datos)?;
    let mut fe = f.normalize_and_check();
    fe.check(
        form.files.iter().any(|(n, _)| n == "imagen"),
        "imagen",
        "validacion.imagen_requerida",
    );
    fe.into_result()?;
    let uploads = TopicUploads::from_form(&form)?;
    check_references(&mut *state.db.read.acquire().await?, &f, None).await?;
    let cve = store_and_save(&state, None, &f, uploads).await?;
    Ok(axum::Json(TemaCreado {
        resp: "Excelente".into(),
        cve_tema: cve,
    }))
}

/// Edits a topic: the same multipart as 'crear_tema', files optional.
#[utoipa::path(put, path = "/api/pri/catalogos/temas/{cve_tema}", tag = "topics",
    params(("cve_tema" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "`datos` (TemaForm JSON) and optional files"),
    responses((status = 200, body = TemaCreado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_topic(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<TemaCreado>> {
    let form = read_datos_form(multipart).await?;
    let mut f: TemaForm = parse_datos(&form.datos)?;
    f.normalize_and_check().into_result()?;
    let mut conn = state.db.read.acquire().await?;
    db::require_topic(&mut *conn, cve).await?;
    let uploads = TopicUploads::from_form(&form)?;
    check_references(&mut conn, &f, Some(cve)).await?;
    drop(conn);
    store_and_save(&state, Some(cve), &f, uploads).await?;
    Ok(axum::Json(TemaCreado {
        resp: "Excelente".into(),
        cve_tema: cve,
    }))
}

/// 'ver_tema': a topic with every field, its image and material links, prerequisites,
/// tags and the sizes of its question bank and activities.
#[utoipa::path(get, path = "/api/pri/catalogos/temas/ver_tema/{cve_tema}", tag = "topics",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = TemaDetalle), (status = 404, body = ErrorBody)))]
async fn get_topic(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<TemaDetalle>> {
    let read = &state.db.read;
    let mut t = db::topic_detail(read, cve)
        .await?
        .ok_or_else(AppError::not_found)?;
    t.imagen_url = t.imagen.as_deref().map(crate::files::public_url);
    t.material_participante_url = t
        .material_participante
        .as_deref()
        .and_then(|k| crate::files::signed_url(&state, u.cve_empleado, k));
    t.material_instructor_url = t
        .material_instructor
        .as_deref()
        .and_then(|k| crate::files::signed_url(&state, u.cve_empleado, k));
    t.prerrequisitos = db::prerequisites(read, cve).await?;
    t.etiquetas = db::tags(read, cve).await?;
    Ok(axum::Json(t))
}

/// Active topics of a thematic area (0 = every area), for pickers.
#[utoipa::path(get, path = "/api/pri/catalogos/temas/listar_temas/{cve_area}", tag = "topics",
    params(("cve_area" = i64, Path)),
    responses((status = 200, body = Vec<TemaRef>)))]
async fn list_topics(
    State(state): State<AppState>,
    Path(area): Path<i64>,
) -> AppResult<axum::Json<Vec<TemaRef>>> {
    Ok(axum::Json(db::active_topics(&state.db.read, area).await?))
}

/// The search 'getTemaNombre' sends.
#[derive(Deserialize, ToSchema)]
struct PorNombre {
    nombre_tema: String,
}

/// The topics found, with 'Tema no encontrado' when there are none.
#[derive(Serialize, ToSchema)]
struct PorNombreResp {
    res: String,
    list: Vec<crate::topics::types::TemaBuscado>,
}

/// Topic search by name (more than 3 characters), 20 at most.
#[utoipa::path(post, path = "/api/pri/catalogos/temas/getTemaNombre", tag = "topics", request_body = PorNombre,
    responses((status = 200, body = PorNombreResp), (status = 400, body = ErrorBody)))]
async fn search_topics(
    State(state): State<AppState>,
    Json(b): Json<PorNombre>,
) -> AppResult<axum::Json<PorNombreResp>> {
    let q = b.nombre_tema.trim();
    if q.chars().count() <= 3 {
        return Err(AppError::bad_request("validacion.busqueda_tema"));
    }
    let list = db::search_topics(&state.db.read, q).await?;
    Ok(axum::Json(PorNombreResp {
        res: if list.is_empty() {
            "Tema no encontrado".into()
        } else {
            "Excelente".into()
        },
        list,
    }))
}
