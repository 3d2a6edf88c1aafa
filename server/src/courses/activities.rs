//! A course's activities (the topic's, with due dates): enrolled participants submit text
//! within the character limit, a file (sniffed, ≤ 8 MB) or a link while the course is open;
//! the instructor or an analyst grades each submission 0–100.

use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::access;
use super::attendance::for_evaluation;
use super::db::actividades::{self as db, ActividadCurso, Entrega};
use super::db::inscripciones as idb;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;

/// Longest text submission when the activity sets no limit.
pub const TEXTO_MAX: usize = 20_000;
/// Longest grader's comment.
pub const COMENTARIO_MAX: usize = 1_000;

/// The activity routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let mi_plan = || Rule::Seccion(crate::plans::SECCION_MI_PLAN);
    OpenApiRouter::new()
        .routes(secured(state, mi_plan(), routes!(list_course_activities)))
        .routes(secured(state, mi_plan(), routes!(submit_activity)))
        .routes(secured(state, mi_plan(), routes!(download_submission)))
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_EVALUAR),
            routes!(grade_submission),
        ))
}

/// An activity with the submissions the caller may see.
#[derive(Serialize, ToSchema)]
pub struct ActividadConEntregas {
    #[serde(flatten)]
    pub actividad: ActividadCurso,
    pub entregas: Vec<Entrega>,
}

/// A course's activities.
#[derive(Serialize, ToSchema)]
pub struct ActividadesCurso {
    pub actividades: Vec<ActividadConEntregas>,
    /// Whether the caller sees (and grades) every submission.
    pub evaluador: bool,
}

/// The activities of a course: an evaluator sees every submission, a participant their own.
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/actividades", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = ActividadesCurso), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_course_activities(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<ActividadesCurso>> {
    let mut conn = state.db.read.acquire().await?;
    let curso = access::load(&mut conn, cve_curso).await?;
    let evaluador = curso.puede_evaluar(&u) && u.can(&state, super::SECCION_EVALUAR);
    let propia = idb::inscripcion_vigente(&mut conn, cve_curso, u.cve_empleado).await?;
    if !evaluador && propia.is_none() {
        return Err(AppError::forbidden("cursos.no_es_tu_curso"));
    }
    let todas = db::entregas(&mut conn, cve_curso).await?;
    let actividades = db::actividades(&mut conn, cve_curso)
        .await?
        .into_iter()
        .map(|a| ActividadConEntregas {
            entregas: todas
                .iter()
                .filter(|e| e.id_actividad_curso == a.id_actividad_curso)
                .filter(|e| evaluador || e.cve_empleado == u.cve_empleado)
                .cloned()
                .collect(),
            actividad: a,
        })
        .collect();
    Ok(axum::Json(ActividadesCurso {
        actividades,
        evaluador,
    }))
}

/// Submits an activity: multipart `texto` (within the activity's character limit), `archivo`
/// (a file of an archivo/imagen activity, sniffed, ≤ 8 MB) or `enlace` (an http(s) link), by
/// the enrolled participant while the course is open. A new submission replaces the former.
#[utoipa::path(post, path = "/api/pri/cursos/actividades/{id_actividad_curso}/entrega", tag = "courses",
    params(("id_actividad_curso" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "`texto`, `archivo` or `enlace`"),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody)))]
