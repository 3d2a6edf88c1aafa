//! Launching and tracking: the spec's AltaScromUsuario opens (or resumes) an attempt and
//! gives a launch token for the content origin; the player loads the attempt's data with it
//! and sends commits, which are kept in order and turn a finished attempt into a ledger fact.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::SqliteConnection;

use super::cmi::{self, Sco};
use super::db::{self, Datos, Intento, Lanzamiento as Vivo, Paquete};
use super::manifest::{Item, Version};
use super::types::*;
use crate::auth::perms::{CurrentUser, SessionUser};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Form;
use crate::plans::types::{NuevaAcreditacion, Origen};
use crate::state::AppState;

/// How long a launch token lives after its creation or its last commit.
pub const VIDA_LANZAMIENTO_SEG: i64 = 2 * 3600;
/// Most values one commit may carry.
pub const MAX_VALORES: usize = 4000;

/// Now (ISO, UTC) and the company's date.
pub(super) struct Momento {
    pub now: String,
    pub unix: i64,
    pub hoy: chrono::NaiveDate,
    pub zona: chrono_tz::Tz,
}

pub(super) async fn momento(state: &AppState) -> AppResult<Momento> {
    let cia = crate::settings::load(state).await?;
    let zona = crate::courses::schedule::zona(&cia);
    Ok(Momento {
        now: state.now_iso(),
        unix: state.now(),
        hoy: crate::courses::schedule::hoy_local(state, zona),
        zona,
    })
}

impl Momento {
    /// The company-local date of a stored UTC instant (today when it cannot be read).
    fn fecha_de(&self, instante: Option<&str>) -> chrono::NaiveDate {
        instante
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&self.zona).date_naive())
            .filter(|d| *d <= self.hoy)
            .unwrap_or(self.hoy)
    }
}

fn iso(unix: i64) -> String {
    chrono::DateTime::from_timestamp(unix, 0)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// The stored form of a launch token.
pub(super) fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

pub(super) fn new_token() -> String {
    let mut b = [0u8; 32];
    rand::rng().fill_bytes(&mut b);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// The table of contents stored with a package.
pub(super) fn items_of(p: &Paquete) -> AppResult<Vec<Item>> {
    serde_json::from_str(&p.estructura).map_err(AppError::internal)
}

/// The SCOs an attempt's state is summed over (every launchable item when none is a SCO).
fn tracked(items: &[Item]) -> Vec<&Item> {
    let scos: Vec<&Item> = items.iter().filter(|i| i.href.is_some() && i.sco).collect();
    if scos.is_empty() {
        items.iter().filter(|i| i.href.is_some()).collect()
    } else {
        scos
    }
}

fn no_disponible() -> AppError {
    AppError::forbidden("scorm.no_disponible")
}

fn lanzamiento_invalido() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "scorm.lanzamiento_invalido")
}

/// The employee a form's `nombre_usuario` names: their key, or their login e-mail.
pub(super) async fn learner_named(
    conn: &mut SqliteConnection,
    u: &SessionUser,
    nombre_usuario: &str,
) -> AppResult<Option<i64>> {
    let n = nombre_usuario.trim();
    if let Ok(cve) = n.parse::<i64>() {
        return Ok(Some(cve));
    }
    let me = db::learner(&mut *conn, u.cve_empleado).await?;
    Ok(me
        .and_then(|(_, _, email)| email)
        .filter(|e| !n.is_empty() && e.eq_ignore_ascii_case(n))
        .map(|_| u.cve_empleado))
}

/// The topic's pass mark on 0–100 for scored SCOs that only report completion; None when
/// the package sets its own mastery score or the topic has no grade.
pub(super) fn marca(p: &Paquete, modelo: &str, minima: Option<f64>) -> Option<f64> {
    if p.dominio.is_some() {
        return None;
    }
    match modelo {
        "conocimiento" => Some(minima.unwrap_or(70.0)),
        "teorico_practico" => Some(minima.unwrap_or(7.0) * 10.0),
        _ => None,
    }
}

