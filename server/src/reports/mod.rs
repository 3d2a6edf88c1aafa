//! Reports (spec section 2: `reporte_masivo`, `reporteador`): the mass report on the table
//! engine, the report builder over a declared whitelist of sources, saved layouts shared
//! with profiles, their scheduled e-mail delivery, and exports — streamed at once, or as
//! background jobs with live progress for large ones. Every query runs within the caller's
//! scope (for a scheduled send, the recipient's), whoever wrote the layout.

pub mod db;
pub mod jobs;
pub mod schedule;
pub mod types;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Json;
use crate::i18n::Lang;
use crate::state::AppState;
use crate::table::export::{Formato, Hoja};
use crate::table::{self, Bind, Cond, PAGE_SIZES, Pages, Prelude, TablePage, TableQuery};
use db::consulta::{self, Compilada};
use db::fuentes;
use types::*;

// Section keys, written in two pieces: `reportes.*` is also the namespace of this domain's
// error codes, which the messages test looks for in string literals.
pub const SECCION_MASIVO: &str = concat!("reportes", ".masivo");
pub const SECCION_REPORTEADOR: &str = concat!("reportes", ".reporteador");
pub const SECCION_GUARDADOS: &str = concat!("reportes", ".guardados");
/// The Administrador profile: may edit every layout.
const ADMINISTRADOR: i64 = 1;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let masivo = || Rule::Seccion(SECCION_MASIVO);
    let builder = || Rule::Seccion(SECCION_REPORTEADOR);
    let saved = || Rule::Seccion(SECCION_GUARDADOS);
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(get_report_options)))
        .routes(secured(state, masivo(), routes!(table_mass_report)))
        .routes(secured(state, masivo(), routes!(post_mass_report_job)))
        .routes(secured(state, builder(), routes!(get_report_sources)))
        .routes(secured(state, builder(), routes!(post_report_run)))
        .routes(secured(state, builder(), routes!(post_report_export)))
        .routes(secured(state, builder(), routes!(post_report_export_job)))
        .routes(secured(state, saved(), routes!(get_saved_reports)))
        .routes(secured(state, builder(), routes!(post_saved_report)))
        .routes(secured(state, saved(), routes!(get_saved_report)))
        .routes(secured(state, builder(), routes!(put_saved_report)))
        .routes(secured(state, builder(), routes!(delete_saved_report)))
        .routes(secured(state, saved(), routes!(post_saved_report_run)))
        .routes(secured(state, saved(), routes!(post_saved_report_export)))
        .routes(secured(state, saved(), routes!(post_saved_report_job)))
        .routes(secured(state, builder(), routes!(put_report_schedule)))
        .routes(secured(state, builder(), routes!(delete_report_schedule)))
        .merge(jobs::router(state))
}

/// The company's today.
pub fn hoy(state: &AppState) -> chrono::NaiveDate {
    crate::plans::today(state)
}

fn lang() -> Lang {
    crate::i18n::current_lang()
}

fn t3(t: &[&str; 3], lang: Lang) -> String {
    t[consulta::lang_index(lang)].to_string()
}

// ---------------------------------------------------------------------------------------
// Options and the mass report

/// The option lists of the reports' filters (empty without a reports section).
#[utoipa::path(get, path = "/api/pri/reportes/opciones", tag = "reports",
    responses((status = 200, body = OpcionesReporte)))]
