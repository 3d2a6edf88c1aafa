//! Running a course: the participant confirms they will attend (the spec's attendance
//! button rule), the instructor or analyst records attendance per session (1 = no,
//! 2 = yes) and attaches the signed list (PDF or image, sniffed, ≤ 8 MB).

use std::collections::{HashMap, HashSet};

use axum::extract::{Multipart, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::access;
use super::db::asistencias::{self as db, Sesion};
use super::db::base::CursoBase;
use super::db::inscripciones as idb;
use super::enrolment;
use crate::auth::perms::{CurrentUser, Rule, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// The running-the-course routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let evaluar = || Rule::Seccion(super::SECCION_EVALUAR);
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(crate::plans::SECCION_MI_PLAN),
            routes!(confirm_attendance),
        ))
        .routes(secured(
            state,
            evaluar(),
            routes!(get_attendance, set_attendance),
        ))
        .routes(secured(
            state,
            evaluar(),
            routes!(upload_signed_list, download_signed_list),
        ))
}

/// The enrolment to confirm.
#[derive(Deserialize, ToSchema)]
pub struct ConfirmarAsistenciaBody {
    pub cve_inscripcion_ai: i64,
}

/// Whether the caller's active profile is the Instructor's.
fn es_perfil_instructor(state: &AppState, u: &SessionUser) -> bool {
    state
        .perms
        .profile(u.idperfil)
        .is_some_and(|p| p.perfil.eq_ignore_ascii_case("instructor"))
}

/// The participant confirms they will attend (`confirmado` 0 → 1). Refused, each with its
/// code, when: the active profile is Instructor, the enrolment is missing or someone else's,
/// not holding a seat, already graded, already confirmed, a prerequisite is pending, or the
/// course is closed, cancelled or over.
#[utoipa::path(post, path = "/api/pri/mobile/cursos/confirmar_asistencia", tag = "courses",
    request_body = ConfirmarAsistenciaBody,
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn confirm_attendance(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<ConfirmarAsistenciaBody>,
) -> AppResult<axum::Json<Resp>> {
    if es_perfil_instructor(&state, &u) {
        return Err(AppError::unprocessable("cursos.confirmar_instructor"));
    }
    let hoy_d = enrolment::hoy(&state).await?;
    let hoy = enrolment::hoy_iso(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let ins = idb::inscripcion(&mut tx, b.cve_inscripcion_ai)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.inscripcion_no_encontrada"))?;
    if ins.cve_empleado != u.cve_empleado {
        return Err(AppError::forbidden("auth.fuera_de_alcance"));
    }
    let curso = access::load(&mut tx, ins.cve_curso).await?;
    if curso.es_instructor(&u) {
        return Err(AppError::unprocessable("cursos.instructor_del_curso"));
    }
    if ins.estatus != "inscrito" {
        return Err(AppError::unprocessable("cursos.no_inscrito"));
    }
    if ins.calificacion.is_some() {
        return Err(AppError::unprocessable("cursos.ya_calificado"));
    }
    if ins.confirmado == 1 {
        return Err(AppError::unprocessable("cursos.ya_confirmado"));
    }
    for (t, nombre) in idb::prerrequisitos(&mut tx, curso.cve_tema).await? {
        if !crate::plans::ledger::topic_state(&mut tx, u.cve_empleado, t, hoy_d)
            .await?
            .completado()
        {
            return Err(AppError::unprocessable("cursos.prerrequisito").arg("tema", nombre));
        }
    }
    enrolment::check_course_takes_people(&curso, &hoy)?;
    if !db::confirmar(&mut tx, ins.cve_inscripcion_ai, &now).await? {
        return Err(AppError::unprocessable("cursos.ya_confirmado"));
    }
    tx.commit().await?;
    Ok(Resp::ok())
}

/// Loads a course the caller may evaluate: its instructor, or a whole-company profile.
pub async fn for_evaluation(
    conn: &mut sqlx::SqliteConnection,
    u: &SessionUser,
    cve_curso: i64,
) -> AppResult<CursoBase> {
    let curso = access::load(&mut *conn, cve_curso).await?;
    if !curso.puede_evaluar(u) {
        return Err(AppError::forbidden("cursos.no_es_tu_curso"));
    }
    Ok(curso)
}

/// One participant's mark for one session.
#[derive(Serialize, ToSchema)]
pub struct MarcaAsistencia {
    pub id_sesion: i64,
    /// 1 = did not attend, 2 = attended, null = not recorded.
    pub asistencia: Option<i64>,
}

/// A participant's row of the attendance list.
#[derive(Serialize, ToSchema)]
pub struct ParticipanteAsistencia {
    pub cve_inscripcion_ai: i64,
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub asistencias: Vec<MarcaAsistencia>,
}

/// The attendance list of a course.
#[derive(Serialize, ToSchema)]
pub struct ListaAsistencia {
    pub sesiones: Vec<Sesion>,
    pub participantes: Vec<ParticipanteAsistencia>,
    /// Whether a signed list is attached.
    pub lista_asistencia: bool,
}

/// The attendance list: every enrolled participant × every session.
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/asistencia", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = ListaAsistencia), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_attendance(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<ListaAsistencia>> {
    let mut conn = state.db.read.acquire().await?;
    for_evaluation(&mut conn, &u, cve_curso).await?;
    let sesiones = db::sesiones(&mut conn, cve_curso).await?;
    let marcas: HashMap<(i64, i64), i64> = db::marcas(&mut conn, cve_curso)
        .await?
        .into_iter()
        .map(|(i, s, a)| ((i, s), a))
        .collect();
    let participantes = db::inscritos(&mut conn, cve_curso)
        .await?
        .into_iter()
        .map(
            |(cve_inscripcion_ai, cve_empleado, nombre_empleado)| ParticipanteAsistencia {
                cve_inscripcion_ai,
                cve_empleado,
                nombre_empleado,
                asistencias: sesiones
                    .iter()
                    .map(|s| MarcaAsistencia {
                        id_sesion: s.id_sesion,
                        asistencia: marcas.get(&(cve_inscripcion_ai, s.id_sesion)).copied(),
                    })
                    .collect(),
            },
        )
        .collect();
    let lista_asistencia = db::lista(&mut conn, cve_curso).await?.is_some();
    Ok(axum::Json(ListaAsistencia {
        sesiones,
        participantes,
        lista_asistencia,
    }))
}

