//! SQL of the notifications domain. Notifications and the channels each profile receives.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "notificaciones",
    "perfiles_canales",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
