//! A topic's package: upload (streamed to a private working folder, extracted safely,
//! stored under `scorm/<clave>/r<revision>/`), settings and removal.

use std::path::PathBuf;

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tokio::io::AsyncWriteExt;

use super::db::{self, Contenido, Paquete};
use super::extract::{self, Limites};
use super::manifest::Item;
use super::runtime::items_of;
use super::types::*;
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Longest `id_carga`.
const MAX_ID_CARGA: usize = 64;
/// Most attempts a package may allow (0 = unlimited).
pub const MAX_INTENTOS: i64 = 100;

/// The API shape of a package (with the uploader's name).
pub(super) async fn paquete(
    conn: &mut sqlx::SqliteConnection,
    p: &Paquete,
) -> AppResult<PaqueteScorm> {
    let items: Vec<Item> = items_of(p)?;
    let subido_por = match p.subido_por {
        Some(cve) => db::learner(&mut *conn, cve)
            .await?
            .map(|(nombre, _, _)| nombre),
        None => None,
    };
    Ok(PaqueteScorm {
        id_paquete: p.id_paquete,
        cve_tema: p.cve_tema,
        clave_scorm: p.clave_scorm.clone(),
        version: p.version.clone(),
        edicion: p.edicion.clone(),
        titulo: p.titulo.clone(),
        revision: p.revision,
        intentos: p.intentos,
        archivos: p.archivos,
        bytes: p.bytes,
        items: items.iter().map(ItemToc::from).collect(),
        dominio: p.dominio,
        archivo_nombre: p.archivo_nombre.clone(),
        subido_por,
        actualizado: p.actualizado.clone(),
    })
}

/// The storage folder of a package's revision.
pub(super) fn prefijo(clave: &str, revision: i64) -> String {
    format!("scorm/{clave}/r{revision}")
}

fn sin_paquete() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "scorm.sin_paquete")
}

async fn topic_exists(state: &AppState, cve_tema: i64) -> AppResult<()> {
    let mut conn = state.db.read.acquire().await?;
    crate::topics::db::topic_rules(&mut *conn, cve_tema)
        .await?
        .map(|_| ())
        .ok_or_else(AppError::not_found)
}

/// A topic's package.
#[utoipa::path(get, path = "/api/pri/catalogos/temas/{cve_tema}/scorm", tag = "scorm",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = PaqueteScorm), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_package(
    State(state): State<AppState>,
    Path(cve_tema): Path<i64>,
) -> AppResult<axum::Json<PaqueteScorm>> {
    let mut conn = state.db.read.acquire().await?;
    let p = db::package_of_topic(&mut conn, cve_tema)
        .await?
        .ok_or_else(sin_paquete)?;
    Ok(axum::Json(paquete(&mut conn, &p).await?))
}

/// A working folder removed when dropped.
struct Trabajo(PathBuf);

impl Drop for Trabajo {
    fn drop(&mut self) {
        let path = std::mem::take(&mut self.0);
        // Up to 500 MB of files: removed on a blocking thread, not a runtime worker.
        match tokio::runtime::Handle::try_current() {
            Ok(h) => {
                h.spawn_blocking(move || {
                    let _ = std::fs::remove_dir_all(path);
                });
            }
            Err(_) => {
                let _ = std::fs::remove_dir_all(path);
            }
        }
    }
}

