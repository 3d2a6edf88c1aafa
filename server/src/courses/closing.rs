//! Closing a course writes each participant's result to the accreditation ledger through
//! the plans domain (origen Curso, referencia `curso:{id}`, dated the last session);
//! reopening withdraws exactly those facts.

use axum::extract::State;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

use super::db::cierre::{self as db, Participante};
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::notifications::{Destino, Nueva, notify};
use crate::plans::{NuevaAcreditacion, Origen};
use crate::state::AppState;

/// Default pass mark of the practical part (1–5) of teorico_practico.
pub const MINIMA_PRACTICA: f64 = 3.0;

/// A course's pass marks.
#[derive(Debug, Clone, Copy)]
pub struct Minimas {
    pub calificacion: Option<f64>,
    pub practica: Option<f64>,
}

/// Whether a participant passes: attended every session AND, by model, conocimiento:
/// calificacion ≥ minima (70); teorico_practico: calificacion ≥ minima (7) and práctica ≥
/// minima práctica (3); ninguno: attendance alone.
pub fn resultado(
    modelo: &str,
    minimas: Minimas,
    asistidas: i64,
    sesiones: i64,
    calificacion: Option<f64>,
    practica: Option<f64>,
) -> bool {
    if sesiones <= 0 || asistidas < sesiones {
        return false;
    }
    match modelo {
        "conocimiento" => calificacion.is_some_and(|c| {
            c >= minimas
                .calificacion
                .unwrap_or(crate::plans::rules::APROBATORIA_CONOCIMIENTO)
        }),
        "teorico_practico" => {
            calificacion.is_some_and(|c| {
                c >= minimas
                    .calificacion
                    .unwrap_or(crate::plans::rules::APROBATORIA_TEORICO)
            }) && practica.is_some_and(|p| p >= minimas.practica.unwrap_or(MINIMA_PRACTICA))
        }
        _ => true,
    }
}

/// Whether the model grades participants.
fn calificado(modelo: &str) -> bool {
    modelo == "conocimiento" || modelo == "teorico_practico"
}

/// Whether a participant who attended lacks a grade the model needs.
fn falta_calificacion(modelo: &str, p: &Participante) -> bool {
    p.asistidas > 0
        && match modelo {
            "conocimiento" => p.calificacion.is_none(),
            "teorico_practico" => p.calificacion.is_none() || p.calificacion_practica.is_none(),
            _ => false,
        }
}

/// The answer to closing a course.
#[derive(Serialize, ToSchema)]
pub struct CierreCurso {
    pub resp: String,
    pub acreditados: i64,
    pub no_acreditados: i64,
}

/// The answer to reopening a course.
#[derive(Serialize, ToSchema)]
pub struct ReaperturaCurso {
    pub resp: String,
    /// Ledger facts withdrawn.
    pub retiradas: i64,
}

/// The ledger reference of a course's results.
pub fn referencia(cve_curso: i64) -> String {
    format!("curso:{cve_curso}")
}

/// Closes an open, ended course inside the caller's transaction: the checks and the ledger
/// writes of [`close`]; answers the course, its participants and the counts.
pub async fn close_course(
    conn: &mut sqlx::SqliteConnection,
    cve_curso: i64,
    por: i64,
    hoy_local: NaiveDate,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<(
    super::db::base::CursoBase,
    Vec<db::Participante>,
    CierreCurso,
)> {
    let c = super::access::load(&mut *conn, cve_curso).await?;
    c.abierto()?;
    let fin = NaiveDate::parse_from_str(&c.fecha_fin, "%Y-%m-%d").map_err(AppError::internal)?;
    if fin > hoy_local {
        return Err(
            AppError::unprocessable("cursos.no_terminado").arg("fecha", c.fecha_fin.clone())
        );
    }
    let sesiones = db::num_sesiones(&mut *conn, cve_curso).await?;
    let gente = db::participantes(&mut *conn, cve_curso).await?;
    let sin_asistencia = gente.iter().filter(|p| p.registradas < sesiones).count();
    if sin_asistencia > 0 {
        return Err(AppError::unprocessable("cursos.asistencia_incompleta")
            .arg("n", sin_asistencia.to_string()));
    }
    let sin_calificacion = gente
        .iter()
        .filter(|p| falta_calificacion(&c.modelo_evaluacion, p))
        .count();
    if sin_calificacion > 0 {
        return Err(AppError::unprocessable("cursos.calificaciones_incompletas")
            .arg("n", sin_calificacion.to_string()));
    }
    let minimas = super::db::cursos::minimas(&mut *conn, cve_curso).await?;
    let referencia = referencia(cve_curso);
    let (mut si, mut no) = (0, 0);
    for p in &gente {
        let ok = resultado(
            &c.modelo_evaluacion,
            minimas,
            p.asistidas,
            sesiones,
            p.calificacion,
            p.calificacion_practica,
        );
        let calificacion = if calificado(&c.modelo_evaluacion) {
            p.calificacion
        } else {
            None
        };
        crate::plans::record_accreditation(
            &mut *conn,
            &NuevaAcreditacion {
                cve_empleado: p.cve_empleado,
                cve_tema: c.cve_tema,
                fecha: fin,
                calificacion,
                origen: Origen::Curso,
                referencia: &referencia,
                motivo: None,
                nota: None,
                registrado_por: Some(por),
                resultado: Some(ok),
            },
            hoy,
            now,
        )
        .await?;
        db::set_acreditado(&mut *conn, p.cve_inscripcion_ai, ok, now).await?;
        if ok {
            si += 1;
        } else {
            no += 1;
        }
    }
    db::cerrar(&mut *conn, cve_curso, por, now).await?;
    Ok((
        c,
        gente,
        CierreCurso {
            resp: "Excelente".into(),
            acreditados: si,
            no_acreditados: no,
        },
    ))
}

/// Closes an open course whose last session has ended: every participant needs attendance
/// for every session and, in graded models, a grade when they attended; each result goes to
/// the ledger in the same transaction.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/cerrar", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = CierreCurso), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn close(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<CierreCurso>> {
    let cia = crate::settings::load(&state).await?;
    let hoy_local = super::schedule::hoy_local(&state, super::schedule::zona(&cia));
    let hoy = crate::plans::today(&state).max(hoy_local);
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let (c, gente, cierre) =
        close_course(&mut tx, cve_curso, u.cve_empleado, hoy_local, hoy, &now).await?;
    tx.commit().await?;
    avisar(
        &state,
        gente.iter().map(|p| p.cve_empleado).collect(),
        format!("Curso cerrado: {}", c.nombre_corto),
        format!(
            "El curso {} terminó y su resultado ya está en tu plan de capacitación.",
            c.nombre_corto
        ),
    )
    .await;
    Ok(axum::Json(cierre))
}

