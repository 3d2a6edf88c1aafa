//! SQL of the push domain. Web Push subscriptions.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["push_suscripciones"];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[];

use sqlx::SqliteExecutor;

/// A browser's subscription to store (keys base64url without padding).
pub struct NewSubscription<'a> {
    pub cve_empleado: i64,
    pub endpoint: &'a str,
    pub p256dh: &'a str,
    pub auth: &'a str,
    pub creado: &'a str,
}

/// Stores a subscription; an endpoint seen before moves to this employee with fresh keys
/// and a clean failure count.
pub async fn upsert<'e>(db: impl SqliteExecutor<'e>, s: &NewSubscription<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO push_suscripciones (cve_empleado, endpoint, p256dh, auth, creado) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET cve_empleado = excluded.cve_empleado, p256dh = excluded.p256dh,
            auth = excluded.auth, fallos = 0",
    )
    .bind(s.cve_empleado)
    .bind(s.endpoint)
    .bind(s.p256dh)
    .bind(s.auth)
    .bind(s.creado)
    .execute(db)
    .await?;
    Ok(())
}

/// Removes an employee's subscription by endpoint (someone else's is left alone).
pub async fn delete_for_employee<'e>(
    db: impl SqliteExecutor<'e>,
    endpoint: &str,
    cve: i64,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_suscripciones WHERE endpoint = ? AND cve_empleado = ?")
        .bind(endpoint)
        .bind(cve)
        .execute(db)
        .await?;
    Ok(())
}

/// A stored subscription.
#[derive(sqlx::FromRow, Debug)]
pub struct SubscriptionRow {
    pub id: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// Every subscription of an employee.
pub async fn of_employee<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
) -> sqlx::Result<Vec<SubscriptionRow>> {
    sqlx::query_as(
        "SELECT id, endpoint, p256dh, auth FROM push_suscripciones WHERE cve_empleado = ?",
    )
    .bind(cve)
    .fetch_all(db)
    .await
}

/// A push went through: remember when and forget earlier failures.
pub async fn mark_delivered<'e>(
    db: impl SqliteExecutor<'e>,
    id: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE push_suscripciones SET ultimo_envio = ?, fallos = 0 WHERE id = ?")
        .bind(now)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// A push failed: count it.
pub async fn count_failure<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE push_suscripciones SET fallos = fallos + 1 WHERE id = ?")
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// Removes a subscription the push service says is gone.
pub async fn delete<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_suscripciones WHERE id = ?")
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}
