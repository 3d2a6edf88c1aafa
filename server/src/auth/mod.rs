//! Authentication, sessions and the calls of the spec's "Session and users" group.

pub mod db;

pub mod identity;
pub mod password;
pub mod perms;
pub mod ratelimit;
pub mod session;
pub mod token;
pub mod types;
pub mod user;

mod login;
mod passwords;
mod profiles;
mod sessions;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::perms::{Rule, secured};
use crate::state::AppState;

pub use self::perms::check_scope;

/// The auth routes, with the public file route (`files::router`).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Anonimo,
            routes!(token::issue_generic_token),
        ))
        .merge(crate::files::router(state))
        .routes(secured(state, Rule::Publico, routes!(login::login)))
        .routes(secured(
            state,
            Rule::Publico,
            routes!(passwords::request_password_reset),
        ))
        .routes(secured(
            state,
            Rule::Restablecer,
            routes!(passwords::reset_password),
        ))
        .routes(secured(state, Rule::Sesion, routes!(login::login_user)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(login::login_user_by_key),
        ))
        .routes(secured(state, Rule::Sesion, routes!(sessions::end_session)))
        .routes(secured(
            state,
            Rule::Seccion("usuarios.activos"),
            routes!(sessions::list_active_sessions),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(passwords::change_password),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(profiles::switch_profile),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(profiles::list_sections_by_profile),
        ))
}
