//! SQL of the auth domain. Profiles, sections and their matrix; user accounts with their profiles; sessions, reset links, pending e-mail changes and attempt counters.
//!
//! User accounts (`usuarios`) and their profiles (`usuarios_perfiles`) are written only
//! here: employees, bulk uploads, resources and the demo loader call these functions
//! inside their own transactions.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "perfiles",
    "secciones",
    "perfiles_secciones",
    "usuarios",
    "usuarios_perfiles",
    "sesiones",
    "restablecimientos",
    "limites_intentos",
    "cambios_correo",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[
    // The login and reset lookups by CURP/RFC/e-mail (db/login.rs) and the names in the
    // live list of active sessions (db/sessions.rs).
    "empleados",
];

pub mod identity;
pub mod limits;
pub mod login;
pub mod permissions;
pub mod resets;
pub mod sessions;

use sqlx::SqliteConnection;

/// The stored hash of an account without a password yet: no password verifies against
/// it (see `auth::password::verify`), so the employee sets one through a reset link.
pub const NO_PASSWORD: &str = "!";

/// Creates the login of an employee; does nothing when the employee already has one.
/// `password_hash` `None` creates it without a password ([`NO_PASSWORD`]);
/// `must_change` makes the first sign-in ask for a new password. `now` is ISO 8601.
pub async fn create_account(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    password_hash: Option<&str>,
    must_change: bool,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO usuarios (cve_empleado, password_hash, cambio_credenciales, actualizado) VALUES (?, ?, ?, ?)
         ON CONFLICT (cve_empleado) DO NOTHING",
    )
    .bind(cve_empleado)
    .bind(password_hash.unwrap_or(NO_PASSWORD))
    .bind(i64::from(must_change))
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Creates many logins at once (the demo company): each `(cve_empleado, idperfil)` gets
/// an account as [`create_account`] makes it, with that profile as its default. Rows go
/// in multi-row statements, so 100,000 logins cost a few hundred statements.
pub async fn create_accounts(
    conn: &mut SqliteConnection,
    accounts: &[(i64, i64)],
    password_hash: Option<&str>,
    must_change: bool,
    now: &str,
) -> sqlx::Result<()> {
    // 4 bound values a row keeps each statement under SQLite's 32,766-variable limit.
    for chunk in accounts.chunks(500) {
        let mut q = sqlx::QueryBuilder::<sqlx::Sqlite>::new(
            "INSERT INTO usuarios (cve_empleado, password_hash, cambio_credenciales, actualizado) ",
        );
        q.push_values(chunk, |mut row, (cve, _)| {
            row.push_bind(*cve)
                .push_bind(password_hash.unwrap_or(NO_PASSWORD))
                .push_bind(i64::from(must_change))
                .push_bind(now);
        });
        q.push(" ON CONFLICT (cve_empleado) DO NOTHING");
        q.build().execute(&mut *conn).await?;
        let mut q = sqlx::QueryBuilder::<sqlx::Sqlite>::new(
            "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado) ",
        );
        q.push_values(chunk, |mut row, (cve, perfil)| {
            row.push_bind(*cve).push_bind(*perfil).push_bind(1i64);
        });
        q.push(" ON CONFLICT (cve_empleado, idperfil) DO NOTHING");
        q.build().execute(&mut *conn).await?;
    }
    Ok(())
}

/// Gives an employee a profile; does nothing when they have it already.
pub async fn add_profile(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    idperfil: i64,
    predeterminado: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado) VALUES (?, ?, ?)
         ON CONFLICT (cve_empleado, idperfil) DO NOTHING",
    )
    .bind(cve_empleado)
    .bind(idperfil)
    .bind(i64::from(predeterminado))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Replaces all of an employee's profiles with `perfiles` (idperfil, is the default).
