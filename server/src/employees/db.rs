//! SQL of the employees domain.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &[
    "empleados",
    "empleados_favoritos",
    "empleados_plantas",
    "ausencias",
];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[
    // Display names: position (list column and filter, detail, session profile),
    // structure N2–N7 (the list's Empresa column, detail), plant (list, detail).
    "puestos",
    "estructura",
    "plantas",
    // Display names in the employee detail only.
    "estados",
    "paises",
    "tipos_poblacion",
    // The access and open-session columns of the list and the detail.
    "usuarios",
    "sesiones",
];

pub mod absences;
pub mod detail;
pub mod employee;
pub mod favourites;
pub mod list;
pub mod options;

use serde::Serialize;
use sqlx::{FromRow, SqliteExecutor};

use crate::validate::fold;

/// The employee fields a session user carries.
#[derive(FromRow, Serialize, Clone, Debug)]
pub struct EmployeeProfile {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
    pub rfc_empleado: Option<String>,
    pub curp: Option<String>,
    pub telefono: Option<String>,
    pub genero: Option<String>,
    pub fecha_nacimiento: Option<String>,
    pub foto_empleado: Option<String>,
    pub cve_estado: Option<i64>,
    pub puesto: Option<String>,
    pub activo: i64,
    pub baja_logica: i64,
}

/// The session fields of one employee.
pub async fn profile<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
) -> sqlx::Result<Option<EmployeeProfile>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.num_empleado, e.nombre_empleado, e.correo_empleado, e.rfc_empleado, e.curp,
                e.telefono, e.genero, e.fecha_nacimiento, e.foto_empleado, e.cve_estado, p.puesto, e.activo, e.baja_logica
         FROM empleados e LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         WHERE e.cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(db)
    .await
}

/// Direct subordinates (cve, name), active ones only.
pub async fn direct_subordinates<'e>(
    db: impl SqliteExecutor<'e>,
    boss: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT cve_empleado, nombre_empleado FROM empleados
         WHERE cve_supervisor = ? AND activo = 1 AND baja_logica = 0 ORDER BY nombre_empleado",
    )
    .bind(boss)
    .fetch_all(db)
    .await
}

/// A CTE `equipo(cve)`: the whole team below `?` (direct and indirect subordinates).
pub const SUBORDINATE_CTE: &str = "equipo(cve) AS (
        SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
        UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve
    )";

/// Whether `cve` is somewhere below `boss`.
pub async fn is_subordinate<'e>(
    db: impl SqliteExecutor<'e>,
    boss: i64,
    cve: i64,
) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "WITH RECURSIVE equipo(cve) AS (
            SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve
         ) SELECT 1 FROM equipo WHERE cve = ? LIMIT 1",
    )
    .bind(boss)
    .bind(cve)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// The text name searches compare against.
pub fn search_text(nombre: &str) -> String {
    fold(nombre)
}

/// Finds who holds a unique identifier already, other than `except`.
pub async fn unique_conflict<'e>(
    db: impl SqliteExecutor<'e>,
    column: &'static str,
    value: &str,
    except: Option<i64>,
) -> sqlx::Result<bool> {
    let sql = match column {
        "curp" => "SELECT cve_empleado FROM empleados WHERE curp = ? AND cve_empleado <> ? LIMIT 1",
        "rfc_empleado" => {
            "SELECT cve_empleado FROM empleados WHERE rfc_empleado = ? AND cve_empleado <> ? LIMIT 1"
        }
        "correo_empleado" => {
            "SELECT cve_empleado FROM empleados WHERE correo_empleado = ? AND cve_empleado <> ? LIMIT 1"
        }
        _ => {
            "SELECT cve_empleado FROM empleados WHERE num_empleado = ? AND cve_empleado <> ? LIMIT 1"
        }
    };
    let found: Option<i64> = sqlx::query_scalar(sql)
        .bind(value)
        .bind(except.unwrap_or(-1))
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// Kept for the `aula admin create` command: the function itself is a domain function.
pub use super::accounts::create_admin;

/// The fields an employee changes on their own profile (`usuarios/actualizar-perfil`).
pub struct OwnProfile<'a> {
    pub nombre_empleado: &'a str,
    pub genero: &'a str,
    pub correo_empleado: &'a str,
    pub rfc_empleado: &'a str,
    pub fecha_nacimiento: &'a str,
    pub telefono: &'a str,
    /// None keeps the current photo.
    pub foto_empleado: Option<&'a str>,
}

/// Saves an employee's own profile changes (validated by the caller).
pub async fn update_own_profile<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    p: &OwnProfile<'_>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE empleados SET nombre_empleado = ?, genero = ?, correo_empleado = ?, rfc_empleado = ?, fecha_nacimiento = ?,
                telefono = ?, foto_empleado = COALESCE(?, foto_empleado), nombre_busqueda = ?, actualizado = ? WHERE cve_empleado = ?",
    )
    .bind(p.nombre_empleado)
    .bind(p.genero)
    .bind(p.correo_empleado)
    .bind(p.rfc_empleado)
    .bind(p.fecha_nacimiento)
    .bind(p.telefono)
    .bind(p.foto_empleado)
    .bind(search_text(p.nombre_empleado))
    .bind(now)
    .bind(cve)
    .execute(db)
    .await?;
    Ok(())
}

/// Sets an employee's e-mail (a confirmed change of their own, validated by the caller).
pub async fn set_email<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    correo: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE empleados SET correo_empleado = ?, actualizado = ? WHERE cve_empleado = ?")
        .bind(correo)
        .bind(now)
        .bind(cve)
        .execute(db)
        .await?;
    Ok(())
}
