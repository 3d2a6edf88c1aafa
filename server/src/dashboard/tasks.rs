//! The dashboard's to-do list ('Tareas', spec sections 2, 3, 7 and 8): one's own tasks, and
//! those a supervisor (or Rep. Empresa) assigns to their people, who are told.

use axum::extract::State;
use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Supervisado, Tarea, TareaFila};
use crate::auth::perms::{CurrentUser, Rule, SessionUser, secured};
use crate::contract::{TAREA_DESCRIPCION_MAX, TAREA_TITULO_MAX};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::notifications::{Destino, Nueva, notify};
use crate::state::AppState;

/// Most people the supervised list answers.
pub const SUPERVISADOS_MAX: i64 = 500;

/// The routes of the to-do list (every profile has the dashboard).
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = || Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r(), routes!(list_tasks, create_task)))
        .routes(secured(state, r(), routes!(update_task, delete_task)))
        .routes(secured(state, r(), routes!(list_supervised)))
}

/// A task as the client sends it.
#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct TareaForm {
    pub title: String,
    #[serde(default)]
    pub description: Option<String>,
    /// AAAA-MM-DD; one month ahead when missing.
    #[serde(default, rename = "dueDate")]
    pub due_date: Option<String>,
    /// Whose task: oneself when missing, or one of one's people.
    #[serde(default)]
    pub cve_empleado: Option<i64>,
    /// pendiente | terminada (also read from `done`).
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub done: Option<bool>,
}

/// `{tarea: …}`, the body of POST and PUT.
#[derive(Deserialize, ToSchema, Debug)]
pub struct TareaBody {
    pub tarea: TareaForm,
}

/// What creating answers.
#[derive(Serialize, ToSchema)]
pub struct TareaCreada {
    pub resp: String,
    pub id: i64,
}

/// Whether the form says the task is done.
fn done_of(f: &TareaForm) -> bool {
    f.done.unwrap_or_else(|| {
        f.status.as_deref().is_some_and(|s| {
            matches!(
                s.trim().to_lowercase().as_str(),
                "terminada" | "completada" | "hecha" | "done" | "1"
            )
        })
    })
}

/// Checks a form: the title (1–100), the description (≤ 1,000) and the due date (one month
/// after `hoy` when missing). Returns (titulo, descripcion, fecha_limite).
fn check(f: &TareaForm, hoy: NaiveDate) -> AppResult<(String, String, String)> {
    let mut fe = FieldErrors::default();
    let titulo = f.title.trim().to_string();
    fe.check(!titulo.is_empty(), "title", "validacion.campo_requerido");
    fe.check_len(&titulo, TAREA_TITULO_MAX, "title");
    let descripcion = f.description.as_deref().unwrap_or("").trim().to_string();
    fe.check_len(&descripcion, TAREA_DESCRIPCION_MAX, "description");
    let fecha = match f
        .due_date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
    {
        None => hoy.checked_add_months(Months::new(1)).unwrap_or(hoy),
        Some(d) => match NaiveDate::parse_from_str(d, "%Y-%m-%d") {
            Ok(d) => d,
            Err(_) => {
                fe.add("dueDate", "validacion.fecha");
                hoy
            }
        },
    };
    fe.into_result()?;
    Ok((titulo, descripcion, fecha.format("%Y-%m-%d").to_string()))
}

/// Whose task a form names: oneself, or one of one's people (403 otherwise).
async fn assignee(state: &AppState, u: &SessionUser, cve: Option<i64>) -> AppResult<i64> {
    match cve {
        None => Ok(u.cve_empleado),
        Some(c) if c == u.cve_empleado => Ok(c),
        Some(c) => {
            if crate::employees::db::is_subordinate(&state.db.read, u.cve_empleado, c).await? {
                Ok(c)
            } else {
                Err(AppError::forbidden("tareas.fuera_de_equipo"))
            }
        }
    }
}

/// Tells someone a task was assigned to them (a failure is only logged).
async fn tell_assignee(state: &AppState, u: &SessionUser, cve: i64, titulo: &str, fecha: &str) {
    let nombre = match state.db.read.acquire().await {
        Ok(mut conn) => db::name_of(&mut conn, u.cve_empleado)
            .await
            .unwrap_or_default(),
        Err(_) => String::new(),
    };
    let n = Nueva {
        titulo: "Nueva tarea".into(),
        contenido: format!("{} te asignó la tarea «{titulo}» para el {fecha}.", nombre),
        tipo: Some("tarea".into()),
        recurso: Some("/menu/dashboard".into()),
        origen: Some("Dashboard".into()),
        ..Nueva::default()
    };
    if let Err(e) = notify(state, &Destino::Empleado { cve_empleado: cve }, &n).await {
        tracing::warn!(error = %e, "a task notification was not sent");
    }
}

/// One's tasks and those one assigned: pending first, by due date.
#[utoipa::path(get, path = "/api/pri/tareas", tag = "dashboard",
    responses((status = 200, body = Vec<Tarea>), (status = 403, body = ErrorBody)))]
async fn list_tasks(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<Tarea>>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(db::tasks_of(&mut conn, u.cve_empleado).await?))
}