/// One attendance mark to record.
#[derive(Deserialize, ToSchema)]
pub struct RegistroAsistencia {
    pub cve_inscripcion_ai: i64,
    pub id_sesion: i64,
    /// 1 = did not attend, 2 = attended.
    pub asistencia: i64,
}

/// Attendance marks to record.
#[derive(Deserialize, ToSchema)]
pub struct AsistenciaBody {
    pub registros: Vec<RegistroAsistencia>,
}

/// Records attendance marks of an open course; a session that has not started yet cannot
/// be marked (422 `cursos.sesion_futura`).
#[utoipa::path(put, path = "/api/pri/cursos/{cve_curso}/asistencia", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = AsistenciaBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn set_attendance(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<AsistenciaBody>,
) -> AppResult<axum::Json<Resp>> {
    let mut fe = FieldErrors::default();
    fe.check(
        !b.registros.is_empty() && b.registros.len() <= 100_000,
        "registros",
        "validacion.datos",
    );
    fe.check(
        b.registros.iter().all(|r| matches!(r.asistencia, 1 | 2)),
        "asistencia",
        "cursos.asistencia_valor",
    );
    fe.into_result()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let curso = for_evaluation(&mut tx, &u, cve_curso).await?;
    curso.abierto()?;
    let sesiones: HashMap<i64, Sesion> = db::sesiones(&mut tx, cve_curso)
        .await?
        .into_iter()
        .map(|s| (s.id_sesion, s))
        .collect();
    let inscritos: HashSet<i64> = db::inscritos(&mut tx, cve_curso)
        .await?
        .into_iter()
        .map(|x| x.0)
        .collect();
    for r in &b.registros {
        let Some(s) = sesiones.get(&r.id_sesion) else {
            return Err(AppError::unprocessable("cursos.sesion_ajena"));
        };
        if !inscritos.contains(&r.cve_inscripcion_ai) {
            return Err(AppError::unprocessable("cursos.no_inscrito"));
        }
        if s.inicio.as_str() > now.as_str() {
            return Err(AppError::unprocessable("cursos.sesion_futura")
                .arg("fecha", s.fecha.clone())
                .arg("hora", s.hora_inicio.clone()));
        }
        db::marcar(
            &mut tx,
            r.cve_inscripcion_ai,
            r.id_sesion,
            r.asistencia,
            u.cve_empleado,
            &now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Resp::ok())
}

/// Attaches the signed attendance list: multipart `archivo`, a PDF or a PNG/JPEG image by
/// its content, up to 8 MB. Replaces the one attached before.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/lista_asistencia", tag = "courses",
    params(("cve_curso" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "`archivo`: PDF, PNG or JPEG, ≤ 8 MB"),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody)))]
async fn upload_signed_list(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<Resp>> {
    {
        let mut conn = state.db.read.acquire().await?;
        let curso = for_evaluation(&mut conn, &u, cve_curso).await?;
        curso.abierto()?;
    }
    let form = crate::upload::read_form(multipart).await?;
    let data = form.file()?;
    let ext = match infer::get(&data).map(|k| k.mime_type()) {
        Some("application/pdf") => "pdf",
        Some("image/png") => "png",
        Some("image/jpeg") => "jpg",
        _ => {
            return Err(AppError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "cursos.lista_tipo",
            ));
        }
    };
    let key = format!(
        "cursos/listas/{cve_curso}/{}.{ext}",
        uuid::Uuid::new_v4().simple()
    );
    state.storage.put(&key, data).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let replaced = db::set_lista(&mut tx, cve_curso, &key, &now).await?;
    crate::files::settle_upload(&state, tx, &key, replaced).await?;
    Ok(Resp::ok())
}

/// Downloads the signed attendance list.
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/lista_asistencia", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn download_signed_list(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<Response> {
    let key = {
        let mut conn = state.db.read.acquire().await?;
        for_evaluation(&mut conn, &u, cve_curso).await?;
        db::lista(&mut conn, cve_curso)
            .await?
            .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.sin_lista"))?
    };
    let data = state.storage.get(&key).await?;
    let ext = key.rsplit('.').next().unwrap_or("pdf");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                header::HeaderValue::from_static(crate::storage::content_type_of(&key)),
            ),
            (
                header::CONTENT_DISPOSITION,
                crate::files::attachment(&format!("lista_asistencia_{cve_curso}.{ext}")),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                header::HeaderValue::from_static(crate::files::SANDBOX_CSP),
            ),
        ],
        data,
    )
        .into_response())
}
