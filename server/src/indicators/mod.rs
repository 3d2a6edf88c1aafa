//! Indicadores (spec sections 1 and 2: `graficas`, `avance_grupos_temas`,
//! `avance_bloques_temas`, `avance_audencia_meta`): progress of the plans against their
//! targets — the people whose plan holds a topic (its target audience) and how many of them
//! hold a valid accreditation — by topic group, by course block and by topic, and the charts
//! of accreditations per month, compliance per plant and structure and courses per modality.
//! Computed on each call within the caller's scope (Supervisor: their people) and filtered by
//! structure node, plant and period; each answer also comes as an Excel file.

pub mod db;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{Datelike, Months, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Query};
use crate::state::AppState;
use db::{Avance, Corte, Cumplimiento, Mes, Modalidad, Nodo, Planta, Reparto, Unidad};

pub const SECCION_GRAFICAS: &str = "indicadores.graficas";
pub const SECCION_GRUPOS: &str = "indicadores.grupos_temas";
pub const SECCION_BLOQUES: &str = "indicadores.bloques_temas";
pub const SECCION_AUDIENCIA: &str = "indicadores.audiencia_meta";
const SECCIONES: [&str; 4] = [
    SECCION_GRAFICAS,
    SECCION_GRUPOS,
    SECCION_BLOQUES,
    SECCION_AUDIENCIA,
];
/// The longest period an indicator covers, in months.
pub const PERIODO_MAX_MESES: u32 = 60;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(get_options)))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_GRAFICAS),
            routes!(post_charts),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_GRUPOS),
            routes!(post_groups),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_BLOQUES),
            routes!(post_blocks),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_AUDIENCIA),
            routes!(post_audience),
        ))
}

/// The filters every indicator takes (all optional).
#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct Filtros {
    /// A structure node of any level (N2–N7): only its people.
    #[serde(default)]
    pub cve_estructura: Option<i64>,
    #[serde(default)]
    pub cve_planta: Option<i64>,
    /// AAAA-MM-DD; January 1st of this year when missing.
    #[serde(default)]
    pub desde: Option<String>,
    /// AAAA-MM-DD; today when missing.
    #[serde(default)]
    pub hasta: Option<String>,
    /// Only the plans' mandatory topics (default true).
    #[serde(default)]
    pub solo_obligatorios: Option<bool>,
}

/// `?formato=json|xlsx` (json by default).
#[derive(Deserialize, IntoParams, Debug, Default)]
pub struct Formato {
    #[serde(default)]
    pub formato: Option<String>,
}

impl Formato {
    /// Whether the Excel file is asked for (400 `validacion.formato` for anything else).
    fn xlsx(&self) -> AppResult<bool> {
        match self.formato.as_deref().map(str::trim) {
            None | Some("") | Some("json") => Ok(false),
            Some("xlsx") => Ok(true),
            Some(_) => Err(AppError::bad_request("validacion.formato")),
        }
    }
}

fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Checks the filters against the catalogues and builds the cut of a caller.
async fn corte(state: &AppState, u: &SessionUser, f: &Filtros) -> AppResult<Corte> {
    let hoy = crate::courses::enrolment::hoy(state).await?;
    let mut fe = FieldErrors::default();
    let date = |v: &Option<String>, field: &str, fe: &mut FieldErrors| {
        let v = v.as_deref().map(str::trim).filter(|s| !s.is_empty())?;
        let d = crate::validate::parse_date(v);
        if d.is_none() {
            fe.add(field, "validacion.fecha");
        }
        d
    };
    let desde = date(&f.desde, "desde", &mut fe)
        .unwrap_or_else(|| NaiveDate::from_ymd_opt(hoy.year(), 1, 1).unwrap_or(hoy));
    let hasta = date(&f.hasta, "hasta", &mut fe).unwrap_or(hoy);
    fe.check(hasta >= desde, "hasta", "validacion.rango_fechas");
    fe.check(
        desde
            .checked_add_months(Months::new(PERIODO_MAX_MESES))
            .is_some_and(|limite| hasta <= limite),
        "hasta",
        "validacion.periodo_largo",
    );
    let mut conn = state.db.read.acquire().await?;
    if let Some(n) = f.cve_estructura {
        fe.check(
            crate::org::db::node_exists(&mut *conn, n).await?,
            "cve_estructura",
            "validacion.estructura",
        );
    }
    if let Some(p) = f.cve_planta {
        fe.check(
            crate::org::db::plant_exists(&mut *conn, p).await?,
            "cve_planta",
            "validacion.planta",
        );
    }
    fe.into_result()?;
    Ok(Corte {
        alcance: crate::dashboard::alcance(u),
        nodo: f.cve_estructura,
        planta: f.cve_planta,
        desde: iso(desde),
        hasta: iso(hasta),
        hoy: iso(hoy),
        solo_obligatorios: f.solo_obligatorios.unwrap_or(true),
    })
}

