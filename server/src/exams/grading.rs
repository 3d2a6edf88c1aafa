//! Grading: the score of each answer, the attempt's percentage on the model's scale and
//! pass mark, and what a graded attempt changes — the assignment's best result, the
//! course's grade and, for e-learning and self-service exams, the accreditation ledger.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;

use super::db::{self, Examen, RespuestaIntento};
use crate::error::{AppError, AppResult};
use crate::plans::{NuevaAcreditacion, Origen};

/// Seconds a hand-in may arrive after the time limit and still count as sent (network
/// latency, a slow phone).
pub const GRACIA_SEG: i64 = 30;

/// An option of a drawn question as stored with the attempt (never sent to a participant).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Opcion {
    pub texto: String,
    pub correcta: bool,
}

/// Reads an attempt question's stored options.
pub fn opciones(r: &RespuestaIntento) -> AppResult<Vec<Opcion>> {
    serde_json::from_str(&r.opciones).map_err(AppError::internal)
}

/// Reads an answer's chosen positions.
pub fn seleccion(r: &RespuestaIntento) -> Vec<usize> {
    r.seleccion
        .as_deref()
        .and_then(|s| serde_json::from_str::<Vec<usize>>(s).ok())
        .unwrap_or_default()
}

/// The automatic score (0 or 1) of a closed question; None for an open one.
/// `unica`: the chosen option is the correct one. `multiple`: all-or-nothing — the chosen
/// set equals the correct set exactly.
pub fn puntaje_automatico(tipo: &str, opciones: &[Opcion], elegidas: &[usize]) -> Option<f64> {
    let correctas: Vec<usize> = opciones
        .iter()
        .enumerate()
        .filter(|(_, o)| o.correcta)
        .map(|(i, _)| i)
        .collect();
    let mut elegidas: Vec<usize> = elegidas.to_vec();
    elegidas.sort_unstable();
    elegidas.dedup();
    match tipo {
        "abierta" => None,
        "unica" => Some(if elegidas.len() == 1 && correctas == elegidas {
            1.0
        } else {
            0.0
        }),
        _ => Some(if !elegidas.is_empty() && correctas == elegidas {
            1.0
        } else {
            0.0
        }),
    }
}

/// The percentage (one decimal) of a set of scores, each 0–1.
pub fn porcentaje(puntajes: &[f64]) -> f64 {
    if puntajes.is_empty() {
        return 0.0;
    }
    let total: f64 = puntajes.iter().sum();
    (total / puntajes.len() as f64 * 1000.0).round() / 10.0
}

/// A percentage on the model's scale: `conocimiento` 0–100 as is; `teorico_practico` the
/// theory grade 1–10 (percentage ÷ 10, at least 1), one decimal.
pub fn en_escala(modelo: &str, pct: f64) -> f64 {
    match modelo {
        "teorico_practico" => ((pct / 10.0).max(1.0) * 10.0).round() / 10.0,
        _ => pct,
    }
}

/// What an exam is graded against: the model and its pass mark, and where the result goes.
#[derive(Clone, Debug)]
pub struct Reglas {
    pub modelo: String,
    pub minima: Option<f64>,
    /// The topic (ledger) and the course (grade), if any.
    pub cve_tema: i64,
    pub cve_curso: Option<i64>,
    /// The result goes straight to the ledger (self-service, or an E_LEARNING course).
    pub al_historial: bool,
    /// The course is open (its grades may change).
    pub curso_abierto: bool,
}

/// The rules of an exam: a course's model and marks, or its topic's.
pub async fn reglas(conn: &mut SqliteConnection, x: &Examen) -> AppResult<Reglas> {
    match x.cve_curso {
        Some(cve_curso) => {
            let c = crate::courses::access::load(&mut *conn, cve_curso).await?;
            let minimas = crate::courses::db::cursos::minimas(&mut *conn, cve_curso).await?;
            Ok(Reglas {
                modelo: c.modelo_evaluacion.clone(),
                minima: minimas.calificacion,
                cve_tema: c.cve_tema,
                cve_curso: Some(cve_curso),
                al_historial: c.modalidad == "E_LEARNING",
                curso_abierto: !c.cerrado() && !c.cancelado(),
            })
        }
        None => {
            let (_, modelo, minima, _) = db::topic_rules(&mut *conn, x.cve_tema)
                .await?
                .ok_or_else(AppError::not_found)?;
            Ok(Reglas {
                modelo,
                minima,
                cve_tema: x.cve_tema,
                cve_curso: None,
                al_historial: true,
                curso_abierto: false,
            })
        }
    }
}

