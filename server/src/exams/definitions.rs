//! A topic's exam definition (`temas/{cve_tema}/examen`): the defaults of its courses'
//! exams and, on an E_LEARNING topic, the self-service exam of the plan.

use axum::extract::State;
use sqlx::SqliteConnection;

use super::db::{self, Config};
use super::types::{ExamenConfig, ExamenTema, ExamenTemaForm};
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// A topic's question bank size: (questions, open questions).
pub async fn bank(conn: &mut SqliteConnection, cve_tema: i64) -> AppResult<(i64, i64)> {
    let preguntas = crate::topics::db::questions::topic_questions(&mut *conn, cve_tema).await?;
    let abiertas = preguntas.iter().filter(|(_, _, t)| t == "abierta").count();
    Ok((preguntas.len() as i64, abiertas as i64))
}

/// The pass mark in force for a model.
pub fn minima_efectiva(modelo: &str, minima: Option<f64>) -> Option<f64> {
    minima.or(match modelo {
        "conocimiento" => Some(crate::plans::rules::APROBATORIA_CONOCIMIENTO),
        "teorico_practico" => Some(crate::plans::rules::APROBATORIA_TEORICO),
        _ => None,
    })
}

/// A stored definition as its configuration.
pub fn config_of(x: &db::Examen) -> ExamenConfig {
    ExamenConfig {
        num_preguntas: x.num_preguntas,
        barajar_preguntas: x.barajar_preguntas,
        barajar_opciones: x.barajar_opciones,
        tiempo_estimado: x.tiempo_estimado,
        intentos: x.intentos,
        descripcion_examen: x.descripcion.clone(),
    }
}

/// A configuration as the db writes it.
pub fn as_row(c: &ExamenConfig) -> Config<'_> {
    Config {
        num_preguntas: c.num_preguntas,
        barajar_preguntas: c.barajar_preguntas,
        barajar_opciones: c.barajar_opciones,
        tiempo_estimado: c.tiempo_estimado,
        intentos: c.intentos,
        descripcion: c.descripcion_examen.as_deref(),
    }
}

/// The configuration a course exam starts from: the topic's definition, else the defaults.
pub async fn topic_config(conn: &mut SqliteConnection, cve_tema: i64) -> AppResult<ExamenConfig> {
    let (n, _) = bank(conn, cve_tema).await?;
    Ok(match db::of_topic(&mut *conn, cve_tema).await? {
        Some(x) => ExamenConfig {
            num_preguntas: x.num_preguntas.min(n.max(1)),
            ..config_of(&x)
        },
        None => ExamenConfig::por_defecto(n),
    })
}

async fn read(conn: &mut SqliteConnection, cve_tema: i64) -> AppResult<ExamenTema> {
    let (modalidad, modelo, minima, _) = db::topic_rules(&mut *conn, cve_tema)
        .await?
        .ok_or_else(AppError::not_found)?;
    let (preguntas_banco, abiertas_banco) = bank(conn, cve_tema).await?;
    let guardado = db::of_topic(&mut *conn, cve_tema).await?;
    let c = match &guardado {
        Some(x) => config_of(x),
        None => ExamenConfig::por_defecto(preguntas_banco),
    };
    Ok(ExamenTema {
        cve_tema,
        configurado: guardado.is_some(),
        num_preguntas: c.num_preguntas,
        barajar_preguntas: c.barajar_preguntas,
        barajar_opciones: c.barajar_opciones,
        tiempo_estimado: c.tiempo_estimado,
        intentos: c.intentos,
        descripcion_examen: c.descripcion_examen,
        autoservicio: guardado.as_ref().is_some_and(|x| x.autoservicio),
        preguntas_banco,
        abiertas_banco,
        calificacion_minima: minima_efectiva(&modelo, minima),
        modelo_evaluacion: modelo,
        modalidad,
    })
}

/// A topic's exam definition, or the defaults its courses would get.
#[utoipa::path(get, path = "/api/pri/temas/{cve_tema}/examen", tag = "exams",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = ExamenTema), (status = 404, body = ErrorBody)))]
pub(super) async fn get_topic_exam(
    State(state): State<AppState>,
    Path(cve_tema): Path<i64>,
) -> AppResult<axum::Json<ExamenTema>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(read(&mut conn, cve_tema).await?))
}

/// Sets a topic's exam definition. The topic's model must grade (not `ninguno`); the number
/// of questions cannot exceed the bank; `autoservicio` only on E_LEARNING topics.
#[utoipa::path(put, path = "/api/pri/temas/{cve_tema}/examen", tag = "exams",
    params(("cve_tema" = i64, Path)), request_body = ExamenTemaForm,
    responses((status = 200, body = ExamenTema), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn set_topic_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_tema): Path<i64>,
    Json(f): Json<ExamenTemaForm>,
) -> AppResult<axum::Json<ExamenTema>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let actual = read(&mut tx, cve_tema).await?;
    if crate::plans::rules::escala(&actual.modelo_evaluacion).is_none() {
        return Err(AppError::unprocessable("examenes.modelo_sin_calificacion"));
    }
    if f.autoservicio && actual.modalidad != "E_LEARNING" {
        return Err(AppError::unprocessable("examenes.autoservicio_e_learning"));
    }
    let mut c = ExamenConfig {
        num_preguntas: f.num_preguntas,
        barajar_preguntas: f.barajar_preguntas,
        barajar_opciones: f.barajar_opciones,
        tiempo_estimado: f.tiempo_estimado,
        intentos: f.intentos,
        descripcion_examen: f.descripcion_examen,
    };
    c.check(actual.preguntas_banco).into_result()?;
    db::save_topic_definition(
        &mut tx,
        cve_tema,
        &as_row(&c),
        f.autoservicio,
        u.cve_empleado,
        &now,
    )
    .await?;
    let out = read(&mut tx, cve_tema).await?;
    tx.commit().await?;
    Ok(axum::Json(out))
}

/// Removes a topic's exam definition (its courses keep their exams). A self-service exam
/// somebody already handed in stays (409 `examenes.con_intentos`).
#[utoipa::path(delete, path = "/api/pri/temas/{cve_tema}/examen", tag = "exams",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn delete_topic_exam(
    State(state): State<AppState>,
    Path(cve_tema): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    let x = db::of_topic(&mut *tx, cve_tema)
        .await?
        .ok_or_else(|| AppError::new(axum::http::StatusCode::NOT_FOUND, "examenes.no_existe"))?;
    if db::attempts(&mut *tx, x.id_examen).await? > 0 {
        return Err(AppError::conflict("examenes.con_intentos"));
    }
    db::delete_exam(&mut *tx, x.id_examen).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
