//! Writes of one employee row and its extra plants, and the stored form of an employee.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::employees::form::EmployeeForm;

/// Binds the form's columns in the order both statements below list them.
macro_rules! bind_form {
    ($q:expr, $f:expr, $today:expr, $now:expr) => {
        $q.bind(&$f.num_empleado)
            .bind(&$f.nombre_empleado)
            .bind(super::search_text(&$f.nombre_empleado))
            .bind(&$f.correo_empleado)
            .bind(&$f.rfc_empleado)
            .bind(&$f.curp)
            .bind(&$f.telefono)
            .bind(&$f.genero)
            .bind(&$f.fecha_nacimiento)
            .bind($f.cve_puesto)
            .bind($f.n2)
            .bind($f.n3)
            .bind($f.n4)
            .bind($f.n5)
            .bind($f.n6)
            .bind($f.n7)
            .bind($f.cve_planta)
            .bind($f.cve_pais.or(Some(1)))
            .bind($f.cve_estado)
            .bind($f.cve_tipo_poblacion)
            .bind($f.cve_supervisor)
            .bind(&$f.fecha_ingreso)
            .bind($today)
            .bind(&$f.fecha_inicio_puesto)
            .bind($f.tipo_empleado.as_deref().unwrap_or("Interno"))
            .bind(&$f.id_tarjeta)
            .bind(&$f.ocupacion)
            .bind($f.activo)
            .bind($now)
            .bind($now)
    };
}

/// Inserts an employee (country 1, type Interno and joining today unless the form says
/// otherwise); answers its key. The caller has validated the form.
pub async fn insert<'e>(
    db: impl SqliteExecutor<'e>,
    f: &EmployeeForm,
    now: &str,
) -> sqlx::Result<i64> {
    let today = now.get(..10).unwrap_or(now);
    bind_form!(
        sqlx::query_scalar(
            "INSERT INTO empleados (num_empleado, nombre_empleado, nombre_busqueda, correo_empleado, rfc_empleado, curp,
                telefono, genero, fecha_nacimiento, cve_puesto, n2, n3, n4, n5, n6, n7, cve_planta, cve_pais, cve_estado,
                cve_tipo_poblacion, cve_supervisor, fecha_ingreso, fecha_inicio_puesto, tipo_empleado, id_tarjeta, ocupacion,
                activo, creado, actualizado)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, COALESCE(?, ?), ?, ?, ?, ?, ?, ?, ?)
             RETURNING cve_empleado",
        ),
        f,
        today,
        now
    )
    .fetch_one(db)
    .await
}

/// Overwrites every form field of employee `cve` (an empty joining date keeps the stored
/// one); `None` when there is no such employee.
pub async fn update<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    f: &EmployeeForm,
    now: &str,
) -> sqlx::Result<Option<i64>> {
    let today = now.get(..10).unwrap_or(now);
    bind_form!(
        sqlx::query_scalar(
            "UPDATE empleados SET num_empleado = ?, nombre_empleado = ?, nombre_busqueda = ?, correo_empleado = ?,
                rfc_empleado = ?, curp = ?, telefono = ?, genero = ?, fecha_nacimiento = ?, cve_puesto = ?, n2 = ?, n3 = ?,
                n4 = ?, n5 = ?, n6 = ?, n7 = ?, cve_planta = ?, cve_pais = ?, cve_estado = ?, cve_tipo_poblacion = ?,
                cve_supervisor = ?, fecha_ingreso = COALESCE(?, fecha_ingreso, ?), fecha_inicio_puesto = ?, tipo_empleado = ?,
                id_tarjeta = ?, ocupacion = ?, activo = ?, creado = COALESCE(creado, ?), actualizado = ?
             WHERE cve_empleado = ? RETURNING cve_empleado",
        ),
        f,
        today,
        now
    )
    .bind(cve)
    .fetch_optional(db)
    .await
}

/// Replaces the extra plants of an employee.
pub async fn replace_extra_plants(
    conn: &mut SqliteConnection,
    cve: i64,
    plantas: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM empleados_plantas WHERE cve_empleado = ?")
        .bind(cve)
        .execute(&mut *conn)
        .await?;
    for p in plantas {
        sqlx::query("INSERT INTO empleados_plantas (cve_empleado, cve_planta) VALUES (?, ?)")
            .bind(cve)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The stored form fields of an employee (extra plants not included).
pub async fn stored<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
) -> sqlx::Result<Option<EmployeeForm>> {
    sqlx::query_as(
        "SELECT num_empleado, nombre_empleado, COALESCE(curp, '') AS curp, rfc_empleado, correo_empleado, telefono, genero,
                fecha_nacimiento, cve_puesto, n2, n3, n4, n5, n6, n7, cve_planta, cve_pais, cve_estado, cve_tipo_poblacion,
                cve_supervisor, fecha_ingreso, fecha_inicio_puesto, tipo_empleado, id_tarjeta, ocupacion, activo
         FROM empleados WHERE cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(db)
    .await
}

/// Sets or clears the baja lógica (an employee who left is also inactive and keeps the
/// day they left); false when there is no such employee.
pub async fn set_baja<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    baja: bool,
    now: &str,
) -> sqlx::Result<bool> {
    let day = now.get(..10).unwrap_or(now);
    let done = sqlx::query(
        "UPDATE empleados SET baja_logica = ?, activo = ?, baja_fecha = ?, actualizado = ? WHERE cve_empleado = ?",
    )
    .bind(i64::from(baja))
    .bind(i64::from(!baja))
    .bind(baja.then_some(day))
    .bind(now)
    .bind(cve)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Sets the photo address of an employee.
pub async fn set_photo<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    url: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE empleados SET foto_empleado = ?, actualizado = ? WHERE cve_empleado = ?")
        .bind(url)
        .bind(now)
        .bind(cve)
        .execute(db)
        .await?;
    Ok(())
}

/// Gives an employee their final number (registration assigns it once the key is known).
pub async fn set_number<'e>(db: impl SqliteExecutor<'e>, cve: i64, num: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE empleados SET num_empleado = ? WHERE cve_empleado = ?")
        .bind(num)
        .bind(cve)
        .execute(db)
        .await?;
    Ok(())
}

/// Makes `boss` the supervisor of `cve` (the caller has checked against cycles).
pub async fn set_supervisor<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    boss: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE empleados SET cve_supervisor = ? WHERE cve_empleado = ?")
        .bind(boss)
        .bind(cve)
        .execute(db)
        .await?;
    Ok(())
}

/// Inserts an employee with only a number, a name and an e-mail (the first
/// administrator, created from the command line); joining today.
pub async fn insert_minimal<'e>(
    db: impl SqliteExecutor<'e>,
    num_empleado: &str,
    nombre: &str,
    correo: &str,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO empleados (num_empleado, nombre_empleado, nombre_busqueda, correo_empleado, fecha_ingreso, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING cve_empleado",
    )
    .bind(num_empleado)
    .bind(nombre)
    .bind(super::search_text(nombre))
    .bind(correo)
    .bind(now.get(..10).unwrap_or(now))
    .bind(now)
    .bind(now)
    .fetch_one(db)
    .await
}