/// When and by whom a grading happens.
#[derive(Clone, Debug)]
pub struct Momento {
    pub now: String,
    /// The company-local date (the ledger's fact date).
    pub hoy: NaiveDate,
    pub por: Option<i64>,
}

/// The result of a graded (or pending) attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct Resultado {
    pub pendiente_revision: bool,
    pub porcentaje: Option<f64>,
    pub calificacion: Option<f64>,
    pub acreditado: bool,
}

/// The automatic score of one answer (stored JSON selection or text): closed questions by
/// the key; an open one left blank scores 0; an open one with text awaits the instructor.
pub fn puntaje_de(
    r: &RespuestaIntento,
    seleccion_json: Option<&str>,
    texto: Option<&str>,
) -> AppResult<Option<f64>> {
    if r.tipo == "abierta" {
        return Ok(texto.is_none_or(|t| t.trim().is_empty()).then_some(0.0));
    }
    let elegidas: Vec<usize> = seleccion_json
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or_default();
    Ok(puntaje_automatico(&r.tipo, &opciones(r)?, &elegidas))
}

/// Scores an attempt just handed in: every closed question automatically; when no open
/// answer awaits the instructor, the attempt is graded and its effects applied.
pub async fn score_handed_in(
    conn: &mut SqliteConnection,
    x: &Examen,
    id_intento: i64,
    id_asignacion: i64,
    m: &Momento,
) -> AppResult<Resultado> {
    for r in db::questions(&mut *conn, id_intento).await? {
        if r.puntaje.is_some() {
            continue;
        }
        if let Some(p) = puntaje_de(&r, r.seleccion.as_deref(), r.respuesta.as_deref())? {
            db::score(&mut *conn, r.id_respuesta, p, None, None).await?;
        }
    }
    finish_if_scored(conn, x, id_intento, id_asignacion, m).await
}

/// Grades an attempt whose answers all have a score, and applies the result; an attempt
/// with open answers still unscored stays `por_revisar`.
pub async fn finish_if_scored(
    conn: &mut SqliteConnection,
    x: &Examen,
    id_intento: i64,
    id_asignacion: i64,
    m: &Momento,
) -> AppResult<Resultado> {
    let puntajes: Vec<Option<f64>> = db::questions(&mut *conn, id_intento)
        .await?
        .iter()
        .map(|r| r.puntaje)
        .collect();
    let reglas = reglas(conn, x).await?;
    finish(conn, x, &reglas, id_intento, id_asignacion, &puntajes, m).await
}