/// A percentage on the topic's grade scale (1–10 models: ÷ 10, at least 1).
fn en_escala(modelo: &str, pct: f64) -> Option<f64> {
    let (lo, hi) = crate::plans::rules::escala(modelo)?;
    let v = if hi <= 10.0 {
        (pct / 10.0).max(lo)
    } else {
        pct
    };
    Some((v * 100.0).round() / 100.0)
}

/// Opens the player for the caller: resumes their unfinished attempt, or opens the next one
/// when the last finished and the package allows more (a passed topic still accredited
/// reopens its attempt in review mode, as does a package without attempts left).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/plan_formacion/alta_requerimientos/por_puestos/AltaScromUsuario",
    tag = "scorm", request_body(content = AltaScormForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = LanzamientoScorm), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn launch(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Form(f): Form<AltaScormForm>,
) -> AppResult<axum::Json<LanzamientoScorm>> {
    let m = momento(&state).await?;
    let (p, estado_tema) = {
        let mut conn = state.db.read.acquire().await?;
        if learner_named(&mut conn, &u, &f.nombre_usuario).await? != Some(u.cve_empleado) {
            return Err(no_disponible());
        }
        let p = db::package_of_topic(&mut conn, f.id_tema)
            .await?
            .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "scorm.sin_paquete"))?;
        let planeado =
            crate::plans::consult::planned_topic(&mut conn, u.cve_empleado, f.id_tema, m.hoy)
                .await?;
        if planeado.is_none_or(|t| t.prerrequisito == "1") {
            return Err(no_disponible());
        }
        let estado =
            crate::plans::estado_de_tema(&mut conn, u.cve_empleado, f.id_tema, m.hoy).await?;
        (p, estado)
    };
    let acreditado = estado_tema.etiqueta() == "Acreditado";
    let token = new_token();
    let mut tx = state.db.begin().await?;
    let intentos = db::attempts_of(&mut tx, p.id_paquete, u.cve_empleado).await?;
    let quedan = p.intentos == 0 || (intentos.len() as i64) < p.intentos;
    let (id_intento, numero, modo) = match intentos.last() {
        None => (
            db::insert_attempt(&mut tx, p.id_paquete, u.cve_empleado, &m.now).await?,
            1,
            "normal",
        ),
        Some(a) if a.terminado.is_none() => (a.id_intento, a.numero, "normal"),
        Some(a) => {
            let aprobado = matches!(a.estado.as_str(), "passed" | "completed");
            if quedan && !(aprobado && acreditado) {
                let id = db::insert_attempt(&mut tx, p.id_paquete, u.cve_empleado, &m.now).await?;
                (id, a.numero + 1, "normal")
            } else {
                (a.id_intento, a.numero, "review")
            }
        }
    };
    db::delete_expired_launches(&mut tx, &m.now).await?;
    db::insert_launch(
        &mut tx,
        &token_hash(&token),
        id_intento,
        modo,
        &m.now,
        &iso(m.unix + VIDA_LANZAMIENTO_SEG),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(LanzamientoScorm {
        resp: "Excelente".into(),
        url: format!("{}/jugar/{token}", super::content::base(&state)),
        clave_scorm: p.clave_scorm,
        version: p.version,
        intento: numero,
        modo: modo.into(),
    }))
}

/// Opens the next attempt of a topic's package for an employee with a launch token (demo
/// and benchmark data).
pub(super) async fn open_attempt(
    state: &AppState,
    cve_tema: i64,
    cve_empleado: i64,
) -> AppResult<String> {
    let now = state.now_iso();
    let token = new_token();
    let mut tx = state.db.begin().await?;
    let p = db::package_of_topic(&mut tx, cve_tema)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "scorm.sin_paquete"))?;
    let id = db::insert_attempt(&mut tx, p.id_paquete, cve_empleado, &now).await?;
    db::insert_launch(
        &mut tx,
        &token_hash(&token),
        id,
        "normal",
        &now,
        &iso(state.now() + VIDA_LANZAMIENTO_SEG),
    )
    .await?;
    tx.commit().await?;
    Ok(token)
}

