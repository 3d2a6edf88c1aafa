//! Read models that find a user by what they type: the login identifier and the
//! password-reset form. They join `empleados` (identifiers, active flags, names), which
//! auth declares in `READS` for exactly these lookups.

use sqlx::SqliteExecutor;

/// What the login needs to know about the user an identifier names.
#[derive(sqlx::FromRow)]
pub struct LoginCandidate {
    pub cve_empleado: i64,
    pub password_hash: String,
    pub cambio_credenciales: i64,
    /// The employee is active and their access is on.
    pub activo: i64,
    pub baja_logica: i64,
}

/// The user whose CURP or RFC is `upper` or whose e-mail is `lower`.
pub async fn by_identifier<'e>(
    db: impl SqliteExecutor<'e>,
    upper: &str,
    lower: &str,
) -> sqlx::Result<Option<LoginCandidate>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, u.password_hash, u.cambio_credenciales,
                CASE WHEN u.acceso = 1 THEN e.activo ELSE 0 END AS activo, e.baja_logica
         FROM empleados e JOIN usuarios u ON u.cve_empleado = e.cve_empleado
         WHERE e.curp = ?1 OR e.rfc_empleado = ?1 OR e.correo_empleado = ?2 LIMIT 1",
    )
    .bind(upper)
    .bind(lower)
    .fetch_optional(db)
    .await
}

/// The active user (cve, name) with this e-mail and CURP or employee number.
pub async fn for_reset<'e>(
    db: impl SqliteExecutor<'e>,
    email: &str,
    curp: &str,
    num_empleado: &str,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.nombre_empleado FROM empleados e JOIN usuarios u ON u.cve_empleado = e.cve_empleado
         WHERE e.correo_empleado = ? AND (e.curp = ? OR e.num_empleado = ?) AND e.activo = 1 AND e.baja_logica = 0",
    )
    .bind(email)
    .bind(curp)
    .bind(num_empleado)
    .fetch_optional(db)
    .await
}

/// The e-mail addresses of the active employees who hold a profile (e.g. the
/// administrators to tell about an upgrade request).
pub async fn emails_with_profile<'e>(
    db: impl SqliteExecutor<'e>,
    idperfil: i64,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT DISTINCT e.correo_empleado FROM empleados e JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado
         WHERE up.idperfil = ? AND e.correo_empleado IS NOT NULL AND e.activo = 1 AND e.baja_logica = 0",
    )
    .bind(idperfil)
    .fetch_all(db)
    .await
}