/// Removes working folders an interrupted process left under `<data-dir>/tmp` (at start).
pub fn clean_work_dirs(config: &crate::config::Config) {
    let Ok(rd) = std::fs::read_dir(config.data_dir.join("tmp")) else {
        return;
    };
    for e in rd.flatten() {
        if e.file_name().to_string_lossy().starts_with("scorm-") {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

#[derive(Serialize, Clone)]
struct Progreso<'a> {
    id_carga: &'a str,
    etapa: &'a str,
    avance: u8,
}

/// Tells the uploader how processing goes (`scorm:progress`).
async fn progreso(state: &AppState, cve: i64, id_carga: &str, etapa: &str, avance: u8) {
    if id_carga.is_empty() {
        return;
    }
    state
        .realtime
        .to_employee(
            cve,
            "scorm:progress",
            &Progreso {
                id_carga,
                etapa,
                avance,
            },
        )
        .await;
}

/// Streams the multipart body: the zip into `destino` (at most `max` bytes), the text fields
/// kept. The zip's file name and the upload id.
async fn receive(
    mut multipart: Multipart,
    destino: &std::path::Path,
    max: u64,
) -> AppResult<(Option<String>, String, u64)> {
    let mut nombre = None;
    let mut id_carga = String::new();
    let mut total: u64 = 0;
    let mut recibido = false;
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(|e| AppError::bad_request("http.multipart").arg("detalle", e.body_text()))?
    {
        let name = field.name().unwrap_or("").to_string();
        if field.file_name().is_some() || name == "archivo" {
            if recibido {
                return Err(AppError::bad_request("scorm.un_archivo"));
            }
            recibido = true;
            nombre = field.file_name().map(|n| n.chars().take(200).collect());
            let mut out = tokio::fs::File::create(destino)
                .await
                .map_err(AppError::internal)?;
            while let Some(chunk) = field.chunk().await.map_err(|e| {
                AppError::bad_request("http.multipart").arg("detalle", e.body_text())
            })? {
                total += chunk.len() as u64;
                if total > max {
                    return Err(AppError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "scorm.paquete_demasiado_grande",
                    )
                    .arg("max", (max / (1024 * 1024)).to_string()));
                }
                out.write_all(&chunk).await.map_err(AppError::internal)?;
            }
            out.flush().await.map_err(AppError::internal)?;
        } else if name == "id_carga" {
            let mut v = Vec::new();
            while let Some(chunk) = field.chunk().await.map_err(|e| {
                AppError::bad_request("http.multipart").arg("detalle", e.body_text())
            })? {
                v.extend_from_slice(&chunk);
                if v.len() > MAX_ID_CARGA {
                    return Err(AppError::bad_request("scorm.id_carga"));
                }
            }
            id_carga = String::from_utf8(v).map_err(|_| AppError::bad_request("scorm.id_carga"))?;
        }
    }
    if !recibido || total == 0 {
        return Err(AppError::bad_request("archivo.requerido"));
    }
    Ok((nombre, id_carga, total))
}

/// Uploads a topic's package (a new one, or a new version that replaces the content and
/// keeps the learners' tracking). Nothing is stored when the package is refused.
#[utoipa::path(post, path = "/api/pri/catalogos/temas/{cve_tema}/scorm", tag = "scorm",
    params(("cve_tema" = i64, Path)),
    request_body(content = SubidaScorm, content_type = "multipart/form-data"),
    responses((status = 201, body = PaqueteSubido), (status = 200, body = PaqueteSubido), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn upload_package(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_tema): Path<i64>,
    multipart: Multipart,
) -> AppResult<Response> {
    topic_exists(&state, cve_tema).await?;
    let trabajo = work_dir(&state).await?;
    let zip_path = trabajo.0.join("paquete.zip");
    let max = state.config.scorm_max_mb * 1024 * 1024;
    let (nombre, id_carga, _) = receive(multipart, &zip_path, max).await?;
    // Processing runs on its own task, which owns the working folder: a client that hangs
    // up mid-way does not stop it half-done (files stored without a row, a folder left).
    let r = {
        let state = state.clone();
        let id = id_carga.clone();
        let cve = u.cve_empleado;
        tokio::spawn(async move {
            let r = process(&state, cve, cve_tema, &trabajo, nombre.as_deref(), &id).await;
            drop(trabajo);
            r
        })
        .await
        .map_err(AppError::internal)?
    };
    match r {
        Ok((creado, p)) => {
            progreso(&state, u.cve_empleado, &id_carga, "listo", 100).await;
            let status = if creado {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            let mut conn = state.db.read.acquire().await?;
            let body = PaqueteSubido {
                resp: "Excelente".into(),
                creado,
                paquete: paquete(&mut conn, &p).await?,
            };
            Ok((status, axum::Json(body)).into_response())
        }
        Err(e) => {
            progreso(&state, u.cve_empleado, &id_carga, "error", 0).await;
            Err(e)
        }
    }
}

async fn process(
    state: &AppState,
    cve: i64,
    cve_tema: i64,
    trabajo: &Trabajo,
    nombre: Option<&str>,
    id_carga: &str,
) -> AppResult<(bool, Paquete)> {
    progreso(state, cve, id_carga, "procesando", 0).await;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<u8>();
    let zip_path = trabajo.0.join("paquete.zip");
    let destino = trabajo.0.join("x");
    let job = tokio::task::spawn_blocking(move || {
        let avance = |n: u8| {
            let _ = tx.send(n);
        };
        extract::extraer(&zip_path, &destino, Limites::default(), &avance)
    });
    let forward = {
        let state = state.clone();
        let id = id_carga.to_string();
        tokio::spawn(async move {
            while let Some(n) = rx.recv().await {
                progreso(&state, cve, &id, "procesando", n / 2).await;
            }
        })
    };
    let extraido = job.await.map_err(AppError::internal)?;
    let _ = forward.await;
    let extraido = extraido?;
    let m = &extraido.manifiesto;
    let existente = {
        let mut conn = state.db.read.acquire().await?;
        db::package_of_topic(&mut conn, cve_tema).await?
    };
    let (clave, revision) = match &existente {
        Some(p) => (p.clave_scorm.clone(), p.revision + 1),
        None => (
            format!(
                "scorm{cve_tema}-{}",
                &uuid::Uuid::new_v4().simple().to_string()[..8]
            ),
            1,
        ),
    };
    let prefix = prefijo(&clave, revision);
    let total = extraido.archivos.len().max(1);
    let guardado: AppResult<()> = async {
        for (n, (rel, path)) in extraido.archivos.iter().enumerate() {
            state
                .storage
                .put_file(&format!("{prefix}/{rel}"), path)
                .await?;
            if n % 25 == 0 {
                progreso(
                    state,
                    cve,
                    id_carga,
                    "guardando",
                    (50 + n * 50 / total) as u8,
                )
                .await;
            }
        }
        Ok(())
    }
    .await;
    if let Err(e) = guardado {
        let _ = state.storage.delete_prefix(&prefix).await;
        return Err(e);
    }
    let estructura = serde_json::to_string(&m.items).map_err(AppError::internal)?;
    let dominio = m.lanzables().find_map(|i| i.dominio);
    let contenido = Contenido {
        version: m.version.as_str(),
        edicion: m.edicion.as_deref(),
        titulo: &m.titulo,
        estructura: &estructura,
        dominio,
        archivos: extraido.archivos.len() as i64,
        bytes: extraido.bytes as i64,
        archivo_nombre: nombre,
        subido_por: cve,
    };
    let now = state.now_iso();
    let escrito: AppResult<i64> = async {
        let mut tx = state.db.begin().await?;
        // Two uploads at once: the first to write wins, the other is told to send again
        // (and its files are removed below).
        let id = match &existente {
            Some(p) => {
                if !db::replace_content(
                    &mut tx,
                    p.id_paquete,
                    p.revision,
                    revision,
                    &contenido,
                    &now,
                )
                .await?
                {
                    return Err(AppError::conflict("scorm.carga_simultanea"));
                }
                p.id_paquete
            }
            None => crate::db::unique_violation(
                db::insert_package(&mut tx, cve_tema, &clave, &contenido, &now).await,
                "scorm.carga_simultanea",
            )?,
        };
        tx.commit().await?;
        Ok(id)
    }
    .await;
    let id = match escrito {
        Ok(id) => id,
        Err(e) => {
            let _ = state.storage.delete_prefix(&prefix).await;
            return Err(e);
        }
    };
    if let Some(p) = &existente
        && let Err(e) = state
            .storage
            .delete_prefix(&prefijo(&p.clave_scorm, p.revision))
            .await
    {
        tracing::warn!(error = ?e, "could not remove a package's previous content");
    }
    let mut conn = state.db.read.acquire().await?;
    let p = db::package_by_id(&mut conn, id)
        .await?
        .ok_or_else(sin_paquete)?;
    Ok((existente.is_none(), p))
}

/// Changes how many attempts a learner may open (0 = unlimited).
#[utoipa::path(put, path = "/api/pri/catalogos/temas/{cve_tema}/scorm", tag = "scorm",
    params(("cve_tema" = i64, Path)), request_body = AjustesPaquete,
    responses((status = 200, body = PaqueteScorm), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn set_package(
    State(state): State<AppState>,
    Path(cve_tema): Path<i64>,
    Json(b): Json<AjustesPaquete>,
) -> AppResult<axum::Json<PaqueteScorm>> {
    if !(0..=MAX_INTENTOS).contains(&b.intentos) {
        return Err(
            AppError::bad_request("scorm.intentos_fuera").arg("max", MAX_INTENTOS.to_string())
        );
    }
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let p = db::package_of_topic(&mut tx, cve_tema)
        .await?
        .ok_or_else(sin_paquete)?;
    db::set_attempts(&mut tx, p.id_paquete, b.intentos, &now).await?;
    let p = db::package_by_id(&mut tx, p.id_paquete)
        .await?
        .ok_or_else(sin_paquete)?;
    let answer = paquete(&mut tx, &p).await?;
    tx.commit().await?;
    Ok(axum::Json(answer))
}

/// Removes a package no learner has opened (its content too).
#[utoipa::path(delete, path = "/api/pri/catalogos/temas/{cve_tema}/scorm", tag = "scorm",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn delete_package(
    State(state): State<AppState>,
    Path(cve_tema): Path<i64>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let mut tx = state.db.begin().await?;
    let p = db::package_of_topic(&mut tx, cve_tema)
        .await?
        .ok_or_else(sin_paquete)?;
    if db::count_attempts(&mut tx, p.id_paquete).await? > 0 {
        return Err(AppError::conflict("scorm.con_intentos"));
    }
    db::delete_package(&mut tx, p.id_paquete).await?;
    tx.commit().await?;
    if let Err(e) = state
        .storage
        .delete_prefix(&format!("scorm/{}", p.clave_scorm))
        .await
    {
        tracing::warn!(error = ?e, "could not remove a deleted package's content");
    }
    Ok(crate::http::Resp::ok())
}

/// Stores a package for a topic from bytes as an upload would — extraction, storage and
/// the package row (demo and benchmark data). Whether it was new.
pub async fn store_bytes(
    state: &AppState,
    cve_tema: i64,
    zip: &[u8],
    nombre: &str,
    subido_por: i64,
) -> AppResult<bool> {
    let trabajo = work_dir(state).await?;
    tokio::fs::write(trabajo.0.join("paquete.zip"), zip)
        .await
        .map_err(AppError::internal)?;
    let (creado, _) = process(state, subido_por, cve_tema, &trabajo, Some(nombre), "").await?;
    Ok(creado)
}

/// A fresh private working folder under `<data-dir>/tmp` (with its `x` extraction folder).
async fn work_dir(state: &AppState) -> AppResult<Trabajo> {
    let raiz = state.config.data_dir.join("tmp");
    tokio::fs::create_dir_all(&raiz)
        .await
        .map_err(AppError::internal)?;
    let trabajo = Trabajo(raiz.join(format!("scorm-{}", uuid::Uuid::new_v4().simple())));
    tokio::fs::create_dir_all(trabajo.0.join("x"))
        .await
        .map_err(AppError::internal)?;
    Ok(trabajo)
}
