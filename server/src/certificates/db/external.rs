//! SQL of the external certifications: the records suppliers upload, their DC-3 files, the
//! log table, and the look-ups the upload wizard makes (a worker by CURP, topics by name).

use serde::Serialize;
use sqlx::{FromRow, SqliteConnection, SqliteExecutor};
use utoipa::ToSchema;

use crate::table::{Column, Conteo, Kind, TableDef};

/// A worker found by CURP (spec section 3, Employee lookup).
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct EmpleadoCurp {
    pub curp: String,
    pub nombre_empleado: String,
    pub cve_empleado: i64,
}

/// The active, not withdrawn employee whose CURP is `curp` (upper case).
pub async fn employee_by_curp<'e>(
    e: impl SqliteExecutor<'e>,
    curp: &str,
) -> sqlx::Result<Option<EmpleadoCurp>> {
    sqlx::query_as(
        "SELECT curp, nombre_empleado, cve_empleado FROM empleados
         WHERE curp = ? AND activo = 1 AND baja_logica = 0",
    )
    .bind(curp)
    .fetch_optional(e)
    .await
}

/// The company (N4) an employee sits in.
pub async fn company_of<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Option<i64>> {
    Ok(
        sqlx::query_scalar::<_, Option<i64>>("SELECT n4 FROM empleados WHERE cve_empleado = ?")
            .bind(cve)
            .fetch_optional(e)
            .await?
            .flatten(),
    )
}

/// A company's (N4) active workers with a CURP: (cve_empleado, nombre, curp, puesto).
pub async fn workers_of_company<'e>(
    e: impl SqliteExecutor<'e>,
    n4: i64,
) -> sqlx::Result<Vec<(i64, String, String, Option<String>)>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.nombre_empleado, e.curp, p.puesto FROM empleados e
         LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         WHERE e.n4 = ? AND e.activo = 1 AND e.baja_logica = 0 AND e.curp IS NOT NULL
         ORDER BY e.cve_empleado",
    )
    .bind(n4)
    .fetch_all(e)
    .await
}

/// The name of the company (N4) an employee sits in, or their own name without one.
pub async fn supplier_name<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<String> {
    Ok(sqlx::query_scalar::<_, String>(
        "SELECT COALESCE(n4.nombre, e.nombre_empleado) FROM empleados e
         LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4 WHERE e.cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(e)
    .await?
    .unwrap_or_default())
}

/// A topic as the wizard offers it.
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct TemaNombre {
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub abreviatura: String,
    pub meses_certificacion: i64,
}

/// Every active topic (a company has hundreds at most), by name.
pub async fn active_topics<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<TemaNombre>> {
    sqlx::query_as(
        "SELECT cve_tema, nombre_tema, abreviatura, meses_certificacion FROM temas
         WHERE activo = 1 ORDER BY nombre_tema",
    )
    .fetch_all(e)
    .await
}

/// One active topic.
pub async fn active_topic<'e>(
    e: impl SqliteExecutor<'e>,
    cve_tema: i64,
) -> sqlx::Result<Option<TemaNombre>> {
    sqlx::query_as(
        "SELECT cve_tema, nombre_tema, abreviatura, meses_certificacion FROM temas
         WHERE activo = 1 AND cve_tema = ?",
    )
    .bind(cve_tema)
    .fetch_optional(e)
    .await
}

/// Remembers a DC-3 file uploaded by `cve_empleado` and not attached yet.
pub async fn remember_upload<'e>(
    e: impl SqliteExecutor<'e>,
    llave: &str,
    cve_empleado: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO certificaciones_dc3_subidas (llave, cve_empleado, creado) VALUES (?, ?, ?)",
    )
    .bind(llave)
    .bind(cve_empleado)
    .bind(now)
    .execute(e)
    .await?;
    Ok(())
}

/// Takes an uploaded file for a record: true when `llave` was uploaded by `cve_empleado`
/// and not taken before (it is then forgotten, so a key serves once).
pub async fn take_upload<'e>(
    e: impl SqliteExecutor<'e>,
    llave: &str,
    cve_empleado: i64,
) -> sqlx::Result<bool> {
    Ok(
        sqlx::query("DELETE FROM certificaciones_dc3_subidas WHERE llave = ? AND cve_empleado = ?")
            .bind(llave)
            .bind(cve_empleado)
            .execute(e)
            .await?
            .rows_affected()
            == 1,
    )
}

