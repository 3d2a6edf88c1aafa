//! Course blocks (`bloques_cursos`): a named, priced, dated set of topics in order, with a
//! type from the block types catalogue. Its modality is derived from its topics.

pub mod db;

use axum::extract::{Multipart, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::contract::{
    BLOQUE_CAPACIDAD, BLOQUE_DESCRIPCION_MAX, BLOQUE_NOMBRE_MAX, PRECIO, TIPO_BLOQUE_NOMBRE_MAX,
};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use crate::upload::{parse_datos, read_datos_form};
use crate::validate::{in_range, is_alphanumeric_text, parse_date};

const SECCION: &str = "catalogos.bloques";

/// Every route of the blocks domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(
            state,
            r,
            routes!(list_block_types, create_block_type),
        ))
        .routes(secured(state, r, routes!(table_blocks)))
        .routes(secured(state, r, routes!(create_block)))
        .routes(secured(state, r, routes!(get_block, update_block)))
        .routes(secured(state, r, routes!(set_block_topics)))
        .routes(secured(
            state,
            Rule::Seccion("catalogos.asignacion_bloques"),
            routes!(list_enrolment_topics),
        ))
}

/// Block modality from its topics' modalities: all E_LEARNING → Virtual, all PRESENCIAL →
/// Presencial, anything else (a mix, or streaming) → Mixto. None without topics.
pub fn derived_modality<'a>(
    modalidades: impl IntoIterator<Item = &'a str>,
) -> Option<&'static str> {
    let mut all_virtual = true;
    let mut all_presencial = true;
    let mut any = false;
    for m in modalidades {
        any = true;
        all_virtual &= m == "E_LEARNING";
        all_presencial &= m == "PRESENCIAL";
    }
    match (any, all_virtual, all_presencial) {
        (false, _, _) => None,
        (true, true, _) => Some("Virtual"),
        (true, _, true) => Some("Presencial"),
        _ => Some("Mixto"),
    }
}

/// A block type.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TipoBloque {
    id_tipo_bloque: i64,
    nombre_tipo_bloque: String,
    activo: i64,
}

/// Block types.
#[utoipa::path(get, path = "/api/pri/catalogos/tipos_bloque", tag = "blocks", responses((status = 200, body = Vec<TipoBloque>)))]
async fn list_block_types(State(state): State<AppState>) -> AppResult<axum::Json<Vec<TipoBloque>>> {
    Ok(axum::Json(db::block_types(&state.db.read).await?))
}

/// A new block type.
#[derive(Deserialize, ToSchema)]
struct NuevoTipo {
    nombre_tipo_bloque: String,
}

/// The answer to adding a block type.
#[derive(Serialize, ToSchema)]
struct TipoCreado {
    resp: String,
    id_tipo_bloque: i64,
}

/// Checks a block type's name (required, alphanumeric, unique) and adds it.
pub async fn create_type(conn: &mut SqliteConnection, nombre: &str) -> AppResult<i64> {
    let name = nombre.trim();
    let mut fe = FieldErrors::default();
    fe.check(
        !name.is_empty(),
        "nombre_tipo_bloque",
        "validacion.campo_requerido",
    );
    fe.check(
        name.is_empty() || is_alphanumeric_text(name),
        "nombre_tipo_bloque",
        "validacion.alfanumerico",
    );
    fe.check_len(name, TIPO_BLOQUE_NOMBRE_MAX, "nombre_tipo_bloque");
    fe.into_result()?;
    crate::db::unique_violation(
        db::insert_block_type(&mut *conn, name).await,
        "duplicado.tipo_bloque",
    )
}

