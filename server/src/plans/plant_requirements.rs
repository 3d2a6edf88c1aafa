//! Topics by plant as plant requirements (`plantas_temas`): the topics each plant trains its
//! personnel in, main or extra plant. The two routes kept the shapes they had in `topics`.

use axum::extract::State;
use serde::Deserialize;
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::requirements as db;
use super::types::{Actor, Programa};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::topics::TemaRef;

/// The topics-by-plant routes, under the plant program's section.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(Programa::Planta.seccion()),
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

/// The plant's enabled topics become exactly `temas` (new → alta, missing → deshabilitar,
/// disabled and listed → habilitar). 404 without the plant; 400 `temas` for an unknown topic.
pub async fn set_plant_requirements(
    conn: &mut SqliteConnection,
    actor: &Actor,
    cve_planta: i64,
    mut temas: Vec<i64>,
    now: &str,
) -> AppResult<()> {
    require_plant(&mut *conn, cve_planta).await?;
    temas.sort_unstable();
    temas.dedup();
    for t in &temas {
        if !crate::topics::db::topic_exists(&mut *conn, *t).await? {
            let mut fe = FieldErrors::default();
            fe.add("temas", "validacion.tema");
            return fe.into_result();
        }
    }
    let existing = db::plant_requirement_rows(&mut *conn, cve_planta).await?;
    for (id, cve_tema, habilitado) in &existing {
        let listed = temas.binary_search(cve_tema).is_ok();
        if *habilitado == 1 && !listed {
            db::set_requirement_enabled(&mut *conn, *id, false, now).await?;
            let ev = db::insert_event(
                &mut *conn,
                *id,
                "deshabilitar",
                now,
                actor.cve_empleado,
                None,
            )
            .await?;
            let n = super::derive::requirement_changed(&mut *conn, *id, Some(ev), now).await?;
            db::set_event_affected(&mut *conn, ev, n).await?;
        } else if *habilitado == 0 && listed {
            db::set_requirement_enabled(&mut *conn, *id, true, now).await?;
            let ev = db::insert_event(&mut *conn, *id, "habilitar", now, actor.cve_empleado, None)
                .await?;
            let n = super::derive::requirement_changed(&mut *conn, *id, None, now).await?;
            db::set_event_affected(&mut *conn, ev, n).await?;
        }
    }
    for t in temas {
        if existing.iter().any(|(_, cve_tema, _)| *cve_tema == t) {
            continue;
        }
        let id = db::insert_plant_requirement(&mut *conn, t, cve_planta, actor.cve_empleado, now)
            .await?;
        let ev = db::insert_event(&mut *conn, id, "alta", now, actor.cve_empleado, None).await?;
        let n = super::derive::requirement_changed(&mut *conn, id, None, now).await?;
        db::set_event_affected(&mut *conn, ev, n).await?;
    }
    Ok(())
}

/// The enabled topics of a plant.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/plantas_temas/{cve_planta}", tag = "plans",
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
#[schema(as = TemasPlantaBody)]
struct TemasBody {
    temas: Vec<i64>,
}

/// Replaces the topics of a plant.
#[utoipa::path(put, path = "/api/pri/plan_capacitacion/plantas_temas/{cve_planta}", tag = "plans", request_body = TemasBody,
    params(("cve_planta" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_plant_topics(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<TemasBody>,
) -> AppResult<axum::Json<Resp>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    set_plant_requirements(&mut tx, &Actor::from(&u), id, b.temas, &now).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
