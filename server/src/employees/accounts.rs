//! Logins for new employees and the first administrator. The accounts, their profiles
//! and sessions are auth's tables: this module only calls auth's functions.

use sqlx::SqliteConnection;

use super::db;
use crate::auth::db as auth_db;
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
/// sign-in, or none at all (`None`: the employee sets one through password recovery).
pub async fn create_login(
    conn: &mut SqliteConnection,
    cve: i64,
    password_hash: Option<&str>,
    now: &str,
) -> AppResult<()> {
    auth_db::create_account(&mut *conn, cve, password_hash, true, now).await?;
    auth_db::add_profile(&mut *conn, cve, PARTICIPANTE, true).await?;
    Ok(())
}

/// Switches an employee's access; false when they have no login.
pub(crate) async fn set_access(
    conn: &mut SqliteConnection,
    cve: i64,
    acceso: i64,
    now: &str,
) -> AppResult<bool> {
    Ok(auth_db::set_access(conn, cve, acceso, now).await?)
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
    crate::plans::employee_changed(&mut tx, cve, crate::plans::PlanSnapshot::default(), &now)
        .await?;
    auth_db::create_account(&mut tx, cve, Some(&hash), false, &now).await?;
    auth_db::add_profile(&mut tx, cve, ADMINISTRADOR, true).await?;
    tx.commit().await?;
    Ok(cve)
}
