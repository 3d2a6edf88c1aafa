//! Results for staff: a course exam's statistics and attempts (table engine, export) and
//! the grading queue of open answers.

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use super::db;
use super::types::{
    EstadisticaPregunta, EstadisticasExamen, PuntajeBody, PuntajeGuardado, RangoPuntaje,
};
use crate::auth::perms::{CurrentUser, Scope};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::notifications::{Destino, Nueva, notify};
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

fn redondear(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// The band (0–9 … 90–100) of a percentage.
fn banda(pct: f64) -> usize {
    ((pct.max(0.0) / 10.0).floor() as usize).min(9)
}

/// A course exam's statistics: participants who handed in and passed, the mean score and
/// time, the score distribution, and the share who got each question right.
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/examen/estadisticas", tag = "exams",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = EstadisticasExamen), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn exam_statistics(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<EstadisticasExamen>> {
    let mut conn = state.db.read.acquire().await?;
    crate::courses::attendance::for_evaluation(&mut conn, &u, cve_curso).await?;
    let x = db::of_course(&mut *conn, cve_curso)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "examenes.no_existe"))?;
    let intentos = db::graded_attempts(&mut *conn, x.id_examen).await?;
    let mut presentados = HashSet::new();
    let mut aprobados = HashSet::new();
    let mut distribucion = [0i64; 10];
    let (mut suma, mut n, mut segundos, mut con_tiempo) = (0.0, 0i64, 0.0, 0i64);
    for (pct, ok, seg, asignacion) in &intentos {
        presentados.insert(*asignacion);
        if *ok == Some(true) {
            aprobados.insert(*asignacion);
        }
        if let Some(p) = pct {
            distribucion[banda(*p)] += 1;
            suma += p;
            n += 1;
        }
        if let Some(s) = seg {
            segundos += s;
            con_tiempo += 1;
        }
    }
    let preguntas = db::question_stats(&mut *conn, x.id_examen)
        .await?
        .into_iter()
        .map(
            |(id_pregunta, pregunta, tipo, respondidas, correctas, calificadas)| {
                EstadisticaPregunta {
                    id_pregunta,
                    pregunta,
                    tipo,
                    respondidas,
                    correctas: redondear(correctas),
                    porcentaje: (calificadas > 0)
                        .then(|| redondear(correctas / calificadas as f64 * 100.0)),
                }
            },
        )
        .collect();
    Ok(axum::Json(EstadisticasExamen {
        presentados: presentados.len() as i64,
        aprobados: aprobados.len() as i64,
        promedio: (n > 0).then(|| redondear(suma / n as f64)),
        tiempo_promedio_seg: (con_tiempo > 0)
            .then(|| (segundos / con_tiempo as f64).round() as i64),
        distribucion: distribucion
            .iter()
            .enumerate()
            .map(|(i, c)| RangoPuntaje {
                desde: i as i64 * 10,
                hasta: if i == 9 { 100 } else { i as i64 * 10 + 9 },
                n: *c,
            })
            .collect(),
        preguntas,
    }))
}

/// A course exam's attempts (table engine; `excel` exports).
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/examen/resultados/tabla", tag = "exams",
    params(("cve_curso" = i64, Path)), request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn table_results(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    {
        let mut conn = state.db.read.acquire().await?;
        crate::courses::attendance::for_evaluation(&mut conn, &u, cve_curso).await?;
    }
    let prelude = Prelude::default().with(db::CURSO_CTE, vec![Bind::Int(cve_curso)]);
    let conds = vec![Cond::new(db::RESULTADOS_DEL_CURSO, Vec::new())];
    table::run(&state, &db::RESULTADOS, q, prelude, conds).await
}

