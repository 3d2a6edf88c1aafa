//! The shapes of the exams API.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::contract::EXAMEN_DESCRIPCION_MAX;
use crate::error::FieldErrors;

/// How an exam is drawn, timed and retried.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
pub struct ExamenConfig {
    /// Questions drawn from the topic's bank (1 … the bank's size).
    pub num_preguntas: i64,
    pub barajar_preguntas: bool,
    pub barajar_opciones: bool,
    /// Time limit in minutes; 0 = none (at most 600).
    pub tiempo_estimado: i64,
    /// Attempts allowed (1–10).
    pub intentos: i64,
    pub descripcion_examen: Option<String>,
}

impl ExamenConfig {
    /// The defaults of a topic without a definition: every question of its bank, shuffled,
    /// 30 minutes, 3 attempts.
    pub fn por_defecto(preguntas_banco: i64) -> ExamenConfig {
        ExamenConfig {
            num_preguntas: preguntas_banco.max(1),
            barajar_preguntas: true,
            barajar_opciones: true,
            tiempo_estimado: 30,
            intentos: 3,
            descripcion_examen: None,
        }
    }

    /// Trims the description and checks every value against its bounds and the bank.
    pub fn check(&mut self, preguntas_banco: i64) -> FieldErrors {
        let mut fe = FieldErrors::default();
        self.descripcion_examen = self
            .descripcion_examen
            .take()
            .map(|d| d.trim().to_string())
            .filter(|d| !d.is_empty());
        if preguntas_banco == 0 {
            fe.add("num_preguntas", "examenes.sin_preguntas");
        } else if self.num_preguntas > preguntas_banco {
            fe.add_with(
                "num_preguntas",
                "examenes.preguntas_insuficientes",
                vec![("n", preguntas_banco.to_string())],
            );
        }
        fe.check(self.num_preguntas >= 1, "num_preguntas", "validacion.datos");
        fe.check(
            (0..=600).contains(&self.tiempo_estimado),
            "tiempo_estimado",
            "validacion.datos",
        );
        fe.check(
            (1..=10).contains(&self.intentos),
            "intentos",
            "validacion.datos",
        );
        if let Some(d) = &self.descripcion_examen {
            fe.check_len(d, EXAMEN_DESCRIPCION_MAX, "descripcion_examen");
        }
        fe
    }

    /// This configuration with the values a partial body sets.
    pub fn con(&self, p: ExamenConfigParcial) -> ExamenConfig {
        ExamenConfig {
            num_preguntas: p.num_preguntas.unwrap_or(self.num_preguntas),
            barajar_preguntas: p.barajar_preguntas.unwrap_or(self.barajar_preguntas),
            barajar_opciones: p.barajar_opciones.unwrap_or(self.barajar_opciones),
            tiempo_estimado: p.tiempo_estimado.unwrap_or(self.tiempo_estimado),
            intentos: p.intentos.unwrap_or(self.intentos),
            descripcion_examen: match p.descripcion_examen {
                Some(d) => d,
                None => self.descripcion_examen.clone(),
            },
        }
    }
}

/// Values to change; absent ones keep theirs (`descripcion_examen: null` clears it).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ExamenConfigParcial {
    #[serde(default)]
    pub num_preguntas: Option<i64>,
    #[serde(default)]
    pub barajar_preguntas: Option<bool>,
    #[serde(default)]
    pub barajar_opciones: Option<bool>,
    #[serde(default)]
    pub tiempo_estimado: Option<i64>,
    #[serde(default)]
    pub intentos: Option<i64>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub descripcion_examen: Option<Option<String>>,
}

/// A topic's exam definition as the form sends it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct ExamenTemaForm {
    pub num_preguntas: i64,
    pub barajar_preguntas: bool,
    pub barajar_opciones: bool,
    pub tiempo_estimado: i64,
    pub intentos: i64,
    #[serde(default)]
    pub descripcion_examen: Option<String>,
    /// Only E_LEARNING topics: a self-service exam in the plan, without a course.
    #[serde(default)]
    pub autoservicio: bool,
}

/// A topic's exam definition (the defaults when it has none).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExamenTema {
    pub cve_tema: i64,
    /// false: nothing stored, the defaults are shown.
    pub configurado: bool,
    pub num_preguntas: i64,
    pub barajar_preguntas: bool,
    pub barajar_opciones: bool,
    pub tiempo_estimado: i64,
    pub intentos: i64,
    pub descripcion_examen: Option<String>,
    pub autoservicio: bool,
    pub preguntas_banco: i64,
    pub abiertas_banco: i64,
    pub modelo_evaluacion: String,
    /// The pass mark in force (the topic's, else the model's default).
    pub calificacion_minima: Option<f64>,
    pub modalidad: String,
}

