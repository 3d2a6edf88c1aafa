//! SQL of the resources domain. Training institutions, instructors, venues and rooms.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "instituciones",
    "instructores",
    "sedes",
    "salas",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
