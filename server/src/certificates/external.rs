//! External certifications (spec sections 2–5 and 7, `proveedor/*`): a supplier records the
//! certifications its workers earned elsewhere with the DC-3 each came with — one by one or
//! from a spreadsheet in batches of 100 — and an analyst authorises each into the
//! accreditation ledger or rejects it with a reason. See `docs/certificados.md`.

use axum::extract::{Multipart, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::external::{self as db, EmpleadoCurp, MiExterna, TemaNombre};
use super::{form_session, pdf_response};
use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Form, Json, Path, Query};
use crate::http::Resp;
use crate::i18n::{current_lang, message};
use crate::notifications::{Destino, Nueva, notify};
use crate::plans::types::{NuevaAcreditacion, Origen};
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

/// Record and follow external certifications. Written in pieces: the message-catalogue scan
/// takes every `plan.*` literal for a code.
pub const SECCION_EXTERNAS: &str = concat!("plan", ".", "certificaciones_externas");
/// Authorise or reject them.
pub const SECCION_AUTORIZAR: &str = concat!("plan", ".", "certificaciones_externas.autorizar");

/// Rows one `proveedor/alta` call takes (spec section 9).
pub const LOTE_MAX: usize = 100;
/// Rows one spreadsheet may hold.
pub const ARCHIVO_MAX_FILAS: usize = 10_000;
/// Longest rejection reason.
pub const MOTIVO_MAX: usize = 500;
/// Uploaded DC-3 files never attached are deleted after this many seconds.
const SUBIDA_TTL: i64 = 24 * 3600;
/// The template's columns (spec section 3, Upload record).
pub const COLUMNAS: [&str; 5] = [
    "CUIL_CUIT_CURP",
    "Fecha_Realizacion",
    "Fecha_Vigencia",
    "ID_TEMA",
    "link_dc3",
];
const NOTIFICACION_ORIGEN: &str = "Certificaciones externas";

/// The routes of external certifications.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let externas = || Rule::Seccion(SECCION_EXTERNAS);
    OpenApiRouter::new()
        .routes(secured(state, externas(), routes!(employee_by_curp)))
        .routes(secured(state, externas(), routes!(upload_dc3)))
        .routes(secured(state, externas(), routes!(template)))
        .routes(secured(state, externas(), routes!(read_spreadsheet)))
        .routes(secured(state, externas(), routes!(create_certifications)))
        .routes(secured(state, externas(), routes!(log_first_page)))
        .routes(secured(state, externas(), routes!(log_table)))
        .routes(secured(state, externas(), routes!(attach_dc3)))
        .routes(secured(state, externas(), routes!(change_dc3)))
        // A form posted in a new tab: the session token comes in the form.
        .routes(secured(state, Rule::Anonimo, routes!(view_dc3)))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_AUTORIZAR),
            routes!(authorise_certification),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_AUTORIZAR),
            routes!(reject_certification),
        ))
}

/// Whether `cve` is within the caller's reach for external certifications: everyone for
/// profiles of scope todos, one's subordinates for Rep. Empresa, and for a supplier (scope
/// propio) the workers of their own company (N4).
pub async fn in_reach(state: &AppState, scope: Scope, cve: i64) -> AppResult<bool> {
    Ok(match scope {
        Scope::Todos => true,
        Scope::Subordinados(me) => {
            me == cve || crate::employees::db::is_subordinate(&state.db.read, me, cve).await?
        }
        Scope::Propio(me) => {
            if me == cve {
                return Ok(true);
            }
            let mut conn = state.db.read.acquire().await?;
            let mine = db::company_of(&mut *conn, me).await?;
            mine.is_some() && mine == db::company_of(&mut *conn, cve).await?
        }
    })
}

/// The log's conditions for the caller's reach.
fn reach_filter(scope: Scope) -> (Prelude, Vec<Cond>) {
    match scope {
        Scope::Propio(me) => (
            Prelude::default(),
            vec![Cond::new(
                format!("(e.cve_empleado = ? OR ({}))", db::SAME_COMPANY),
                vec![Bind::Int(me), Bind::Int(me)],
            )],
        ),
        other => crate::employees::db::list::scope_filter(Prelude::default(), other),
    }
}

/// `{res: [...]}` of the employee look-up.
#[derive(Serialize, ToSchema)]
pub struct RespEmpleadosCurp {
    pub res: Vec<EmpleadoCurp>,
}

