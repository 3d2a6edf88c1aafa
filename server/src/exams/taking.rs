//! Taking an exam through the spec's calls (§7 `…/planeada/{cve_empleado}/presentar_examen/
//! {cve_curso}` GET and POST) plus the autosave of each answer. The server draws, keeps,
//! times and grades every attempt; nothing it sends reveals the answer key.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use rand::seq::SliceRandom;
use serde::Deserialize;
use sqlx::SqliteConnection;
use utoipa::IntoParams;

use super::db::{self, Asignacion, Examen, Intento, RespuestaIntento};
use super::grading::{self, GRACIA_SEG, Momento, Opcion};
use super::types::{
    AvanceBody, AvanceGuardado, DetalleExamen, EntregaBody, ExamenParticipante, OpcionExamen,
    PreguntaExamen, ResultadoExamen,
};
use crate::auth::perms::{CurrentUser, SessionUser};
use crate::contract::EXAMEN_ABIERTA_MAX;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;

/// The self-service exam's topic (when the path's course is 0).
#[derive(Deserialize, IntoParams, Default)]
pub struct TemaQuery {
    #[serde(default)]
    pub cve_tema: Option<i64>,
}

fn iso(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Now and the company-local date, for grading.
pub async fn momento(state: &AppState, por: Option<i64>) -> AppResult<Momento> {
    let cia = crate::settings::load(state).await?;
    let hoy = crate::courses::schedule::hoy_local(state, crate::courses::schedule::zona(&cia));
    Ok(Momento {
        now: state.now_iso(),
        hoy,
        por,
    })
}

/// Attempts whose `vence` is before this instant are past their time and grace.
pub fn limite(state: &AppState) -> String {
    iso(state.clock.now() - Duration::seconds(GRACIA_SEG))
}

fn no_disponible() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "examenes.no_disponible")
}

/// Finds the caller's exam and assignment. A course exam needs the caller assigned and still
/// enrolled; a self-service exam assigns its taker the first time (`crear`). `iniciar` asks
/// for what starting an attempt needs: an active exam inside the course's material window.
async fn locate(
    conn: &mut SqliteConnection,
    u: &SessionUser,
    (cve_empleado, cve_curso): (i64, i64),
    q: &TemaQuery,
    iniciar: bool,
    m: &Momento,
) -> AppResult<(Examen, Asignacion, String)> {
    if cve_empleado != u.cve_empleado {
        return Err(no_disponible());
    }
    if cve_curso > 0 {
        let x = db::of_course(&mut *conn, cve_curso)
            .await?
            .ok_or_else(no_disponible)?;
        let c = crate::courses::access::load(&mut *conn, cve_curso).await?;
        let a = db::assignment(&mut *conn, x.id_examen, cve_empleado)
            .await?
            .ok_or_else(no_disponible)?;
        let inscrito = match a.cve_inscripcion_ai {
            Some(i) => db::is_enrolled(&mut *conn, i).await?,
            None => false,
        };
        if !inscrito || c.cerrado() || c.cancelado() {
            return Err(no_disponible());
        }
        if iniciar {
            if x.estado.as_deref() != Some("activo") {
                return Err(no_disponible());
            }
            let inicio = chrono::NaiveDate::parse_from_str(&c.fecha_inicio, "%Y-%m-%d")
                .map_err(AppError::internal)?;
            if !crate::courses::material::acceso_material(m.hoy, inicio, c.dias_acceso, false) {
                return Err(AppError::conflict("examenes.fuera_de_periodo"));
            }
        }
        let nombre = db::topic_name(&mut *conn, x.cve_tema)
            .await?
            .unwrap_or_default();
        return Ok((x, a, nombre));
    }
    let cve_tema = q.cve_tema.ok_or_else(no_disponible)?;
    let x = db::of_topic(&mut *conn, cve_tema)
        .await?
        .filter(|x| x.autoservicio)
        .ok_or_else(no_disponible)?;
    let (modalidad, _, _, nombre) = db::topic_rules(&mut *conn, cve_tema)
        .await?
        .ok_or_else(no_disponible)?;
    if modalidad != "E_LEARNING" {
        return Err(no_disponible());
    }
    if iniciar {
        db::assign(&mut *conn, x.id_examen, cve_empleado, None, &m.now).await?;
    }
    let a = db::assignment(&mut *conn, x.id_examen, cve_empleado)
        .await?
        .ok_or_else(no_disponible)?;
    Ok((x, a, nombre))
}

