//! STPS reference catalogues: thematic areas of courses and the national occupation
//! catalogue (areas and sub-areas) used by topics and the DC-3 form.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::error::AppResult;
use crate::state::AppState;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(areas_tematicas)))
        .routes(secured(state, Rule::Sesion, routes!(ocupaciones)))
}

/// A thematic area of the STPS catalogue (1000 Producción general … 9000 Participación social).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct AreaTematica {
    cve_area: i64,
    nombre: String,
    activo: i64,
}

/// The STPS thematic areas.
#[utoipa::path(get, path = "/api/pri/catalogos/areas_tematicas", tag = "org", responses((status = 200, body = Vec<AreaTematica>)))]
async fn areas_tematicas(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<AreaTematica>>> {
    Ok(axum::Json(
        sqlx::query_as("SELECT cve_area, nombre, activo FROM areas_tematicas ORDER BY cve_area")
            .fetch_all(&state.db.read)
            .await?,
    ))
}

/// An occupation area (two digits) with its sub-areas (dd.d).
#[derive(Serialize, ToSchema)]
struct AreaOcupacional {
    clave: String,
    nombre: String,
    subareas: Vec<Subarea>,
}

#[derive(Serialize, ToSchema)]
struct Subarea {
    clave: String,
    nombre: String,
}

/// The national occupation catalogue for the DC-3 "ocupación específica".
#[utoipa::path(get, path = "/api/pri/catalogos/ocupaciones", tag = "org", responses((status = 200, body = Vec<AreaOcupacional>)))]
async fn ocupaciones(State(state): State<AppState>) -> AppResult<axum::Json<Vec<AreaOcupacional>>> {
    let rows: Vec<(String, String, Option<String>)> =
        sqlx::query_as("SELECT clave, nombre, area FROM ocupaciones ORDER BY clave")
            .fetch_all(&state.db.read)
            .await?;
    let mut out: Vec<AreaOcupacional> = Vec::new();
    for (clave, nombre, area) in rows {
        match area {
            None => out.push(AreaOcupacional {
                clave,
                nombre,
                subareas: Vec::new(),
            }),
            Some(a) => {
                if let Some(parent) = out.iter_mut().find(|p| p.clave == a) {
                    parent.subareas.push(Subarea { clave, nombre });
                }
            }
        }
    }
    Ok(axum::Json(out))
}
