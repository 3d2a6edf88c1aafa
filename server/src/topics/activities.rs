//! A topic's activities: the evidence (text, file, image or link) participants hand in
//! some days after the course.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db;
use crate::auth::perms::{Rule, secured};
use crate::contract::{
    ACTIVIDAD_DESCRIPCION_MAX, ACTIVIDAD_DIAS_ENTREGA, ACTIVIDAD_LIMITE_CARACTERES,
    ACTIVIDAD_TITULO_MAX,
};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::validate::in_range;

/// The activity routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(list_activities, create_activity)))
        .routes(secured(state, r, routes!(update_activity, delete_activity)))
}

const EVIDENCIAS: &[&str] = &["texto", "archivo", "imagen", "enlace"];

/// An activity of a topic.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
pub struct Actividad {
    #[serde(default)]
    pub id_actividad: i64,
    pub titulo: String,
    pub descripcion: String,
    /// Days after the course to hand it in.
    pub dias_entrega: i64,
    /// texto, archivo, imagen or enlace.
    pub tipo_evidencia: String,
    /// For texto: 1–10000 characters.
    #[serde(default)]
    pub limite_caracteres: Option<i64>,
}

impl Actividad {
    /// Trims and checks the activity; the character limit applies to text evidence only.
    pub fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        self.titulo = self.titulo.trim().into();
        self.descripcion = self.descripcion.trim().into();
        fe.check(
            !self.titulo.is_empty(),
            "titulo",
            "validacion.campo_requerido",
        );
        fe.check_len(&self.titulo, ACTIVIDAD_TITULO_MAX, "titulo");
        fe.check(
            !self.descripcion.is_empty(),
            "descripcion",
            "validacion.campo_requerido",
        );
        fe.check_len(&self.descripcion, ACTIVIDAD_DESCRIPCION_MAX, "descripcion");
        fe.check(
            in_range(ACTIVIDAD_DIAS_ENTREGA, self.dias_entrega),
            "dias_entrega",
            "validacion.numero",
        );
        fe.check(
            EVIDENCIAS.contains(&self.tipo_evidencia.as_str()),
            "tipo_evidencia",
            "validacion.tipo_evidencia",
        );
        if self.tipo_evidencia == "texto" {
            fe.check(
                self.limite_caracteres
                    .is_some_and(|l| in_range(ACTIVIDAD_LIMITE_CARACTERES, l)),
                "limite_caracteres",
                "validacion.limite_caracteres",
            );
        } else {
            self.limite_caracteres = None;
        }
        fe.into_result()
    }
}

/// Checks an activity and adds it to topic `cve_tema` (404 when there is no such topic).
pub async fn add_activity(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    a: &mut Actividad,
) -> AppResult<i64> {
    a.check()?;
    db::require_topic(&mut *conn, cve_tema).await?;
    Ok(db::insert_activity(&mut *conn, cve_tema, a).await?)
}

/// A topic's activities.
#[utoipa::path(get, path = "/api/pri/temas/actividades_temas/{cve_tema}", tag = "topics",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = Vec<Actividad>), (status = 404, body = ErrorBody)))]
async fn list_activities(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Actividad>>> {
    let mut conn = state.db.read.acquire().await?;
    db::require_topic(&mut *conn, cve).await?;
    Ok(axum::Json(db::topic_activities(&mut *conn, cve).await?))
}

/// The answer to adding an activity.
#[derive(Serialize, ToSchema)]
struct ActividadCreada {
    resp: String,
    id_actividad: i64,
}

/// Adds an activity to a topic.
#[utoipa::path(post, path = "/api/pri/temas/actividades_temas/{cve_tema}", tag = "topics", request_body = Actividad,
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = ActividadCreada), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn create_activity(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
    Json(mut b): Json<Actividad>,
) -> AppResult<axum::Json<ActividadCreada>> {
    let mut tx = state.db.begin().await?;
    let id = add_activity(&mut tx, cve, &mut b).await?;
    tx.commit().await?;
    Ok(axum::Json(ActividadCreada {
        resp: "Excelente".into(),
        id_actividad: id,
    }))
}

/// Edits an activity.
#[utoipa::path(put, path = "/api/pri/temas/actividades_temas/{cve_tema}/{id_actividad}", tag = "topics", request_body = Actividad,
    params(("cve_tema" = i64, Path), ("id_actividad" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_activity(
    State(state): State<AppState>,
    Path((cve, id)): Path<(i64, i64)>,
    Json(mut b): Json<Actividad>,
) -> AppResult<axum::Json<Resp>> {
    b.check()?;
    if !db::update_activity(&state.db.write, cve, id, &b).await? {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}

/// Deletes an activity.
#[utoipa::path(delete, path = "/api/pri/temas/actividades_temas/{cve_tema}/{id_actividad}", tag = "topics",
    params(("cve_tema" = i64, Path), ("id_actividad" = i64, Path)),
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody)))]
async fn delete_activity(
    State(state): State<AppState>,
    Path((cve, id)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Resp>> {
    if !db::delete_activity(&state.db.write, cve, id).await? {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}
