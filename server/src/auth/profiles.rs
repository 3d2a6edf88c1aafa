//! Handlers of the user's profiles: switching the session's profile and the
//! permission matrix (`perfiles/secciones/perfiles`).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::permissions as db;
use super::perms::CurrentUser;
use super::session;
use super::token::TokenKind;
use super::types::SeccionesPerfiles;
use super::user::{self, User};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

#[derive(Deserialize, ToSchema)]
pub(super) struct CambiarPerfilBody {
    perfil: i64,
}

#[derive(Serialize, ToSchema)]
pub(super) struct CambiarPerfilResp {
    resp: String,
    usuario: User,
    token: String,
}

/// Switches the session to another of the user's profiles.
#[utoipa::path(post, path = "/api/pri/perfiles/cambiar_perfil", tag = "auth", request_body = CambiarPerfilBody,
    responses((status = 200, body = CambiarPerfilResp), (status = 403, body = ErrorBody)))]
pub(super) async fn switch_profile(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(body): Json<CambiarPerfilBody>,
) -> AppResult<axum::Json<CambiarPerfilResp>> {
    if !db::has_profile(&state.db.read, u.cve_empleado, body.perfil).await? {
        return Err(AppError::forbidden("auth.perfil_no_asignado"));
    }
    session::set_profile(&state, &u.sid, body.perfil).await?;
    let token = state.keys.issue(
        state.now(),
        session::SESSION_TOKEN_TTL,
        u.cve_empleado,
        TokenKind::Sesion,
        &u.sid,
        Some(body.perfil),
    )?;
    let usuario = user::load(&state, u.cve_empleado, body.perfil, token.clone()).await?;
    Ok(axum::Json(CambiarPerfilResp {
        resp: "Excelente".into(),
        usuario,
        token,
    }))
}

/// Profiles, sections and the permission matrix.
#[utoipa::path(get, path = "/api/pri/perfiles/secciones/perfiles", tag = "auth",
    responses((status = 200, body = SeccionesPerfiles)))]
pub(super) async fn list_sections_by_profile(
    State(state): State<AppState>,
) -> AppResult<axum::Json<SeccionesPerfiles>> {
    let perfiles = db::profile_rows(&state.db.read).await?;
    let perfiles_secciones = db::matrix_rows(&state.db.read).await?;
    let secciones = db::section_rows(&state.db.read).await?;
    Ok(axum::Json(SeccionesPerfiles {
        perfiles,
        perfiles_secciones,
        secciones,
    }))
}
