//! SQL of the realtime domain. Presence (online / offline and last change).

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "presencia",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
