//! Course blocks (`bloques_cursos`): a named, priced, dated set of topics in order, with a
//! type from the block types catalogue. Its modality is derived from its topics.

pub mod db;

use axum::extract::{Multipart, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::Resp;
use crate::auth::perms::{Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Kind, Prelude, TableDef, TablePage, TableQuery};
use crate::upload::{parse_datos, read_datos_form};
use crate::validate::{is_alphanumeric_text, parse_date};

const SECCION: &str = "catalogos.bloques";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(list_types, create_type)))
        .routes(secured(state, r, routes!(table_blocks)))
        .routes(secured(state, r, routes!(create_block)))
        .routes(secured(state, r, routes!(get_block, update_block)))
        .routes(secured(state, r, routes!(set_block_topics)))
        .routes(secured(
            state,
            Rule::Seccion("catalogos.asignacion_bloques"),
            routes!(topics_to_enrol),
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

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct TipoBloque {
    id_tipo_bloque: i64,
    nombre_tipo_bloque: String,
    activo: i64,
}

/// Block types.
#[utoipa::path(get, path = "/api/pri/catalogos/tipos_bloque", tag = "blocks", responses((status = 200, body = Vec<TipoBloque>)))]
async fn list_types(State(state): State<AppState>) -> AppResult<axum::Json<Vec<TipoBloque>>> {
    Ok(axum::Json(
        sqlx::query_as("SELECT id_tipo_bloque, nombre_tipo_bloque, activo FROM tipos_bloque ORDER BY nombre_tipo_bloque")
            .fetch_all(&state.db.read)
            .await?,
    ))
}

#[derive(Deserialize, ToSchema)]
struct NuevoTipo {
    nombre_tipo_bloque: String,
}

#[derive(Serialize, ToSchema)]
struct TipoCreado {
    resp: String,
    id_tipo_bloque: i64,
}

/// Adds a block type (name unique).
#[utoipa::path(post, path = "/api/pri/catalogos/tipos_bloque", tag = "blocks", request_body = NuevoTipo,
    responses((status = 200, body = TipoCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_type(
    State(state): State<AppState>,
    Json(b): Json<NuevoTipo>,
) -> AppResult<axum::Json<TipoCreado>> {
    let name = b.nombre_tipo_bloque.trim();
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
    fe.check(
        name.chars().count() <= 100,
        "nombre_tipo_bloque",
        "validacion.texto_largo",
    );
    fe.into_result()?;
    let r = sqlx::query_scalar(
        "INSERT INTO tipos_bloque (nombre_tipo_bloque) VALUES (?) RETURNING id_tipo_bloque",
    )
    .bind(name)
    .fetch_one(&state.db.write)
    .await;
    let id = crate::db::unique_violation(r, "duplicado.tipo_bloque")?;
    Ok(axum::Json(TipoCreado {
        resp: "Excelente".into(),
        id_tipo_bloque: id,
    }))
}

const MODALIDAD_EXPR: &str = "(SELECT CASE WHEN COUNT(*) = 0 THEN NULL
      WHEN SUM(t.modalidad = 'E_LEARNING') = COUNT(*) THEN 'Virtual'
      WHEN SUM(t.modalidad = 'PRESENCIAL') = COUNT(*) THEN 'Presencial' ELSE 'Mixto' END
    FROM bloques_temas bt JOIN temas t ON t.cve_tema = bt.cve_tema WHERE bt.id_bloque = b.id_bloque)";

static BLOCKS: TableDef = TableDef {
    name: "bloques_cursos",
    from: "bloques b JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque",
    count_from: None,
    columns: &[
        Column::int("id_bloque", "Clave", "b.id_bloque"),
        Column::text("nombre_bloque", "Bloque", "b.nombre_bloque"),
        Column::text("nombre_tipo_bloque", "Tipo", "tb.nombre_tipo_bloque"),
        Column::int("precio", "Precio (centavos)", "b.precio"),
        Column::int("fecha_inicio", "Inicio", "b.fecha_inicio"),
        Column::int("fecha_fin", "Fin", "b.fecha_fin"),
        Column::int(
            "capacidad_asistencia",
            "Capacidad",
            "b.capacidad_asistencia",
        ),
        Column::int(
            "total_temas",
            "Temas",
            "(SELECT COUNT(*) FROM bloques_temas x WHERE x.id_bloque = b.id_bloque)",
        ),
        Column::plain("modalidad", "Modalidad", MODALIDAD_EXPR, Kind::Text),
        Column::flag("activo", "Activo", "b.activo"),
    ],
    date_expr: None,
    default_order: "b.fecha_inicio DESC, b.nombre_bloque",
    key: "b.id_bloque",
};

/// Course blocks (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/bloques_cursos/tabla", tag = "blocks", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_blocks(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &BLOCKS, q, Prelude::default(), Vec::new()).await
}

/// A block as the form sends it (every field required).
#[derive(Deserialize, ToSchema)]
struct BloqueForm {
    nombre_bloque: String,
    id_tipo_bloque: i64,
    /// Centavos; 0 = free.
    precio: i64,
    descripcion: String,
    fecha_inicio: String,
    fecha_fin: String,
    /// 0 = no limit.
    capacidad_asistencia: i64,
    video: String,
    #[serde(default = "crate::validate::one")]
    activo: i64,
}

impl BloqueForm {
    fn check(&mut self) -> FieldErrors {
        let mut fe = FieldErrors::default();
        self.nombre_bloque = self.nombre_bloque.trim().into();
        self.descripcion = self.descripcion.trim().into();
        self.video = self.video.trim().into();
        fe.check(
            !self.nombre_bloque.is_empty(),
            "nombre_bloque",
            "validacion.campo_requerido",
        );
        fe.check(
            self.nombre_bloque.chars().count() <= 150,
            "nombre_bloque",
            "validacion.texto_largo",
        );
        fe.check(
            (0..=10_000_000_000).contains(&self.precio),
            "precio",
            "validacion.precio",
        );
        fe.check(
            !self.descripcion.is_empty(),
            "descripcion",
            "validacion.campo_requerido",
        );
        fe.check(
            self.descripcion.chars().count() <= 5000,
            "descripcion",
            "validacion.texto_largo",
        );
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
            (0..=100_000).contains(&self.capacidad_asistencia),
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

#[derive(Serialize, ToSchema)]
struct BloqueCreado {
    resp: String,
    id_bloque: i64,
}

async fn save_block(state: &AppState, own: Option<i64>, multipart: Multipart) -> AppResult<i64> {
    let form = read_datos_form(multipart).await?;
    let mut b: BloqueForm = parse_datos(&form.datos)?;
    let mut fe = b.check();
    let imagen = form
        .files
        .iter()
        .find(|(n, _)| n == "imagen")
        .map(|(_, d)| d.clone());
    if own.is_none() {
        fe.check(imagen.is_some(), "imagen", "validacion.imagen_requerida");
    }
    fe.check(
        form.files.iter().all(|(n, _)| n == "imagen"),
        "imagen",
        "validacion.datos",
    );
    let tipo: Option<i64> =
        sqlx::query_scalar("SELECT id_tipo_bloque FROM tipos_bloque WHERE id_tipo_bloque = ?")
            .bind(b.id_tipo_bloque)
            .fetch_optional(&state.db.read)
            .await?;
    fe.check(tipo.is_some(), "id_tipo_bloque", "validacion.tipo_bloque");
    fe.into_result()?;
    let key = match imagen {
        Some(d) => Some(crate::files::store_image(state, "catalogos/bloques", "bloque", d).await?),
        None => None,
    };
    let r = match own {
        None => sqlx::query_scalar(
            "INSERT INTO bloques (nombre_bloque, id_tipo_bloque, precio, descripcion, fecha_inicio, fecha_fin,
                capacidad_asistencia, video, activo, imagen, creado, id_bloque)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id_bloque",
        ),
        Some(_) => sqlx::query_scalar(
            "UPDATE bloques SET nombre_bloque = ?, id_tipo_bloque = ?, precio = ?, descripcion = ?, fecha_inicio = ?,
                fecha_fin = ?, capacidad_asistencia = ?, video = ?, activo = ?, imagen = coalesce(?, imagen), creado = coalesce(creado, ?)
             WHERE id_bloque = ? RETURNING id_bloque",
        ),
    }
    .bind(&b.nombre_bloque)
    .bind(b.id_tipo_bloque)
    .bind(b.precio)
    .bind(&b.descripcion)
    .bind(&b.fecha_inicio)
    .bind(&b.fecha_fin)
    .bind(b.capacidad_asistencia)
    .bind(&b.video)
    .bind(b.activo)
    .bind(&key)
    .bind(state.now_iso())
    .bind(own)
    .fetch_optional(&state.db.write)
    .await;
    crate::db::unique_violation(r, "duplicado.bloque")?.ok_or_else(AppError::not_found)
}

/// 'crear_bloque': multipart `datos` (the block JSON) and `imagen` (required, ≤ 8 MB).
#[utoipa::path(post, path = "/api/pri/catalogos/bloques_cursos/crear_bloque", tag = "blocks",
    request_body(content_type = "multipart/form-data", description = "`datos` (BloqueForm JSON) and `imagen`"),
    responses((status = 200, body = BloqueCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn create_block(
    State(state): State<AppState>,
    multipart: Multipart,
) -> AppResult<axum::Json<BloqueCreado>> {
    let id = save_block(&state, None, multipart).await?;
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
    let id = save_block(&state, Some(id), multipart).await?;
    Ok(axum::Json(BloqueCreado {
        resp: "Excelente".into(),
        id_bloque: id,
    }))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct TemaBloque {
    cve_tema: i64,
    nombre: String,
    abreviatura: String,
    modalidad: String,
    horas: f64,
    orden: i64,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct Bloque {
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

async fn block_topics(state: &AppState, id: i64) -> AppResult<Vec<TemaBloque>> {
    Ok(sqlx::query_as(
        "SELECT t.cve_tema, t.nombre_tema AS nombre, t.abreviatura, t.modalidad, t.dias_duracion * t.horas_sesion AS horas, bt.orden
         FROM bloques_temas bt JOIN temas t ON t.cve_tema = bt.cve_tema WHERE bt.id_bloque = ? ORDER BY bt.orden",
    )
    .bind(id)
    .fetch_all(&state.db.read)
    .await?)
}

/// A block with its ordered topics, derived modality and total hours.
#[utoipa::path(get, path = "/api/pri/catalogos/bloques_cursos/{id_bloque}", tag = "blocks",
    params(("id_bloque" = i64, Path)),
    responses((status = 200, body = Bloque), (status = 404, body = ErrorBody)))]
async fn get_block(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Bloque>> {
    let mut b: Bloque = sqlx::query_as(
        "SELECT b.id_bloque, b.nombre_bloque, b.id_tipo_bloque, tb.nombre_tipo_bloque, b.precio, b.descripcion, b.fecha_inicio,
                b.fecha_fin, b.capacidad_asistencia, b.video, b.activo, b.imagen
         FROM bloques b JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque WHERE b.id_bloque = ?",
    )
    .bind(id)
    .fetch_optional(&state.db.read)
    .await?
    .ok_or_else(AppError::not_found)?;
    b.imagen_url = crate::files::public_url(&b.imagen);
    b.temas = block_topics(&state, id).await?;
    b.modalidad =
        derived_modality(b.temas.iter().map(|t| t.modalidad.as_str())).map(str::to_string);
    b.total_horas = b.temas.iter().map(|t| t.horas).sum();
    Ok(axum::Json(b))
}

#[derive(Deserialize, ToSchema)]
struct TemasBody {
    /// Topic keys in order.
    temas: Vec<i64>,
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
    let mut seen = std::collections::HashSet::new();
    let mut fe = FieldErrors::default();
    fe.check(
        b.temas.iter().all(|t| seen.insert(*t)),
        "temas",
        "validacion.temas_repetidos",
    );
    fe.check(b.temas.len() <= 200, "temas", "validacion.temas_repetidos");
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id_bloque FROM bloques WHERE id_bloque = ?")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    found.ok_or_else(AppError::not_found)?;
    sqlx::query("DELETE FROM bloques_temas WHERE id_bloque = ?")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for (i, t) in b.temas.iter().enumerate() {
        let ok: Option<i64> = sqlx::query_scalar("SELECT cve_tema FROM temas WHERE cve_tema = ?")
            .bind(t)
            .fetch_optional(&mut *tx)
            .await?;
        if ok.is_none() {
            let mut fe = FieldErrors::default();
            fe.add("temas", "validacion.tema");
            fe.into_result()?;
        }
        sqlx::query("INSERT INTO bloques_temas (id_bloque, cve_tema, orden) VALUES (?, ?, ?)")
            .bind(id)
            .bind(t)
            .bind(i as i64 + 1)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Resp::ok())
}

/// 'Asignacion_Bloques': the ordered topics personnel would be enrolled into; 409
/// 'Debe asignar temas al bloque para poder inscribir personal' when it has none.
#[utoipa::path(get, path = "/api/pri/catalogos/asignacion_bloques/{id_bloque}/temas", tag = "blocks",
    params(("id_bloque" = i64, Path)),
    responses((status = 200, body = Vec<TemaBloque>), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn topics_to_enrol(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<TemaBloque>>> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id_bloque FROM bloques WHERE id_bloque = ?")
            .bind(id)
            .fetch_optional(&state.db.read)
            .await?;
    found.ok_or_else(AppError::not_found)?;
    let temas = block_topics(&state, id).await?;
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
