//! The daily expiry job (package C): finds accreditations expiring within the configured
//! windows and sends 'Capacitaciones próximas a vencer' once per window, with its state in
//! the database (safe to run twice, resumes after a restart).
//!
//! A run claims its notices and builds its sends in one transaction (phase `reclamar` →
//! `enviar`), then sends each pending one and marks it (phase `terminada`). Each
//! (accreditation, window) is claimed once ever; a crash between a notification and its
//! mark re-sends that one notification on resume (at least once, within milliseconds).

use std::time::Duration;

use chrono::{Days, NaiveDate};
use serde::Serialize;
use sqlx::SqliteConnection;
use tokio::sync::{Mutex, watch};

use super::db::expiry as db;
use crate::error::AppResult;
use crate::notifications::{Destino, Nueva, TIPO_PROXIMAS_A_VENCER, notify};
use crate::state::AppState;

/// How often the job looks for today's run.
const INTERVALO: Duration = Duration::from_secs(600);
/// The first look waits a little, so a starting server serves first.
const PRIMERA_ESPERA: Duration = Duration::from_secs(60);
/// Profile whose members get the analysts' summary.
const PERFIL_ANALISTA: i64 = 2;
/// Topics a notice names before "y N más".
const TEMAS_EN_AVISO: usize = 5;

/// One run at a time, whoever starts it.
static UNA_CORRIDA: Mutex<()> = Mutex::const_new(());

/// What one run did.
#[derive(Serialize, Debug, Clone)]
pub struct ResumenCorrida {
    pub id_corrida: i64,
    pub fecha: String,
    pub fase: String,
    pub avisos: i64,
    pub envios: i64,
    pub nuevos_envios: i64,
}

/// Starts the background job; it stops when `stop` changes. Unfinished runs resume first.
pub fn spawn(state: &AppState, mut stop: watch::Receiver<bool>) {
    let state = state.clone();
    tokio::spawn(async move {
        if let Err(e) = resume(&state).await {
            tracing::warn!(error = ?e, "could not resume the expiry notices");
        }
        let mut tick =
            tokio::time::interval_at(tokio::time::Instant::now() + PRIMERA_ESPERA, INTERVALO);
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    if let Err(e) = run_once(&state).await {
                        tracing::warn!(error = ?e, "expiry notices run failed");
                    }
                }
                _ = stop.changed() => break,
            }
        }
    });
}

/// Finishes every run a stop left unfinished.
pub async fn resume(state: &AppState) -> AppResult<()> {
    let _one = UNA_CORRIDA.lock().await;
    let runs = db::unfinished_runs(&mut *state.db.write.acquire().await?).await?;
    for (id, fase) in runs {
        if fase == "reclamar" {
            claim(state, id).await?;
        }
        send_pending(state, id).await?;
        finish(state, id).await?;
    }
    Ok(())
}

/// Today's run; idempotent.
pub async fn run_once(state: &AppState) -> AppResult<ResumenCorrida> {
    let _one = UNA_CORRIDA.lock().await;
    let hoy = super::today(state).format("%Y-%m-%d").to_string();
    let texto = state
        .config
        .avisos_vencimiento
        .dias()
        .iter()
        .rev()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let (id, fase) = {
        let mut conn = state.db.write.acquire().await?;
        db::claim_run(&mut conn, &hoy, &texto, &state.now_iso()).await?
    };
    let mut nuevos = 0;
    if fase != "terminada" {
        if fase == "reclamar" {
            claim(state, id).await?;
        }
        nuevos = send_pending(state, id).await?;
        finish(state, id).await?;
    }
    let (fecha, fase, avisos, envios) =
        db::run_figures(&mut *state.db.read.acquire().await?, id).await?;
    Ok(ResumenCorrida {
        id_corrida: id,
        fecha,
        fase,
        avisos,
        envios,
        nuevos_envios: nuevos,
    })
}

/// Claims a run's notices and builds its sends atomically.
async fn claim(state: &AppState, id: i64) -> AppResult<()> {
    let mut tx = state.db.begin().await?;
    scan(
        &mut tx,
        id,
        super::today(state),
        state.config.avisos_vencimiento.dias(),
    )
    .await?;
    db::build_sends(&mut tx, id).await?;
    db::set_phase(&mut tx, id, "enviar", None).await?;
    tx.commit().await?;
    Ok(())
}

async fn finish(state: &AppState, id: i64) -> AppResult<()> {
    let mut conn = state.db.write.acquire().await?;
    db::set_phase(&mut conn, id, "terminada", Some(&state.now_iso())).await?;
    Ok(())
}

