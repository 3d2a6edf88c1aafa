//! SQL on `sesiones`: one open web session per user, its activity and how it ended.
//! Times are Unix seconds from the app clock (`state.now()`).

use sqlx::SqliteExecutor;

use crate::auth::perms::Scope;

/// A session to record.
pub struct NewSession<'a> {
    pub id: &'a str,
    pub cve_empleado: i64,
    pub idperfil: i64,
    pub now: i64,
    pub ip: &'a str,
    pub navegador: &'a str,
    pub sistema_operativo: &'a str,
}

/// Records a new open web session.
pub async fn insert<'e>(db: impl SqliteExecutor<'e>, s: &NewSession<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sesiones (id, cve_empleado, tipo, idperfil, inicio, ultima_actividad, ip, navegador, sistema_operativo)
         VALUES (?, ?, 'web', ?, ?, ?, ?, ?, ?)",
    )
    .bind(s.id)
    .bind(s.cve_empleado)
    .bind(s.idperfil)
    .bind(s.now)
    .bind(s.now)
    .bind(s.ip)
    .bind(s.navegador)
    .bind(s.sistema_operativo)
    .execute(db)
    .await?;
    Ok(())
}

/// What the permission check needs to know about a session.
#[derive(sqlx::FromRow)]
pub struct SessionState {
    pub cve_empleado: i64,
    pub idperfil: i64,
    pub ultima_actividad: i64,
    pub fin: Option<i64>,
    pub motivo_fin: Option<String>,
}

/// The state of a session, open or ended.
pub async fn state<'e>(
    db: impl SqliteExecutor<'e>,
    sid: &str,
) -> sqlx::Result<Option<SessionState>> {
    sqlx::query_as(
        "SELECT cve_empleado, idperfil, ultima_actividad, fin, motivo_fin FROM sesiones WHERE id = ?",
    )
    .bind(sid)
    .fetch_optional(db)
    .await
}

/// Records activity on an open session.
pub async fn touch<'e>(db: impl SqliteExecutor<'e>, sid: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sesiones SET ultima_actividad = ? WHERE id = ? AND fin IS NULL")
        .bind(now)
        .bind(sid)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends one open session; false when it was not open.
pub async fn end<'e>(
    db: impl SqliteExecutor<'e>,
    sid: &str,
    motivo: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let res =
        sqlx::query("UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE id = ? AND fin IS NULL")
            .bind(now)
            .bind(motivo)
            .bind(sid)
            .execute(db)
            .await?;
    Ok(res.rows_affected() > 0)
}

/// Ends the open web session of an employee (there is at most one); returns its id.
pub async fn end_web_of<'e>(
    db: impl SqliteExecutor<'e>,
    cve_empleado: i64,
    motivo: &str,
    now: i64,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE cve_empleado = ? AND tipo = 'web' AND fin IS NULL RETURNING id",
    )
    .bind(now)
    .bind(motivo)
    .bind(cve_empleado)
    .fetch_all(db)
    .await
}

/// Sets the profile an open session works with.
pub async fn set_profile<'e>(
    db: impl SqliteExecutor<'e>,
    sid: &str,
    idperfil: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE sesiones SET idperfil = ? WHERE id = ? AND fin IS NULL")
        .bind(idperfil)
        .bind(sid)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends every open session without activity since `limit`; returns their ids.
pub async fn end_idle<'e>(
    db: impl SqliteExecutor<'e>,
    limit: i64,
    now: i64,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "UPDATE sesiones SET fin = ?, motivo_fin = 'inactividad' WHERE fin IS NULL AND ultima_actividad < ? RETURNING id",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// An open web session in the live list of active users (times in Unix seconds).
#[derive(sqlx::FromRow)]
pub struct ActiveSession {
    pub clave: i64,
    pub nombre: String,
    pub inicio: i64,
    pub ultima_actividad: i64,
}

/// The open web sessions active since `since` that `scope` may see, by employee name.
/// Read model: joins `empleados` for the names and the team (employees' `SUBORDINATE_CTE`).
pub async fn active<'e>(
    db: impl SqliteExecutor<'e>,
    since: i64,
    scope: Scope,
) -> sqlx::Result<Vec<ActiveSession>> {
    let base =
        "SELECT s.cve_empleado AS clave, e.nombre_empleado AS nombre, s.inicio, s.ultima_actividad
         FROM sesiones s JOIN empleados e ON e.cve_empleado = s.cve_empleado
         WHERE s.fin IS NULL AND s.tipo = 'web' AND s.ultima_actividad >= ?";
    match scope {
        Scope::Todos => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!("{base} ORDER BY e.nombre_empleado")))
                .bind(since)
                .fetch_all(db)
                .await
        }
        Scope::Subordinados(me) => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "WITH RECURSIVE {} {base} AND (s.cve_empleado = ? OR s.cve_empleado IN (SELECT cve FROM equipo)) ORDER BY e.nombre_empleado",
                crate::employees::db::SUBORDINATE_CTE
            )))
            .bind(me)
            .bind(since)
            .bind(me)
            .fetch_all(db)
            .await
        }
        Scope::Propio(me) => {
            sqlx::query_as(sqlx::AssertSqlSafe(format!("{base} AND s.cve_empleado = ?")))
                .bind(since)
                .bind(me)
                .fetch_all(db)
                .await
        }
    }
}
