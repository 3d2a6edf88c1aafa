//! SQL of the org domain. Structure N2–N7, plants, positions, population types, geography
//! and the STPS catalogues and DC-3 employer data, one file per concern.

pub mod plants;
pub mod positions;
pub mod reference;
pub mod stps;
pub mod structure;

pub use plants::*;
pub use positions::*;
pub use reference::*;
pub use stps::*;
pub use structure::*;

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "estructura",
    "plantas",
    "tipos_poblacion",
    "puestos",
    "estados",
    "paises",
    "areas_tematicas",
    "ocupaciones",
    "empresas_stps",
    "representantes_dc3",
    "establecimientos_stps",
];

/// Tables of other domains that this domain's list definitions and read models join.
/// `empleados`: the positions list shows how many employees hold each position.
pub const READS: &[&str] = &["empleados"];

/// Options of an active/inactive filter.
pub(crate) const ACTIVO: &[(&str, &str)] = &[("1", "SI"), ("0", "NO")];