/// Draws an attempt's questions from the topic's bank: `num_preguntas` of them (at random
/// when shuffling, else the bank's first), in a random order when shuffling, each with its
/// options shuffled when asked; stored with the attempt.
pub(super) async fn draw(
    conn: &mut SqliteConnection,
    x: &Examen,
    id_intento: i64,
) -> AppResult<()> {
    let banco = crate::topics::db::questions::topic_questions(&mut *conn, x.cve_tema).await?;
    if banco.is_empty() {
        return Err(AppError::unprocessable("examenes.sin_preguntas"));
    }
    let opciones = crate::topics::db::questions::topic_options(&mut *conn, x.cve_tema).await?;
    let n = (x.num_preguntas.max(1) as usize).min(banco.len());
    let mut orden: Vec<usize> = (0..banco.len()).collect();
    {
        let mut rng = rand::rng();
        if x.barajar_preguntas {
            orden.shuffle(&mut rng);
            orden.truncate(n);
        } else {
            orden.truncate(n);
        }
    }
    for (posicion, i) in orden.into_iter().enumerate() {
        let (id_pregunta, texto, tipo) = &banco[i];
        let mut ops: Vec<Opcion> = opciones
            .iter()
            .filter(|(q, _, _, _)| q == id_pregunta)
            .map(|(_, _, t, c)| Opcion {
                texto: t.clone(),
                correcta: *c,
            })
            .collect();
        if x.barajar_opciones {
            ops.shuffle(&mut rand::rng());
        }
        let json = serde_json::to_string(&ops).map_err(AppError::internal)?;
        db::insert_question(
            &mut *conn,
            id_intento,
            posicion as i64,
            *id_pregunta,
            texto,
            tipo,
            &json,
        )
        .await?;
    }
    Ok(())
}

/// The participant's type label (spec §5: several options when it says 'múltiples
/// respuestas').
fn tipo_pregunta(tipo: &str) -> &'static str {
    match tipo {
        "multiple" => "Múltiples respuestas",
        "abierta" => "Abierta",
        _ => "Opción única",
    }
}

/// An attempt's question as the participant sees it: texts and their own choices only.
fn visible(r: &RespuestaIntento) -> AppResult<PreguntaExamen> {
    let elegidas = grading::seleccion(r);
    Ok(PreguntaExamen {
        label: r.pregunta.clone(),
        tipo_pregunta: tipo_pregunta(&r.tipo).into(),
        respuesta: Some(r.respuesta.clone().unwrap_or_default()),
        respuestas: grading::opciones(r)?
            .into_iter()
            .enumerate()
            .map(|(i, o)| OpcionExamen {
                label: o.texto,
                selected: elegidas.contains(&i),
            })
            .collect(),
    })
}

fn parse_utc(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|d| d.with_timezone(&Utc))
}

/// Whether an attempt's time and grace ran out.
fn vencido(state: &AppState, t: &Intento) -> bool {
    t.vence
        .as_deref()
        .is_some_and(|v| v < limite(state).as_str())
}

/// A participant's exam: the attempt in progress, or a new one when attempts remain.
#[utoipa::path(get,
    path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/presentar_examen/{cve_curso}",
    tag = "exams", params(("cve_empleado" = i64, Path), ("cve_curso" = i64, Path), TemaQuery),
    responses((status = 200, body = ExamenParticipante), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn get_exam(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve_empleado, cve_curso)): Path<(i64, i64)>,
    Query(q): Query<TemaQuery>,
) -> AppResult<axum::Json<ExamenParticipante>> {
    let m = momento(&state, Some(u.cve_empleado)).await?;
    let mut tx = state.db.begin().await?;
    let existe = locate(&mut tx, &u, (cve_empleado, cve_curso), &q, false, &m).await;
    // An attempt left open past its time is graded from its saved answers first.
    if let Ok((x, a, _)) = &existe
        && let Some(t) = db::open_attempt(&mut *tx, a.id_asignacion).await?
        && vencido(&state, &t)
        && db::hand_in(&mut *tx, t.id_intento, &m.now, true).await?
    {
        grading::score_handed_in(&mut tx, x, t.id_intento, a.id_asignacion, &m).await?;
    }
    let abierto = match &existe {
        Ok((_, a, _)) => db::open_attempt(&mut *tx, a.id_asignacion).await?,
        Err(_) => None,
    };
    let (x, a, nombre) = match (existe, &abierto) {
        (Ok(found), Some(_)) => found,
        _ => locate(&mut tx, &u, (cve_empleado, cve_curso), &q, true, &m).await?,
    };
    let t = match abierto {
        Some(t) => t,
        None => {
            if a.acreditado == Some(true) {
                tx.commit().await?;
                return Err(AppError::conflict("examenes.ya_aprobado"));
            }
            let numero = db::take_attempt(&mut *tx, a.id_asignacion, x.intentos)
                .await?
                .ok_or_else(|| AppError::conflict("examenes.sin_intentos"))?;
            let inicio = state.clock.now();
            let vence =
                (x.tiempo_estimado > 0).then(|| iso(inicio + Duration::minutes(x.tiempo_estimado)));
            let id = db::insert_attempt(
                &mut *tx,
                a.id_asignacion,
                numero,
                &iso(inicio),
                vence.as_deref(),
            )
            .await?;
            draw(&mut tx, &x, id).await?;
            Intento {
                id_intento: id,
                id_asignacion: a.id_asignacion,
                numero,
                estado: "abierto".into(),
                inicio: iso(inicio),
                vence,
                entregado: None,
            }
        }
    };
    let preguntas = db::questions(&mut *tx, t.id_intento)
        .await?
        .iter()
        .map(visible)
        .collect::<AppResult<Vec<_>>>()?;
    tx.commit().await?;
    let restantes = t
        .vence
        .as_deref()
        .and_then(parse_utc)
        .map(|v| (v - state.clock.now()).num_seconds().max(0));
    Ok(axum::Json(ExamenParticipante {
        preguntas,
        detalle: DetalleExamen {
            tiempo_estimado: x.tiempo_estimado,
            descripcion_examen: x.descripcion.clone(),
            nombre_tema: nombre,
            intento: t.numero,
            intentos: x.intentos,
            int_rest: (x.intentos - t.numero).max(0),
            inicio: t.inicio,
            vence: t.vence,
            segundos_restantes: restantes,
        },
    }))
}