/// What the filters may choose from: the structure nodes and plants of the people in one's
/// scope, and the default period.
#[derive(Serialize, ToSchema, Debug)]
pub struct Opciones {
    pub niveles: Vec<Nodo>,
    pub plantas: Vec<Planta>,
    pub desde: String,
    pub hasta: String,
}

/// The filters' options: the nodes and plants of one's scope, none for whoever has no
/// indicator section (any session may ask; nothing of the organisation is told to them).
#[utoipa::path(get, path = "/api/pri/indicadores/filtros", tag = "indicators",
    responses((status = 200, body = Opciones)))]
async fn get_options(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Opciones>> {
    let c = corte(&state, &u, &Filtros::default()).await?;
    let (niveles, plantas) = if SECCIONES.iter().any(|s| u.can(&state, s)) {
        let mut conn = state.db.read.acquire().await?;
        db::options(&mut conn, c.alcance).await?
    } else {
        (Vec::new(), Vec::new())
    };
    Ok(axum::Json(Opciones {
        niveles,
        plantas,
        desde: c.desde,
        hasta: c.hasta,
    }))
}

/// Progress by group, block or topic.
#[derive(Serialize, ToSchema, Debug)]
pub struct IndicadorAvance {
    pub desde: String,
    pub hasta: String,
    /// The day validity is measured on.
    pub hoy: String,
    pub filas: Vec<Avance>,
}

const AVANCE_COLUMNS: [&str; 13] = [
    "Nombre",
    "Detalle",
    "Temas",
    "Audiencia meta",
    "Requeridos",
    "Acreditados",
    "Pendientes",
    "Vencidos",
    "No acreditados",
    "Acreditados en el periodo",
    "Personas completas",
    "Avance %",
    "Clave",
];

async fn progress(
    state: &AppState,
    u: &SessionUser,
    f: &Filtros,
    unidad: Unidad,
    formato: &Formato,
    title: &str,
) -> AppResult<Response> {
    let xlsx = formato.xlsx()?;
    let c = corte(state, u, f).await?;
    let filas = {
        let mut conn = state.db.read.acquire().await?;
        db::avance(&mut conn, &c, unidad).await?
    };
    if xlsx {
        let rows: Vec<Vec<Celda>> = filas
            .iter()
            .map(|a| {
                vec![
                    Celda::Texto(a.nombre.clone()),
                    Celda::Texto(a.detalle.clone()),
                    Celda::Numero(a.temas as f64),
                    Celda::Numero(a.audiencia as f64),
                    Celda::Numero(a.requeridos as f64),
                    Celda::Numero(a.acreditados as f64),
                    Celda::Numero(a.pendientes as f64),
                    Celda::Numero(a.vencidos as f64),
                    Celda::Numero(a.reprobados as f64),
                    Celda::Numero(a.acreditados_periodo as f64),
                    Celda::Numero(a.completos as f64),
                    Celda::Numero(a.porcentaje),
                    Celda::Numero(a.id as f64),
                ]
            })
            .collect();
        let bytes = workbook(
            title,
            &c,
            &[Hoja {
                nombre: title,
                columnas: &AVANCE_COLUMNS,
                filas: rows,
            }],
        )?;
        return Ok(file(bytes, title));
    }
    Ok(axum::Json(IndicadorAvance {
        desde: c.desde,
        hasta: c.hasta,
        hoy: c.hoy,
        filas,
    })
    .into_response())
}

/// 'Avance grupos de temas': progress of each active topic group.
#[utoipa::path(post, path = "/api/pri/indicadores/avance_grupos_temas", tag = "indicators",
    request_body = Filtros, params(Formato),
    responses((status = 200, body = IndicadorAvance, description = "JSON, or the xlsx file"), (status = 400, body = ErrorBody)))]
