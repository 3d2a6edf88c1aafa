//! The dashboard's figures (spec sections 2, 3 and 7, `dashboard/*`): the cards, courses per
//! month and modality, compliance by structure and by region, the top-5 ranking and one's
//! accredited courses — computed on each call from the courses, plans and employees
//! domains' data within the caller's scope (Supervisor and Rep. Empresa: their people).

pub mod anuncios;
pub mod db;
pub mod live;
pub mod tasks;
pub mod weather;

use axum::extract::State;
use chrono::{Datelike, Days, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::state::AppState;
use db::{Agrupar, Alcance};

/// The dashboard section every profile has.
pub const SECCION: &str = "dashboard";
/// Rows of the ranking (spec section 9).
pub const RANKING_TOP: i64 = 5;
/// Days ahead the 'about to expire' card looks.
pub const PROXIMOS_DIAS: u64 = 30;

/// Every route of the dashboard's figures.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = || Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r(), routes!(get_cards)))
        .routes(secured(state, r(), routes!(get_courses_per_month)))
        .routes(secured(state, r(), routes!(get_ranking)))
        .routes(secured(state, r(), routes!(get_compliance_by_structure)))
        .routes(secured(state, r(), routes!(get_compliance_by_region)))
        .routes(secured(state, r(), routes!(get_accredited_courses)))
        .merge(tasks::router(state))
        .merge(weather::router(state))
        .merge(anuncios::router(state))
}

/// Whom the company-wide figures of a caller cover: everyone (scope todos), their people
/// (subordinados) or themself (propio).
pub fn alcance(u: &SessionUser) -> Alcance {
    match u.scope {
        Scope::Todos => Alcance::Todos,
        Scope::Subordinados(me) => Alcance::Equipo(me),
        Scope::Propio(me) => Alcance::Uno(me),
    }
}

fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A ranking period (spec section 9: Mes, Dia, Semana, Anio).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Periodo {
    Dia,
    Semana,
    Mes,
    Anio,
}

impl Periodo {
    pub fn parse(s: &str) -> Option<Periodo> {
        match s {
            "Dia" => Some(Periodo::Dia),
            "Semana" => Some(Periodo::Semana),
            "Mes" => Some(Periodo::Mes),
            "Anio" => Some(Periodo::Anio),
            _ => None,
        }
    }

    /// The key of the period holding `hoy` in the ranking's counts (`plan_ranking`): 'A2026',
    /// 'M2026-11', 'S' + the week's Monday, 'D' + the day.
    pub fn clave(self, hoy: NaiveDate) -> String {
        let (desde, _) = self.bounds(hoy);
        match self {
            Periodo::Dia => format!("D{}", iso(hoy)),
            Periodo::Semana => format!("S{}", iso(desde)),
            Periodo::Mes => format!("M{}", desde.format("%Y-%m")),
            Periodo::Anio => format!("A{}", desde.format("%Y")),
        }
    }

    /// The first and last day of the period holding `hoy` (weeks Monday to Sunday).
    pub fn bounds(self, hoy: NaiveDate) -> (NaiveDate, NaiveDate) {
        match self {
            Periodo::Dia => (hoy, hoy),
            Periodo::Semana => {
                let desde = hoy - Days::new(u64::from(hoy.weekday().num_days_from_monday()));
                (desde, desde + Days::new(6))
            }
            Periodo::Mes => {
                let desde = hoy.with_day(1).unwrap_or(hoy);
                let siguiente = desde
                    .checked_add_months(chrono::Months::new(1))
                    .unwrap_or(desde);
                (desde, siguiente.pred_opt().unwrap_or(hoy))
            }
            Periodo::Anio => (
                NaiveDate::from_ymd_opt(hoy.year(), 1, 1).unwrap_or(hoy),
                NaiveDate::from_ymd_opt(hoy.year(), 12, 31).unwrap_or(hoy),
            ),
        }
    }
}

/// The dashboard cards (spec section 3): the company-wide figures within the caller's scope
/// and the caller's own plan figures.
#[derive(Serialize, ToSchema, Debug)]
pub struct Tarjetas {
    /// Courses (not cancelled) with a day in this week (Monday to Sunday).
    pub total_cursos_programados_esta_semana: i64,
    /// Valid accreditations that expire within the next 30 days.
    pub total_cursos_proximos_vencer: i64,
    /// In-person courses with a day in this month.
    pub total_cursos_impartidos_mes: i64,
    /// The costs of this year's courses, in MXN.
    pub total_costos_cursos: f64,
    /// One's place in this year's ranking of the whole company: one more than the active
    /// people with more passed accreditations, so people with as many share a place (0
    /// without accreditations).
    pub mi_ranking: i64,
    /// Topics of one's plan not accredited today.
    pub cursos_pendientes: i64,
    /// Topics of one's plan accredited today.
    pub cursos_terminados: i64,
    /// Percent of one's required topics accredited (null with none required).
    pub cumplimiento: Option<f64>,
}

