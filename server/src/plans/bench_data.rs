//! The plans benchmark's data (`aula datos-bench-planes`, hidden): requirements of mixed
//! targets and a ledger of past accreditations added to a company made by `aula demo
//! --empleados N`, written through this domain's own functions, plus a timing of the expiry
//! scan. Used by `tests/bench/plans.sh`; never by a running server.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use chrono::{Days, NaiveDate};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use super::requirements::{NuevosRequerimientos, create_requirements};
use super::types::{Actor, Destino, DestinoTipo, NuevaAcreditacion, Origen, Programa};
use crate::error::{AppError, AppResult};
use crate::state::AppState;
use crate::topics::db::ReglasTema;

/// Ledger rows written per INSERT batch (bounded memory for millions of rows).
const LOTE: usize = 20_000;
/// How far back the generated accreditations go, in days.
const HISTORIA_DIAS: u64 = 6 * 365;

/// What the generator wrote and how long each part took.
#[derive(Debug)]
pub struct Resumen {
    pub requerimientos: usize,
    pub acreditaciones: u64,
    pub filas_plan: u64,
    pub t_requerimientos: Duration,
    pub t_mayor_requerimiento: (Duration, i64),
    pub t_ledger: Duration,
    pub t_resumenes: Duration,
    pub t_plan: Duration,
}

/// The expiry scan's figures (measured in a transaction that is rolled back).
#[derive(Debug)]
pub struct Escaneo {
    pub avisos: i64,
    pub envios: u64,
    pub t_escaneo: Duration,
    pub t_envios: Duration,
}

/// Adds `requerimientos` requirements (institutional on N2–N4, specific on N5–N7, formation
/// on positions, plant and individual ones) and ledger rows spread over every employee until
/// the ledger holds about `acreditaciones`, then rebuilds the summaries and the materialised plan.
pub async fn generate(
    state: &AppState,
    requerimientos: usize,
    acreditaciones: usize,
) -> AppResult<Resumen> {
    let mut rng = StdRng::seed_from_u64(11);
    let hoy = super::today(state);
    let now = state.now_iso();
    let mut conn = state.db.write.acquire().await?;
    let reglas: Vec<ReglasTema> = crate::topics::db::all_topic_rules(&mut *conn)
        .await?
        .into_iter()
        .filter(|t| t.activo == 1)
        .collect();
    if reglas.is_empty() {
        return Err(AppError::internal(
            "no active topics: load `aula demo` first",
        ));
    }
    let empleados = super::db::derive::all_employee_ids(&mut conn).await?;
    // `acreditaciones` is the ledger's size to reach: the demo's own history counts.
    let acreditaciones = acreditaciones
        .saturating_sub(usize::try_from(super::db::ledger::count(&mut conn).await?).unwrap_or(0));
    if empleados.is_empty() {
        return Err(AppError::internal("no employees: load `aula demo` first"));
    }
    drop(conn);

    let started = Instant::now();
    let candidatos = targets(state, &mut rng, &empleados, requerimientos).await?;
    let (hechos, mayor) =
        create_mixed_requirements(state, &mut rng, &reglas, &candidatos, requerimientos, &now)
            .await?;
    let t_requerimientos = started.elapsed();

    let started = Instant::now();
    let escritas = load_ledger(
        state,
        &mut rng,
        &reglas,
        &empleados,
        acreditaciones,
        hoy,
        &now,
    )
    .await?;
    let t_ledger = started.elapsed();

    let mut tx = state.db.begin().await?;
    let started = Instant::now();
    super::ledger::rebuild_summaries(&mut tx).await?;
    let t_resumenes = started.elapsed();
    let started = Instant::now();
    let filas_plan = super::derive::rebuild_all(&mut tx).await?;
    let t_plan = started.elapsed();
    tx.commit().await?;
    Ok(Resumen {
        requerimientos: hechos,
        acreditaciones: escritas,
        filas_plan,
        t_requerimientos,
        t_mayor_requerimiento: mayor,
        t_ledger,
        t_resumenes,
        t_plan,
    })
}

