//! Absences of an employee: periods with a reason that may not overlap.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::types::Ausencia;
use super::{check_write_scope, db, ensure_exists};
use crate::auth::check_scope;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::contract::AUSENCIA_MOTIVO_MAX;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::validate::parse_date;

/// The absence routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    const EDITAR: &str = "catalogos.empleados.editar";
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion("catalogos.empleados"),
            routes!(list_absences),
        ))
        .routes(secured(state, Rule::Seccion(EDITAR), routes!(add_absence)))
        .routes(secured(
            state,
            Rule::Seccion(EDITAR),
            routes!(delete_absence),
        ))
}

/// An employee's absences, newest first.
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/{cve_empleado}/ausencias", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Vec<Ausencia>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_absences(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Ausencia>>> {
    ensure_exists(&state, cve).await?;
    check_scope(&state, u.scope, cve).await?;
    Ok(axum::Json(
        db::absences::of_employee(&state.db.read, cve).await?,
    ))
}

#[derive(Deserialize, ToSchema)]
struct NuevaAusencia {
    fecha_inicio: String,
    fecha_fin: String,
    motivo: String,
}

#[derive(Serialize, ToSchema)]
struct AusenciaCreada {
    resp: String,
    id_ausencia: i64,
}

/// Records an absence (a period with its reason); periods of one employee cannot overlap.
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/{cve_empleado}/ausencias", tag = "employees", request_body = NuevaAusencia,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = AusenciaCreada), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn add_absence(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<NuevaAusencia>,
) -> AppResult<axum::Json<AusenciaCreada>> {
    ensure_exists(&state, cve).await?;
    let (i, f) = (b.fecha_inicio.trim(), b.fecha_fin.trim());
    let inicio = parse_date(i);
    let fin = parse_date(f);
    let motivo = b.motivo.trim();
    let mut fe = FieldErrors::default();
    fe.check(inicio.is_some(), "fecha_inicio", "validacion.fecha");
    fe.check(fin.is_some(), "fecha_fin", "validacion.fecha");
    if let (Some(i), Some(f)) = (inicio, fin) {
        fe.check(f >= i, "fecha_fin", "validacion.rango_fechas");
    }
    fe.check(!motivo.is_empty(), "motivo", "validacion.campo_requerido");
    fe.check_len(motivo, AUSENCIA_MOTIVO_MAX, "motivo");
    fe.into_result()?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let now = state.now_iso();
    let new = db::absences::NewAbsence {
        cve_empleado: cve,
        inicio: i,
        fin: f,
        motivo,
        creado_por: u.cve_empleado,
        now: &now,
    };
    let mut tx = state.db.begin().await?;
    let id = db::absences::insert_unless_overlapping(&mut tx, &new)
        .await?
        .ok_or_else(|| AppError::conflict("duplicado.ausencia"))?;
    tx.commit().await?;
    Ok(axum::Json(AusenciaCreada {
        resp: "Excelente".into(),
        id_ausencia: id,
    }))
}

/// Deletes an absence.
#[utoipa::path(delete, path = "/api/pri/catalogos/empleados/{cve_empleado}/ausencias/{id_ausencia}", tag = "employees",
    params(("cve_empleado" = i64, Path), ("id_ausencia" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_absence(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve, id)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Resp>> {
    ensure_exists(&state, cve).await?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    if !db::absences::delete(&state.db.write, cve, id).await? {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}