/// The values a launch loads into the run-time API of one item.
fn valores_iniciales(
    version: Version,
    item: &Item,
    d: Option<&Datos>,
    (cve, nombre): (i64, &str),
    modo: &str,
) -> BTreeMap<String, String> {
    let mut v = BTreeMap::new();
    let mut put = |k: &str, val: String| {
        v.insert(k.to_string(), val);
    };
    let review = modo == "review";
    let entry = match d {
        None => "ab-initio",
        Some(d)
            if cmi::reanudar(
                d.salida.as_deref(),
                d.ubicacion.as_deref(),
                d.datos_suspendidos.as_deref(),
            ) =>
        {
            "resume"
        }
        Some(_) => "",
    };
    let total = d.map_or(0, |d| d.tiempo_previo_seg + d.tiempo_sesion_seg);
    match version {
        Version::V12 => {
            put("cmi.core.student_id", cve.to_string());
            put("cmi.core.student_name", nombre.to_string());
            put("cmi.core.entry", entry.into());
            put(
                "cmi.core.lesson_mode",
                if review { "review" } else { "normal" }.into(),
            );
            put(
                "cmi.core.credit",
                if review { "no-credit" } else { "credit" }.into(),
            );
            put("cmi.core.total_time", cmi::timespan_12(total));
            put(
                "cmi.core.lesson_status",
                d.map_or("not attempted".into(), |d| d.estado.clone()),
            );
            if let Some(m) = item.dominio {
                put("cmi.student_data.mastery_score", format!("{m}"));
            }
        }
        Version::V2004 => {
            put("cmi.learner_id", cve.to_string());
            put("cmi.learner_name", nombre.to_string());
            put("cmi.entry", entry.into());
            put("cmi.mode", if review { "review" } else { "normal" }.into());
            put(
                "cmi.credit",
                if review { "no-credit" } else { "credit" }.into(),
            );
            put("cmi.total_time", cmi::timespan_2004(total));
            if let Some(s) = item.aprobacion_escalada {
                put("cmi.scaled_passing_score", format!("{s}"));
            }
            if let Some(t) = item.umbral_completado {
                put("cmi.completion_threshold", format!("{t}"));
            }
        }
    }
    if let Some(l) = &item.datos_lms {
        put("cmi.launch_data", l.clone());
    }
    let Some(d) = d else { return v };
    let saved: BTreeMap<String, String> = serde_json::from_str(&d.valores).unwrap_or_default();
    let keep: &[&str] = match version {
        Version::V12 => &[
            "cmi.core.lesson_location",
            "cmi.suspend_data",
            "cmi.core.score.raw",
            "cmi.core.score.min",
            "cmi.core.score.max",
        ],
        Version::V2004 => &[
            "cmi.location",
            "cmi.suspend_data",
            "cmi.completion_status",
            "cmi.success_status",
            "cmi.progress_measure",
            "cmi.score.raw",
            "cmi.score.min",
            "cmi.score.max",
            "cmi.score.scaled",
        ],
    };
    for (k, val) in saved {
        if keep.contains(&k.as_str()) || cmi::recargable(version, &k) {
            v.insert(k, val);
        }
    }
    v
}

