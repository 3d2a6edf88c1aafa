//! The topic form: every field of the spec with its defaults and the rules that need no
//! database, shared by the screen, the bulk upload and the demo loader.

use std::sync::LazyLock;

use regex::Regex;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::contract::{
    PRECIO, TEMA_ABREVIATURA_MAX, TEMA_ABREVIATURA_PATTERN, TEMA_AREA, TEMA_DESCRIPCION_MAX,
    TEMA_DIAS_DURACION, TEMA_DIAS_LIMITE, TEMA_ETIQUETA_MAX, TEMA_ETIQUETAS_MAX, TEMA_HORAS_SESION,
    TEMA_MESES_CERTIFICACION, TEMA_NOMBRE_MAX, TEMA_PARTICIPANTES, TEMA_TEXTO_MAX,
};
use crate::error::FieldErrors;
use crate::validate::{in_range, pattern};

static ABREVIATURA: LazyLock<Regex> = LazyLock::new(|| pattern(TEMA_ABREVIATURA_PATTERN));

/// Topic types.
pub const TIPOS: &[&str] = &[
    "Curso",
    "Taller",
    "Diplomado",
    "Seminario",
    "Plática",
    "Certificación",
];
/// Topic modalities.
pub const MODALIDADES: &[&str] = &["PRESENCIAL", "E_LEARNING", "STREAMING"];
/// Evaluation models.
pub const MODELOS: &[&str] = &["conocimiento", "teorico_practico", "ninguno"];

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
            self.abreviatura.chars().count() <= TEMA_ABREVIATURA_MAX
                && ABREVIATURA.is_match(&self.abreviatura),
            "abreviatura",
            "validacion.abreviatura",
        );
        fe.check(
            !self.nombre_tema.is_empty(),
            "nombre_tema",
            "validacion.campo_requerido",
        );
        fe.check_len(&self.nombre_tema, TEMA_NOMBRE_MAX, "nombre_tema");
        fe.check(
            in_range(TEMA_AREA, self.cve_area) && self.cve_area % 1000 == 0,
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
            in_range(TEMA_DIAS_DURACION, self.dias_duracion),
            "dias_duracion",
            "validacion.numero",
        );
        fe.check(
            (TEMA_HORAS_SESION.0..=TEMA_HORAS_SESION.1).contains(&self.horas_sesion),
            "horas_sesion",
            "validacion.horas_sesion",
        );
        fe.check(
            in_range(TEMA_MESES_CERTIFICACION, self.meses_certificacion),
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
            in_range(TEMA_PARTICIPANTES, self.min_participantes),
            "min_participantes",
            "validacion.numero",
        );
        fe.check(
            in_range(TEMA_PARTICIPANTES, self.max_participantes)
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
            fe.check_len(d, TEMA_DESCRIPCION_MAX, "descripcion");
        }
        for (f, v) in [("autor", &self.autor), ("categoria", &self.categoria)] {
            if let Some(v) = v {
                fe.check_len(v, TEMA_TEXTO_MAX, f);
            }
        }
        fe.check(
            self.etiquetas.len() <= TEMA_ETIQUETAS_MAX
                && self
                    .etiquetas
                    .iter()
                    .all(|t| t.chars().count() <= TEMA_ETIQUETA_MAX),
            "etiquetas",
            "validacion.etiquetas",
        );
        fe.check(
            in_range(TEMA_DIAS_LIMITE, self.dias_limite),
            "dias_limite",
            "validacion.numero",
        );
        fe.check(in_range(PRECIO, self.precio), "precio", "validacion.precio");
        fe
    }
}
