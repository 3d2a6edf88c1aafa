//! Courses: a topic scheduled as a dated event (sessions, room, instructor, seats, costs,
//! meeting), its enrolments, waiting list and two-step requests, course-date requests,
//! attendance, evaluation, activities and material, and closing into the accreditation
//! ledger (through the plans domain's functions). See `docs/cursos.md`.

pub mod access;
pub mod db;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// Course list, detail and ICS (menu entry "Lista de cursos").
pub const SECCION_LISTA: &str = "cursos.lista";
/// EPV course list (only with the company's `epv` flag).
pub const SECCION_LISTA_EPV: &str = "cursos.lista_epv";
/// Calendar of courses.
pub const SECCION_CALENDARIO: &str = "cursos.calendario";
/// Today's courses panel.
pub const SECCION_PANEL: &str = "cursos.panel";
/// Online sessions (`teams` screen).
pub const SECCION_REUNIONES: &str = "tutoria.teams";
/// Schedule, edit, cancel, close and reopen courses, send e-mail to participants.
pub const SECCION_PROGRAMAR: &str = "cursos.programar";
/// Enrol and cancel participants (a Supervisor only their subordinados).
pub const SECCION_INSCRIBIR: &str = "cursos.inscribir";
/// Attendance list, evaluation, activities' grading (an Instructor only their courses).
pub const SECCION_EVALUAR: &str = "cursos.evaluar";
/// Review course-date requests.
pub const SECCION_SOLICITUDES_FECHA: &str = "cursos.solicitudes_fecha";

/// Every route of the courses domain.
pub fn router(_state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