async fn get_report_options(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<OpcionesReporte>> {
    if ![SECCION_MASIVO, SECCION_REPORTEADOR, SECCION_GUARDADOS]
        .iter()
        .any(|s| u.can(&state, s))
    {
        return Ok(axum::Json(OpcionesReporte::default()));
    }
    let (nodos, [plantas, puestos, temas, grupos, bloques]) =
        db::options(&mut *state.db.read.acquire().await?).await?;
    let par = |v: Vec<(i64, String)>| {
        v.into_iter()
            .map(|(value, label)| Opcion {
                value: value.into(),
                label,
            })
            .collect()
    };
    let l = lang();
    let traducido = |v: &[(&str, [&str; 3])]| {
        v.iter()
            .map(|(value, label)| Opcion {
                value: (*value).into(),
                label: t3(label, l),
            })
            .collect()
    };
    Ok(axum::Json(OpcionesReporte {
        estructura: nodos
            .into_iter()
            .map(|(value, label, nivel)| OpcionNodo {
                value,
                label,
                nivel,
            })
            .collect(),
        plantas: par(plantas),
        puestos: par(puestos),
        temas: par(temas),
        grupos: par(grupos),
        bloques: par(bloques),
        modalidades: traducido(&[
            ("PRESENCIAL", ["Presencial", "In person", "Presencial"]),
            ("E_LEARNING", ["E-learning", "E-learning", "E-learning"]),
            ("STREAMING", ["Streaming", "Streaming", "Streaming"]),
        ]),
        estados: traducido(&[
            ("Acreditado", ["Acreditado", "Accredited", "Certificado"]),
            (
                "No acreditado",
                ["No acreditado", "Not accredited", "Não certificado"],
            ),
            ("Vencido", ["Vencido", "Expired", "Vencido"]),
            ("Pendiente", ["Pendiente", "Pending", "Pendente"]),
        ]),
        requerimientos: traducido(&[
            ("obligatorio", ["Obligatorio", "Mandatory", "Obrigatório"]),
            ("opcional", ["Opcional", "Optional", "Opcional"]),
            (
                "no_requerido",
                ["No requerido", "Not required", "Não exigido"],
            ),
        ]),
    }))
}

/// The mass report's prelude and conditions: today, the caller's scope and filtersEXT.
pub fn mass_conditions(
    state: &AppState,
    scope: Scope,
    q: &TableQuery,
) -> AppResult<(Prelude, Vec<Cond>)> {
    use db::condiciones as k;
    if !q.filters_ext.is_null() && !q.filters_ext.is_object() {
        return Err(AppError::bad_request("tabla.filtro").arg("filtro", "filtersEXT"));
    }
    let prelude = Prelude::default().with(
        k::HOY,
        vec![Bind::Text(hoy(state).format("%Y-%m-%d").to_string())],
    );
    let (prelude, mut conds) = crate::employees::db::list::scope_filter(prelude, scope);
    conds.push(Cond::new(k::NO_BORRADOS, vec![]));
    if let Some(n) = q.ext_int("cve_estructura")? {
        conds.push(Cond::new(k::NODO, vec![Bind::Int(n); 6]));
    }
    for (key, sql) in [
        ("cve_planta", k::PLANTA),
        ("cve_puesto", k::PUESTO),
        ("cve_tema", k::TEMA),
        ("id_grupo", k::GRUPO),
        ("id_bloque", k::BLOQUE),
    ] {
        if let Some(n) = q.ext_int(key)? {
            conds.push(Cond::new(sql, vec![Bind::Int(n)]));
        }
    }
    if let Some(m) = q.ext_text("modalidad", &["PRESENCIAL", "E_LEARNING", "STREAMING"])? {
        conds.push(Cond::new(k::MODALIDAD, vec![Bind::Text(m)]));
    }
    if let Some(e) = q.ext_text(
        "estado",
        &["Acreditado", "No acreditado", "Vencido", "Pendiente"],
    )? {
        conds.push(Cond::new(
            format!("{} = ?", db::masivo::ESTADO),
            vec![Bind::Text(e)],
        ));
    }
    if let Some(r) = q.ext_text(
        "requerimiento",
        &["obligatorio", "opcional", "no_requerido"],
    )? {
        conds.push(Cond::new(
            format!("{} = ?", db::masivo::REQUERIMIENTO),
            vec![Bind::Text(r)],
        ));
    }
    Ok((prelude, conds))
}

/// The mass report: one row per employee and topic, within the caller's scope. filtersEXT:
/// `{cve_estructura?, cve_planta?, cve_puesto?, cve_tema?, id_grupo?, id_bloque?, modalidad?,
/// estado?, requerimiento?}`; the date range applies to the accreditation date. With
/// `excel: true` the whole result as xlsx, csv or pdf (≤ 2,000 rows).
#[utoipa::path(post, path = "/api/pri/reportes/reporte_masivo/tabla", tag = "reports",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn table_mass_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let (prelude, conds) = mass_conditions(&state, u.scope, &q)?;
    table::run(&state, &db::masivo::MASIVO, q, prelude, conds).await
}

/// Starts a background export of the mass report (the same body, with `formato`).
#[utoipa::path(post, path = "/api/pri/reportes/reporte_masivo/exportacion", tag = "reports",
    request_body = TableQuery,
    responses((status = 202, body = ExportacionCreada), (status = 400, body = ErrorBody)))]
