//! Topics (`temas`): the training subjects with every field of the spec, their question
//! bank, activities and topic groups (topics by plant are plant requirements of `plans`).
//! All SQL is in `db`; the bulk upload and the demo loader write through the same functions
//! as the screens.

pub mod activities;
pub mod db;
pub mod form;
pub mod groups;
pub mod questions;
pub mod topic;
pub mod types;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use form::{MODALIDADES, MODELOS, TIPOS, TemaForm};
pub use topic::{TopicFiles, check_references, save, stored};
pub use types::{TemaDetalle, TemaRef};

/// The permission section of the topics catalogue.
pub const SECCION: &str = "catalogos.temas";

/// Every route of the topics domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(topic::router(state))
        .merge(questions::router(state))
        .merge(activities::router(state))
        .merge(groups::router(state))
}