/// The player's launch (content origin): the table of contents, where to start and each
/// item's data.
pub(super) async fn get_launch(state: &AppState, token: &str) -> AppResult<Lanzamiento> {
    let now = state.now_iso();
    let mut conn = state.db.read.acquire().await?;
    let l = db::live_launch(&mut conn, &token_hash(token), &now)
        .await?
        .ok_or_else(lanzamiento_invalido)?;
    let p = db::package_by_id(&mut conn, l.id_paquete)
        .await?
        .ok_or_else(lanzamiento_invalido)?;
    let intento = db::attempt(&mut conn, l.id_intento)
        .await?
        .ok_or_else(lanzamiento_invalido)?;
    let items = items_of(&p)?;
    let version = Version::parse(&p.version);
    let datos: BTreeMap<String, Datos> = db::data_of_attempt(&mut conn, l.id_intento)
        .await?
        .into_iter()
        .map(|d| (d.item.clone(), d))
        .collect();
    let nombre = db::learner(&mut conn, l.cve_empleado)
        .await?
        .map(|(n, _, _)| n)
        .unwrap_or_default();
    let lanzables: Vec<&Item> = items.iter().filter(|i| i.href.is_some()).collect();
    let inicio = intento
        .ultimo_item
        .clone()
        .filter(|u| lanzables.iter().any(|i| &i.id == u))
        .or_else(|| lanzables.first().map(|i| i.id.clone()))
        .unwrap_or_default();
    let mut valores = BTreeMap::new();
    for i in &lanzables {
        valores.insert(
            i.id.clone(),
            valores_iniciales(
                version,
                i,
                datos.get(&i.id),
                (l.cve_empleado, &nombre),
                &l.modo,
            ),
        );
    }
    Ok(Lanzamiento {
        version: p.version.clone(),
        titulo: p.titulo.clone(),
        modo: l.modo.clone(),
        intento: l.numero,
        estado: intento.estado.clone(),
        secuencia: datos
            .values()
            .filter(|d| d.id_lanzamiento == l.id_lanzamiento)
            .map(|d| d.secuencia)
            .max()
            .unwrap_or(0),
        base: format!("/contenido/{token}/"),
        inicio,
        items: items
            .iter()
            .map(|i| ItemJugador {
                id: i.id.clone(),
                titulo: i.titulo.clone(),
                nivel: i.nivel,
                href: i.href.clone(),
                estado: datos.get(&i.id).map(|d| d.estado.clone()),
            })
            .collect(),
        datos: valores,
    })
}

fn commit_invalido(detalle: &str) -> AppError {
    AppError::bad_request("scorm.commit_invalido").arg("detalle", detalle.to_string())
}

/// A commit's values as strings (numbers and booleans written as JSON writes them).
fn as_strings(valores: BTreeMap<String, serde_json::Value>) -> AppResult<BTreeMap<String, String>> {
    if valores.len() > MAX_VALORES {
        return Err(commit_invalido("too many values"));
    }
    let mut out = BTreeMap::new();
    for (k, v) in valores {
        if !k.starts_with("cmi.") && !k.starts_with("adl.") || k.len() > 255 {
            return Err(commit_invalido("an element is not a cmi.* name"));
        }
        let s = match v {
            serde_json::Value::String(s) => s,
            serde_json::Value::Null => String::new(),
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Number(n) => n.to_string(),
            _ => return Err(commit_invalido("a value is not text")),
        };
        out.insert(k, s);
    }
    if out
        .get("cmi.suspend_data")
        .is_some_and(|s| s.len() > cmi::MAX_SUSPEND)
    {
        return Err(AppError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "scorm.datos_demasiado_grandes",
        )
        .arg("max", (cmi::MAX_SUSPEND / 1024).to_string()));
    }
    Ok(out)
}

/// What a commit left the attempt as.
pub(super) struct Efecto {
    pub aplicado: bool,
    pub intento: Intento,
}

