//! SQL of the settings domain. Company configuration, help texts, demo entities and upgrade requests.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "ajustes",
    "cia",
    "textos_ayuda",
    "clientes_demo",
    "solicitudes_mejora",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
