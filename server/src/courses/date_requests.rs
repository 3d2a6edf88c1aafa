//! Course-date requests: an employee (or a Supervisor for their people) asks for a date
//! for a topic; whoever attends these requests sees it Pendiente, rejects it ('Rechazado')
//! or schedules a course from it, which marks it Aceptado ([`accept_date_request`]).

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::inscripciones as idb;
use super::db::solicitudes as db;
use super::enrolment::{self, ORIGEN, avisar};
use crate::auth::perms::{CurrentUser, Rule, Scope, check_scope, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::notifications::{Destino, Nueva, notify};
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

/// Longest comment of a course-date request.
pub const COMENTARIO_MAX: usize = 500;
/// Most employees one course-date request names.
const EMPLEADOS_MAX: usize = 500;

/// The course-date request routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = || Rule::Seccion(super::SECCION_SOLICITUDES_FECHA);
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(crate::plans::SECCION_MI_PLAN),
            routes!(create_date_request),
        ))
        .routes(secured(state, r(), routes!(table_date_requests)))
        .routes(secured(state, r(), routes!(reject_date_request)))
        .routes(secured(state, r(), routes!(get_date_request)))
}

/// Asking for a course date.
#[derive(Deserialize, ToSchema)]
pub struct SolicitudCursoBody {
    pub cve_tema: i64,
    /// AAAA-MM-DD, today or later.
    pub fecha_deseada: String,
    /// The employees it is for (a Supervisor's people); empty or absent = the caller.
    #[serde(default)]
    pub empleados: Vec<i64>,
    #[serde(default)]
    pub comentario: Option<String>,
}

/// The course-date request created.
#[derive(Serialize, ToSchema)]
pub struct SolicitudCursoCreada {
    pub resp: String,
    pub cve_solicitud_curso: i64,
}

/// Asks for a date for a topic, for oneself or (a Supervisor) for subordinados; everyone who
/// attends course-date requests is notified.
#[utoipa::path(post, path = "/api/pri/cursos/solicitudes_curso", tag = "courses",
    request_body = SolicitudCursoBody,
    responses((status = 200, body = SolicitudCursoCreada), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn create_date_request(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<SolicitudCursoBody>,
) -> AppResult<axum::Json<SolicitudCursoCreada>> {
    let comentario = b
        .comentario
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let mut seen = HashSet::new();
    let mut empleados: Vec<i64> = b
        .empleados
        .into_iter()
        .filter(|e| seen.insert(*e))
        .collect();
    if empleados.is_empty() {
        empleados.push(u.cve_empleado);
    }
    let hoy = enrolment::hoy_iso(&state).await?;
    let fecha = b.fecha_deseada.trim().to_string();
    let mut fe = FieldErrors::default();
    let fecha_ok = crate::validate::parse_date(&fecha).is_some();
    fe.check(fecha_ok, "fecha_deseada", "validacion.fecha");
    fe.check(
        !fecha_ok || fecha >= hoy,
        "fecha_deseada",
        "cursos.fecha_pasada",
    );
    fe.check_len(comentario.unwrap_or_default(), COMENTARIO_MAX, "comentario");
    fe.check(
        empleados.len() <= EMPLEADOS_MAX,
        "empleados",
        "validacion.datos",
    );
    fe.into_result()?;
    for e in &empleados {
        if *e != u.cve_empleado {
            if matches!(u.scope, Scope::Propio(_)) {
                return Err(AppError::forbidden("auth.fuera_de_alcance"));
            }
            check_scope(&state, u.scope, *e).await?;
        }
    }
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let tema = crate::topics::db::topic_rules(&mut *tx, b.cve_tema)
        .await?
        .filter(|t| t.activo == 1);
    let Some(tema) = tema else {
        return Err(AppError::invalid_fields(
            [("cve_tema".to_string(), "validacion.tema")].into(),
        ));
    };
    for e in &empleados {
        if !idb::empleado(&mut tx, *e)
            .await?
            .is_some_and(|x| x.activo == 1 && x.baja_logica == 0)
        {
            return Err(AppError::unprocessable("cursos.empleado_inactivo"));
        }
    }
    let id = db::insertar_fecha(
        &mut tx,
        b.cve_tema,
        u.cve_empleado,
        &fecha,
        &empleados,
        comentario,
        &now,
    )
    .await?;
    let perfiles = idb::perfiles_todos(&mut tx).await?;
    tx.commit().await?;
    let n = Nueva {
        titulo: "Solicitud de fecha de curso".into(),
        contenido: format!(
            "Se solicita un curso de {} para el {} ({} participante(s)).",
            tema.nombre_tema,
            fecha,
            empleados.len()
        ),
        tipo: Some("solicitud_curso".into()),
        recurso: Some("/menu/grid_cursos/solicitudes_curso".into()),
        origen: Some(ORIGEN.into()),
        ..Nueva::default()
    };
    for p in perfiles {
        if state.perms.has(p, super::SECCION_SOLICITUDES_FECHA)
            && let Err(e) = notify(&state, &Destino::Perfil { idperfil: p }, &n).await
        {
            tracing::warn!(error = %e, "a course-date request notification was not sent");
        }
    }
    Ok(axum::Json(SolicitudCursoCreada {
        resp: "Excelente".into(),
        cve_solicitud_curso: id,
    }))
}

/// Course-date requests (table engine; `filtersEXT.estado` Pendiente | Rechazado | Aceptado,
/// the date range on the wished date).
#[utoipa::path(post, path = "/api/pri/cursos/solicitudes_curso/tabla", tag = "courses",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_date_requests(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let mut conds = Vec::new();
    match q.filters_ext.get("estado").and_then(|v| v.as_str()) {
        None | Some("") | Some("todos") => {}
        Some(e @ ("Pendiente" | "Rechazado" | "Aceptado")) => {
            conds.push(Cond::new(db::ESTADO_FECHA, vec![Bind::Text(e.into())]));
        }
        Some(_) => {
            let mut fe = FieldErrors::default();
            fe.add("estado", "validacion.datos");
            fe.into_result()?;
        }
    }
    table::run(&state, &db::SOLICITUDES_FECHA, q, Prelude::default(), conds).await
}

