//! SQL of the topics domain. Topics with prerequisites and tags, their question bank,
//! activities and topic groups, one file per concern.

use sqlx::SqliteExecutor;

use crate::error::{AppError, AppResult};

pub mod activities;
pub mod groups;
pub mod questions;
pub mod topic;

pub use activities::*;
pub use groups::*;
pub use questions::*;
pub use topic::*;

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
];

/// Tables of other domains that this domain's list definitions and read models join.
/// `areas_tematicas`: the topics list and a topic's detail show the thematic area's name;
/// `temas_calificaciones` (surveys): they show the topic's average rating and votes.
pub const READS: &[&str] = &["areas_tematicas", "temas_calificaciones"];

/// Whether topic `cve` exists: the one check every domain uses before referring to a topic.
pub async fn topic_exists<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT cve_tema FROM temas WHERE cve_tema = ?")
        .bind(cve)
        .fetch_optional(e)
        .await?;
    Ok(found.is_some())
}

/// Topic `cve`'s `activo` flag, if it exists.
pub async fn topic_active<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT activo FROM temas WHERE cve_tema = ?")
        .bind(cve)
        .fetch_optional(e)
        .await
}

/// 404 unless topic `cve` exists.
pub async fn require_topic<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> AppResult<()> {
    if topic_exists(e, cve).await? {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}
