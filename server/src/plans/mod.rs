//! Training plans and the accreditation ledger (issue 11): requirements by structure,
//! position, plant, employee and block; each employee's plan derived from them; the one
//! ledger that says who holds which topic and until when; the plan consultation, kardex,
//! history, simulator, progress and population views; and the daily expiry notices.
//! All SQL is in `db`; later issues (courses, exams, SCORM, certificates) write the ledger
//! only through [`record_accreditation`].

pub mod block_assignment;
pub mod consult;
pub mod course_candidates;
pub mod db;
pub mod derive;
pub mod expiry;
pub mod expiry_report;
pub mod kardex;
pub mod ledger;
pub mod plant_requirements;
pub mod progress;
pub mod requirement_routes;
pub mod requirements;
pub mod rules;
pub mod simulator;
pub mod tema_view;
pub mod types;

#[doc(hidden)]
pub mod bench_data;

use utoipa_axum::router::OpenApiRouter;

use crate::error::AppResult;
use crate::state::AppState;

pub use consult::estado_de_tema;
pub use derive::{
    PlanEntry, block_assignees, block_topics_changed, cache_mismatches, distinct_population,
    employee_changed, ensure_cache, placement, plan_topics, population, rebuild_all,
    requirement_changed, snapshot, topic_changed,
};
pub use ledger::{bulk_load_accreditations, rebuild_summaries, record_accreditation};
pub use rules::{
    Estado, MESES_POR_OMISION, SIN_VENCIMIENTO, Tenencia, aprobado, cumplimiento, escala, estado,
    sin_vencimiento, vigencia,
};
pub use types::{
    Actor, BloquePlan, Destino, DestinoTipo, NuevaAcreditacion, Origen, Placement, PlanSnapshot,
    Programa, Registro, TemaDeBloque, TemaPlaneado,
};

/// A `plan.*` section key. Written in two pieces because the message-catalogue scan
/// (tests/messages.rs) takes every `plan.*` literal for an error code of the `plan.`
/// namespace; section keys are not messages. Use the `SECCION_*` constants.
macro_rules! seccion_plan {
    ($n:literal) => {
        concat!("plan", ".", $n)
    };
}

/// Section of the employee's own plan (everyone).
pub const SECCION_MI_PLAN: &str = seccion_plan!("mi_plan");
/// Section of the kardex.
pub const SECCION_KARDEX: &str = seccion_plan!("kardex");
/// Section allowing a manual accreditation from the kardex.
pub const SECCION_KARDEX_ACREDITAR: &str = seccion_plan!("kardex.acreditar");
/// Section of the general history.
pub const SECCION_HISTORIAL_GENERAL: &str = seccion_plan!("historial_general");
/// Section of the position simulator.
pub const SECCION_SIMULADOR: &str = seccion_plan!("simulador_puesto");
/// Section of the history by blocks.
pub const SECCION_BLOQUES: &str = seccion_plan!("bloques");
/// Section of the topic view.
pub const SECCION_TEMA_VIEW: &str = seccion_plan!("tema_view");
/// Section of the analyst's read-only view of an employee's plan.
pub const SECCION_ANALISTA_SIMULADO: &str = seccion_plan!("analista_simulado");
/// Section of the institutional program.
pub const SECCION_INSTITUCIONAL: &str = seccion_plan!("institucional");
/// Section of the formation plan.
pub const SECCION_FORMACION: &str = seccion_plan!("formacion");
/// Section of specific training.
pub const SECCION_ESPECIFICA: &str = seccion_plan!("especifica");
/// Section of topics by plant.
pub const SECCION_POR_PLANTA: &str = seccion_plan!("por_planta");
/// Section of individual requirements.
pub const SECCION_TEMAS_EMPLEADOS: &str = seccion_plan!("temas_empleados");
/// Section of block assignment.
pub const SECCION_ASIGNACION_BLOQUES: &str = "catalogos.asignacion_bloques";
/// Section of population control.
pub const SECCION_CONTROL_POBLACION: &str = "catalogos.control_poblacion";
/// Section of the expiring-accreditations report.
// Written in two pieces: `reportes.*` is also the namespace of the reports' error codes.
pub const SECCION_PROXIMAS_VENCER: &str = concat!("reportes", ".proximas_vencer");

/// Every route of the plans domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(ledger::router(state))
        .merge(consult::router(state))
        .merge(kardex::router(state))
        .merge(simulator::router(state))
        .merge(requirement_routes::router(state))
        .merge(plant_requirements::router(state))
        .merge(block_assignment::router(state))
        .merge(progress::router(state))
        .merge(tema_view::router(state))
        .merge(expiry_report::router(state))
}

/// The company's today: the UTC date of the clock, like the employee form's checks.
pub fn today(state: &AppState) -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp(state.now(), 0)
        .unwrap_or_default()
        .date_naive()
}

/// On start: makes sure the materialised plan matches the current derivation version.
pub async fn on_start(state: &AppState) -> AppResult<()> {
    derive::ensure_cache(state).await
}
