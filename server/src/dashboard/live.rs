//! Live dashboards (issue 16): when results, enrolments or tasks change, the people they
//! belong to get `dashboard:cambio` on their sockets (`{que: ["plan" | "cursos" |
//! "tareas"]}`) and refetch what the change touches; those who follow a team or the whole
//! company (scope subordinados or todos, room `dashboard:equipo`) get it at most every few
//! seconds. Results and seats come from the database's committed-change feed
//! (`db::Db::changes`), so every writer is covered whatever the domain; tasks are told by
//! their handlers.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde::Serialize;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::watch;

use crate::state::AppState;

/// The event name.
pub const EVENTO: &str = "dashboard:cambio";
/// The room of the sockets that follow a team or the company.
pub const SALA_EQUIPO: &str = "dashboard:equipo";
/// How long changes are gathered before they are told.
const JUNTAR: Duration = Duration::from_millis(300);
/// How often the team room is told at most.
const EQUIPO_CADA: Duration = Duration::from_secs(5);

/// What `dashboard:cambio` carries.
#[derive(Serialize, Debug, Clone)]
pub struct Cambio {
    pub que: Vec<&'static str>,
}

/// Tells someone's sockets what changed (and the team room, at its pace).
pub async fn tell(state: &AppState, cves: &[i64], que: &'static str) {
    let c = Cambio { que: vec![que] };
    for cve in cves.iter().collect::<BTreeSet<_>>() {
        state.realtime.to_employee(*cve, EVENTO, &c).await;
    }
}

/// Starts relaying the database's committed changes until `stop`.
pub fn spawn(state: &AppState, mut stop: watch::Receiver<bool>) {
    let state = state.clone();
    let mut rx = state.db.changes.subscribe();
    tokio::spawn(async move {
        let mut equipo: BTreeSet<&'static str> = BTreeSet::new();
        let mut tick = tokio::time::interval(EQUIPO_CADA);
        loop {
            tokio::select! {
                _ = stop.changed() => break,
                _ = tick.tick() => {
                    if !equipo.is_empty() {
                        let c = Cambio { que: std::mem::take(&mut equipo).into_iter().collect() };
                        state.realtime.to_room(SALA_EQUIPO.into(), EVENTO, &c).await;
                    }
                }
                got = rx.recv() => {
                    let mut batches = Vec::new();
                    let mut lost = false;
                    match got {
                        Ok(b) => batches.push(b),
                        Err(RecvError::Lagged(_)) => lost = true,
                        Err(RecvError::Closed) => break,
                    }
                    tokio::time::sleep(JUNTAR).await;
                    loop {
                        match rx.try_recv() {
                            Ok(b) => batches.push(b),
                            Err(TryRecvError::Lagged(_)) => lost = true,
                            Err(_) => break,
                        }
                    }
                    let mut acreditaciones = Vec::new();
                    let mut inscripciones = Vec::new();
                    for b in &batches {
                        lost |= b.desbordado;
                        for (t, id) in &b.filas {
                            match *t {
                                "plan_acreditaciones" => acreditaciones.push(*id),
                                _ => inscripciones.push(*id),
                            }
                        }
                    }
                    if !acreditaciones.is_empty() || lost {
                        equipo.insert("plan");
                    }
                    if !inscripciones.is_empty() || lost {
                        equipo.insert("cursos");
                    }
                    relay(&state, &acreditaciones, &inscripciones).await;
                }
            }
        }
    });
}

/// Tells each person whose results or seats changed.
async fn relay(state: &AppState, acreditaciones: &[i64], inscripciones: &[i64]) {
    let people = match state.db.read.acquire().await {
        Ok(mut conn) => {
            super::db::employees_of_rows(&mut conn, acreditaciones, inscripciones).await
        }
        Err(e) => Err(e),
    };
    let people = match people {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(error = %e, "live dashboard: could not read who changed");
            return;
        }
    };
    let mut por_persona: BTreeMap<i64, BTreeSet<&'static str>> = BTreeMap::new();
    for (cve, que) in people {
        por_persona.entry(cve).or_default().insert(que);
    }
    for (cve, que) in por_persona {
        let c = Cambio {
            que: que.into_iter().collect(),
        };
        state.realtime.to_employee(cve, EVENTO, &c).await;
    }
}
