//! SQL on the positions (`puestos`), each defined in one structure node.

use serde::Serialize;
use sqlx::SqliteExecutor;
use utoipa::ToSchema;

use super::ACTIVO;
use super::structure::NIVELES;
use crate::table::{Column, Filter, Kind, TableDef};

/// The positions list, with the node each belongs to and how many employees hold it.
pub static POSITIONS: TableDef = TableDef {
    name: "puestos",
    from: "puestos p JOIN estructura s ON s.cve_estructura = p.cve_estructura",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column {
            nomfield: "cve_puesto",
            title: "Clave",
            expr: "p.cve_puesto",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "puesto",
            title: "Puesto",
            expr: "p.puesto",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "p.puesto",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "estructura",
            title: "Estructura",
            expr: "s.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "s.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "nivel",
            title: "Nivel",
            expr: "s.nivel",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "s.nivel",
                options: NIVELES,
            },
            sortable: true,
        },
        Column {
            nomfield: "descripcion",
            title: "Descripción",
            expr: "p.descripcion",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "empleados",
            title: "Empleados",
            // Read model: the only foreign read of org (declared in READS).
            expr: "(SELECT COUNT(*) FROM empleados e WHERE e.cve_puesto = p.cve_puesto)",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "p.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "p.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
    ],
    date_expr: None,
    default_order: "p.puesto, p.cve_puesto",
    key: "p.cve_puesto",
};

/// A position.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Position {
    pub cve_puesto: i64,
    pub puesto: String,
    pub cve_estructura: i64,
    pub descripcion: Option<String>,
    pub activo: i64,
}

/// A position offered by the registration form.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct PuestoItem {
    pub cve_puesto: i64,
    pub puesto: String,
}

/// One position by key.
pub async fn position<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Position>> {
    sqlx::query_as(
        "SELECT cve_puesto, puesto, cve_estructura, descripcion, activo FROM puestos WHERE cve_puesto = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Whether a position exists (active or not).
pub async fn position_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    Ok(position_details(e, id).await?.is_some())
}

/// Whether an active position exists: the ones an employee may be given.
pub async fn active_position_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    Ok(position_details(e, id)
        .await?
        .is_some_and(|(_, activo)| activo == 1))
}

/// A position's description and active flag.
pub async fn position_details<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<(Option<String>, i64)>> {
    sqlx::query_as("SELECT descripcion, activo FROM puestos WHERE cve_puesto = ?")
        .bind(id)
        .fetch_optional(e)
        .await
}

/// The position named exactly `nombre` in node `cve_estructura`.
pub async fn find_position<'e>(
    e: impl SqliteExecutor<'e>,
    nombre: &str,
    cve_estructura: i64,
) -> sqlx::Result<Option<i64>> {
    position_named(e, cve_estructura, nombre, 0).await
}

/// A position other than `except` named `nombre` in node `cve_estructura`.
pub async fn position_named<'e>(
    e: impl SqliteExecutor<'e>,
    cve_estructura: i64,
    nombre: &str,
    except: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT cve_puesto FROM puestos WHERE cve_estructura = ? AND puesto = ? AND cve_puesto <> ?",
    )
    .bind(cve_estructura)
    .bind(nombre)
    .bind(except)
    .fetch_optional(e)
    .await
}

/// Inserts a position as given (the rules are `org::create_position`'s).
pub async fn insert_position<'e>(
    e: impl SqliteExecutor<'e>,
    nombre: &str,
    cve_estructura: i64,
    descripcion: Option<&str>,
    activo: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO puestos (puesto, cve_estructura, descripcion, activo) VALUES (?, ?, ?, ?) RETURNING cve_puesto",
    )
    .bind(nombre)
    .bind(cve_estructura)
    .bind(descripcion)
    .bind(activo)
    .fetch_one(e)
    .await
}

/// Renames, describes and (de)activates a position.
pub async fn update_position<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    nombre: &str,
    descripcion: Option<&str>,
    activo: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE puestos SET puesto = ?, descripcion = ?, activo = ? WHERE cve_puesto = ?")
        .bind(nombre)
        .bind(descripcion)
        .bind(activo)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// Sets a position's description and active flag.
pub async fn update_position_details<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    descripcion: Option<&str>,
    activo: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE puestos SET descripcion = ?, activo = ? WHERE cve_puesto = ?")
        .bind(descripcion)
        .bind(activo)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// The active positions of a node and every node below it, one per name (the lowest key
/// of each name).
pub async fn branch_positions<'e>(
    e: impl SqliteExecutor<'e>,
    cve_estructura: i64,
) -> sqlx::Result<Vec<PuestoItem>> {
    sqlx::query_as(
        "WITH RECURSIVE rama(cve) AS (
            SELECT cve_estructura FROM estructura WHERE cve_estructura = ?
            UNION SELECT e.cve_estructura FROM estructura e JOIN rama ON e.cve_padre = rama.cve
         )
         SELECT MIN(p.cve_puesto) AS cve_puesto, p.puesto FROM puestos p
         WHERE p.activo = 1 AND p.cve_estructura IN (SELECT cve FROM rama)
         GROUP BY p.puesto ORDER BY p.puesto",
    )
    .bind(cve_estructura)
    .fetch_all(e)
    .await
}

/// The active positions, by name (options of a filter).
pub async fn active_positions<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<PuestoItem>> {
    sqlx::query_as("SELECT cve_puesto, puesto FROM puestos WHERE activo = 1 ORDER BY puesto")
        .fetch_all(e)
        .await
}

/// Every position as (key, node, name), for bulk uploads that resolve positions by name.
pub async fn all_positions<'e>(
    e: impl SqliteExecutor<'e>,
) -> sqlx::Result<Vec<(i64, i64, String)>> {
    sqlx::query_as("SELECT cve_puesto, cve_estructura, puesto FROM puestos")
        .fetch_all(e)
        .await
}
