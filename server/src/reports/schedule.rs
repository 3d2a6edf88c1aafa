//! Scheduled delivery of saved reports: a layout set to go weekly (on a weekday) or monthly
//! (on a day 1–28) is e-mailed to each recipient as an attachment, computed within that
//! recipient's own scope. A period's sends are claimed once (a unique row per layout,
//! period and recipient) before anything is sent, and each is marked when sent, so a
//! period is never sent twice — across repeated runs and restarts; a claimed send a stop
//! interrupted goes on the next run. A send that fails for a passing reason (the mail
//! server, the disk: a 5xx error) is tried again 15 and then 30 minutes later; one that
//! cannot go (the recipient lost access or their e-mail address) or fails a third time is
//! given up and its layout's author is told by a notification. The same tick deletes
//! expired export files.

use chrono::{Datelike, Days, IsoWeek, NaiveDate, Weekday};
use serde::Serialize;
use tokio::sync::{Mutex, watch};

use super::db::{self, Programa, consulta};
use crate::auth::perms::scope_of;
use crate::error::{AppError, AppResult};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::table::export::{self, Formato};

/// First run after start, then every minute.
const PRIMERA_ESPERA: std::time::Duration = std::time::Duration::from_secs(20);
const INTERVALO: std::time::Duration = std::time::Duration::from_secs(60);

/// Attempts of a send that fails for a passing reason before it is given up.
pub const INTENTOS: i64 = 3;
/// The wait before the second attempt of a send; it doubles for each next one.
pub const ESPERA_REINTENTO_MIN: i64 = 15;

static UNA_CORRIDA: Mutex<()> = Mutex::const_new(());

/// What one run did.
#[derive(Serialize, Debug, Clone, Default)]
pub struct ResumenEnvios {
    pub reclamados: u64,
    pub enviados: u64,
    pub fallidos: u64,
    /// Failed attempts to be tried again later.
    pub reintentos: u64,
    pub expiradas: u64,
}

/// Starts the scheduler; it stops when `stop` changes.
pub fn spawn(state: &AppState, mut stop: watch::Receiver<bool>) {
    let state = state.clone();
    tokio::spawn(async move {
        if let Err(e) = super::jobs::resume(&state).await {
            tracing::warn!(error = ?e, "could not resume the exports");
        }
        let mut tick =
            tokio::time::interval_at(tokio::time::Instant::now() + PRIMERA_ESPERA, INTERVALO);
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    if let Err(e) = run_once(&state).await {
                        tracing::warn!(error = ?e, "scheduled reports run failed");
                    }
                }
                _ = stop.changed() => break,
            }
        }
    });
}

/// The period `hoy` falls in (`2026-W48`, `2026-11`) and its sending day.
pub fn period(frecuencia: &str, dia: i64, hoy: NaiveDate) -> (String, NaiveDate) {
    if frecuencia == "mensual" {
        let d = NaiveDate::from_ymd_opt(hoy.year(), hoy.month(), dia.clamp(1, 28) as u32)
            .unwrap_or(hoy);
        (hoy.format("%Y-%m").to_string(), d)
    } else {
        let w: IsoWeek = hoy.iso_week();
        let lunes = NaiveDate::from_isoywd_opt(w.year(), w.week(), Weekday::Mon).unwrap_or(hoy);
        let d = lunes
            .checked_add_days(Days::new((dia.clamp(1, 7) - 1) as u64))
            .unwrap_or(lunes);
        (format!("{}-W{:02}", w.year(), w.week()), d)
    }
}

fn parse(d: &str) -> NaiveDate {
    NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap_or_default()
}

/// The period due today for a schedule, if any: its sending day has come, and falls on or
/// after the day it was scheduled.
fn due(p: &Programa, hoy: NaiveDate) -> Option<String> {
    let (clave, dia) = period(&p.frecuencia, p.dia, hoy);
    (dia <= hoy && dia >= parse(&p.desde)).then_some(clave)
}

/// The next day a schedule sends on.
pub async fn next_send(state: &AppState, p: &Programa) -> AppResult<NaiveDate> {
    let hoy = super::hoy(state);
    let desde = parse(&p.desde);
    let mut d = hoy;
    // At most a month and a week ahead.
    for _ in 0..40 {
        let (clave, dia) = period(&p.frecuencia, p.dia, d);
        if dia >= hoy
            && dia >= desde
            && !db::period_claimed(&state.db.read, p.id_reporte, &clave).await?
        {
            return Ok(dia);
        }
        if dia < hoy
            && dia >= desde
            && !db::period_claimed(&state.db.read, p.id_reporte, &clave).await?
        {
            // Due and not sent yet: it goes on the next run.
            return Ok(hoy);
        }
        d = if p.frecuencia == "mensual" {
            NaiveDate::from_ymd_opt(
                if d.month() == 12 {
                    d.year() + 1
                } else {
                    d.year()
                },
                if d.month() == 12 { 1 } else { d.month() + 1 },
                1,
            )
            .unwrap_or(d)
        } else {
            d.checked_add_days(Days::new(7)).unwrap_or(d)
        };
    }
    Ok(hoy)
}