/// Reopens a closed course: the ledger facts its close wrote are withdrawn (summaries and
/// plans follow), its certificates revoked, results cleared, the course open again.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/abrir", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = ReaperturaCurso), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn reopen(
    State(state): State<AppState>,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<ReaperturaCurso>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = super::access::load(&mut tx, cve_curso).await?;
    if !c.cerrado() {
        return Err(AppError::conflict("cursos.no_cerrado"));
    }
    let retiradas = crate::plans::ledger::withdraw_accreditations(
        &mut tx,
        Origen::Curso,
        &referencia(cve_curso),
    )
    .await?;
    let gente = db::abrir(&mut tx, cve_curso, &now).await?;
    // Its certificates no longer stand: the verification page says revoked from now on.
    crate::certificates::revoke_for_course(&mut tx, cve_curso, None, &now, "curso_reabierto")
        .await?;
    tx.commit().await?;
    avisar(
        &state,
        gente,
        format!("Curso reabierto: {}", c.nombre_corto),
        format!(
            "El curso {} se reabrió; su resultado se registrará de nuevo al cerrarlo.",
            c.nombre_corto
        ),
    )
    .await;
    Ok(axum::Json(ReaperturaCurso {
        resp: "Excelente".into(),
        retiradas: retiradas as i64,
    }))
}

/// Notifies the participants (after commit; a failure is only logged).
async fn avisar(state: &AppState, lista: Vec<i64>, titulo: String, contenido: String) {
    if lista.is_empty() {
        return;
    }
    let n = Nueva {
        titulo,
        contenido,
        origen: Some("Programación de capacitación".into()),
        ..Default::default()
    };
    if let Err(e) = notify(state, &Destino::Lista { lista }, &n).await {
        tracing::warn!(error = ?e, "course close or reopen not notified");
    }
}

#[cfg(test)]
mod tests {
    use super::{Minimas, resultado};

    const SIN: Minimas = Minimas {
        calificacion: None,
        practica: None,
    };

    #[test]
    fn missing_one_session_fails_whatever_the_grade() {
        assert!(!resultado("conocimiento", SIN, 1, 2, Some(100.0), None));
        assert!(!resultado("ninguno", SIN, 0, 1, None, None));
        assert!(resultado("ninguno", SIN, 2, 2, None, None));
    }

    #[test]
    fn knowledge_passes_at_the_topic_mark_or_seventy() {
        assert!(resultado("conocimiento", SIN, 1, 1, Some(70.0), None));
        assert!(!resultado("conocimiento", SIN, 1, 1, Some(69.9), None));
        let m = Minimas {
            calificacion: Some(80.0),
            practica: None,
        };
        assert!(!resultado("conocimiento", m, 1, 1, Some(75.0), None));
        assert!(resultado("conocimiento", m, 1, 1, Some(80.0), None));
        assert!(!resultado("conocimiento", SIN, 1, 1, None, None));
    }

    #[test]
    fn theory_and_practice_both_need_their_marks() {
        assert!(resultado(
            "teorico_practico",
            SIN,
            1,
            1,
            Some(7.0),
            Some(3.0)
        ));
        assert!(!resultado(
            "teorico_practico",
            SIN,
            1,
            1,
            Some(7.0),
            Some(2.0)
        ));
        assert!(!resultado(
            "teorico_practico",
            SIN,
            1,
            1,
            Some(6.0),
            Some(5.0)
        ));
        let m = Minimas {
            calificacion: Some(8.0),
            practica: Some(4.0),
        };
        assert!(!resultado(
            "teorico_practico",
            m,
            1,
            1,
            Some(7.5),
            Some(4.0)
        ));
        assert!(resultado("teorico_practico", m, 1, 1, Some(8.0), Some(4.0)));
    }
}