/// The worker with a CURP, if within the caller's reach: `res` empty otherwise (the client
/// says 'Empelado no encontrado').
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/getByCurpTotal/{curp}", tag = "certificates",
    params(("curp" = String, Path)),
    responses((status = 200, body = RespEmpleadosCurp), (status = 403, body = ErrorBody)))]
async fn employee_by_curp(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(curp): Path<String>,
) -> AppResult<axum::Json<RespEmpleadosCurp>> {
    let found = find_worker(&state, u.scope, &curp).await?;
    Ok(axum::Json(RespEmpleadosCurp {
        res: found.into_iter().collect(),
    }))
}

/// The worker of a CURP (trimmed, any case) within reach.
async fn find_worker(
    state: &AppState,
    scope: Scope,
    curp: &str,
) -> AppResult<Option<EmpleadoCurp>> {
    let curp = curp.trim().to_uppercase();
    if curp.len() != 18 || !curp.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Ok(None);
    }
    let found = {
        let mut conn = state.db.read.acquire().await?;
        db::employee_by_curp(&mut *conn, &curp).await?
    };
    match found {
        Some(e) if in_reach(state, scope, e.cve_empleado).await? => Ok(Some(e)),
        _ => Ok(None),
    }
}

/// An uploaded DC-3.
#[derive(Serialize, ToSchema)]
pub struct Dc3Subido {
    pub resp: String,
    /// The stored key, to send as `link_dc3` or `url`.
    pub url: String,
}

/// Stores a DC-3 PDF (by content; 8 MB at most) under `certificaciones/dc3/{timestamp}.pdf`
/// for the caller to attach once.
#[utoipa::path(post, path = "/api/pri/proveedor/dc3", tag = "certificates",
    request_body(content_type = "multipart/form-data", description = "`archivo`: the DC-3 as PDF, ≤ 8 MB"),
    responses((status = 200, body = Dc3Subido), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody)))]
async fn upload_dc3(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    multipart: Multipart,
) -> AppResult<axum::Json<Dc3Subido>> {
    let form = crate::upload::read_form(multipart).await?;
    let key = store_dc3(&state, form.file()?).await?;
    let now = state.now_iso();
    let stale = {
        let mut tx = state.db.begin().await?;
        if let Err(e) = db::remember_upload(&mut *tx, &key, u.cve_empleado, &now).await {
            drop(tx);
            let _ = state.storage.delete(&key).await;
            return Err(e.into());
        }
        let antes = chrono::DateTime::from_timestamp(state.now() - SUBIDA_TTL, 0)
            .unwrap_or_default()
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string();
        let stale = db::stale_uploads(&mut tx, &antes).await?;
        tx.commit().await?;
        stale
    };
    for old in stale {
        if let Err(e) = state.storage.delete(&old).await {
            tracing::warn!(error = %e, key = %old, "an unattached DC-3 was not deleted");
        }
    }
    Ok(axum::Json(Dc3Subido {
        resp: "Excelente".into(),
        url: key,
    }))
}

/// Stores a DC-3 PDF (checked by content: 415 `certificados.dc3_no_pdf` otherwise) under
/// `certificaciones/dc3/{timestamp}.pdf` (milliseconds and four random digits); its key.
pub async fn store_dc3(state: &AppState, data: bytes::Bytes) -> AppResult<String> {
    if infer::get(&data).map(|k| k.mime_type()) != Some("application/pdf") {
        return Err(AppError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "certificados.dc3_no_pdf",
        ));
    }
    let millis = chrono::Utc::now().timestamp_millis();
    let key = format!(
        "certificaciones/dc3/{millis}{:04}.pdf",
        rand::random_range(0..10_000u32)
    );
    state.storage.put(&key, data).await?;
    Ok(key)
}

/// The bulk template: sheet 'Certificaciones' with the columns and an example row, sheet
/// 'Temas' with every active topic's ID and name.
#[utoipa::path(get, path = "/api/pri/proveedor/plantilla", tag = "certificates",
    responses((status = 200, description = "the xlsx template",
        content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")))]
async fn template(State(state): State<AppState>) -> AppResult<Response> {
    let temas = {
        let mut conn = state.db.read.acquire().await?;
        db::active_topics(&mut *conn).await?
    };
    let bytes = tokio::task::spawn_blocking(move || build_template(&temas))
        .await
        .map_err(AppError::internal)??;
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
    );
    h.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"plantilla_certificaciones.xlsx\""),
    );
    Ok(res)
}