/// Uploaded files never attached and older than `antes`: forgotten and returned, for their
/// files to be deleted.
pub async fn stale_uploads(conn: &mut SqliteConnection, antes: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("DELETE FROM certificaciones_dc3_subidas WHERE creado < ? RETURNING llave")
        .bind(antes)
        .fetch_all(&mut *conn)
        .await
}

/// A record to insert.
pub struct NuevaCertificacion<'a> {
    pub cve_empleado: i64,
    pub cve_tema: i64,
    pub fecha_realizacion: &'a str,
    pub fecha_vigencia: &'a str,
    pub link_dc3: Option<&'a str>,
    pub origen: &'a str,
    pub cve_proveedor: i64,
    pub nombre_proveedor: &'a str,
}

/// Whether the worker already has a record of the topic on that date that was not rejected.
pub async fn duplicate<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
    cve_tema: i64,
    fecha: &str,
) -> sqlx::Result<bool> {
    Ok(sqlx::query_scalar::<_, i64>(
        "SELECT 1 FROM certificaciones_externas
         WHERE cve_empleado = ? AND cve_tema = ? AND fecha_realizacion = ? AND estado <> 'Rechazado'",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .bind(fecha)
    .fetch_optional(e)
    .await?
    .is_some())
}

/// Inserts a record as Enviado; its `cve_log`.
pub async fn insert<'e>(
    e: impl SqliteExecutor<'e>,
    c: &NuevaCertificacion<'_>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO certificaciones_externas
            (cve_empleado, cve_tema, fecha_realizacion, fecha_vigencia, link_dc3, estado, origen,
             cve_proveedor, nombre_proveedor, fecha_alta)
         VALUES (?, ?, ?, ?, ?, 'Enviado', ?, ?, ?, ?) RETURNING cve_log",
    )
    .bind(c.cve_empleado)
    .bind(c.cve_tema)
    .bind(c.fecha_realizacion)
    .bind(c.fecha_vigencia)
    .bind(c.link_dc3)
    .bind(c.origen)
    .bind(c.cve_proveedor)
    .bind(c.nombre_proveedor)
    .bind(now)
    .fetch_one(e)
    .await
}

/// A stored record.
#[derive(FromRow, Debug, Clone)]
pub struct Certificacion {
    pub cve_log: i64,
    pub cve_empleado: i64,
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub nombre_empleado: String,
    pub fecha_realizacion: String,
    pub fecha_vigencia: String,
    pub link_dc3: Option<String>,
    pub estado: String,
    pub cve_proveedor: i64,
}

/// One record.
pub async fn load<'e>(
    e: impl SqliteExecutor<'e>,
    cve_log: i64,
) -> sqlx::Result<Option<Certificacion>> {
    sqlx::query_as(
        "SELECT c.cve_log, c.cve_empleado, c.cve_tema, t.nombre_tema, e.nombre_empleado,
                c.fecha_realizacion, c.fecha_vigencia, c.link_dc3, c.estado, c.cve_proveedor
         FROM certificaciones_externas c
         JOIN temas t ON t.cve_tema = c.cve_tema
         JOIN empleados e ON e.cve_empleado = c.cve_empleado
         WHERE c.cve_log = ?",
    )
    .bind(cve_log)
    .fetch_optional(e)
    .await
}

/// Sets a record's DC-3 (a rejected record is sent again); the key it held before, or None
/// when the record is authorised (or gone).
pub async fn set_dc3(
    conn: &mut SqliteConnection,
    cve_log: i64,
    llave: &str,
) -> sqlx::Result<Option<Option<String>>> {
    let before: Option<Option<String>> = sqlx::query_scalar(
        "SELECT link_dc3 FROM certificaciones_externas WHERE cve_log = ? AND estado <> 'Autorizado'",
    )
    .bind(cve_log)
    .fetch_optional(&mut *conn)
    .await?;
    if before.is_some() {
        sqlx::query(
            "UPDATE certificaciones_externas
             SET link_dc3 = ?, estado = 'Enviado', motivo_rechazo = NULL, revisado_por = NULL,
                 fecha_revision = NULL
             WHERE cve_log = ?",
        )
        .bind(llave)
        .bind(cve_log)
        .execute(&mut *conn)
        .await?;
    }
    Ok(before)
}

