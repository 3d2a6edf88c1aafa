//! Grades of a course on its evaluation model's scale: conocimiento 0–100; teorico_practico
//! 1–10 (theory) and 1–5 (practice); ninguno takes no grades. Every model takes the exit
//! rating 1–5.

use std::collections::HashSet;

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::attendance::for_evaluation;
use super::db::asistencias as db;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// The evaluation routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(super::SECCION_EVALUAR),
        routes!(set_grades),
    ))
}

/// One participant's grades (absent = cleared).
#[derive(Deserialize, ToSchema)]
pub struct CalificacionParticipante {
    pub cve_inscripcion_ai: i64,
    #[serde(default)]
    pub calificacion: Option<f64>,
    #[serde(default)]
    pub calificacion_practica: Option<f64>,
    #[serde(default)]
    pub calificacion_salida: Option<i64>,
}

/// Grades to record.
#[derive(Deserialize, ToSchema)]
pub struct EvaluacionBody {
    pub calificaciones: Vec<CalificacionParticipante>,
}

/// A grade scale: (min, max); None = not graded.
pub type Escala = Option<(f64, f64)>;

/// The scales of a model: (theory, practice).
pub fn escalas(modelo: &str) -> (Escala, Escala) {
    match modelo {
        "conocimiento" => (Some((0.0, 100.0)), None),
        "teorico_practico" => (Some((1.0, 10.0)), Some((1.0, 5.0))),
        _ => (None, None),
    }
}

/// Formats a bound without a needless ".0".
fn bound(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        v.to_string()
    }
}

/// Checks one value against its scale: 422 `cursos.calificacion_no_aplica` when the model
/// takes none, `cursos.calificacion_fuera_de_escala` {min, max} when out of range.
fn check(v: Option<f64>, escala: Escala) -> AppResult<()> {
    match (v, escala) {
        (None, _) => Ok(()),
        (Some(_), None) => Err(AppError::unprocessable("cursos.calificacion_no_aplica")),
        (Some(c), Some((min, max))) if !c.is_finite() || c < min || c > max => Err(
            AppError::unprocessable("cursos.calificacion_fuera_de_escala")
                .arg("min", bound(min))
                .arg("max", bound(max)),
        ),
        _ => Ok(()),
    }
}

/// Records the grades of an open course's enrolled participants on its model's scale.
#[utoipa::path(put, path = "/api/pri/cursos/{cve_curso}/evaluacion", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = EvaluacionBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn set_grades(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<EvaluacionBody>,
) -> AppResult<axum::Json<Resp>> {
    if b.calificaciones.is_empty() || b.calificaciones.len() > 10_000 {
        return Err(AppError::bad_request("validacion.datos"));
    }
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let curso = for_evaluation(&mut tx, &u, cve_curso).await?;
    curso.abierto()?;
    let (teoria, practica) = escalas(&curso.modelo_evaluacion);
    let inscritos: HashSet<i64> = db::inscritos(&mut tx, cve_curso)
        .await?
        .into_iter()
        .map(|x| x.0)
        .collect();
    for c in &b.calificaciones {
        if !inscritos.contains(&c.cve_inscripcion_ai) {
            return Err(AppError::unprocessable("cursos.no_inscrito"));
        }
        check(c.calificacion, teoria)?;
        check(c.calificacion_practica, practica)?;
        check(c.calificacion_salida.map(|s| s as f64), Some((1.0, 5.0)))?;
        db::calificar(
            &mut tx,
            c.cve_inscripcion_ai,
            c.calificacion,
            c.calificacion_practica,
            c.calificacion_salida,
            &now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Resp::ok())
}

/// Writes an exam's result as an enrolment's grade (the theory part in `teorico_practico`):
/// the exams domain calls it, inside its transaction, for open courses.
pub async fn record_exam_grade(
    conn: &mut sqlx::SqliteConnection,
    cve_inscripcion_ai: i64,
    calificacion: Option<f64>,
    now: &str,
) -> AppResult<()> {
    db::calificar_examen(conn, cve_inscripcion_ai, calificacion, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check, escalas};

    #[test]
    fn each_model_has_its_scale() {
        let (t, p) = escalas("conocimiento");
        assert!(check(Some(0.0), t).is_ok() && check(Some(100.0), t).is_ok());
        assert!(check(Some(100.5), t).is_err() && check(Some(-1.0), t).is_err());
        assert!(check(Some(3.0), p).is_err(), "no practice grade");
        let (t, p) = escalas("teorico_practico");
        assert!(check(Some(10.0), t).is_ok() && check(Some(0.5), t).is_err());
        assert!(check(Some(5.0), p).is_ok() && check(Some(6.0), p).is_err());
        let (t, _) = escalas("ninguno");
        assert!(check(Some(1.0), t).is_err() && check(None, t).is_ok());
        assert!(check(Some(f64::NAN), Some((0.0, 100.0))).is_err());
    }
}
