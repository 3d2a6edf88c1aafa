//! Org structure: levels N2–N7 with the registration combos, positions, plants, the
//! reference catalogues (states, countries, population types, STPS areas and
//! occupations) and the DC-3 employer data of each company.
//!
//! Other domains create nodes, positions and plants only through the functions
//! re-exported here, and read org tables only through `org::db`.

pub mod db;

pub mod dc3;
pub mod plants;
pub mod positions;
pub mod reference;
pub mod service;
pub mod stps;
pub mod structure;

pub use service::{
    NAME_MAX, PlantForm, check_name, create_node, create_plant, create_position,
    set_position_details, update_node, update_position,
};

pub use dc3::{
    EmpresaBody, Establecimiento, NuevoRepresentante, add_representative, save_company_data,
    save_establishment,
};

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// Every org route.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(structure::router(state))
        .merge(positions::router(state))
        .merge(plants::router(state))
        .merge(reference::router(state))
        .merge(stps::router(state))
        .merge(dc3::router(state))
}
