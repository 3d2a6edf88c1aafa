//! Logins for new employees and the first administrator. The accounts, their profiles
//! and sessions are auth's tables: this module only calls auth's functions.

use sqlx::SqliteConnection;

use super::db;
use crate::auth::token::random_secret;
use crate::error::{AppError, AppResult, FieldErrors};
use crate::state::AppState;

/// The Participante profile every new login gets unless told otherwise.
pub const PARTICIPANTE: i64 = 8;
/// The Administrador profile.
pub const ADMINISTRADOR: i64 = 1;

/// A random password that follows the password rules.
pub fn temporary_password() -> String {
    let core = random_secret(9).replace(['-', '_'], "x");
    format!("Au{core}#{}{}", rand::random_range(10..99), "a")
}

/// A login for a new employee: Participante, with a password they must change on first
/// sign-in (`"!"` matches no password: the employee sets one by reset).
pub async fn create_login(
    conn: &mut SqliteConnection,
    cve: i64,
    password_hash: &str,
    now: &str,
) -> AppResult<()> {
    pending_auth::create_account(&mut *conn, cve, Some(password_hash), true, now).await?;
    pending_auth::add_profile(&mut *conn, cve, PARTICIPANTE, true).await?;
    Ok(())
}

/// Switches an employee's access; false when they have no login.
pub(crate) async fn set_access(
    conn: &mut SqliteConnection,
    cve: i64,
    acceso: i64,
    now: &str,
) -> AppResult<bool> {
    pending_auth::set_access(conn, cve, acceso, now).await
}

/// Creates an employee with the Administrador profile (the `aula admin create` command).
pub async fn create_admin(
    state: &AppState,
    nombre: &str,
    correo: &str,
    num_empleado: Option<&str>,
    password: &str,
) -> AppResult<i64> {
    let correo = crate::validate::lower(correo);
    let nombre = nombre.trim();
    let mut fe = FieldErrors::default();
    fe.check(!nombre.is_empty(), "nombre", "validacion.campo_requerido");
    fe.check(
        crate::validate::is_email(&correo),
        "correo",
        "validacion.correo",
    );
    fe.into_result()?;
    let now = state.now_iso();
    let hash = crate::auth::password::hash(state, password).await?;
    let mut tx = state.db.begin().await?;
    if db::unique_conflict(&mut *tx, "correo_empleado", &correo, None).await? {
        return Err(AppError::conflict("duplicado.correo"));
    }
    let num = match num_empleado {
        Some(n) => n.trim().to_string(),
        None => format!("ADMIN-{}", db::detail::count(&mut *tx).await? + 1),
    };
    crate::auth::password::check_rules(password, &num)?;
    if db::unique_conflict(&mut *tx, "num_empleado", &num, None).await? {
        return Err(AppError::conflict("duplicado.num_empleado"));
    }
    let cve = db::employee::insert_minimal(&mut *tx, &num, nombre, &correo, &now).await?;
    pending_auth::create_account(&mut tx, cve, Some(&hash), false, &now).await?;
    pending_auth::add_profile(&mut tx, cve, ADMINISTRADOR, true).await?;
    tx.commit().await?;
    Ok(cve)
}

// Until auth::db publishes these (same names and arguments), the old statements stay here.
pub(super) mod pending_auth {
    use sqlx::SqliteConnection;

    use crate::error::AppResult;

    pub async fn create_account(
        conn: &mut SqliteConnection,
        cve: i64,
        password_hash: Option<&str>,
        must_change: bool,
        now: &str,
    ) -> AppResult<()> {
        sqlx::query(
            "INSERT INTO usuarios (cve_empleado, password_hash, cambio_credenciales, actualizado) VALUES (?, ?, ?, ?)
             ON CONFLICT (cve_empleado) DO NOTHING",
        )
        .bind(cve)
        .bind(password_hash)
        .bind(i64::from(must_change))
        .bind(now)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    pub async fn add_profile(
        conn: &mut SqliteConnection,
        cve: i64,
        idperfil: i64,
        predeterminado: bool,
    ) -> AppResult<()> {
        sqlx::query(
            "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado) VALUES (?, ?, ?)
             ON CONFLICT DO NOTHING",
        )
        .bind(cve)
        .bind(idperfil)
        .bind(i64::from(predeterminado))
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    pub async fn set_access(
        conn: &mut SqliteConnection,
        cve: i64,
        acceso: i64,
        now: &str,
    ) -> AppResult<bool> {
        let done =
            sqlx::query("UPDATE usuarios SET acceso = ?, actualizado = ? WHERE cve_empleado = ?")
                .bind(acceso)
                .bind(now)
                .bind(cve)
                .execute(&mut *conn)
                .await?;
        Ok(done.rows_affected() > 0)
    }

    pub async fn has_account(conn: &mut SqliteConnection, cve: i64) -> AppResult<bool> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT cve_empleado FROM usuarios WHERE cve_empleado = ?")
                .bind(cve)
                .fetch_optional(&mut *conn)
                .await?;
        Ok(found.is_some())
    }

    pub async fn replace_profiles(
        conn: &mut SqliteConnection,
        cve: i64,
        perfiles: &[(i64, bool)],
    ) -> AppResult<()> {
        sqlx::query("DELETE FROM usuarios_perfiles WHERE cve_empleado = ?")
            .bind(cve)
            .execute(&mut *conn)
            .await?;
        for (p, predeterminado) in perfiles {
            add_profile(&mut *conn, cve, *p, *predeterminado).await?;
        }
        Ok(())
    }

    pub async fn end_sessions_without_profiles(
        conn: &mut SqliteConnection,
        cve: i64,
        perfiles: &[i64],
        motivo: &str,
        now: i64,
    ) -> AppResult<Vec<String>> {
        let placeholders = vec!["?"; perfiles.len()].join(", ");
        let sql = format!(
            "UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE cve_empleado = ? AND fin IS NULL
             AND idperfil NOT IN ({placeholders}) RETURNING id"
        );
        let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(motivo)
            .bind(cve);
        for p in perfiles {
            q = q.bind(p);
        }
        Ok(q.fetch_all(&mut *conn).await?)
    }

    pub async fn profile_named(conn: &mut SqliteConnection, name: &str) -> AppResult<Option<i64>> {
        Ok(
            sqlx::query_scalar("SELECT idperfil FROM perfiles WHERE lower(perfil) = lower(?)")
                .bind(name)
                .fetch_optional(&mut *conn)
                .await?,
        )
    }
}
