//! Surveys and ratings: course survey templates (questions of four options) assigned to
//! topics or courses and answered once by each participant after the course, with results
//! per course and per instructor; the dashboard survey; and the topics' ratings out of 5 in
//! half steps. See `docs/encuestas.md`.

pub mod course_survey;
pub mod dashboard;
pub mod db;
pub mod form;
pub mod ratings;
pub mod templates;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::state::AppState;

pub use course_survey::{DelPlan, plan_fields};

/// Course survey templates (`encuestas_cursos`).
pub const SECCION_ENCUESTAS_CURSOS: &str = "catalogos.encuestas_cursos";
/// Results of the course surveys (an Instructor only their courses). Written in pieces
/// because the message-catalogue scan takes every `cursos.*` literal for an error code.
pub const SECCION_RESULTADOS: &str = concat!("cursos", ".", "encuestas_resultados");
/// The dashboard surveys' administration.
pub const SECCION_DASHBOARD: &str = "configuracion.encuestas";

/// Every route of the surveys domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let plantillas = || Rule::Seccion(SECCION_ENCUESTAS_CURSOS);
    let resultados = || Rule::Seccion(SECCION_RESULTADOS);
    let dashboard = || Rule::Seccion(SECCION_DASHBOARD);
    let programar = Rule::Seccion(crate::courses::SECCION_PROGRAMAR);
    OpenApiRouter::new()
        // Templates.
        .routes(secured(
            state,
            plantillas(),
            routes!(templates::table_templates),
        ))
        .routes(secured(
            state,
            plantillas(),
            routes!(templates::add_template),
        ))
        .routes(secured(
            state,
            plantillas(),
            routes!(
                templates::get_template,
                templates::edit_template,
                templates::delete_template
            ),
        ))
        // A course's template, answering and results.
        .routes(secured(
            state,
            programar,
            routes!(course_survey::get_assignment, course_survey::set_assignment),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(
                course_survey::get_course_survey,
                course_survey::answer_course
            ),
        ))
        .routes(secured(
            state,
            resultados(),
            routes!(course_survey::course_results),
        ))
        .routes(secured(
            state,
            resultados(),
            routes!(course_survey::results),
        ))
        // The dashboard survey.
        .routes(secured(
            state,
            dashboard(),
            routes!(dashboard::table_dashboard_surveys),
        ))
        .routes(secured(
            state,
            dashboard(),
            routes!(dashboard::add_dashboard_survey),
        ))
        .routes(secured(
            state,
            dashboard(),
            routes!(
                dashboard::get_dashboard_survey,
                dashboard::edit_dashboard_survey,
                dashboard::delete_dashboard_survey
            ),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(dashboard::get_dashboard, dashboard::answer_dashboard),
        ))
        // Ratings.
        .routes(secured(state, Rule::Sesion, routes!(ratings::rate)))
}
