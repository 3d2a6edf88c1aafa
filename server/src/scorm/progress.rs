//! Learners' results: the analysts' progress table, the spec's score call and setPuntajeTema.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use sqlx::SqliteConnection;

use super::cmi;
use super::db::{self, Intento};
use super::runtime::{self, learner_named};
use super::types::*;
use crate::auth::perms::{CurrentUser, SessionUser, check_scope};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Form, Json, Path};
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};

/// Learners' SCORM attempts within the caller's scope (table engine; `excel` exports).
#[utoipa::path(post, path = "/api/pri/scorm/avance/tabla", tag = "scorm", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(super) async fn table_progress(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let (prelude, conds) = crate::employees::db::list::scope_filter(Prelude::default(), u.scope);
    table::run(&state, &db::AVANCE, q, prelude, conds).await
}

/// The topics that have a package (the progress screen's filter).
#[utoipa::path(get, path = "/api/pri/scorm/paquetes", tag = "scorm",
    responses((status = 200, body = Vec<PaqueteResumen>), (status = 403, body = ErrorBody)))]
pub(super) async fn list_packages(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<PaqueteResumen>>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(
        db::packages_list(&mut conn)
            .await?
            .into_iter()
            .map(
                |(cve_tema, nombre_tema, clave_scorm, version, titulo)| PaqueteResumen {
                    cve_tema,
                    nombre_tema,
                    clave_scorm,
                    version,
                    titulo,
                },
            )
            .collect(),
    ))
}

/// Rank of a state for "best attempt".
fn rango(estado: &str) -> u8 {
    match estado {
        "passed" => 3,
        "completed" => 2,
        "failed" => 1,
        _ => 0,
    }
}

/// A learner's best attempt: passed before completed before failed before unfinished, then
/// the higher score, then the later one.
fn mejor(intentos: &[Intento]) -> Option<&Intento> {
    intentos.iter().max_by(|a, b| {
        rango(&a.estado)
            .cmp(&rango(&b.estado))
            .then(
                a.calificacion
                    .unwrap_or(-1.0)
                    .total_cmp(&b.calificacion.unwrap_or(-1.0)),
            )
            .then(a.numero.cmp(&b.numero))
    })
}

/// Whether the caller may see this employee's results: themselves, or staff with the
/// progress section within their scope.
async fn may_see(state: &AppState, u: &SessionUser, cve_empleado: i64) -> AppResult<()> {
    if cve_empleado == u.cve_empleado {
        return Ok(());
    }
    if !u.can(state, super::SECCION_AVANCE) {
        return Err(AppError::forbidden("auth.sin_permiso"));
    }
    check_scope(state, u.scope, cve_empleado).await
}

async fn attempts(
    conn: &mut SqliteConnection,
    id_paquete: i64,
    cve_empleado: i64,
) -> AppResult<Vec<Intento>> {
    Ok(db::attempts_of(&mut *conn, id_paquete, cve_empleado).await?)
}

/// A learner's result in a package (the spec's score call): the best attempt's status and
/// score.
#[utoipa::path(get, path = "/api/pri/cursos/puntaje_usuario/{cve_empleado}/{clave_scorm}", tag = "scorm",
    params(("cve_empleado" = i64, Path), ("clave_scorm" = String, Path)),
    responses((status = 200, body = PuntajeUsuario), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_user_score(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve_empleado, clave)): Path<(i64, String)>,
) -> AppResult<axum::Json<PuntajeUsuario>> {
    may_see(&state, &u, cve_empleado).await?;
    let mut conn = state.db.read.acquire().await?;
    let p = db::package_by_key(&mut conn, &clave)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "scorm.sin_paquete"))?;
    let intentos = attempts(&mut conn, p.id_paquete, cve_empleado).await?;
    let tiempo: i64 = intentos.iter().map(|i| i.tiempo_total_seg).sum();
    let m = mejor(&intentos);
    Ok(axum::Json(PuntajeUsuario {
        status: m.map_or("not attempted".into(), |i| i.estado.clone()),
        score: m.and_then(|i| i.calificacion),
        intentos: intentos.len() as i64,
        tiempo_total: cmi::hhmmss(tiempo),
    }))
}

/// Applies a learner's best SCORM result to their plan again (the spec's setPuntajeTema):
/// a passed or completed attempt accredits the topic (nothing changes when it already did).
#[utoipa::path(post, path = "/api/pri/cursos/setPuntajeTema", tag = "scorm",
    request_body(content = PuntajeTemaForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = PuntajeTemaAplicado), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn set_topic_score(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Form(f): Form<PuntajeTemaForm>,
) -> AppResult<axum::Json<PuntajeTemaAplicado>> {
    let cve_empleado = {
        let mut conn = state.db.read.acquire().await?;
        learner_named(&mut conn, &u, &f.nombre_usuario)
            .await?
            .ok_or_else(|| AppError::forbidden("scorm.no_disponible"))?
    };
    may_see(&state, &u, cve_empleado).await?;
    let m = runtime::momento(&state).await?;
    let mut tx = state.db.begin().await?;
    let p = db::package_of_topic(&mut tx, f.cve_tema)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "scorm.sin_paquete"))?;
    let intentos = attempts(&mut tx, p.id_paquete, cve_empleado).await?;
    let best = mejor(&intentos).cloned();
    let ok = best
        .as_ref()
        .is_some_and(|i| matches!(i.estado.as_str(), "passed" | "completed"));
    if let (Some(i), true) = (&best, ok) {
        let reglas = crate::topics::db::topic_rules(&mut *tx, p.cve_tema)
            .await?
            .ok_or_else(AppError::not_found)?;
        runtime::record(&mut tx, i, p.cve_tema, &reglas.modelo_evaluacion, true, &m).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(PuntajeTemaAplicado {
        resp: "Excelente".into(),
        status: best
            .as_ref()
            .map_or("not attempted".into(), |i| i.estado.clone()),
        score: best.as_ref().and_then(|i| i.calificacion),
        acreditado: ok,
    }))
}
