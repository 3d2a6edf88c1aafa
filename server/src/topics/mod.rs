//! Topics (`temas`): the training subjects with every field of the spec, their question
//! bank, activities, topic groups and topics by plant.

pub mod db;

pub mod extras;
pub mod questions;

use crate::upload::{DatosForm, parse_datos, read_datos_form};
use axum::extract::{Multipart, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Kind, Prelude, TableDef, TablePage, TableQuery};

pub const SECCION: &str = "catalogos.temas";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_topics)))
        .routes(secured(state, r, routes!(create_topic)))
        .routes(secured(state, r, routes!(get_topic)))
        .routes(secured(state, r, routes!(update_topic)))
        .routes(secured(state, Rule::Sesion, routes!(list_topics)))
        .routes(secured(state, Rule::Sesion, routes!(topic_by_name)))
        .merge(questions::router(state))
        .merge(extras::router(state))
}

pub const TIPOS: &[&str] = &[
    "Curso",
    "Taller",
    "Diplomado",
    "Seminario",
    "Plática",
    "Certificación",
];
pub const MODALIDADES: &[&str] = &["PRESENCIAL", "E_LEARNING", "STREAMING"];
pub const MODELOS: &[&str] = &["conocimiento", "teorico_practico", "ninguno"];
const MODALIDAD_OPTS: &[(&str, &str)] = &[
    ("PRESENCIAL", "Presencial"),
    ("E_LEARNING", "En línea"),
    ("STREAMING", "Streaming"),
];

static TOPICS: TableDef = TableDef {
    name: "temas",
    from: "temas t JOIN areas_tematicas a ON a.cve_area = t.cve_area",
    count_from: None,
    columns: &[
        Column::int("cve_tema", "Clave", "t.cve_tema"),
        Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::text("area", "Área temática", "a.nombre"),
        Column::text("tipo", "Tipo", "t.tipo"),
        Column::fixed(
            "modalidad",
            "Modalidad",
            "t.modalidad",
            Kind::Text,
            MODALIDAD_OPTS,
        ),
        Column {
            nomfield: "horas",
            title: "Horas",
            expr: "t.dias_duracion * t.horas_sesion",
            kind: Kind::Real,
            filter: crate::table::Filter::None,
            sortable: true,
        },
        Column::int(
            "meses_certificacion",
            "Vigencia (meses)",
            "t.meses_certificacion",
        ),
        Column::int(
            "preguntas",
            "Preguntas",
            "(SELECT COUNT(*) FROM preguntas p WHERE p.cve_tema = t.cve_tema)",
        ),
        Column::int("precio", "Precio (centavos)", "t.precio"),
        Column::flag("ecommerce", "E-commerce", "t.ecommerce"),
        Column::flag("activo", "Activo", "t.activo"),
    ],
    date_expr: None,
    default_order: "t.nombre_tema, t.cve_tema",
    key: "t.cve_tema",
};

/// Topics (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/temas/tabla", tag = "topics", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_topics(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &TOPICS, q, Prelude::default(), Vec::new()).await
}

fn default_dias() -> i64 {
    1
}
fn default_horas() -> f64 {
    1.0
}
fn default_max() -> i64 {
    30
}
fn conocimiento() -> String {
    "conocimiento".into()
}
fn presencial() -> String {
    "PRESENCIAL".into()
}

