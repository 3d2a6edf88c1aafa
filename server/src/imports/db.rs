//! SQL of the imports domain. Bulk upload jobs and their error rows.

use sqlx::SqliteExecutor;

use crate::table::{Column, Kind as ColKind, TableDef};

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["cargas", "cargas_errores"];

/// Tables of other domains that this domain's list definitions and read models join.
/// `empleados`: the uploads list shows who uploaded each file (display name only).
pub const READS: &[&str] = &["empleados"];

/// A job's state, as `GET` and the socket event give it.
#[derive(serde::Serialize, utoipa::ToSchema, sqlx::FromRow, Clone)]
pub struct Carga {
    pub id_carga: i64,
    pub tipo: String,
    pub archivo: String,
    /// pendiente, procesando, terminada or fallida.
    pub estatus: String,
    pub total: i64,
    pub procesadas: i64,
    pub insertadas: i64,
    pub actualizadas: i64,
    pub sin_cambios: i64,
    pub errores: i64,
    pub lotes_fallidos: i64,
    pub mensaje: Option<String>,
    pub creado: String,
    pub terminado: Option<String>,
    #[serde(skip)]
    pub cve_empleado: i64,
}

/// A new job: what was uploaded, by whom and how many rows it has.
pub struct NewUpload<'a> {
    pub tipo: &'a str,
    pub archivo: &'a str,
    pub clave_archivo: &'a str,
    pub cve_empleado: i64,
    pub total: i64,
    pub creado: &'a str,
}

/// Registers a pending job.
pub async fn insert_upload<'e>(e: impl SqliteExecutor<'e>, u: &NewUpload<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO cargas (tipo, archivo, clave_archivo, cve_empleado, total, creado)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id_carga",
    )
    .bind(u.tipo)
    .bind(u.archivo)
    .bind(u.clave_archivo)
    .bind(u.cve_empleado)
    .bind(u.total)
    .bind(u.creado)
    .fetch_one(e)
    .await
}

/// Counts of a job that already ran (the demo's past upload).
pub struct FinishedUpload<'a> {
    pub upload: NewUpload<'a>,
    pub insertadas: i64,
    pub actualizadas: i64,
    pub sin_cambios: i64,
    pub errores: i64,
}

/// Records a job that is already finished, with its counts (nothing runs for it).
pub async fn insert_finished_upload<'e>(
    e: impl SqliteExecutor<'e>,
    f: &FinishedUpload<'_>,
) -> sqlx::Result<i64> {
    let u = &f.upload;
    sqlx::query_scalar(
        "INSERT INTO cargas (tipo, archivo, clave_archivo, cve_empleado, estatus, total, procesadas, insertadas,
            actualizadas, sin_cambios, errores, creado, terminado)
         VALUES (?, ?, ?, ?, 'terminada', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id_carga",
    )
    .bind(u.tipo)
    .bind(u.archivo)
    .bind(u.clave_archivo)
    .bind(u.cve_empleado)
    .bind(u.total)
    .bind(u.total)
    .bind(f.insertadas)
    .bind(f.actualizadas)
    .bind(f.sin_cambios)
    .bind(f.errores)
    .bind(u.creado)
    .bind(u.creado)
    .fetch_one(e)
    .await
}

/// One job by key.
pub async fn upload<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Carga>> {
    sqlx::query_as(
        "SELECT id_carga, tipo, archivo, estatus, total, procesadas, insertadas, actualizadas, sin_cambios, errores,
                lotes_fallidos, mensaje, creado, terminado, cve_empleado FROM cargas WHERE id_carga = ?",
    )
    .bind(id)
    .fetch_optional(e)
    .await
}

/// The storage key of a job's file.
pub async fn file_key<'e>(e: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<String> {
    sqlx::query_scalar("SELECT clave_archivo FROM cargas WHERE id_carga = ?")
        .bind(id)
        .fetch_one(e)
        .await
}

/// The jobs a stopped server left unfinished, oldest first.
pub async fn unfinished_uploads<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT id_carga FROM cargas WHERE estatus IN ('pendiente', 'procesando') ORDER BY id_carga",
    )
    .fetch_all(e)
    .await
}

