//! Following the DC-3s owed: every closed course's accredited participants must receive
//! theirs within 20 working days of its end (spec section 9). Per course: the due date, how
//! many were delivered (downloaded by or for the worker, or e-mailed), and whether the
//! course is done, on time or late; per participant: their code, delivery and what data is
//! still missing; and sending a course's pending DC-3s by e-mail.

use axum::extract::{Query, State};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::calendar::dc3_due;
use super::db;
use super::dc3::{self, carries_dc3};
use crate::auth::perms::{CurrentUser, Scope, SessionUser};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::i18n::{current_lang, message};
use crate::mail::{Adjunto, Mail, html_escape};
use crate::state::AppState;

/// The year a follow-up covers (courses that ended in it).
#[derive(Deserialize, IntoParams)]
pub struct FiltroSeguimiento {
    /// AAAA; the company's current year when left out.
    pub anio: Option<i32>,
}

/// A course's DC-3 follow-up.
#[derive(Serialize, ToSchema)]
pub struct SeguimientoDc3 {
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    /// The 20th working day after the course's end.
    pub fecha_limite: String,
    /// Working days left (negative: days late; 0 on the due date).
    pub dias_restantes: i64,
    pub acreditados: i64,
    pub entregadas: i64,
    pub pendientes: i64,
    /// entregadas (all delivered) | por_entregar | vencidas (pending after the due date)
    pub estado: String,
}

/// The supervisor whose team bounds a query (None: everyone).
fn team(u: &SessionUser) -> Option<i64> {
    match u.scope {
        Scope::Todos => None,
        Scope::Subordinados(me) | Scope::Propio(me) => Some(me),
    }
}

/// Working days from `from` to `to` (negative when `to` is earlier).
fn working_days_between(from: NaiveDate, to: NaiveDate) -> i64 {
    let (a, b, sign) = if from <= to {
        (from, to, 1)
    } else {
        (to, from, -1)
    };
    let mut n = 0;
    let mut d = a;
    while d < b {
        d = d.succ_opt().unwrap_or(b);
        if super::calendar::is_working_day(d) {
            n += 1;
        }
    }
    sign * n
}

fn follow_up_row(c: db::CursoSeguimiento, hoy: NaiveDate) -> Option<SeguimientoDc3> {
    let fin = NaiveDate::parse_from_str(&c.fecha_fin, "%Y-%m-%d").ok()?;
    let limite = dc3_due(fin);
    let pendientes = (c.acreditados - c.entregadas).max(0);
    let estado = if pendientes == 0 {
        "entregadas"
    } else if hoy > limite {
        "vencidas"
    } else {
        "por_entregar"
    };
    Some(SeguimientoDc3 {
        cve_curso: c.cve_curso,
        nombre_curso: c.nombre_curso,
        fecha_inicio: c.fecha_inicio,
        fecha_fin: c.fecha_fin,
        fecha_limite: limite.format("%Y-%m-%d").to_string(),
        dias_restantes: working_days_between(hoy, limite),
        acreditados: c.acreditados,
        entregadas: c.entregadas,
        pendientes,
        estado: estado.into(),
    })
}

/// The closed courses of a year with DC-3s owed (modalities that carry one), newest first:
/// due date, delivered and pending, and whether they are late. A Supervisor-scoped caller
/// counts only their team.
#[utoipa::path(get, path = "/api/pri/certificados/dc3/seguimiento", tag = "certificates",
    params(FiltroSeguimiento),
    responses((status = 200, body = Vec<SeguimientoDc3>), (status = 403, body = ErrorBody)))]
pub(super) async fn follow_up(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(f): Query<FiltroSeguimiento>,
) -> AppResult<axum::Json<Vec<SeguimientoDc3>>> {
    let hoy = crate::courses::enrolment::hoy(&state).await?;
    let anio = f.anio.unwrap_or_else(|| chrono::Datelike::year(&hoy));
    if !(2000..=2100).contains(&anio) {
        return Err(AppError::bad_request("validacion.fecha"));
    }
    let mut conn = state.db.read.acquire().await?;
    let rows = db::follow_up(
        &mut conn,
        &format!("{anio}-01-01"),
        &format!("{anio}-12-31"),
        team(&u),
    )
    .await?;
    Ok(axum::Json(
        rows.into_iter()
            .filter(|c| carries_dc3(&c.modalidad))
            .filter_map(|c| follow_up_row(c, hoy))
            .collect(),
    ))
}

/// One accredited participant's DC-3.
#[derive(Serialize, ToSchema)]
pub struct EntregaDc3 {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
    /// The verification code once issued.
    pub codigo: Option<String>,
    pub entregado: Option<String>,
    /// descarga | correo
    pub medio_entrega: Option<String>,
    /// What keeps the DC-3 from being issued, in the caller's language (empty: ready).
    pub faltantes: Vec<String>,
}

/// A course's follow-up with each accredited participant.
#[derive(Serialize, ToSchema)]
pub struct DetalleSeguimientoDc3 {
    pub curso: SeguimientoDc3,
    pub participantes: Vec<EntregaDc3>,
}

