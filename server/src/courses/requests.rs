//! Two-step enrolment requests: an employee (or their Supervisor) asks for a seat; the
//! coordinator (the employee's supervisor) accepts first, then the course's analyst, who
//! enrols them (a seat, or the waiting list when full); either may reject. Every step
//! notifies the people concerned, and the notification carries the request so its modal
//! can offer Accept / Reject.

use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::access;
use super::db::base::CursoBase;
use super::db::inscripciones as idb;
use super::db::solicitudes::{self as db, Solicitud};
use super::enrolment::{
    self, Lugar, ORIGEN, avisar, check_course_takes_people, check_employee, place,
};
use super::s2_types::{
    AceptarSolicitud, AceptarSolicitudBody, RechazarSolicitudBody, SolicitarBody, SolicitudCreada,
    SolicitudVista,
};
use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, check_scope, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::notifications::{Destino, Nueva, notify};
use crate::state::AppState;

/// The notifications section: whoever reads notifications may answer a request addressed
/// to them.
const SECCION_NOTIFICACIONES: &str = "notificaciones";

/// The request routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(crate::plans::SECCION_MI_PLAN),
            routes!(request_seat),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_NOTIFICACIONES),
            routes!(accept_request),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_NOTIFICACIONES),
            routes!(reject_request),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_NOTIFICACIONES),
            routes!(get_request),
        ))
}

/// Whether `u` may act on the request at its current step.
fn puede_resolver(state: &AppState, u: &SessionUser, s: &Solicitud) -> bool {
    if s.estatus != 1 {
        return false;
    }
    match s.etapa.as_str() {
        "coordinador" => {
            s.cve_supervisor == Some(u.cve_empleado)
                || (matches!(u.scope, Scope::Todos) && u.can(state, super::SECCION_INSCRIBIR))
        }
        "analista" => {
            s.cve_analista == Some(u.cve_empleado) || u.can(state, super::SECCION_PROGRAMAR)
        }
        _ => false,
    }
}

