//! A course's survey: which template it uses (its own or its topic's), the participant
//! answering it once after the course, and the results per course or over courses.

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use axum::http::StatusCode;
use chrono::NaiveDate;
use sqlx::SqliteConnection;

use super::db::plantillas;
use super::db::respuestas::{self as db, Filtro};
use super::templates::no_encontrada;
use super::types::{
    AsignacionEncuesta, AsignacionForm, EncuestaCurso, EncuestaResultado, FiltroResultados,
    OpcionResultado, PreguntaContestable, PreguntaResultado, RespuestasCurso, Resultados,
    ResultadosCursos,
};
use crate::auth::perms::{CurrentUser, Scope, SessionUser};
use crate::courses::db::base::CursoBase;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::validate::parse_date;

/// The company-local date today.
pub async fn hoy_local(state: &AppState) -> AppResult<NaiveDate> {
    let cia = crate::settings::load(state).await?;
    Ok(crate::courses::schedule::hoy_local(
        state,
        crate::courses::schedule::zona(&cia),
    ))
}

/// A course's current template: (id_encuesta, origen 'curso' | 'tema').
async fn asignada(
    conn: &mut SqliteConnection,
    c: &CursoBase,
) -> AppResult<Option<(i64, &'static str)>> {
    if let Some(id) = plantillas::de_curso(&mut *conn, c.cve_curso).await? {
        return Ok(Some((id, "curso")));
    }
    Ok(plantillas::de_tema(&mut *conn, c.cve_tema)
        .await?
        .map(|id| (id, "tema")))
}

async fn asignacion(conn: &mut SqliteConnection, c: &CursoBase) -> AppResult<AsignacionEncuesta> {
    Ok(match asignada(&mut *conn, c).await? {
        Some((id, origen)) => AsignacionEncuesta {
            id_encuesta: Some(id),
            origen: Some(origen.into()),
            nombre: plantillas::plantilla(&mut *conn, id)
                .await?
                .map(|p| p.nombre),
        },
        None => AsignacionEncuesta {
            id_encuesta: None,
            origen: None,
            nombre: None,
        },
    })
}

/// The course's template and where it comes from.
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/encuesta/asignacion", tag = "surveys",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = AsignacionEncuesta), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_assignment(
    State(state): State<AppState>,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<AsignacionEncuesta>> {
    let mut conn = state.db.read.acquire().await?;
    let c = crate::courses::access::load(&mut conn, cve_curso).await?;
    Ok(axum::Json(asignacion(&mut conn, &c).await?))
}