async fn course_rows(
    state: &AppState,
    u: &SessionUser,
    cve_curso: i64,
) -> AppResult<(
    SeguimientoDc3,
    Vec<(db::ParticipanteDc3, Option<dc3::Dc3>, Vec<String>)>,
)> {
    let hoy = crate::courses::enrolment::hoy(state).await?;
    let mut conn = state.db.read.acquire().await?;
    let c = db::follow_up(&mut conn, "0000-01-01", "9999-12-31", team(u))
        .await?
        .into_iter()
        .find(|c| c.cve_curso == cve_curso && carries_dc3(&c.modalidad))
        .ok_or_else(dc3::no_course)?;
    let curso = follow_up_row(c, hoy).ok_or_else(dc3::no_course)?;
    let lang = current_lang();
    let mut out = Vec::new();
    for p in db::accredited(&mut conn, cve_curso, team(u)).await? {
        if matches!(u.scope, Scope::Propio(me) if me != p.cve_empleado) {
            continue;
        }
        let d = dc3::gather(&mut conn, p.cve_empleado, cve_curso).await.ok();
        let faltantes = d
            .as_ref()
            .map(|d| {
                dc3::missing(d)
                    .values()
                    .map(|code| message(code, lang, &[]))
                    .collect()
            })
            .unwrap_or_default();
        out.push((p, d, faltantes));
    }
    Ok((curso, out))
}

/// A course's DC-3s: each accredited participant (within the caller's scope) with the code,
/// the delivery and the data still missing.
#[utoipa::path(get, path = "/api/pri/certificados/dc3/seguimiento/{cve_curso}", tag = "certificates",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = DetalleSeguimientoDc3), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn course_follow_up(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<DetalleSeguimientoDc3>> {
    let (curso, rows) = course_rows(&state, &u, cve_curso).await?;
    Ok(axum::Json(DetalleSeguimientoDc3 {
        curso,
        participantes: rows
            .into_iter()
            .map(|(p, _, faltantes)| EntregaDc3 {
                cve_empleado: p.cve_empleado,
                num_empleado: p.num_empleado,
                nombre_empleado: p.nombre_empleado,
                correo_empleado: p.correo_empleado,
                codigo: p.codigo,
                entregado: p.entregado,
                medio_entrega: p.medio_entrega,
                faltantes,
            })
            .collect(),
    }))
}

/// What sending a course's DC-3s did.
#[derive(Serialize, ToSchema)]
pub struct EnvioDc3 {
    pub resp: String,
    /// E-mailed now (each with their DC-3 attached).
    pub enviadas: i64,
    /// Already delivered before: not sent again.
    pub ya_entregadas: i64,
    /// Without an e-mail address.
    pub sin_correo: i64,
    /// With data still missing (see the course's follow-up).
    pub incompletas: i64,
}

/// E-mails each accredited participant (within scope) whose DC-3 was not delivered yet their
/// DC-3 as a PDF attachment, and records the delivery ('correo').
#[utoipa::path(post, path = "/api/pri/certificados/dc3/{cve_curso}/enviar", tag = "certificates",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = EnvioDc3), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn send_course_dc3(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<EnvioDc3>> {
    let (curso, rows) = course_rows(&state, &u, cve_curso).await?;
    let mut r = EnvioDc3 {
        resp: "Excelente".into(),
        enviadas: 0,
        ya_entregadas: 0,
        sin_correo: 0,
        incompletas: 0,
    };
    for (p, d, faltantes) in rows {
        if p.entregado.is_some() {
            r.ya_entregadas += 1;
            continue;
        }
        let Some(correo) = p.correo_empleado.filter(|c| !c.trim().is_empty()) else {
            r.sin_correo += 1;
            continue;
        };
        let Some(d) = d.filter(|_| faltantes.is_empty()) else {
            r.incompletas += 1;
            continue;
        };
        let (certificado, pdf) = super::issue_dc3(&state, d, u.cve_empleado, "correo").await?;
        let texto = format!(
            "Hola {}:\n\nTe enviamos tu constancia de competencias o de habilidades laborales (DC-3) del curso {}, que terminó el {}.\n\nPuedes verificarla en {}",
            p.nombre_empleado,
            curso.nombre_curso,
            curso.fecha_fin,
            super::verification_url(&state, &certificado.codigo)
        );
        state.mailer.send_later_with(
            Mail {
                to: correo,
                subject: format!("Tu constancia DC-3: {}", curso.nombre_curso),
                html: format!("<p>{}</p>", html_escape(&texto).replace('\n', "<br>")),
                text: texto,
            },
            vec![Adjunto {
                nombre: format!("DC3-{}-{cve_curso}.pdf", p.num_empleado),
                tipo: "application/pdf".into(),
                datos: pdf,
            }],
        );
        r.enviadas += 1;
    }
    Ok(axum::Json(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn working_days_between_count_both_ways() {
        assert_eq!(working_days_between(d("2026-06-01"), d("2026-06-08")), 5);
        assert_eq!(working_days_between(d("2026-06-08"), d("2026-06-01")), -5);
        assert_eq!(working_days_between(d("2026-06-01"), d("2026-06-01")), 0);
    }
}
