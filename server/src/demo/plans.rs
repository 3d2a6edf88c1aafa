//! Demo training plans: requirements of every program (institutional, specific, formation,
//! plant, individual, blocks, one disabled with its history) and a believable history of
//! accreditations (some expired, some expiring this month, compliance by plant between
//! roughly 45 % and 93 %), all through the plans domain's own functions.

use std::collections::HashMap;

use chrono::{Datelike, Days, Months, NaiveDate};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sqlx::SqliteConnection;

use crate::error::AppResult;
use crate::plans::requirements::{NuevosRequerimientos, create_requirements, set_enabled};
use crate::plans::{Actor, Destino, DestinoTipo, NuevaAcreditacion, Origen, Programa};
use crate::topics::db::ReglasTema;
use crate::validate::fold;

/// Target share of each plant's mandatory topics held, by plant creation order.
const CUMPLIMIENTO: [f64; 4] = [0.45, 0.62, 0.78, 0.93];

/// Creates the demo requirements and history; `participant` is the demo participant.
pub async fn create(
    conn: &mut SqliteConnection,
    rng: &mut StdRng,
    participant: i64,
    contractor: Option<i64>,
    today: NaiveDate,
    now: &str,
) -> AppResult<()> {
    let sys = Actor::system();
    let temas: HashMap<String, i64> = crate::topics::db::topic_abbreviations(&mut *conn)
        .await?
        .into_iter()
        .map(|(id, a)| (a, id))
        .collect();
    let t = |a: &[&str]| -> Vec<i64> { a.iter().filter_map(|x| temas.get(*x).copied()).collect() };
    let nodes = crate::org::db::all_nodes(&mut *conn).await?;
    let node = |nivel: i64, nombre: &str| -> Vec<Destino> {
        nodes
            .iter()
            .filter(|(_, n, _, name)| *n == nivel && fold(name) == fold(nombre))
            .map(|(id, ..)| Destino {
                tipo: DestinoTipo::Estructura,
                id: *id,
            })
            .collect()
    };
    let positions = crate::org::db::all_positions(&mut *conn).await?;
    let puesto = |nombre: &str| -> Vec<Destino> {
        positions
            .iter()
            .filter(|(_, _, p)| fold(p) == fold(nombre))
            .map(|(id, ..)| Destino {
                tipo: DestinoTipo::Puesto,
                id: *id,
            })
            .collect()
    };
    let mut n2: Vec<&(i64, i64, Option<i64>, String)> =
        nodes.iter().filter(|(_, n, ..)| *n == 2).collect();
    n2.sort_by_key(|(id, ..)| *id);

    let batch = |programa, destinos: Vec<Destino>, abbrs: &[&str], obligatoria, dias| {
        NuevosRequerimientos {
            programa,
            destinos,
            temas: t(abbrs),
            id_bloque: None,
            obligatoria,
            dias_limite: dias,
        }
    };
    let mut lotes = Vec::new();
    if let Some((id, ..)) = n2.first() {
        lotes.push(batch(
            Programa::Institucional,
            vec![Destino {
                tipo: DestinoTipo::Estructura,
                id: *id,
            }],
            &["IND-01", "ETI-01", "NOM-035"],
            true,
            None,
        ));
    }
    lotes.push(batch(
        Programa::Especifica,
        node(6, "Gerencia de Producción"),
        &["NOM-006"],
        true,
        None,
    ));
    lotes.push(batch(
        Programa::Especifica,
        node(6, "Gerencia de Mantenimiento"),
        &["MTTO-01", "NOM-009"],
        true,
        None,
    ));
    lotes.push(batch(
        Programa::Formacion,
        puesto("Operador de Línea de Ensamble"),
        &["NOM-002", "NOM-009", "PAUX-01", "LEAN-01"],
        true,
        Some(90),
    ));
    lotes.push(batch(
        Programa::Formacion,
        puesto("Supervisor de Producción"),
        &["LID-01"],
        true,
        None,
    ));
    lotes.push(batch(
        Programa::Formacion,
        puesto("Supervisor de Producción"),
        &["XLS-02"],
        false,
        None,
    ));
    lotes.push(batch(
        Programa::Formacion,
        puesto("Montacarguista"),
        &["NOM-006"],
        true,
        None,
    ));
    lotes.push(batch(
        Programa::Empleado,
        vec![Destino {
            tipo: DestinoTipo::Empleado,
            id: participant,
        }],
        &["XLS-02"],
        false,
        None,
    ));
    if let Some(c) = contractor {
        lotes.push(batch(
            Programa::Empleado,
            vec![Destino {
                tipo: DestinoTipo::Empleado,
                id: c,
            }],
            &["NOM-035"],
            true,
            None,
        ));
    }
    for n in lotes {
        if !n.destinos.is_empty() && !n.temas.is_empty() {
            create_requirements(&mut *conn, &sys, &n, now).await?;
        }
    }
    // A formation requirement created and later withdrawn: its history shows who it reached.
    let retirado = batch(
        Programa::Formacion,
        puesto("Operador de Prensa"),
        &["ETI-01"],
        true,
        None,
    );
    if !retirado.destinos.is_empty() && !retirado.temas.is_empty() {
        for id in create_requirements(&mut *conn, &sys, &retirado, now).await? {
            set_enabled(
                &mut *conn,
                &sys,
                id,
                false,
                Some("Se sustituye por la inducción digital"),
                now,
            )
            .await?;
        }
    }

    // The topics each plant trains its personnel in (formerly "temas por planta").
    let plants = crate::org::db::all_plants(&mut *conn).await?;
    for (i, p) in plants.iter().enumerate() {
        let abbrs: &[&str] = if i % 2 == 0 {
            &["NOM-006", "NOM-002", "NOM-009", "MTTO-01", "LEAN-01"]
        } else {
            &["NOM-002", "PAUX-01", "NOM-035"]
        };
        crate::plans::plant_requirements::set_plant_requirements(
            &mut *conn,
            &sys,
            p.cve_planta,
            t(abbrs),
            now,
        )
        .await?;
    }

    // Blocks: the safety route for press operators (when it has the seats), the digital
    // induction for the participant.
    for id in 1..=20 {
        let Some(nombre) = crate::plans::db::requirements::block_name(&mut *conn, id).await? else {
            continue;
        };
        let destinos = match nombre.as_str() {
            "Ruta de seguridad en planta" => puesto("Operador de Prensa"),
            "Inducción digital" => vec![Destino {
                tipo: DestinoTipo::Empleado,
                id: participant,
            }],
            _ => continue,
        };
        if destinos.is_empty() {
            continue;
        }
        match crate::plans::block_assignment::assign_block(
            &mut *conn, &sys, id, destinos, true, None, now,
        )
        .await
        {
            Ok(_) => {}
            // More press operators than seats (large demos): the block stays unassigned.
            Err(e) if e.code == "plan.sin_lugares" => {}
            Err(e) => return Err(e),
        }
    }

    history(conn, rng, participant, &plants, today, now).await
}