fn build_template(temas: &[TemaNombre]) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let e = AppError::internal;
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    let ws = wb.add_worksheet();
    ws.set_name("Certificaciones").map_err(e)?;
    for (i, h) in COLUMNAS.iter().enumerate() {
        let col = i as u16;
        ws.write_string_with_format(0, col, *h, &bold).map_err(e)?;
        ws.set_column_width(col, 22).map_err(e)?;
    }
    let ejemplo = temas.first();
    ws.write_string(1, 0, "PELJ850312HNLRPS09").map_err(e)?;
    ws.write_string(1, 1, "2026-01-15").map_err(e)?;
    ws.write_string(1, 2, "").map_err(e)?;
    ws.write_number(1, 3, ejemplo.map_or(1.0, |t| t.cve_tema as f64))
        .map_err(e)?;
    let sheet = wb.add_worksheet();
    sheet.set_name("Temas").map_err(e)?;
    for (c, title) in ["ID_TEMA", "Abreviatura", "Tema", "Meses de vigencia"]
        .iter()
        .enumerate()
    {
        sheet
            .write_string_with_format(0, c as u16, *title, &bold)
            .map_err(e)?;
    }
    for (i, t) in temas.iter().enumerate() {
        let r = i as u32 + 1;
        sheet.write_number(r, 0, t.cve_tema as f64).map_err(e)?;
        sheet.write_string(r, 1, &t.abreviatura).map_err(e)?;
        sheet.write_string(r, 2, &t.nombre_tema).map_err(e)?;
        sheet
            .write_number(r, 3, t.meses_certificacion as f64)
            .map_err(e)?;
    }
    sheet.set_column_width(2, 50).map_err(e)?;
    let help = wb.add_worksheet();
    help.set_name("Instrucciones").map_err(e)?;
    for (r, line) in [
        "CUIL_CUIT_CURP: la CURP del trabajador (18 caracteres).",
        "Fecha_Realizacion: la fecha de acreditación (AAAA-MM-DD o DD/MM/AAAA), no posterior a hoy.",
        "Fecha_Vigencia: opcional; sin ella, la fecha de acreditación más los meses de vigencia del tema (sin vencimiento con 0 meses).",
        "ID_TEMA: el ID del tema (hoja Temas).",
        "link_dc3: déjalo vacío y carga la DC-3 de cada registro después.",
        "Borra la fila de ejemplo. Solo se lee la primera hoja.",
    ]
    .iter()
    .enumerate()
    {
        help.write_string(r as u32, 0, *line).map_err(e)?;
    }
    help.set_column_width(0, 110).map_err(e)?;
    wb.save_to_buffer().map_err(AppError::internal)
}

/// One row of a bulk upload (spec section 3, Upload record).
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, Default)]
pub struct UploadRecord {
    #[serde(rename = "CUIL_CUIT_CURP", default)]
    pub curp: String,
    /// YYYY-MM-DD (DD/MM/YYYY read too).
    #[serde(rename = "Fecha_Realizacion", default)]
    pub fecha_realizacion: String,
    /// Empty: by the topic's rule.
    #[serde(rename = "Fecha_Vigencia", default)]
    pub fecha_vigencia: Option<String>,
    #[serde(rename = "ID_TEMA", default, deserialize_with = "id_tema")]
    pub id_tema: Option<i64>,
    /// A key answered by `proveedor/dc3`, or empty.
    #[serde(default)]
    pub link_dc3: Option<String>,
}

/// ID_TEMA as a number or a numeric string (spreadsheets give either).
fn id_tema<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        Some(serde_json::Value::Number(n)) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                .map(|f| f as i64)
        }),
        Some(serde_json::Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    })
}

/// The rows read from a spreadsheet.
#[derive(Serialize, ToSchema)]
pub struct FilasCertificaciones {
    pub filas: Vec<UploadRecord>,
    pub total: usize,
}

