//! Employees: the list, detail and favourites; maintenance (form, baja, photo, absences,
//! access, the profile wizard, the typeahead) and registration. Handlers live in one
//! file per concern and call `db` for every statement.

pub mod absences;
pub mod access;
pub mod accounts;
pub mod db;
pub mod edit;
pub mod form;
pub mod list;
pub mod options;
pub mod photo;
pub mod profiles;
pub mod registration;
pub mod self_service;
pub mod types;

use utoipa_axum::router::OpenApiRouter;

use crate::auth::check_scope;
use crate::auth::perms::{Scope, SessionUser};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

pub use form::EmployeeForm;

/// Every route of the employees domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(list::router(state))
        .merge(registration::router(state))
        .merge(edit::router(state))
        .merge(access::router(state))
        .merge(photo::router(state))
        .merge(absences::router(state))
        .merge(options::router(state))
        .merge(profiles::router(state))
        .merge(self_service::router(state))
}

/// 404 unless the employee exists.
pub(crate) async fn ensure_exists(state: &AppState, cve: i64) -> AppResult<()> {
    if db::detail::exists(&state.db.read, cve).await? {
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// 404 unless the employee exists, 403 unless the caller's scope reaches them.
pub(crate) async fn in_scope(state: &AppState, u: &SessionUser, cve: i64) -> AppResult<()> {
    ensure_exists(state, cve).await?;
    check_scope(state, u.scope, cve).await
}

/// Supervisors and company representatives write only inside their team: the employee
/// (or the supervisor a new one will report to) must be theirs.
pub(crate) async fn check_write_scope(
    state: &AppState,
    u: &SessionUser,
    target: Option<i64>,
    f: Option<&EmployeeForm>,
) -> AppResult<()> {
    if let Some(t) = target {
        check_scope(state, u.scope, t).await?;
    }
    if let Some(f) = f
        && !matches!(u.scope, Scope::Todos)
    {
        match f.cve_supervisor {
            Some(s) => check_scope(state, u.scope, s).await?,
            None => return Err(AppError::forbidden("auth.fuera_de_alcance")),
        }
    }
    Ok(())
}