/// Requirement targets by program, in the mix the benchmark asks for.
async fn targets(
    state: &AppState,
    rng: &mut StdRng,
    empleados: &[i64],
    n: usize,
) -> AppResult<Vec<(Programa, Vec<Destino>)>> {
    let mut conn = state.db.read.acquire().await?;
    let nodos = crate::org::db::all_nodes(&mut *conn).await?;
    let puestos = crate::org::db::all_positions(&mut *conn).await?;
    let plantas = crate::org::db::all_plants(&mut *conn).await?;
    let destinos = |tipo: DestinoTipo, ids: Vec<i64>| -> Vec<Destino> {
        ids.into_iter().map(|id| Destino { tipo, id }).collect()
    };
    let nivel = |r: std::ops::RangeInclusive<i64>| -> Vec<i64> {
        nodos
            .iter()
            .filter(|(_, nv, ..)| r.contains(nv))
            .map(|(id, ..)| *id)
            .collect()
    };
    let individuales: Vec<i64> = empleados.choose_multiple(rng, n.max(1)).copied().collect();
    Ok(vec![
        (
            Programa::Institucional,
            destinos(DestinoTipo::Estructura, nivel(2..=4)),
        ),
        (
            Programa::Especifica,
            destinos(DestinoTipo::Estructura, nivel(5..=7)),
        ),
        (
            Programa::Formacion,
            destinos(
                DestinoTipo::Puesto,
                puestos.iter().map(|(id, ..)| *id).collect(),
            ),
        ),
        (
            Programa::Planta,
            destinos(
                DestinoTipo::Planta,
                plantas.iter().map(|p| p.cve_planta).collect(),
            ),
        ),
        (
            Programa::Empleado,
            destinos(DestinoTipo::Empleado, individuales),
        ),
    ])
}

