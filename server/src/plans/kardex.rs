//! The employee's kardex (`ver_kardex_capacitacion`: header and ledger table, printable and
//! exportable through the table engine) and the general history (`historial_capacitacion_general`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::consult as db;
use super::rules;
use crate::auth::perms::{CurrentUser, Rule, check_scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

/// The kardex and general-history routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let k = || Rule::Seccion(super::SECCION_KARDEX);
    OpenApiRouter::new()
        .routes(secured(state, k(), routes!(get_kardex)))
        .routes(secured(state, k(), routes!(table_kardex)))
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_HISTORIAL_GENERAL),
            routes!(table_general_history),
        ))
}

/// Who the kardex is of.
#[derive(Serialize, ToSchema)]
pub struct EmpleadoKardex {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub curp: Option<String>,
    pub puesto: Option<String>,
    pub n4: Option<String>,
    pub planta: Option<String>,
    pub foto_empleado: Option<String>,
}

/// Counts of the employee's plan topics by state.
#[derive(Serialize, ToSchema)]
pub struct TotalesKardex {
    pub acreditados: i64,
    pub pendientes: i64,
    pub vencidos: i64,
    pub no_acreditados: i64,
}

/// The kardex header.
#[derive(Serialize, ToSchema)]
pub struct Kardex {
    pub empleado: EmpleadoKardex,
    pub cumplimiento: Option<f64>,
    pub totales: TotalesKardex,
}

/// An employee's kardex header: who, compliance and their plan topics by state.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/ver_kardex_capacitacion/{cve_empleado}", tag = "plans",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Kardex), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_kardex(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Kardex>> {
    check_scope(&state, u.scope, cve).await?;
    let hoy = super::today(&state);
    let mut conn = state.db.read.acquire().await?;
    let Some(e) = db::employee_header(&mut conn, cve).await? else {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "plan.empleado_no_encontrado",
        ));
    };
    let p = super::derive::placement(&mut conn, cve).await?;
    let plan = match &p {
        Some(p) => super::derive::plan_topics(&mut conn, p).await?,
        None => Vec::new(),
    };
    let mut totales = TotalesKardex {
        acreditados: 0,
        pendientes: 0,
        vencidos: 0,
        no_acreditados: 0,
    };
    let (mut obligatorias, mut hechas) = (0, 0);
    for entry in &plan {
        let estado = super::ledger::topic_state(&mut conn, cve, entry.cve_tema, hoy).await?;
        match estado {
            rules::Estado::Acreditado => totales.acreditados += 1,
            rules::Estado::Pendiente => totales.pendientes += 1,
            rules::Estado::Vencido => totales.vencidos += 1,
            rules::Estado::NoAcreditado => totales.no_acreditados += 1,
        }
        if entry.obligatoria {
            obligatorias += 1;
            hechas += i64::from(estado.completado());
        }
    }
    Ok(axum::Json(Kardex {
        empleado: EmpleadoKardex {
            cve_empleado: e.cve_empleado,
            num_empleado: e.num_empleado,
            nombre_empleado: e.nombre_empleado,
            curp: e.curp,
            puesto: e.puesto,
            n4: e.n4,
            planta: e.planta,
            foto_empleado: e.foto_empleado.as_deref().map(crate::files::public_url),
        },
        cumplimiento: rules::cumplimiento(obligatorias, hechas),
        totales,
    }))
}

/// The prelude every ledger table needs: today for the state column.
fn hoy(state: &AppState) -> Prelude {
    Prelude::default().with(
        super::db::HOY_CTE,
        vec![Bind::Text(rules::fecha_iso(super::today(state)))],
    )
}

/// An employee's ledger rows (date range on fecha; export with `excel`).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/ver_kardex_capacitacion/{cve_empleado}/tabla", tag = "plans",
    request_body = TableQuery, params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn table_kardex(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    check_scope(&state, u.scope, cve).await?;
    let conds = vec![Cond::new("a.cve_empleado = ?", vec![Bind::Int(cve)])];
    table::run(&state, &db::KARDEX, q, hoy(&state), conds).await
}

/// Every ledger row of the employees in scope (date range on fecha; export with `excel`).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/historial_capacitacion_general/tabla", tag = "plans",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_general_history(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let (prelude, conds) = crate::employees::db::list::scope_filter(hoy(&state), u.scope);
    table::run(&state, &db::HISTORIAL_GENERAL, q, prelude, conds).await
}
