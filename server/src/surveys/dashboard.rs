//! The dashboard survey: the administrators' list and form (`configuracion/encuestas`) and
//! the card every session sees (`dashboard/encuestas`, spec section 7): answering mode,
//! then results mode once answered; the Contratista gets no counts.

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use sqlx::SqliteConnection;

use super::db::dashboard as db;
use super::form::mismas_preguntas;
use super::types::{
    DashboardEncuestas, EncuestaDashboard, EncuestaDashboardForm, PreguntaDashboard,
    RespuestasDashboard,
};
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};

/// The Contratista profile: sees a thank-you text instead of the results (spec section 6).
pub const PERFIL_CONTRATISTA: i64 = 4;

fn no_encontrada() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "encuestas.no_encontrada")
}

async fn load(conn: &mut SqliteConnection, id: i64) -> AppResult<EncuestaDashboard> {
    let f = db::encuesta(&mut *conn, id)
        .await?
        .ok_or_else(no_encontrada)?;
    Ok(EncuestaDashboard {
        id_encuesta_dashboard: f.id_encuesta_dashboard,
        encuesta: f.encuesta,
        desde: f.desde,
        hasta: f.hasta,
        activa: f.activa == 1,
        perfiles: db::perfiles(&mut *conn, id).await?,
        preguntas: db::preguntas(&mut *conn, id).await?,
        respuestas: db::respuestas(&mut *conn, id).await?,
    })
}

/// Creates a dashboard survey (the form checked by
/// [`EncuestaDashboardForm::normalize_and_check`]); its key.
pub async fn create_dashboard_survey(
    conn: &mut SqliteConnection,
    f: &EncuestaDashboardForm,
    now: &str,
) -> AppResult<i64> {
    let id = db::insertar(&mut *conn, &f.encuesta, &f.desde, &f.hasta, f.activa, now).await?;
    db::set_perfiles(&mut *conn, id, &f.perfiles).await?;
    db::set_preguntas(&mut *conn, id, &f.preguntas).await?;
    Ok(id)
}

/// The dashboard surveys list.
#[utoipa::path(post, path = "/api/pri/configuracion/encuestas/tabla", tag = "surveys", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
pub(super) async fn table_dashboard_surveys(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::ENCUESTAS, q, Prelude::default(), Vec::new()).await
}

/// One dashboard survey.
#[utoipa::path(get, path = "/api/pri/configuracion/encuestas/{id}", tag = "surveys",
    params(("id" = i64, Path)),
    responses((status = 200, body = EncuestaDashboard), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_dashboard_survey(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<EncuestaDashboard>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(load(&mut conn, id).await?))
}

/// Creates a dashboard survey.
#[utoipa::path(post, path = "/api/pri/configuracion/encuestas", tag = "surveys",
    request_body = EncuestaDashboardForm,
    responses((status = 201, body = EncuestaDashboard), (status = 400, body = ErrorBody)))]
pub(super) async fn add_dashboard_survey(
    State(state): State<AppState>,
    Json(mut f): Json<EncuestaDashboardForm>,
) -> AppResult<(StatusCode, axum::Json<EncuestaDashboard>)> {
    f.normalize_and_check(&state)?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let id = create_dashboard_survey(&mut tx, &f, &now).await?;
    let e = load(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(e)))
}