/// Reads an xls/xlsx file's first sheet (the template's columns, in any order) into rows for
/// the client to send in batches: 400 `carga.no_es_hoja` for another file, 422
/// `certificados.plantilla_invalida` without the columns, `certificados.archivo_vacio`,
/// `certificados.archivo_grande` above 10,000 rows.
#[utoipa::path(post, path = "/api/pri/proveedor/alta/archivo", tag = "certificates",
    request_body(content_type = "multipart/form-data", description = "`archivo`: xls or xlsx, ≤ 8 MB"),
    responses((status = 200, body = FilasCertificaciones), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn read_spreadsheet(multipart: Multipart) -> AppResult<axum::Json<FilasCertificaciones>> {
    let form = crate::upload::read_form(multipart).await?;
    let data = form.file()?;
    let sheet = tokio::task::spawn_blocking(move || crate::imports::sheet::read(&data))
        .await
        .map_err(AppError::internal)??;
    let filas = rows_of(&sheet)?;
    Ok(axum::Json(FilasCertificaciones {
        total: filas.len(),
        filas,
    }))
}

/// The template's rows of a read sheet (blank rows skipped).
pub fn rows_of(sheet: &crate::imports::sheet::Sheet) -> AppResult<Vec<UploadRecord>> {
    let norm = |h: &str| {
        crate::validate::fold(h)
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
    };
    let index: Vec<Option<usize>> = COLUMNAS
        .iter()
        .map(|c| sheet.headers.iter().position(|h| norm(h) == norm(c)))
        .collect();
    let (Some(ci), Some(fi), Some(ti)) = (index[0], index[1], index[3]) else {
        return Err(AppError::unprocessable("certificados.plantilla_invalida"));
    };
    let cell = |row: &[String], i: Option<usize>| -> String {
        i.and_then(|i| row.get(i))
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    };
    let mut filas = Vec::new();
    for (_, row) in &sheet.rows {
        if row.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if filas.len() == ARCHIVO_MAX_FILAS {
            return Err(AppError::unprocessable("certificados.archivo_grande")
                .arg("max", ARCHIVO_MAX_FILAS.to_string()));
        }
        let tema = cell(row, Some(ti));
        filas.push(UploadRecord {
            curp: cell(row, Some(ci)).to_uppercase(),
            fecha_realizacion: normal_date(&cell(row, Some(fi))),
            fecha_vigencia: Some(normal_date(&cell(row, index[2]))).filter(|s| !s.is_empty()),
            id_tema: tema.parse::<i64>().ok().or_else(|| {
                tema.parse::<f64>()
                    .ok()
                    .filter(|f| f.fract() == 0.0)
                    .map(|f| f as i64)
            }),
            link_dc3: Some(cell(row, index[4])).filter(|s| !s.is_empty()),
        });
    }
    if filas.is_empty() {
        return Err(AppError::unprocessable("certificados.archivo_vacio"));
    }
    Ok(filas)
}

/// A date as written in a sheet or form, as YYYY-MM-DD when it can be read (else as given).
pub fn normal_date(s: &str) -> String {
    parse_date(s).map_or_else(
        || s.trim().to_string(),
        |d| d.format("%Y-%m-%d").to_string(),
    )
}

/// YYYY-MM-DD (a time after it ignored) or DD/MM/YYYY.
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    let head: String = s.chars().take(10).collect();
    NaiveDate::parse_from_str(&head, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(s, "%d/%m/%Y"))
        .ok()
}

/// The bulk upload's body.
#[derive(Deserialize, ToSchema)]
pub struct AltaCertificaciones {
    pub empleados_calificaciones: Vec<UploadRecord>,
}

/// A refused row.
#[derive(Serialize, ToSchema, Debug)]
pub struct ErrorAlta {
    /// Its position in the batch, from 0.
    pub indice: usize,
    pub curp: String,
    pub codigo: String,
    /// The reason in the caller's language.
    pub mensaje: String,
}

/// What a batch did.
#[derive(Serialize, ToSchema, Debug)]
pub struct ResultadoAlta {
    pub resp: String,
    pub cargados: usize,
    pub errors: usize,
    pub errores: Vec<ErrorAlta>,
}

/// The validity by the rule of spec section 4: the date plus the topic's months, 9999-12-31
/// for 0 months.
pub fn validity(fecha: NaiveDate, meses: i64) -> NaiveDate {
    crate::plans::rules::vigencia(fecha, Some(meses))
}

/// Records a batch of 1–100 certifications (400 `certificados.lote_invalido` otherwise): each
/// valid row is stored as Enviado; each invalid one is answered in `errores` with its
/// reason. Rows are checked against the caller's reach, the topics, the dates (not after
/// today, validity not before) and the caller's uploaded DC-3 files.
#[utoipa::path(post, path = "/api/pri/proveedor/alta", tag = "certificates",
    request_body = AltaCertificaciones,
    responses((status = 200, body = ResultadoAlta), (status = 400, body = ErrorBody)))]
