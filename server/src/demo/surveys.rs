//! Demo surveys and ratings: two course survey templates on the demo topics, answered by
//! most participants of the closed demo courses; the dashboard survey answered by many
//! employees (not by the demo logins, who see it in answering mode); and ratings of the
//! topics from the participants who accredited them. Through the surveys domain's own
//! functions, like a form would.

use chrono::{Days, NaiveDate};
use rand::Rng;
use rand::rngs::StdRng;
use sqlx::SqliteConnection;

use crate::error::AppResult;
use crate::state::AppState;
use crate::surveys::db::respuestas::{con_algun_curso, participantes_cerrados};
use crate::surveys::types::{
    EncuestaDashboardForm, EncuestaForm, PreguntaEncuesta, RespuestaEncuesta,
};

/// A question with its four options, best first.
fn pregunta(texto: &str, opciones: [&str; 4]) -> PreguntaEncuesta {
    let [a, b, c, d] = opciones.map(str::to_string);
    PreguntaEncuesta {
        id_pregunta: None,
        pregunta: texto.into(),
        respuesta1: a,
        respuesta2: b,
        respuesta3: c,
        respuesta4: d,
    }
}

const ESCALA: [&str; 4] = ["Excelente", "Bueno", "Regular", "Deficiente"];
const ACUERDO: [&str; 4] = [
    "Totalmente de acuerdo",
    "De acuerdo",
    "En desacuerdo",
    "Totalmente en desacuerdo",
];

/// An option 1–4 drawn with the weights (most answers favourable, a few not).
fn opcion(rng: &mut StdRng, pesos: [u32; 4]) -> i64 {
    let total: u32 = pesos.iter().sum();
    let mut x = rng.random_range(0..total);
    for (i, p) in pesos.iter().enumerate() {
        if x < *p {
            return i as i64 + 1;
        }
        x -= p;
    }
    4
}