/// Sets the course's own template, or (null) goes back to its topic's.
#[utoipa::path(put, path = "/api/pri/cursos/{cve_curso}/encuesta/asignacion", tag = "surveys",
    params(("cve_curso" = i64, Path)), request_body = AsignacionForm,
    responses((status = 200, body = AsignacionEncuesta), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn set_assignment(
    State(state): State<AppState>,
    Path(cve_curso): Path<i64>,
    Json(b): Json<AsignacionForm>,
) -> AppResult<axum::Json<AsignacionEncuesta>> {
    let mut tx = state.db.begin().await?;
    let c = crate::courses::access::load(&mut tx, cve_curso).await?;
    if c.cancelado() {
        return Err(AppError::conflict("cursos.cancelado"));
    }
    assign_to_course(&mut tx, cve_curso, b.id_encuesta).await?;
    let a = asignacion(&mut tx, &c).await?;
    tx.commit().await?;
    Ok(axum::Json(a))
}

/// Gives a course its own template (404 `encuestas.no_encontrada` for an unknown one), or
/// none so that it uses its topic's.
pub async fn assign_to_course(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    id_encuesta: Option<i64>,
) -> AppResult<()> {
    if let Some(id) = id_encuesta {
        plantillas::plantilla(&mut *conn, id)
            .await?
            .ok_or_else(no_encontrada)?;
    }
    plantillas::set_de_curso(&mut *conn, cve_curso, id_encuesta).await?;
    Ok(())
}

/// The question keys of a course's current template, if it has one.
pub async fn survey_questions(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> AppResult<Option<Vec<i64>>> {
    let c = crate::courses::access::load(&mut *conn, cve_curso).await?;
    let Some((id, _)) = asignada(&mut *conn, &c).await? else {
        return Ok(None);
    };
    Ok(Some(
        plantillas::preguntas(&mut *conn, id)
            .await?
            .into_iter()
            .filter_map(|p| p.id_pregunta)
            .collect(),
    ))
}

/// Whether the course's survey may be answered on `hoy`: closed, or its last session
/// (company-local date) before today.
pub fn terminado(c: &CursoBase, hoy: NaiveDate) -> bool {
    c.cerrado()
        || (!c.cancelado() && c.fecha_fin.as_str() < hoy.format("%Y-%m-%d").to_string().as_str())
}

/// What a participant answers in a course: the template, and whether they already did.
struct Contestable {
    id_encuesta: i64,
    contestada: bool,
}

/// The rules of answering, in order: an enrolled participant (403
/// `encuestas.no_participante`), a template (404 `encuestas.sin_encuesta`; an inactive one
/// counts as none unless already answered), the course over (409
/// `encuestas.curso_no_terminado`).
async fn contestable(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    hoy: NaiveDate,
) -> AppResult<Contestable> {
    let c = crate::courses::access::load(&mut *conn, cve_curso).await?;
    let inscrito =
        crate::courses::db::inscripciones::inscripcion_vigente(&mut *conn, cve_curso, cve_empleado)
            .await?
            .is_some_and(|i| i.estatus == "inscrito");
    if !inscrito {
        return Err(AppError::forbidden("encuestas.no_participante"));
    }
    if let Some(id) = db::participacion(&mut *conn, cve_curso, cve_empleado).await? {
        return Ok(Contestable {
            id_encuesta: id,
            contestada: true,
        });
    }
    let sin = || AppError::new(StatusCode::NOT_FOUND, "encuestas.sin_encuesta");
    if c.cancelado() {
        return Err(sin());
    }
    let (id, _) = asignada(&mut *conn, &c).await?.ok_or_else(sin)?;
    let activa = plantillas::plantilla(&mut *conn, id)
        .await?
        .is_some_and(|p| p.activa == 1);
    if !activa {
        return Err(sin());
    }
    if !terminado(&c, hoy) {
        return Err(AppError::conflict("encuestas.curso_no_terminado"));
    }
    Ok(Contestable {
        id_encuesta: id,
        contestada: false,
    })
}

/// The course's survey for the caller, one of its participants, with their answers.
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/encuesta", tag = "surveys",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = EncuestaCurso), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn get_course_survey(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<EncuestaCurso>> {
    let hoy = hoy_local(&state).await?;
    let mut conn = state.db.read.acquire().await?;
    let x = contestable(&mut conn, cve_curso, u.cve_empleado, hoy).await?;
    let p = plantillas::plantilla(&mut *conn, x.id_encuesta)
        .await?
        .ok_or_else(no_encontrada)?;
    let elegidas: HashMap<i64, i64> = db::elegidas(&mut *conn, cve_curso, u.cve_empleado)
        .await?
        .into_iter()
        .collect();
    let preguntas = plantillas::preguntas(&mut *conn, x.id_encuesta)
        .await?
        .into_iter()
        .map(|q| {
            let id = q.id_pregunta.unwrap_or_default();
            PreguntaContestable {
                id_pregunta: id,
                pregunta: q.pregunta,
                respuesta1: q.respuesta1,
                respuesta2: q.respuesta2,
                respuesta3: q.respuesta3,
                respuesta4: q.respuesta4,
                selected: elegidas.get(&id).copied().unwrap_or(0),
            }
        })
        .collect();
    Ok(axum::Json(EncuestaCurso {
        id_encuesta: p.id_encuesta,
        nombre: p.nombre,
        descripcion: p.descripcion,
        contestada: x.contestada,
        preguntas,
    }))
}

/// Checks a set of answers against a survey's questions: each known question at most once
/// with an option 1–4 (400 `validacion.datos`); with `todas`, every question (422
/// `encuestas.respuestas_incompletas`), otherwise at least one.
pub fn check_answers(
    preguntas: &HashSet<i64>,
    respuestas: &[super::types::RespuestaEncuesta],
    todas: bool,
) -> AppResult<()> {
    let mut vistas = HashSet::new();
    for r in respuestas {
        if !preguntas.contains(&r.id_pregunta)
            || !(1..=4).contains(&r.selected)
            || !vistas.insert(r.id_pregunta)
        {
            return Err(AppError::bad_request("validacion.datos"));
        }
    }
    if vistas.is_empty() || (todas && vistas.len() != preguntas.len()) {
        return Err(AppError::unprocessable("encuestas.respuestas_incompletas"));
    }
    Ok(())
}

/// Records a participant's answers to a course's survey, once, every question answered.
pub async fn answer_course_survey(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    respuestas: &[super::types::RespuestaEncuesta],
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    let x = contestable(&mut *conn, cve_curso, cve_empleado, hoy).await?;
    if x.contestada {
        return Err(AppError::conflict("encuestas.contestada"));
    }
    let preguntas: HashSet<i64> = plantillas::preguntas(&mut *conn, x.id_encuesta)
        .await?
        .into_iter()
        .filter_map(|p| p.id_pregunta)
        .collect();
    check_answers(&preguntas, respuestas, true)?;
    if !db::insertar_participacion(&mut *conn, cve_curso, cve_empleado, x.id_encuesta, now).await? {
        return Err(AppError::conflict("encuestas.contestada"));
    }
    for r in respuestas {
        db::insertar_respuesta(
            &mut *conn,
            cve_curso,
            cve_empleado,
            r.id_pregunta,
            r.selected,
        )
        .await?;
    }
    Ok(())
}

/// Answers the course's survey (every question, once).
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/encuesta", tag = "surveys",
    params(("cve_curso" = i64, Path)), request_body = RespuestasCurso,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn answer_course(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<RespuestasCurso>,
) -> AppResult<axum::Json<Resp>> {
    if b.respuestas.len() > crate::contract::ENCUESTA_PREGUNTAS_MAX {
        return Err(AppError::bad_request("validacion.datos"));
    }
    let hoy = hoy_local(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    answer_course_survey(&mut tx, cve_curso, u.cve_empleado, &b.respuestas, hoy, &now).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// Share of `n` in `total`, percent with one decimal (0 when nobody answered).
pub fn porcentaje(n: i64, total: i64) -> f64 {
    if total <= 0 {
        0.0
    } else {
        (n as f64 * 1000.0 / total as f64).round() / 10.0
    }
}

/// The results of the courses a filter covers: (courses, results).
async fn resultados(conn: &mut SqliteConnection, f: &Filtro) -> AppResult<(i64, Resultados)> {
    let (cursos, participantes, contestaron) = db::conteos(&mut *conn, f).await?;
    let mut cantidades: HashMap<(i64, i64), i64> = HashMap::new();
    for (p, r, n) in db::cantidades(&mut *conn, f).await? {
        cantidades.insert((p, r), n);
    }
    let mut encuestas = Vec::new();
    for (id, nombre) in db::plantillas(&mut *conn, f).await? {
        let preguntas = plantillas::preguntas(&mut *conn, id)
            .await?
            .into_iter()
            .map(|q| {
                let id_pregunta = q.id_pregunta.unwrap_or_default();
                let n: Vec<i64> = (1..=4)
                    .map(|r| cantidades.get(&(id_pregunta, r)).copied().unwrap_or(0))
                    .collect();
                let total: i64 = n.iter().sum();
                let textos = [q.respuesta1, q.respuesta2, q.respuesta3, q.respuesta4];
                PreguntaResultado {
                    id_pregunta,
                    pregunta: q.pregunta,
                    opciones: textos
                        .into_iter()
                        .zip(n)
                        .map(|(respuesta, cantidad)| OpcionResultado {
                            respuesta,
                            cantidad,
                            porcentaje: porcentaje(cantidad, total),
                        })
                        .collect(),
                }
            })
            .collect();
        encuestas.push(EncuestaResultado {
            id_encuesta: id,
            nombre,
            preguntas,
        });
    }
    Ok((
        cursos,
        Resultados {
            participantes,
            contestaron,
            encuestas,
        },
    ))
}

/// The teaching employee a caller's results are limited to: none with the whole company in
/// scope, themselves otherwise (an Instructor sees only the courses they teach).
fn solo_propios(u: &SessionUser) -> Option<i64> {
    match u.scope {
        Scope::Todos => None,
        _ => Some(u.cve_empleado),
    }
}

/// The results of a course's survey (an Instructor only for courses they teach).
#[utoipa::path(get, path = "/api/pri/cursos/{cve_curso}/encuesta/resultados", tag = "surveys",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = Resultados), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn course_results(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<Resultados>> {
    let mut conn = state.db.read.acquire().await?;
    let c = crate::courses::access::load(&mut conn, cve_curso).await?;
    if solo_propios(&u).is_some() && !c.es_instructor(&u) {
        return Err(AppError::forbidden("cursos.no_es_tu_curso"));
    }
    let f = Filtro {
        cve_curso: Some(cve_curso),
        ..Filtro::default()
    };
    Ok(axum::Json(resultados(&mut conn, &f).await?.1))
}

/// The results over the courses matching the filters (an Instructor always only their own).
#[utoipa::path(post, path = "/api/pri/encuestas_cursos/resultados", tag = "surveys",
    request_body = FiltroResultados,
    responses((status = 200, body = ResultadosCursos), (status = 400, body = ErrorBody)))]
