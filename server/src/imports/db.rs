//! SQL of the imports domain. Bulk upload jobs and their error rows.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "cargas",
    "cargas_errores",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