/// `dashboard/cards`: the administrator's cards within the caller's scope and the
/// participant's own.
#[utoipa::path(get, path = "/api/pri/dashboard/cards", tag = "dashboard",
    responses((status = 200, body = Tarjetas), (status = 403, body = ErrorBody)))]
async fn get_cards(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Tarjetas>> {
    let hoy = crate::courses::enrolment::hoy(&state).await?;
    let a = alcance(&u);
    let (semana_desde, semana_hasta) = Periodo::Semana.bounds(hoy);
    let (mes_desde, mes_hasta) = Periodo::Mes.bounds(hoy);
    let (anio_desde, anio_hasta) = Periodo::Anio.bounds(hoy);
    let limite = hoy
        .checked_add_days(Days::new(PROXIMOS_DIAS))
        .unwrap_or(hoy);
    let mut conn = state.db.read.acquire().await?;
    let semana =
        db::courses_between(&mut conn, a, &iso(semana_desde), &iso(semana_hasta), None).await?;
    let presenciales = db::courses_between(
        &mut conn,
        a,
        &iso(mes_desde),
        &iso(mes_hasta),
        Some("PRESENCIAL"),
    )
    .await?;
    let costos = db::course_costs(&mut conn, a, &iso(anio_desde), &iso(anio_hasta)).await?;
    let vencer = db::expiring(&mut conn, a, &iso(hoy), &iso(limite)).await?;
    let lugar = db::place_of(&mut conn, u.cve_empleado, &Periodo::Anio.clave(hoy))
        .await?
        .unwrap_or(0);
    let plan = match crate::plans::consult::plan_summary(&mut conn, u.cve_empleado, hoy).await {
        Ok(p) => Some(p),
        // Without a place in the structure one has no plan: its figures are zero.
        Err(e) if e.status == axum::http::StatusCode::NOT_FOUND => None,
        Err(e) => return Err(e),
    };
    Ok(axum::Json(Tarjetas {
        total_cursos_programados_esta_semana: semana,
        total_cursos_proximos_vencer: vencer,
        total_cursos_impartidos_mes: presenciales,
        total_costos_cursos: (costos * 100.0).round() / 100.0,
        mi_ranking: lugar,
        cursos_pendientes: plan.as_ref().map_or(0, |p| p.cursos_pendientes),
        cursos_terminados: plan.as_ref().map_or(0, |p| p.cursos_terminados),
        cumplimiento: plan.and_then(|p| p.cumplimiento),
    }))
}

/// A month of the modality chart (spec section 3, Monthly modality row).
#[derive(Serialize, ToSchema, Debug)]
pub struct ModalidadMes {
    /// 1–12.
    pub nummes: i64,
    /// AAAA-MM.
    pub period: String,
    pub presencial: i64,
    /// Virtual, e-learning and self-study courses.
    #[serde(rename = "virtual")]
    pub virtual_: i64,
    pub streaming: i64,
}

/// `dashboard/modalidadxmes`: this year's courses (not cancelled) by the month they start and
/// their modality, January to December (months without courses as zero), within scope.
#[utoipa::path(get, path = "/api/pri/dashboard/modalidadxmes", tag = "dashboard",
    responses((status = 200, body = Vec<ModalidadMes>), (status = 403, body = ErrorBody)))]
