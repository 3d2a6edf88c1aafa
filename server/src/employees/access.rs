//! Baja lógica and platform access: both end the employee's open session.

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{check_write_scope, db, ensure_exists};
use crate::auth::check_scope;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::auth::session;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// The routes of baja lógica and access.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion("catalogos.empleados.editar"),
            routes!(set_termination),
        ))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.restablecer_contrasena"),
            routes!(set_access),
        ))
}

#[derive(Deserialize, ToSchema)]
struct BajaBody {
    /// 1 = baja lógica (the employee left), 0 = reactivate.
    baja_logica: i64,
}

/// Baja lógica: the employee stays with their history, cannot sign in and leaves the
/// active lists; their open session ends at once. 0 reactivates.
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/{cve_empleado}/baja", tag = "employees", request_body = BajaBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_termination(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<BajaBody>,
) -> AppResult<axum::Json<Resp>> {
    ensure_exists(&state, cve).await?;
    let mut fe = FieldErrors::default();
    fe.check(
        b.baja_logica == 0 || b.baja_logica == 1,
        "baja_logica",
        "validacion.bandera",
    );
    fe.check(
        cve != u.cve_empleado,
        "cve_empleado",
        "validacion.baja_propia",
    );
    fe.into_result()?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let baja = b.baja_logica == 1;
    let now = state.now_iso();
    // One transaction with the plan's upkeep: a baja takes the employee out of every plan
    // (the requirements they had stay in their history), a reactivation brings them back.
    let mut tx = state.db.begin().await?;
    let before = crate::plans::snapshot(&mut tx, cve).await?;
    db::employee::set_baja(&mut *tx, cve, baja, &now).await?;
    crate::plans::employee_changed(&mut tx, cve, before, &now).await?;
    tx.commit().await?;
    if baja {
        session::end_for_employee(&state, cve, "liberada").await?;
    }
    Ok(Resp::ok())
}

#[derive(Deserialize, ToSchema)]
struct AccesoBody {
    /// 1 Activo, 0 Sin Acceso.
    acceso: i64,
}

/// Switches an employee's platform access off (their session ends) or on again.
#[utoipa::path(put, path = "/api/pri/usuarios/{cve_empleado}/acceso", tag = "employees", request_body = AccesoBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_access(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<AccesoBody>,
) -> AppResult<axum::Json<Resp>> {
    let mut fe = FieldErrors::default();
    fe.check(
        b.acceso == 0 || b.acceso == 1,
        "acceso",
        "validacion.bandera",
    );
    fe.check(
        cve != u.cve_empleado,
        "cve_empleado",
        "validacion.baja_propia",
    );
    fe.into_result()?;
    check_scope(&state, u.scope, cve).await?;
    let mut conn = state.db.write.acquire().await?;
    let found = super::accounts::set_access(&mut conn, cve, b.acceso, &state.now_iso()).await?;
    drop(conn);
    if !found {
        return Err(AppError::not_found());
    }
    if b.acceso == 0 {
        session::end_for_employee(&state, cve, "liberada").await?;
    }
    Ok(Resp::ok())
}