/// A topic as the form and the bulk upload send it.
#[derive(Deserialize, Serialize, ToSchema, Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct TemaForm {
    /// Unique (case-insensitive), 1–20 characters.
    pub abreviatura: String,
    pub nombre_tema: String,
    /// Thematic area (STPS), 1000–9000.
    pub cve_area: i64,
    /// Curso, Taller, Diplomado, Seminario, Plática or Certificación.
    pub tipo: String,
    /// PRESENCIAL, E_LEARNING or STREAMING.
    #[serde(default = "presencial")]
    pub modalidad: String,
    #[serde(default = "default_dias")]
    pub dias_duracion: i64,
    #[serde(default = "default_horas")]
    pub horas_sesion: f64,
    /// 0 = the certification does not expire.
    #[serde(default)]
    pub meses_certificacion: i64,
    #[serde(default)]
    pub prerrequisito: i64,
    #[serde(default)]
    #[sqlx(skip)]
    pub prerrequisitos: Vec<i64>,
    #[serde(default = "crate::validate::one")]
    pub min_participantes: i64,
    #[serde(default = "default_max")]
    pub max_participantes: i64,
    #[serde(default = "crate::validate::one")]
    pub requiere_instructor: i64,
    #[serde(default = "crate::validate::one")]
    pub requiere_sala: i64,
    /// conocimiento (0–100), teorico_practico (1–10 and 1–5) or ninguno.
    #[serde(default = "conocimiento")]
    pub modelo_evaluacion: String,
    #[serde(default)]
    pub calificacion_minima: Option<f64>,
    #[serde(default)]
    pub calificacion_minima_practica: Option<f64>,
    #[serde(default)]
    pub descripcion: Option<String>,
    #[serde(default)]
    pub autor: Option<String>,
    #[serde(default)]
    pub video: Option<String>,
    #[serde(default)]
    pub dias_limite: i64,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
    #[serde(default)]
    pub ecommerce: i64,
    #[serde(default)]
    pub categoria: Option<String>,
    #[serde(default)]
    #[sqlx(skip)]
    pub etiquetas: Vec<String>,
    /// Centavos; 0 = free.
    #[serde(default)]
    pub precio: i64,
}

