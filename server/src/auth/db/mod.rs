//! SQL of the auth domain. Profiles, sections and their matrix; user accounts with their profiles; sessions, reset links and attempt counters.

pub mod accounts;

pub use accounts::{
    add_profile, create_account, end_sessions_of, end_sessions_without_profiles, has_account,
    profile_named, replace_profiles, set_access,
};

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "perfiles",
    "secciones",
    "perfiles_secciones",
    "usuarios",
    "usuarios_perfiles",
    "sesiones",
    "restablecimientos",
    "limites_intentos",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