pub(super) async fn results(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<FiltroResultados>,
) -> AppResult<axum::Json<ResultadosCursos>> {
    let mut fe = crate::error::FieldErrors::default();
    let fecha = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| parse_date(s).ok_or(()))
            .transpose()
    };
    let desde = fecha(&b.desde);
    let hasta = fecha(&b.hasta);
    fe.check(desde.is_ok(), "desde", "validacion.fecha");
    fe.check(hasta.is_ok(), "hasta", "validacion.fecha");
    if let (Ok(Some(d)), Ok(Some(h))) = (desde, hasta) {
        fe.check(d <= h, "hasta", "validacion.rango_fechas");
    }
    fe.into_result()?;
    let iso = |d: Result<Option<NaiveDate>, ()>| {
        d.ok().flatten().map(|d| d.format("%Y-%m-%d").to_string())
    };
    let f = Filtro {
        cve_curso: None,
        cve_instructor: b.cve_instructor,
        cve_tema: b.cve_tema,
        id_encuesta: b.id_encuesta,
        desde: iso(desde),
        hasta: iso(hasta),
        instructor_empleado: solo_propios(&u),
    };
    let mut conn = state.db.read.acquire().await?;
    let (cursos, r) = resultados(&mut conn, &f).await?;
    Ok(axum::Json(ResultadosCursos {
        participantes: r.participantes,
        contestaron: r.contestaron,
        encuestas: r.encuestas,
        cursos,
    }))
}

/// The plan's survey and rating fields of an employee: the courses whose survey they may
/// answer now (`encuesta_pendiente`) and their own rating of each topic (`mi_rating`).
pub struct DelPlan {
    pub pendientes: HashSet<i64>,
    pub ratings: HashMap<i64, f64>,
}

/// The plan's survey and rating fields of an employee on `hoy`.
pub async fn plan_fields(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    hoy: NaiveDate,
) -> AppResult<DelPlan> {
    let hoy = hoy.format("%Y-%m-%d").to_string();
    Ok(DelPlan {
        pendientes: db::pendientes(&mut *conn, cve_empleado, &hoy)
            .await?
            .into_iter()
            .collect(),
        ratings: super::db::calificaciones::del_empleado(&mut *conn, cve_empleado).await?,
    })
}

#[cfg(test)]
mod tests {
    use super::porcentaje;

    #[test]
    fn percentages_have_one_decimal_and_survive_nobody() {
        assert_eq!(porcentaje(1, 3), 33.3);
        assert_eq!(porcentaje(2, 3), 66.7);
        assert_eq!(porcentaje(0, 0), 0.0);
        assert_eq!(porcentaje(4, 4), 100.0);
    }
}