impl TemaForm {
    /// Trims, fills the pass mark defaults of section 9 and checks every rule that needs no
    /// database.
    pub fn normalize_and_check(&mut self) -> FieldErrors {
        let mut fe = FieldErrors::default();
        self.abreviatura = self.abreviatura.trim().to_string();
        self.nombre_tema = self
            .nombre_tema
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.tipo = self.tipo.trim().to_string();
        self.modalidad = self.modalidad.trim().to_ascii_uppercase();
        self.modelo_evaluacion = self.modelo_evaluacion.trim().to_ascii_lowercase();
        for v in [
            &mut self.descripcion,
            &mut self.autor,
            &mut self.video,
            &mut self.categoria,
        ] {
            *v = crate::validate::trimmed(v);
        }
        self.etiquetas = self
            .etiquetas
            .iter()
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect();
        self.etiquetas.sort();
        self.etiquetas.dedup();
        self.prerrequisitos.sort_unstable();
        self.prerrequisitos.dedup();
        if self.prerrequisito == 0 {
            self.prerrequisitos.clear();
        }
        fe.check(
            !self.abreviatura.is_empty()
                && self.abreviatura.chars().count() <= 20
                && self
                    .abreviatura
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '.'),
            "abreviatura",
            "validacion.abreviatura",
        );
        fe.check(
            !self.nombre_tema.is_empty(),
            "nombre_tema",
            "validacion.campo_requerido",
        );
        fe.check(
            self.nombre_tema.chars().count() <= 200,
            "nombre_tema",
            "validacion.texto_largo",
        );
        fe.check(
            (1000..=9000).contains(&self.cve_area) && self.cve_area % 1000 == 0,
            "cve_area",
            "validacion.area_tematica",
        );
        fe.check(
            TIPOS.contains(&self.tipo.as_str()),
            "tipo",
            "validacion.tipo_tema",
        );
        fe.check(
            MODALIDADES.contains(&self.modalidad.as_str()),
            "modalidad",
            "validacion.modalidad",
        );
        fe.check(
            (1..=365).contains(&self.dias_duracion),
            "dias_duracion",
            "validacion.numero",
        );
        fe.check(
            (0.5..=24.0).contains(&self.horas_sesion),
            "horas_sesion",
            "validacion.horas_sesion",
        );
        fe.check(
            (0..=600).contains(&self.meses_certificacion),
            "meses_certificacion",
            "validacion.numero",
        );
        for (f, v) in [
            ("prerrequisito", self.prerrequisito),
            ("requiere_instructor", self.requiere_instructor),
            ("requiere_sala", self.requiere_sala),
            ("activo", self.activo),
            ("ecommerce", self.ecommerce),
        ] {
            fe.check(v == 0 || v == 1, f, "validacion.bandera");
        }
        fe.check(
            self.prerrequisito == 0 || !self.prerrequisitos.is_empty(),
            "prerrequisitos",
            "validacion.prerrequisitos",
        );
        fe.check(
            (1..=10_000).contains(&self.min_participantes),
            "min_participantes",
            "validacion.numero",
        );
        fe.check(
            (1..=10_000).contains(&self.max_participantes)
                && self.max_participantes >= self.min_participantes,
            "max_participantes",
            "validacion.participantes",
        );
        match self.modelo_evaluacion.as_str() {
            "conocimiento" => {
                let m = *self.calificacion_minima.get_or_insert(70.0);
                fe.check(
                    (0.0..=100.0).contains(&m),
                    "calificacion_minima",
                    "validacion.calificacion",
                );
                self.calificacion_minima_practica = None;
            }
            "teorico_practico" => {
                let t = *self.calificacion_minima.get_or_insert(7.0);
                let p = *self.calificacion_minima_practica.get_or_insert(3.0);
                fe.check(
                    (1.0..=10.0).contains(&t),
                    "calificacion_minima",
                    "validacion.calificacion",
                );
                fe.check(
                    (1.0..=5.0).contains(&p),
                    "calificacion_minima_practica",
                    "validacion.calificacion",
                );
            }
            "ninguno" => {
                self.calificacion_minima = None;
                self.calificacion_minima_practica = None;
            }
            _ => fe.add("modelo_evaluacion", "validacion.modelo_evaluacion"),
        }
        if let Some(v) = &self.video {
            fe.check(crate::resources::is_http_url(v), "video", "validacion.url");
        }
        if let Some(d) = &self.descripcion {
            fe.check(
                d.chars().count() <= 5000,
                "descripcion",
                "validacion.texto_largo",
            );
        }
        for (f, v) in [("autor", &self.autor), ("categoria", &self.categoria)] {
            if let Some(v) = v {
                fe.check(v.chars().count() <= 150, f, "validacion.texto_largo");
            }
        }
        fe.check(
            self.etiquetas.len() <= 20 && self.etiquetas.iter().all(|t| t.chars().count() <= 40),
            "etiquetas",
            "validacion.etiquetas",
        );
        fe.check(
            (0..=3650).contains(&self.dias_limite),
            "dias_limite",
            "validacion.numero",
        );
        fe.check(
            (0..=10_000_000_000).contains(&self.precio),
            "precio",
            "validacion.precio",
        );
        fe
    }
}

/// Checks the thematic area and prerequisite topics exist.
async fn check_references(
    conn: &mut SqliteConnection,
    f: &TemaForm,
    own: Option<i64>,
) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    let area: Option<i64> =
        sqlx::query_scalar("SELECT cve_area FROM areas_tematicas WHERE cve_area = ?")
            .bind(f.cve_area)
            .fetch_optional(&mut *conn)
            .await?;
    fe.check(area.is_some(), "cve_area", "validacion.area_tematica");
    for p in &f.prerrequisitos {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT cve_tema FROM temas WHERE cve_tema = ?")
                .bind(p)
                .fetch_optional(&mut *conn)
                .await?;
        fe.check(
            found.is_some() && Some(*p) != own,
            "prerrequisitos",
            "validacion.prerrequisitos",
        );
    }
    fe.into_result()
}