/// Marks an Enviado record reviewed: true when it was Enviado.
pub async fn review<'e>(
    e: impl SqliteExecutor<'e>,
    cve_log: i64,
    estado: &str,
    motivo: Option<&str>,
    por: i64,
    id_acreditacion: Option<i64>,
    now: &str,
) -> sqlx::Result<bool> {
    Ok(sqlx::query(
        "UPDATE certificaciones_externas
         SET estado = ?, motivo_rechazo = ?, revisado_por = ?, fecha_revision = ?, id_acreditacion = ?
         WHERE cve_log = ? AND estado = 'Enviado'",
    )
    .bind(estado)
    .bind(motivo)
    .bind(por)
    .bind(now)
    .bind(id_acreditacion)
    .bind(cve_log)
    .execute(e)
    .await?
    .rows_affected()
        == 1)
}

/// An authorised external certification in Mis constancias.
#[derive(Serialize, ToSchema, FromRow, Debug)]
pub struct MiExterna {
    pub cve_log: i64,
    pub nombre_tema: String,
    pub fecha_realizacion: String,
    pub fecha_vigencia: String,
    pub nombre_proveedor: String,
}

/// A worker's authorised external certifications, newest first.
pub async fn authorised_of<'e>(
    e: impl SqliteExecutor<'e>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<MiExterna>> {
    sqlx::query_as(
        "SELECT c.cve_log, t.nombre_tema, c.fecha_realizacion, c.fecha_vigencia, c.nombre_proveedor
         FROM certificaciones_externas c JOIN temas t ON t.cve_tema = c.cve_tema
         WHERE c.cve_empleado = ? AND c.estado = 'Autorizado' AND c.link_dc3 IS NOT NULL
         ORDER BY c.fecha_realizacion DESC, c.cve_log DESC",
    )
    .bind(cve_empleado)
    .fetch_all(e)
    .await
}

/// The worker's company condition of a supplier's log (`?` is the supplier).
pub const SAME_COMPANY: &str =
    "e.n4 IS NOT NULL AND e.n4 = (SELECT s.n4 FROM empleados s WHERE s.cve_empleado = ?)";

/// The states of a record.
pub const ESTADOS: &[(&str, &str)] = &[
    ("Enviado", "Enviado"),
    ("Rechazado", "Rechazado"),
    ("Autorizado", "Autorizado"),
];

/// 'Registros de alta de empleados' (spec section 3, Certification log row).
pub static LOG: TableDef = TableDef {
    name: "certificaciones_externas",
    from: "certificaciones_externas c
        JOIN empleados e ON e.cve_empleado = c.cve_empleado
        JOIN temas t ON t.cve_tema = c.cve_tema",
    count: Conteo::Aparte,
    columns: &[
        Column::int("cve_log", "Folio", "c.cve_log"),
        Column::text("certificado", "Empleado", "e.nombre_empleado"),
        Column::text("num_empleado", "Número de empleado", "e.num_empleado"),
        Column::text("curp_empleado", "CURP", "e.curp"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::text("nombre_proveedor", "Proveedor", "c.nombre_proveedor"),
        Column::sorted(
            "fecha_realizacion",
            "Fecha de acreditación",
            "c.fecha_realizacion",
            Kind::Text,
        ),
        Column::sorted("fecha_vigencia", "Vigencia", "c.fecha_vigencia", Kind::Text),
        Column::sorted("fecha_alta", "Fecha de alta", "c.fecha_alta", Kind::Text),
        Column::plain("link_dc3", "DC-3", "COALESCE(c.link_dc3, '')", Kind::Text),
        Column::fixed("estado", "Estado", "c.estado", Kind::Text, ESTADOS),
        Column::plain(
            "motivo_rechazo",
            "Motivo de rechazo",
            "COALESCE(c.motivo_rechazo, '')",
            Kind::Text,
        ),
    ],
    date_expr: Some("c.fecha_realizacion"),
    default_order: "c.fecha_alta DESC, c.cve_log DESC",
    key: "cve_log",
};