/// Claims the (accreditation, window) notices of a run; returns how many were new.
pub async fn scan(
    conn: &mut SqliteConnection,
    id_corrida: i64,
    hoy: NaiveDate,
    ventanas: &[i64],
) -> AppResult<i64> {
    let mut v: Vec<i64> = ventanas.iter().copied().filter(|w| *w > 0).collect();
    v.sort_unstable();
    v.dedup();
    v.truncate(3);
    let horizontes: Vec<(i64, String)> = v
        .iter()
        .map(|w| {
            let d = hoy
                .checked_add_days(Days::new(w.unsigned_abs()))
                .unwrap_or(hoy);
            (*w, d.format("%Y-%m-%d").to_string())
        })
        .collect();
    let hoy = hoy.format("%Y-%m-%d").to_string();
    let n = db::scan(&mut *conn, id_corrida, &hoy, &horizontes).await?;
    Ok(i64::try_from(n).unwrap_or(i64::MAX))
}

/// "NOM-035, NOM-006 y 3 más".
fn lista(temas: &[(String, String)]) -> String {
    let nombres: Vec<&str> = temas
        .iter()
        .take(TEMAS_EN_AVISO)
        .map(|(a, _)| a.as_str())
        .collect();
    let mut s = nombres.join(", ");
    if temas.len() > TEMAS_EN_AVISO {
        s.push_str(&format!(" y {} más", temas.len() - TEMAS_EN_AVISO));
    }
    s
}

/// Sends the notices of a run still to send; returns how many were sent.
pub async fn send_pending(state: &AppState, id_corrida: i64) -> AppResult<i64> {
    let mut enviados = 0;
    loop {
        let pendientes =
            db::pending_sends(&mut *state.db.read.acquire().await?, id_corrida).await?;
        if pendientes.is_empty() {
            return Ok(enviados);
        }
        for (id_envio, tipo, destinatario, ventana) in pendientes {
            let (destino, contenido, recurso) = {
                let mut conn = state.db.read.acquire().await?;
                match tipo.as_str() {
                    "empleado" => {
                        let temas =
                            db::employee_notices(&mut conn, id_corrida, destinatario, ventana)
                                .await?;
                        let primera = temas.first().map(|(_, v)| v.clone()).unwrap_or_default();
                        (
                            Destino::Empleado {
                                cve_empleado: destinatario,
                            },
                            format!(
                                "Tu acreditación de {} vence en los próximos {ventana} días (la primera el {primera}).",
                                lista(&temas)
                            ),
                            "/menu/consultar_plan_capacitacion?location=pendientes".to_string(),
                        )
                    }
                    "supervisor" => {
                        let n =
                            db::team_notices(&mut conn, id_corrida, destinatario, ventana).await?;
                        (
                            Destino::Empleado {
                                cve_empleado: destinatario,
                            },
                            format!(
                                "{n} personas de tu equipo tienen capacitaciones que vencen en los próximos {ventana} días."
                            ),
                            format!("/menu/capacitaciones_proximas_vencer?ventana={ventana}"),
                        )
                    }
                    _ => {
                        let (n, m) = db::window_totals(&mut conn, id_corrida, ventana).await?;
                        (
                            Destino::Perfil {
                                idperfil: PERFIL_ANALISTA,
                            },
                            format!(
                                "{n} acreditaciones de {m} empleados vencen en los próximos {ventana} días."
                            ),
                            format!("/menu/capacitaciones_proximas_vencer?ventana={ventana}"),
                        )
                    }
                }
            };
            let nueva = Nueva {
                titulo: TIPO_PROXIMAS_A_VENCER.to_string(),
                contenido,
                tipo: Some(TIPO_PROXIMAS_A_VENCER.to_string()),
                recurso: Some(recurso),
                origen: Some("Plan de capacitación".to_string()),
                ..Nueva::default()
            };
            let resultado = match notify(state, &destino, &nueva).await {
                Ok(_) => "enviado",
                Err(e) if e.code == "notificaciones.sin_destinatarios" => "sin_destinatarios",
                Err(e) => {
                    // Left pending: the next tick retries it.
                    tracing::warn!(error = ?e, id_envio, "expiry notice not sent");
                    return Ok(enviados);
                }
            };
            let mut conn = state.db.write.acquire().await?;
            db::mark_sent(&mut conn, id_envio, resultado, &state.now_iso()).await?;
            if resultado == "enviado" {
                enviados += 1;
            }
        }
    }
}