/// Rejecting a course-date request.
#[derive(Deserialize, ToSchema)]
pub struct RechazarSolicitudCursoBody {
    pub cve_solicitud: i64,
    #[serde(default)]
    pub motivo: Option<String>,
}

/// The spec's `{res: "Excelente"}` answer.
#[derive(Serialize, ToSchema)]
pub struct ResExcelente {
    pub res: String,
}

/// Rejects a pending course-date request ('Rechazado'); the requester is told.
#[utoipa::path(post, path = "/api/pri/cursos/rechazarSolicitudCurso", tag = "courses",
    request_body = RechazarSolicitudCursoBody,
    responses((status = 200, body = ResExcelente), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn reject_date_request(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<RechazarSolicitudCursoBody>,
) -> AppResult<axum::Json<ResExcelente>> {
    let motivo = b.motivo.as_deref().map(str::trim).filter(|m| !m.is_empty());
    let mut fe = FieldErrors::default();
    fe.check_len(motivo.unwrap_or_default(), enrolment::MOTIVO_MAX, "motivo");
    fe.into_result()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let s = load(&mut tx, b.cve_solicitud).await?;
    if !db::resolver_fecha(
        &mut tx,
        s.cve_solicitud_curso,
        "Rechazado",
        Some(u.cve_empleado),
        motivo,
        None,
        &now,
    )
    .await?
    {
        return Err(AppError::conflict("cursos.solicitud_resuelta"));
    }
    tx.commit().await?;
    avisar(
        &state,
        vec![s.solicitado_por],
        Nueva {
            titulo: "Solicitud de fecha rechazada".into(),
            contenido: format!(
                "Tu solicitud de un curso de {} para el {} fue rechazada.{}",
                s.nombre_tema,
                s.fecha_deseada,
                motivo.map(|m| format!(" Motivo: {m}")).unwrap_or_default()
            ),
            tipo: Some("solicitud_curso".into()),
            origen: Some(ORIGEN.into()),
            ..Nueva::default()
        },
    )
    .await;
    Ok(axum::Json(ResExcelente {
        res: "Excelente".into(),
    }))
}

/// An employee named by a course-date request.
#[derive(Serialize, ToSchema)]
pub struct EmpleadoSolicitudCurso {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
}

/// A course-date request (spec: Course-date request).
#[derive(Serialize, ToSchema)]
pub struct SolicitudCurso {
    pub cve_solicitud_curso: i64,
    /// The same key, as the spec names it.
    pub cve_solicitud: i64,
    /// Pendiente | Rechazado | Aceptado
    pub estado: String,
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub fecha_deseada: String,
    pub participantes: i64,
    pub empleados: Vec<EmpleadoSolicitudCurso>,
    pub comentario: Option<String>,
    pub solicitado_por: i64,
    pub nombre_solicitante: String,
    pub motivo: Option<String>,
    pub cve_curso: Option<i64>,
}

/// The answer of `getSolicitudCurso`.
#[derive(Serialize, ToSchema)]
pub struct SolicitudCursoResp {
    pub res: String,
    pub solicitud: SolicitudCurso,
}

async fn load(conn: &mut SqliteConnection, id: i64) -> AppResult<db::SolicitudFecha> {
    db::solicitud_fecha(&mut *conn, id)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "solicitudes.no_encontrada"))
}

