//! Bulk uploads (`cargas_masivas`) of employees, positions, structure, topics and question
//! banks: a server-made template, a safe reader, row validation, batches of 100 applied in
//! one transaction each, a background job that resumes after a restart, live progress
//! (`import:progress`) and a per-row error report.

pub mod db;

pub mod kinds;
pub mod sheet;

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::{Multipart, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::kinds::{Ctx, Kind, Outcome, Row, RowError};
use crate::auth::perms::{CurrentUser, Rule, Scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::i18n::{Lang, message};
use crate::state::AppState;
use crate::table::{
    self, Bind, Column, Cond, Kind as ColKind, Prelude, TableDef, TablePage, TableQuery,
};
use crate::validate::fold;

const SECCION: &str = "configuracion.cargas_masivas";
/// Rows per transaction.
pub const BATCH: usize = 100;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(template)))
        .routes(secured(state, r, routes!(upload)))
        .routes(secured(state, r, routes!(table_uploads)))
        .routes(secured(state, r, routes!(status)))
        .routes(secured(state, r, routes!(error_report)))
}

fn kind_of(s: &str) -> AppResult<Kind> {
    Kind::parse(s).ok_or_else(AppError::not_found)
}

fn xlsx_response(name: &str, data: Vec<u8>) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}.xlsx\""),
            ),
        ],
        data,
    )
        .into_response()
}

/// The template of a kind: its columns (required ones marked with *) and an instructions
/// sheet with each column's meaning and an example.
#[utoipa::path(get, path = "/api/pri/cargas_masivas/plantillas/{tipo}", tag = "imports",
    params(("tipo" = String, Path, description = "empleados | puestos | estructura | temas | preguntas")),
    responses((status = 200, description = "xlsx"), (status = 404, body = ErrorBody)))]
async fn template(Path(tipo): Path<String>) -> AppResult<Response> {
    let kind = kind_of(&tipo)?;
    let data = tokio::task::spawn_blocking(move || build_template(kind))
        .await
        .map_err(AppError::internal)??;
    Ok(xlsx_response(&format!("plantilla-{}", kind.name()), data))
}

fn build_template(kind: Kind) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let e = AppError::internal;
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    let ws = wb.add_worksheet();
    ws.set_name(kind.name()).map_err(e)?;
    for (i, (h, req, ..)) in kind.columns().iter().enumerate() {
        let col = i as u16;
        let title = if *req {
            format!("{h}*")
        } else {
            (*h).to_string()
        };
        ws.write_string_with_format(0, col, title, &bold)
            .map_err(e)?;
        ws.set_column_width(col, (h.len() as f64 + 4.0).max(14.0))
            .map_err(e)?;
    }
    let help = wb.add_worksheet();
    help.set_name("Instrucciones").map_err(e)?;
    for (c, title) in ["Columna", "Obligatoria", "Descripción", "Ejemplo"]
        .iter()
        .enumerate()
    {
        help.write_string_with_format(0, c as u16, *title, &bold)
            .map_err(e)?;
    }
    for (i, (h, req, desc, example)) in kind.columns().iter().enumerate() {
        let r = i as u32 + 1;
        help.write_string(r, 0, *h).map_err(e)?;
        help.write_string(r, 1, if *req { "SI" } else { "NO" })
            .map_err(e)?;
        help.write_string(r, 2, *desc).map_err(e)?;
        help.write_string(r, 3, *example).map_err(e)?;
    }
    let last = kind.columns().len() as u32 + 2;
    help.write_string(
        last,
        0,
        "Llena la primera hoja desde la fila 2; los nombres de estructura, puesto y planta deben existir en los catálogos. Solo se lee la primera hoja. Volver a subir el archivo actualiza los registros existentes.",
    )
    .map_err(e)?;
    help.set_column_width(2, 60).map_err(e)?;
    help.set_column_width(3, 40).map_err(e)?;
    wb.save_to_buffer().map_err(AppError::internal)
}

/// Maps the header row to the kind's columns (case, accents, spaces and * ignored).
fn header_index(kind: Kind, headers: &[String]) -> AppResult<HashMap<&'static str, usize>> {
    let mut index = HashMap::new();
    let norm = |s: &str| fold(s).replace(['*', ' ', '_'], "");
    for (i, h) in headers.iter().enumerate() {
        let n = norm(h);
        if n.is_empty() {
            continue;
        }
        match kind.columns().iter().find(|(c, ..)| norm(c) == n) {
            Some((c, ..)) => {
                index.insert(*c, i);
            }
            None => {
                return Err(
                    AppError::bad_request("carga.columna_desconocida").arg("columna", h.clone())
                );
            }
        }
    }
    for (c, req, ..) in kind.columns() {
        if *req && !index.contains_key(c) {
            return Err(AppError::bad_request("carga.falta_columna").arg("columna", *c));
        }
    }
    Ok(index)
}

