//! The report of accreditations about to expire (`capacitaciones_proximas_vencer`, package C):
//! the 'Ver Reporte' target of the expiry notices, with window and plan filters, export and print.

use axum::extract::State;
use axum::response::Response;
use chrono::Days;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::expiry as db;
use super::requirements::field_error;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

/// The report route.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(super::SECCION_PROXIMAS_VENCER),
        routes!(table_expiring),
    ))
}

/// Accreditations about to expire (date range on the validity, today..+30 days by default;
/// filtersEXT `{ventana?: 30|15|1, requerido?: 1|0}`), within the caller's scope.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/capacitaciones_proximas_vencer/tabla",
    tag = "plans", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_expiring(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(mut q): Json<TableQuery>,
) -> AppResult<Response> {
    let hoy = super::today(&state);
    let iso = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    if q.fecha_inicial.as_deref().is_none_or(str::is_empty)
        && q.fecha_final.as_deref().is_none_or(str::is_empty)
    {
        q.fecha_inicial = Some(iso(hoy));
        q.fecha_final = Some(iso(hoy.checked_add_days(Days::new(30)).unwrap_or(hoy)));
    }
    let ventana = q.ext_int("ventana")?;
    let requerido = q.ext_int("requerido")?;
    let (prelude, mut conds) =
        crate::employees::db::list::scope_filter(Prelude::default(), u.scope);
    conds.push(Cond::new(
        "x.vigencia >= ? AND x.vigencia <> '9999-12-31'",
        vec![Bind::Text(iso(hoy))],
    ));
    if let Some(w) = ventana {
        conds.push(Cond::new(db::VENTANA_COND, vec![Bind::Int(w)]));
    }
    match requerido {
        Some(1) => conds.push(Cond::new("p.cve_empleado IS NOT NULL", Vec::new())),
        Some(0) => conds.push(Cond::new("p.cve_empleado IS NULL", Vec::new())),
        Some(_) => return Err(field_error("requerido", "validacion.bandera")),
        None => {}
    }
    table::run(&state, &db::EXPIRING, q, prelude, conds).await
}
