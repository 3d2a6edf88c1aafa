//! SQL of the realtime domain. Presence (online / offline and last change).

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["presencia"];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[
    // the presence read model (`presence:get`, `presence:changed`) shows names
    "empleados",
];

use sqlx::{QueryBuilder, Sqlite, SqliteExecutor};

/// Records an employee's presence state and when it changed.
pub async fn set_state<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    estado: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO presencia (cve_empleado, estado, last_changed) VALUES (?, ?, ?)
         ON CONFLICT (cve_empleado) DO UPDATE SET estado = excluded.estado, last_changed = excluded.last_changed",
    )
    .bind(cve)
    .bind(estado)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}

/// An employee's name and last presence change (none when never seen).
#[derive(sqlx::FromRow, Debug)]
pub struct PresenceRow {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub last_changed: Option<String>,
}

/// Name and last presence change of the employees in `claves` that exist (any order).
pub async fn presence_rows<'e>(
    db: impl SqliteExecutor<'e>,
    claves: &[i64],
) -> sqlx::Result<Vec<PresenceRow>> {
    if claves.is_empty() {
        return Ok(Vec::new());
    }
    let mut q = QueryBuilder::<Sqlite>::new(
        "SELECT e.cve_empleado, e.nombre_empleado, p.last_changed FROM empleados e
         LEFT JOIN presencia p ON p.cve_empleado = e.cve_empleado WHERE e.cve_empleado IN (",
    );
    let mut list = q.separated(", ");
    for cve in claves {
        list.push_bind(*cve);
    }
    q.push(")");
    q.build_query_as().fetch_all(db).await
}
