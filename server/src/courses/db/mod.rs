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

/// Tables of other domains the courses domain reads (each read by some query here; the
/// architecture test wants each used):
/// - `temas`, `actividades_temas`, `temas_prerrequisitos`: a course's defaults, names,
///   activities and the prerequisites an enrolment must hold come from its topic;
/// - `salas`, `sedes`, `plantas`: the references a course names and their names in lists;
/// - `instructores`: whether the course's instructor is a platform user (internal);
/// - `empleados`, `puestos`: who the employee is (checks, the participants list);
/// - `perfiles`: the profiles that may resolve a request;
/// - `plan_estado_temas`: the recertification pass finds accreditations about to expire.
pub const READS: &[&str] = &[
    "temas",
    "actividades_temas",
    "temas_prerrequisitos",
    "salas",
    "sedes",
    "plantas",
    "instructores",
    "empleados",
    "puestos",
    "perfiles",
    "plan_estado_temas",
];

pub mod base;

// Scheduling, lists, closing.
pub mod cierre;
pub mod cursos;
pub mod listas;
pub mod sesiones;

// Enrolment, requests and running the course
pub mod actividades;
pub mod asistencias;
pub mod inscripciones;
pub mod solicitudes;

// E-mail recipients, recertification.
pub mod bench;
pub mod correo;
pub mod recertificaciones;
pub mod reuniones;
