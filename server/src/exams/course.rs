//! A course's exam: generated from the topic's definition, assigned to the participants,
//! activated and deactivated by the course's instructor only, deleted while untouched.

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use sqlx::SqliteConnection;

use super::db;
use super::definitions::{as_row, bank, config_of, minima_efectiva, topic_config};
use super::types::{AsignarBody, ExamenConfigParcial, ExamenCurso, ParticipanteExamen};
use crate::auth::perms::{CurrentUser, SessionUser};
use crate::courses::db::base::CursoBase;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// The participant's state in the exam tab.
fn estado_participante(p: &db::ParticipanteExamen) -> &'static str {
    match (p.acreditado, p.ultimo_estado.as_deref()) {
        (_, Some("abierto")) => "en_curso",
        (_, Some("por_revisar")) => "por_revisar",
        (Some(true), _) => "aprobado",
        (Some(false), _) => "no_aprobado",
        _ => "sin_presentar",
    }
}

/// The exam tab of a course as `u` sees it.
pub async fn view(
    conn: &mut SqliteConnection,
    u: &SessionUser,
    c: &CursoBase,
) -> AppResult<ExamenCurso> {
    let x = db::of_course(&mut *conn, c.cve_curso).await?;
    let (preguntas_banco, _) = bank(conn, c.cve_tema).await?;
    let config = match &x {
        Some(x) => config_of(x),
        None => topic_config(conn, c.cve_tema).await?,
    };
    let minimas = crate::courses::db::cursos::minimas(&mut *conn, c.cve_curso).await?;
    let participantes = db::participants(&mut *conn, c.cve_curso, x.as_ref().map(|x| x.id_examen))
        .await?
        .into_iter()
        .map(|p| ParticipanteExamen {
            estado: estado_participante(&p).into(),
            cve_empleado: p.cve_empleado,
            nombre: p.nombre,
            cve_inscripcion_ai: p.cve_inscripcion_ai,
            asignado: p.asignado,
            intentos_usados: p.intentos_usados,
            calificacion: p.calificacion,
        })
        .collect();
    Ok(ExamenCurso {
        cve_curso: c.cve_curso,
        existe: x.is_some(),
        estado: x.as_ref().and_then(|x| x.estado.clone()),
        config,
        preguntas_banco,
        calificacion_minima: minima_efectiva(&c.modelo_evaluacion, minimas.calificacion),
        modelo_evaluacion: c.modelo_evaluacion.clone(),
        es_instructor: c.es_instructor(u),
        curso_abierto: !c.cerrado() && !c.cancelado(),
        participantes,
    })
}

/// The course's exam or 404 `examenes.no_existe`.
async fn existing(conn: &mut SqliteConnection, cve_curso: i64) -> AppResult<db::Examen> {
    db::of_course(&mut *conn, cve_curso)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "examenes.no_existe"))
}

/// A course's exam with its participants (attempts whose time ran out are graded first).
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/examen", tag = "exams",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = ExamenCurso), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_course_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<ExamenCurso>> {
    let m = super::taking::momento(&state, Some(u.cve_empleado)).await?;
    let mut tx = state.db.begin().await?;
    let c = crate::courses::attendance::for_evaluation(&mut tx, &u, cve_curso).await?;
    if let Some(x) = db::of_course(&mut *tx, cve_curso).await? {
        super::grading::close_overdue(&mut tx, &x, &super::taking::limite(&state), &m).await?;
    }
    let out = view(&mut tx, &u, &c).await?;
    tx.commit().await?;
    Ok(axum::Json(out))
}

/// Generates the course's exam from its topic's definition with the values given; the
/// topic's model must grade and its bank hold questions.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/examen", tag = "exams",
    params(("cve_curso" = i64, Path)), request_body = ExamenConfigParcial,
    responses((status = 201, body = ExamenCurso), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn generate_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<ExamenConfigParcial>,
) -> AppResult<(StatusCode, axum::Json<ExamenCurso>)> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = crate::courses::attendance::for_evaluation(&mut tx, &u, cve_curso).await?;
    c.abierto()?;
    if crate::plans::rules::escala(&c.modelo_evaluacion).is_none() {
        return Err(AppError::unprocessable("examenes.modelo_sin_calificacion"));
    }
    if db::of_course(&mut *tx, cve_curso).await?.is_some() {
        return Err(AppError::conflict("examenes.ya_existe"));
    }
    let (n, _) = bank(&mut tx, c.cve_tema).await?;
    if n == 0 {
        return Err(AppError::unprocessable("examenes.sin_preguntas"));
    }
    let mut config = topic_config(&mut tx, c.cve_tema).await?.con(b);
    config.check(n).into_result()?;
    db::insert_course_exam(
        &mut tx,
        c.cve_tema,
        cve_curso,
        &as_row(&config),
        u.cve_empleado,
        &now,
    )
    .await?;
    let out = view(&mut tx, &u, &c).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(out)))
}