async fn create_certifications(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<AltaCertificaciones>,
) -> AppResult<axum::Json<ResultadoAlta>> {
    let n = b.empleados_calificaciones.len();
    if n == 0 || n > LOTE_MAX {
        return Err(
            AppError::bad_request("certificados.lote_invalido").arg("max", LOTE_MAX.to_string())
        );
    }
    let origen = if n == 1 { "individual" } else { "masivo" };
    let lang = current_lang();
    let hoy = crate::courses::enrolment::hoy(&state).await?;
    // Checks that need the pool run first; the writes then go in one transaction.
    let mut workers = Vec::with_capacity(n);
    for r in &b.empleados_calificaciones {
        workers.push(find_worker(&state, u.scope, &r.curp).await?);
    }
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let proveedor = db::supplier_name(&mut *tx, u.cve_empleado).await?;
    let mut errores = Vec::new();
    let mut cargados = 0;
    for (indice, (r, worker)) in b.empleados_calificaciones.iter().zip(workers).enumerate() {
        let checked = check_row(&mut tx, r, worker, hoy, u.cve_empleado).await?;
        let fila = match checked {
            Ok(f) => f,
            Err(codigo) => {
                errores.push(ErrorAlta {
                    indice,
                    curp: r.curp.trim().to_uppercase(),
                    codigo: codigo.into(),
                    mensaje: message(codigo, lang, &[]),
                });
                continue;
            }
        };
        db::insert(
            &mut *tx,
            &db::NuevaCertificacion {
                cve_empleado: fila.cve_empleado,
                cve_tema: fila.cve_tema,
                fecha_realizacion: &fila.fecha,
                fecha_vigencia: &fila.vigencia,
                link_dc3: fila.link.as_deref(),
                origen,
                cve_proveedor: u.cve_empleado,
                nombre_proveedor: &proveedor,
            },
            &now,
        )
        .await?;
        cargados += 1;
    }
    tx.commit().await?;
    Ok(axum::Json(ResultadoAlta {
        resp: "Excelente".into(),
        cargados,
        errors: errores.len(),
        errores,
    }))
}

/// A checked row.
struct FilaValida {
    cve_empleado: i64,
    cve_tema: i64,
    fecha: String,
    vigencia: String,
    link: Option<String>,
}

/// Checks one row inside the batch's transaction (so two rows of a batch are duplicates of
/// each other, and a DC-3 key serves once): the row, or the code of what is wrong.
async fn check_row(
    tx: &mut sqlx::SqliteConnection,
    r: &UploadRecord,
    worker: Option<EmpleadoCurp>,
    hoy: NaiveDate,
    uploader: i64,
) -> AppResult<Result<FilaValida, &'static str>> {
    let Some(worker) = worker else {
        return Ok(Err("certificados.empleado_no_encontrado"));
    };
    let tema = match r.id_tema {
        Some(id) => db::active_topic(&mut *tx, id).await?,
        None => None,
    };
    let Some(tema) = tema else {
        return Ok(Err("certificados.tema_no_encontrado"));
    };
    let Some(fecha) = parse_date(&r.fecha_realizacion) else {
        return Ok(Err("certificados.fecha_invalida"));
    };
    if fecha > hoy {
        return Ok(Err("certificados.fecha_futura"));
    }
    let vigencia = match r.fecha_vigencia.as_deref().map(str::trim) {
        None | Some("") => validity(fecha, tema.meses_certificacion),
        Some(v) => match parse_date(v) {
            Some(v) if v >= fecha => v,
            _ => return Ok(Err("certificados.vigencia_invalida")),
        },
    };
    let fecha_s = fecha.format("%Y-%m-%d").to_string();
    if db::duplicate(&mut *tx, worker.cve_empleado, tema.cve_tema, &fecha_s).await? {
        return Ok(Err("certificados.certificacion_duplicada"));
    }
    let link = r
        .link_dc3
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    if let Some(l) = link
        && !db::take_upload(&mut *tx, l, uploader).await?
    {
        return Ok(Err("certificados.dc3_invalido"));
    }
    Ok(Ok(FilaValida {
        cve_empleado: worker.cve_empleado,
        cve_tema: tema.cve_tema,
        fecha: fecha_s,
        vigencia: vigencia.format("%Y-%m-%d").to_string(),
        link: link.map(str::to_string),
    }))
}

/// The first page's query of `GET proveedor/log`.
#[derive(Deserialize, utoipa::IntoParams)]
pub struct LogQuery {
    #[serde(default)]
    pub page: Option<i64>,
    #[serde(default, rename = "cantPP")]
    pub cant_pp: Option<i64>,
    /// Enviado | Rechazado | Autorizado
    #[serde(default)]
    pub estado: Option<String>,
}