async fn post_groups(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(formato): Query<Formato>,
    Json(f): Json<Filtros>,
) -> AppResult<Response> {
    progress(
        &state,
        &u,
        &f,
        Unidad::Grupo,
        &formato,
        "Avance grupos de temas",
    )
    .await
}

/// 'Avance bloques de temas': progress of each active course block.
#[utoipa::path(post, path = "/api/pri/indicadores/avance_bloques_temas", tag = "indicators",
    request_body = Filtros, params(Formato),
    responses((status = 200, body = IndicadorAvance, description = "JSON, or the xlsx file"), (status = 400, body = ErrorBody)))]
async fn post_blocks(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(formato): Query<Formato>,
    Json(f): Json<Filtros>,
) -> AppResult<Response> {
    progress(
        &state,
        &u,
        &f,
        Unidad::Bloque,
        &formato,
        "Avance bloques de temas",
    )
    .await
}

/// 'Avance audiencia meta': each topic some plan holds, its target audience and progress.
#[utoipa::path(post, path = "/api/pri/indicadores/avance_audencia_meta", tag = "indicators",
    request_body = Filtros, params(Formato),
    responses((status = 200, body = IndicadorAvance, description = "JSON, or the xlsx file"), (status = 400, body = ErrorBody)))]
async fn post_audience(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(formato): Query<Formato>,
    Json(f): Json<Filtros>,
) -> AppResult<Response> {
    progress(
        &state,
        &u,
        &f,
        Unidad::Tema,
        &formato,
        "Avance audiencia meta",
    )
    .await
}

/// The charts of 'Gráficas'.
#[derive(Serialize, ToSchema, Debug)]
pub struct Graficas {
    pub desde: String,
    pub hasta: String,
    pub hoy: String,
    /// Every month of the period (AAAA-MM), missing ones as zero.
    pub por_mes: Vec<Mes>,
    pub por_planta: Vec<Cumplimiento>,
    /// The level `por_estructura` splits by: the one below the filtered node, N2 without one.
    pub nivel_estructura: u8,
    pub por_estructura: Vec<Cumplimiento>,
    pub por_modalidad: Vec<Modalidad>,
}

/// Every month from `desde` to `hasta` with the counts found (zero otherwise).
fn months(desde: &str, hasta: &str, found: Vec<Mes>) -> Vec<Mes> {
    let (Some(a), Some(b)) = (
        crate::validate::parse_date(desde),
        crate::validate::parse_date(hasta),
    ) else {
        return found;
    };
    let mut out = Vec::new();
    let mut m = NaiveDate::from_ymd_opt(a.year(), a.month(), 1).unwrap_or(a);
    while m <= b {
        let key = m.format("%Y-%m").to_string();
        out.push(found.iter().find(|x| x.mes == key).cloned().unwrap_or(Mes {
            mes: key,
            acreditados: 0,
            no_acreditados: 0,
        }));
        match m.checked_add_months(Months::new(1)) {
            Some(n) => m = n,
            None => break,
        }
    }
    out
}

/// 'Gráficas': accreditations per month, compliance per plant and structure, courses per
/// modality.
#[utoipa::path(post, path = "/api/pri/indicadores/graficas", tag = "indicators",
    request_body = Filtros, params(Formato),
    responses((status = 200, body = Graficas, description = "JSON, or the xlsx file"), (status = 400, body = ErrorBody)))]