/// The grading queue: open answers of handed-in attempts awaiting a score, oldest first.
/// An instructor sees their courses; whole-company profiles see every course and the
/// self-service exams.
#[utoipa::path(post, path = "/api/pri/examenes/revision/tabla", tag = "exams", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
pub(super) async fn table_review(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let mut conds = vec![Cond::new(db::REVISION_PENDIENTE, Vec::new())];
    if !matches!(u.scope, Scope::Todos) {
        conds.push(Cond::new(
            db::REVISION_DEL_INSTRUCTOR,
            vec![Bind::Int(u.cve_empleado)],
        ));
    }
    table::run(&state, &db::REVISION, q, Prelude::default(), conds).await
}

/// Scores an open answer (0–100). When it was the attempt's last one awaiting a score, the
/// attempt is graded and its result applied.
#[utoipa::path(put, path = "/api/pri/examenes/revision/{id_respuesta}", tag = "exams",
    params(("id_respuesta" = i64, Path)), request_body = PuntajeBody,
    responses((status = 200, body = PuntajeGuardado), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn score_answer(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id_respuesta): Path<i64>,
    Json(b): Json<PuntajeBody>,
) -> AppResult<axum::Json<PuntajeGuardado>> {
    if !b.puntaje.is_finite() || !(0.0..=100.0).contains(&b.puntaje) {
        return Err(AppError::unprocessable("examenes.puntaje_invalido"));
    }
    let m = super::taking::momento(&state, Some(u.cve_empleado)).await?;
    let mut tx = state.db.begin().await?;
    let (t, tipo, puntaje) = db::attempt_of_answer(&mut *tx, id_respuesta)
        .await?
        .ok_or_else(AppError::not_found)?;
    let x = db::exam(&mut *tx, t.id_examen)
        .await?
        .ok_or_else(AppError::not_found)?;
    let permitido = match (x.cve_curso, &u.scope) {
        (_, Scope::Todos) => true,
        (Some(cve_curso), _) => crate::courses::access::load(&mut tx, cve_curso)
            .await?
            .es_instructor(&u),
        (None, _) => false,
    };
    if !permitido {
        return Err(AppError::forbidden("cursos.no_es_tu_curso"));
    }
    if tipo != "abierta" || t.estado != "por_revisar" || puntaje.is_some() {
        return Err(AppError::conflict("examenes.ya_calificada"));
    }
    db::score(
        &mut *tx,
        id_respuesta,
        b.puntaje / 100.0,
        Some(u.cve_empleado),
        Some(&m.now),
    )
    .await?;
    let r =
        super::grading::finish_if_scored(&mut tx, &x, t.id_intento, t.id_asignacion, &m).await?;
    tx.commit().await?;
    if !r.pendiente_revision {
        notify_graded(&state, &x, t.id_asignacion).await;
    }
    Ok(axum::Json(PuntajeGuardado {
        resp: "ok".into(),
        intento_calificado: !r.pendiente_revision,
    }))
}

/// Tells the participant their exam was graded (after commit; a failure is only logged).
async fn notify_graded(state: &AppState, x: &db::Examen, id_asignacion: i64) {
    let datos = async {
        let mut conn = state.db.read.acquire().await?;
        let a = db::assignment_by_id(&mut *conn, id_asignacion).await?;
        let tema = db::topic_name(&mut *conn, x.cve_tema).await?;
        Ok::<_, sqlx::Error>(a.zip(tema))
    }
    .await;
    let Ok(Some((a, tema))) = datos else {
        return;
    };
    let resultado = match (a.acreditado, a.calificacion) {
        (Some(true), Some(c)) => format!("Aprobaste con {c}."),
        (_, Some(c)) => format!("Tu mejor calificación es {c}."),
        _ => String::new(),
    };
    let n = Nueva {
        titulo: "Examen calificado".into(),
        contenido: format!("Tu instructor calificó tu examen de {tema}. {resultado}")
            .trim()
            .to_string(),
        origen: Some("Exámenes".into()),
        ..Default::default()
    };
    let destino = Destino::Empleado {
        cve_empleado: a.cve_empleado,
    };
    if let Err(e) = notify(state, &destino, &n).await {
        tracing::warn!(error = ?e, "graded exam not notified");
    }
}
