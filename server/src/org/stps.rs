//! STPS reference catalogues: thematic areas of courses and the national occupation
//! catalogue (areas and sub-areas) used by topics and the DC-3 form.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, AreaTematica};
use crate::auth::perms::{Rule, secured};
use crate::error::AppResult;
use crate::state::AppState;

/// The STPS catalogues' routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(list_thematic_areas)))
        .routes(secured(state, Rule::Sesion, routes!(list_occupations)))
}

/// The STPS thematic areas.
#[utoipa::path(get, path = "/api/pri/catalogos/areas_tematicas", tag = "org", responses((status = 200, body = Vec<AreaTematica>)))]
async fn list_thematic_areas(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<AreaTematica>>> {
    Ok(axum::Json(db::thematic_areas(&state.db.read).await?))
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
async fn list_occupations(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<AreaOcupacional>>> {
    let mut out: Vec<AreaOcupacional> = Vec::new();
    for o in db::occupations(&state.db.read).await? {
        match o.area {
            None => out.push(AreaOcupacional {
                clave: o.clave,
                nombre: o.nombre,
                subareas: Vec::new(),
            }),
            Some(a) => {
                if let Some(parent) = out.iter_mut().find(|p| p.clave == a) {
                    parent.subareas.push(Subarea {
                        clave: o.clave,
                        nombre: o.nombre,
                    });
                }
            }
        }
    }
    Ok(axum::Json(out))
}