/// Creates `n` requirements, one topic and one target each, through `create_requirements`
/// (so each one derives its population's plan as an analyst's would). Shares: 15 %
/// institutional, 25 % specific, 35 % formation, 10 % plant, 15 % individual. Returns how
/// many were made and the slowest one (time, people it reached).
async fn create_mixed_requirements(
    state: &AppState,
    rng: &mut StdRng,
    reglas: &[ReglasTema],
    candidatos: &[(Programa, Vec<Destino>)],
    n: usize,
    now: &str,
) -> AppResult<(usize, (Duration, i64))> {
    const REPARTO: [f64; 5] = [0.15, 0.25, 0.35, 0.10, 0.15];
    let sys = Actor::system();
    let mut usados: HashSet<(i64, &'static str, i64)> = HashSet::new();
    let mut hechos = 0;
    let mut mayor = (Duration::ZERO, 0);
    for ((programa, destinos), parte) in candidatos.iter().zip(REPARTO) {
        let meta = (n as f64 * parte).round() as usize;
        let mut intentos = 0;
        let mut hechos_aqui = 0;
        while hechos_aqui < meta && !destinos.is_empty() && intentos < meta * 20 {
            intentos += 1;
            let (Some(destino), Some(tema)) = (destinos.choose(rng), reglas.choose(rng)) else {
                break;
            };
            if !usados.insert((tema.cve_tema, destino.tipo.as_str(), destino.id)) {
                continue;
            }
            let lote = NuevosRequerimientos {
                programa: *programa,
                destinos: vec![*destino],
                temas: vec![tema.cve_tema],
                id_bloque: None,
                obligatoria: rng.random_bool(0.85),
                dias_limite: None,
            };
            let mut tx = state.db.begin().await?;
            let started = Instant::now();
            match create_requirements(&mut tx, &sys, &lote, now).await {
                Ok(_) => {
                    tx.commit().await?;
                    state.db.checkpoint().await?;
                    let t = started.elapsed();
                    if t > mayor.0 {
                        let mut conn = state.db.read.acquire().await?;
                        mayor = (t, super::derive::population(&mut conn, destino).await?);
                    }
                    hechos += 1;
                    hechos_aqui += 1;
                }
                // The demo's own requirements: pick another pair.
                Err(e) if e.status == axum::http::StatusCode::CONFLICT => {}
                Err(e) => return Err(e),
            }
        }
    }
    Ok((hechos, mayor))
}

/// About `total` past accreditations spread evenly over `empleados`: random active topics,
/// dates over the last six years (so some are valid, some expired, some expire soon),
/// nine in ten passed. Returns the rows written (repeats of the same fact are one row).
async fn load_ledger(
    state: &AppState,
    rng: &mut StdRng,
    reglas: &[ReglasTema],
    empleados: &[i64],
    total: usize,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<u64> {
    let por_empleado = total.div_ceil(empleados.len());
    let mut escritas = 0;
    let mut lote: Vec<NuevaAcreditacion<'static>> = Vec::with_capacity(LOTE);
    let mut pendientes = total;
    for &cve in empleados {
        for _ in 0..por_empleado.min(pendientes) {
            let Some(tema) = reglas.choose(rng) else {
                break;
            };
            let fecha = hoy
                .checked_sub_days(Days::new(rng.random_range(0..HISTORIA_DIAS)))
                .unwrap_or(hoy);
            let aprueba = rng.random_bool(0.9);
            lote.push(NuevaAcreditacion {
                cve_empleado: cve,
                cve_tema: tema.cve_tema,
                fecha,
                calificacion: grade(rng, tema, aprueba),
                origen: Origen::Historial,
                referencia: "",
                motivo: None,
                nota: None,
                registrado_por: None,
                resultado: None,
            });
            pendientes -= 1;
        }
        if lote.len() >= LOTE {
            escritas += flush(state, &mut lote, hoy, now).await?;
        }
    }
    escritas += flush(state, &mut lote, hoy, now).await?;
    Ok(escritas)
}

async fn flush(
    state: &AppState,
    lote: &mut Vec<NuevaAcreditacion<'static>>,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<u64> {
    if lote.is_empty() {
        return Ok(0);
    }
    let mut tx = state.db.begin().await?;
    let n = super::ledger::bulk_load_accreditations(&mut tx, lote, hoy, now).await?;
    tx.commit().await?;
    // No server runs the background checkpointer here: keep the WAL from growing unbounded.
    state.db.checkpoint().await?;
    lote.clear();
    Ok(n)
}

/// A grade on the topic's scale, passing or not (None for ungraded topics, which pass).
fn grade(rng: &mut StdRng, t: &ReglasTema, aprueba: bool) -> Option<f64> {
    let (baja, alta) = super::rules::escala(&t.modelo_evaluacion)?;
    let minima = t
        .calificacion_minima
        .unwrap_or(baja + (alta - baja) * 0.7)
        .clamp(baja + 1.0, alta);
    let g = if aprueba {
        rng.random_range(minima..=alta)
    } else {
        rng.random_range(baja..minima - 0.5)
    };
    Some(g.round())
}

/// Times today's expiry scan (claim every (accreditation, window) notice, then build the
/// sends) inside a transaction that is rolled back, so the database is left as it was.
pub async fn time_expiry_scan(state: &AppState) -> AppResult<Escaneo> {
    let hoy = super::today(state);
    let ventanas = state.config.avisos_vencimiento.dias();
    let texto = ventanas
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut tx = state.db.begin().await?;
    let (id, _) = super::db::expiry::claim_run(
        &mut tx,
        &hoy.format("%Y-%m-%d").to_string(),
        &texto,
        &state.now_iso(),
    )
    .await?;
    let started = Instant::now();
    let avisos = super::expiry::scan(&mut tx, id, hoy, ventanas).await?;
    let t_escaneo = started.elapsed();
    let started = Instant::now();
    let envios = super::db::expiry::build_sends(&mut tx, id).await?;
    let t_envios = started.elapsed();
    tx.rollback().await?;
    Ok(Escaneo {
        avisos,
        envios,
        t_escaneo,
        t_envios,
    })
}
