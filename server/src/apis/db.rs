//! SQL of the apis domain. API keys for the registration API.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::table::{Column, Filter, Kind, TableDef};

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["apis", "apis_perfiles"];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[
    // The name of who created each key, in the key list and its table.
    "empleados",
    // The names of the profiles each key may create, in the key list.
    "perfiles",
];

/// An API key as listed (without the key itself).
#[derive(serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct ApiEntry {
    pub id: i64,
    pub nombre: String,
    /// First characters of the key, to recognise it.
    pub prefijo: String,
    pub creado: String,
    pub creado_por: Option<String>,
    pub ultimo_uso: Option<String>,
    pub revocado: Option<String>,
    /// The profiles the key may give to the employees it registers.
    #[sqlx(skip)]
    pub perfiles: Vec<String>,
}

/// Every key, newest first, with the name of who created it and its allowed profiles.
pub async fn list(conn: &mut SqliteConnection) -> sqlx::Result<Vec<ApiEntry>> {
    let mut keys: Vec<ApiEntry> = sqlx::query_as(
        "SELECT a.id, a.nombre, a.prefijo, a.creado, e.nombre_empleado AS creado_por, a.ultimo_uso, a.revocado
         FROM apis a LEFT JOIN empleados e ON e.cve_empleado = a.creado_por ORDER BY a.creado DESC, a.id DESC",
    )
    .fetch_all(&mut *conn)
    .await?;
    let links: Vec<(i64, String)> = sqlx::query_as(
        "SELECT ap.api_id, p.perfil FROM apis_perfiles ap JOIN perfiles p ON p.idperfil = ap.idperfil
         ORDER BY ap.api_id, p.idperfil",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (id, perfil) in links {
        if let Some(k) = keys.iter_mut().find(|k| k.id == id) {
            k.perfiles.push(perfil);
        }
    }
    Ok(keys)
}

/// Replaces the profiles a key may create.
pub async fn set_profiles(
    conn: &mut SqliteConnection,
    api_id: i64,
    perfiles: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM apis_perfiles WHERE api_id = ?")
        .bind(api_id)
        .execute(&mut *conn)
        .await?;
    for p in perfiles {
        sqlx::query("INSERT INTO apis_perfiles (api_id, idperfil) VALUES (?, ?)")
            .bind(api_id)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The profiles (idperfil) a key may create.
pub async fn allowed_profiles<'e>(
    db: impl SqliteExecutor<'e>,
    api_id: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT idperfil FROM apis_perfiles WHERE api_id = ?")
        .bind(api_id)
        .fetch_all(db)
        .await
}

const ESTATUS: &[(&str, &str)] = &[("1", "Activa"), ("0", "Revocada")];

/// The API keys list screen.
pub static APIS: TableDef = TableDef {
    name: "apis",
    from: "apis a LEFT JOIN empleados e ON e.cve_empleado = a.creado_por",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column {
            nomfield: "id",
            title: "Clave",
            expr: "a.id",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "nombre",
            title: "Nombre",
            expr: "a.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "a.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "prefijo",
            title: "Token",
            expr: "a.prefijo || '…'",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "creado",
            title: "Creado",
            expr: "a.creado",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "creado_por",
            title: "Creado por",
            expr: "e.nombre_empleado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.nombre_empleado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "ultimo_uso",
            title: "Último uso",
            expr: "a.ultimo_uso",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "estatus",
            title: "Estatus",
            expr: "CASE WHEN a.revocado IS NULL THEN 1 ELSE 0 END",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "(CASE WHEN a.revocado IS NULL THEN 1 ELSE 0 END)",
                options: ESTATUS,
            },
            sortable: true,
        },
    ],
    date_expr: Some("a.creado"),
    default_order: "a.creado DESC, a.id DESC",
    key: "a.id",
};

/// A new key to store (only its hash and first characters).
pub struct NewKey<'a> {
    pub nombre: &'a str,
    pub token_hash: &'a str,
    pub prefijo: &'a str,
    pub creado_por: i64,
    pub now: &'a str,
}

/// Stores a key unless an active one has the same name; its id, or None on a duplicate.
pub async fn create(conn: &mut SqliteConnection, k: &NewKey<'_>) -> sqlx::Result<Option<i64>> {
    let dup: Option<i64> =
        sqlx::query_scalar("SELECT id FROM apis WHERE nombre = ? AND revocado IS NULL")
            .bind(k.nombre)
            .fetch_optional(&mut *conn)
            .await?;
    if dup.is_some() {
        return Ok(None);
    }
    let id = sqlx::query_scalar(
        "INSERT INTO apis (nombre, token_hash, prefijo, creado_por, creado) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(k.nombre)
    .bind(k.token_hash)
    .bind(k.prefijo)
    .bind(k.creado_por)
    .bind(k.now)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some(id))
}

/// Revokes an active key; false when there is none with that id.
pub async fn revoke<'e>(db: impl SqliteExecutor<'e>, id: i64, now: &str) -> sqlx::Result<bool> {
    let res = sqlx::query("UPDATE apis SET revocado = ? WHERE id = ? AND revocado IS NULL")
        .bind(now)
        .bind(id)
        .execute(db)
        .await?;
    Ok(res.rows_affected() > 0)
}

/// The id of the active key with this hash.
pub async fn active_key<'e>(
    db: impl SqliteExecutor<'e>,
    token_hash: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT id FROM apis WHERE token_hash = ? AND revocado IS NULL")
        .bind(token_hash)
        .fetch_optional(db)
        .await
}

/// Records that a key was just used.
pub async fn record_use<'e>(db: impl SqliteExecutor<'e>, id: i64, now: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE apis SET ultimo_uso = ? WHERE id = ?")
        .bind(now)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}