async fn submit_activity(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<Resp>> {
    let form = crate::upload::read_form(multipart).await?;
    let (actividad, inscripcion) = {
        let mut conn = state.db.read.acquire().await?;
        let a = db::actividad(&mut conn, id).await?.ok_or_else(|| {
            AppError::new(StatusCode::NOT_FOUND, "cursos.actividad_no_encontrada")
        })?;
        let curso = access::load(&mut conn, a.cve_curso).await?;
        curso.abierto()?;
        let ins = idb::inscripcion_vigente(&mut conn, a.cve_curso, u.cve_empleado)
            .await?
            .filter(|i| i.estatus == "inscrito")
            .ok_or_else(|| AppError::forbidden("cursos.no_inscrito"))?;
        (a, ins.cve_inscripcion_ai)
    };
    let mut fe = FieldErrors::default();
    let (texto, archivo) = match actividad.tipo_evidencia.as_str() {
        "texto" => {
            let t = form
                .fields
                .get("texto")
                .map(|t| t.trim().to_string())
                .unwrap_or_default();
            let max = actividad
                .limite_caracteres
                .and_then(|l| usize::try_from(l).ok())
                .filter(|l| *l > 0)
                .unwrap_or(TEXTO_MAX);
            fe.check(!t.is_empty(), "texto", "validacion.campo_requerido");
            fe.check_len(&t, max, "texto");
            (Some(t), None)
        }
        "enlace" => {
            let l = form
                .fields
                .get("enlace")
                .map(|t| t.trim().to_string())
                .unwrap_or_default();
            fe.check(
                crate::resources::is_http_url(&l),
                "enlace",
                "validacion.url",
            );
            (Some(l), None)
        }
        _ => (None, Some(form.file()?)),
    };
    fe.into_result()?;
    let key = match archivo {
        Some(data) if actividad.tipo_evidencia == "imagen" => Some(
            crate::files::store_image(
                &state,
                &format!("cursos/entregas/{}", actividad.cve_curso),
                "entrega",
                data,
            )
            .await?,
        ),
        Some(data) => Some(
            crate::files::store_material(
                &state,
                &format!("cursos/entregas/{}", actividad.cve_curso),
                "entrega",
                data,
            )
            .await?,
        ),
        None => None,
    };
    let now = state.now_iso();
    let written = async {
        let mut tx = state.db.begin().await?;
        let old = db::entregar(
            &mut tx,
            id,
            inscripcion,
            texto.as_deref(),
            key.as_deref(),
            key.as_deref().and_then(|k| k.rsplit('/').next()),
            &now,
        )
        .await?;
        tx.commit().await?;
        Ok::<_, AppError>(old)
    }
    .await;
    match written {
        Ok(old) => {
            if let Some(old) = old.filter(|o| Some(o.as_str()) != key.as_deref())
                && let Err(e) = state.storage.delete(&old).await
            {
                tracing::warn!(key = old, error = ?e, "a replaced submission could not be removed");
            }
            Ok(Resp::ok())
        }
        Err(e) => {
            if let Some(k) = &key
                && let Err(d) = state.storage.delete(k).await
            {
                tracing::warn!(key = k, error = ?d, "a rejected submission could not be removed");
            }
            Err(e)
        }
    }
}

/// A submission's grade.
#[derive(Deserialize, ToSchema)]
pub struct CalificacionEntrega {
    /// 0–100.
    pub calificacion: f64,
    #[serde(default)]
    pub comentario: Option<String>,
}

/// Grades a submission 0–100 (the course's instructor or a whole-company profile).
#[utoipa::path(put, path = "/api/pri/cursos/entregas/{id_entrega}/calificacion", tag = "courses",
    params(("id_entrega" = i64, Path)), request_body = CalificacionEntrega,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn grade_submission(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<CalificacionEntrega>,
) -> AppResult<axum::Json<Resp>> {
    let comentario = b
        .comentario
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let mut fe = FieldErrors::default();
    fe.check(
        b.calificacion.is_finite() && (0.0..=100.0).contains(&b.calificacion),
        "calificacion",
        "cursos.calificacion_entrega",
    );
    fe.check_len(comentario.unwrap_or_default(), COMENTARIO_MAX, "comentario");
    fe.into_result()?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let e = db::entrega(&mut tx, id)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.entrega_no_encontrada"))?;
    let a = db::actividad(&mut tx, e.id_actividad_curso)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.actividad_no_encontrada"))?;
    let curso = for_evaluation(&mut tx, &u, a.cve_curso).await?;
    curso.abierto()?;
    db::calificar(
        &mut tx,
        id,
        b.calificacion,
        comentario,
        u.cve_empleado,
        &now,
    )
    .await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// Downloads a submitted file: the participant who submitted it, or the course's
/// evaluators (its instructor, analysts).
#[utoipa::path(get, path = "/api/pri/cursos/entregas/{id_entrega}/archivo", tag = "courses",
    params(("id_entrega" = i64, Path)),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn download_submission(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::response::Response> {
    use axum::http::header;
    use axum::response::IntoResponse;
    let (key, nombre) = {
        let mut conn = state.db.read.acquire().await?;
        let e = db::entrega(&mut conn, id)
            .await?
            .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.entrega_no_encontrada"))?;
        let a = db::actividad(&mut conn, e.id_actividad_curso)
            .await?
            .ok_or_else(|| {
                AppError::new(StatusCode::NOT_FOUND, "cursos.actividad_no_encontrada")
            })?;
        if e.cve_empleado != u.cve_empleado {
            let curso = access::load(&mut conn, a.cve_curso).await?;
            if !(u.can(&state, super::SECCION_EVALUAR) && curso.puede_evaluar(&u)) {
                return Err(AppError::forbidden("cursos.no_es_tu_curso"));
            }
        }
        let key = e
            .archivo
            .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.entrega_no_encontrada"))?;
        let ext = key.rsplit('.').next().unwrap_or("bin").to_string();
        (
            key,
            e.nombre_archivo
                .unwrap_or_else(|| format!("entrega_{id}.{ext}")),
        )
    };
    let data = state.storage.get(&key).await?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                header::HeaderValue::from_static(crate::storage::content_type_of(&key)),
            ),
            (
                header::CONTENT_DISPOSITION,
                crate::files::attachment(&nombre),
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