/// Creates the demo surveys, their answers and the topics' ratings (after the courses).
pub async fn create(
    conn: &mut SqliteConnection,
    state: &AppState,
    rng: &mut StdRng,
    logins: &[i64],
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    let temas: Vec<(i64, String)> = crate::topics::db::topic_abbreviations(&mut *conn).await?;
    let tema = |a: &str| temas.iter().find(|(_, x)| x == a).map(|(id, _)| *id);
    let de = |abbrs: &[&str]| abbrs.iter().filter_map(|a| tema(a)).collect::<Vec<i64>>();

    let mut curso = EncuestaForm {
        nombre: "Evaluación del curso".into(),
        descripcion: Some(
            "Tu opinión sobre el contenido, el material y la organización del curso.".into(),
        ),
        activa: true,
        preguntas: vec![
            pregunta("¿Cómo calificas el contenido del curso?", ESCALA),
            pregunta("El material didáctico fue útil y claro", ACUERDO),
            pregunta("Lo aprendido lo puedo aplicar en mi puesto", ACUERDO),
            pregunta(
                "¿Cómo calificas la organización (horario, sede, sala)?",
                ESCALA,
            ),
        ],
        temas: de(&["NOM-035", "NOM-002", "ETI-01", "IND-01"]),
    };
    curso.normalize_and_check()?;
    crate::surveys::templates::create_template(&mut *conn, &curso, now).await?;
    let mut instructor = EncuestaForm {
        nombre: "Evaluación del instructor".into(),
        descripcion: Some("Tu opinión sobre quien impartió el curso.".into()),
        activa: true,
        preguntas: vec![
            pregunta("El instructor domina el tema", ACUERDO),
            pregunta("Explicó con claridad y resolvió las dudas", ACUERDO),
            pregunta("Usó ejemplos de nuestra operación", ACUERDO),
            pregunta("¿Cómo calificas al instructor en general?", ESCALA),
        ],
        temas: de(&["LEAN-01", "PAUX-01"]),
    };
    instructor.normalize_and_check()?;
    crate::surveys::templates::create_template(&mut *conn, &instructor, now).await?;

    // Most participants of each closed course answer; each course leans its own way.
    let participaciones = participantes_cerrados(&mut *conn).await?;
    let mut actual = 0;
    let mut pesos = [50, 30, 15, 5];
    for (cve_curso, cve_empleado) in participaciones {
        if cve_curso != actual {
            actual = cve_curso;
            pesos = [
                rng.random_range(30..=60),
                rng.random_range(20..=40),
                rng.random_range(5..=20),
                rng.random_range(1..=8),
            ];
        }
        if rng.random_ratio(1, 6) {
            continue;
        }
        let preguntas =
            match crate::surveys::course_survey::survey_questions(&mut *conn, cve_curso).await? {
                Some(p) => p,
                None => continue,
            };
        let respuestas: Vec<RespuestaEncuesta> = preguntas
            .iter()
            .map(|id| RespuestaEncuesta {
                id_pregunta: *id,
                selected: opcion(rng, pesos),
            })
            .collect();
        crate::surveys::course_survey::answer_course_survey(
            &mut *conn,
            cve_curso,
            cve_empleado,
            &respuestas,
            hoy,
            now,
        )
        .await?;
        // Those who accredited the topic rate it, leaning to four stars.
        let cve_tema = crate::courses::access::load(&mut *conn, cve_curso)
            .await?
            .cve_tema;
        if crate::plans::estado_de_tema(&mut *conn, cve_empleado, cve_tema, hoy)
            .await?
            .completado()
        {
            let rating = f64::from(rng.random_range(5..=10_u8)) / 2.0;
            crate::surveys::ratings::rate_topic(
                &mut *conn,
                cve_tema,
                cve_empleado,
                rating,
                hoy,
                now,
            )
            .await?;
        }
    }

    // The dashboard survey of the month, answered by many employees.
    let mut dashboard = EncuestaDashboardForm {
        encuesta: "¿Cómo prefieres tomar tus cursos?".into(),
        desde: hoy
            .checked_sub_days(Days::new(10))
            .unwrap_or(hoy)
            .format("%Y-%m-%d")
            .to_string(),
        hasta: hoy
            .checked_add_days(Days::new(45))
            .unwrap_or(hoy)
            .format("%Y-%m-%d")
            .to_string(),
        activa: true,
        perfiles: vec![3, 4, 5, 8],
        preguntas: vec![
            pregunta(
                "¿Qué modalidad prefieres?",
                [
                    "Presencial en planta",
                    "En línea en vivo",
                    "En línea a mi ritmo",
                    "Mixta",
                ],
            ),
            pregunta(
                "¿Qué horario te acomoda mejor?",
                [
                    "Al inicio del turno",
                    "A media jornada",
                    "Al final del turno",
                    "Fuera del horario laboral",
                ],
            ),
            pregunta(
                "¿Cuánto debería durar una sesión?",
                [
                    "Menos de 1 hora",
                    "De 1 a 2 horas",
                    "De 2 a 4 horas",
                    "Jornada completa",
                ],
            ),
        ],
    };
    dashboard.normalize_and_check(state)?;
    let id =
        crate::surveys::dashboard::create_dashboard_survey(&mut *conn, &dashboard, now).await?;
    let preguntas: Vec<i64> = crate::surveys::db::dashboard::preguntas(&mut *conn, id)
        .await?
        .into_iter()
        .filter_map(|p| p.id_pregunta)
        .collect();
    let pesos = [[35, 20, 25, 20], [40, 30, 20, 10], [20, 45, 25, 10]];
    for cve in con_algun_curso(&mut *conn).await? {
        if logins.contains(&cve) || rng.random_ratio(1, 4) {
            continue;
        }
        let respuestas: Vec<RespuestaEncuesta> = preguntas
            .iter()
            .zip(pesos)
            .map(|(p, w)| RespuestaEncuesta {
                id_pregunta: *p,
                selected: opcion(rng, w),
            })
            .collect();
        crate::surveys::dashboard::answer_dashboard_survey(&mut *conn, id, cve, &respuestas, now)
            .await?;
    }
    Ok(())
}
