//! An employee's photo, changed by whoever edits employees.

use axum::extract::{Multipart, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{check_write_scope, db, ensure_exists};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppResult, ErrorBody};
use crate::extract::Path;
use crate::state::AppState;

/// The photo route.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion("catalogos.empleados.editar"),
        routes!(upload_photo),
    ))
}

#[derive(Serialize, ToSchema)]
struct FotoEmpleadoResp {
    resp: String,
    foto_url: String,
}

/// Changes an employee's photo: multipart `foto` (png, gif or jpeg, under 8 MB).
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/{cve_empleado}/foto", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `foto`: the image"),
    responses((status = 200, body = FotoEmpleadoResp), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn upload_photo(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<FotoEmpleadoResp>> {
    ensure_exists(&state, cve).await?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key = crate::files::store_image(&state, "employees/photos", &cve.to_string(), data).await?;
    let url = crate::files::public_url(&key);
    db::employee::set_photo(&state.db.write, cve, &url, &state.now_iso()).await?;
    Ok(axum::Json(FotoEmpleadoResp {
        resp: "Excelente".into(),
        foto_url: url,
    }))
}
