//! SQL of the auth domain. Profiles, sections and their matrix; user accounts with their profiles; sessions, reset links and attempt counters.

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
