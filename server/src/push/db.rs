//! SQL of the push domain. Web Push subscriptions.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "push_suscripciones",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