/// Writes a topic (insert when `own` is None) with its prerequisites and tags; `imagen`
/// and the materials are storage keys (None keeps the current one on update).
pub async fn save(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    f: &TemaForm,
    files: &TopicFiles,
    now: &str,
) -> AppResult<i64> {
    let q = match own {
        None => sqlx::query_scalar(
            "INSERT INTO temas (abreviatura, nombre_tema, cve_area, tipo, modalidad, dias_duracion, horas_sesion,
                meses_certificacion, prerrequisito, min_participantes, max_participantes, requiere_instructor, requiere_sala,
                modelo_evaluacion, calificacion_minima, calificacion_minima_practica, descripcion, autor, video, dias_limite,
                activo, ecommerce, categoria, precio, imagen, material_participante, material_instructor, creado, actualizado, cve_tema)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cve_tema",
        ),
        Some(_) => sqlx::query_scalar(
            "UPDATE temas SET abreviatura = ?, nombre_tema = ?, cve_area = ?, tipo = ?, modalidad = ?, dias_duracion = ?,
                horas_sesion = ?, meses_certificacion = ?, prerrequisito = ?, min_participantes = ?, max_participantes = ?,
                requiere_instructor = ?, requiere_sala = ?, modelo_evaluacion = ?, calificacion_minima = ?,
                calificacion_minima_practica = ?, descripcion = ?, autor = ?, video = ?, dias_limite = ?, activo = ?, ecommerce = ?,
                categoria = ?, precio = ?, imagen = coalesce(?, imagen), material_participante = coalesce(?, material_participante),
                material_instructor = coalesce(?, material_instructor), creado = coalesce(creado, ?), actualizado = ?
             WHERE cve_tema = ? RETURNING cve_tema",
        ),
    };
    let r = q
        .bind(&f.abreviatura)
        .bind(&f.nombre_tema)
        .bind(f.cve_area)
        .bind(&f.tipo)
        .bind(&f.modalidad)
        .bind(f.dias_duracion)
        .bind(f.horas_sesion)
        .bind(f.meses_certificacion)
        .bind(f.prerrequisito)
        .bind(f.min_participantes)
        .bind(f.max_participantes)
        .bind(f.requiere_instructor)
        .bind(f.requiere_sala)
        .bind(&f.modelo_evaluacion)
        .bind(f.calificacion_minima)
        .bind(f.calificacion_minima_practica)
        .bind(&f.descripcion)
        .bind(&f.autor)
        .bind(&f.video)
        .bind(f.dias_limite)
        .bind(f.activo)
        .bind(f.ecommerce)
        .bind(&f.categoria)
        .bind(f.precio)
        .bind(&files.imagen)
        .bind(&files.material_participante)
        .bind(&files.material_instructor)
        .bind(now)
        .bind(now)
        .bind(own)
        .fetch_optional(&mut *conn)
        .await;
    let cve: i64 =
        crate::db::unique_violation(r, "duplicado.abreviatura")?.ok_or_else(AppError::not_found)?;
    sqlx::query("DELETE FROM temas_prerrequisitos WHERE cve_tema = ?")
        .bind(cve)
        .execute(&mut *conn)
        .await?;
    for p in &f.prerrequisitos {
        sqlx::query("INSERT INTO temas_prerrequisitos (cve_tema, cve_requisito) VALUES (?, ?)")
            .bind(cve)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("DELETE FROM temas_etiquetas WHERE cve_tema = ?")
        .bind(cve)
        .execute(&mut *conn)
        .await?;
    for t in &f.etiquetas {
        sqlx::query("INSERT INTO temas_etiquetas (cve_tema, etiqueta) VALUES (?, ?)")
            .bind(cve)
            .bind(t)
            .execute(&mut *conn)
            .await?;
    }
    Ok(cve)
}

/// Storage keys of a topic's files (None = unchanged).
#[derive(Default)]
pub struct TopicFiles {
    pub imagen: Option<String>,
    pub material_participante: Option<String>,
    pub material_instructor: Option<String>,
}