pub async fn replace_profiles(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    perfiles: &[(i64, bool)],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM usuarios_perfiles WHERE cve_empleado = ?")
        .bind(cve_empleado)
        .execute(&mut *conn)
        .await?;
    for (idperfil, predeterminado) in perfiles {
        add_profile(&mut *conn, cve_empleado, *idperfil, *predeterminado).await?;
    }
    Ok(())
}

/// Switches an employee's platform access (1 on, 0 off); false when they have no login.
/// Ending their session when access goes off is the caller's part (`end_sessions_of`).
pub async fn set_access(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    acceso: i64,
    now: &str,
) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE usuarios SET acceso = ?, actualizado = ? WHERE cve_empleado = ?")
            .bind(acceso)
            .bind(now)
            .bind(cve_empleado)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() > 0)
}

/// Whether an employee has a login.
pub async fn has_account(conn: &mut SqliteConnection, cve_empleado: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM usuarios WHERE cve_empleado = ?")
            .bind(cve_empleado)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(found.is_some())
}

/// The id of the profile with this name (case-insensitive), as bulk uploads name them.
pub async fn profile_named(conn: &mut SqliteConnection, name: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT idperfil FROM perfiles WHERE lower(perfil) = lower(?)")
        .bind(name)
        .fetch_optional(&mut *conn)
        .await
}

/// Ends every open session of an employee inside the caller's transaction and returns
/// their ids; after commit the caller tells their sockets with
/// `auth::session::announce_ended(state, &ids, motivo)`. `now` is Unix seconds (what
/// `sesiones.fin` stores: `state.now()`).
pub async fn end_sessions_of(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    motivo: &str,
    now: i64,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE cve_empleado = ? AND fin IS NULL RETURNING id",
    )
    .bind(now)
    .bind(motivo)
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}

/// Ends the open sessions of an employee that work with a profile not in `perfiles`
/// (after their profiles changed); returns their ids like [`end_sessions_of`].
pub async fn end_sessions_without_profiles(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    perfiles: &[i64],
    motivo: &str,
    now: i64,
) -> sqlx::Result<Vec<String>> {
    if perfiles.is_empty() {
        return end_sessions_of(conn, cve_empleado, motivo, now).await;
    }
    let placeholders = vec!["?"; perfiles.len()].join(", ");
    let sql = format!(
        "UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE cve_empleado = ? AND fin IS NULL
         AND idperfil NOT IN ({placeholders}) RETURNING id"
    );
    let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql))
        .bind(now)
        .bind(motivo)
        .bind(cve_empleado);
    for p in perfiles {
        q = q.bind(p);
    }
    q.fetch_all(&mut *conn).await
}

/// Remembers the device token for mobile notifications of a user.
pub async fn set_tokenfcm<'e>(
    db: impl sqlx::SqliteExecutor<'e>,
    cve_empleado: i64,
    tokenfcm: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE usuarios SET tokenfcm = ? WHERE cve_empleado = ?")
        .bind(tokenfcm)
        .bind(cve_empleado)
        .execute(db)
        .await?;
    Ok(())
}

/// The stored password hash of a user.
pub async fn password_hash<'e>(
    db: impl sqlx::SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT password_hash FROM usuarios WHERE cve_empleado = ?")
        .bind(cve_empleado)
        .fetch_optional(db)
        .await
}

/// Sets a user's password hash; `must_change` asks for a new one at the next sign-in.
/// False when the employee has no login.
pub async fn set_password<'e>(
    db: impl sqlx::SqliteExecutor<'e>,
    cve_empleado: i64,
    password_hash: &str,
    must_change: bool,
    now: &str,
) -> sqlx::Result<bool> {
    let res = sqlx::query(
        "UPDATE usuarios SET password_hash = ?, cambio_credenciales = ?, actualizado = ? WHERE cve_empleado = ?",
    )
    .bind(password_hash)
    .bind(i64::from(must_change))
    .bind(now)
    .bind(cve_empleado)
    .execute(db)
    .await?;
    Ok(res.rows_affected() > 0)
}