#[derive(Serialize, ToSchema)]
struct Subida {
    resp: String,
    id_carga: i64,
}

/// Uploads a file (multipart `archivo`, .xls or .xlsx under 8 MB). The file is read and
/// its header checked at once (400 when it is not a usable spreadsheet, nothing stored);
/// its rows are applied by a background job whose progress `GET /cargas_masivas/{id}` and
/// the socket event `import:progress` report.
#[utoipa::path(post, path = "/api/pri/cargas_masivas/{clave}", tag = "imports",
    params(("clave" = String, Path, description = "the kind: empleados | puestos | estructura | temas | preguntas")),
    request_body(content_type = "multipart/form-data", description = "field `archivo`: the spreadsheet"),
    responses((status = 202, body = Subida), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(tipo): Path<String>,
    multipart: Multipart,
) -> AppResult<Response> {
    let kind = kind_of(&tipo)?;
    let (data, name) = read_upload(multipart).await?;
    let check = data.clone();
    let sheet = tokio::task::spawn_blocking(move || sheet::read(&check))
        .await
        .map_err(AppError::internal)??;
    header_index(kind, &sheet.headers)?;
    if sheet.rows.is_empty() {
        return Err(AppError::bad_request("carga.sin_filas"));
    }
    let total = sheet.rows.len() as i64;
    drop(sheet);
    let key = format!(
        "cargas/{}/{}.bin",
        kind.name(),
        uuid::Uuid::new_v4().simple()
    );
    state.storage.put(&key, data).await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO cargas (tipo, archivo, clave_archivo, cve_empleado, total, creado) VALUES (?, ?, ?, ?, ?, ?) RETURNING id_carga",
    )
    .bind(kind.name())
    .bind(&name)
    .bind(&key)
    .bind(u.cve_empleado)
    .bind(total)
    .bind(state.now_iso())
    .fetch_one(&state.db.write)
    .await?;
    spawn_job(&state, id);
    Ok((
        StatusCode::ACCEPTED,
        axum::Json(Subida {
            resp: "Excelente".into(),
            id_carga: id,
        }),
    )
        .into_response())
}

/// The `archivo` part (≤ 8 MB) and its file name (for the history).
async fn read_upload(multipart: Multipart) -> AppResult<(bytes::Bytes, String)> {
    let part = crate::upload::read_parts(multipart, crate::upload::MAX_FIELD)
        .await?
        .into_iter()
        .find(|p| p.is_file)
        .filter(|p| !p.data.is_empty())
        .ok_or_else(|| AppError::bad_request("archivo.requerido"))?;
    let name: String = part
        .file_name
        .as_deref()
        .unwrap_or("archivo.xlsx")
        .chars()
        .filter(|c| !c.is_control() && *c != '"' && *c != '/' && *c != '\\')
        .take(150)
        .collect();
    let lower = name.to_lowercase();
    if !(lower.ends_with(".xlsx") || lower.ends_with(".xls")) {
        return Err(AppError::bad_request("carga.extension"));
    }
    Ok((part.data, name))
}

/// A job's state, as `GET` and the socket event give it.
#[derive(Serialize, ToSchema, sqlx::FromRow, Clone)]
pub struct Carga {
    id_carga: i64,
    tipo: String,
    archivo: String,
    /// pendiente, procesando, terminada or fallida.
    estatus: String,
    total: i64,
    procesadas: i64,
    insertadas: i64,
    actualizadas: i64,
    sin_cambios: i64,
    errores: i64,
    lotes_fallidos: i64,
    mensaje: Option<String>,
    creado: String,
    terminado: Option<String>,
    #[serde(skip)]
    cve_empleado: i64,
}

async fn load(state: &AppState, id: i64) -> AppResult<Carga> {
    sqlx::query_as(
        "SELECT id_carga, tipo, archivo, estatus, total, procesadas, insertadas, actualizadas, sin_cambios, errores,
                lotes_fallidos, mensaje, creado, terminado, cve_empleado FROM cargas WHERE id_carga = ?",
    )
    .bind(id)
    .fetch_optional(&state.db.read)
    .await?
    .ok_or_else(AppError::not_found)
}

fn visible(u: &crate::auth::perms::SessionUser, c: &Carga) -> AppResult<()> {
    if matches!(u.scope, Scope::Todos) || c.cve_empleado == u.cve_empleado {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// A bulk upload's progress and counts.
#[utoipa::path(get, path = "/api/pri/cargas_masivas/{clave}", tag = "imports",
    params(("clave" = i64, Path, description = "id_carga")),
    responses((status = 200, body = Carga), (status = 404, body = ErrorBody)))]