async fn store_topic_files(state: &AppState, form: &DatosForm) -> AppResult<TopicFiles> {
    let mut out = TopicFiles::default();
    for (name, data) in &form.files {
        match name.as_str() {
            "imagen" => {
                out.imagen = Some(
                    crate::files::store_image(state, "catalogos/temas", "tema", data.clone())
                        .await?,
                )
            }
            "material_participante" => {
                out.material_participante = Some(
                    crate::files::store_material(
                        state,
                        "materiales/temas",
                        "participante",
                        data.clone(),
                    )
                    .await?,
                )
            }
            "material_instructor" => {
                out.material_instructor = Some(
                    crate::files::store_material(
                        state,
                        "materiales/temas",
                        "instructor",
                        data.clone(),
                    )
                    .await?,
                )
            }
            _ => return Err(AppError::bad_request("http.multipart")),
        }
    }
    Ok(out)
}

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
    let files = store_topic_files(&state, &form).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    check_references(&mut tx, &f, None).await?;
    let cve = save(&mut tx, None, &f, &files, &now).await?;
    tx.commit().await?;
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
    let exists: Option<i64> = sqlx::query_scalar("SELECT cve_tema FROM temas WHERE cve_tema = ?")
        .bind(cve)
        .fetch_optional(&state.db.read)
        .await?;
    exists.ok_or_else(AppError::not_found)?;
    let files = store_topic_files(&state, &form).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    check_references(&mut tx, &f, Some(cve)).await?;
    save(&mut tx, Some(cve), &f, &files, &now).await?;
    tx.commit().await?;
    Ok(axum::Json(TemaCreado {
        resp: "Excelente".into(),
        cve_tema: cve,
    }))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct TemaDetalle {
    cve_tema: i64,
    abreviatura: String,
    nombre_tema: String,
    cve_area: i64,
    area: String,
    tipo: String,
    modalidad: String,
    dias_duracion: i64,
    horas_sesion: f64,
    meses_certificacion: i64,
    prerrequisito: i64,
    min_participantes: i64,
    max_participantes: i64,
    requiere_instructor: i64,
    requiere_sala: i64,
    modelo_evaluacion: String,
    calificacion_minima: Option<f64>,
    calificacion_minima_practica: Option<f64>,
    descripcion: Option<String>,
    autor: Option<String>,
    video: Option<String>,
    dias_limite: i64,
    activo: i64,
    ecommerce: i64,
    categoria: Option<String>,
    precio: i64,
    #[serde(skip)]
    imagen: Option<String>,
    #[serde(skip)]
    material_participante: Option<String>,
    #[serde(skip)]
    material_instructor: Option<String>,
    #[sqlx(skip)]
    imagen_url: Option<String>,
    #[sqlx(skip)]
    material_participante_url: Option<String>,
    #[sqlx(skip)]
    material_instructor_url: Option<String>,
    #[sqlx(skip)]
    prerrequisitos: Vec<TemaRef>,
    #[sqlx(skip)]
    etiquetas: Vec<String>,
    total_preguntas: i64,
    total_actividades: i64,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TemaRef {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub modalidad: String,
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
    let db = &state.db.read;
    let mut t: TemaDetalle = sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.cve_area, a.nombre AS area, t.tipo, t.modalidad, t.dias_duracion,
                t.horas_sesion, t.meses_certificacion, t.prerrequisito, t.min_participantes, t.max_participantes,
                t.requiere_instructor, t.requiere_sala, t.modelo_evaluacion, t.calificacion_minima, t.calificacion_minima_practica,
                t.descripcion, t.autor, t.video, t.dias_limite, t.activo, t.ecommerce, t.categoria, t.precio, t.imagen,
                t.material_participante, t.material_instructor,
                (SELECT COUNT(*) FROM preguntas p WHERE p.cve_tema = t.cve_tema) AS total_preguntas,
                (SELECT COUNT(*) FROM actividades_temas x WHERE x.cve_tema = t.cve_tema) AS total_actividades
         FROM temas t JOIN areas_tematicas a ON a.cve_area = t.cve_area WHERE t.cve_tema = ?",
    )
    .bind(cve)
    .fetch_optional(db)
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
    t.prerrequisitos = sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM temas_prerrequisitos p
         JOIN temas t ON t.cve_tema = p.cve_requisito WHERE p.cve_tema = ? ORDER BY t.nombre_tema",
    )
    .bind(cve)
    .fetch_all(db)
    .await?;
    t.etiquetas = sqlx::query_scalar(
        "SELECT etiqueta FROM temas_etiquetas WHERE cve_tema = ? ORDER BY etiqueta",
    )
    .bind(cve)
    .fetch_all(db)
    .await?;
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
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT cve_tema, abreviatura, nombre_tema, modalidad FROM temas
             WHERE activo = 1 AND (? = 0 OR cve_area = ?) ORDER BY nombre_tema",
        )
        .bind(area)
        .bind(area)
        .fetch_all(&state.db.read)
        .await?,
    ))
}

