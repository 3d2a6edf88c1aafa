//! Request and answer shapes of course scheduling, detail and lists (the contract with the
//! web: the schema names are fixed).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A topic's defaults for the scheduling form.
#[derive(Serialize, ToSchema, Debug)]
pub struct CursoValores {
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub abreviatura: String,
    /// PRESENCIAL | STREAMING | E_LEARNING (from the topic).
    pub modalidad: String,
    /// The topic's max_participantes.
    pub capacidad: i64,
    pub min_participantes: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    pub calificacion_minima_practica: Option<f64>,
    /// 0 for presencial, 30 for self-paced (e-learning) topics.
    pub dias_acceso: i64,
    /// The company's exchange rate.
    pub tipo_cambio: f64,
    /// MXN | USD (the company's currency).
    pub moneda: String,
    pub requiere_sala: bool,
    pub requiere_instructor: bool,
    pub horas_sesion: f64,
    pub dias_duracion: i64,
    /// The company's time zone the sessions are entered in.
    pub zona_horaria: String,
}

/// One session as entered: company-local date and times.
#[derive(Deserialize, ToSchema, Debug, Clone)]
pub struct SesionBody {
    /// AAAA-MM-DD
    pub fecha: String,
    /// HH:MM
    pub hora_inicio: String,
    /// HH:MM
    pub hora_fin: String,
}

/// A course as the scheduling form sends it (create and edit). Money in centavos.
#[derive(Deserialize, ToSchema, Debug, Clone)]
pub struct CursoBody {
    pub cve_tema: i64,
    #[serde(default)]
    pub nombre_corto: Option<String>,
    pub modalidad: String,
    pub sesiones: Vec<SesionBody>,
    #[serde(default)]
    pub cve_planta: Option<i64>,
    #[serde(default)]
    pub cve_sede: Option<i64>,
    #[serde(default)]
    pub cve_sala: Option<i64>,
    #[serde(default)]
    pub cve_instructor: Option<i64>,
    /// Defaults to the caller.
    #[serde(default)]
    pub cve_analista: Option<i64>,
    pub capacidad: i64,
    #[serde(default)]
    pub dias_acceso: i64,
    #[serde(default = "si")]
    pub autoinscripcion: bool,
    #[serde(default)]
    pub epv: bool,
    pub moneda: String,
    pub tipo_cambio: f64,
    #[serde(default)]
    pub costo_instructor: i64,
    #[serde(default)]
    pub costo_coffee_break: i64,
    #[serde(default)]
    pub costo_impresiones: i64,
    #[serde(default)]
    pub costo_renta_sala: i64,
    #[serde(default)]
    pub costo_otros: i64,
    /// ninguna | manual | jitsi | teams (meetings only for VIRTUAL and STREAMING).
    #[serde(default = "ninguna")]
    pub reunion_tipo: String,
    /// The typed link of a manual meeting.
    #[serde(default)]
    pub reunion_url: Option<String>,
    #[serde(default)]
    pub cve_solicitud_curso: Option<i64>,
    #[serde(default)]
    pub copia_de: Option<i64>,
}

fn si() -> bool {
    true
}

fn ninguna() -> String {
    "ninguna".into()
}

/// The answer to scheduling or editing a course.
#[derive(Serialize, ToSchema, Debug)]
pub struct CursoGuardado {
    pub resp: String,
    pub cve_curso: i64,
    pub reunion_url: Option<String>,
}

/// Why a course is cancelled.
#[derive(Deserialize, ToSchema, Debug)]
pub struct CancelarCurso {
    pub motivo: String,
}

/// One session of a course: as entered (company-local) and in UTC.
#[derive(Serialize, ToSchema, Debug, Clone, sqlx::FromRow)]
pub struct SesionCurso {
    pub id_sesion: i64,
    pub numero: i64,
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
    /// AAAA-MM-DDTHH:MM:SSZ
    pub inicio: String,
    /// AAAA-MM-DDTHH:MM:SSZ
    pub fin: String,
}

/// What the caller may do with a course.
#[derive(Serialize, ToSchema, Debug, Default)]
pub struct PermisosCurso {
    pub editar: bool,
    pub inscribir: bool,
    pub evaluar: bool,
}

/// The caller's own enrolment in a course.
#[derive(Serialize, ToSchema, Debug, sqlx::FromRow)]
pub struct MiInscripcion {
    pub cve_inscripcion_ai: i64,
    pub estatus: String,
    pub turno_espera: Option<i64>,
    pub confirmado: i64,
}

/// A course with everything its detail screen shows.
#[derive(Serialize, ToSchema, Debug, sqlx::FromRow)]
pub struct CursoDetalle {
    pub cve_curso: i64,
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub abreviatura: String,
    pub nombre_corto: String,
    pub modalidad: String,
    pub estatus: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub cve_planta: Option<i64>,
    pub nombre_planta: Option<String>,
    pub cve_sede: Option<i64>,
    pub nombre_sede: Option<String>,
    pub cve_sala: Option<i64>,
    pub nombre_sala: Option<String>,
    pub cve_instructor: Option<i64>,
    pub nombre_instructor: Option<String>,
    pub instructor_interno: bool,
    pub cve_analista: Option<i64>,
    pub nombre_analista: Option<String>,
    pub capacidad: i64,
    pub inscritos: i64,
    pub lugares_disponibles: i64,
    pub en_espera: i64,
    pub dias_acceso: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    pub calificacion_minima_practica: Option<f64>,
    pub autoinscripcion: i64,
    pub epv: i64,
    pub estatus_epv: i64,
    pub moneda: String,
    pub tipo_cambio: f64,
    pub costo_instructor: i64,
    pub costo_coffee_break: i64,
    pub costo_impresiones: i64,
    pub costo_renta_sala: i64,
    pub costo_otros: i64,
    pub costo_total: i64,
    pub reunion_tipo: String,
    pub reunion_url: Option<String>,
    pub comentarios_instructor: Option<String>,
    /// A signed attendance list is attached.
    pub lista_asistencia: bool,
    pub cve_solicitud_curso: Option<i64>,
    pub copia_de: Option<i64>,
    pub motivo_cancelacion: Option<String>,
    pub fecha_cierre: Option<String>,
    /// "1" when closed (spec flags).
    pub curso_cerrado: String,
    #[sqlx(skip)]
    pub sesiones: Vec<SesionCurso>,
    #[sqlx(skip)]
    pub permisos: PermisosCurso,
    #[sqlx(skip)]
    pub mi_inscripcion: Option<MiInscripcion>,
}