async fn status(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Carga>> {
    let c = load(&state, id).await?;
    visible(&u, &c)?;
    Ok(axum::Json(c))
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

static UPLOADS: TableDef = TableDef {
    name: "cargas_masivas",
    from: "cargas c JOIN empleados e ON e.cve_empleado = c.cve_empleado",
    count_from: None,
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

/// The uploads (the caller's own; administrators see everyone's).
#[utoipa::path(post, path = "/api/pri/cargas_masivas/tabla", tag = "imports", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_uploads(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let conds = match u.scope {
        Scope::Todos => Vec::new(),
        _ => vec![Cond::new(
            "c.cve_empleado = ?",
            vec![Bind::Int(u.cve_empleado)],
        )],
    };
    table::run(&state, &UPLOADS, q, Prelude::default(), conds).await
}

/// The rows that were not applied and why (xlsx, in the request's language).
#[utoipa::path(get, path = "/api/pri/cargas_masivas/{clave}/errores", tag = "imports",
    params(("clave" = i64, Path, description = "id_carga")),
    responses((status = 200, description = "xlsx"), (status = 404, body = ErrorBody)))]
async fn error_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> AppResult<Response> {
    let c = load(&state, id).await?;
    visible(&u, &c)?;
    let lang = Lang::from_headers(&headers);
    let rows: Vec<(i64, String, String, String)> = sqlx::query_as(
        "SELECT fila, columna, valor, motivo FROM cargas_errores WHERE id_carga = ? ORDER BY fila, rowid",
    )
    .bind(id)
    .fetch_all(&state.db.read)
    .await?;
    let data = tokio::task::spawn_blocking(move || -> AppResult<Vec<u8>> {
        use rust_xlsxwriter::{Format, Workbook};
        let mut wb = Workbook::new();
        let bold = Format::new().set_bold();
        let ws = wb
            .add_worksheet_with_constant_memory()
            .map_err(AppError::internal)?;
        ws.set_name("errores").map_err(AppError::internal)?;
        let titles = match lang {
            Lang::Es => ["Fila", "Columna", "Valor", "Motivo"],
            Lang::En => ["Row", "Column", "Value", "Reason"],
            Lang::Pt => ["Linha", "Coluna", "Valor", "Motivo"],
        };
        for (i, t) in titles.iter().enumerate() {
            ws.write_string_with_format(0, i as u16, *t, &bold)
                .map_err(AppError::internal)?;
        }
        for (i, (fila, col, valor, motivo)) in rows.iter().enumerate() {
            let r = i as u32 + 1;
            ws.write_number(r, 0, *fila as f64)
                .map_err(AppError::internal)?;
            ws.write_string(r, 1, col).map_err(AppError::internal)?;
            ws.write_string(r, 2, valor).map_err(AppError::internal)?;
            let (code, detail) = motivo.split_once('|').unwrap_or((motivo.as_str(), ""));
            ws.write_string(
                r,
                3,
                message(code, lang, &[("detalle", detail.to_string())]),
            )
            .map_err(AppError::internal)?;
        }
        wb.save_to_buffer().map_err(AppError::internal)
    })
    .await
    .map_err(AppError::internal)??;
    Ok(xlsx_response(&format!("errores-carga-{id}"), data))
}

/// One job at a time: imports are write-heavy and SQLite has one writer.
fn job_gate() -> Arc<tokio::sync::Semaphore> {
    static GATE: OnceLock<Arc<tokio::sync::Semaphore>> = OnceLock::new();
    GATE.get_or_init(|| Arc::new(tokio::sync::Semaphore::new(1)))
        .clone()
}

/// Runs a job in the background.
pub fn spawn_job(state: &AppState, id: i64) {
    let state = state.clone();
    tokio::spawn(async move {
        let Ok(_permit) = job_gate().acquire_owned().await else {
            return;
        };
        if let Err(e) = run(&state, id).await {
            tracing::warn!(id_carga = id, error = ?e, "bulk upload failed");
            let _ = sqlx::query(
                "UPDATE cargas SET estatus = 'fallida', mensaje = ?, terminado = ? WHERE id_carga = ?",
            )
            .bind(e.code)
            .bind(state.now_iso())
            .bind(id)
            .execute(&state.db.write)
            .await;
            notify(&state, id).await;
        }
    });
}

/// Restarts the jobs a stopped server left unfinished (their applied batches stay).
pub async fn resume(state: &AppState) -> AppResult<()> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT id_carga FROM cargas WHERE estatus IN ('pendiente', 'procesando') ORDER BY id_carga",
    )
    .fetch_all(&state.db.read)
    .await?;
    for id in ids {
        tracing::info!(id_carga = id, "resuming bulk upload");
        spawn_job(state, id);
    }
    Ok(())
}

async fn notify(state: &AppState, id: i64) {
    if let Ok(c) = load(state, id).await {
        state
            .realtime
            .to_employee(c.cve_empleado, "import:progress", &c)
            .await;
    }
}

