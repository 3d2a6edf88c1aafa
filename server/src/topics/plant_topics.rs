//! Topics by plant (the training plan's 'por planta' screen): the topics each plant
//! trains its personnel in.

use axum::extract::State;
use serde::Deserialize;
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{TemaRef, db};
use crate::auth::perms::{Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// The topics-by-plant routes, under the training plan's permission.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion("plan.por_planta"),
        routes!(list_plant_topics, update_plant_topics),
    ))
}

/// 404 unless the plant exists.
async fn require_plant(conn: &mut SqliteConnection, cve_planta: i64) -> AppResult<()> {
    if crate::org::db::plant_exists(&mut *conn, cve_planta).await? {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// Replaces the topics of plant `cve_planta` (404 without the plant, 400 on `temas` when
/// a topic does not exist); repeated topics count once.
pub async fn set_plant_topics(
    conn: &mut SqliteConnection,
    cve_planta: i64,
    mut temas: Vec<i64>,
) -> AppResult<()> {
    require_plant(&mut *conn, cve_planta).await?;
    temas.sort_unstable();
    temas.dedup();
    super::groups::require_topics(&mut *conn, &temas).await?;
    db::set_plant_topics(&mut *conn, cve_planta, &temas).await?;
    Ok(())
}

/// The topics of a plant.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/plantas_temas/{cve_planta}", tag = "topics",
    params(("cve_planta" = i64, Path)),
    responses((status = 200, body = Vec<TemaRef>), (status = 404, body = ErrorBody)))]
async fn list_plant_topics(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<TemaRef>>> {
    let mut conn = state.db.read.acquire().await?;
    require_plant(&mut conn, id).await?;
    Ok(axum::Json(db::plant_topics(&mut *conn, id).await?))
}

/// The topics a plant gets.
#[derive(Deserialize, ToSchema)]
struct TemasBody {
    temas: Vec<i64>,
}

/// Replaces the topics of a plant.
#[utoipa::path(put, path = "/api/pri/plan_capacitacion/plantas_temas/{cve_planta}", tag = "topics", request_body = TemasBody,
    params(("cve_planta" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_plant_topics(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<TemasBody>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    set_plant_topics(&mut tx, id, b.temas).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
