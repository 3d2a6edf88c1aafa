//! Demo courses: closed ones across the past months (their results in the ledger), this
//! week's (one today, one online for the instructor's panels), next month's, one full with a
//! waiting list, pending enrolment requests for the demo supervisor and analyst, and a
//! course-date request — all through the courses domain's own functions.

use chrono::{Days, NaiveDate};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use sqlx::SqliteConnection;

use crate::auth::perms::{Scope, SessionUser};
use crate::courses::enrolment::{self, Lugar};
use crate::courses::types::{CursoBody, SesionBody};
use crate::error::AppResult;
use crate::plans::course_candidates::pending_for_topic;
use crate::settings::Cia;

/// Who the demo courses involve.
pub struct Gente {
    pub analista: i64,
    pub supervisor: i64,
    pub participante: i64,
    pub instructor: i64,
    /// The supervisor's direct reports.
    pub equipo: Vec<i64>,
}

struct Recursos {
    /// (cve_sala, cve_sede, capacidad)
    salas: Vec<(i64, i64, i64)>,
    interno: Option<i64>,
    externos: Vec<i64>,
}

async fn recursos(conn: &mut SqliteConnection) -> AppResult<Recursos> {
    let mut salas = Vec::new();
    for o in crate::resources::db::venues::room_options(&mut *conn).await? {
        if let Some(s) = crate::resources::db::venues::room(&mut *conn, o.value).await? {
            salas.push((s.cve_sala, s.cve_sede, s.capacidad));
        }
    }
    let mut interno = None;
    let mut externos = Vec::new();
    for o in crate::resources::db::instructors::instructor_options(&mut *conn).await? {
        if o.label.ends_with("(externo)") {
            externos.push(o.value);
        } else if interno.is_none() {
            interno = Some(o.value);
        }
    }
    Ok(Recursos {
        salas,
        interno,
        externos,
    })
}

/// One course to schedule.
struct Plan<'a> {
    tema: i64,
    nombre: &'a str,
    modalidad: &'a str,
    /// (date, start, end) company-local.
    sesiones: Vec<(NaiveDate, &'a str, &'a str)>,
    sala: Option<usize>,
    instructor: Option<i64>,
    capacidad: i64,
    reunion: Option<&'a str>,
    costos: [i64; 5],
}

/// Who a coming demo course seats.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cupo {
    /// Six people with the topic pending, and the demo participant first.
    ConParticipante,
    /// Six people with the topic pending.
    Pendientes,
    /// Eleven people into eight seats: three on the waiting list.
    Lleno,
}

async fn programar(
    conn: &mut SqliteConnection,
    cia: &Cia,
    r: &Recursos,
    analista: &SessionUser,
    p: Plan<'_>,
    now: &str,
) -> AppResult<i64> {
    let sala = p
        .sala
        .and_then(|i| r.salas.get(i % r.salas.len().max(1)).copied());
    let mut b = CursoBody {
        cve_tema: p.tema,
        nombre_corto: Some(p.nombre.into()),
        modalidad: p.modalidad.into(),
        sesiones: p
            .sesiones
            .iter()
            .map(|(f, i, t)| SesionBody {
                fecha: f.format("%Y-%m-%d").to_string(),
                hora_inicio: (*i).into(),
                hora_fin: (*t).into(),
            })
            .collect(),
        cve_planta: None,
        cve_sede: sala.map(|s| s.1),
        cve_sala: sala.map(|s| s.0),
        cve_instructor: p.instructor,
        cve_analista: Some(analista.cve_empleado),
        capacidad: sala.map_or(p.capacidad, |s| p.capacidad.min(s.2)),
        dias_acceso: 30,
        autoinscripcion: true,
        epv: false,
        moneda: "MXN".into(),
        tipo_cambio: 18.5,
        costo_instructor: p.costos[0],
        costo_coffee_break: p.costos[1],
        costo_impresiones: p.costos[2],
        costo_renta_sala: p.costos[3],
        costo_otros: p.costos[4],
        reunion_tipo: if p.reunion.is_some() {
            "manual"
        } else {
            "ninguna"
        }
        .into(),
        reunion_url: p.reunion.map(Into::into),
        cve_solicitud_curso: None,
        copia_de: None,
    };
    let (id, _) =
        crate::courses::schedule::write_course(&mut *conn, cia, &mut b, analista, None, now)
            .await?;
    Ok(id)
}