/// Checks one answer against its question: positions in range, one option for a
/// single-answer question, text within the limit for an open one. Answers the values to
/// store (seleccion JSON, text).
fn answer_values(
    r: &RespuestaIntento,
    seleccion: Option<&[usize]>,
    respuesta: Option<&str>,
) -> AppResult<(Option<String>, Option<String>)> {
    let invalida = || AppError::unprocessable("examenes.pregunta_invalida");
    if r.tipo == "abierta" {
        let texto = respuesta.unwrap_or("").trim();
        if texto.chars().count() > EXAMEN_ABIERTA_MAX {
            return Err(AppError::unprocessable("validacion.texto_largo")
                .arg("max", EXAMEN_ABIERTA_MAX.to_string()));
        }
        return Ok((None, (!texto.is_empty()).then(|| texto.to_string())));
    }
    let n = grading::opciones(r)?.len();
    let mut sel: Vec<usize> = seleccion.unwrap_or(&[]).to_vec();
    sel.sort_unstable();
    sel.dedup();
    if sel.iter().any(|i| *i >= n) || (r.tipo == "unica" && sel.len() > 1) {
        return Err(invalida());
    }
    let json = serde_json::to_string(&sel).map_err(AppError::internal)?;
    Ok(((!sel.is_empty()).then_some(json), None))
}

/// Saves one answer of the attempt in progress (autosave). Past the time limit and its grace
/// the attempt is handed in with what was saved (409 `examenes.tiempo_agotado`).
#[utoipa::path(put,
    path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/presentar_examen/{cve_curso}/respuesta",
    tag = "exams", params(("cve_empleado" = i64, Path), ("cve_curso" = i64, Path), TemaQuery),
    request_body = AvanceBody,
    responses((status = 200, body = AvanceGuardado), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn save_answer(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve_empleado, cve_curso)): Path<(i64, i64)>,
    Query(q): Query<TemaQuery>,
    Json(b): Json<AvanceBody>,
) -> AppResult<axum::Json<AvanceGuardado>> {
    let m = momento(&state, Some(u.cve_empleado)).await?;
    let mut tx = state.db.begin().await?;
    let (x, a, _) = locate(&mut tx, &u, (cve_empleado, cve_curso), &q, false, &m).await?;
    let t = db::open_attempt(&mut *tx, a.id_asignacion)
        .await?
        .ok_or_else(|| AppError::conflict("examenes.intento_entregado"))?;
    if vencido(&state, &t) {
        if db::hand_in(&mut *tx, t.id_intento, &m.now, true).await? {
            grading::score_handed_in(&mut tx, &x, t.id_intento, a.id_asignacion, &m).await?;
        }
        tx.commit().await?;
        return Err(AppError::conflict("examenes.tiempo_agotado"));
    }
    let preguntas = db::questions(&mut *tx, t.id_intento).await?;
    let r = preguntas
        .get(b.pregunta)
        .ok_or_else(|| AppError::unprocessable("examenes.pregunta_invalida"))?;
    let (sel, texto) = answer_values(r, b.seleccion.as_deref(), b.respuesta.as_deref())?;
    db::save_answer(
        &mut *tx,
        t.id_intento,
        r.posicion,
        sel.as_deref(),
        texto.as_deref(),
        &m.now,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(AvanceGuardado {
        resp: "ok".into(),
        guardado: m.now,
    }))
}

