//! A course as an iCalendar file: one VEVENT per session in UTC, so any calendar client
//! shows it at the right local time. Downloaded from the course (`cursos/{cve}/ics`) and
//! attached to the course's e-mails.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

use super::db::cursos as db;
use super::types::{CursoDetalle, SesionCurso};
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::state::AppState;

/// The MIME type of the file.
pub const CONTENT_TYPE: &str = "text/calendar; charset=utf-8; method=PUBLISH";

/// A course's page in the web client.
pub fn course_link(state: &AppState, cve_curso: i64) -> String {
    format!(
        "{}/menu/curso/{cve_curso}",
        state.config.public_url.trim_end_matches('/')
    )
}

/// The event's UID of a session: stable, so a client updates instead of duplicating.
pub fn uid(cve_curso: i64, numero: i64) -> String {
    format!("curso-{cve_curso}-{numero}@aula")
}

/// A UTC instant `AAAA-MM-DDTHH:MM:SSZ` as stored in the sessions.
fn instante(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|d| d.with_timezone(&Utc))
}

/// Where the course happens: venue · room, or the meeting link.
fn lugar(d: &CursoDetalle) -> Option<String> {
    let sitio: Vec<&str> = [d.nombre_sede.as_deref(), d.nombre_sala.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.trim().is_empty())
        .collect();
    if !sitio.is_empty() {
        Some(sitio.join(" · "))
    } else {
        d.reunion_url.clone().filter(|u| !u.trim().is_empty())
    }
}

/// The calendar text of a course and its sessions.
pub fn render(state: &AppState, d: &CursoDetalle, sesiones: &[SesionCurso]) -> String {
    let titulo = if d.nombre_corto.trim().is_empty() {
        d.nombre_tema.clone()
    } else {
        d.nombre_corto.clone()
    };
    let enlace = course_link(state, d.cve_curso);
    let mut descripcion = format!("{} ({})", d.nombre_tema, d.abreviatura);
    if let Some(i) = d.nombre_instructor.as_deref() {
        descripcion.push_str(&format!("\nInstructor: {i}"));
    }
    if let Some(u) = d.reunion_url.as_deref() {
        descripcion.push_str(&format!("\nReunión: {u}"));
    }
    descripcion.push_str(&format!("\n{enlace}"));
    let donde = lugar(d);
    let sello = DateTime::from_timestamp(state.now(), 0).unwrap_or_default();
    let cancelado = d.estatus == "cancelado";
    let mut cal = Calendar::new();
    cal.append_property(Property::new("METHOD", "PUBLISH"));
    cal.name(&titulo);
    let total = sesiones.len();
    for s in sesiones {
        let (Some(inicio), Some(fin)) = (instante(&s.inicio), instante(&s.fin)) else {
            continue;
        };
        let mut e = Event::new();
        e.uid(&uid(d.cve_curso, s.numero))
            .timestamp(sello)
            .summary(&if total > 1 {
                format!("{titulo} ({}/{total})", s.numero)
            } else {
                titulo.clone()
            })
            .description(&descripcion)
            .url(d.reunion_url.as_deref().unwrap_or(&enlace))
            .starts(inicio)
            .ends(fin);
        if let Some(l) = donde.as_deref() {
            e.location(l);
        }
        e.status(if cancelado {
            EventStatus::Cancelled
        } else {
            EventStatus::Confirmed
        });
        cal.push(e.done());
    }
    cal.done().to_string()
}

/// The calendar of one course read from the database; 404 when it does not exist.
pub async fn of_course(
    state: &AppState,
    conn: &mut sqlx::SqliteConnection,
    cve_curso: i64,
) -> AppResult<String> {
    let d = db::detalle(&mut *conn, cve_curso)
        .await?
        .ok_or_else(AppError::not_found)?;
    let sesiones = db::sesiones(&mut *conn, cve_curso).await?;
    Ok(render(state, &d, &sesiones))
}

/// The course's sessions as an iCalendar file (visible to whoever may see the course).
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/ics", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, description = "The iCalendar file", content_type = "text/calendar"),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn download(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<Response> {
    let mut conn = state.db.read.acquire().await?;
    let base = super::access::load(&mut conn, cve_curso).await?;
    super::detail::visible(&state, &mut conn, &base, &u).await?;
    let texto = of_course(&state, &mut conn, cve_curso).await?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                header::HeaderValue::from_static(CONTENT_TYPE),
            ),
            (
                header::CONTENT_DISPOSITION,
                crate::files::attachment(&format!("curso_{cve_curso}.ics")),
            ),
        ],
        texto,
    )
        .into_response())
}