async fn post_charts(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(formato): Query<Formato>,
    Json(f): Json<Filtros>,
) -> AppResult<Response> {
    let xlsx = formato.xlsx()?;
    let c = corte(&state, &u, &f).await?;
    let mut conn = state.db.read.acquire().await?;
    let nivel = match c.nodo {
        Some(n) => crate::org::db::node_level_and_parent(&mut *conn, n)
            .await?
            .map_or(2, |(l, _)| (l + 1).clamp(2, 7) as u8),
        None => 2,
    };
    let por_mes = months(&c.desde, &c.hasta, db::per_month(&mut conn, &c).await?);
    let por_planta = db::compliance(&mut conn, &c, Reparto::Planta).await?;
    let por_estructura = db::compliance(&mut conn, &c, Reparto::Nivel(nivel)).await?;
    let por_modalidad = db::per_modality(&mut conn, &c).await?;
    drop(conn);
    let g = Graficas {
        desde: c.desde.clone(),
        hasta: c.hasta.clone(),
        hoy: c.hoy.clone(),
        por_mes,
        por_planta,
        nivel_estructura: nivel,
        por_estructura,
        por_modalidad,
    };
    if !xlsx {
        return Ok(axum::Json(g).into_response());
    }
    let cumplimiento = |l: &[Cumplimiento]| -> Vec<Vec<Celda>> {
        l.iter()
            .map(|x| {
                vec![
                    Celda::Texto(x.nombre.clone()),
                    Celda::Numero(x.requeridos as f64),
                    Celda::Numero(x.acreditados as f64),
                    Celda::Numero(x.porcentaje),
                ]
            })
            .collect()
    };
    const CUMPLIMIENTO: [&str; 4] = ["Nombre", "Requeridos", "Acreditados", "Avance %"];
    let bytes = workbook(
        "Gráficas",
        &c,
        &[
            Hoja {
                nombre: "Acreditaciones por mes",
                columnas: &["Mes", "Acreditados", "No acreditados"],
                filas: g
                    .por_mes
                    .iter()
                    .map(|m| {
                        vec![
                            Celda::Texto(m.mes.clone()),
                            Celda::Numero(m.acreditados as f64),
                            Celda::Numero(m.no_acreditados as f64),
                        ]
                    })
                    .collect(),
            },
            Hoja {
                nombre: "Cumplimiento por planta",
                columnas: &CUMPLIMIENTO,
                filas: cumplimiento(&g.por_planta),
            },
            Hoja {
                nombre: "Cumplimiento por estructura",
                columnas: &CUMPLIMIENTO,
                filas: cumplimiento(&g.por_estructura),
            },
            Hoja {
                nombre: "Cursos por modalidad",
                columnas: &["Modalidad", "Cursos", "Participantes", "Horas"],
                filas: g
                    .por_modalidad
                    .iter()
                    .map(|m| {
                        vec![
                            Celda::Texto(m.modalidad.clone()),
                            Celda::Numero(m.cursos as f64),
                            Celda::Numero(m.participantes as f64),
                            Celda::Numero(m.horas),
                        ]
                    })
                    .collect(),
            },
        ],
    )?;
    Ok(file(bytes, "Gráficas"))
}

/// A cell of an exported sheet.
enum Celda {
    Texto(String),
    Numero(f64),
}

/// One sheet of an export.
struct Hoja<'a> {
    nombre: &'a str,
    columnas: &'a [&'a str],
    filas: Vec<Vec<Celda>>,
}

/// An indicator as a workbook: per sheet, the title, the period and filters, the columns in
/// bold and the rows.
fn workbook(title: &str, c: &Corte, hojas: &[Hoja<'_>]) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    for h in hojas {
        let ws = wb.add_worksheet();
        // Sheet names: at most 31 characters.
        let name: String = h.nombre.chars().take(31).collect();
        ws.set_name(&name).map_err(AppError::internal)?;
        ws.write_string_with_format(0, 0, title, &bold)
            .map_err(AppError::internal)?;
        ws.write_string(1, 0, format!("Periodo: {} a {}", c.desde, c.hasta))
            .map_err(AppError::internal)?;
        ws.write_string(
            2,
            0,
            format!(
                "Vigencia medida al {}{}",
                c.hoy,
                if c.solo_obligatorios {
                    " · solo temas obligatorios"
                } else {
                    ""
                }
            ),
        )
        .map_err(AppError::internal)?;
        let first = 4;
        for (i, col) in h.columnas.iter().enumerate() {
            ws.write_string_with_format(first, i as u16, *col, &bold)
                .map_err(AppError::internal)?;
        }
        for (r, fila) in h.filas.iter().enumerate() {
            let r = first + 1 + r as u32;
            for (i, cell) in fila.iter().enumerate() {
                match cell {
                    Celda::Texto(t) => ws.write_string(r, i as u16, t),
                    Celda::Numero(n) => ws.write_number(r, i as u16, *n),
                }
                .map_err(AppError::internal)?;
            }
        }
        ws.autofit();
    }
    wb.save_to_buffer().map_err(AppError::internal)
}

fn file(bytes: Vec<u8>, title: &str) -> Response {
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
    );
    let ascii: String = title
        .chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' => 'u',
            c if c.is_ascii_alphanumeric() => c,
            _ => '_',
        })
        .collect();
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{ascii}.xlsx\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    res
}