/// One course-date request, to prefill `programar_curso`.
#[utoipa::path(get, path = "/api/pri/cursos/getSolicitudCurso/{cve_solicitud_curso}", tag = "courses",
    params(("cve_solicitud_curso" = i64, Path)),
    responses((status = 200, body = SolicitudCursoResp), (status = 404, body = ErrorBody)))]
async fn get_date_request(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<SolicitudCursoResp>> {
    let mut conn = state.db.read.acquire().await?;
    let s = load(&mut conn, id).await?;
    let empleados = db::empleados_fecha(&mut conn, id)
        .await?
        .into_iter()
        .map(|(cve_empleado, nombre_empleado)| EmpleadoSolicitudCurso {
            cve_empleado,
            nombre_empleado,
        })
        .collect();
    Ok(axum::Json(SolicitudCursoResp {
        res: "Excelente".into(),
        solicitud: SolicitudCurso {
            cve_solicitud_curso: s.cve_solicitud_curso,
            cve_solicitud: s.cve_solicitud_curso,
            estado: s.estado,
            cve_tema: s.cve_tema,
            nombre_tema: s.nombre_tema,
            fecha_deseada: s.fecha_deseada,
            participantes: s.participantes,
            empleados,
            comentario: s.comentario,
            solicitado_por: s.solicitado_por,
            nombre_solicitante: s.nombre_solicitante,
            motivo: s.motivo,
            cve_curso: s.cve_curso,
        },
    }))
}

/// Fails unless the course-date request exists (404) and is still Pendiente (409
/// `cursos.solicitud_resuelta`): checked before scheduling a course from it.
pub async fn check_pending(conn: &mut SqliteConnection, id: i64) -> AppResult<()> {
    if load(&mut *conn, id).await?.estado != "Pendiente" {
        return Err(AppError::conflict("cursos.solicitud_resuelta"));
    }
    Ok(())
}

/// Marks a pending course-date request Aceptado with the course scheduled from it, and
/// answers its employees (to enrol them). Run inside the course's creating transaction;
/// 404 without it, 409 `cursos.solicitud_resuelta` when it is not Pendiente.
pub async fn accept_date_request(
    conn: &mut SqliteConnection,
    cve_solicitud_curso: i64,
    cve_curso: i64,
    by: Option<i64>,
    now: &str,
) -> AppResult<Vec<i64>> {
    load(&mut *conn, cve_solicitud_curso).await?;
    if !db::resolver_fecha(
        &mut *conn,
        cve_solicitud_curso,
        "Aceptado",
        by,
        None,
        Some(cve_curso),
        now,
    )
    .await?
    {
        return Err(AppError::conflict("cursos.solicitud_resuelta"));
    }
    Ok(db::empleados_fecha(&mut *conn, cve_solicitud_curso)
        .await?
        .into_iter()
        .map(|(c, _)| c)
        .collect())
}
