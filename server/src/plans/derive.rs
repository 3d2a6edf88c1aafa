//! The plan: which topics reach which employee. One employee's plan is derived live by one
//! set-wise query over their targets; company-wide figures read `plan_empleados_temas`, a
//! cache rebuilt set-wise from the same derivation (never employee by employee).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use sqlx::SqliteConnection;

use super::db::consult as consult_db;
use super::db::derive::{self as db, Poblacion};
use super::types::{Destino, DestinoTipo, Placement, PlanSnapshot, Programa};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Version of the derivation the cache was built with; a different stored value rebuilds it
/// on start.
pub const CACHE_VERSION: &str = "2";

/// One topic of an employee's plan, grouped over the requirements reaching it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanEntry {
    pub cve_tema: i64,
    /// Max over the reaching requirements.
    pub obligatoria: bool,
    /// Min over the reaching requirements.
    pub dias_limite: Option<i64>,
    /// Min `creado` of the reaching requirements.
    pub desde: String,
    pub requerimientos: Vec<i64>,
    pub programas: Vec<Programa>,
    pub bloques: Vec<i64>,
}

/// Where an employee sits now; None when the employee does not exist.
pub async fn placement(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> AppResult<Option<Placement>> {
    Ok(db::placement_row(&mut *conn, cve_empleado).await?.map(
        |(cve, activo, baja, n2, n3, n4, n5, n6, n7, cve_puesto, cve_planta)| Placement {
            cve_empleado: cve,
            activo: activo == 1 && baja == 0,
            niveles: [n2, n3, n4, n5, n6, n7],
            cve_puesto,
            cve_planta,
        },
    ))
}

/// Live derivation, grouped by topic, ordered by cve_tema. Empty when !p.activo.
pub async fn plan_topics(conn: &mut SqliteConnection, p: &Placement) -> AppResult<Vec<PlanEntry>> {
    if !p.activo {
        return Ok(Vec::new());
    }
    let rows = db::plan_rows(
        &mut *conn,
        &p.niveles,
        p.cve_puesto,
        p.cve_planta,
        p.cve_empleado,
    )
    .await?;
    let mut out: Vec<PlanEntry> = Vec::new();
    for r in rows {
        let programa = Programa::parse(&r.programa);
        match out.last_mut() {
            Some(e) if e.cve_tema == r.cve_tema => {
                e.obligatoria |= r.obligatoria == 1;
                e.dias_limite = match (e.dias_limite, r.dias_limite) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if r.creado < e.desde {
                    e.desde = r.creado;
                }
                e.requerimientos.push(r.id_requerimiento);
                e.programas.extend(programa);
                e.bloques.extend(r.id_bloque);
            }
            _ => out.push(PlanEntry {
                cve_tema: r.cve_tema,
                obligatoria: r.obligatoria == 1,
                dias_limite: r.dias_limite,
                desde: r.creado,
                requerimientos: vec![r.id_requerimiento],
                programas: programa.into_iter().collect(),
                bloques: r.id_bloque.into_iter().collect(),
            }),
        }
    }
    for e in &mut out {
        e.requerimientos.sort_unstable();
        e.requerimientos.dedup();
        e.programas.sort_unstable();
        e.programas.dedup();
        e.bloques.sort_unstable();
        e.bloques.dedup();
    }
    Ok(out)
}

/// The enabled requirements reaching a placement (none when inactive).
async fn reaching(conn: &mut SqliteConnection, p: Option<&Placement>) -> AppResult<PlanSnapshot> {
    let Some(p) = p.filter(|p| p.activo) else {
        return Ok(PlanSnapshot::default());
    };
    Ok(PlanSnapshot(
        db::requirement_ids(
            &mut *conn,
            &p.niveles,
            p.cve_puesto,
            p.cve_planta,
            p.cve_empleado,
        )
        .await?,
    ))
}

/// Call BEFORE changing an employee's position, structure, plants, active or baja flags.
pub async fn snapshot(conn: &mut SqliteConnection, cve_empleado: i64) -> AppResult<PlanSnapshot> {
    let p = placement(&mut *conn, cve_empleado).await?;
    reaching(&mut *conn, p.as_ref()).await
}

/// Call AFTER that change (same transaction): records requirements lost (motivo cambio_adscripcion,
/// or baja when the employee is now inactive) in plan_historial_empleados and rebuilds the employee's
/// cache rows set-wise. Cheap no-op when nothing reaches them before or after.
pub async fn employee_changed(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    before: PlanSnapshot,
    now: &str,
) -> AppResult<()> {
    let p = placement(&mut *conn, cve_empleado).await?;
    let after = reaching(&mut *conn, p.as_ref()).await?;
    if before.0.is_empty() && after.0.is_empty() {
        return Ok(());
    }
    let kept: HashSet<i64> = after.0.iter().copied().collect();
    let lost: Vec<i64> = before
        .0
        .iter()
        .copied()
        .filter(|id| !kept.contains(id))
        .collect();
    if !lost.is_empty() {
        let motivo = if p.as_ref().is_some_and(|p| p.activo) {
            "cambio_adscripcion"
        } else {
            "baja"
        };
        db::record_lost(&mut *conn, cve_empleado, &lost, motivo, now).await?;
    }
    db::rebuild_population(&mut *conn, Poblacion::Empleado(cve_empleado)).await?;
    Ok(())
}

/// The population a stored target reaches.
fn poblacion_of(tipo: &str, id: i64, nivel: Option<i64>) -> Poblacion {
    match DestinoTipo::parse(tipo) {
        Some(DestinoTipo::Estructura) => {
            Poblacion::Nivel(nivel.and_then(|n| u8::try_from(n).ok()).unwrap_or(7), id)
        }
        Some(DestinoTipo::Puesto) => Poblacion::Puesto(id),
        Some(DestinoTipo::Planta) => Poblacion::Planta(id),
        Some(DestinoTipo::Empleado) | None => Poblacion::Empleado(id),
    }
}

/// After a requirement is created, enabled, disabled or edited (same transaction): rebuilds the cache
/// for its target population; with `deshabilitado = Some(id_evento)` first stores every reached
/// employee in plan_historial_empleados (motivo deshabilitado). Returns the reached active employees.
pub async fn requirement_changed(
    conn: &mut SqliteConnection,
    id_requerimiento: i64,
    deshabilitado: Option<i64>,
    now: &str,
) -> AppResult<i64> {
    let Some((tipo, id, nivel, _)) = db::requirement_target(&mut *conn, id_requerimiento).await?
    else {
        return Err(AppError::not_found());
    };
    let pob = poblacion_of(&tipo, id, nivel);
    if let Some(ev) = deshabilitado {
        db::record_disabled_history(&mut *conn, pob, id_requerimiento, ev, now).await?;
    }
    // Only this requirement's topics can change for its people.
    let temas = db::requirement_topics(&mut *conn, id_requerimiento).await?;
    db::rebuild_population_topics(&mut *conn, pob, &temas).await?;
    Ok(db::count_population(&mut *conn, pob).await?)
}

/// After a block's topics change: rebuilds the cache of everyone its enabled assignments reach.
/// `_now` is kept in the signature for a later history of block edits.
pub async fn block_topics_changed(
    conn: &mut SqliteConnection,
    id_bloque: i64,
    _now: &str,
) -> AppResult<()> {
    for (tipo, id, nivel) in db::block_targets(&mut *conn, id_bloque).await? {
        db::rebuild_population(&mut *conn, poblacion_of(&tipo, id, nivel)).await?;
    }
    Ok(())
}

/// After a topic is activated or deactivated (same transaction): only active topics are
/// planned, so the cache is rebuilt for everyone its enabled requirements reach, directly or
/// through a block.
pub async fn topic_changed(conn: &mut SqliteConnection, cve_tema: i64) -> AppResult<()> {
    for (tipo, id, nivel) in db::topic_targets(&mut *conn, cve_tema).await? {
        db::rebuild_population_topics(&mut *conn, poblacion_of(&tipo, id, nivel), &[cve_tema])
            .await?;
    }
    Ok(())
}

/// The population of a target given by the caller (a structure node's level is read from org).
async fn poblacion_of_destino(conn: &mut SqliteConnection, d: &Destino) -> AppResult<Poblacion> {
    Ok(match d.tipo {
        DestinoTipo::Estructura => {
            let nivel = crate::org::db::node_level_and_parent(&mut *conn, d.id)
                .await?
                .map(|(n, _)| n)
                .ok_or_else(AppError::not_found)?;
            poblacion_of("estructura", d.id, Some(nivel))
        }
        DestinoTipo::Puesto => Poblacion::Puesto(d.id),
        DestinoTipo::Planta => Poblacion::Planta(d.id),
        DestinoTipo::Empleado => Poblacion::Empleado(d.id),
    })
}

/// Active employees a target reaches now (structure at its level, position, plant incl. extra plants, employee).
pub async fn population(conn: &mut SqliteConnection, d: &Destino) -> AppResult<i64> {
    let pob = poblacion_of_destino(&mut *conn, d).await?;
    Ok(db::count_population(&mut *conn, pob).await?)
}

/// Distinct active employees reached by several targets (block seats).
pub async fn distinct_population(conn: &mut SqliteConnection, ds: &[Destino]) -> AppResult<i64> {
    let mut seen: HashSet<i64> = HashSet::new();
    let mut done: HashSet<Destino> = HashSet::new();
    for d in ds {
        if !done.insert(*d) {
            continue;
        }
        let pob = poblacion_of_destino(&mut *conn, d).await?;
        seen.extend(db::population_ids(&mut *conn, pob).await?);
    }
    Ok(i64::try_from(seen.len()).unwrap_or(i64::MAX))
}

/// Distinct active employees an enabled block's assignments reach (Block.total_asistentes).
pub async fn block_assignees(conn: &mut SqliteConnection, id_bloque: i64) -> AppResult<i64> {
    Ok(db::count_block_assignees(&mut *conn, id_bloque).await?)
}

/// DELETE + set-wise INSERT of the whole cache; sets plan_mantenimiento.cache_version.
pub async fn rebuild_all(conn: &mut SqliteConnection) -> AppResult<u64> {
    db::clear_cache(&mut *conn).await?;
    let n = db::rebuild_population(&mut *conn, Poblacion::Todos).await?;
    db::set_cache_version(&mut *conn, CACHE_VERSION).await?;
    Ok(n)
}

/// On start: rebuild when cache_version differs from [`CACHE_VERSION`] (migration, upgrades).
pub async fn ensure_cache(state: &AppState) -> AppResult<()> {
    let mut tx = state.db.begin().await?;
    if db::cache_version(&mut tx).await?.as_deref() != Some(CACHE_VERSION) {
        let n = rebuild_all(&mut tx).await?;
        tracing::info!(rows = n, "training-plan cache rebuilt");
    }
    tx.commit().await?;
    Ok(())
}

/// A cache row's comparable content: (obligatoria, dias_limite, desde, vigencia, reprobado).
type Fila = (i64, Option<i64>, String, Option<String>, i64, i64);

/// Test support: (cve_empleado, cve_tema, what differs) between cache and live derivation.
#[doc(hidden)]
pub async fn cache_mismatches(conn: &mut SqliteConnection) -> AppResult<Vec<(i64, i64, String)>> {
    let mut ids: BTreeSet<i64> = db::all_employee_ids(&mut *conn)
        .await?
        .into_iter()
        .collect();
    ids.extend(db::cached_employees(&mut *conn).await?);
    let mut out = Vec::new();
    for cve in ids {
        let p = placement(&mut *conn, cve).await?;
        let live = match &p {
            Some(p) => plan_topics(&mut *conn, p).await?,
            None => Vec::new(),
        };
        let resumen: BTreeMap<i64, (Option<String>, i64)> = consult_db::summaries(&mut *conn, cve)
            .await?
            .into_iter()
            .map(|r| (r.cve_tema, (r.vigencia, r.reprobado)))
            .collect();
        let expected: BTreeMap<i64, Fila> = live
            .into_iter()
            .map(|e| {
                let (vigencia, reprobado) = resumen.get(&e.cve_tema).cloned().unwrap_or_default();
                (
                    e.cve_tema,
                    (
                        i64::from(e.obligatoria),
                        e.dias_limite,
                        e.desde,
                        vigencia,
                        reprobado,
                        e.programas.iter().fold(0, |b, p| b | p.bit()),
                    ),
                )
            })
            .collect();
        let cached: BTreeMap<i64, Fila> = db::cached_plan(&mut *conn, cve)
            .await?
            .into_iter()
            .map(|(t, o, d, desde, v, r, g)| (t, (o, d, desde, v, r, g)))
            .collect();
        for (tema, fila) in &expected {
            match cached.get(tema) {
                None => out.push((cve, *tema, "missing in cache".to_string())),
                Some(c) if c != fila => {
                    out.push((cve, *tema, format!("cache {c:?} != live {fila:?}")));
                }
                Some(_) => {}
            }
        }
        for tema in cached.keys().filter(|t| !expected.contains_key(t)) {
            out.push((cve, *tema, "only in cache".to_string()));
        }
    }
    Ok(out)
}
