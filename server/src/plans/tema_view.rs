//! The topic view (`tema_view`, package C): who must hold a topic, who holds it, who lacks it,
//! within the caller's scope.

use axum::extract::State;
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::HOY_CTE;
use super::db::tema_view as db;
use super::requirements::field_error;
use crate::auth::perms::{CurrentUser, Rule, Scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TableDef, TablePage, TableQuery};

/// The topic-view routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(super::SECCION_TEMA_VIEW);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_topic_view)))
        .routes(secured(state, r, routes!(get_topic_view)))
        .routes(secured(state, r, routes!(table_topic_employees)))
}

fn hoy(state: &AppState) -> String {
    super::today(state).format("%Y-%m-%d").to_string()
}

/// The plan's topics with required, accredited, expired, failed and pending people.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/tema_view/tabla", tag = "plans",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_topic_view(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let prelude = Prelude::default().with(HOY_CTE, vec![Bind::Text(hoy(&state))]);
    let (def, prelude): (&'static TableDef, Prelude) = match u.scope {
        Scope::Todos => (&db::POR_TEMA, prelude),
        Scope::Subordinados(me) => (
            &db::POR_TEMA_EQUIPO,
            prelude.with(crate::employees::db::SUBORDINATE_CTE, vec![Bind::Int(me)]),
        ),
        Scope::Propio(me) => (
            &db::POR_TEMA_PROPIO,
            prelude.with(db::YO_CTE, vec![Bind::Int(me)]),
        ),
    };
    table::run(&state, def, q, prelude, Vec::new()).await
}

/// A topic as the view heads it.
#[derive(Serialize, ToSchema)]
struct TemaCabecera {
    cve_tema: i64,
    abreviatura: String,
    nombre_tema: String,
    meses_certificacion: i64,
    horas: f64,
}

/// One topic's figures.
#[derive(Serialize, ToSchema)]
struct VistaTema {
    tema: TemaCabecera,
    requeridos: i64,
    acreditados: i64,
    vencidos: i64,
    no_acreditados: i64,
    pendientes: i64,
    /// null without people required.
    porcentaje: Option<f64>,
    /// Active people holding it though no requirement asks them to.
    con_tema_fuera_de_plan: i64,
}

/// One topic: who must hold it and in what state (company-wide figures).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/tema_view/{cve_tema}", tag = "plans",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = VistaTema), (status = 404, body = ErrorBody)))]
async fn get_topic_view(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<VistaTema>> {
    let mut conn = state.db.read.acquire().await?;
    let t = crate::topics::db::topic_rules(&mut *conn, cve)
        .await?
        .ok_or_else(AppError::not_found)?;
    let (requeridos, acreditados, vencidos, no_acreditados, fuera) =
        db::topic_figures(&mut conn, &hoy(&state), cve).await?;
    Ok(axum::Json(VistaTema {
        tema: TemaCabecera {
            cve_tema: t.cve_tema,
            abreviatura: t.abreviatura,
            nombre_tema: t.nombre_tema,
            meses_certificacion: t.meses_certificacion,
            horas: t.horas,
        },
        requeridos,
        acreditados,
        vencidos,
        no_acreditados,
        pendientes: requeridos - acreditados - vencidos - no_acreditados,
        porcentaje: (requeridos > 0)
            .then(|| (acreditados as f64 * 1000.0 / requeridos as f64).round() / 10.0),
        con_tema_fuera_de_plan: fuera,
    }))
}

/// The people of a topic (filtersEXT `{vista: "con" | "sin" | "todos"}`), within scope.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/tema_view/{cve_tema}/tabla", tag = "plans",
    request_body = TableQuery, params(("cve_tema" = i64, Path)),
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_topic_employees(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let vista = match q.filters_ext.get("vista").and_then(|v| v.as_str()) {
        None | Some("todos") => None,
        Some("con") => Some(db::VISTA_CON),
        Some("sin") => Some(db::VISTA_SIN),
        Some(_) => return Err(field_error("vista", "validacion.datos")),
    };
    let prelude = Prelude::default()
        .with(HOY_CTE, vec![Bind::Text(hoy(&state))])
        .with(db::TEMA_CTE, vec![Bind::Int(cve)]);
    let (prelude, mut conds) = crate::employees::db::list::scope_filter(prelude, u.scope);
    conds.push(Cond::new(db::EMPLEADOS_BASE, Vec::new()));
    if let Some(v) = vista {
        conds.push(Cond::new(v, Vec::new()));
    }
    table::run(&state, &db::EMPLEADOS_TEMA, q, prelude, conds).await
}
