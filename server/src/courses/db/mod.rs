//! SQL of the courses domain, one file per concern.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "cursos",
    "cursos_sesiones",
    "cursos_inscripciones",
    "cursos_asistencias",
    "cursos_solicitudes",
    "cursos_solicitudes_fecha",
    "cursos_solicitudes_fecha_empleados",
    "cursos_actividades",
    "cursos_entregas",
    "cursos_recertificaciones",
];

/// Tables of other domains the course lists and read models join for names and rules.
/// `instructores`: whether the course's instructor is a platform user (internal).
/// Add an entry with the first query that reads it (the architecture test wants each used).
pub const READS: &[&str] = &["instructores"];

pub mod base;
// Enrolment, requests and running the course
pub mod asistencias;
pub mod inscripciones;
pub mod solicitudes;
