//! SQL of the blocks domain. Course block types, blocks and their ordered topics.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "tipos_bloque",
    "bloques",
    "bloques_temas",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