/// Seats the employees the rules allow (the rest are skipped); answers the enrolments.
async fn inscribir(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    gente: &[i64],
    por: i64,
    lista_espera: bool,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<Vec<(i64, i64)>> {
    let base = crate::courses::access::load(&mut *conn, cve_curso).await?;
    let mut out = Vec::new();
    for &cve in gente {
        if enrolment::check_employee(&mut *conn, &base, cve, hoy)
            .await
            .is_err()
        {
            continue;
        }
        match enrolment::place(
            &mut *conn,
            cve_curso,
            cve,
            "analista",
            Some(por),
            lista_espera,
            now,
        )
        .await
        {
            Ok(Lugar::Inscrito(id)) => out.push((cve, id)),
            Ok(Lugar::Espera(_)) => {}
            Err(_) => break,
        }
    }
    Ok(out)
}

/// The demo courses made, by topic abbreviation: closed ones and coming ones.
#[derive(Debug, Default)]
pub struct Creados {
    pub cerrados: Vec<(&'static str, i64)>,
    pub proximos: Vec<(&'static str, i64)>,
}

/// Creates the demo courses (after the plans, whose pending topics they answer).
pub async fn create(
    conn: &mut SqliteConnection,
    rng: &mut StdRng,
    cia: &Cia,
    g: &Gente,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<Creados> {
    let mut creados = Creados::default();
    let r = recursos(conn).await?;
    if r.salas.is_empty() {
        return Ok(creados);
    }
    let analista = SessionUser {
        cve_empleado: g.analista,
        idperfil: 2,
        sid: String::new(),
        scope: Scope::Todos,
    };
    let temas: Vec<(i64, String)> = crate::topics::db::topic_abbreviations(&mut *conn).await?;
    let tema = |a: &str| temas.iter().find(|(_, x)| x == a).map(|(id, _)| *id);
    let filtro = crate::plans::db::course_candidates::Filtro::default();
    let externo = |i: usize| r.externos.get(i % r.externos.len().max(1)).copied();
    let dia = |d: i64| {
        if d >= 0 {
            hoy.checked_add_days(Days::new(d as u64))
        } else {
            hoy.checked_sub_days(Days::new(d.unsigned_abs()))
        }
        .unwrap_or(hoy)
    };

    // Closed courses of the past months: attendance, grades and their results in the ledger.
    let pasados = [
        (
            "NOM-035",
            "Factores de riesgo psicosocial — grupo A",
            -150,
            "PRESENCIAL",
        ),
        (
            "NOM-002",
            "Prevención de incendios — brigadistas",
            -120,
            "PRESENCIAL",
        ),
        ("ETI-01", "Código de ética 2026", -95, "VIRTUAL"),
        (
            "IND-01",
            "Inducción corporativa — ingreso de septiembre",
            -70,
            "PRESENCIAL",
        ),
        (
            "LEAN-01",
            "Manufactura esbelta: 5S en planta",
            -45,
            "PRESENCIAL",
        ),
        ("PAUX-01", "Primeros auxilios básicos", -20, "PRESENCIAL"),
    ];
    for (i, (abbr, nombre, d, modalidad)) in pasados.iter().enumerate() {
        let Some(t) = tema(abbr) else { continue };
        let gente = pending_for_topic(&mut *conn, t, hoy, &filtro).await?;
        let mut gente: Vec<i64> = gente
            .into_iter()
            .filter(|c| *c != g.participante && *c != g.instructor)
            .collect();
        gente.shuffle(rng);
        gente.truncate(rng.random_range(8..=14));
        let id = programar(
            conn,
            cia,
            &r,
            &analista,
            Plan {
                tema: t,
                nombre,
                modalidad,
                sesiones: vec![(dia(*d), "09:00", "13:00"), (dia(*d + 1), "09:00", "13:00")],
                sala: (*modalidad == "PRESENCIAL").then_some(i),
                instructor: if i % 2 == 0 { r.interno } else { externo(i) },
                capacidad: 20,
                reunion: (*modalidad == "VIRTUAL")
                    .then_some("https://meet.jit.si/Aula-Sierra-Madre-Etica-2026"),
                costos: [850_000, 120_000, 35_000, 0, 15_000],
            },
            now,
        )
        .await?;
        let inscritos = inscribir(conn, id, &gente, g.analista, false, dia(*d), now).await?;
        let sesiones = crate::courses::db::asistencias::sesiones(&mut *conn, id).await?;
        let modelo = crate::courses::access::load(&mut *conn, id)
            .await?
            .modelo_evaluacion;
        for (n, (_, ins)) in inscritos.iter().enumerate() {
            // Most came to both days; about one in eight missed one.
            let falto = n % 8 == 7;
            for (k, s) in sesiones.iter().enumerate() {
                let a = if falto && k == 1 { 1 } else { 2 };
                crate::courses::db::asistencias::marcar(
                    &mut *conn,
                    *ins,
                    s.id_sesion,
                    a,
                    g.analista,
                    now,
                )
                .await?;
            }
            // About one in seven does not reach the pass mark.
            let reprueba = rng.random_ratio(1, 7);
            let (calificacion, practica) = match (modelo.as_str(), reprueba) {
                ("conocimiento", false) => (Some(f64::from(rng.random_range(72..=100_u8))), None),
                ("conocimiento", true) => (Some(f64::from(rng.random_range(40..=68_u8))), None),
                ("teorico_practico", false) => (
                    Some(f64::from(rng.random_range(7..=10_u8))),
                    Some(f64::from(rng.random_range(3..=5_u8))),
                ),
                ("teorico_practico", true) => (
                    Some(f64::from(rng.random_range(4..=6_u8))),
                    Some(f64::from(rng.random_range(2..=4_u8))),
                ),
                _ => (None, None),
            };
            crate::courses::db::asistencias::calificar(
                &mut *conn,
                *ins,
                calificacion,
                practica,
                Some(rng.random_range(3..=5)),
                now,
            )
            .await?;
        }
        crate::courses::closing::close_course(&mut *conn, id, g.analista, hoy, hoy, now).await?;
        creados.cerrados.push((*abbr, id));
    }

    // The coming courses and who gets their seats.
    // Two days ahead: the forklift course below holds the internal instructor today and
    // tomorrow evening (a Friday-to-Sunday start once put both on the same evening).
    let en_linea = dia(2);
    let plan = |nombre, modalidad, sesiones, sala, instructor, capacidad, reunion, costos| Plan {
        tema: 0,
        nombre,
        modalidad,
        sesiones,
        sala,
        instructor,
        capacidad,
        reunion,
        costos,
    };
    let coming = [
        // This week: today in a room (the instructor's panel), in the evening shift (the
        // day's hours are left free for other courses of the internal instructor).
        (
            "NOM-006",
            Cupo::ConParticipante,
            plan(
                "Montacargas: operación segura",
                "PRESENCIAL",
                vec![(hoy, "18:00", "21:00"), (dia(1), "18:00", "21:00")],
                Some(1),
                r.interno,
                12,
                None,
                [1_200_000, 180_000, 40_000, 0, 0],
            ),
        ),
        // Online this week (the teams screen), taught by the internal instructor.
        (
            "IND-01",
            Cupo::ConParticipante,
            plan(
                "Inducción corporativa en línea",
                "VIRTUAL",
                vec![(en_linea, "18:30", "20:00")],
                None,
                r.interno,
                40,
                Some("https://meet.jit.si/Aula-Sierra-Madre-Induccion"),
                [0, 0, 0, 0, 0],
            ),
        ),
        // Next month's.
        (
            "MTTO-01",
            Cupo::Pendientes,
            plan(
                "Mantenimiento autónomo TPM",
                "PRESENCIAL",
                vec![(dia(33), "09:00", "14:00")],
                Some(2),
                externo(0),
                18,
                None,
                [900_000, 90_000, 25_000, 150_000, 0],
            ),
        ),
        (
            "LID-01",
            Cupo::Pendientes,
            plan(
                "Liderazgo de equipos de trabajo",
                "PRESENCIAL",
                vec![(dia(38), "09:00", "14:00")],
                Some(3),
                externo(1),
                18,
                None,
                [900_000, 90_000, 25_000, 150_000, 0],
            ),
        ),
        (
            "XLS-02",
            Cupo::Pendientes,
            plan(
                "Excel intermedio para supervisores",
                "PRESENCIAL",
                vec![(dia(45), "09:00", "14:00")],
                Some(4),
                externo(2),
                18,
                None,
                [900_000, 90_000, 25_000, 150_000, 0],
            ),
        ),
        // One full course with a waiting list.
        (
            "NOM-002",
            Cupo::Lleno,
            plan(
                "Brigada contra incendios — cupo limitado",
                "PRESENCIAL",
                vec![(dia(21), "07:00", "15:00")],
                Some(0),
                externo(1),
                8,
                None,
                [1_500_000, 200_000, 30_000, 0, 0],
            ),
        ),
    ];
    let mut proximos = Vec::new();
    for (abbr, cupo, mut p) in coming {
        let Some(t) = tema(abbr) else { continue };
        p.tema = t;
        let id = programar(conn, cia, &r, &analista, p, now).await?;
        // Seats for people who have the topic pending (outside the supervisor's team, whose
        // requests come below).
        let mut gente = pending_for_topic(&mut *conn, t, hoy, &filtro).await?;
        gente.retain(|c| *c != g.instructor && *c != g.participante && !g.equipo.contains(c));
        gente.shuffle(rng);
        gente.truncate(if cupo == Cupo::Lleno { 11 } else { 6 });
        // The participant is in this week's courses (their plan shows the buttons).
        if cupo == Cupo::ConParticipante {
            gente.insert(0, g.participante);
        }
        inscribir(conn, id, &gente, g.analista, cupo == Cupo::Lleno, hoy, now).await?;
        proximos.push((id, t));
        creados.proximos.push((abbr, id));
    }

    // Pending requests: a subordinate's, waiting for the supervisor; another, already
    // accepted by the supervisor, waiting for the analyst.
    let mut pendientes = 0;
    for (id, _) in &proximos {
        if pendientes == 2 {
            break;
        }
        let base = crate::courses::access::load(&mut *conn, *id).await?;
        if base.inscritos >= base.capacidad {
            continue;
        }
        for &cve in &g.equipo {
            if pendientes == 2 {
                break;
            }
            let Ok(nombre) = enrolment::check_employee(&mut *conn, &base, cve, hoy).await else {
                continue;
            };
            if crate::courses::db::solicitudes::pendiente(&mut *conn, *id, cve).await? {
                continue;
            }
            let etapa = if pendientes == 0 {
                "coordinador"
            } else {
                "analista"
            };
            let sol = crate::courses::db::solicitudes::insertar(
                &mut *conn,
                *id,
                cve,
                cve,
                Some(g.supervisor),
                Some(g.analista),
                "coordinador",
                now,
            )
            .await?;
            let destino = if etapa == "analista" {
                crate::courses::db::solicitudes::pasar_a_analista(
                    &mut *conn,
                    sol,
                    g.supervisor,
                    now,
                )
                .await?;
                g.analista
            } else {
                g.supervisor
            };
            let n = crate::courses::requests::pendiente(&base, &nombre, sol);
            crate::notifications::record(&mut *conn, destino, &n, 1, now).await?;
            pendientes += 1;
            break;
        }
    }

    // A course-date request from the supervisor for two of their people.
    if let Some(t) = tema("NOM-035") {
        let gente: Vec<i64> = g.equipo.iter().take(2).copied().collect();
        if !gente.is_empty() {
            crate::courses::db::solicitudes::insertar_fecha(
                &mut *conn,
                t,
                g.supervisor,
                &dia(40).format("%Y-%m-%d").to_string(),
                &gente,
                Some(
                    "Dos integrantes nuevos del turno B necesitan el curso antes de la auditoría.",
                ),
                now,
            )
            .await?;
        }
    }
    Ok(creados)
}