/// 'Registros de alta de empleados' (spec section 7, `GET proveedor/log`): a page of the log
/// within the caller's reach, as the table engine answers it.
#[utoipa::path(get, path = "/api/pri/proveedor/log", tag = "certificates",
    params(LogQuery),
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn log_first_page(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(q): Query<LogQuery>,
) -> AppResult<Response> {
    let mut filters = serde_json::Map::new();
    if let Some(e) = q.estado {
        filters.insert("estado".into(), serde_json::Value::String(e));
    }
    let body = serde_json::json!({
        "page": q.page.unwrap_or(1),
        "cantPP": q.cant_pp.unwrap_or(10),
        "filtersEXT": filters,
    });
    let tq: TableQuery =
        serde_json::from_value(body).map_err(|_| AppError::bad_request("validacion.datos"))?;
    run_log(&state, &u, tq).await
}

/// The log on the table engine (filtersEXT `{estado?}`; date range on the accreditation
/// date), within the caller's reach; exportable like every table.
#[utoipa::path(post, path = "/api/pri/proveedor/log/tabla", tag = "certificates",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn log_table(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    run_log(&state, &u, q).await
}

async fn run_log(state: &AppState, u: &SessionUser, q: TableQuery) -> AppResult<Response> {
    let (prelude, mut conds) = reach_filter(u.scope);
    match q.filters_ext.get("estado") {
        None | Some(serde_json::Value::Null) => {}
        Some(serde_json::Value::String(s)) if s.is_empty() => {}
        Some(serde_json::Value::String(s)) if db::ESTADOS.iter().any(|(v, _)| v == s) => {
            conds.push(Cond::new("c.estado = ?", vec![Bind::Text(s.clone())]));
        }
        Some(_) => {
            let mut e = AppError::bad_request("validacion.estado");
            e.fields.insert("estado".into(), "validacion.estado");
            return Err(e);
        }
    }
    table::run(state, &db::LOG, q, prelude, conds).await
}

/// A record the caller may see (404 otherwise, as if it did not exist).
async fn visible(state: &AppState, u: &SessionUser, cve_log: i64) -> AppResult<db::Certificacion> {
    let c = {
        let mut conn = state.db.read.acquire().await?;
        db::load(&mut *conn, cve_log).await?
    }
    .ok_or_else(AppError::not_found)?;
    let mine = c.cve_empleado == u.cve_empleado;
    let reach = u.can(state, SECCION_EXTERNAS) && in_reach(state, u.scope, c.cve_empleado).await?;
    if mine || reach {
        Ok(c)
    } else {
        Err(AppError::not_found())
    }
}

/// `cargarDC3` / `cambiarDC3`'s body.
#[derive(Deserialize, ToSchema)]
pub struct CambioDc3 {
    pub cve_log: i64,
    /// The key `proveedor/dc3` answered.
    pub url: String,
}

/// Loads the DC-3 of a record that has none (409 `certificados.dc3_existente` when it has).
#[utoipa::path(post, path = "/api/pri/proveedor/cargarDC3", tag = "certificates",
    request_body = CambioDc3,
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn attach_dc3(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<CambioDc3>,
) -> AppResult<axum::Json<Resp>> {
    set_record_dc3(&state, &u, &b, false).await
}

/// Replaces the DC-3 of a record not authorised yet; a rejected record is sent again.
#[utoipa::path(post, path = "/api/pri/proveedor/cambiarDC3", tag = "certificates",
    request_body = CambioDc3,
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn change_dc3(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<CambioDc3>,
) -> AppResult<axum::Json<Resp>> {
    set_record_dc3(&state, &u, &b, true).await
}

async fn set_record_dc3(
    state: &AppState,
    u: &SessionUser,
    b: &CambioDc3,
    replace: bool,
) -> AppResult<axum::Json<Resp>> {
    let c = visible(state, u, b.cve_log).await?;
    if c.estado == "Autorizado" {
        return Err(AppError::conflict("certificados.certificacion_autorizada"));
    }
    if !replace && c.link_dc3.is_some() {
        return Err(AppError::conflict("certificados.dc3_existente"));
    }
    let key = b.url.trim();
    let mut tx = state.db.begin().await?;
    if !db::take_upload(&mut *tx, key, u.cve_empleado).await? {
        return Err(AppError::unprocessable("certificados.dc3_invalido"));
    }
    let before = db::set_dc3(&mut tx, b.cve_log, key).await?;
    if before.is_none() {
        return Err(AppError::conflict("certificados.certificacion_autorizada"));
    }
    crate::files::settle_upload(state, tx, key, before).await?;
    Ok(Resp::ok())
}