/// Updates a dashboard survey (its questions only while unanswered).
#[utoipa::path(put, path = "/api/pri/configuracion/encuestas/{id}", tag = "surveys",
    params(("id" = i64, Path)), request_body = EncuestaDashboardForm,
    responses((status = 200, body = EncuestaDashboard), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn edit_dashboard_survey(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(mut f): Json<EncuestaDashboardForm>,
) -> AppResult<axum::Json<EncuestaDashboard>> {
    f.normalize_and_check(&state)?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    db::encuesta(&mut *tx, id)
        .await?
        .ok_or_else(no_encontrada)?;
    let actuales = db::preguntas(&mut *tx, id).await?;
    if !mismas_preguntas(&actuales, &f.preguntas) {
        if db::respuestas(&mut *tx, id).await? > 0 {
            return Err(AppError::conflict("encuestas.con_respuestas"));
        }
        db::set_preguntas(&mut tx, id, &f.preguntas).await?;
    }
    db::actualizar(
        &mut *tx,
        id,
        &f.encuesta,
        &f.desde,
        &f.hasta,
        f.activa,
        &now,
    )
    .await?;
    db::set_perfiles(&mut tx, id, &f.perfiles).await?;
    let e = load(&mut tx, id).await?;
    tx.commit().await?;
    Ok(axum::Json(e))
}

/// Deletes an unanswered dashboard survey (409 `encuestas.con_respuestas` once answered).
#[utoipa::path(delete, path = "/api/pri/configuracion/encuestas/{id}", tag = "surveys",
    params(("id" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn delete_dashboard_survey(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    db::encuesta(&mut *tx, id)
        .await?
        .ok_or_else(no_encontrada)?;
    if db::respuestas(&mut *tx, id).await? > 0 {
        return Err(AppError::conflict("encuestas.con_respuestas"));
    }
    db::borrar(&mut *tx, id).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// The dashboard survey for the caller's active profile today, with their answers; the
/// counts once they answered, never for the Contratista.
#[utoipa::path(get, path = "/api/pri/dashboard/encuestas", tag = "surveys",
    responses((status = 200, body = DashboardEncuestas)))]
pub(super) async fn get_dashboard(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<DashboardEncuestas>> {
    let hoy = super::course_survey::hoy_local(&state)
        .await?
        .format("%Y-%m-%d")
        .to_string();
    let mut conn = state.db.read.acquire().await?;
    let Some((id, titulo)) = db::vigente(&mut *conn, u.idperfil, &hoy).await? else {
        return Ok(axum::Json(DashboardEncuestas {
            encuestas: Vec::new(),
            encuesta_contestada: false,
        }));
    };
    let contestada = db::contestada(&mut *conn, id, u.cve_empleado).await?;
    let elegidas: HashMap<i64, i64> = db::elegidas(&mut *conn, id, u.cve_empleado)
        .await?
        .into_iter()
        .collect();
    let con_cantidades = contestada && u.idperfil != PERFIL_CONTRATISTA;
    let mut cantidades: HashMap<(i64, i64), i64> = HashMap::new();
    if con_cantidades {
        for (p, r, n) in db::cantidades(&mut *conn, id).await? {
            cantidades.insert((p, r), n);
        }
    }
    let cantidad =
        |p: i64, r: i64| con_cantidades.then(|| cantidades.get(&(p, r)).copied().unwrap_or(0));
    let encuestas = db::preguntas(&mut *conn, id)
        .await?
        .into_iter()
        .map(|q| {
            let p = q.id_pregunta.unwrap_or_default();
            PreguntaDashboard {
                encuesta: titulo.clone(),
                id_pregunta: p,
                pregunta: q.pregunta,
                respuesta1: q.respuesta1,
                respuesta2: q.respuesta2,
                respuesta3: q.respuesta3,
                respuesta4: q.respuesta4,
                respuesta1_cantidad: cantidad(p, 1),
                respuesta2_cantidad: cantidad(p, 2),
                respuesta3_cantidad: cantidad(p, 3),
                respuesta4_cantidad: cantidad(p, 4),
                selected: elegidas.get(&p).copied().unwrap_or(0),
            }
        })
        .collect();
    Ok(axum::Json(DashboardEncuestas {
        encuestas,
        encuesta_contestada: contestada,
    }))
}

/// Records an employee's answers to a dashboard survey: once, at least one question (the
/// card's submit appears once an answer is selected, spec section 5).
pub async fn answer_dashboard_survey(
    conn: &mut SqliteConnection,
    id: i64,
    cve_empleado: i64,
    respuestas: &[super::types::RespuestaEncuesta],
    now: &str,
) -> AppResult<()> {
    if db::contestada(&mut *conn, id, cve_empleado).await? {
        return Err(AppError::conflict("encuestas.contestada"));
    }
    let preguntas: HashSet<i64> = db::preguntas(&mut *conn, id)
        .await?
        .into_iter()
        .filter_map(|p| p.id_pregunta)
        .collect();
    super::course_survey::check_answers(&preguntas, respuestas, false)?;
    if !db::insertar_participacion(&mut *conn, id, cve_empleado, now).await? {
        return Err(AppError::conflict("encuestas.contestada"));
    }
    for r in respuestas {
        db::insertar_respuesta(&mut *conn, id, cve_empleado, r.id_pregunta, r.selected).await?;
    }
    Ok(())
}

/// Answers the dashboard survey the caller sees today (once; options 1–4).
#[utoipa::path(post, path = "/api/pri/dashboard/encuestas", tag = "surveys",
    request_body = RespuestasDashboard,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn answer_dashboard(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<RespuestasDashboard>,
) -> AppResult<axum::Json<Resp>> {
    if b.encuestas.len() > crate::contract::ENCUESTA_DASHBOARD_PREGUNTAS_MAX {
        return Err(AppError::bad_request("validacion.datos"));
    }
    let hoy = super::course_survey::hoy_local(&state)
        .await?
        .format("%Y-%m-%d")
        .to_string();
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let (id, _) = db::vigente(&mut *tx, u.idperfil, &hoy)
        .await?
        .ok_or_else(no_encontrada)?;
    answer_dashboard_survey(&mut tx, id, u.cve_empleado, &b.encuestas, &now).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