/// Marks a job as running with its row count.
pub async fn mark_processing<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    total: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cargas SET estatus = 'procesando', total = ? WHERE id_carga = ?")
        .bind(total)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// Marks a job as finished at `now`.
pub async fn mark_finished<'e>(e: impl SqliteExecutor<'e>, id: i64, now: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE cargas SET estatus = 'terminada', terminado = ? WHERE id_carga = ?")
        .bind(now)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// Marks a job as failed at `now` with the error code that stopped it.
pub async fn mark_failed<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    code: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cargas SET estatus = 'fallida', mensaje = ?, terminado = ? WHERE id_carga = ?",
    )
    .bind(code)
    .bind(now)
    .bind(id)
    .execute(e)
    .await?;
    Ok(())
}

/// What one batch did.
#[derive(Default, Clone, Copy)]
pub struct BatchCounts {
    pub procesadas: i64,
    pub insertadas: i64,
    pub actualizadas: i64,
    pub sin_cambios: i64,
    pub errores: i64,
    pub lotes_fallidos: i64,
}

/// Adds a batch's counts to its job.
pub async fn add_counts<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    c: BatchCounts,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cargas SET procesadas = procesadas + ?, insertadas = insertadas + ?, actualizadas = actualizadas + ?,
            sin_cambios = sin_cambios + ?, errores = errores + ?, lotes_fallidos = lotes_fallidos + ?
         WHERE id_carga = ?",
    )
    .bind(c.procesadas)
    .bind(c.insertadas)
    .bind(c.actualizadas)
    .bind(c.sin_cambios)
    .bind(c.errores)
    .bind(c.lotes_fallidos)
    .bind(id)
    .execute(e)
    .await?;
    Ok(())
}

/// Records why a row of a job was not applied.
pub async fn insert_row_error<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
    fila: i64,
    columna: &str,
    valor: &str,
    motivo: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO cargas_errores (id_carga, fila, columna, valor, motivo) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(id)
    .bind(fila)
    .bind(columna)
    .bind(valor)
    .bind(motivo)
    .execute(e)
    .await?;
    Ok(())
}

/// A job's rejected rows as (row, column, value, reason), by row (a row has at most one).
pub async fn row_errors<'e>(
    e: impl SqliteExecutor<'e>,
    id: i64,
) -> sqlx::Result<Vec<(i64, String, String, String)>> {
    sqlx::query_as(
        "SELECT fila, columna, valor, motivo FROM cargas_errores WHERE id_carga = ? ORDER BY fila",
    )
    .bind(id)
    .fetch_all(e)
    .await
}

const ESTATUS: &[(&str, &str)] = &[
    ("pendiente", "Pendiente"),
    ("procesando", "Procesando"),
    ("terminada", "Terminada"),
    ("fallida", "Fallida"),
];
const TIPOS: &[(&str, &str)] = &[
    ("empleados", "Empleados"),
    ("puestos", "Puestos"),
    ("estructura", "Estructura"),
    ("temas", "Temas"),
    ("preguntas", "Preguntas"),
];

/// The uploads list screen.
pub static UPLOADS: TableDef = TableDef {
    name: "cargas_masivas",
    from: "cargas c JOIN empleados e ON e.cve_empleado = c.cve_empleado",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("id_carga", "Folio", "c.id_carga"),
        Column::fixed("tipo", "Tipo", "c.tipo", ColKind::Text, TIPOS),
        Column::text("archivo", "Archivo", "c.archivo"),
        Column::fixed("estatus", "Estatus", "c.estatus", ColKind::Text, ESTATUS),
        Column::int("total", "Filas", "c.total"),
        Column::int("insertadas", "Nuevas", "c.insertadas"),
        Column::int("actualizadas", "Actualizadas", "c.actualizadas"),
        Column::int("sin_cambios", "Sin cambios", "c.sin_cambios"),
        Column::int("errores", "Con error", "c.errores"),
        Column::text("usuario", "Usuario", "e.nombre_empleado"),
        Column::int("creado", "Fecha", "c.creado"),
    ],
    date_expr: Some("c.creado"),
    default_order: "c.id_carga DESC",
    key: "c.id_carga",
};