/// Applies a commit of the player (content origin).
pub(super) async fn apply_commit(
    state: &AppState,
    token: &str,
    body: Bytes,
) -> AppResult<CommitAplicado> {
    let c: Commit = serde_json::from_slice(&body).map_err(|e| commit_invalido(&e.to_string()))?;
    let valores = as_strings(c.valores)?;
    // Only the clock here: the company's date (settings) is read when a result goes to the
    // ledger, not on every commit.
    let (now, unix) = (state.now_iso(), state.now());
    let (l, p, item, reglas) = {
        let mut conn = state.db.read.acquire().await?;
        let l = db::live_launch(&mut conn, &token_hash(token), &now)
            .await?
            .ok_or_else(lanzamiento_invalido)?;
        let p = db::package_by_id(&mut conn, l.id_paquete)
            .await?
            .ok_or_else(lanzamiento_invalido)?;
        let item = items_of(&p)?
            .into_iter()
            .find(|i| i.id == c.item && i.href.is_some())
            .ok_or_else(|| commit_invalido("unknown item"))?;
        let reglas = crate::topics::db::topic_rules(&mut *conn, p.cve_tema)
            .await?
            .ok_or_else(lanzamiento_invalido)?;
        (l, p, item, reglas)
    };
    if c.secuencia < 1 {
        return Err(commit_invalido("secuencia starts at 1"));
    }
    let version = Version::parse(&p.version);
    let mut tx = state.db.begin().await?;
    let efecto = if l.modo == "review" {
        let intento = db::attempt(&mut tx, l.id_intento)
            .await?
            .ok_or_else(lanzamiento_invalido)?;
        Efecto {
            aplicado: false,
            intento,
        }
    } else {
        let lectura = cmi::leer(version, &valores, &item);
        let datos = Datos {
            id_intento: l.id_intento,
            item: item.id.clone(),
            id_lanzamiento: l.id_lanzamiento,
            secuencia: c.secuencia,
            estado: lectura.estado.clone(),
            completado: i64::from(lectura.completado),
            exito: lectura.exito.clone(),
            puntaje_raw: lectura.raw,
            puntaje_min: lectura.min,
            puntaje_max: lectura.max,
            puntaje_escalado: lectura.scaled,
            ubicacion: lectura.ubicacion.clone(),
            datos_suspendidos: lectura.suspendidos.clone(),
            salida: lectura.salida.clone(),
            // A finished session's time joins the earlier time, so that a new session of
            // the same SCO in the same launch starts its session_time from zero safely.
            tiempo_previo_seg: if c.terminado { lectura.sesion_seg } else { 0 },
            tiempo_sesion_seg: if c.terminado { 0 } else { lectura.sesion_seg },
            valores: serde_json::to_string(&valores).map_err(AppError::internal)?,
            actualizado: now.clone(),
        };
        let aplicado = db::apply_data(&mut tx, &datos).await?;
        // The token's life is pushed back at most every ten minutes, not on every commit.
        if l.expira < iso(unix + VIDA_LANZAMIENTO_SEG - 600) {
            db::renew_launch(&mut tx, l.id_lanzamiento, &iso(unix + VIDA_LANZAMIENTO_SEG)).await?;
        }
        let marca = marca(&p, &reglas.modelo_evaluacion, reglas.calificacion_minima);
        let intento = if aplicado {
            settle(
                &mut tx,
                state,
                &l,
                &p,
                (&reglas.modelo_evaluacion, marca),
                &item.id,
                &now,
            )
            .await?
        } else {
            db::attempt(&mut tx, l.id_intento)
                .await?
                .ok_or_else(lanzamiento_invalido)?
        };
        Efecto { aplicado, intento }
    };
    tx.commit().await?;
    let acreditado = matches!(efecto.intento.estado.as_str(), "passed" | "completed");
    Ok(CommitAplicado {
        aplicado: efecto.aplicado,
        estado: efecto.intento.estado,
        calificacion: efecto.intento.calificacion,
        acreditado,
    })
}