/// The form of `proveedor/log/{cve_log}/dc3`.
#[derive(Deserialize, ToSchema)]
pub struct TokenForm {
    /// The caller's session token.
    pub token: String,
}

/// A record's DC-3 as a PDF shown inline (a form posted in a new tab with the session
/// token): for the worker themself or whoever sees the record.
#[utoipa::path(post, path = "/api/pri/proveedor/log/{cve_log}/dc3", tag = "certificates",
    params(("cve_log" = i64, Path)),
    request_body(content = TokenForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "application/pdf", description = "the DC-3"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn view_dc3(
    State(state): State<AppState>,
    Path(cve_log): Path<i64>,
    Form(f): Form<TokenForm>,
) -> AppResult<Response> {
    let u = form_session(&state, &f.token).await?;
    let c = visible(&state, &u, cve_log).await?;
    let key = c.link_dc3.ok_or_else(AppError::not_found)?;
    let bytes = state.storage.get(&key).await?;
    let mut res = pdf_response(bytes.to_vec(), &format!("DC3-externa-{cve_log}.pdf"));
    res.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(crate::files::SANDBOX_CSP),
    );
    Ok(res)
}

/// What authorising answers.
#[derive(Serialize, ToSchema)]
pub struct Autorizacion {
    pub resp: String,
    pub id_acreditacion: i64,
}

/// Authorises a record sent with its DC-3 (422 `certificados.certificacion_sin_dc3`; 409
/// `certificados.certificacion_revisada` when not Enviado): the topic is accredited in the
/// worker's plan (origin certificacion_externa, dated the accreditation date) and the
/// supplier is told.
#[utoipa::path(put, path = "/api/pri/proveedor/log/{cve_log}/autorizar", tag = "certificates",
    params(("cve_log" = i64, Path)),
    responses((status = 200, body = Autorizacion), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn authorise_certification(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_log): Path<i64>,
) -> AppResult<axum::Json<Autorizacion>> {
    let c = visible(&state, &u, cve_log).await?;
    if c.estado != "Enviado" {
        return Err(AppError::conflict("certificados.certificacion_revisada"));
    }
    if c.link_dc3.is_none() {
        return Err(AppError::unprocessable(
            "certificados.certificacion_sin_dc3",
        ));
    }
    let now = state.now_iso();
    let hoy = crate::plans::today(&state);
    let mut tx = state.db.begin().await?;
    let id = authorise(&mut tx, &c, u.cve_empleado, hoy, &now).await?;
    tx.commit().await?;
    tell_supplier(
        &state,
        &c,
        "Certificación autorizada",
        format!(
            "La certificación de {} en «{}» ({}) fue autorizada.",
            c.nombre_empleado, c.nombre_tema, c.fecha_realizacion
        ),
    )
    .await;
    Ok(axum::Json(Autorizacion {
        resp: "Excelente".into(),
        id_acreditacion: id,
    }))
}

