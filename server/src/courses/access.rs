//! Who may do what with one course: loading it (404 `cursos.no_encontrado`) and the
//! caller's relation to it, which the handlers combine with the route's section.

use axum::http::StatusCode;
use sqlx::SqliteConnection;

use super::db::base::{self, CursoBase};
use crate::auth::perms::{Scope, SessionUser};
use crate::error::{AppError, AppResult};

/// Loads a course or answers 404 `cursos.no_encontrado`.
pub async fn load(conn: &mut SqliteConnection, cve_curso: i64) -> AppResult<CursoBase> {
    base::curso(&mut *conn, cve_curso)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.no_encontrado"))
}

impl CursoBase {
    /// Whether the caller is this course's (internal) instructor.
    pub fn es_instructor(&self, u: &SessionUser) -> bool {
        self.cve_empleado_instructor == Some(u.cve_empleado)
    }

    /// Closed: results are in the ledger; nothing but reopening changes it.
    pub fn cerrado(&self) -> bool {
        self.estatus == "cerrado"
    }

    /// Cancelled: kept for history, nothing changes it.
    pub fn cancelado(&self) -> bool {
        self.estatus == "cancelado"
    }

    /// Fails with 409 `cursos.cerrado` / `cursos.cancelado` unless the course is open.
    pub fn abierto(&self) -> AppResult<()> {
        if self.cerrado() {
            return Err(AppError::conflict("cursos.cerrado"));
        }
        if self.cancelado() {
            return Err(AppError::conflict("cursos.cancelado"));
        }
        Ok(())
    }

    /// A course's running work (attendance, grades, activities) belongs to its instructor
    /// and to holders of the section with the whole company in scope.
    pub fn puede_evaluar(&self, u: &SessionUser) -> bool {
        matches!(u.scope, Scope::Todos) || self.es_instructor(u)
    }
}