async fn post_mass_report_job(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(body): Json<serde_json::Value>,
) -> AppResult<Response> {
    let q: TableQuery = serde_json::from_value(body.clone())
        .map_err(|_| AppError::bad_request("validacion.json"))?;
    let formato = Formato::parse(q.formato.as_deref())?;
    let (prelude, conds) = mass_conditions(&state, u.scope, &q)?;
    // Checks the filters now (a bad one is a 400 here, not a failed job).
    table::count(&state, &db::masivo::MASIVO, &q, &prelude, &conds).await?;
    let nombre = t3(
        &["Reporte masivo", "Mass report", "Relatório massivo"],
        lang(),
    );
    jobs::create(&state, &u, &nombre, "masivo", &body, formato).await
}

// ---------------------------------------------------------------------------------------
// The builder

/// The sources of the report builder with their columns, operators and totals.
#[utoipa::path(get, path = "/api/pri/reportes/fuentes", tag = "reports",
    responses((status = 200, body = Vec<types::FuenteReporte>)))]
async fn get_report_sources() -> axum::Json<Vec<types::FuenteReporte>> {
    let l = lang();
    axum::Json(
        fuentes::FUENTES
            .iter()
            .map(|f| types::FuenteReporte {
                clave: f.clave.into(),
                nombre: t3(&f.nombre, l),
                descripcion: t3(&f.descripcion, l),
                columnas: f
                    .columnas
                    .iter()
                    .map(|c| ColumnaFuente {
                        clave: c.clave.into(),
                        titulo: t3(&c.titulo, l),
                        tipo: c.tipo.clave().into(),
                        agrupable: c.agrupable,
                        operadores: consulta::operadores(c)
                            .iter()
                            .map(|s| s.to_string())
                            .collect(),
                        funciones: consulta::funciones(c)
                            .iter()
                            .map(|s| s.to_string())
                            .collect(),
                        opciones: c
                            .opciones
                            .iter()
                            .map(|(v, t)| OpcionValor {
                                value: (*v).into(),
                                label: t3(t, l),
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect(),
    )
}

fn page_of(page: Option<i64>, cant: Option<i64>) -> AppResult<(i64, i64)> {
    let page = page.unwrap_or(1);
    let cant = cant.unwrap_or(20);
    if page < 1 {
        return Err(AppError::bad_request("tabla.pagina"));
    }
    if !PAGE_SIZES.contains(&cant) {
        return Err(AppError::bad_request("tabla.cantidad_por_pagina"));
    }
    Ok((page, cant))
}

/// A page of a compiled layout with its grand totals.
async fn result_of(
    state: &AppState,
    c: &Compilada,
    page: i64,
    cant: i64,
) -> AppResult<ResultadoReporte> {
    let ((filas, total), valores) = tokio::try_join!(
        consulta::pagina(&state.db.read, c, page, cant),
        consulta::totales(&state.db.read, c)
    )?;
    let pages = if total == 0 {
        0
    } else {
        (total + cant - 1) / cant
    };
    Ok(ResultadoReporte {
        columnas: c
            .salida
            .iter()
            .map(|s| ColumnaResultado {
                clave: s.clave.clone(),
                titulo: s.titulo.clone(),
                tipo: s.tipo.clave().into(),
            })
            .collect(),
        filas,
        totales: c
            .totales
            .iter()
            .zip(valores)
            .map(|(t, valor)| TotalResultado {
                columna: t.def.columna.clone(),
                funcion: t.def.funcion.clone(),
                titulo: t.titulo.clone(),
                valor,
            })
            .collect(),
        pages: Pages {
            pages,
            ultima_page: pages,
            cantidad_registros: total,
        },
    })
}

/// Runs a layout that is not saved (the builder's live preview).
#[utoipa::path(post, path = "/api/pri/reportes/ejecutar", tag = "reports",
    request_body = EjecutarReporte,
    responses((status = 200, body = ResultadoReporte), (status = 400, body = ErrorBody)))]
async fn post_report_run(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<EjecutarReporte>,
) -> AppResult<axum::Json<ResultadoReporte>> {
    let (page, cant) = page_of(b.page, b.cant_pp)?;
    let c = consulta::compilar(&b.definicion, u.scope, hoy(&state), lang())?;
    Ok(axum::Json(result_of(&state, &c, page, cant).await?))
}

/// The export of a compiled layout: its rows, then a 'Total' row when it has totals.
pub async fn export_sheet(
    state: &AppState,
    c: &Compilada,
    titulo: &str,
    lang: Lang,
    contador: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
) -> AppResult<(Hoja, crate::table::export::Filas)> {
    let mut hoja = table::sheet_for(state, titulo).await;
    hoja.nombre = titulo.to_string();
    hoja.encabezados = c.salida.iter().map(|s| s.titulo.clone()).collect();
    let valores = consulta::totales(&state.db.read, c).await?;
    let salida = c.salida.clone();
    let filas = table::export::leer(
        state.db.read.clone(),
        c.sql_filas(None),
        c.binds(),
        move |row| consulta::fila_celdas(&salida, row, lang),
        contador,
    );
    if valores.is_empty() {
        return Ok((hoja, filas));
    }
    // The grand totals under their columns (grouped: the aggregate columns; otherwise the
    // first total of each shown column).
    use crate::table::export::Celda;
    let mut total: Vec<Celda> = vec![Celda::Nulo; c.salida.len()];
    for (t, v) in c.totales.iter().zip(&valores) {
        let clave = format!("{}_{}", t.def.funcion, t.def.columna);
        let pos = c
            .salida
            .iter()
            .position(|s| s.clave == clave)
            .or_else(|| c.salida.iter().position(|s| s.clave == t.def.columna));
        if let (Some(i), Some(v)) = (pos, v)
            && total[i] == Celda::Nulo
        {
            total[i] = Celda::Real(*v);
        }
    }
    if let Some(i) = c.salida.iter().position(|s| s.clave == "registros") {
        total[i] = Celda::Entero(consulta::conteo_filas(&state.db.read, c).await?);
    }
    if matches!(total.first(), Some(Celda::Nulo)) {
        total[0] = Celda::Texto(["Total", "Total", "Total"][consulta::lang_index(lang)].into());
    }
    Ok((hoja, table::export::con_fila_final(filas, total)))
}

fn file_name(base: &str, state: &AppState) -> String {
    format!("{base}-{}", state.clock.now().format("%Y%m%d-%H%M"))
}

/// Exports a layout that is not saved: xlsx, csv or pdf (≤ 2,000 rows), streamed.
#[utoipa::path(post, path = "/api/pri/reportes/exportar", tag = "reports",
    request_body = ExportarReporte,
    responses((status = 200, description = "The file"), (status = 400, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn post_report_export(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<ExportarReporte>,
) -> AppResult<Response> {
    let formato = Formato::parse(b.formato.as_deref())?;
    let l = lang();
    let c = consulta::compilar(&b.definicion, u.scope, hoy(&state), l)?;
    let titulo = t3(&c.fuente.nombre, l);
    let (hoja, filas) = export_sheet(&state, &c, &titulo, l, None).await?;
    table::export::responder(
        hoja,
        filas,
        formato,
        &file_name(c.fuente.clave, &state),
        state.config.tmp_dir(),
    )
    .await
}

/// Starts a background export of a layout that is not saved.
#[utoipa::path(post, path = "/api/pri/reportes/exportaciones", tag = "reports",
    request_body = ExportarReporte,
    responses((status = 202, body = ExportacionCreada), (status = 400, body = ErrorBody)))]
async fn post_report_export_job(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<ExportarReporte>,
) -> AppResult<Response> {
    let formato = Formato::parse(b.formato.as_deref())?;
    let l = lang();
    let c = consulta::compilar(&b.definicion, u.scope, hoy(&state), l)?;
    let nombre = t3(&c.fuente.nombre, l);
    let peticion = serde_json::to_value(&b.definicion).map_err(AppError::internal)?;
    jobs::create(&state, &u, &nombre, "definicion", &peticion, formato).await
}

// ---------------------------------------------------------------------------------------
// Saved layouts

fn is_admin(u: &SessionUser) -> bool {
    u.idperfil == ADMINISTRADOR
}

fn may_run(u: &SessionUser, g: &db::Guardado) -> bool {
    is_admin(u) || g.creado_por == u.cve_empleado || profiles_of(g).contains(&u.idperfil)
}

fn may_edit(u: &SessionUser, g: &db::Guardado) -> bool {
    is_admin(u) || g.creado_por == u.cve_empleado
}

fn profiles_of(g: &db::Guardado) -> Vec<i64> {
    let mut v: Vec<i64> = g
        .perfiles
        .split(',')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    v.sort_unstable();
    v
}

fn definition_of(g: &db::Guardado) -> AppResult<DefinicionReporte> {
    serde_json::from_str(&g.definicion).map_err(AppError::internal)
}

/// The sending day of a schedule's current period, and the next one not yet claimed.
async fn schedule_view(state: &AppState, id: i64) -> AppResult<Option<Programacion>> {
    let Some(p) = db::schedule(&state.db.read, id).await? else {
        return Ok(None);
    };
    let destinatarios = db::recipients(&state.db.read, id)
        .await?
        .into_iter()
        .map(
            |(cve_empleado, nombre_empleado, correo_empleado)| Destinatario {
                cve_empleado,
                nombre_empleado,
                correo_empleado,
            },
        )
        .collect();
    let proximo = schedule::next_send(state, &p).await?;
    Ok(Some(Programacion {
        frecuencia: p.frecuencia,
        dia: p.dia,
        formato: p.formato,
        destinatarios,
        proximo_envio: proximo.format("%Y-%m-%d").to_string(),
        ultimo_envio: p.ultimo_envio,
    }))
}

async fn view_of(state: &AppState, u: &SessionUser, g: db::Guardado) -> AppResult<ReporteGuardado> {
    let definicion = definition_of(&g)?;
    let fuente_nombre = fuentes::fuente(&g.fuente)
        .map(|f| t3(&f.nombre, lang()))
        .unwrap_or_default();
    let programacion = schedule_view(state, g.id_reporte).await?;
    Ok(ReporteGuardado {
        id_reporte: g.id_reporte,
        perfiles: profiles_of(&g),
        propio: g.creado_por == u.cve_empleado,
        puede_editar: may_edit(u, &g) && u.can(state, SECCION_REPORTEADOR),
        nombre: g.nombre,
        descripcion: g.descripcion,
        fuente: g.fuente,
        fuente_nombre,
        definicion,
        creado_por_nombre: g.creado_por_nombre,
        actualizado: g.actualizado,
        programacion,
    })
}

/// A layout the caller may run (404 otherwise: others' unshared layouts are not told apart).
async fn runnable(state: &AppState, u: &SessionUser, id: i64) -> AppResult<db::Guardado> {
    match db::layout(&state.db.read, id).await? {
        Some(g) if may_run(u, &g) => Ok(g),
        _ => Err(AppError::not_found()),
    }
}

/// A layout the caller may change: 404 when they may not see it, 403 when only run it.
async fn editable(state: &AppState, u: &SessionUser, id: i64) -> AppResult<db::Guardado> {
    let g = runnable(state, u, id).await?;
    if !may_edit(u, &g) {
        return Err(AppError::forbidden("reportes.solo_autor"));
    }
    Ok(g)
}

/// The saved layouts the caller may run: their own and those shared with their profile
/// (the Administrador: all).
#[utoipa::path(get, path = "/api/pri/reportes/guardados", tag = "reports",
    responses((status = 200, body = Vec<ReporteGuardado>)))]
async fn get_saved_reports(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<ReporteGuardado>>> {
    let rows =
        db::visible_layouts(&state.db.read, u.cve_empleado, u.idperfil, is_admin(&u)).await?;
    let mut out = Vec::with_capacity(rows.len());
    for g in rows {
        out.push(view_of(&state, &u, g).await?);
    }
    Ok(axum::Json(out))
}

/// One saved layout.
#[utoipa::path(get, path = "/api/pri/reportes/guardados/{id}", tag = "reports",
    params(("id" = i64, Path)),
    responses((status = 200, body = ReporteGuardado), (status = 404, body = ErrorBody)))]
async fn get_saved_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<ReporteGuardado>> {
    let g = runnable(&state, &u, id).await?;
    Ok(axum::Json(view_of(&state, &u, g).await?))
}

/// Checks a layout to save: name, description, a definition that compiles, known profiles.
async fn checked(
    state: &AppState,
    u: &SessionUser,
    b: &GuardarReporte,
    except: Option<i64>,
) -> AppResult<(String, String, Vec<i64>)> {
    let nombre = b.nombre.trim().to_string();
    let descripcion = b.descripcion.trim().to_string();
    let mut fields = crate::error::FieldErrors::default();
    fields.check(!nombre.is_empty(), "nombre", "validacion.campo_requerido");
    fields.check_len(&nombre, MAX_NOMBRE, "nombre");
    fields.check_len(&descripcion, MAX_DESCRIPCION, "descripcion");
    fields.into_result()?;
    consulta::compilar(&b.definicion, u.scope, hoy(state), lang())?;
    let known = db::existing_profiles(&state.db.read).await?;
    let mut perfiles = b.perfiles.clone();
    perfiles.sort_unstable();
    perfiles.dedup();
    if let Some(p) = perfiles.iter().find(|p| !known.contains(p)) {
        return Err(
            AppError::bad_request("reportes.perfil_desconocido").arg("perfil", p.to_string())
        );
    }
    if db::name_taken(&state.db.read, u.cve_empleado, &nombre, except).await? {
        return Err(AppError::conflict("reportes.nombre_repetido").arg("nombre", nombre));
    }
    Ok((nombre, descripcion, perfiles))
}

/// Saves a layout with a name, shared with profiles.
#[utoipa::path(post, path = "/api/pri/reportes/guardados", tag = "reports",
    request_body = GuardarReporte,
    responses((status = 200, body = ReporteCreado), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn post_saved_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<GuardarReporte>,
) -> AppResult<axum::Json<ReporteCreado>> {
    let (nombre, descripcion, perfiles) = checked(&state, &u, &b, None).await?;
    let definicion = serde_json::to_string(&b.definicion).map_err(AppError::internal)?;
    let mut tx = state.db.write.begin().await?;
    let id = db::insert_layout(
        &mut tx,
        &db::NuevoGuardado {
            nombre: &nombre,
            descripcion: &descripcion,
            fuente: &b.definicion.fuente,
            definicion: &definicion,
            perfiles: &perfiles,
        },
        u.cve_empleado,
        &state.now_iso(),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(ReporteCreado {
        resp: "Excelente".into(),
        id_reporte: id,
    }))
}

/// Rewrites a saved layout (its author, or the Administrador).
#[utoipa::path(put, path = "/api/pri/reportes/guardados/{id}", tag = "reports",
    params(("id" = i64, Path)), request_body = GuardarReporte,
    responses((status = 200, body = crate::http::Resp), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn put_saved_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<GuardarReporte>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let g = editable(&state, &u, id).await?;
    let author = SessionUser {
        cve_empleado: g.creado_por,
        ..u.clone()
    };
    let (nombre, descripcion, perfiles) = checked(&state, &author, &b, Some(id)).await?;
    let definicion = serde_json::to_string(&b.definicion).map_err(AppError::internal)?;
    let mut tx = state.db.write.begin().await?;
    db::update_layout(
        &mut tx,
        id,
        &db::NuevoGuardado {
            nombre: &nombre,
            descripcion: &descripcion,
            fuente: &b.definicion.fuente,
            definicion: &definicion,
            perfiles: &perfiles,
        },
        &state.now_iso(),
    )
    .await?;
    tx.commit().await?;
    Ok(crate::http::Resp::ok())
}

/// Deletes a saved layout with its schedule.
#[utoipa::path(delete, path = "/api/pri/reportes/guardados/{id}", tag = "reports",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_saved_report(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    editable(&state, &u, id).await?;
    db::delete_layout(&state.db.write, id).await?;
    Ok(crate::http::Resp::ok())
}

