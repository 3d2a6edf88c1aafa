//! The employee list (table engine), one employee's detail and the caller's favourites.

use axum::extract::State;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::types::EmployeeDetail;
use super::{db, in_scope};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, TablePage, TableQuery};

const SECCION: &str = "catalogos.empleados";

/// The routes of the list, the detail and the favourites.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(list_employees),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(get_employee),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(add_favourite, remove_favourite),
        ))
}

/// Employees in the caller's scope: `filtersEXT.vista` = todos | favoritos | nuevos
/// (joined in the last 30 days).
#[utoipa::path(post, path = "/api/pri/catalogos/empleados", tag = "employees", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_employees(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let (prelude, mut conds) =
        db::list::scope_filter(db::list::with_favourites(u.cve_empleado), u.scope);
    let vista = q
        .filters_ext
        .get("vista")
        .and_then(|v| v.as_str())
        .unwrap_or("todos");
    match vista {
        "todos" | "" => {}
        "favoritos" => conds.push(db::list::only_favourites()),
        "nuevos" => {
            let since = (state.clock.now() - chrono::Duration::days(30))
                .format("%Y-%m-%d")
                .to_string();
            conds.push(db::list::joined_since(since));
        }
        other => {
            return Err(
                AppError::bad_request("tabla.filtro").arg("filtro", format!("vista={other}"))
            );
        }
    }
    table::run(&state, &db::list::EMPLOYEES, q, prelude, conds).await
}

/// One employee in the caller's scope.
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/{cve_empleado}", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = EmployeeDetail), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_employee(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<EmployeeDetail>> {
    in_scope(&state, &u, cve).await?;
    let mut d = db::detail::detail(&state.db.read, u.cve_empleado, cve)
        .await?
        .ok_or_else(AppError::not_found)?;
    d.perfiles = crate::auth::user::profiles_of(&state, cve).await?;
    d.plantas = db::detail::extra_plants(&state.db.read, cve).await?;
    d.ausencias = db::absences::of_employee(&state.db.read, cve).await?;
    d.subordinados = db::detail::count_direct_reports(&state.db.read, cve).await?;
    Ok(axum::Json(d))
}

/// Marks an employee as a favourite of the caller.
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/favoritos/{cve_empleado}", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn add_favourite(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    in_scope(&state, &u, cve).await?;
    db::favourites::add(&state.db.write, u.cve_empleado, cve, &state.now_iso()).await?;
    Ok(Resp::ok())
}

/// Removes an employee from the caller's favourites.
#[utoipa::path(delete, path = "/api/pri/catalogos/empleados/favoritos/{cve_empleado}", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp)))]
async fn remove_favourite(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    db::favourites::remove(&state.db.write, u.cve_empleado, cve).await?;
    Ok(Resp::ok())
}
