//! Answers of the topics domain shared by several of its screens.

use serde::Serialize;
use utoipa::ToSchema;

/// A topic as pickers, groups and plants list it.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TemaRef {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub modalidad: String,
}

/// A topic found by name ('getTemaNombre'), with its validity months for the forms that
/// show a validity date.
#[derive(Serialize, ToSchema, sqlx::FromRow, Clone, Debug)]
pub struct TemaBuscado {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub modalidad: String,
    pub meses_certificacion: i64,
}

/// 'ver_tema': a topic with every field, links to its files, prerequisites, tags and the
/// sizes of its question bank and activities.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TemaDetalle {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub cve_area: i64,
    pub area: String,
    pub tipo: String,
    pub modalidad: String,
    pub dias_duracion: i64,
    pub horas_sesion: f64,
    pub meses_certificacion: i64,
    pub prerrequisito: i64,
    pub min_participantes: i64,
    pub max_participantes: i64,
    pub requiere_instructor: i64,
    pub requiere_sala: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    pub calificacion_minima_practica: Option<f64>,
    pub descripcion: Option<String>,
    pub autor: Option<String>,
    pub video: Option<String>,
    pub dias_limite: i64,
    pub activo: i64,
    pub ecommerce: i64,
    pub categoria: Option<String>,
    pub precio: i64,
    #[serde(skip)]
    pub imagen: Option<String>,
    #[serde(skip)]
    pub material_participante: Option<String>,
    #[serde(skip)]
    pub material_instructor: Option<String>,
    #[sqlx(skip)]
    pub imagen_url: Option<String>,
    #[sqlx(skip)]
    pub material_participante_url: Option<String>,
    #[sqlx(skip)]
    pub material_instructor_url: Option<String>,
    #[sqlx(skip)]
    pub prerrequisitos: Vec<TemaRef>,
    #[sqlx(skip)]
    pub etiquetas: Vec<String>,
    pub total_preguntas: i64,
    pub total_actividades: i64,
    /// Average rating out of 5, one decimal (null without votes).
    pub rating: Option<f64>,
    /// How many employees rated it.
    pub votos: i64,
}