/// Sums an attempt's SCOs into its state and, when it just finished, writes the ledger:
/// passed or completed accredit at once; a fail counts when no attempt remains.
async fn settle(
    conn: &mut SqliteConnection,
    state: &AppState,
    l: &Vivo,
    p: &Paquete,
    (modelo, marca): (&str, Option<f64>),
    ultimo_item: &str,
    now: &str,
) -> AppResult<Intento> {
    let items = items_of(p)?;
    let seguidos = tracked(&items);
    let datos = db::summary_of_attempt(&mut *conn, l.id_intento).await?;
    let scos: Vec<Sco<'_>> = seguidos
        .iter()
        .filter_map(|i| datos.iter().find(|d| d.item == i.id))
        .map(|d| Sco {
            estado: d.estado.as_str(),
            porcentaje: cmi::porcentaje(
                d.puntaje_raw,
                d.puntaje_min,
                d.puntaje_max,
                d.puntaje_escalado,
            ),
        })
        .collect();
    let (mut estado, mut calificacion) = cmi::estado_intento(&scos, seguidos.len(), marca);
    let tiempo: i64 = datos
        .iter()
        .map(|d| d.tiempo_previo_seg + d.tiempo_sesion_seg)
        .sum();
    let antes = db::attempt(&mut *conn, l.id_intento)
        .await?
        .ok_or_else(lanzamiento_invalido)?;
    // A finished attempt stays finished: a SCO revisited (or an old tab still committing)
    // that reports "incomplete" does not reopen it.
    if estado == "incomplete" && antes.terminado.is_some() {
        estado = antes.estado.clone();
        calificacion = antes.calificacion;
    }
    let terminado = estado != "incomplete";
    db::update_attempt(
        &mut *conn,
        l.id_intento,
        &estado,
        calificacion,
        tiempo,
        ultimo_item,
        now,
        terminado,
    )
    .await?;
    // What the UPDATE wrote, without reading it back.
    let despues = Intento {
        terminado: terminado.then(|| antes.terminado.clone().unwrap_or_else(|| now.to_string())),
        estado: estado.clone(),
        calificacion,
        tiempo_total_seg: tiempo,
        ultimo_item: Some(ultimo_item.to_string()),
        ultimo_acceso: now.to_string(),
        ..antes.clone()
    };
    let ok = matches!(estado.as_str(), "passed" | "completed");
    let agotado = p.intentos > 0 && despues.numero >= p.intentos;
    let cambio = antes.estado != despues.estado || antes.calificacion != despues.calificacion;
    let al_historial = cambio && (ok || (estado == "failed" && agotado));
    // The learner's data is kept even when the ledger refuses the fact (a topic switched
    // off meanwhile, say): setPuntajeTema applies it again later. record_accreditation
    // writes nothing when it refuses.
    if al_historial {
        let m = momento(state).await?;
        if let Err(e) = record(&mut *conn, &despues, p.cve_tema, modelo, ok, &m).await {
            tracing::warn!(error = ?e, id_intento = despues.id_intento, "a SCORM result did not reach the ledger");
        }
    }
    Ok(despues)
}

/// Writes an attempt's result to the plan's ledger (origen scorm, one fact per attempt, dated
/// the day the attempt finished).
pub(super) async fn record(
    conn: &mut SqliteConnection,
    i: &Intento,
    cve_tema: i64,
    modelo: &str,
    ok: bool,
    m: &Momento,
) -> AppResult<()> {
    let referencia = format!("scorm:{}", i.id_intento);
    crate::plans::record_accreditation(
        &mut *conn,
        &NuevaAcreditacion {
            cve_empleado: i.cve_empleado,
            cve_tema,
            fecha: m.fecha_de(i.terminado.as_deref()),
            calificacion: i.calificacion.and_then(|c| en_escala(modelo, c)),
            origen: Origen::Scorm,
            referencia: &referencia,
            motivo: None,
            nota: None,
            registrado_por: None,
            resultado: Some(ok),
        },
        m.hoy,
        &m.now,
    )
    .await?;
    Ok(())
}
