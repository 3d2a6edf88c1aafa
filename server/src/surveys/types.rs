//! Requests and answers of the surveys domain (the shapes of docs/encuestas.md).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A survey question with its four answer options (spec: Survey).
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema, sqlx::FromRow)]
pub struct PreguntaEncuesta {
    /// Absent on a new question.
    #[serde(default)]
    pub id_pregunta: Option<i64>,
    pub pregunta: String,
    pub respuesta1: String,
    pub respuesta2: String,
    pub respuesta3: String,
    pub respuesta4: String,
}

/// A course survey template as the form sends it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct EncuestaForm {
    /// Unique.
    pub nombre: String,
    #[serde(default)]
    pub descripcion: Option<String>,
    pub activa: bool,
    /// 1–30 questions.
    pub preguntas: Vec<PreguntaEncuesta>,
    /// The topics (`cve_tema`) whose courses answer it; a topic has at most one template.
    #[serde(default)]
    pub temas: Vec<i64>,
}

/// A topic a template applies to.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct TemaEncuesta {
    pub cve_tema: i64,
    pub nombre_tema: String,
}

/// A course survey template.
#[derive(Serialize, ToSchema)]
pub struct Encuesta {
    pub id_encuesta: i64,
    pub nombre: String,
    pub descripcion: Option<String>,
    pub activa: bool,
    pub preguntas: Vec<PreguntaEncuesta>,
    pub temas: Vec<i64>,
    /// Participants who answered it.
    pub respuestas: i64,
    pub temas_detalle: Vec<TemaEncuesta>,
}

/// A course's template: its own, its topic's, or none.
#[derive(Serialize, ToSchema)]
pub struct AsignacionEncuesta {
    pub id_encuesta: Option<i64>,
    /// curso | tema | null
    pub origen: Option<String>,
    pub nombre: Option<String>,
}

/// Sets a course's own template (null = back to its topic's).
#[derive(Deserialize, ToSchema)]
pub struct AsignacionForm {
    #[serde(default)]
    pub id_encuesta: Option<i64>,
}

/// A question of the survey a participant answers, with their answer.
#[derive(Serialize, ToSchema)]
pub struct PreguntaContestable {
    pub id_pregunta: i64,
    pub pregunta: String,
    pub respuesta1: String,
    pub respuesta2: String,
    pub respuesta3: String,
    pub respuesta4: String,
    /// 0 none, 1–4 the participant's answer.
    pub selected: i64,
}

/// The survey of a course for one of its participants.
#[derive(Serialize, ToSchema)]
pub struct EncuestaCurso {
    pub id_encuesta: i64,
    pub nombre: String,
    pub descripcion: Option<String>,
    pub contestada: bool,
    pub preguntas: Vec<PreguntaContestable>,
}

/// One answer: the question and the chosen option (1–4).
#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
pub struct RespuestaEncuesta {
    pub id_pregunta: i64,
    pub selected: i64,
}

/// A participant's answers to a course's survey (every question).
#[derive(Deserialize, ToSchema)]
pub struct RespuestasCurso {
    pub respuestas: Vec<RespuestaEncuesta>,
}

/// One option of a question in the results.
#[derive(Serialize, ToSchema)]
pub struct OpcionResultado {
    pub respuesta: String,
    pub cantidad: i64,
    /// Of those who answered the question, one decimal.
    pub porcentaje: f64,
}

/// One question in the results.
#[derive(Serialize, ToSchema)]
pub struct PreguntaResultado {
    pub id_pregunta: i64,
    pub pregunta: String,
    pub opciones: Vec<OpcionResultado>,
}

/// One template in the results.
#[derive(Serialize, ToSchema)]
pub struct EncuestaResultado {
    pub id_encuesta: i64,
    pub nombre: String,
    pub preguntas: Vec<PreguntaResultado>,
}

/// Results of a course's survey.
#[derive(Serialize, ToSchema)]
pub struct Resultados {
    /// Enrolled participants.
    pub participantes: i64,
    pub contestaron: i64,
    pub encuestas: Vec<EncuestaResultado>,
}

/// Results of the course surveys over a set of courses.
#[derive(Serialize, ToSchema)]
pub struct ResultadosCursos {
    pub participantes: i64,
    pub contestaron: i64,
    pub encuestas: Vec<EncuestaResultado>,
    /// Courses covered.
    pub cursos: i64,
}

/// Filters of the results over courses (dates on the course's first session).
#[derive(Deserialize, ToSchema, Default)]
pub struct FiltroResultados {
    #[serde(default)]
    pub cve_instructor: Option<i64>,
    #[serde(default)]
    pub cve_tema: Option<i64>,
    #[serde(default)]
    pub id_encuesta: Option<i64>,
    /// AAAA-MM-DD
    #[serde(default)]
    pub desde: Option<String>,
    /// AAAA-MM-DD
    #[serde(default)]
    pub hasta: Option<String>,
}

/// A dashboard survey as the form sends it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct EncuestaDashboardForm {
    /// Title.
    pub encuesta: String,
    /// AAAA-MM-DD, not after `hasta`.
    pub desde: String,
    /// AAAA-MM-DD
    pub hasta: String,
    pub activa: bool,
    /// The profiles (`idperfil`) that see it, at least one.
    pub perfiles: Vec<i64>,
    /// 1–10 questions.
    pub preguntas: Vec<PreguntaEncuesta>,
}

/// A dashboard survey.
#[derive(Serialize, ToSchema)]
pub struct EncuestaDashboard {
    pub id_encuesta_dashboard: i64,
    pub encuesta: String,
    pub desde: String,
    pub hasta: String,
    pub activa: bool,
    pub perfiles: Vec<i64>,
    pub preguntas: Vec<PreguntaEncuesta>,
    /// Employees who answered it.
    pub respuestas: i64,
}

/// One question of the dashboard survey (spec: Survey). The counts are null until the
/// caller has answered, and always for the Contratista profile.
#[derive(Serialize, ToSchema)]
pub struct PreguntaDashboard {
    pub encuesta: String,
    pub id_pregunta: i64,
    pub pregunta: String,
    pub respuesta1: String,
    pub respuesta2: String,
    pub respuesta3: String,
    pub respuesta4: String,
    pub respuesta1_cantidad: Option<i64>,
    pub respuesta2_cantidad: Option<i64>,
    pub respuesta3_cantidad: Option<i64>,
    pub respuesta4_cantidad: Option<i64>,
    /// 0 none, 1–4 the caller's answer.
    pub selected: i64,
}

/// The dashboard survey for the caller (spec section 7: `encuestas`, `encuesta_contestada`).
#[derive(Serialize, ToSchema)]
pub struct DashboardEncuestas {
    /// Empty when no survey applies.
    pub encuestas: Vec<PreguntaDashboard>,
    pub encuesta_contestada: bool,
}

/// The caller's answers to the dashboard survey.
#[derive(Deserialize, ToSchema)]
pub struct RespuestasDashboard {
    pub encuestas: Vec<RespuestaEncuesta>,
}

/// A rating of a topic: 0.5 to 5 in half steps.
#[derive(Deserialize, ToSchema)]
pub struct RatingForm {
    pub rating: f64,
}

/// The topic's rating after saving one.
#[derive(Serialize, ToSchema)]
pub struct RatingTema {
    pub resp: String,
    /// New average (one decimal).
    pub rating: f64,
    pub votos: i64,
}
