//! Background exports: the request is recorded with the profile it was asked with, so a
//! restart resumes it in the same scope; rows are written to a scratch file with their
//! progress told to the owner (`reporte:progreso`, every half second, and polled through
//! `GET reportes/exportaciones/{id}`), then the file goes to storage, the owner gets an
//! e-mail, and after the configured days the file is deleted.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Trabajo, consulta};
use super::types::{DefinicionReporte, Exportacion};
use crate::auth::perms::{CurrentUser, Rule, SessionUser, scope_of, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::table::export::{self, Formato, Hoja};
use crate::table::{self, TableQuery};

/// How often a running export's progress is told.
const CADA: Duration = Duration::from_millis(500);
/// Exports written at once (each streams its rows; SQLite readers are shared).
const A_LA_VEZ: usize = 2;

pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(get_exports)))
        .routes(secured(state, Rule::Sesion, routes!(get_export)))
        .routes(secured(state, Rule::Sesion, routes!(get_export_file)))
}

fn gate() -> Arc<tokio::sync::Semaphore> {
    static GATE: OnceLock<Arc<tokio::sync::Semaphore>> = OnceLock::new();
    GATE.get_or_init(|| Arc::new(tokio::sync::Semaphore::new(A_LA_VEZ)))
        .clone()
}

fn view(t: &Trabajo) -> Exportacion {
    Exportacion {
        id_exportacion: t.id_exportacion,
        nombre: t.nombre.clone(),
        formato: t.formato.clone(),
        estado: t.estado.clone(),
        filas: t.filas,
        total: t.total,
        creado: t.creado.clone(),
        terminado: t.terminado.clone(),
        expira: t.expira.clone(),
        bytes: t.bytes,
        error: t.error.clone(),
    }
}

/// Records a background export for the caller and starts it; answers 202 with its id.
pub async fn create(
    state: &AppState,
    u: &SessionUser,
    nombre: &str,
    origen: &str,
    peticion: &serde_json::Value,
    formato: Formato,
) -> AppResult<Response> {
    let peticion = serde_json::to_string(peticion).map_err(AppError::internal)?;
    let id = db::insert_job(
        &state.db.write,
        &db::NuevoTrabajo {
            cve: u.cve_empleado,
            idperfil: u.idperfil,
            nombre,
            origen,
            peticion: &peticion,
            formato: formato.clave(),
            idioma: crate::i18n::current_lang().code(),
        },
        &state.now_iso(),
    )
    .await?;
    spawn_job(state, id);
    Ok(super::accepted(id))
}

/// Runs an export in the background.
pub fn spawn_job(state: &AppState, id: i64) {
    let state = state.clone();
    tokio::spawn(async move {
        let Ok(_permit) = gate().acquire_owned().await else {
            return;
        };
        if let Err(e) = run(&state, id).await {
            tracing::warn!(id_exportacion = id, error = ?e, "export failed");
            let lang = match db::job(&state.db.read, id).await {
                Ok(Some(t)) => Lang::from_code(&t.idioma),
                _ => Lang::Es,
            };
            let args: Vec<(&str, String)> = e.args.iter().map(|(k, v)| (*k, v.clone())).collect();
            let msg = crate::i18n::message(e.code, lang, &args);
            let _ = db::fail_job(&state.db.write, id, &msg, &state.now_iso()).await;
            notify(&state, id).await;
        }
    });
}