/// A participant of a course in its exam tab.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ParticipanteExamen {
    pub cve_empleado: i64,
    pub nombre: String,
    pub cve_inscripcion_ai: i64,
    pub asignado: bool,
    pub intentos_usados: i64,
    /// sin_presentar | en_curso | por_revisar | aprobado | no_aprobado
    pub estado: String,
    /// The best graded attempt on the model's scale.
    pub calificacion: Option<f64>,
}

/// A course's exam (or, with `existe` false, the defaults to generate one).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExamenCurso {
    pub cve_curso: i64,
    pub existe: bool,
    /// generado | asignado | activo | inactivo
    pub estado: Option<String>,
    pub config: ExamenConfig,
    pub preguntas_banco: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    /// The caller is the course's instructor (only they activate or deactivate).
    pub es_instructor: bool,
    pub curso_abierto: bool,
    pub participantes: Vec<ParticipanteExamen>,
}

/// To whom an exam is assigned (absent: every enrolled participant).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct AsignarBody {
    #[serde(default)]
    pub cve_empleados: Option<Vec<i64>>,
}

/// An option as the participant sees it: its text and whether they chose it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct OpcionExamen {
    #[serde(default)]
    pub label: String,
    #[serde(default)]
    pub selected: bool,
}

/// A question as the participant sees it (spec §3: label, tipo_pregunta, respuesta,
/// respuestas). Nothing here tells which option is right.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PreguntaExamen {
    #[serde(default)]
    pub label: String,
    /// Opción única | Múltiples respuestas | Abierta
    #[serde(default)]
    pub tipo_pregunta: String,
    /// The open answer's text ('' for the others).
    #[serde(default)]
    pub respuesta: Option<String>,
    #[serde(default)]
    pub respuestas: Vec<OpcionExamen>,
}

/// The exam's intro data and the attempt in progress.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DetalleExamen {
    /// Minutes; 0 = no limit.
    pub tiempo_estimado: i64,
    pub descripcion_examen: Option<String>,
    pub nombre_tema: String,
    /// This attempt's number.
    pub intento: i64,
    /// Attempts allowed.
    pub intentos: i64,
    /// Attempts left after this one.
    pub int_rest: i64,
    pub inicio: String,
    /// When the time runs out (UTC); null without a limit.
    pub vence: Option<String>,
    pub segundos_restantes: Option<i64>,
}

/// A participant's exam (spec §7 GET presentar_examen).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExamenParticipante {
    pub preguntas: Vec<PreguntaExamen>,
    pub detalle: DetalleExamen,
}

/// One answer saved as the participant goes.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct AvanceBody {
    /// The question's position in the attempt.
    pub pregunta: usize,
    /// The chosen options' positions.
    #[serde(default)]
    pub seleccion: Option<Vec<usize>>,
    /// An open question's text.
    #[serde(default)]
    pub respuesta: Option<String>,
}

/// The answer to an autosave.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AvanceGuardado {
    pub resp: String,
    pub guardado: String,
}

/// The hand-in (spec §7 POST presentar_examen): the questions in the GET's order with
/// `selected` / `respuesta` filled.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct EntregaBody {
    pub preguntas: Vec<PreguntaExamen>,
}

/// The graded result (spec §7: resp, acreditado, int_rest, calificacion).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ResultadoExamen {
    pub resp: String,
    pub acreditado: bool,
    pub int_rest: i64,
    /// On the model's scale; null while open answers await the instructor.
    pub calificacion: Option<f64>,
    pub pendiente_revision: bool,
    /// Handed in after the limit: graded from the answers saved in time.
    pub fuera_de_tiempo: bool,
}

/// A score band of the distribution.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RangoPuntaje {
    pub desde: i64,
    pub hasta: i64,
    pub n: i64,
}

/// How one bank question fared.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EstadisticaPregunta {
    pub id_pregunta: Option<i64>,
    pub pregunta: String,
    pub tipo: String,
    pub respondidas: i64,
    /// Sum of the scores (an open answer may score part of a point).
    pub correctas: f64,
    /// The share right, percent with one decimal; null while none is graded.
    pub porcentaje: Option<f64>,
}

/// A course exam's statistics.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EstadisticasExamen {
    /// Participants with a handed-in attempt.
    pub presentados: i64,
    /// Participants whose best attempt passed.
    pub aprobados: i64,
    /// Mean percentage of the graded attempts.
    pub promedio: Option<f64>,
    pub tiempo_promedio_seg: Option<i64>,
    /// Graded attempts by percentage: 0–9, 10–19 … 90–100.
    pub distribucion: Vec<RangoPuntaje>,
    pub preguntas: Vec<EstadisticaPregunta>,
}

/// An open answer's score.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct PuntajeBody {
    /// 0–100.
    pub puntaje: f64,
}

/// The answer to scoring an open answer.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PuntajeGuardado {
    pub resp: String,
    /// The attempt had no other answer to score: it is graded now.
    pub intento_calificado: bool,
}

/// A field that is present (even as null) becomes Some.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}
