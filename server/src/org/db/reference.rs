//! SQL on the reference catalogues: states, countries, population types, the national
//! occupation catalogue and the STPS thematic areas.

use serde::Serialize;
use sqlx::SqliteExecutor;
use utoipa::ToSchema;

use crate::settings::Estado;

/// A country.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Pais {
    pub cve_pais: i64,
    pub pais: String,
    /// ISO 3166-1 alpha-2.
    pub codigo: String,
}

/// A population type.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct PopulationType {
    pub cve_tipo_poblacion: i64,
    pub nombre: String,
}

/// A thematic area of the STPS catalogue (1000 Producción general … 9000 Participación social).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct AreaTematica {
    pub cve_area: i64,
    pub nombre: String,
    pub activo: i64,
}

/// An entry of the occupation catalogue: an area (`area` None) or a sub-area of `area`.
#[derive(sqlx::FromRow)]
pub struct Occupation {
    pub clave: String,
    pub nombre: String,
    pub area: Option<String>,
}

/// The Mexican states, by key.
pub async fn states<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Estado>> {
    sqlx::query_as("SELECT cve_estado, estado FROM estados ORDER BY cve_estado")
        .fetch_all(e)
        .await
}

/// Whether a state exists.
pub async fn state_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_estado FROM estados WHERE cve_estado = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// The countries, by key.
pub async fn countries<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Pais>> {
    sqlx::query_as("SELECT cve_pais, pais, codigo FROM paises ORDER BY cve_pais")
        .fetch_all(e)
        .await
}

/// Whether a country exists.
pub async fn country_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT cve_pais FROM paises WHERE cve_pais = ?")
        .bind(id)
        .fetch_optional(e)
        .await?;
    Ok(found.is_some())
}

/// The population types, by key.
pub async fn population_types<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<PopulationType>> {
    sqlx::query_as(
        "SELECT cve_tipo_poblacion, nombre FROM tipos_poblacion ORDER BY cve_tipo_poblacion",
    )
    .fetch_all(e)
    .await
}

/// Whether a population type exists.
pub async fn population_type_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT cve_tipo_poblacion FROM tipos_poblacion WHERE cve_tipo_poblacion = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await?;
    Ok(found.is_some())
}

/// The occupation catalogue, by key (each area before its sub-areas).
pub async fn occupations<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Occupation>> {
    sqlx::query_as("SELECT clave, nombre, area FROM ocupaciones ORDER BY clave")
        .fetch_all(e)
        .await
}

/// Whether an occupation key exists.
pub async fn occupation_exists<'e>(e: impl SqliteExecutor<'e>, clave: &str) -> sqlx::Result<bool> {
    let found: Option<String> = sqlx::query_scalar("SELECT clave FROM ocupaciones WHERE clave = ?")
        .bind(clave)
        .fetch_optional(e)
        .await?;
    Ok(found.is_some())
}

/// The STPS thematic areas, by key.
pub async fn thematic_areas<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<AreaTematica>> {
    sqlx::query_as("SELECT cve_area, nombre, activo FROM areas_tematicas ORDER BY cve_area")
        .fetch_all(e)
        .await
}

/// Whether a thematic area exists.
pub async fn thematic_area_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_area FROM areas_tematicas WHERE cve_area = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}
