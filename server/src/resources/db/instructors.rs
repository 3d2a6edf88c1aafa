//! SQL on the instructors (`instructores`): internal ones are employees, external ones
//! may belong to an institution.

use sqlx::{SqliteConnection, SqliteExecutor};

use super::Opcion;
use crate::resources::types::Instructor;
use crate::table::{Column, Kind, TableDef};

const INTERNO: &[(&str, &str)] = &[("1", "Interno"), ("0", "Externo")];

/// The instructors list, with their institution.
pub static INSTRUCTORS: TableDef = TableDef {
    name: "instructores",
    from: "instructores t LEFT JOIN instituciones i ON i.cve_institucion = t.cve_institucion",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_instructor", "Clave", "t.cve_instructor"),
        Column::text("nombre", "Instructor", "t.nombre"),
        Column::fixed("interno", "Tipo", "t.interno", Kind::Int, INTERNO),
        Column::text("especialidad", "Especialidad", "t.especialidad"),
        Column::text("correo", "Correo", "t.correo"),
        Column::text("usuario", "Usuario", "t.usuario"),
        Column::text("rfc", "RFC", "t.rfc"),
        Column::text("registro_stps", "Registro STPS", "t.registro_stps"),
        Column::text("institucion", "Institución", "i.nombre"),
        Column::flag("tiene_firma", "Tiene firma", "(t.firma IS NOT NULL)"),
        Column::flag("activo", "Activo", "t.activo"),
    ],
    date_expr: None,
    default_order: "t.nombre",
    key: "t.cve_instructor",
};

/// One instructor by key, with its signature key.
pub async fn instructor<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Option<Instructor>> {
    sqlx::query_as(
        "SELECT cve_instructor, interno, cve_empleado, nombre, correo, usuario, especialidad, rfc, registro_stps,
                cve_institucion, activo, firma FROM instructores WHERE cve_instructor = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// Whether an instructor exists.
pub async fn instructor_exists<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT cve_instructor FROM instructores WHERE cve_instructor = ?")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(found.is_some())
}

/// Whether an employee exists and has not left: who may be an internal instructor
/// (asked of the employees domain).
pub async fn active_employee_exists<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<bool> {
    crate::employees::db::detail::exists_not_gone(e, cve_empleado).await
}

/// Inserts an instructor; answers its key.
pub async fn insert_instructor<'e>(
    e: impl SqliteExecutor<'e>,
    b: &Instructor,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO instructores (interno, cve_empleado, nombre, correo, usuario, especialidad, rfc, registro_stps,
            cve_institucion, activo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cve_instructor",
    )
    .bind(b.interno)
    .bind(b.cve_empleado)
    .bind(&b.nombre)
    .bind(&b.correo)
    .bind(&b.usuario)
    .bind(&b.especialidad)
    .bind(&b.rfc)
    .bind(&b.registro_stps)
    .bind(b.cve_institucion)
    .bind(b.activo)
    .fetch_one(e)
    .await
}

/// Replaces an instructor's data (not its signature); answers whether it exists.
pub async fn update_instructor<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    b: &Instructor,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE instructores SET interno = ?, cve_empleado = ?, nombre = ?, correo = ?, usuario = ?, especialidad = ?,
            rfc = ?, registro_stps = ?, cve_institucion = ?, activo = ? WHERE cve_instructor = ?",
    )
    .bind(b.interno)
    .bind(b.cve_empleado)
    .bind(&b.nombre)
    .bind(&b.correo)
    .bind(&b.usuario)
    .bind(&b.especialidad)
    .bind(&b.rfc)
    .bind(&b.registro_stps)
    .bind(b.cve_institucion)
    .bind(b.activo)
    .bind(id)
    .execute(e)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The active instructors, by name (external ones marked).
pub async fn instructor_options<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Opcion>> {
    sqlx::query_as(
        "SELECT cve_instructor AS value, nombre || CASE interno WHEN 1 THEN '' ELSE ' (externo)' END AS label
         FROM instructores WHERE activo = 1 ORDER BY nombre",
    )
    .fetch_all(e)
    .await
}

/// Sets an instructor's signature key; answers the key it replaced, or None when the
/// instructor does not exist.
pub async fn set_instructor_signature(
    conn: &mut SqliteConnection,
    id: i64,
    key: &str,
) -> sqlx::Result<Option<Option<String>>> {
    super::set_image(
        conn,
        "SELECT firma FROM instructores WHERE cve_instructor = ?",
        "UPDATE instructores SET firma = ? WHERE cve_instructor = ?",
        id,
        key,
    )
    .await
}
