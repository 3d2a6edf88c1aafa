//! Benchmark data for the course screens (development only): many courses of the demo
//! topics with 1–3 sessions each over four years (two back, two ahead), rooms and
//! instructors rotating. Room and instructor conflicts are NOT avoided: the data exists to
//! time the lists, the calendar and the conflict queries, not to be a valid schedule.

use chrono::{Days, NaiveDate, NaiveTime};

use super::db::bench::{self as db, CursoBench};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Courses per multi-row insert (13 bound values each: under SQLite's variable limit).
const LOTE: usize = 500;

/// Inserts `cursos` courses; answers (courses, rows written).
pub async fn generate(state: &AppState, cursos: usize) -> AppResult<(usize, u64)> {
    let cia = crate::settings::load(state).await?;
    let tz = super::schedule::zona(&cia);
    let mut conn = state.db.read.acquire().await?;
    let temas = db::temas(&mut conn).await?;
    if temas.is_empty() {
        return Err(AppError::internal("no active topics: load the demo first"));
    }
    let salas = db::salas(&mut conn).await?;
    let instructores = db::instructores(&mut conn).await?;
    let hoy = super::enrolment::hoy(state).await?;
    let desde = hoy.checked_sub_days(Days::new(730)).unwrap_or(hoy);
    let cve = db::siguiente_curso(&mut conn).await?;
    let now = state.now_iso();
    let mut filas = 0u64;
    let mut hechos = 0usize;
    while hechos < cursos {
        let n = LOTE.min(cursos - hechos);
        let lote: Vec<CursoBench> = (0..n)
            .map(|k| {
                let i = hechos + k;
                let (cve_tema, abrev, modalidad, modelo) = &temas[i % temas.len()];
                let sala = (!salas.is_empty()).then(|| salas[i % salas.len()]);
                let dia: NaiveDate = desde + Days::new(((i * 7919) % 1461) as u64);
                let hora = [8u32, 10, 13, 15][i % 4];
                let sesiones = (0..(1 + i % 3))
                    .map(|d| {
                        let fecha = dia + Days::new(d as u64);
                        let hi = NaiveTime::from_hms_opt(hora, 0, 0).unwrap_or_default();
                        let hf = NaiveTime::from_hms_opt(hora + 2, 0, 0).unwrap_or_default();
                        let utc = |t: NaiveTime| {
                            super::schedule::a_utc(tz, fecha.and_time(t)).unwrap_or_default()
                        };
                        (
                            fecha.format("%Y-%m-%d").to_string(),
                            hi.format("%H:%M").to_string(),
                            hf.format("%H:%M").to_string(),
                            utc(hi),
                            utc(hf),
                        )
                    })
                    .collect();
                CursoBench {
                    cve_curso: cve + i as i64,
                    cve_tema: *cve_tema,
                    nombre_corto: format!("{abrev} bench {i}"),
                    modalidad: modalidad.clone(),
                    modelo_evaluacion: modelo.clone(),
                    cve_sede: sala.map(|s| s.1),
                    cve_sala: sala.map(|s| s.0),
                    cve_instructor: (!instructores.is_empty())
                        .then(|| instructores[i % instructores.len()]),
                    sesiones,
                }
            })
            .collect();
        let mut tx = state.db.begin().await?;
        filas += db::insertar(&mut tx, &lote, &now).await?;
        tx.commit().await?;
        hechos += n;
    }
    drop(conn);
    Ok((hechos, filas))
}

/// Seats per multi-row insert (7 bound values each).
const LOTE_INSCRIPCIONES: usize = 2_000;

/// Adds `total` seats spread evenly over the existing courses, the employees taken in turn;
/// seats of courses that already ended are accredited 4 times in 5. Answers the seats
/// written.
pub async fn enrol(state: &AppState, total: usize) -> AppResult<u64> {
    let hoy = super::enrolment::hoy(state)
        .await?
        .format("%Y-%m-%d")
        .to_string();
    let (cursos, empleados) = {
        let mut conn = state.db.read.acquire().await?;
        db::cursos_y_empleados(&mut conn).await?
    };
    if cursos.is_empty() || empleados.is_empty() {
        return Err(AppError::internal(
            "no courses or employees: load the data first",
        ));
    }
    let por_curso = total.div_ceil(cursos.len()).min(empleados.len());
    let now = state.now_iso();
    let mut escritas = 0u64;
    let mut lote = Vec::with_capacity(LOTE_INSCRIPCIONES);
    let mut turno = 0usize;
    for (i, (curso, fin)) in cursos.iter().enumerate() {
        for k in 0..por_curso {
            if i * por_curso + k >= total {
                break;
            }
            let empleado = empleados[turno % empleados.len()];
            turno += 1;
            let acreditado = (fin.as_str() < hoy.as_str()).then_some(i64::from((i + k) % 5 != 0));
            lote.push((*curso, empleado, acreditado));
            if lote.len() == LOTE_INSCRIPCIONES {
                let mut tx = state.db.begin().await?;
                escritas += db::insertar_inscripciones(&mut tx, &lote, &now).await?;
                tx.commit().await?;
                lote.clear();
            }
        }
    }
    let mut tx = state.db.begin().await?;
    if !lote.is_empty() {
        escritas += db::insertar_inscripciones(&mut tx, &lote, &now).await?;
    }
    db::contar_inscritos(&mut tx).await?;
    tx.commit().await?;
    Ok(escritas)
}
