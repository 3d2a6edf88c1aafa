//! SQL of the topics domain. Topics with prerequisites and tags, their question bank, activities, topic groups and topics by plant.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "temas",
    "temas_prerrequisitos",
    "temas_etiquetas",
    "preguntas",
    "respuestas",
    "actividades_temas",
    "grupos_temas",
    "grupos_temas_temas",
    "plantas_temas",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];
