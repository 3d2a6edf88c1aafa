//! Progress views (package B): progress per topic of a program (avance_tema), consolidated
//! progress per position (avance_consolidado) and population control by structure level
//! or plant with its employees, all set-wise over the materialised plan.

use axum::extract::State;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::HOY_CTE;
use super::db::progress as db;
use super::requirements::field_error;
use super::types::Programa;
use crate::auth::perms::{Rule, secured};
use crate::error::{AppResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TableDef, TablePage, TableQuery};

/// The progress and population routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let sec = |p: Programa| Rule::Seccion(p.seccion());
    let pob = Rule::Seccion(super::SECCION_CONTROL_POBLACION);
    OpenApiRouter::new()
        .routes(secured(
            state,
            sec(Programa::Institucional),
            routes!(table_institutional_progress),
        ))
        .routes(secured(
            state,
            sec(Programa::Formacion),
            routes!(table_formation_progress),
        ))
        .routes(secured(
            state,
            sec(Programa::Especifica),
            routes!(table_specific_progress),
        ))
        .routes(secured(
            state,
            sec(Programa::Formacion),
            routes!(table_consolidated_progress),
        ))
        .routes(secured(state, pob, routes!(table_population)))
        .routes(secured(state, pob, routes!(table_population_employees)))
}

/// `hoy` for the state expressions.
fn hoy(state: &AppState) -> Prelude {
    let hoy = super::today(state).format("%Y-%m-%d").to_string();
    Prelude::default().with(HOY_CTE, vec![Bind::Text(hoy)])
}

async fn topic_progress(
    state: &AppState,
    programa: Programa,
    q: TableQuery,
) -> AppResult<Response> {
    let prelude = hoy(state).with(db::PROGRAMA_CTE, vec![Bind::Int(programa.bit())]);
    table::run(state, &db::AVANCE_TEMA, q, prelude, Vec::new()).await
}

/// Institutional training: per topic, the people required and their states.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/capacitacion_institucional/avance_tema/tabla",
    tag = "plans", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_institutional_progress(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    topic_progress(&state, Programa::Institucional, q).await
}

/// Formation plan: per topic, the people required and their states.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/plan_formacion/avance_tema/tabla",
    tag = "plans", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_formation_progress(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    topic_progress(&state, Programa::Formacion, q).await
}

/// Specific training: per topic, the people required and their states.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/capacitacion_especifica/avance_tema/tabla",
    tag = "plans", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_specific_progress(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    topic_progress(&state, Programa::Especifica, q).await
}

/// Consolidated progress per position (mandatory plan topics of its people).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/plan_formacion/avance_consolidado/tabla",
    tag = "plans", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_consolidated_progress(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &db::AVANCE_CONSOLIDADO, q, hoy(&state), Vec::new()).await
}

/// The level of a population query: 2..7 or "planta".
fn nivel(q: &TableQuery) -> AppResult<Option<i64>> {
    match q.filters_ext.get("nivel") {
        Some(v) if v.as_str() == Some("planta") => Ok(None),
        Some(v) => match v
            .as_i64()
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        {
            Some(n @ 2..=7) => Ok(Some(n)),
            _ => Err(field_error("nivel", "plan.nivel")),
        },
        None => Ok(Some(2)),
    }
}

/// Population control: headcount, with plan, trained, compliant and with expired
/// accreditations per structure node of a level (N3+ under `padre`) or per plant
/// (optionally of one N4).
#[utoipa::path(post, path = "/api/pri/catalogos/control_poblacion/tabla", tag = "plans",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_population(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let nivel = nivel(&q)?;
    let padre = q.ext_int("padre")?;
    let def: &'static TableDef = match nivel {
        None => &db::POBLACION_PLANTA,
        Some(2) => &db::POBLACION_N2,
        Some(3) => &db::POBLACION_N3,
        Some(4) => &db::POBLACION_N4,
        Some(5) => &db::POBLACION_N5,
        Some(6) => &db::POBLACION_N6,
        _ => &db::POBLACION_N7,
    };
    let mut conds = Vec::new();
    match (nivel, padre) {
        (None, Some(n4)) => conds.push(Cond::new("g.cve_n4 = ?", vec![Bind::Int(n4)])),
        (Some(n), Some(p)) if n > 2 => conds.push(Cond::new("g.cve_padre = ?", vec![Bind::Int(p)])),
        (Some(n), None) if n > 2 => return Err(field_error("padre", "validacion.campo_requerido")),
        _ => {}
    }
    let prelude = hoy(&state).with(db::POR_EMP_CTE, Vec::new());
    table::run(&state, def, q, prelude, conds).await
}

/// The active employees of a population node (`nivel` 2..7 or "planta", `cve`).
#[utoipa::path(post, path = "/api/pri/catalogos/control_poblacion/empleados/tabla", tag = "plans",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_population_employees(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let nivel = nivel(&q)?;
    let cve = q
        .ext_int("cve")?
        .ok_or_else(|| field_error("cve", "validacion.campo_requerido"))?;
    let grupo = match nivel {
        None => "e.cve_planta = ?",
        Some(2) => "e.n2 = ?",
        Some(3) => "e.n3 = ?",
        Some(4) => "e.n4 = ?",
        Some(5) => "e.n5 = ?",
        Some(6) => "e.n6 = ?",
        _ => "e.n7 = ?",
    };
    let conds = vec![
        Cond::new("e.activo = 1 AND e.baja_logica = 0", Vec::new()),
        Cond::new(grupo, vec![Bind::Int(cve)]),
    ];
    let prelude = hoy(&state).with(db::POR_EMP_CTE, Vec::new());
    table::run(&state, &db::POBLACION_EMPLEADOS, q, prelude, conds).await
}