/// Restarts the exports a stopped server left unfinished, and removes its scratch files.
pub async fn resume(state: &AppState) -> AppResult<()> {
    if let Ok(rd) = std::fs::read_dir(state.config.tmp_dir()) {
        for e in rd.flatten() {
            if e.file_name().to_string_lossy().starts_with("export-") {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    for id in db::unfinished_jobs(&state.db.read).await? {
        tracing::info!(id_exportacion = id, "resuming export");
        spawn_job(state, id);
    }
    Ok(())
}

async fn notify(state: &AppState, id: i64) {
    if let Ok(Some(t)) = db::job(&state.db.read, id).await {
        state
            .realtime
            .to_employee(t.cve_empleado, "reporte:progreso", &view(&t))
            .await;
    }
}

/// What an export writes: its sheet, rows query and row count.
struct Plan {
    hoja: Hoja,
    filas: export::Filas,
    total: i64,
}

async fn plan(state: &AppState, t: &Trabajo, contador: Arc<AtomicU64>) -> AppResult<Plan> {
    let scope = scope_of(state, t.cve_empleado, t.idperfil);
    let lang = Lang::from_code(&t.idioma);
    match t.origen.as_str() {
        "masivo" => {
            let q: TableQuery = serde_json::from_str(&t.peticion).map_err(AppError::internal)?;
            let def = &super::db::masivo::MASIVO;
            let (prelude, conds) = super::mass_conditions(state, scope, &q)?;
            let total = table::count(state, def, &q, &prelude, &conds).await?;
            let (sql, binds) = table::export_query(def, &q, &prelude, &conds)?;
            let mut hoja = table::sheet(state, def, &t.nombre).await;
            hoja.titulo = t.nombre.clone();
            let filas = export::leer(
                state.db.read.clone(),
                sql,
                binds,
                move |row| table::cells(def, row),
                Some(contador),
            );
            Ok(Plan { hoja, filas, total })
        }
        origen => {
            let def: DefinicionReporte = if origen == "guardado" {
                let id = serde_json::from_str::<serde_json::Value>(&t.peticion)
                    .ok()
                    .and_then(|v| v.get("id_reporte").and_then(serde_json::Value::as_i64))
                    .ok_or_else(|| AppError::internal("export without layout"))?;
                let g = db::layout(&state.db.read, id)
                    .await?
                    .ok_or_else(AppError::not_found)?;
                serde_json::from_str(&g.definicion).map_err(AppError::internal)?
            } else {
                serde_json::from_str(&t.peticion).map_err(AppError::internal)?
            };
            let c = consulta::compilar(&def, scope, super::hoy(state), lang)?;
            let total = consulta::conteo(&state.db.read, &c).await?;
            let (hoja, filas) =
                super::export_sheet(state, &c, &t.nombre, lang, Some(contador)).await?;
            Ok(Plan { hoja, filas, total })
        }
    }
}

async fn run(state: &AppState, id: i64) -> AppResult<()> {
    let Some(t) = db::job(&state.db.read, id).await? else {
        return Ok(());
    };
    if t.estado != "pendiente" && t.estado != "procesando" {
        return Ok(());
    }
    let formato = Formato::parse(Some(&t.formato))?;
    let contador = Arc::new(AtomicU64::new(0));
    let Plan { hoja, filas, total } = plan(state, &t, contador.clone()).await?;
    db::start_job(&state.db.write, id, total).await?;
    notify(state, id).await;

    // Progress while the file is written.
    let (done_tx, mut done_rx) = tokio::sync::watch::channel(false);
    let ticker = {
        let state = state.clone();
        let contador = contador.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(CADA);
            loop {
                tokio::select! {
                    _ = tick.tick() => {
                        let n = contador.load(Ordering::Relaxed) as i64;
                        let _ = db::job_progress(&state.db.write, id, n).await;
                        notify(&state, id).await;
                    }
                    _ = done_rx.changed() => break,
                }
            }
        })
    };
    let tmp = state.config.tmp_dir();
    let ruta = export::ruta_temporal(&tmp, formato);
    let escrito = export::a_archivo(hoja, filas, formato, ruta.clone(), tmp).await;
    let _ = done_tx.send(true);
    let _ = ticker.await;
    let n = match escrito {
        Ok(n) => n,
        Err(e) => {
            let _ = tokio::fs::remove_file(&ruta).await;
            return Err(e);
        }
    };
    let bytes = tokio::fs::metadata(&ruta)
        .await
        .map(|m| m.len() as i64)
        .unwrap_or(0);
    let key = format!(
        "reportes/exportaciones/{id}-{}.{}",
        uuid::Uuid::new_v4().simple(),
        formato.clave()
    );
    let stored = state.storage.put_file(&key, &ruta).await;
    let _ = tokio::fs::remove_file(&ruta).await;
    stored?;
    let now = state.clock.now();
    let expira = now + chrono::Duration::days(i64::from(state.config.exportaciones_dias));
    db::finish_job(
        &state.db.write,
        id,
        n as i64,
        &key,
        bytes,
        &state.now_iso(),
        &expira.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    )
    .await?;
    notify(state, id).await;
    mail_done(state, &t, n).await;
    Ok(())
}

async fn mail_done(state: &AppState, t: &Trabajo, filas: u64) {
    let Ok(Some(p)) = crate::employees::db::profile(&state.db.read, t.cve_empleado).await else {
        return;
    };
    let Some(to) = p.correo_empleado.filter(|c| !c.trim().is_empty()) else {
        return;
    };
    let lang = Lang::from_code(&t.idioma);
    let link = format!(
        "{}/menu/mis_exportaciones",
        state.config.public_url.trim_end_matches('/')
    );
    let (subject, text) = match lang {
        Lang::En => (
            format!("Your export is ready: {}", t.nombre),
            format!(
                "Your export «{}» ({} rows) is ready. Download it from My exports: {link}",
                t.nombre, filas
            ),
        ),
        Lang::Pt => (
            format!("Sua exportação está pronta: {}", t.nombre),
            format!(
                "Sua exportação «{}» ({} linhas) está pronta. Baixe-a em Minhas exportações: {link}",
                t.nombre, filas
            ),
        ),
        Lang::Es => (
            format!("Tu exportación está lista: {}", t.nombre),
            format!(
                "Tu exportación «{}» ({} filas) está lista. Descárgala en Mis exportaciones: {link}",
                t.nombre, filas
            ),
        ),
    };
    let html = format!(
        "<p>{}</p><p><a href=\"{link}\">{link}</a></p>",
        crate::mail::html_escape(&text)
    );
    state.mailer.send_later(crate::mail::Mail {
        to,
        subject,
        text,
        html,
    });
}

/// Deletes the files of finished exports whose time is up; how many.
pub async fn purge(state: &AppState) -> AppResult<u64> {
    let mut n = 0;
    for (id, archivo) in db::expired_jobs(&state.db.read, &state.now_iso()).await? {
        if let Some(key) = archivo {
            state.storage.delete(&key).await?;
        }
        db::expire_job(&state.db.write, id).await?;
        notify(state, id).await;
        n += 1;
    }
    Ok(n)
}

/// The caller's background exports, newest first.
#[utoipa::path(get, path = "/api/pri/reportes/exportaciones", tag = "reports",
    responses((status = 200, body = Vec<Exportacion>)))]
