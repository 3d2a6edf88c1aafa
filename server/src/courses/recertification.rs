//! The daily recertification pass: for each employee whose accreditation of a topic
//! expires within the first (widest) expiry window and who is not already in a course of
//! that topic, the next open course of the topic with free seats (preferring one that
//! starts before the expiry) is offered once; with the company setting
//! `recertificacion_automatica` = "1" the employee is enrolled instead (origen
//! 'recertificacion'). State lives in `cursos_recertificaciones`: one row per employee,
//! topic and course, so a pass run twice (or after a restart) does nothing new, and a new
//! accreditation starts the cycle again.

use serde::Serialize;
use tokio::sync::watch;

use super::db::recertificaciones as db;
use super::enrolment::{self, Lugar};
use crate::error::AppResult;
use crate::notifications::Nueva;
use crate::state::AppState;

/// How often the job looks for work (the pass is idempotent).
const INTERVALO: std::time::Duration = std::time::Duration::from_secs(60 * 60);
/// The first look waits a little, so a starting server serves first.
const PRIMERA_ESPERA: std::time::Duration = std::time::Duration::from_secs(90);

/// One pass at a time.
static UNA_PASADA: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// What one pass did.
#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub struct ResumenRecertificacion {
    pub ofrecidas: i64,
    pub inscritos: i64,
}

/// Starts the background job; it stops when `stop` changes.
pub fn spawn(state: &AppState, mut stop: watch::Receiver<bool>) {
    let state = state.clone();
    tokio::spawn(async move {
        let mut tick =
            tokio::time::interval_at(tokio::time::Instant::now() + PRIMERA_ESPERA, INTERVALO);
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    if let Err(e) = run_once(&state).await {
                        tracing::warn!(error = ?e, "recertification pass failed");
                    }
                }
                _ = stop.changed() => break,
            }
        }
    });
}

/// Today's pass; safe to run any number of times.
pub async fn run_once(state: &AppState) -> AppResult<ResumenRecertificacion> {
    let _one = UNA_PASADA.lock().await;
    let hoy = enrolment::hoy(state).await?;
    let hoy_iso = hoy.format("%Y-%m-%d").to_string();
    let ventana = state
        .config
        .avisos_vencimiento
        .dias()
        .iter()
        .copied()
        .max()
        .unwrap_or(30)
        .max(0);
    let hasta = (hoy + chrono::Days::new(ventana as u64))
        .format("%Y-%m-%d")
        .to_string();
    let automatica = crate::settings::load(state)
        .await?
        .recertificacion_automatica
        == "1";
    let candidatos = {
        let mut conn = state.db.read.acquire().await?;
        db::por_vencer(&mut conn, &hoy_iso, &hasta).await?
    };
    let mut r = ResumenRecertificacion::default();
    for (cve_empleado, cve_tema, vigencia) in candidatos {
        match una(
            state,
            hoy,
            &hoy_iso,
            cve_empleado,
            cve_tema,
            &vigencia,
            automatica,
        )
        .await
        {
            Ok(Some((inscrito, nombre))) => {
                let n = if inscrito {
                    r.inscritos += 1;
                    Nueva {
                        titulo: format!("Inscripción por recertificación: {nombre}"),
                        contenido: format!(
                            "Tu acreditación vence el {vigencia}; te inscribimos en el curso {nombre} para renovarla."
                        ),
                        origen: Some("Recertificación".into()),
                        ..Default::default()
                    }
                } else {
                    r.ofrecidas += 1;
                    Nueva {
                        titulo: format!("Renueva tu acreditación: {nombre}"),
                        contenido: format!(
                            "Tu acreditación vence el {vigencia}. El curso {nombre} tiene lugares disponibles; solicita tu lugar."
                        ),
                        origen: Some("Recertificación".into()),
                        ..Default::default()
                    }
                };
                enrolment::avisar(state, vec![cve_empleado], n).await;
            }
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(error = ?e, cve_empleado, cve_tema, "recertification skipped");
            }
        }
    }
    Ok(r)
}

/// One employee and topic in its own write transaction: whether enrolled (else offered)
/// and the course's name; None when no course fits.
async fn una(
    state: &AppState,
    hoy: chrono::NaiveDate,
    hoy_iso: &str,
    cve_empleado: i64,
    cve_tema: i64,
    vigencia: &str,
    automatica: bool,
) -> AppResult<Option<(bool, String)>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let Some(cve_curso) = db::curso_para(&mut tx, cve_tema, hoy_iso, vigencia).await? else {
        return Ok(None);
    };
    let curso = super::access::load(&mut tx, cve_curso).await?;
    enrolment::check_course_takes_people(&curso, hoy_iso)?;
    enrolment::check_employee(&mut tx, &curso, cve_empleado, hoy).await?;
    let inscrito = if automatica {
        match enrolment::place(
            &mut tx,
            cve_curso,
            cve_empleado,
            "recertificacion",
            None,
            false,
            &now,
        )
        .await?
        {
            Lugar::Inscrito(_) => true,
            Lugar::Espera(_) => false,
        }
    } else {
        false
    };
    let accion = if inscrito { "inscrito" } else { "ofrecida" };
    db::registrar(&mut tx, cve_empleado, cve_tema, cve_curso, accion, hoy_iso).await?;
    tx.commit().await?;
    Ok(Some((inscrito, curso.nombre_corto)))
}