/// Grades an attempt from its answers' scores (`puntajes`, in order) and applies the result;
/// with a score missing (an open answer awaiting the instructor) it stays `por_revisar`.
pub async fn finish(
    conn: &mut SqliteConnection,
    x: &Examen,
    reglas: &Reglas,
    id_intento: i64,
    id_asignacion: i64,
    puntajes: &[Option<f64>],
    m: &Momento,
) -> AppResult<Resultado> {
    if puntajes.iter().any(Option::is_none) {
        return Ok(Resultado {
            pendiente_revision: true,
            porcentaje: None,
            calificacion: None,
            acreditado: false,
        });
    }
    let puntajes: Vec<f64> = puntajes.iter().flatten().copied().collect();
    let pct = porcentaje(&puntajes);
    let calificacion = en_escala(&reglas.modelo, pct);
    let ok = crate::plans::rules::aprobado(&reglas.modelo, reglas.minima, Some(calificacion));
    db::grade_attempt(&mut *conn, id_intento, pct, calificacion, ok).await?;
    let antes = db::assignment_by_id(&mut *conn, id_asignacion)
        .await?
        .ok_or_else(AppError::not_found)?;
    let ya_acreditado = antes.acreditado == Some(true);
    db::keep_best(&mut *conn, id_asignacion, pct, calificacion, ok).await?;
    let despues = db::assignment_by_id(&mut *conn, id_asignacion)
        .await?
        .ok_or_else(AppError::not_found)?;
    if let (Some(inscripcion), true) = (despues.cve_inscripcion_ai, reglas.curso_abierto) {
        crate::courses::evaluation::record_exam_grade(
            &mut *conn,
            inscripcion,
            despues.calificacion,
            &m.now,
        )
        .await?;
    }
    let agotado = despues.intentos_usados >= x.intentos;
    let al_historial = reglas.al_historial
        && !ya_acreditado
        && (ok || (agotado && despues.acreditado != Some(true)));
    if al_historial {
        let referencia = format!("examen:{}", x.id_examen);
        crate::plans::record_accreditation(
            &mut *conn,
            &NuevaAcreditacion {
                cve_empleado: despues.cve_empleado,
                cve_tema: reglas.cve_tema,
                fecha: m.hoy,
                calificacion: crate::plans::rules::escala(&reglas.modelo).map(|_| calificacion),
                origen: Origen::Examen,
                referencia: &referencia,
                motivo: None,
                nota: None,
                registrado_por: m.por,
                resultado: Some(ok),
            },
            m.hoy,
            &m.now,
        )
        .await?;
    }
    Ok(Resultado {
        pendiente_revision: false,
        porcentaje: Some(pct),
        calificacion: Some(calificacion),
        acreditado: ok,
    })
}

/// Hands in and grades, from their saved answers, the attempts of an exam whose time and
/// grace ran out without a hand-in.
pub async fn close_overdue(
    conn: &mut SqliteConnection,
    x: &Examen,
    limite: &str,
    m: &Momento,
) -> AppResult<()> {
    for t in db::overdue(&mut *conn, x.id_examen, limite).await? {
        if db::hand_in(&mut *conn, t.id_intento, &m.now, true).await? {
            score_handed_in(conn, x, t.id_intento, t.id_asignacion, m).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(correctas: &[bool]) -> Vec<Opcion> {
        correctas
            .iter()
            .enumerate()
            .map(|(i, c)| Opcion {
                texto: format!("opción {i}"),
                correcta: *c,
            })
            .collect()
    }

    #[test]
    fn a_single_answer_question_is_right_only_with_the_correct_option() {
        let o = ops(&[false, true, false]);
        assert_eq!(puntaje_automatico("unica", &o, &[1]), Some(1.0));
        assert_eq!(puntaje_automatico("unica", &o, &[0]), Some(0.0));
        assert_eq!(puntaje_automatico("unica", &o, &[]), Some(0.0));
        assert_eq!(puntaje_automatico("unica", &o, &[1, 0]), Some(0.0));
    }

    #[test]
    fn a_multiple_answer_question_is_all_or_nothing() {
        let o = ops(&[true, false, true, false]);
        assert_eq!(puntaje_automatico("multiple", &o, &[2, 0]), Some(1.0));
        assert_eq!(puntaje_automatico("multiple", &o, &[0, 2, 2]), Some(1.0));
        assert_eq!(
            puntaje_automatico("multiple", &o, &[0]),
            Some(0.0),
            "half is nothing"
        );
        assert_eq!(
            puntaje_automatico("multiple", &o, &[0, 1, 2]),
            Some(0.0),
            "an extra wrong one"
        );
        assert_eq!(puntaje_automatico("multiple", &o, &[]), Some(0.0));
        assert_eq!(puntaje_automatico("abierta", &[], &[]), None);
    }

    #[test]
    fn percentages_go_onto_each_model_scale() {
        assert_eq!(porcentaje(&[1.0, 1.0, 0.0]), 66.7);
        assert_eq!(porcentaje(&[1.0, 0.5]), 75.0);
        assert_eq!(porcentaje(&[]), 0.0);
        assert_eq!(en_escala("conocimiento", 66.7), 66.7);
        assert_eq!(en_escala("teorico_practico", 66.7), 6.7);
        assert_eq!(
            en_escala("teorico_practico", 0.0),
            1.0,
            "the theory scale starts at 1"
        );
        assert_eq!(en_escala("teorico_practico", 100.0), 10.0);
    }
}