/// Adds a block type (name unique).
#[utoipa::path(post, path = "/api/pri/catalogos/tipos_bloque", tag = "blocks", request_body = NuevoTipo,
    responses((status = 200, body = TipoCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_block_type(
    State(state): State<AppState>,
    Json(b): Json<NuevoTipo>,
) -> AppResult<axum::Json<TipoCreado>> {
    let mut conn = state.db.write.acquire().await?;
    let id = create_type(&mut conn, &b.nombre_tipo_bloque).await?;
    Ok(axum::Json(TipoCreado {
        resp: "Excelente".into(),
        id_tipo_bloque: id,
    }))
}

/// Course blocks (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/bloques_cursos/tabla", tag = "blocks", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_blocks(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::BLOCKS, q, Prelude::default(), Vec::new()).await
}

/// A block as the form sends it (every field required).
#[derive(Deserialize, ToSchema)]
pub struct BloqueForm {
    pub nombre_bloque: String,
    pub id_tipo_bloque: i64,
    /// Centavos; 0 = free.
    pub precio: i64,
    pub descripcion: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    /// 0 = no limit.
    pub capacidad_asistencia: i64,
    pub video: String,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

impl BloqueForm {
    /// Trims and checks every rule that needs no database.
    pub fn check(&mut self) -> FieldErrors {
        let mut fe = FieldErrors::default();
        self.nombre_bloque = self.nombre_bloque.trim().into();
        self.descripcion = self.descripcion.trim().into();
        self.video = self.video.trim().into();
        fe.check(
            !self.nombre_bloque.is_empty(),
            "nombre_bloque",
            "validacion.campo_requerido",
        );
        fe.check_len(&self.nombre_bloque, BLOQUE_NOMBRE_MAX, "nombre_bloque");
        fe.check(in_range(PRECIO, self.precio), "precio", "validacion.precio");
        fe.check(
            !self.descripcion.is_empty(),
            "descripcion",
            "validacion.campo_requerido",
        );
        fe.check_len(&self.descripcion, BLOQUE_DESCRIPCION_MAX, "descripcion");
        let i = parse_date(self.fecha_inicio.trim());
        let f = parse_date(self.fecha_fin.trim());
        fe.check(i.is_some(), "fecha_inicio", "validacion.fecha");
        fe.check(f.is_some(), "fecha_fin", "validacion.fecha");
        if let (Some(i), Some(f)) = (i, f) {
            fe.check(f >= i, "fecha_fin", "validacion.rango_fechas");
        }
        self.fecha_inicio = self.fecha_inicio.trim().into();
        self.fecha_fin = self.fecha_fin.trim().into();
        fe.check(
            in_range(BLOQUE_CAPACIDAD, self.capacidad_asistencia),
            "capacidad_asistencia",
            "validacion.capacidad",
        );
        fe.check(
            crate::resources::is_http_url(&self.video),
            "video",
            "validacion.url",
        );
        fe.check(
            self.activo == 0 || self.activo == 1,
            "activo",
            "validacion.bandera",
        );
        fe
    }
}

/// The answer to creating or editing a block.
#[derive(Serialize, ToSchema)]
struct BloqueCreado {
    resp: String,
    id_bloque: i64,
}

/// A block's field errors: the form's rules, its type, and on create (`own` None) its
/// image.
pub async fn block_errors(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    b: &mut BloqueForm,
    has_image: bool,
) -> AppResult<FieldErrors> {
    let mut fe = b.check();
    if own.is_none() {
        fe.check(has_image, "imagen", "validacion.imagen_requerida");
    }
    fe.check(
        db::block_type_exists(&mut *conn, b.id_tipo_bloque).await?,
        "id_tipo_bloque",
        "validacion.tipo_bloque",
    );
    Ok(fe)
}

/// Checks a block and writes it (insert when `own` is None) with the storage key of its
/// image (None keeps the current one on edit); 409 on a taken name, 404 on a missing block.
pub async fn save_block(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    b: &mut BloqueForm,
    imagen: Option<&str>,
    now: &str,
) -> AppResult<i64> {
    block_errors(&mut *conn, own, b, imagen.is_some())
        .await?
        .into_result()?;
    let id = match (own, imagen) {
        (None, Some(key)) => Some(crate::db::unique_violation(
            db::insert_block(&mut *conn, b, key, now).await,
            "duplicado.bloque",
        )?),
        (None, None) => return Err(AppError::bad_request("validacion.imagen_requerida")),
        (Some(id), key) => crate::db::unique_violation(
            db::update_block(&mut *conn, id, b, key, now).await,
            "duplicado.bloque",
        )?,
    };
    id.ok_or_else(AppError::not_found)
}

/// Reads and checks the block form, then stores its image and writes the block: the
/// image is stored only for a valid form of an existing block, and removed again when
/// the write fails.
async fn receive_block(state: &AppState, own: Option<i64>, multipart: Multipart) -> AppResult<i64> {
    let form = read_datos_form(multipart).await?;
    let mut b: BloqueForm = parse_datos(&form.datos)?;
    let imagen = form
        .files
        .iter()
        .find(|(n, _)| n == "imagen")
        .map(|(_, d)| d.clone());
    let mut conn = state.db.read.acquire().await?;
    let mut fe = block_errors(&mut conn, own, &mut b, imagen.is_some()).await?;
    fe.check(
        form.files.iter().all(|(n, _)| n == "imagen"),
        "imagen",
        "validacion.datos",
    );
    fe.into_result()?;
    if let Some(id) = own
        && !db::block_exists(&mut *conn, id).await?
    {
        return Err(AppError::not_found());
    }
    drop(conn);
    let key = match imagen {
        Some(d) => Some(crate::files::store_image(state, "catalogos/bloques", "bloque", d).await?),
        None => None,
    };
    let now = state.now_iso();
    let written = async {
        let mut conn = state.db.write.acquire().await?;
        save_block(&mut conn, own, &mut b, key.as_deref(), &now).await
    }
    .await;
    if written.is_err()
        && let Some(k) = &key
        && let Err(e) = state.storage.delete(k).await
    {
        tracing::warn!(key = k, error = ?e, "a rejected block's image could not be removed");
    }
    written
}

/// 'crear_bloque': multipart `datos` (the block JSON) and `imagen` (required, ≤ 8 MB).
#[utoipa::path(post, path = "/api/pri/catalogos/bloques_cursos/crear_bloque", tag = "blocks",
    request_body(content_type = "multipart/form-data", description = "`datos` (BloqueForm JSON) and `imagen`"),
    responses((status = 200, body = BloqueCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn create_block(
    State(state): State<AppState>,
    multipart: Multipart,
) -> AppResult<axum::Json<BloqueCreado>> {
    let id = receive_block(&state, None, multipart).await?;
    Ok(axum::Json(BloqueCreado {
        resp: "Excelente".into(),
        id_bloque: id,
    }))
}

/// Edits a block (same multipart, `imagen` optional).
#[utoipa::path(put, path = "/api/pri/catalogos/bloques_cursos/{id_bloque}", tag = "blocks",
    params(("id_bloque" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "`datos` (BloqueForm JSON) and optional `imagen`"),
    responses((status = 200, body = BloqueCreado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_block(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<BloqueCreado>> {
    let id = receive_block(&state, Some(id), multipart).await?;
    Ok(axum::Json(BloqueCreado {
        resp: "Excelente".into(),
        id_bloque: id,
    }))
}

/// A topic of a block, in its place.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TemaBloque {
    cve_tema: i64,
    nombre: String,
    abreviatura: String,
    modalidad: String,
    horas: f64,
    orden: i64,
}

/// A block with its ordered topics, derived modality and total hours.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Bloque {
    id_bloque: i64,
    nombre_bloque: String,
    id_tipo_bloque: i64,
    nombre_tipo_bloque: String,
    precio: i64,
    descripcion: String,
    fecha_inicio: String,
    fecha_fin: String,
    capacidad_asistencia: i64,
    video: String,
    activo: i64,
    #[serde(skip)]
    imagen: String,
    /// Average rating of the block's topics out of 5, one decimal (null without votes).
    rating: Option<f64>,
    /// How many ratings its topics have.
    votos: i64,
    #[sqlx(skip)]
    imagen_url: String,
    #[sqlx(skip)]
    temas: Vec<TemaBloque>,
    /// Virtual, Presencial or Mixto (none without topics).
    #[sqlx(skip)]
    modalidad: Option<String>,
    #[sqlx(skip)]
    total_horas: f64,
}

/// A block with its ordered topics, derived modality and total hours.
#[utoipa::path(get, path = "/api/pri/catalogos/bloques_cursos/{id_bloque}", tag = "blocks",
    params(("id_bloque" = i64, Path)),
    responses((status = 200, body = Bloque), (status = 404, body = ErrorBody)))]
async fn get_block(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Bloque>> {
    let mut b = db::block(&state.db.read, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    b.imagen_url = crate::files::public_url(&b.imagen);
    b.temas = db::block_topics(&state.db.read, id).await?;
    b.modalidad =
        derived_modality(b.temas.iter().map(|t| t.modalidad.as_str())).map(str::to_string);
    b.total_horas = b.temas.iter().map(|t| t.horas).sum();
    Ok(axum::Json(b))
}

/// A block's topics.
#[derive(Deserialize, ToSchema)]
struct TemasBody {
    /// Topic keys in order.
    temas: Vec<i64>,
}

/// Replaces a block's topics in the given order: 400 on repeated topics, more than 200
/// or a topic that does not exist, 404 without the block. The plans of everyone the block
/// is assigned to follow.
pub async fn set_topics(
    conn: &mut SqliteConnection,
    id: i64,
    temas: &[i64],
    now: &str,
) -> AppResult<()> {
    let mut seen = std::collections::HashSet::new();
    let mut fe = FieldErrors::default();
    fe.check(
        temas.iter().all(|t| seen.insert(*t)),
        "temas",
        "validacion.temas_repetidos",
    );
    fe.check(temas.len() <= 200, "temas", "validacion.temas_repetidos");
    fe.into_result()?;
    if !db::block_exists(&mut *conn, id).await? {
        return Err(AppError::not_found());
    }
    for t in temas {
        if !crate::topics::db::topic_exists(&mut *conn, *t).await? {
            let mut fe = FieldErrors::default();
            fe.add("temas", "validacion.tema");
            return fe.into_result();
        }
    }
    db::set_block_topics(&mut *conn, id, temas).await?;
    crate::plans::block_topics_changed(&mut *conn, id, now).await?;
    Ok(())
}

/// Replaces a block's topics, in the given order.
#[utoipa::path(put, path = "/api/pri/catalogos/bloques_cursos/{id_bloque}/temas", tag = "blocks", request_body = TemasBody,
    params(("id_bloque" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_block_topics(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<TemasBody>,
) -> AppResult<axum::Json<Resp>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    set_topics(&mut tx, id, &b.temas, &now).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// 'Asignacion_Bloques': the ordered topics personnel would be enrolled into; 409
/// 'Debe asignar temas al bloque para poder inscribir personal' when it has none.
#[utoipa::path(get, path = "/api/pri/catalogos/asignacion_bloques/{id_bloque}/temas", tag = "blocks",
    params(("id_bloque" = i64, Path)),
    responses((status = 200, body = Vec<TemaBloque>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn list_enrolment_topics(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<TemaBloque>>> {
    let mut conn = state.db.read.acquire().await?;
    if !db::block_exists(&mut *conn, id).await? {
        return Err(AppError::not_found());
    }
    let temas = db::block_topics(&mut *conn, id).await?;
    if temas.is_empty() {
        return Err(AppError::conflict("bloque.sin_temas"));
    }
    Ok(axum::Json(temas))
}

#[cfg(test)]
mod tests {
    use super::derived_modality;

    #[test]
    fn modality_follows_the_topics() {
        assert_eq!(
            derived_modality(["E_LEARNING", "E_LEARNING"]),
            Some("Virtual")
        );
        assert_eq!(derived_modality(["PRESENCIAL"]), Some("Presencial"));
        assert_eq!(
            derived_modality(["PRESENCIAL", "E_LEARNING"]),
            Some("Mixto")
        );
        assert_eq!(derived_modality(["STREAMING"]), Some("Mixto"));
        assert_eq!(derived_modality(Vec::<&str>::new()), None);
    }
}