/// Whether `cve` may run the layout: its author, the Administrador, or a recipient whose
/// default profile the layout is shared with.
pub async fn recipient_may_run(state: &AppState, g: &db::Guardado, cve: i64) -> AppResult<bool> {
    if g.creado_por == cve {
        return Ok(true);
    }
    let Some(perfil) = crate::auth::db::permissions::default_profile(&state.db.read, cve).await?
    else {
        return Ok(false);
    };
    Ok(perfil == 1
        || g.perfiles
            .split(',')
            .filter_map(|p| p.trim().parse::<i64>().ok())
            .any(|p| p == perfil))
}

/// Claims the periods due, sends what is claimed and not sent, deletes expired exports.
pub async fn run_once(state: &AppState) -> AppResult<ResumenEnvios> {
    let _one = UNA_CORRIDA.lock().await;
    let hoy = super::hoy(state);
    let mut r = ResumenEnvios::default();
    for p in db::schedules(&state.db.read).await? {
        if let Some(clave) = due(&p, hoy) {
            r.reclamados +=
                db::claim_sends(&state.db.write, p.id_reporte, &clave, &state.now_iso()).await?;
        }
    }
    for envio in db::pending_sends(&state.db.read, &state.now_iso()).await? {
        let resultado = send(state, &envio).await;
        let now = state.now_iso();
        match resultado {
            Ok(filas) => {
                db::finish_send(
                    &state.db.write,
                    envio.id_envio,
                    "enviado",
                    Some(filas),
                    None,
                    &now,
                )
                .await?;
                r.enviados += 1;
            }
            Err(e) if e.status.is_server_error() && envio.intentos + 1 < INTENTOS => {
                tracing::warn!(id_envio = envio.id_envio, error = ?e, "scheduled report not sent, tried again later");
                let espera = ESPERA_REINTENTO_MIN << envio.intentos.clamp(0, 8);
                let cuando =
                    crate::clock::iso(state.clock.now() + chrono::Duration::minutes(espera));
                db::retry_send(&state.db.write, envio.id_envio, e.code, &cuando).await?;
                r.reintentos += 1;
            }
            Err(e) => {
                tracing::warn!(id_envio = envio.id_envio, error = ?e, "scheduled report not sent");
                db::finish_send(
                    &state.db.write,
                    envio.id_envio,
                    "fallido",
                    None,
                    Some(e.code),
                    &now,
                )
                .await?;
                r.fallidos += 1;
                tell_author(state, &envio, &e).await;
            }
        }
    }
    r.expiradas = super::jobs::purge(state).await?;
    Ok(r)
}

/// Tells a layout's author that a scheduled send was given up, and why.
async fn tell_author(state: &AppState, envio: &db::Envio, e: &AppError) {
    let g = match db::layout(&state.db.read, envio.id_reporte).await {
        Ok(Some(g)) => g,
        Ok(None) => return,
        Err(err) => {
            tracing::warn!(error = %err, "the author of a failed send was not told");
            return;
        }
    };
    let destinatario = crate::employees::db::profile(&state.db.read, envio.cve_empleado)
        .await
        .ok()
        .flatten()
        .map(|p| p.nombre_empleado)
        .unwrap_or_default();
    let n = crate::notifications::Nueva {
        titulo: "Reporte programado no enviado".into(),
        contenido: format!(
            "El reporte «{}» del periodo {} no se pudo enviar a {}: {}",
            g.nombre,
            envio.periodo,
            destinatario,
            crate::i18n::message(e.code, Lang::Es, &e.args)
        ),
        tipo: Some("reporte_programado".into()),
        recurso: Some("/menu/reportes_guardados".into()),
        origen: Some("Reportes".into()),
        ..crate::notifications::Nueva::default()
    };
    let destino = crate::notifications::Destino::Empleado {
        cve_empleado: g.creado_por,
    };
    if let Err(err) = crate::notifications::notify(state, &destino, &n).await {
        tracing::warn!(error = %err, "the author of a failed send was not told");
    }
}