#[derive(Deserialize, ToSchema)]
struct PorNombre {
    nombre_tema: String,
}

#[derive(Serialize, ToSchema)]
struct PorNombreResp {
    res: String,
    list: Vec<TemaRef>,
}

/// Topic search by name (more than 3 characters), 20 at most.
#[utoipa::path(post, path = "/api/pri/catalogos/temas/getTemaNombre", tag = "topics", request_body = PorNombre,
    responses((status = 200, body = PorNombreResp), (status = 400, body = ErrorBody)))]
async fn topic_by_name(
    State(state): State<AppState>,
    Json(b): Json<PorNombre>,
) -> AppResult<axum::Json<PorNombreResp>> {
    let q = b.nombre_tema.trim();
    if q.chars().count() <= 3 {
        return Err(AppError::bad_request("validacion.busqueda_tema"));
    }
    let list: Vec<TemaRef> = sqlx::query_as(
        "SELECT cve_tema, abreviatura, nombre_tema, modalidad FROM temas
         WHERE activo = 1 AND (instr(lower(nombre_tema), lower(?)) > 0 OR abreviatura = ?) ORDER BY nombre_tema LIMIT 20",
    )
    .bind(q)
    .bind(q)
    .fetch_all(&state.db.read)
    .await?;
    Ok(axum::Json(PorNombreResp {
        res: if list.is_empty() {
            "Tema no encontrado".into()
        } else {
            "Excelente".into()
        },
        list,
    }))
}

/// A topic as stored, to tell whether a bulk-upload row changes anything.
pub async fn stored(conn: &mut SqliteConnection, cve: i64) -> AppResult<Option<TemaForm>> {
    let t: Option<TemaForm> = sqlx::query_as(
        "SELECT abreviatura, nombre_tema, cve_area, tipo, modalidad, dias_duracion, horas_sesion, meses_certificacion,
                prerrequisito, min_participantes, max_participantes, requiere_instructor, requiere_sala, modelo_evaluacion,
                calificacion_minima, calificacion_minima_practica, descripcion, autor, video, dias_limite, activo, ecommerce,
                categoria, precio FROM temas WHERE cve_tema = ?",
    )
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(mut t) = t else { return Ok(None) };
    t.prerrequisitos = sqlx::query_scalar(
        "SELECT cve_requisito FROM temas_prerrequisitos WHERE cve_tema = ? ORDER BY cve_requisito",
    )
    .bind(cve)
    .fetch_all(&mut *conn)
    .await?;
    t.etiquetas = sqlx::query_scalar(
        "SELECT etiqueta FROM temas_etiquetas WHERE cve_tema = ? ORDER BY etiqueta",
    )
    .bind(cve)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(t))
}
