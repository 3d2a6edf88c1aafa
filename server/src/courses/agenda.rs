//! Session views: the calendar (any range up to 62 days), today's panel and the online
//! sessions (`teams` screen). Dates are company-local; instants UTC.

use axum::extract::State;
use axum::response::IntoResponse;
use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::db::sesiones::{self as db, FiltroCalendario};
use crate::auth::perms::{CurrentUser, Scope, SessionUser};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Query;
use crate::state::AppState;
use crate::validate::parse_date;

/// Widest calendar range, in days.
pub const RANGO_MAX_DIAS: i64 = 62;
/// Days ahead the online sessions list looks.
pub const REUNIONES_DIAS: u64 = 30;

/// One session in the calendar.
// The database writes this shape itself (`db::sesiones::calendario_json`).
#[derive(ToSchema, Debug)]
pub struct EventoCalendario {
    pub id_sesion: i64,
    pub cve_curso: i64,
    pub titulo: String,
    pub nombre_tema: String,
    pub modalidad: String,
    pub estatus: String,
    /// UTC
    pub inicio: String,
    /// UTC
    pub fin: String,
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
    pub sede: Option<String>,
    pub sala: Option<String>,
    pub instructor: Option<String>,
    pub capacidad: i64,
    pub inscritos: i64,
    pub lugares_disponibles: i64,
    /// The caller holds a seat.
    pub inscrito: bool,
    /// The caller is on the waiting list.
    pub en_espera: bool,
    pub autoinscripcion: bool,
}

/// One of today's sessions in the panel.
#[derive(Serialize, ToSchema, Debug, sqlx::FromRow)]
pub struct SesionPanel {
    pub id_sesion: i64,
    pub cve_curso: i64,
    pub nombre_corto: String,
    pub nombre_tema: String,
    pub modalidad: String,
    pub numero: i64,
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
    pub inicio: String,
    pub fin: String,
    pub sede: Option<String>,
    pub sala: Option<String>,
    pub instructor: Option<String>,
    pub reunion_url: Option<String>,
    pub inscritos: i64,
    pub confirmados: i64,
    /// Attendance rows recorded for this session.
    pub asistencia_registrada: i64,
}

/// One upcoming online session.
#[derive(Serialize, ToSchema, Debug, sqlx::FromRow)]
pub struct ReunionSesion {
    pub id_sesion: i64,
    pub cve_curso: i64,
    pub nombre_corto: String,
    pub nombre_tema: String,
    pub modalidad: String,
    pub numero: i64,
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
    pub inicio: String,
    pub fin: String,
    pub instructor: Option<String>,
    pub reunion_tipo: String,
    pub reunion_url: Option<String>,
    pub inscritos: i64,
}

/// Calendar query.
#[derive(Deserialize, IntoParams, Debug)]
pub struct CalendarioQuery {
    /// AAAA-MM-DD
    pub desde: String,
    /// AAAA-MM-DD
    pub hasta: String,
    pub cve_tema: Option<i64>,
    pub modalidad: Option<String>,
    pub cve_instructor: Option<i64>,
}

/// The employee whose courses an own-scope caller (an Instructor) sees.
fn solo_propios(u: &SessionUser) -> Option<i64> {
    match u.scope {
        Scope::Propio(cve) => Some(cve),
        _ => None,
    }
}

/// Sessions between two dates (at most 62 days); cancelled courses only for schedulers.
#[utoipa::path(get, path = "/api/pri/cursos/calendario", tag = "courses", params(CalendarioQuery),
    responses((status = 200, body = Vec<EventoCalendario>), (status = 400, body = ErrorBody)))]
pub(super) async fn calendar(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(q): Query<CalendarioQuery>,
) -> AppResult<axum::response::Response> {
    let desde = parse_date(q.desde.trim());
    let hasta = parse_date(q.hasta.trim());
    let mut fe = FieldErrors::default();
    fe.check(desde.is_some(), "desde", "validacion.fecha");
    fe.check(hasta.is_some(), "hasta", "validacion.fecha");
    fe.into_result()?;
    let (Some(desde), Some(hasta)) = (desde, hasta) else {
        return Err(AppError::bad_request("validacion.fecha"));
    };
    let dias = (hasta - desde).num_days();
    if !(0..=RANGO_MAX_DIAS).contains(&dias) {
        return Err(
            AppError::bad_request("cursos.rango_calendario").arg("max", RANGO_MAX_DIAS.to_string())
        );
    }
    let f = FiltroCalendario {
        cve_tema: q.cve_tema,
        modalidad: q
            .modalidad
            .map(|m| m.trim().to_uppercase())
            .filter(|m| !m.is_empty()),
        cve_instructor: q.cve_instructor,
        con_cancelados: u.can(&state, super::SECCION_PROGRAMAR),
    };
    let iso = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let json =
        db::calendario_json(&state.db.read, &iso(desde), &iso(hasta), &f, u.cve_empleado).await?;
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        json,
    )
        .into_response())
}

/// Today's (company-local) sessions; an Instructor sees only theirs.
#[utoipa::path(get, path = "/api/pri/cursos/panel", tag = "courses",
    responses((status = 200, body = Vec<SesionPanel>)))]
pub(super) async fn panel(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<SesionPanel>>> {
    let cia = crate::settings::load(&state).await?;
    let hoy = super::schedule::hoy_local(&state, super::schedule::zona(&cia));
    let fecha = hoy.format("%Y-%m-%d").to_string();
    Ok(axum::Json(
        db::panel(&state.db.read, &fecha, solo_propios(&u)).await?,
    ))
}

/// Today's and the next 30 days' online sessions; an Instructor sees only theirs.
#[utoipa::path(get, path = "/api/pri/cursos/reuniones", tag = "courses",
    responses((status = 200, body = Vec<ReunionSesion>)))]
pub(super) async fn meetings(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<ReunionSesion>>> {
    let cia = crate::settings::load(&state).await?;
    let hoy = super::schedule::hoy_local(&state, super::schedule::zona(&cia));
    let fin = hoy + Days::new(REUNIONES_DIAS);
    let iso = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    Ok(axum::Json(
        db::reuniones(&state.db.read, &iso(hoy), &iso(fin), solo_propios(&u)).await?,
    ))
}