/// A date `meses` months before `d` (clamped), or `d` when it would overflow.
fn months_before(d: NaiveDate, meses: u32) -> NaiveDate {
    d.checked_sub_months(Months::new(meses)).unwrap_or(d)
}

/// A passing grade on the topic's scale (None when the topic is not graded).
fn passing(rng: &mut StdRng, r: &ReglasTema) -> Option<f64> {
    match r.modelo_evaluacion.as_str() {
        "conocimiento" => Some(f64::from(rng.random_range(80..=100))),
        "teorico_practico" => Some(f64::from(rng.random_range(8..=10))),
        _ => None,
    }
}

/// One planned fact of the history.
enum Hecho {
    /// Valid today (expiring within the current month when `este_mes`).
    Vigente { este_mes: bool },
    /// Held once, expired now.
    Vencido,
    /// A failed attempt.
    Reprobado,
}

/// The accreditation history: each plant's share of mandatory topics held, some expired,
/// some expiring this month, a few failed; the participant gets a bit of everything.
async fn history(
    conn: &mut SqliteConnection,
    rng: &mut StdRng,
    participant: i64,
    plants: &[crate::org::db::Plant],
    today: NaiveDate,
    now: &str,
) -> AppResult<()> {
    crate::plans::rebuild_all(&mut *conn).await?;
    let reglas: HashMap<i64, ReglasTema> = crate::topics::db::all_topic_rules(&mut *conn)
        .await?
        .into_iter()
        .map(|r| (r.cve_tema, r))
        .collect();
    let share: HashMap<i64, f64> = plants
        .iter()
        .enumerate()
        .map(|(i, p)| (p.cve_planta, CUMPLIMIENTO[i % CUMPLIMIENTO.len()]))
        .collect();
    let mut por_empleado: Vec<(i64, Option<i64>, Vec<i64>)> = Vec::new();
    for (emp, tema, planta) in crate::plans::db::tema_view::mandatory_plan(&mut *conn).await? {
        match por_empleado.last_mut() {
            Some((e, _, temas)) if *e == emp => temas.push(tema),
            _ => por_empleado.push((emp, planta, vec![tema])),
        }
    }
    let fin_de_mes = NaiveDate::from_ymd_opt(today.year(), today.month(), 1)
        .and_then(|d| d.checked_add_months(Months::new(1)))
        .and_then(|d| d.pred_opt())
        .unwrap_or(today);
    let mut hechos: Vec<(i64, i64, Hecho)> = Vec::new();
    for (emp, planta, mut temas) in por_empleado {
        temas.shuffle(rng);
        let expira = |t: &i64| reglas.get(t).is_some_and(|r| r.meses_certificacion > 0);
        if emp == participant {
            // Two held, one expiring within days, one expired, the rest pending.
            let (mut con_vencimiento, otros): (Vec<i64>, Vec<i64>) =
                temas.iter().partition(|t| expira(t));
            let mut orden = Vec::new();
            orden.append(&mut con_vencimiento);
            orden.extend(otros);
            for (i, t) in orden.into_iter().enumerate() {
                let h = match i {
                    0 => Hecho::Vigente { este_mes: true },
                    1 => Hecho::Vencido,
                    2 | 3 => Hecho::Vigente { este_mes: false },
                    _ => continue,
                };
                hechos.push((emp, t, h));
            }
            continue;
        }
        let s = planta.and_then(|p| share.get(&p).copied()).unwrap_or(0.6);
        // Half the plant's share of people hold every mandatory topic (they comply); the rest
        // hold a smaller share, so the plant's figure still averages `s`.
        let n = temas.len();
        let completo = s / 2.0;
        let k = if rng.random::<f64>() < completo {
            n
        } else {
            // Rounded up or down at random, so the share is right on average for short plans too.
            let x = (s - completo) / (1.0 - completo) * n as f64;
            let sube = rng.random::<f64>() < x.fract();
            (x.floor() as usize + usize::from(sube)).min(n.saturating_sub(1))
        };
        for (i, t) in temas.into_iter().enumerate() {
            let roll: f64 = rng.random();
            let h = if i < k {
                Hecho::Vigente {
                    este_mes: expira(&t) && roll < 0.06,
                }
            } else if expira(&t) && roll < 0.3 {
                Hecho::Vencido
            } else if roll < 0.36
                && reglas
                    .get(&t)
                    .is_some_and(|r| r.modelo_evaluacion == "conocimiento")
            {
                Hecho::Reprobado
            } else {
                continue;
            };
            hechos.push((emp, t, h));
        }
    }

    let mut filas = Vec::with_capacity(hechos.len());
    let mut primero_del_mes = true;
    for (emp, t, h) in hechos {
        let Some(r) = reglas.get(&t) else { continue };
        let meses = u32::try_from(r.meses_certificacion.max(0)).unwrap_or(0);
        let (fecha, calificacion) = match h {
            Hecho::Vigente { este_mes: true } if meses > 0 => {
                // Validity between today and the end of the month; near the month's end the
                // rest may run up to 10 days out, but the first always ends within it (a
                // seeded draw at the end of November once left the month without one).
                let hasta = if primero_del_mes || (fin_de_mes - today).num_days() >= 7 {
                    fin_de_mes
                } else {
                    fin_de_mes.max(today + Days::new(10))
                };
                primero_del_mes = false;
                let dias = (hasta - today).num_days().max(0) as u64;
                let vig = today + Days::new(rng.random_range(0..=dias));
                (months_before(vig, meses), passing(rng, r))
            }
            Hecho::Vigente { .. } => {
                let ventana = if meses == 0 { 40 } else { meses.min(40) };
                let atras = rng.random_range(1..ventana.max(2));
                let d = months_before(today, atras) + Days::new(rng.random_range(1..25));
                (d.min(today), passing(rng, r))
            }
            Hecho::Vencido => {
                let d = months_before(today, meses) - Days::new(rng.random_range(5..200));
                (d, passing(rng, r))
            }
            Hecho::Reprobado => (
                today - Days::new(rng.random_range(5..300)),
                Some(f64::from(rng.random_range(30..60))),
            ),
        };
        let roll: f64 = rng.random();
        let (origen, motivo) = if roll < 0.6 {
            (Origen::Historial, None)
        } else if roll < 0.8 {
            (Origen::CertificacionExterna, None)
        } else {
            (Origen::Manual, Some("Captura de expediente"))
        };
        filas.push(NuevaAcreditacion {
            cve_empleado: emp,
            cve_tema: t,
            fecha,
            calificacion,
            origen,
            referencia: "",
            motivo,
            nota: (origen == Origen::Historial).then_some("Expediente de capacitación"),
            registrado_por: None,
            resultado: None,
        });
    }
    crate::plans::bulk_load_accreditations(&mut *conn, &filas, today, now).await?;
    crate::plans::rebuild_summaries(&mut *conn).await?;
    crate::plans::rebuild_all(&mut *conn).await?;
    Ok(())
}