/// Changes a course exam's values; the number of questions is fixed once anyone started.
#[utoipa::path(put, path = "/api/pri/cursos/{cve_curso}/examen", tag = "exams",
    params(("cve_curso" = i64, Path)), request_body = ExamenConfigParcial,
    responses((status = 200, body = ExamenCurso), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn update_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<ExamenConfigParcial>,
) -> AppResult<axum::Json<ExamenCurso>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = crate::courses::attendance::for_evaluation(&mut tx, &u, cve_curso).await?;
    c.abierto()?;
    let x = existing(&mut tx, cve_curso).await?;
    let antes = config_of(&x);
    let mut config = antes.con(b);
    if config.num_preguntas != antes.num_preguntas && db::attempts(&mut *tx, x.id_examen).await? > 0
    {
        return Err(AppError::conflict("examenes.con_intentos"));
    }
    let (n, _) = bank(&mut tx, c.cve_tema).await?;
    config.check(n).into_result()?;
    db::update_config(&mut *tx, x.id_examen, &as_row(&config), &now).await?;
    let out = view(&mut tx, &u, &c).await?;
    tx.commit().await?;
    Ok(axum::Json(out))
}

/// Deletes a course's exam while no attempt was handed in.
#[utoipa::path(delete, path = "/api/pri/cursos/{cve_curso}/examen", tag = "exams",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn delete_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    let c = crate::courses::attendance::for_evaluation(&mut tx, &u, cve_curso).await?;
    c.abierto()?;
    let x = existing(&mut tx, cve_curso).await?;
    if db::handed_in(&mut *tx, x.id_examen).await? > 0 {
        return Err(AppError::conflict("examenes.con_intentos"));
    }
    db::delete_exam(&mut *tx, x.id_examen).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// Assigns the exam to the course's enrolled participants (all, or those listed); assigning
/// again adds newcomers and keeps everyone's attempts.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/examen/asignar", tag = "exams",
    params(("cve_curso" = i64, Path)), request_body = AsignarBody,
    responses((status = 200, body = ExamenCurso), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn assign_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<AsignarBody>,
) -> AppResult<axum::Json<ExamenCurso>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = crate::courses::attendance::for_evaluation(&mut tx, &u, cve_curso).await?;
    c.abierto()?;
    let x = existing(&mut tx, cve_curso).await?;
    let inscritos = db::enrolled(&mut *tx, cve_curso).await?;
    let elegidos: Option<HashSet<i64>> = b.cve_empleados.map(|v| v.into_iter().collect());
    if let Some(e) = &elegidos {
        let en_curso: HashSet<i64> = inscritos.iter().map(|(_, e)| *e).collect();
        if e.is_empty() || !e.is_subset(&en_curso) {
            return Err(AppError::unprocessable("cursos.no_inscrito"));
        }
    }
    for (inscripcion, empleado) in &inscritos {
        if elegidos.as_ref().is_none_or(|e| e.contains(empleado)) {
            db::assign(&mut *tx, x.id_examen, *empleado, Some(*inscripcion), &now).await?;
        }
    }
    if db::assigned_count(&mut *tx, x.id_examen).await? == 0 {
        return Err(AppError::unprocessable("examenes.sin_asignados"));
    }
    if x.estado.as_deref() == Some("generado") {
        db::set_state(&mut *tx, x.id_examen, "asignado", u.cve_empleado, &now).await?;
    }
    let out = view(&mut tx, &u, &c).await?;
    tx.commit().await?;
    Ok(axum::Json(out))
}

/// Activation and deactivation: only the course's instructor (spec §6).
async fn switch(
    state: &AppState,
    u: &SessionUser,
    cve_curso: i64,
    activo: bool,
) -> AppResult<ExamenCurso> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = crate::courses::access::load(&mut tx, cve_curso).await?;
    if !c.es_instructor(u) {
        return Err(AppError::forbidden("examenes.sin_permiso_asignar"));
    }
    c.abierto()?;
    let x = existing(&mut tx, cve_curso).await?;
    if activo && db::assigned_count(&mut *tx, x.id_examen).await? == 0 {
        return Err(AppError::unprocessable("examenes.sin_asignados"));
    }
    let estado = if activo { "activo" } else { "inactivo" };
    db::set_state(&mut *tx, x.id_examen, estado, u.cve_empleado, &now).await?;
    let out = view(&mut tx, u, &c).await?;
    tx.commit().await?;
    Ok(out)
}

/// Opens the exam to its assigned participants (the course's instructor only).
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/examen/activar", tag = "exams",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = ExamenCurso), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn activate_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<ExamenCurso>> {
    Ok(axum::Json(switch(&state, &u, cve_curso, true).await?))
}

/// Closes the exam to new attempts (the course's instructor only); attempts in progress
/// may still be handed in.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/examen/desactivar", tag = "exams",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = ExamenCurso), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn deactivate_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<ExamenCurso>> {
    Ok(axum::Json(switch(&state, &u, cve_curso, false).await?))
}