async fn get_exports(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<Exportacion>>> {
    Ok(axum::Json(
        db::jobs_of(&state.db.read, u.cve_empleado)
            .await?
            .iter()
            .map(view)
            .collect(),
    ))
}

async fn own(state: &AppState, u: &SessionUser, id: i64) -> AppResult<Trabajo> {
    match db::job(&state.db.read, id).await? {
        Some(t) if t.cve_empleado == u.cve_empleado => Ok(t),
        _ => Err(AppError::not_found()),
    }
}

/// One of the caller's background exports (its progress).
#[utoipa::path(get, path = "/api/pri/reportes/exportaciones/{id}", tag = "reports",
    params(("id" = i64, Path)),
    responses((status = 200, body = Exportacion), (status = 404, body = ErrorBody)))]
async fn get_export(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Exportacion>> {
    Ok(axum::Json(view(&own(&state, &u, id).await?)))
}

/// The file of one of the caller's finished exports.
#[utoipa::path(get, path = "/api/pri/reportes/exportaciones/{id}/archivo", tag = "reports",
    params(("id" = i64, Path)),
    responses((status = 200, description = "The file"), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn get_export_file(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<Response> {
    let t = own(&state, &u, id).await?;
    let key = match (t.estado.as_str(), &t.archivo) {
        ("terminada", Some(k)) => k.clone(),
        ("expirada", _) => return Err(AppError::conflict("exportacion.expirada")),
        _ => return Err(AppError::conflict("exportacion.no_lista")),
    };
    let formato = Formato::parse(Some(&t.formato))?;
    let lectura = state
        .storage
        .get_stream(&key, None)
        .await?
        .ok_or_else(AppError::not_found)?;
    let nombre: String = t
        .nombre
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    Ok((
        [
            (header::CONTENT_TYPE, formato.mime().to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{nombre}-{id}.{}\"", formato.clave()),
            ),
        ],
        Body::from_stream(lectura.stream),
    )
        .into_response())
}