/// Computes and mails one send; the rows it held.
async fn send(state: &AppState, envio: &db::Envio) -> AppResult<i64> {
    let g = db::layout(&state.db.read, envio.id_reporte)
        .await?
        .ok_or_else(AppError::not_found)?;
    let p = db::schedule(&state.db.read, envio.id_reporte)
        .await?
        .ok_or_else(AppError::not_found)?;
    if !recipient_may_run(state, &g, envio.cve_empleado).await? {
        return Err(AppError::forbidden("reportes.destinatario_sin_acceso"));
    }
    let perfil = crate::auth::db::permissions::default_profile(&state.db.read, envio.cve_empleado)
        .await?
        .ok_or_else(|| AppError::forbidden("reportes.destinatario_sin_acceso"))?;
    let persona = crate::employees::db::profile(&state.db.read, envio.cve_empleado)
        .await?
        .ok_or_else(AppError::not_found)?;
    let to = persona
        .correo_empleado
        .filter(|c| !c.trim().is_empty())
        .ok_or_else(|| AppError::unprocessable("reportes.destinatario_sin_correo"))?;
    let scope = scope_of(state, envio.cve_empleado, perfil);
    let lang = Lang::Es;
    let def: super::types::DefinicionReporte =
        serde_json::from_str(&g.definicion).map_err(AppError::internal)?;
    let c = consulta::compilar(&def, scope, super::hoy(state), lang)?;
    let (hoja, filas) = super::export_sheet(state, &c, &g.nombre, lang, None).await?;
    let formato = Formato::parse(Some(&p.formato))?;
    let tmp = state.config.tmp_dir();
    let ruta = export::ruta_temporal(&tmp, formato);
    let escrito = export::a_archivo(hoja, filas, formato, ruta.clone(), tmp).await;
    let datos = match escrito {
        Ok(_) => tokio::fs::read(&ruta).await.map_err(AppError::internal),
        Err(e) => Err(e),
    };
    let _ = tokio::fs::remove_file(&ruta).await;
    let datos = datos?;
    let filas = consulta::conteo(&state.db.read, &c).await?;
    let nombre = crate::mail::html_escape(&g.nombre);
    let archivo: String = g
        .nombre
        .chars()
        .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' })
        .collect();
    let mail = crate::mail::Mail {
        to,
        subject: format!("Reporte programado: {} ({})", g.nombre, envio.periodo),
        text: format!(
            "Hola {}:\n\nTe enviamos el reporte «{}» del periodo {} ({} filas), con las personas de tu alcance. Lo encuentras adjunto.",
            persona.nombre_empleado, g.nombre, envio.periodo, filas
        ),
        html: format!(
            "<p>Hola {}:</p><p>Te enviamos el reporte «{nombre}» del periodo {} ({} filas), con las personas de tu alcance. Lo encuentras adjunto.</p>",
            crate::mail::html_escape(&persona.nombre_empleado),
            envio.periodo,
            filas
        ),
    };
    state
        .mailer
        .send_with(
            mail,
            vec![crate::mail::Adjunto {
                nombre: format!("{archivo}-{}.{}", envio.periodo, formato.clave()),
                tipo: formato.mime().to_string(),
                datos,
            }],
        )
        .await
        .map_err(AppError::internal)?;
    Ok(filas)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn periods_are_iso_weeks_and_months_with_their_sending_day() {
        // 2026-11-29 is a Sunday of ISO week 48.
        assert_eq!(
            period("semanal", 1, d("2026-11-29")),
            ("2026-W48".into(), d("2026-11-23"))
        );
        assert_eq!(
            period("semanal", 7, d("2026-11-29")),
            ("2026-W48".into(), d("2026-11-29"))
        );
        assert_eq!(
            period("mensual", 5, d("2026-11-29")),
            ("2026-11".into(), d("2026-11-05"))
        );
        // The ISO year of the first days of January.
        assert_eq!(period("semanal", 1, d("2027-01-01")).0, "2026-W53");
    }

    #[test]
    fn a_period_is_due_from_its_day_and_only_when_scheduled_before_it() {
        let p = Programa {
            id_reporte: 1,
            frecuencia: "semanal".into(),
            dia: 3,
            formato: "xlsx".into(),
            desde: "2026-11-26".into(),
            ultimo_envio: None,
        };
        // Wednesday the 25th came before it was scheduled (Thursday the 26th): not due.
        assert_eq!(due(&p, d("2026-11-27")), None);
        // Next Wednesday it is.
        assert_eq!(due(&p, d("2026-12-01")), None);
        assert_eq!(due(&p, d("2026-12-02")), Some("2026-W49".into()));
        assert_eq!(due(&p, d("2026-12-06")), Some("2026-W49".into()));
    }
}
