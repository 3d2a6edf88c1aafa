//! The question bank of a topic (`temas/preguntas`): single answer, multiple answers and
//! open text. The validation and the write are shared with the bulk upload.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use crate::auth::perms::{Rule, secured};
use crate::contract::{PREGUNTA_MAX, RESPUESTA_MAX, RESPUESTAS_MAX};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// The question bank routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(list_questions, create_question)))
        .routes(secured(state, r, routes!(update_question, delete_question)))
}

/// An option of a question.
#[derive(Deserialize, Serialize, ToSchema, Clone, Debug)]
pub struct Respuesta {
    #[serde(default)]
    pub id_respuesta: i64,
    pub texto: String,
    /// true/false (1/0 accepted too).
    #[serde(default, deserialize_with = "bool_or_flag")]
    pub correcta: bool,
}

/// A JSON boolean or a 1/0 flag.
fn bool_or_flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Int(i64),
    }
    match Flag::deserialize(d)? {
        Flag::Bool(b) => Ok(b),
        Flag::Int(0) => Ok(false),
        Flag::Int(1) => Ok(true),
        Flag::Int(_) => Err(serde::de::Error::custom("expected true, false, 1 or 0")),
    }
}

/// A question as the form and the bulk upload send it.
#[derive(Deserialize, ToSchema, Clone, Debug)]
pub struct PreguntaForm {
    pub pregunta: String,
    /// unica, multiple or abierta.
    pub tipo: String,
    #[serde(default)]
    pub respuestas: Vec<Respuesta>,
}

impl PreguntaForm {
    /// unica: 2–`RESPUESTAS_MAX` options with exactly one correct; multiple: the same
    /// with at least one correct; abierta: no options.
    pub fn normalize_and_check(&mut self) -> FieldErrors {
        let mut fe = FieldErrors::default();
        self.pregunta = self.pregunta.trim().to_string();
        self.tipo = self.tipo.trim().to_lowercase();
        for r in &mut self.respuestas {
            r.texto = r.texto.trim().to_string();
        }
        self.respuestas.retain(|r| !r.texto.is_empty());
        fe.check(
            !self.pregunta.is_empty(),
            "pregunta",
            "validacion.campo_requerido",
        );
        fe.check_len(&self.pregunta, PREGUNTA_MAX, "pregunta");
        let correctas = self.respuestas.iter().filter(|r| r.correcta).count();
        match self.tipo.as_str() {
            "unica" => {
                fe.check(
                    (2..=RESPUESTAS_MAX).contains(&self.respuestas.len()),
                    "respuestas",
                    "validacion.opciones",
                );
                fe.check(correctas == 1, "respuestas", "validacion.una_correcta");
            }
            "multiple" => {
                fe.check(
                    (2..=RESPUESTAS_MAX).contains(&self.respuestas.len()),
                    "respuestas",
                    "validacion.opciones",
                );
                fe.check(correctas >= 1, "respuestas", "validacion.alguna_correcta");
            }
            "abierta" => self.respuestas.clear(),
            _ => fe.add("tipo", "validacion.tipo_pregunta"),
        }
        for r in &self.respuestas {
            fe.check_len(&r.texto, RESPUESTA_MAX, "respuestas");
        }
        fe
    }
}

/// Writes a question and its options (insert when `own` is None); the caller has
/// checked the form (`PreguntaForm::normalize_and_check`) and that the topic exists.
pub async fn save(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    own: Option<i64>,
    f: &PreguntaForm,
) -> AppResult<i64> {
    let id = match own {
        None => Some(crate::db::unique_violation(
            db::insert_question(&mut *conn, cve_tema, &f.pregunta, &f.tipo).await,
            "duplicado.pregunta",
        )?),
        Some(id) => crate::db::unique_violation(
            db::update_question(&mut *conn, cve_tema, id, &f.pregunta, &f.tipo).await,
            "duplicado.pregunta",
        )?,
    }
    .ok_or_else(AppError::not_found)?;
    db::set_options(&mut *conn, id, &f.respuestas).await?;
    Ok(id)
}

/// A question with its options.
#[derive(Serialize, ToSchema)]
struct Pregunta {
    id_pregunta: i64,
    pregunta: String,
    tipo: String,
    respuestas: Vec<Respuesta>,
}

/// A topic's question bank in order, with options.
#[utoipa::path(get, path = "/api/pri/temas/preguntas/{cve_tema}", tag = "topics",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = Vec<Pregunta>), (status = 404, body = ErrorBody)))]
async fn list_questions(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Pregunta>>> {
    db::require_topic(&state.db.read, cve).await?;
    let qs = db::topic_questions(&state.db.read, cve).await?;
    let rs = db::topic_options(&state.db.read, cve).await?;
    Ok(axum::Json(
        qs.into_iter()
            .map(|(id, pregunta, tipo)| Pregunta {
                id_pregunta: id,
                pregunta,
                tipo,
                respuestas: rs
                    .iter()
                    .filter(|r| r.0 == id)
                    .map(|r| Respuesta {
                        id_respuesta: r.1,
                        texto: r.2.clone(),
                        correcta: r.3,
                    })
                    .collect(),
            })
            .collect(),
    ))
}

/// The answer to adding or editing a question.
#[derive(Serialize, ToSchema)]
struct PreguntaCreada {
    resp: String,
    id_pregunta: i64,
}

/// Adds a question to a topic (the text is unique within the topic).
#[utoipa::path(post, path = "/api/pri/temas/preguntas/{cve_tema}", tag = "topics", request_body = PreguntaForm,
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = PreguntaCreada), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_question(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
    Json(mut f): Json<PreguntaForm>,
) -> AppResult<axum::Json<PreguntaCreada>> {
    f.normalize_and_check().into_result()?;
    db::require_topic(&state.db.read, cve).await?;
    let mut tx = state.db.begin().await?;
    let id = save(&mut tx, cve, None, &f).await?;
    tx.commit().await?;
    Ok(axum::Json(PreguntaCreada {
        resp: "Excelente".into(),
        id_pregunta: id,
    }))
}

/// Edits a question and replaces its options.
#[utoipa::path(put, path = "/api/pri/temas/preguntas/{cve_tema}/{id_pregunta}", tag = "topics", request_body = PreguntaForm,
    params(("cve_tema" = i64, Path), ("id_pregunta" = i64, Path)),
    responses((status = 200, body = PreguntaCreada), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_question(
    State(state): State<AppState>,
    Path((cve, id)): Path<(i64, i64)>,
    Json(mut f): Json<PreguntaForm>,
) -> AppResult<axum::Json<PreguntaCreada>> {
    f.normalize_and_check().into_result()?;
    let mut tx = state.db.begin().await?;
    let id = save(&mut tx, cve, Some(id), &f).await?;
    tx.commit().await?;
    Ok(axum::Json(PreguntaCreada {
        resp: "Excelente".into(),
        id_pregunta: id,
    }))
}

/// Deletes a question.
#[utoipa::path(delete, path = "/api/pri/temas/preguntas/{cve_tema}/{id_pregunta}", tag = "topics",
    params(("cve_tema" = i64, Path), ("id_pregunta" = i64, Path)),
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody)))]
async fn delete_question(
    State(state): State<AppState>,
    Path((cve, id)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Resp>> {
    if !db::delete_question(&state.db.write, cve, id).await? {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}