/// Runs a saved layout within the caller's scope.
#[utoipa::path(post, path = "/api/pri/reportes/guardados/{id}/ejecutar", tag = "reports",
    params(("id" = i64, Path)), request_body = Pagina,
    responses((status = 200, body = ResultadoReporte), (status = 404, body = ErrorBody)))]
async fn post_saved_report_run(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<Pagina>,
) -> AppResult<axum::Json<ResultadoReporte>> {
    let g = runnable(&state, &u, id).await?;
    let (page, cant) = page_of(b.page, b.cant_pp)?;
    let c = consulta::compilar(&definition_of(&g)?, u.scope, hoy(&state), lang())?;
    Ok(axum::Json(result_of(&state, &c, page, cant).await?))
}

/// Exports a saved layout within the caller's scope, streamed.
#[utoipa::path(post, path = "/api/pri/reportes/guardados/{id}/exportar", tag = "reports",
    params(("id" = i64, Path)), request_body = FormatoExportacion,
    responses((status = 200, description = "The file"), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn post_saved_report_export(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<FormatoExportacion>,
) -> AppResult<Response> {
    let g = runnable(&state, &u, id).await?;
    let formato = Formato::parse(b.formato.as_deref())?;
    let l = lang();
    let c = consulta::compilar(&definition_of(&g)?, u.scope, hoy(&state), l)?;
    let (hoja, filas) = export_sheet(&state, &c, &g.nombre, l, None).await?;
    table::export::responder(
        hoja,
        filas,
        formato,
        &file_name(&format!("reporte-{id}"), &state),
        state.config.tmp_dir(),
    )
    .await
}

/// Starts a background export of a saved layout within the caller's scope.
#[utoipa::path(post, path = "/api/pri/reportes/guardados/{id}/exportacion", tag = "reports",
    params(("id" = i64, Path)), request_body = FormatoExportacion,
    responses((status = 202, body = ExportacionCreada), (status = 404, body = ErrorBody)))]
