//! The employee detail read model and the small lookups around one employee.

use sqlx::SqliteExecutor;

use crate::employees::types::EmployeeDetail;

/// One employee with the display names of its references; `viewer` marks `favorito`.
/// The lists (`perfiles`, `plantas`, `ausencias`, `subordinados`) are filled by the caller.
pub async fn detail<'e>(
    db: impl SqliteExecutor<'e>,
    viewer: i64,
    cve: i64,
) -> sqlx::Result<Option<EmployeeDetail>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.num_empleado, e.nombre_empleado, e.correo_empleado, e.rfc_empleado, e.curp, e.telefono,
                e.genero, e.fecha_nacimiento, e.foto_empleado, e.foto_empleado AS foto_url, e.cve_estado, es.estado, e.cve_puesto, p.puesto,
                e.n2, e.n3, e.n4, e.n5, e.n6, e.n7,
                s2.nombre AS n2_nombre, s3.nombre AS n3_nombre, s4.nombre AS n4_nombre, s5.nombre AS n5_nombre,
                s6.nombre AS n6_nombre, s7.nombre AS n7_nombre,
                e.cve_planta, pl.nombre AS planta, e.cve_pais, pa.pais, e.cve_tipo_poblacion, tp.nombre AS tipo_poblacion,
                e.cve_supervisor, sup.nombre_empleado AS supervisor, sup.nombre_empleado AS nombre_supervisor,
                e.id_tarjeta, e.tipo_empleado, e.ocupacion, e.fecha_ingreso, e.fecha_inicio_puesto, e.activo, e.baja_logica,
                COALESCE((SELECT u.acceso FROM usuarios u WHERE u.cve_empleado = e.cve_empleado), 0) AS acceso,
                EXISTS (SELECT 1 FROM sesiones s WHERE s.cve_empleado = e.cve_empleado AND s.fin IS NULL) AS sesion_activa,
                EXISTS (SELECT 1 FROM empleados_favoritos f WHERE f.cve_empleado = ? AND f.cve_favorito = e.cve_empleado) AS favorito
         FROM empleados e
         LEFT JOIN estados es ON es.cve_estado = e.cve_estado
         LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         LEFT JOIN estructura s2 ON s2.cve_estructura = e.n2 LEFT JOIN estructura s3 ON s3.cve_estructura = e.n3
         LEFT JOIN estructura s4 ON s4.cve_estructura = e.n4 LEFT JOIN estructura s5 ON s5.cve_estructura = e.n5
         LEFT JOIN estructura s6 ON s6.cve_estructura = e.n6 LEFT JOIN estructura s7 ON s7.cve_estructura = e.n7
         LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta LEFT JOIN paises pa ON pa.cve_pais = e.cve_pais
         LEFT JOIN tipos_poblacion tp ON tp.cve_tipo_poblacion = e.cve_tipo_poblacion
         LEFT JOIN empleados sup ON sup.cve_empleado = e.cve_supervisor
         WHERE e.cve_empleado = ?",
    )
    .bind(viewer)
    .bind(cve)
    .fetch_optional(db)
    .await
}

/// The plants of an employee besides the main one.
pub async fn extra_plants<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT cve_planta FROM empleados_plantas WHERE cve_empleado = ? ORDER BY cve_planta",
    )
    .bind(cve)
    .fetch_all(db)
    .await
}

/// How many employees report directly to `cve` (active or not).
pub async fn count_direct_reports<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM empleados WHERE cve_supervisor = ?")
        .bind(cve)
        .fetch_one(db)
        .await
}

/// Whether an employee with this key exists.
pub async fn exists<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(cve)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// Whether an employee exists and has not left (baja lógica): who may be given a role
/// such as internal instructor.
pub async fn exists_not_gone<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE cve_empleado = ? AND baja_logica = 0",
    )
    .bind(cve)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// The key of the employee with this number.
pub async fn find_by_number<'e>(
    db: impl SqliteExecutor<'e>,
    num_empleado: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE num_empleado = ?")
        .bind(num_empleado)
        .fetch_optional(db)
        .await
}

/// The key of the employee with this number or, failing that, this CURP (how a bulk
/// upload row finds the employee it updates).
pub async fn find_by_number_or_curp<'e>(
    db: impl SqliteExecutor<'e>,
    num_empleado: &str,
    curp: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE num_empleado = ?
         UNION ALL SELECT cve_empleado FROM empleados WHERE curp = ? LIMIT 1",
    )
    .bind(num_empleado)
    .bind(curp)
    .fetch_optional(db)
    .await
}

/// How many employees the company has (any state).
pub async fn count<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM empleados")
        .fetch_one(db)
        .await
}
