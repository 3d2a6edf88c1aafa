//! SQL of the org domain. Structure N2–N7, plants, positions, population types, geography and the STPS catalogues and DC-3 employer data.

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
pub const READS: &[&str] = &[];
