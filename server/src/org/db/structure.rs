//! SQL on the structure nodes (`estructura`, levels N2–N7).

use serde::Serialize;
use sqlx::SqliteExecutor;
use utoipa::ToSchema;

use super::ACTIVO;
use crate::table::{Column, Filter, Kind, TableDef};

/// Filter options of the structure level.
pub(crate) const NIVELES: &[(&str, &str)] = &[
    ("2", "N2 Segmento"),
    ("3", "N3 Tipo de cliente"),
    ("4", "N4 Empresa"),
    ("5", "N5"),
    ("6", "N6"),
    ("7", "N7"),
];

/// The structure nodes list.
pub static NODES: TableDef = TableDef {
    name: "estructura",
    from: "estructura s LEFT JOIN estructura p ON p.cve_estructura = s.cve_padre",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column {
            nomfield: "cve_estructura",
            title: "Clave",
            expr: "s.cve_estructura",
            kind: Kind::Int,
            filter: Filter::None,
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
            nomfield: "nombre",
            title: "Nombre",
            expr: "s.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "s.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "padre",
            title: "Pertenece a",
            expr: "p.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "p.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "cve_padre",
            title: "Clave del nivel superior",
            expr: "s.cve_padre",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "s.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "s.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
    ],
    date_expr: None,
    default_order: "s.nivel, s.nombre, s.cve_estructura",
    key: "s.cve_estructura",
};

/// A structure node.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Node {
    pub cve_estructura: i64,
    pub nivel: i64,
    pub nombre: String,
    pub cve_padre: Option<i64>,
    pub activo: i64,
}

/// A value/label item of a select of structure nodes, positions or plants.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[schema(as = OpcionOrg)]
pub struct Opcion {
    pub value: i64,
    pub label: String,
}

/// One node by key.
pub async fn node<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Node>> {
    sqlx::query_as(
        "SELECT cve_estructura, nivel, nombre, cve_padre, activo FROM estructura WHERE cve_estructura = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Whether a node exists.
pub async fn node_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    Ok(node_level_and_parent(e, id).await?.is_some())
}

/// A node's level and parent, when it exists.
pub async fn node_level_and_parent<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<(i64, Option<i64>)>> {
    sqlx::query_as("SELECT nivel, cve_padre FROM estructura WHERE cve_estructura = ?")
        .bind(id)
        .fetch_optional(e)
        .await
}

/// Whether node `id` exists at `nivel` under `padre` (None: the top level).
pub async fn is_node_at<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    nivel: i64,
    padre: Option<i64>,
) -> sqlx::Result<bool> {
    Ok(node_level_and_parent(e, id)
        .await?
        .is_some_and(|(n, p)| n == nivel && p.unwrap_or(0) == padre.unwrap_or(0)))
}

/// The node named exactly `nombre` at `nivel` under `padre` (None: the top level).
pub async fn find_node<'e>(
    e: impl SqliteExecutor<'e>,
    nivel: i64,
    nombre: &str,
    padre: Option<i64>,
) -> sqlx::Result<Option<i64>> {
    node_named(e, nivel, padre, nombre, 0).await
}

/// A node other than `except` named `nombre` at `nivel` under `padre`.
pub async fn node_named<'e>(
    e: impl SqliteExecutor<'e>,
    nivel: i64,
    padre: Option<i64>,
    nombre: &str,
    except: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT cve_estructura FROM estructura
         WHERE COALESCE(cve_padre, 0) = ? AND nivel = ? AND nombre = ? AND cve_estructura <> ?",
    )
    .bind(padre.unwrap_or(0))
    .bind(nivel)
    .bind(nombre)
    .bind(except)
    .fetch_optional(e)
    .await
}

/// Inserts a node as given (the rules are `org::create_node`'s).
pub async fn insert_node<'e>(
    e: impl SqliteExecutor<'e>,
    nivel: i64,
    nombre: &str,
    padre: Option<i64>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO estructura (nivel, nombre, cve_padre) VALUES (?, ?, ?) RETURNING cve_estructura",
    )
    .bind(nivel)
    .bind(nombre)
    .bind(padre)
    .fetch_one(e)
    .await
}

/// Renames and (de)activates a node.
pub async fn update_node<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    nombre: &str,
    activo: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE estructura SET nombre = ?, activo = ? WHERE cve_estructura = ?")
        .bind(nombre)
        .bind(activo)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// The active nodes of `nivel` under `padre` (None: the top level), by name.
pub async fn active_children<'e>(
    e: impl SqliteExecutor<'e>,
    nivel: i64,
    padre: Option<i64>,
) -> sqlx::Result<Vec<Opcion>> {
    sqlx::query_as(
        "SELECT cve_estructura AS value, nombre AS label FROM estructura
         WHERE nivel = ? AND COALESCE(cve_padre, 0) = ? AND activo = 1 ORDER BY nombre",
    )
    .bind(nivel)
    .bind(padre.unwrap_or(0))
    .fetch_all(e)
    .await
}

/// The active nodes of a level, by name (e.g. the companies, N4).
pub async fn active_nodes_of_level<'e>(
    e: impl SqliteExecutor<'e>,
    nivel: i64,
) -> sqlx::Result<Vec<Opcion>> {
    sqlx::query_as(
        "SELECT cve_estructura AS value, nombre AS label FROM estructura
         WHERE nivel = ? AND activo = 1 ORDER BY nombre",
    )
    .bind(nivel)
    .fetch_all(e)
    .await
}

/// Every node as (key, level, parent, name), for bulk uploads that resolve paths by name.
pub async fn all_nodes<'e>(
    e: impl SqliteExecutor<'e>,
) -> sqlx::Result<Vec<(i64, i64, Option<i64>, String)>> {
    sqlx::query_as("SELECT cve_estructura, nivel, cve_padre, nombre FROM estructura")
        .fetch_all(e)
        .await
}
