//! Exams written without the HTTP layer, for the demo company and the benchmark: a topic's
//! definition, a course exam made ready, and attempts answered with a given accuracy. They
//! run the same rules and grading as the routes.

use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use rand::seq::IndexedRandom;
use sqlx::SqliteConnection;

use super::db::{self, Examen};
use super::definitions::{as_row, bank, topic_config};
use super::grading::{self, Momento, Resultado};
use super::types::{ExamenConfig, ExamenConfigParcial};
use crate::error::{AppError, AppResult};

fn iso(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Stores a topic's definition (checked against its bank).
pub async fn define_topic(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    mut c: ExamenConfig,
    autoservicio: bool,
    por: i64,
    now: &str,
) -> AppResult<()> {
    let (n, _) = bank(conn, cve_tema).await?;
    c.check(n).into_result()?;
    db::save_topic_definition(conn, cve_tema, &as_row(&c), autoservicio, por, now).await?;
    Ok(())
}

/// Generates a course's exam from its topic's definition (with `cambios`), assigns it to the
/// enrolled participants and, when `activa_por` (the instructor) is given, activates it.
pub async fn course_exam(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cambios: ExamenConfigParcial,
    por: i64,
    activa_por: Option<i64>,
    now: &str,
) -> AppResult<Examen> {
    let c = crate::courses::access::load(&mut *conn, cve_curso).await?;
    let (n, _) = bank(conn, c.cve_tema).await?;
    let mut config = topic_config(conn, c.cve_tema).await?.con(cambios);
    config.check(n).into_result()?;
    let id =
        db::insert_course_exam(conn, c.cve_tema, cve_curso, &as_row(&config), por, now).await?;
    for (inscripcion, empleado) in db::enrolled(&mut *conn, cve_curso).await? {
        db::assign(&mut *conn, id, empleado, Some(inscripcion), now).await?;
    }
    let estado = if activa_por.is_some() {
        "activo"
    } else {
        "asignado"
    };
    db::set_state(&mut *conn, id, estado, activa_por.unwrap_or(por), now).await?;
    db::exam(&mut *conn, id)
        .await?
        .ok_or_else(|| AppError::internal("exam just written"))
}

/// One attempt of an assigned employee, started at `inicio`, answered with probability
/// `acierto` of getting each question right (open questions get `abierta` as their text),
/// handed in after `minutos` and graded. None when no attempt is left.
#[allow(clippy::too_many_arguments)]
pub async fn attempt(
    conn: &mut SqliteConnection,
    x: &Examen,
    cve_empleado: i64,
    acierto: f64,
    rng: &mut impl Rng,
    inicio: DateTime<Utc>,
    minutos: i64,
    abierta: &str,
    m: &Momento,
) -> AppResult<Option<Resultado>> {
    let a = db::assignment(&mut *conn, x.id_examen, cve_empleado)
        .await?
        .ok_or_else(|| AppError::internal("not assigned"))?;
    let Some(numero) = db::take_attempt(&mut *conn, a.id_asignacion, x.intentos).await? else {
        return Ok(None);
    };
    let vence = (x.tiempo_estimado > 0).then(|| iso(inicio + Duration::minutes(x.tiempo_estimado)));
    let id = db::insert_attempt(
        &mut *conn,
        a.id_asignacion,
        numero,
        &iso(inicio),
        vence.as_deref(),
    )
    .await?;
    super::taking::draw(conn, x, id).await?;
    let entregado = iso(inicio + Duration::minutes(minutos.max(1)));
    for r in db::questions(&mut *conn, id).await? {
        let ops = grading::opciones(&r)?;
        let bien = rng.random_bool(acierto.clamp(0.0, 1.0));
        let correctas: Vec<usize> = (0..ops.len()).filter(|i| ops[*i].correcta).collect();
        let malas: Vec<usize> = (0..ops.len()).filter(|i| !ops[*i].correcta).collect();
        let (sel, texto) = match r.tipo.as_str() {
            "abierta" => (None, Some(abierta.to_string())),
            "unica" if bien => (correctas.first().map(|i| vec![*i]), None),
            "unica" => (malas.choose(rng).map(|i| vec![*i]), None),
            _ if bien => (Some(correctas.clone()), None),
            // A near miss: the right ones but one.
            _ => (Some(correctas.iter().skip(1).copied().collect()), None),
        };
        let sel = sel
            .map(|s| serde_json::to_string(&s))
            .transpose()
            .map_err(AppError::internal)?;
        db::save_answer(
            &mut *conn,
            id,
            r.posicion,
            sel.as_deref(),
            texto.as_deref(),
            &entregado,
        )
        .await?;
    }
    db::hand_in(&mut *conn, id, &entregado, false).await?;
    Ok(Some(
        grading::score_handed_in(conn, x, id, a.id_asignacion, m).await?,
    ))
}

/// Scores the open answers of an exam still awaiting it (0–100), oldest first, leaving the
/// newest `dejar` in the queue, as the instructor would from the grading queue.
pub async fn score_open_answers(
    conn: &mut SqliteConnection,
    x: &Examen,
    dejar: usize,
    puntaje: impl Fn(usize) -> f64,
    m: &Momento,
) -> AppResult<usize> {
    let pendientes = db::pending_open_answers(&mut *conn, x.id_examen).await?;
    let max = pendientes.len().saturating_sub(dejar);
    let mut hechos = 0;
    for (k, (id_respuesta, id_intento, id_asignacion)) in
        pendientes.into_iter().take(max).enumerate()
    {
        db::score(
            &mut *conn,
            id_respuesta,
            puntaje(k).clamp(0.0, 100.0) / 100.0,
            m.por,
            Some(&m.now),
        )
        .await?;
        grading::finish_if_scored(conn, x, id_intento, id_asignacion, m).await?;
        hechos += 1;
    }
    Ok(hechos)
}