/// The spec's result message.
fn mensaje(r: &grading::Resultado, int_rest: i64) -> String {
    if r.pendiente_revision {
        "Tu examen tiene respuestas abiertas: tu instructor lo calificará".into()
    } else if r.acreditado {
        "Felicidades, aprobaste tu examen".into()
    } else {
        format!("No acreditaste tu examen, te quedan {int_rest} intentos")
    }
}

/// Hands in the attempt in progress and grades it on the server. Of simultaneous hand-ins
/// exactly one counts (409 `examenes.intento_entregado` for the rest). A hand-in later than
/// the limit plus its grace is graded from the answers saved in time.
#[utoipa::path(post,
    path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/presentar_examen/{cve_curso}",
    tag = "exams", params(("cve_empleado" = i64, Path), ("cve_curso" = i64, Path), TemaQuery),
    request_body = EntregaBody,
    responses((status = 200, body = ResultadoExamen), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn hand_in(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve_empleado, cve_curso)): Path<(i64, i64)>,
    Query(q): Query<TemaQuery>,
    Json(b): Json<EntregaBody>,
) -> AppResult<axum::Json<ResultadoExamen>> {
    let m = momento(&state, Some(u.cve_empleado)).await?;
    // Read, check and score on a reader; the writer only claims the attempt and records.
    let (x, a, t, reglas, filas) = {
        let mut conn = state.db.read.acquire().await?;
        let (x, a, _) = locate(&mut conn, &u, (cve_empleado, cve_curso), &q, false, &m).await?;
        let t = db::open_attempt(&mut *conn, a.id_asignacion)
            .await?
            .ok_or_else(|| AppError::conflict("examenes.intento_entregado"))?;
        let preguntas = db::questions(&mut *conn, t.id_intento).await?;
        if b.preguntas.len() > preguntas.len() {
            return Err(AppError::unprocessable("examenes.pregunta_invalida"));
        }
        let tarde = vencido(&state, &t);
        let mut filas = Vec::with_capacity(preguntas.len());
        for (i, r) in preguntas.iter().enumerate() {
            // A late hand-in keeps what was saved in time; otherwise the body's answer (a
            // question the body leaves out keeps its autosaved answer).
            let (sel, texto) = match b.preguntas.get(i).filter(|_| !tarde) {
                Some(p) => {
                    let elegidas: Vec<usize> = p
                        .respuestas
                        .iter()
                        .enumerate()
                        .filter(|(_, o)| o.selected)
                        .map(|(i, _)| i)
                        .collect();
                    answer_values(r, Some(&elegidas), p.respuesta.as_deref())?
                }
                None => (r.seleccion.clone(), r.respuesta.clone()),
            };
            let puntaje = grading::puntaje_de(r, sel.as_deref(), texto.as_deref())?;
            filas.push((r.posicion, sel, texto, puntaje));
        }
        let reglas = grading::reglas(&mut conn, &x).await?;
        (x, a, t, reglas, filas)
    };
    let tarde = vencido(&state, &t);
    let mut tx = state.db.begin().await?;
    if !db::hand_in(&mut *tx, t.id_intento, &m.now, tarde).await? {
        return Err(AppError::conflict("examenes.intento_entregado"));
    }
    for (posicion, sel, texto, puntaje) in &filas {
        db::save_scored_answer(
            &mut *tx,
            t.id_intento,
            *posicion,
            sel.as_deref(),
            texto.as_deref(),
            *puntaje,
            &m.now,
        )
        .await?;
    }
    let puntajes: Vec<Option<f64>> = filas.iter().map(|f| f.3).collect();
    let r = grading::finish(
        &mut tx,
        &x,
        &reglas,
        t.id_intento,
        a.id_asignacion,
        &puntajes,
        &m,
    )
    .await?;
    let despues = db::assignment_by_id(&mut *tx, a.id_asignacion)
        .await?
        .ok_or_else(AppError::not_found)?;
    tx.commit().await?;
    let int_rest = (x.intentos - despues.intentos_usados).max(0);
    Ok(axum::Json(ResultadoExamen {
        resp: mensaje(&r, int_rest),
        acreditado: r.acreditado,
        int_rest,
        calificacion: r.calificacion,
        pendiente_revision: r.pendiente_revision,
        fuera_de_tiempo: tarde,
    }))
}