/// Tells the course's analyst (or, when it has none, everyone who schedules courses for the
/// whole company) that a request waits for them.
async fn notify_analysts(state: &AppState, curso: &CursoBase, n: Nueva) {
    if let Some(a) = curso.cve_analista {
        avisar(state, vec![a], n).await;
        return;
    }
    let perfiles = match state.db.read.acquire().await {
        Ok(mut conn) => idb::perfiles_todos(&mut conn).await.unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    for p in perfiles {
        if state.perms.has(p, super::SECCION_PROGRAMAR)
            && let Err(e) = notify(state, &Destino::Perfil { idperfil: p }, &n).await
        {
            tracing::warn!(error = %e, "a request notification was not sent");
        }
    }
}

/// The notification of a request waiting for someone's answer (it carries the Accept/Reject buttons).
pub fn pendiente(curso: &CursoBase, nombre_empleado: &str, idsolicitud: i64) -> Nueva {
    Nueva {
        titulo: "Solicitud de inscripción".into(),
        contenido: format!(
            "{nombre_empleado} solicita un lugar en el curso {} que inicia el {}.",
            curso.nombre_corto, curso.fecha_inicio
        ),
        tipo: Some("solicitud".into()),
        idsolicitud: Some(idsolicitud),
        recurso: Some(enrolment::ruta_curso(curso.cve_curso)),
        origen: Some(ORIGEN.into()),
        ..Nueva::default()
    }
}

/// Asks for a seat: for oneself (the course must allow self-enrolment) or, for a Supervisor,
/// for a subordinate. The request waits for the employee's supervisor (or, without one, the
/// course's analyst), who is notified.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/solicitar", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = SolicitarBody,
    responses((status = 200, body = SolicitudCreada), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn request_seat(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<SolicitarBody>,
) -> AppResult<axum::Json<SolicitudCreada>> {
    let cve = b.cve_empleado.unwrap_or(u.cve_empleado);
    let propia = cve == u.cve_empleado;
    if !propia {
        if matches!(u.scope, Scope::Propio(_)) {
            return Err(AppError::forbidden("auth.fuera_de_alcance"));
        }
        check_scope(&state, u.scope, cve).await?;
    }
    let hoy_d = enrolment::hoy(&state).await?;
    let hoy = enrolment::hoy_iso(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let curso = access::load(&mut tx, cve_curso).await?;
    check_course_takes_people(&curso, &hoy)?;
    if propia && curso.autoinscripcion != 1 {
        return Err(AppError::unprocessable("cursos.sin_autoinscripcion"));
    }
    if db::pendiente(&mut tx, cve_curso, cve).await? {
        return Err(AppError::conflict("cursos.solicitud_pendiente"));
    }
    let nombre = check_employee(&mut tx, &curso, cve, hoy_d).await?;
    let supervisor = idb::empleado(&mut tx, cve)
        .await?
        .and_then(|e| e.cve_supervisor)
        .filter(|s| *s != cve);
    let etapa = if supervisor.is_some() {
        "coordinador"
    } else {
        "analista"
    };
    let id = crate::db::unique_violation(
        db::insertar(
            &mut tx,
            cve_curso,
            cve,
            u.cve_empleado,
            supervisor,
            curso.cve_analista,
            etapa,
            &now,
        )
        .await,
        "cursos.solicitud_pendiente",
    )?;
    tx.commit().await?;
    let n = pendiente(&curso, &nombre, id);
    match supervisor {
        Some(s) => avisar(&state, vec![s], n).await,
        None => notify_analysts(&state, &curso, n).await,
    }
    Ok(axum::Json(SolicitudCreada {
        resp: "Excelente".into(),
        idsolicitud: id,
        etapa: etapa.into(),
    }))
}

/// Loads a request for an answer: 404 without it, 409 `solicitudes.resuelta` once resolved,
/// 403 `solicitudes.no_autorizado` when the caller is not the one it waits for.
async fn for_answer(
    state: &AppState,
    conn: &mut sqlx::SqliteConnection,
    u: &SessionUser,
    id: i64,
) -> AppResult<Solicitud> {
    let s = db::solicitud(&mut *conn, id)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "solicitudes.no_encontrada"))?;
    if s.estatus != 1 {
        return Err(AppError::conflict("solicitudes.resuelta"));
    }
    if !puede_resolver(state, u, &s) {
        return Err(AppError::forbidden("solicitudes.no_autorizado"));
    }
    Ok(s)
}

/// Accepts a request at its step. The coordinator's acceptance passes it to the course's
/// analyst ('Ahora el analista del curso aceptará la solicitud'); the analyst's enrols the
/// employee — a seat, or the waiting list when the course is full.
#[utoipa::path(post, path = "/api/pri/solicitudes/aceptar/{idsolicitud}", tag = "courses",
    params(("idsolicitud" = i64, Path)), request_body = AceptarSolicitudBody,
    responses((status = 200, body = AceptarSolicitud), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn accept_request(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<AceptarSolicitudBody>,
) -> AppResult<axum::Json<AceptarSolicitud>> {
    if b.cve_coordinador.is_some_and(|c| c != u.cve_empleado) {
        return Err(AppError::forbidden("solicitudes.no_autorizado"));
    }
    let hoy_d = enrolment::hoy(&state).await?;
    let hoy = enrolment::hoy_iso(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let s = for_answer(&state, &mut tx, &u, id).await?;
    let curso = access::load(&mut tx, s.cve_curso).await?;
    check_course_takes_people(&curso, &hoy)?;
    let nombre = idb::nombre_empleado(&mut tx, s.cve_empleado).await?;
    if s.etapa == "coordinador" {
        if !db::pasar_a_analista(&mut tx, id, u.cve_empleado, &now).await? {
            return Err(AppError::conflict("solicitudes.resuelta"));
        }
        tx.commit().await?;
        notify_analysts(&state, &curso, pendiente(&curso, &nombre, id)).await;
        return Ok(axum::Json(AceptarSolicitud {
            resp: 1,
            mensaje: "Ahora el analista del curso aceptará la solicitud".into(),
            etapa: "analista".into(),
            estatus: 1,
        }));
    }
    check_employee(&mut tx, &curso, s.cve_empleado, hoy_d).await?;
    let lugar = place(
        &mut tx,
        curso.cve_curso,
        s.cve_empleado,
        "solicitud",
        Some(u.cve_empleado),
        true,
        &now,
    )
    .await?;
    let inscripcion = match lugar {
        Lugar::Inscrito(i) | Lugar::Espera(i) => i,
    };
    if !db::resolver(
        &mut tx,
        id,
        3,
        u.cve_empleado,
        None,
        Some(inscripcion),
        &now,
    )
    .await?
    {
        return Err(AppError::conflict("solicitudes.resuelta"));
    }
    tx.commit().await?;
    let mut otros: Vec<i64> = [Some(s.solicitado_por), s.cve_supervisor]
        .into_iter()
        .flatten()
        .filter(|c| *c != s.cve_empleado && *c != u.cve_empleado)
        .collect();
    otros.dedup();
    match lugar {
        Lugar::Inscrito(_) => {
            enrolment::notify_enrolled(&state, &curso, &[s.cve_empleado], &[]).await
        }
        Lugar::Espera(_) => {
            enrolment::notify_enrolled(&state, &curso, &[], &[s.cve_empleado]).await
        }
    }
    avisar(
        &state,
        otros,
        Nueva {
            titulo: "Solicitud aceptada".into(),
            contenido: format!(
                "Se aceptó la solicitud de {nombre} para el curso {}.",
                curso.nombre_corto
            ),
            tipo: Some("solicitud".into()),
            recurso: Some(enrolment::ruta_curso(curso.cve_curso)),
            origen: Some(ORIGEN.into()),
            ..Nueva::default()
        },
    )
    .await;
    Ok(axum::Json(AceptarSolicitud {
        resp: 1,
        mensaje: "La solicitud ha sido aceptada con éxito".into(),
        etapa: "resuelta".into(),
        estatus: 3,
    }))
}

/// Rejects a request at its step (the coordinator or the analyst); the employee and whoever
/// asked are told.
#[utoipa::path(post, path = "/api/pri/solicitudes/rechazar/{idsolicitud}", tag = "courses",
    params(("idsolicitud" = i64, Path)), request_body = RechazarSolicitudBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn reject_request(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<RechazarSolicitudBody>,
) -> AppResult<axum::Json<Resp>> {
    let motivo = b.motivo.as_deref().map(str::trim).filter(|m| !m.is_empty());
    let mut fe = FieldErrors::default();
    fe.check_len(motivo.unwrap_or_default(), enrolment::MOTIVO_MAX, "motivo");
    fe.into_result()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let s = for_answer(&state, &mut tx, &u, id).await?;
    let curso = access::load(&mut tx, s.cve_curso).await?;
    if !db::resolver(&mut tx, id, 2, u.cve_empleado, motivo, None, &now).await? {
        return Err(AppError::conflict("solicitudes.resuelta"));
    }
    tx.commit().await?;
    let mut a: Vec<i64> = vec![s.cve_empleado];
    if s.solicitado_por != s.cve_empleado {
        a.push(s.solicitado_por);
    }
    a.retain(|c| *c != u.cve_empleado);
    avisar(
        &state,
        a,
        Nueva {
            titulo: "Solicitud rechazada".into(),
            contenido: format!(
                "La solicitud de inscripción al curso {} fue rechazada.{}",
                curso.nombre_corto,
                motivo.map(|m| format!(" Motivo: {m}")).unwrap_or_default()
            ),
            tipo: Some("solicitud".into()),
            origen: Some(ORIGEN.into()),
            ..Nueva::default()
        },
    )
    .await;
    Ok(Resp::msg("La solicitud ha sido rechazada con éxito"))
}

/// A request as the caller sees it (None when it does not exist; 403 when it is none of
/// their business).
pub async fn solicitud_vista(
    state: &AppState,
    u: &SessionUser,
    id: i64,
) -> AppResult<Option<SolicitudVista>> {
    let mut conn = state.db.read.acquire().await?;
    let Some(s) = db::solicitud(&mut conn, id).await? else {
        return Ok(None);
    };
    let Some(v) = db::vista(&mut conn, id).await? else {
        return Ok(None);
    };
    let curso = access::load(&mut conn, s.cve_curso).await?;
    let involucrado = [
        Some(s.cve_empleado),
        Some(s.solicitado_por),
        s.cve_supervisor,
        s.cve_analista,
        curso.cve_empleado_instructor,
    ]
    .contains(&Some(u.cve_empleado));
    let general = matches!(u.scope, Scope::Todos)
        && (u.can(state, super::SECCION_INSCRIBIR) || u.can(state, super::SECCION_PROGRAMAR));
    if !involucrado && !general {
        return Err(AppError::forbidden("solicitudes.no_autorizado"));
    }
    let horario = match (&v.hora_inicio, &v.hora_fin) {
        (Some(i), Some(f)) => format!("{i} - {f}"),
        _ => String::new(),
    };
    Ok(Some(SolicitudVista {
        idsolicitud: v.idsolicitud,
        cve_empleado: v.cve_empleado,
        subject: format!("Solicitud de inscripción de {}", v.nombre_empleado),
        nombre_empleado: v.nombre_empleado,
        cve_supervisor: v.cve_supervisor,
        nombre_supervisor: v.nombre_supervisor,
        cve_analista: v.cve_analista,
        nombre_analista: v.nombre_analista,
        cve_instructor: v.cve_instructor,
        nombre_instructor: v.nombre_instructor,
        cve_curso: v.cve_curso,
        nombre_curso: v.nombre_curso,
        fecha_curso: v.fecha_curso,
        horario_curso: horario,
        nombre_sala: v.nombre_sala,
        link_confirmar: format!("/api/pri/solicitudes/aceptar/{id}"),
        link_rechazar: format!("/api/pri/solicitudes/rechazar/{id}"),
        estatus: v.estatus,
        etapa: v.etapa,
        puede_resolver: puede_resolver(state, u, &s),
    }))
}

/// The `solicitud` object of a notification: the request as the caller sees it, or None
/// when it is gone or not theirs to see.
pub async fn solicitud_de_notificacion(
    state: &AppState,
    u: &SessionUser,
    id: i64,
) -> Option<serde_json::Value> {
    match solicitud_vista(state, u, id).await {
        Ok(Some(v)) => serde_json::to_value(v).ok(),
        Ok(None) => None,
        Err(e) => {
            if e.status.is_server_error() {
                tracing::warn!(error = %e, "the request of a notification could not be read");
            }
            None
        }
    }
}

/// One request with everything the notification modal shows, and whether the caller may
/// accept or reject it now.
#[utoipa::path(get, path = "/api/pri/solicitudes/{idsolicitud}", tag = "courses",
    params(("idsolicitud" = i64, Path)),
    responses((status = 200, body = SolicitudVista), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_request(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<SolicitudVista>> {
    solicitud_vista(&state, &u, id)
        .await?
        .map(axum::Json)
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "solicitudes.no_encontrada"))
}