/// Authorises a record inside the caller's transaction: writes its accreditation through the
/// plans domain (origin certificacion_externa, reference `certificacion:{cve_log}`, dated the
/// accreditation date) and marks it Autorizado (409 when it was not Enviado any more).
/// Returns the ledger fact's id.
pub async fn authorise(
    tx: &mut sqlx::SqliteConnection,
    c: &db::Certificacion,
    por: i64,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<i64> {
    let fecha = parse_date(&c.fecha_realizacion).ok_or_else(|| {
        AppError::internal(format!("certificación {} con fecha ilegible", c.cve_log))
    })?;
    let referencia = format!("certificacion:{}", c.cve_log);
    let registro = crate::plans::record_accreditation(
        &mut *tx,
        &NuevaAcreditacion {
            cve_empleado: c.cve_empleado,
            cve_tema: c.cve_tema,
            fecha,
            calificacion: None,
            origen: Origen::CertificacionExterna,
            referencia: &referencia,
            motivo: None,
            nota: None,
            registrado_por: Some(por),
            resultado: Some(true),
        },
        hoy.max(fecha),
        now,
    )
    .await?;
    let id = match registro {
        crate::plans::types::Registro::Insertada(id)
        | crate::plans::types::Registro::Actualizada(id)
        | crate::plans::types::Registro::SinCambios(id) => id,
    };
    if !db::review(&mut *tx, c.cve_log, "Autorizado", None, por, Some(id), now).await? {
        return Err(AppError::conflict("certificados.certificacion_revisada"));
    }
    Ok(id)
}

/// Rejecting's body.
#[derive(Deserialize, ToSchema)]
pub struct Rechazo {
    /// 1–500 characters; the supplier sees it.
    #[schema(min_length = 1, max_length = 500)]
    pub motivo: String,
}

/// Rejects a record sent (409 `certificados.certificacion_revisada` otherwise) with a reason
/// the supplier sees; the supplier is told.
#[utoipa::path(put, path = "/api/pri/proveedor/log/{cve_log}/rechazar", tag = "certificates",
    params(("cve_log" = i64, Path)), request_body = Rechazo,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn reject_certification(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_log): Path<i64>,
    Json(b): Json<Rechazo>,
) -> AppResult<axum::Json<Resp>> {
    let motivo = b.motivo.trim();
    let mut fe = crate::error::FieldErrors::default();
    fe.check(!motivo.is_empty(), "motivo", "validacion.campo_requerido");
    fe.check_len(motivo, MOTIVO_MAX, "motivo");
    fe.into_result()?;
    let c = visible(&state, &u, cve_log).await?;
    let now = state.now_iso();
    if !db::review(
        &state.db.write,
        cve_log,
        "Rechazado",
        Some(motivo),
        u.cve_empleado,
        None,
        &now,
    )
    .await?
    {
        return Err(AppError::conflict("certificados.certificacion_revisada"));
    }
    tell_supplier(
        &state,
        &c,
        "Certificación rechazada",
        format!(
            "La certificación de {} en «{}» ({}) fue rechazada: {motivo}",
            c.nombre_empleado, c.nombre_tema, c.fecha_realizacion
        ),
    )
    .await;
    Ok(Resp::ok())
}

/// Tells the supplier who uploaded a record what became of it (a failure is only logged).
async fn tell_supplier(state: &AppState, c: &db::Certificacion, titulo: &str, contenido: String) {
    let contenido: String = contenido
        .chars()
        .take(crate::contract::NOTIFICACION_CONTENIDO_MAX)
        .collect();
    let n = Nueva {
        titulo: titulo.into(),
        contenido,
        tipo: Some("certificacion_externa".into()),
        recurso: Some("/menu/certificaciones_externas".into()),
        origen: Some(NOTIFICACION_ORIGEN.into()),
        ..Nueva::default()
    };
    if let Err(e) = notify(
        state,
        &Destino::Empleado {
            cve_empleado: c.cve_proveedor,
        },
        &n,
    )
    .await
    {
        tracing::warn!(error = %e, "a certification review notification was not sent");
    }
}

/// A worker's authorised external certifications (Mis constancias).
pub async fn authorised_of(state: &AppState, cve_empleado: i64) -> AppResult<Vec<MiExterna>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(db::authorised_of(&mut *conn, cve_empleado).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_read_as_iso_or_day_month_year() {
        assert_eq!(normal_date("2026-03-05"), "2026-03-05");
        assert_eq!(normal_date("2026-03-05 00:00:00"), "2026-03-05");
        assert_eq!(normal_date("05/03/2026"), "2026-03-05");
        assert_eq!(normal_date("mañana"), "mañana");
        assert!(parse_date("2026-02-30").is_none());
    }

    #[test]
    fn validity_follows_the_topics_months_and_never_expires_with_zero() {
        let d = NaiveDate::from_ymd_opt(2026, 1, 31).unwrap_or_default();
        assert_eq!(validity(d, 12).to_string(), "2027-01-31");
        assert_eq!(validity(d, 1).to_string(), "2026-02-28");
        assert_eq!(validity(d, 0).to_string(), "9999-12-31");
    }

    #[test]
    fn the_topic_id_is_read_from_numbers_and_numeric_text() {
        let r: UploadRecord =
            serde_json::from_str(r#"{"CUIL_CUIT_CURP":"x","Fecha_Realizacion":"","ID_TEMA":"12"}"#)
                .unwrap_or_default();
        assert_eq!(r.id_tema, Some(12));
        let r: UploadRecord =
            serde_json::from_str(r#"{"CUIL_CUIT_CURP":"x","Fecha_Realizacion":"","ID_TEMA":7.0}"#)
                .unwrap_or_default();
        assert_eq!(r.id_tema, Some(7));
    }
}
