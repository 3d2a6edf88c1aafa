//! SQL of the surveys domain: course survey templates, their assignment and answers, the
//! dashboard survey and the topics' ratings, one file per concern.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "encuestas_cursos",
    "encuestas_cursos_preguntas",
    "encuestas_cursos_temas",
    "encuestas_cursos_asignaciones",
    "encuestas_cursos_participaciones",
    "encuestas_cursos_respuestas",
    "encuestas_dashboard",
    "encuestas_dashboard_perfiles",
    "encuestas_dashboard_preguntas",
    "encuestas_dashboard_participaciones",
    "encuestas_dashboard_respuestas",
    "temas_calificaciones",
];

/// Tables of other domains the surveys domain reads (each read by some query here):
/// - `temas`: the names of the topics a template applies to;
/// - `cursos`, `cursos_inscripciones`: which courses a results query covers (instructor,
///   topic, dates), how many participants they had, and the courses whose survey an
///   employee may answer now (the plan's `encuesta_pendiente`);
/// - `instructores`: an Instructor's own courses (their employee number).
pub const READS: &[&str] = &["temas", "cursos", "cursos_inscripciones", "instructores"];

pub mod calificaciones;
pub mod dashboard;
pub mod plantillas;
pub mod respuestas;
