//! Position simulator (`simulador_puesto`): for an employee and a target position, which
//! topics they already hold, which they would need and the hours that represents.
//!
//! The target plan is the live derivation for the employee's placement with the position
//! swapped (structure, plants and individual requirements stay): the same query every plan
//! screen uses, so the simulation can never disagree with the plan the move would give.

use std::collections::{BTreeSet, HashMap};

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::consult as db;
use super::derive;
use super::rules::{self, Estado, Tenencia};
use crate::auth::perms::{CurrentUser, Rule, check_scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::state::AppState;

/// The simulator route.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(super::SECCION_SIMULADOR),
        routes!(simulate_position),
    ))
}

/// The employee simulated.
#[derive(Serialize, ToSchema)]
pub struct EmpleadoSimulado {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub cve_puesto: Option<i64>,
    pub puesto: Option<String>,
}

/// The target position.
#[derive(Serialize, ToSchema)]
pub struct PuestoDestino {
    pub cve_puesto: i64,
    pub puesto: String,
    /// Name of the structure node the position belongs to.
    pub estructura: Option<String>,
}

/// One topic of either plan.
#[derive(Serialize, ToSchema)]
pub struct TemaSimulado {
    pub cve_tema: i64,
    pub abreviatura: Option<String>,
    pub nombre_tema: String,
    /// Hours of the topic (days × hours per session).
    pub horas: Option<f64>,
    pub estado: Estado,
    pub vigencia: Option<String>,
    pub en_plan_actual: bool,
    pub en_plan_destino: bool,
}

/// Totals of the target plan.
#[derive(Serialize, ToSchema)]
pub struct ResumenSimulacion {
    /// Target-plan topics the employee holds (Acreditado).
    pub acreditados: i64,
    /// Target-plan topics still to cover.
    pub por_cubrir: i64,
    pub horas_por_cubrir: f64,
    pub horas_acreditadas: f64,
    /// Topics of the current plan the target position no longer requires.
    pub dejan_de_requerirse: i64,
}

/// The simulation's answer.
#[derive(Serialize, ToSchema)]
pub struct Simulacion {
    pub empleado: EmpleadoSimulado,
    pub puesto: PuestoDestino,
    /// Topics of the target plan first (those to cover first), then those that stop.
    pub temas: Vec<TemaSimulado>,
    pub resumen: ResumenSimulacion,
}

/// What an employee would hold and lack in another position.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/simulador_puesto/{cve_empleado}/{cve_puesto}",
    tag = "plans", params(("cve_empleado" = i64, Path), ("cve_puesto" = i64, Path)),
    responses((status = 200, body = Simulacion), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn simulate_position(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve, cve_puesto)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Simulacion>> {
    check_scope(&state, u.scope, cve).await?;
    let hoy = super::today(&state);
    let mut conn = state.db.read.acquire().await?;
    let (Some(placement), Some((nombre, puesto_actual, nombre_puesto))) = (
        derive::placement(&mut conn, cve).await?,
        db::employee_position(&mut conn, cve).await?,
    ) else {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "plan.empleado_no_encontrado",
        ));
    };
    let Some((puesto, estructura)) = db::position_named(&mut conn, cve_puesto).await? else {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "plan.destino_no_encontrado",
        ));
    };
    let actual: BTreeSet<i64> = derive::plan_topics(&mut conn, &placement)
        .await?
        .into_iter()
        .map(|e| e.cve_tema)
        .collect();
    // The simulation asks what the position would require, whatever the employee's
    // standing today (an inactive employee has no plan, but may be moved back).
    let mut destino_p = placement.clone();
    destino_p.cve_puesto = Some(cve_puesto);
    destino_p.activo = true;
    let destino: BTreeSet<i64> = derive::plan_topics(&mut conn, &destino_p)
        .await?
        .into_iter()
        .map(|e| e.cve_tema)
        .collect();
    let temas: HashMap<i64, db::TemaInfo> = db::active_topics(&mut conn)
        .await?
        .into_iter()
        .map(|t| (t.cve_tema, t))
        .collect();
    let resumenes: HashMap<i64, db::Resumen> = db::summaries(&mut conn, cve)
        .await?
        .into_iter()
        .map(|r| (r.cve_tema, r))
        .collect();

    let mut filas: Vec<TemaSimulado> = destino
        .union(&actual)
        .filter_map(|&t| {
            let info = temas.get(&t)?;
            let r = resumenes.get(&t);
            let tenencia = r.map(|r| Tenencia {
                vigencia: r.vigencia.as_deref().and_then(rules::parse_fecha),
                reprobado: r.reprobado == 1,
            });
            Some(TemaSimulado {
                cve_tema: t,
                abreviatura: Some(info.abreviatura.clone()),
                nombre_tema: info.nombre_tema.clone(),
                horas: Some(info.horas),
                estado: rules::estado(tenencia.as_ref(), hoy),
                vigencia: r.and_then(|r| r.vigencia.clone()),
                en_plan_actual: actual.contains(&t),
                en_plan_destino: destino.contains(&t),
            })
        })
        .collect();
    filas.sort_by_key(|f| {
        (
            !f.en_plan_destino,
            f.estado.completado(),
            f.nombre_tema.clone(),
        )
    });

    let en_destino = || filas.iter().filter(|f| f.en_plan_destino);
    let resumen = ResumenSimulacion {
        acreditados: en_destino().filter(|f| f.estado.completado()).count() as i64,
        por_cubrir: en_destino().filter(|f| !f.estado.completado()).count() as i64,
        horas_por_cubrir: en_destino()
            .filter(|f| !f.estado.completado())
            .filter_map(|f| f.horas)
            .sum(),
        horas_acreditadas: en_destino()
            .filter(|f| f.estado.completado())
            .filter_map(|f| f.horas)
            .sum(),
        dejan_de_requerirse: filas.iter().filter(|f| !f.en_plan_destino).count() as i64,
    };
    Ok(axum::Json(Simulacion {
        empleado: EmpleadoSimulado {
            cve_empleado: cve,
            nombre_empleado: nombre,
            cve_puesto: puesto_actual,
            puesto: nombre_puesto,
        },
        puesto: PuestoDestino {
            cve_puesto,
            puesto,
            estructura,
        },
        temas: filas,
        resumen,
    }))
}