async fn get_courses_per_month(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<ModalidadMes>>> {
    let hoy = crate::courses::enrolment::hoy(&state).await?;
    let mut conn = state.db.read.acquire().await?;
    let filas = db::courses_per_month(&mut conn, alcance(&u), hoy.year()).await?;
    let mut meses: Vec<ModalidadMes> = (1..=12)
        .map(|m| ModalidadMes {
            nummes: m,
            period: format!("{:04}-{m:02}", hoy.year()),
            presencial: 0,
            virtual_: 0,
            streaming: 0,
        })
        .collect();
    for (mes, modalidad, n) in filas {
        let Some(m) = usize::try_from(mes - 1).ok().and_then(|i| meses.get_mut(i)) else {
            continue;
        };
        match modalidad.as_str() {
            "PRESENCIAL" => m.presencial += n,
            "STREAMING" => m.streaming += n,
            _ => m.virtual_ += n,
        }
    }
    Ok(axum::Json(meses))
}

/// A row of the ranking (spec section 3).
#[derive(Serialize, ToSchema, Debug)]
pub struct FilaRanking {
    pub posicion: i64,
    /// The badge of the place (gold, silver, bronze, then a star).
    pub insignia: String,
    pub nombre_empleado: String,
    /// The name of the person's default profile.
    pub tipo_usuario: String,
    pub puesto: String,
    /// Accreditations dated within the period.
    pub total_cursos: i64,
}

/// The badge image of a place.
pub fn badge(posicion: i64) -> String {
    let nombre = match posicion {
        1 => "oro",
        2 => "plata",
        3 => "bronce",
        _ => "estrella",
    };
    format!("/insignias/{nombre}.svg")
}

/// `dashboard/ranking/{periodo}` (Mes | Dia | Semana | Anio): the five people within scope
/// with the most accreditations dated in the period (ties by name); an empty list when no
/// one has any (the client says 'no information found').
#[utoipa::path(get, path = "/api/pri/dashboard/ranking/{periodo}", tag = "dashboard",
    params(("periodo" = String, Path, description = "Mes | Dia | Semana | Anio")),
    responses((status = 200, body = Vec<FilaRanking>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn get_ranking(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(periodo): Path<String>,
) -> AppResult<axum::Json<Vec<FilaRanking>>> {
    let periodo =
        Periodo::parse(&periodo).ok_or_else(|| AppError::bad_request("dashboard.periodo"))?;
    let hoy = crate::courses::enrolment::hoy(&state).await?;
    let mut conn = state.db.read.acquire().await?;
    let filas = db::ranking(&mut conn, alcance(&u), &periodo.clave(hoy), RANKING_TOP).await?;
    Ok(axum::Json(
        filas
            .into_iter()
            .zip(1..)
            .map(|(f, posicion)| FilaRanking {
                posicion,
                insignia: badge(posicion),
                nombre_empleado: f.nombre_empleado,
                tipo_usuario: f.tipo_usuario.unwrap_or_default(),
                puesto: f.puesto.unwrap_or_default(),
                total_cursos: f.total_cursos,
            })
            .collect(),
    ))
}

/// Compliance of a group (a slice of the donut or a bar of the region chart).
#[derive(Serialize, ToSchema, Debug)]
pub struct AvanceArea {
    pub area: String,
    /// Required topics accredited today, in percent (one decimal).
    pub porcentaje: f64,
    pub requeridos: i64,
    pub acreditados: i64,
}

async fn compliance(state: &AppState, u: &SessionUser, por: Agrupar) -> AppResult<Vec<AvanceArea>> {
    let hoy = crate::courses::enrolment::hoy(state).await?;
    let mut conn = state.db.read.acquire().await?;
    Ok(db::compliance_by(&mut conn, alcance(u), por, &iso(hoy))
        .await?
        .into_iter()
        .map(|g| AvanceArea {
            area: g.grupo,
            porcentaje: crate::plans::rules::porcentaje(g.acreditados, g.requeridos),
            requeridos: g.requeridos,
            acreditados: g.acreditados,
        })
        .collect())
}

/// `dashboard/getCapacitacionPorEstructura`: per N2 node, the percent of the required topics
/// of its people (within scope) accredited today.
#[utoipa::path(get, path = "/api/pri/dashboard/getCapacitacionPorEstructura", tag = "dashboard",
    responses((status = 200, body = Vec<AvanceArea>), (status = 403, body = ErrorBody)))]
async fn get_compliance_by_structure(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<AvanceArea>>> {
    Ok(axum::Json(compliance(&state, &u, Agrupar::N2).await?))
}

/// `dashboard/getCapacitacionPorRegion`: the same per state of the republic where people
/// work.
#[utoipa::path(get, path = "/api/pri/dashboard/getCapacitacionPorRegion", tag = "dashboard",
    responses((status = 200, body = Vec<AvanceArea>), (status = 403, body = ErrorBody)))]
async fn get_compliance_by_region(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<AvanceArea>>> {
    Ok(axum::Json(compliance(&state, &u, Agrupar::Estado).await?))
}

/// `dashboard/getCursosAcreditados`: the closed courses the caller passed, newest first.
#[utoipa::path(get, path = "/api/pri/dashboard/getCursosAcreditados", tag = "dashboard",
    responses((status = 200, body = Vec<db::CursoAcreditado>), (status = 403, body = ErrorBody)))]
async fn get_accredited_courses(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<db::CursoAcreditado>>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(
        db::passed_courses(&mut conn, u.cve_empleado).await?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn periods_run_monday_to_sunday_and_whole_months_and_years() {
        // 2026-11-29 is a Sunday.
        assert_eq!(
            Periodo::Semana.bounds(d("2026-11-29")),
            (d("2026-11-23"), d("2026-11-29"))
        );
        assert_eq!(
            Periodo::Semana.bounds(d("2026-11-23")),
            (d("2026-11-23"), d("2026-11-29"))
        );
        assert_eq!(
            Periodo::Mes.bounds(d("2026-02-10")),
            (d("2026-02-01"), d("2026-02-28"))
        );
        assert_eq!(
            Periodo::Mes.bounds(d("2026-12-31")),
            (d("2026-12-01"), d("2026-12-31"))
        );
        assert_eq!(
            Periodo::Anio.bounds(d("2026-06-15")),
            (d("2026-01-01"), d("2026-12-31"))
        );
        assert_eq!(
            Periodo::Dia.bounds(d("2026-06-15")),
            (d("2026-06-15"), d("2026-06-15"))
        );
        assert_eq!(Periodo::parse("Anio"), Some(Periodo::Anio));
        assert_eq!(Periodo::parse("anio"), None);
    }

    #[test]
    fn badges_go_gold_silver_bronze_then_star() {
        assert_eq!(badge(1), "/insignias/oro.svg");
        assert_eq!(badge(3), "/insignias/bronce.svg");
        assert_eq!(badge(5), "/insignias/estrella.svg");
    }
}