async fn run(state: &AppState, id: i64) -> AppResult<()> {
    let c = load(state, id).await?;
    if c.estatus == "terminada" || c.estatus == "fallida" {
        return Ok(());
    }
    let kind = kind_of(&c.tipo)?;
    let key: String = sqlx::query_scalar("SELECT clave_archivo FROM cargas WHERE id_carga = ?")
        .bind(id)
        .fetch_one(&state.db.read)
        .await?;
    let data = state.storage.get(&key).await?;
    let sheet = tokio::task::spawn_blocking(move || sheet::read(&data))
        .await
        .map_err(AppError::internal)??;
    let index = header_index(kind, &sheet.headers)?;
    sqlx::query("UPDATE cargas SET estatus = 'procesando', total = ? WHERE id_carga = ?")
        .bind(sheet.rows.len() as i64)
        .bind(id)
        .execute(&state.db.write)
        .await?;
    notify(state, id).await;
    let today = chrono::DateTime::from_timestamp(state.now(), 0)
        .unwrap_or_default()
        .date_naive();
    let mut ctx = {
        let mut conn = state.db.read.acquire().await?;
        Ctx::load(&mut conn, today).await?
    };
    // Batches already applied before a restart are skipped (their counts are stored).
    let done = c.procesadas.max(0) as usize;
    let mut last_emit = Instant::now();
    for batch in sheet.rows.chunks(BATCH).skip(done / BATCH) {
        apply_batch(state, id, kind, &mut ctx, &index, batch).await?;
        if last_emit.elapsed() >= Duration::from_millis(250) {
            notify(state, id).await;
            last_emit = Instant::now();
        }
    }
    sqlx::query("UPDATE cargas SET estatus = 'terminada', terminado = ? WHERE id_carga = ?")
        .bind(state.now_iso())
        .bind(id)
        .execute(&state.db.write)
        .await?;
    notify(state, id).await;
    tracing::info!(id_carga = id, "bulk upload finished");
    Ok(())
}

/// Applies up to 100 rows in one transaction together with their counts and error rows.
/// When the transaction fails the whole batch is reported as not applied.
async fn apply_batch(
    state: &AppState,
    id: i64,
    kind: Kind,
    ctx: &mut Ctx,
    index: &HashMap<&'static str, usize>,
    batch: &[(u32, Vec<String>)],
) -> AppResult<()> {
    let now = state.now_iso();
    let attempt: AppResult<()> = async {
        let mut tx = state.db.begin().await?;
        let (mut ins, mut upd, mut same) = (0i64, 0i64, 0i64);
        let mut errors: Vec<(u32, RowError)> = Vec::new();
        for (n, cells) in batch {
            let row = Row { cells, index };
            match kinds::apply(&mut tx, ctx, kind, &row, &now).await? {
                Ok(Outcome::Insertada) => ins += 1,
                Ok(Outcome::Actualizada) => upd += 1,
                Ok(Outcome::SinCambios) => same += 1,
                Err(e) => errors.push((*n, e)),
            }
        }
        for (n, e) in &errors {
            sqlx::query("INSERT INTO cargas_errores (id_carga, fila, columna, valor, motivo) VALUES (?, ?, ?, ?, ?)")
                .bind(id)
                .bind(*n as i64)
                .bind(&e.columna)
                .bind(&e.valor)
                .bind(e.codigo)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "UPDATE cargas SET procesadas = procesadas + ?, insertadas = insertadas + ?, actualizadas = actualizadas + ?,
                sin_cambios = sin_cambios + ?, errores = errores + ? WHERE id_carga = ?",
        )
        .bind(batch.len() as i64)
        .bind(ins)
        .bind(upd)
        .bind(same)
        .bind(errors.len() as i64)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }
    .await;
    if let Err(e) = attempt {
        tracing::warn!(id_carga = id, error = ?e, "batch rolled back");
        // The lookups may hold keys of rows that were rolled back: reload them.
        let mut conn = state.db.read.acquire().await?;
        *ctx = Ctx::load(&mut conn, ctx.today).await?;
        drop(conn);
        let mut tx = state.db.begin().await?;
        for (n, _) in batch {
            sqlx::query("INSERT INTO cargas_errores (id_carga, fila, columna, valor, motivo) VALUES (?, ?, '', '', ?)")
                .bind(id)
                .bind(*n as i64)
                .bind(format!("carga.lote_fallido|{}", e.code))
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "UPDATE cargas SET procesadas = procesadas + ?, errores = errores + ?, lotes_fallidos = lotes_fallidos + 1
             WHERE id_carga = ?",
        )
        .bind(batch.len() as i64)
        .bind(batch.len() as i64)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
    }
    Ok(())
}
