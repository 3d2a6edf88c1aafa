//! Exams: definitions per topic and per course drawn from the topic's question bank, the
//! course exam's lifecycle (generated, assigned, activated by the instructor only, deleted),
//! the participant's attempts with autosave, server-side timing and grading, the results
//! and the grading queue of open answers. See `docs/examenes.md`.

pub mod course;
pub mod db;
pub mod definitions;
pub mod grading;
pub mod plan_fields;
pub mod results;
pub mod seed;
pub mod taking;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::state::AppState;

/// A section key of this domain, written in two pieces (see `courses::seccion_cursos`: the
/// message-catalogue scan takes every `cursos.*` literal for an error code).
macro_rules! seccion_cursos {
    ($n:literal) => {
        concat!("cursos", ".", $n)
    };
}

/// Generate, assign, activate and delete a course's exam (an Instructor only their courses;
/// activation only by the course's instructor).
pub const SECCION_EXAMENES: &str = seccion_cursos!("examenes");
/// Statistics, results and the grading queue of open answers.
pub const SECCION_RESULTADOS: &str = seccion_cursos!("examenes_resultados");

/// Every route of the exams domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let temas = Rule::Seccion(crate::topics::SECCION);
    let examenes = Rule::Seccion(SECCION_EXAMENES);
    let resultados = Rule::Seccion(SECCION_RESULTADOS);
    OpenApiRouter::new()
        .routes(secured(
            state,
            temas,
            routes!(
                definitions::get_topic_exam,
                definitions::set_topic_exam,
                definitions::delete_topic_exam
            ),
        ))
        .routes(secured(
            state,
            examenes,
            routes!(
                course::get_course_exam,
                course::generate_exam,
                course::update_exam,
                course::delete_exam
            ),
        ))
        .routes(secured(state, examenes, routes!(course::assign_exam)))
        .routes(secured(state, examenes, routes!(course::activate_exam)))
        .routes(secured(state, examenes, routes!(course::deactivate_exam)))
        .routes(secured(
            state,
            resultados,
            routes!(results::exam_statistics),
        ))
        .routes(secured(state, resultados, routes!(results::table_results)))
        .routes(secured(state, resultados, routes!(results::table_review)))
        .routes(secured(state, resultados, routes!(results::score_answer)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(taking::get_exam, taking::hand_in),
        ))
        .routes(secured(state, Rule::Sesion, routes!(taking::save_answer)))
}