/// Adds a task for oneself or one of one's people (403 `tareas.fuera_de_equipo` for anyone
/// else), who is notified.
#[utoipa::path(post, path = "/api/pri/tareas", tag = "dashboard", request_body = TareaBody,
    responses((status = 200, body = TareaCreada), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn create_task(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<TareaBody>,
) -> AppResult<axum::Json<TareaCreada>> {
    let (titulo, descripcion, fecha) =
        check(&b.tarea, crate::courses::enrolment::hoy(&state).await?)?;
    let cve = assignee(&state, &u, b.tarea.cve_empleado).await?;
    let now = state.now_iso();
    let mut conn = state.db.write.acquire().await?;
    let id = db::insert_task(
        &mut conn,
        &TareaFila {
            cve_empleado: cve,
            titulo: &titulo,
            descripcion: &descripcion,
            fecha_limite: &fecha,
            hecha: done_of(&b.tarea),
        },
        u.cve_empleado,
        &now,
    )
    .await?;
    drop(conn);
    if cve != u.cve_empleado {
        tell_assignee(&state, &u, cve, &titulo, &fecha).await;
    }
    super::live::tell(&state, &[cve, u.cve_empleado], "tareas").await;
    Ok(axum::Json(TareaCreada {
        resp: "Excelente".into(),
        id,
    }))
}

/// Changes a task. Its writer changes anything (reassigning within their people, who is
/// told); the person it was assigned to only marks it done or undone (403
/// `tareas.solo_estado` for anything else); 404 for anyone else's.
#[utoipa::path(put, path = "/api/pri/tareas/{id}", tag = "dashboard", request_body = TareaBody,
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_task(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<TareaBody>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let actual = {
        let mut conn = state.db.read.acquire().await?;
        db::task(&mut conn, id).await?
    }
    .filter(|t| t.cve_empleado == u.cve_empleado || t.creado_por == u.cve_empleado)
    .ok_or_else(AppError::not_found)?;
    let f = &b.tarea;
    let (titulo, descripcion, fecha) = check(f, crate::courses::enrolment::hoy(&state).await?)?;
    let writer = actual.creado_por == u.cve_empleado;
    let cve = if writer {
        match f.cve_empleado {
            None => actual.cve_empleado,
            Some(c) if c == actual.cve_empleado => c,
            Some(c) => assignee(&state, &u, Some(c)).await?,
        }
    } else {
        let same = titulo == actual.title
            && descripcion == actual.description
            && f.due_date
                .as_deref()
                .is_none_or(|d| d.trim() == actual.due_date)
            && f.cve_empleado.is_none_or(|c| c == actual.cve_empleado);
        if !same {
            return Err(AppError::forbidden("tareas.solo_estado"));
        }
        actual.cve_empleado
    };
    let fecha = if writer {
        fecha
    } else {
        actual.due_date.clone()
    };
    let now = state.now_iso();
    let mut conn = state.db.write.acquire().await?;
    if !db::update_task(
        &mut conn,
        id,
        &TareaFila {
            cve_empleado: cve,
            titulo: &titulo,
            descripcion: &descripcion,
            fecha_limite: &fecha,
            hecha: done_of(f),
        },
        &now,
    )
    .await?
    {
        return Err(AppError::not_found());
    }
    drop(conn);
    if cve != actual.cve_empleado && cve != u.cve_empleado {
        tell_assignee(&state, &u, cve, &titulo, &fecha).await;
    }
    super::live::tell(
        &state,
        &[cve, actual.cve_empleado, actual.creado_por],
        "tareas",
    )
    .await;
    Ok(crate::http::Resp::ok())
}

/// Deletes a task one wrote (403 `tareas.solo_creador` for one assigned by someone else; 404
/// for anyone else's).
#[utoipa::path(delete, path = "/api/pri/tareas/{id}", tag = "dashboard",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_task(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let mut conn = state.db.write.acquire().await?;
    let t = db::task(&mut conn, id)
        .await?
        .filter(|t| t.cve_empleado == u.cve_empleado || t.creado_por == u.cve_empleado)
        .ok_or_else(AppError::not_found)?;
    if t.creado_por != u.cve_empleado {
        return Err(AppError::forbidden("tareas.solo_creador"));
    }
    db::delete_task(&mut conn, id).await?;
    drop(conn);
    super::live::tell(&state, &[t.cve_empleado, t.creado_por], "tareas").await;
    Ok(crate::http::Resp::ok())
}

/// One's people to assign tasks to (direct and indirect subordinates, by name, 500 at most);
/// empty for whoever has none.
#[utoipa::path(get, path = "/api/pri/tareas/empleados/supervisor", tag = "dashboard",
    responses((status = 200, body = Vec<Supervisado>), (status = 403, body = ErrorBody)))]
async fn list_supervised(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<Supervisado>>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(
        db::supervised(&mut conn, u.cve_empleado, SUPERVISADOS_MAX).await?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_due_date_is_one_month_ahead_and_the_title_is_required() {
        let hoy = NaiveDate::from_ymd_opt(2026, 1, 31).unwrap_or_default();
        let f = TareaForm {
            title: " Revisar DC-3 ".into(),
            ..TareaForm::default()
        };
        let (t, d, fecha) = check(&f, hoy).unwrap_or_default();
        assert_eq!(
            (t.as_str(), d.as_str(), fecha.as_str()),
            ("Revisar DC-3", "", "2026-02-28")
        );
        assert!(check(&TareaForm::default(), hoy).is_err());
        let bad = TareaForm {
            title: "x".into(),
            due_date: Some("31/01/2026".into()),
            ..TareaForm::default()
        };
        assert!(check(&bad, hoy).is_err());
    }

    #[test]
    fn done_is_read_from_done_or_status() {
        let mut f = TareaForm::default();
        assert!(!done_of(&f));
        f.status = Some("Terminada".into());
        assert!(done_of(&f));
        f.done = Some(false);
        assert!(!done_of(&f));
    }
}
