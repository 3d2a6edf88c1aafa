//! SQL of the resources domain: training institutions, instructors, venues and rooms,
//! one file per concern.

pub mod institutions;
pub mod instructors;
pub mod venues;

pub use institutions::*;
pub use instructors::*;
pub use venues::*;

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["instituciones", "instructores", "sedes", "salas"];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];

/// A value/label item of a select of training resources.
#[derive(serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[schema(as = OpcionRecurso)]
pub struct Opcion {
    pub value: i64,
    pub label: String,
}

/// Sets the image key of one row of `table` (a fixed statement per table); answers the key
/// it replaced, or None when the row does not exist.
async fn set_image(
    conn: &mut sqlx::SqliteConnection,
    select: &'static str,
    update: &'static str,
    id: i64,
    key: &str,
) -> sqlx::Result<Option<Option<String>>> {
    let old: Option<Option<String>> = sqlx::query_scalar(select)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    if old.is_some() {
        sqlx::query(update)
            .bind(key)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(old)
}
