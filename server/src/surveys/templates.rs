//! Course survey templates (`encuestas_cursos`): the list, the form (questions of four
//! options, the topics it applies to) and deleting; the questions freeze once answered.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use sqlx::SqliteConnection;

use super::db::plantillas as db;
use super::form::mismas_preguntas;
use super::types::{Encuesta, EncuestaForm};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};

/// 404 `encuestas.no_encontrada`.
pub fn no_encontrada() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "encuestas.no_encontrada")
}

/// A template with its questions, topics and number of answers.
pub async fn load(conn: &mut SqliteConnection, id: i64) -> AppResult<Encuesta> {
    let p = db::plantilla(&mut *conn, id)
        .await?
        .ok_or_else(no_encontrada)?;
    let temas_detalle = db::temas(&mut *conn, id).await?;
    Ok(Encuesta {
        id_encuesta: p.id_encuesta,
        nombre: p.nombre,
        descripcion: p.descripcion,
        activa: p.activa == 1,
        preguntas: db::preguntas(&mut *conn, id).await?,
        temas: temas_detalle.iter().map(|t| t.cve_tema).collect(),
        respuestas: db::respuestas(&mut *conn, id).await?,
        temas_detalle,
    })
}

/// Every topic must exist (400 `validacion.tema`) and have no other template (409
/// `encuestas.tema_asignado` naming it).
async fn check_temas(conn: &mut SqliteConnection, id: i64, temas: &[i64]) -> AppResult<()> {
    for t in temas {
        if !crate::topics::db::topic_exists(&mut *conn, *t).await? {
            let mut fe = crate::error::FieldErrors::default();
            fe.add("temas", "validacion.tema");
            fe.into_result()?;
        }
    }
    if let Some((t, _)) = db::temas_de_otra(&mut *conn, id, temas).await?.first() {
        let nombre = db::nombre_tema(&mut *conn, *t).await?.unwrap_or_default();
        return Err(AppError::conflict("encuestas.tema_asignado").arg("tema", nombre));
    }
    Ok(())
}

/// Creates a template (the form checked by [`EncuestaForm::normalize_and_check`]); its key.
pub async fn create_template(
    conn: &mut SqliteConnection,
    f: &EncuestaForm,
    now: &str,
) -> AppResult<i64> {
    check_temas(&mut *conn, 0, &f.temas).await?;
    let id = crate::db::unique_violation(
        db::insertar(
            &mut *conn,
            &f.nombre,
            f.descripcion.as_deref(),
            f.activa,
            now,
        )
        .await,
        "encuestas.duplicada",
    )?;
    db::set_preguntas(&mut *conn, id, &f.preguntas).await?;
    db::set_temas(&mut *conn, id, &f.temas).await?;
    Ok(id)
}

/// Updates a template: name, description, active flag and topics always; its questions
/// only while nobody answered it (409 `encuestas.con_respuestas`).
pub async fn update_template(
    conn: &mut SqliteConnection,
    id: i64,
    f: &EncuestaForm,
    now: &str,
) -> AppResult<()> {
    db::plantilla(&mut *conn, id)
        .await?
        .ok_or_else(no_encontrada)?;
    check_temas(&mut *conn, id, &f.temas).await?;
    crate::db::unique_violation(
        db::actualizar(
            &mut *conn,
            id,
            &f.nombre,
            f.descripcion.as_deref(),
            f.activa,
            now,
        )
        .await,
        "encuestas.duplicada",
    )?;
    let actuales = db::preguntas(&mut *conn, id).await?;
    if !mismas_preguntas(&actuales, &f.preguntas) {
        if db::respuestas(&mut *conn, id).await? > 0 {
            return Err(AppError::conflict("encuestas.con_respuestas"));
        }
        db::set_preguntas(&mut *conn, id, &f.preguntas).await?;
    }
    db::set_temas(&mut *conn, id, &f.temas).await?;
    Ok(())
}

/// The templates list: name, questions, topics, answers, active.
#[utoipa::path(post, path = "/api/pri/encuestas_cursos/tabla", tag = "surveys", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
pub(super) async fn table_templates(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::PLANTILLAS, q, Prelude::default(), Vec::new()).await
}

/// One template with its questions and topics.
#[utoipa::path(get, path = "/api/pri/encuestas_cursos/{id_encuesta}", tag = "surveys",
    params(("id_encuesta" = i64, Path)),
    responses((status = 200, body = Encuesta), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_template(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Encuesta>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(load(&mut conn, id).await?))
}

/// Creates a template.
#[utoipa::path(post, path = "/api/pri/encuestas_cursos", tag = "surveys", request_body = EncuestaForm,
    responses((status = 201, body = Encuesta), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn add_template(
    State(state): State<AppState>,
    Json(mut f): Json<EncuestaForm>,
) -> AppResult<(StatusCode, axum::Json<Encuesta>)> {
    f.normalize_and_check()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let id = create_template(&mut tx, &f, &now).await?;
    let e = load(&mut tx, id).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(e)))
}

/// Updates a template (its questions only while unanswered).
#[utoipa::path(put, path = "/api/pri/encuestas_cursos/{id_encuesta}", tag = "surveys", request_body = EncuestaForm,
    params(("id_encuesta" = i64, Path)),
    responses((status = 200, body = Encuesta), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn edit_template(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(mut f): Json<EncuestaForm>,
) -> AppResult<axum::Json<Encuesta>> {
    f.normalize_and_check()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    update_template(&mut tx, id, &f, &now).await?;
    let e = load(&mut tx, id).await?;
    tx.commit().await?;
    Ok(axum::Json(e))
}

/// Deletes an unanswered template (409 `encuestas.con_respuestas` once answered).
#[utoipa::path(delete, path = "/api/pri/encuestas_cursos/{id_encuesta}", tag = "surveys",
    params(("id_encuesta" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn delete_template(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    db::plantilla(&mut *tx, id)
        .await?
        .ok_or_else(no_encontrada)?;
    if db::respuestas(&mut *tx, id).await? > 0 {
        return Err(AppError::conflict("encuestas.con_respuestas"));
    }
    db::borrar(&mut *tx, id).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
