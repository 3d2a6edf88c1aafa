//! SQL of the settings domain. Company configuration, help texts, demo entities and upgrade requests.

use sqlx::SqliteExecutor;

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "ajustes",
    "cia",
    "textos_ayuda",
    "clientes_demo",
    "solicitudes_mejora",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];

/// The stored company configuration (a JSON object), if any.
pub async fn cia_json<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT datos FROM cia WHERE id = 1")
        .fetch_optional(db)
        .await
}

/// Stores the company configuration (a JSON object).
pub async fn save_cia_json<'e>(
    db: impl SqliteExecutor<'e>,
    datos: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cia SET datos = ?, actualizado = ? WHERE id = 1")
        .bind(datos)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// The active help texts, by id.
pub async fn help_texts<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<super::TextoAyuda>> {
    sqlx::query_as(
        "SELECT id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues,
                contenido_portugues, status FROM textos_ayuda WHERE status = 1 ORDER BY id_traduccion",
    )
    .fetch_all(db)
    .await
}

/// A demo entity offered on the login page.
#[derive(serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct ClienteDemo {
    pub cve_cliente: i64,
    pub nombre_cliente: String,
}

/// The demo entities, by name.
pub async fn demo_clients<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<ClienteDemo>> {
    sqlx::query_as("SELECT cve_cliente, nombre_cliente FROM clientes_demo ORDER BY nombre_cliente")
        .fetch_all(db)
        .await
}

/// Whether a demo entity exists.
pub async fn demo_client_exists<'e>(
    db: impl SqliteExecutor<'e>,
    cve_cliente: i64,
) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_cliente FROM clientes_demo WHERE cve_cliente = ?")
            .bind(cve_cliente)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// The values of some settings, as (key, value).
pub async fn settings<'e>(
    db: impl SqliteExecutor<'e>,
    claves: &[&str],
) -> sqlx::Result<Vec<(String, String)>> {
    if claves.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders = vec!["?"; claves.len()].join(", ");
    let sql = format!("SELECT clave, valor FROM ajustes WHERE clave IN ({placeholders})");
    let mut q = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for c in claves {
        q = q.bind(*c);
    }
    q.fetch_all(db).await
}

/// Records a request to upgrade to the full product.
pub async fn insert_upgrade_request<'e>(
    db: impl SqliteExecutor<'e>,
    correo_cliente: &str,
    cve_empleado: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO solicitudes_mejora (correo_cliente, cve_empleado, creado) VALUES (?, ?, ?)",
    )
    .bind(correo_cliente)
    .bind(cve_empleado)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// Adds a demo entity (the demo loader).
pub async fn add_demo_client<'e>(
    db: impl SqliteExecutor<'e>,
    cve_cliente: i64,
    nombre_cliente: &str,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO clientes_demo (cve_cliente, nombre_cliente) VALUES (?, ?)")
        .bind(cve_cliente)
        .bind(nombre_cliente)
        .execute(db)
        .await?;
    Ok(())
}
