//! SQL of the apis domain. API keys for the registration API.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "apis",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
