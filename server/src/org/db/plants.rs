//! SQL on the plants (`plantas`), each of one company (N4).

use sqlx::SqliteExecutor;

use super::ACTIVO;
use super::structure::Opcion;
use crate::table::{Column, Filter, Kind, TableDef};

/// The plants list, with their company and state.
pub static PLANTS: TableDef = TableDef {
    name: "plantas",
    from: "plantas pl LEFT JOIN estructura s ON s.cve_estructura = pl.cve_n4 LEFT JOIN estados es ON es.cve_estado = pl.cve_estado",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column {
            nomfield: "cve_planta",
            title: "Clave",
            expr: "pl.cve_planta",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "nombre",
            title: "Planta",
            expr: "pl.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "pl.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "empresa",
            title: "Empresa",
            expr: "s.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "s.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "estado",
            title: "Estado",
            expr: "es.estado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "es.estado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "ciudad",
            title: "Ciudad",
            expr: "pl.ciudad",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "pl.ciudad",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "pl.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "pl.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
    ],
    date_expr: None,
    default_order: "pl.nombre, pl.cve_planta",
    key: "pl.cve_planta",
};

/// A plant as stored.
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct Plant {
    pub cve_planta: i64,
    pub nombre: String,
    /// The company (N4).
    pub cve_n4: Option<i64>,
    pub cve_pais: Option<i64>,
    pub cve_estado: Option<i64>,
    pub ciudad: Option<String>,
    pub latitud: Option<f64>,
    pub longitud: Option<f64>,
    pub activo: i64,
}

/// Whether a plant exists.
pub async fn plant_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_planta FROM plantas WHERE cve_planta = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// The plant of company `cve_n4` named exactly `nombre`.
pub async fn find_plant<'e>(
    e: impl SqliteExecutor<'e>,
    cve_n4: i64,
    nombre: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT cve_planta FROM plantas WHERE cve_n4 = ? AND nombre = ?")
        .bind(cve_n4)
        .bind(nombre)
        .fetch_optional(e)
        .await
}

/// Inserts a plant as given (the rules are `org::create_plant`'s); `cve_planta` and
/// `activo` of `p` are ignored (a new plant is active).
pub async fn insert_plant<'e>(e: impl SqliteExecutor<'e>, p: &Plant) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plantas (nombre, cve_n4, cve_pais, cve_estado, ciudad, latitud, longitud)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING cve_planta",
    )
    .bind(&p.nombre)
    .bind(p.cve_n4)
    .bind(p.cve_pais)
    .bind(p.cve_estado)
    .bind(&p.ciudad)
    .bind(p.latitud)
    .bind(p.longitud)
    .fetch_one(e)
    .await
}

/// The active plants (of one company, when given), by name.
pub async fn active_plants<'e>(
    e: impl SqliteExecutor<'e>,
    cve_n4: Option<i64>,
) -> sqlx::Result<Vec<Opcion>> {
    match cve_n4 {
        Some(n4) => {
            sqlx::query_as(
                "SELECT cve_planta AS value, nombre AS label FROM plantas
                 WHERE activo = 1 AND cve_n4 = ? ORDER BY nombre",
            )
            .bind(n4)
            .fetch_all(e)
            .await
        }
        None => {
            sqlx::query_as(
                "SELECT cve_planta AS value, nombre AS label FROM plantas WHERE activo = 1 ORDER BY nombre",
            )
            .fetch_all(e)
            .await
        }
    }
}

/// Every plant, by key.
pub async fn all_plants<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Plant>> {
    sqlx::query_as(
        "SELECT cve_planta, nombre, cve_n4, cve_pais, cve_estado, ciudad, latitud, longitud, activo
         FROM plantas ORDER BY cve_planta",
    )
    .fetch_all(e)
    .await
}
