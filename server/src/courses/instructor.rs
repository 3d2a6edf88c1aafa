//! The instructor's own courses and their comments (`dashboard/cursos_instructor`).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Json;
use crate::http::Resp;
use crate::state::AppState;

/// Longest instructor comment.
pub const COMENTARIO_MAX: usize = 4000;

/// A course the caller teaches.
#[derive(Serialize, ToSchema, Debug, sqlx::FromRow)]
pub struct CursoInstructor {
    pub cve_curso: i64,
    pub nombre: String,
    pub nombre_nombre_corto: String,
    pub fecha_curso: String,
    pub comentarios_instructor: Option<String>,
    /// "1" when closed.
    pub curso_cerrado: String,
}

/// The courses the caller teaches (as internal instructor), newest first.
#[utoipa::path(get, path = "/api/pri/dashboard/cursos_instructor", tag = "courses",
    responses((status = 200, body = Vec<CursoInstructor>)))]
pub(super) async fn list(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<CursoInstructor>>> {
    Ok(axum::Json(
        super::db::cursos::del_instructor(&state.db.read, u.cve_empleado).await?,
    ))
}

/// A comment on one course.
#[derive(Deserialize, ToSchema)]
pub struct ComentarioCurso {
    pub cve_curso: i64,
    #[serde(default)]
    pub comentarios_instructor: String,
}

/// The body of the comment call.
#[derive(Deserialize, ToSchema)]
pub struct ComentarioBody {
    pub curso: ComentarioCurso,
}

/// Saves the instructor's comments on an open course they teach.
#[utoipa::path(post, path = "/api/pri/dashboard/cursos_instructor", tag = "courses", request_body = ComentarioBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn comment(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<ComentarioBody>,
) -> AppResult<axum::Json<Resp>> {
    let texto = b.curso.comentarios_instructor.trim();
    if texto.is_empty() {
        return Err(AppError::bad_request("cursos.comentario_obligatorio"));
    }
    let mut fe = crate::error::FieldErrors::default();
    fe.check_len(texto, COMENTARIO_MAX, "comentarios_instructor");
    fe.into_result()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = super::access::load(&mut tx, b.curso.cve_curso).await?;
    if !c.es_instructor(&u) {
        return Err(AppError::forbidden("auth.sin_permiso"));
    }
    c.abierto()?;
    super::db::cursos::set_comentarios(&mut *tx, c.cve_curso, texto, &now).await?;
    tx.commit().await?;
    Ok(Resp::msg("Comentarios Guardados"))
}