async fn post_saved_report_job(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<FormatoExportacion>,
) -> AppResult<Response> {
    let g = runnable(&state, &u, id).await?;
    let formato = Formato::parse(b.formato.as_deref())?;
    let peticion = serde_json::json!({ "id_reporte": id });
    jobs::create(&state, &u, &g.nombre, "guardado", &peticion, formato).await
}

/// Schedules a saved layout's e-mail: weekly or monthly, to 1–50 people, each receiving it
/// within their own scope.
#[utoipa::path(put, path = "/api/pri/reportes/guardados/{id}/programacion", tag = "reports",
    params(("id" = i64, Path)), request_body = ProgramarReporte,
    responses((status = 200, body = crate::http::Resp), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn put_report_schedule(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<ProgramarReporte>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let g = editable(&state, &u, id).await?;
    let dias = match b.frecuencia.as_str() {
        "semanal" => 1..=7,
        "mensual" => 1..=28,
        _ => return Err(AppError::bad_request("reportes.frecuencia")),
    };
    if !dias.contains(&b.dia) {
        return Err(AppError::bad_request("reportes.dia"));
    }
    let formato = Formato::parse(b.formato.as_deref())?;
    let mut cves = b.destinatarios.clone();
    cves.sort_unstable();
    cves.dedup();
    if cves.is_empty() || cves.len() > MAX_DESTINATARIOS {
        return Err(AppError::bad_request("reportes.destinatarios")
            .arg("max", MAX_DESTINATARIOS.to_string()));
    }
    let gente = db::people(&state.db.read, &cves).await?;
    if gente.len() != cves.len() {
        return Err(AppError::bad_request("reportes.destinatarios")
            .arg("max", MAX_DESTINATARIOS.to_string()));
    }
    for (cve, nombre, correo) in &gente {
        if correo.as_deref().is_none_or(|c| c.trim().is_empty()) {
            return Err(AppError::unprocessable("reportes.destinatario_sin_correo")
                .arg("nombre", nombre.clone()));
        }
        if !schedule::recipient_may_run(&state, &g, *cve).await? {
            return Err(AppError::unprocessable("reportes.destinatario_sin_acceso")
                .arg("nombre", nombre.clone()));
        }
    }
    let desde = hoy(&state).format("%Y-%m-%d").to_string();
    let mut tx = state.db.write.begin().await?;
    db::set_schedule(
        &mut tx,
        id,
        &b.frecuencia,
        b.dia,
        formato.clave(),
        &desde,
        &cves,
        u.cve_empleado,
        &state.now_iso(),
    )
    .await?;
    tx.commit().await?;
    Ok(crate::http::Resp::ok())
}

/// Stops a saved layout's e-mail schedule.
#[utoipa::path(delete, path = "/api/pri/reportes/guardados/{id}/programacion", tag = "reports",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete_report_schedule(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    editable(&state, &u, id).await?;
    db::delete_schedule(&state.db.write, id).await?;
    Ok(crate::http::Resp::ok())
}

/// A 202 with the new export's id.
pub fn accepted(id: i64) -> Response {
    (
        StatusCode::ACCEPTED,
        axum::Json(ExportacionCreada {
            resp: "Excelente".into(),
            id_exportacion: id,
        }),
    )
        .into_response()
}
