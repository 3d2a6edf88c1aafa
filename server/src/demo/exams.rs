//! The demo's exams: fuller question banks for the safety topics, their exam definitions
//! (NOM-035 also as a self-service exam), the exams of the closed courses with everyone's
//! attempts — a realistic spread of scores, some open answers still in the instructor's
//! queue — and this week's forklift course with its exam active for the participant.

use chrono::{Duration, NaiveDate};
use rand::Rng;
use rand::rngs::StdRng;
use sqlx::SqliteConnection;

use super::courses::Creados;
use crate::error::AppResult;
use crate::exams::grading::Momento;
use crate::exams::seed;
use crate::exams::types::{ExamenConfig, ExamenConfigParcial};
use crate::topics::questions::{PreguntaForm, Respuesta};

type Opciones = &'static [(&'static str, bool)];

/// Questions added to the banks of the catalogue: (topic, question, type, options).
const PREGUNTAS: &[(&str, &str, &str, Opciones)] = &[
    (
        "NOM-006",
        "¿Qué debe revisar el operador antes de encender el montacargas?",
        "multiple",
        &[
            ("Nivel de combustible o carga de batería", true),
            ("Estado de llantas y horquillas", true),
            ("Funcionamiento de frenos y claxon", true),
            ("El color de la carrocería", false),
        ],
    ),
    (
        "NOM-006",
        "¿A qué altura se transportan las horquillas cargadas?",
        "unica",
        &[
            ("Entre 10 y 15 cm del piso", true),
            ("A la altura de los ojos del operador", false),
            ("Lo más alto posible", false),
        ],
    ),
    (
        "NOM-006",
        "Al bajar una rampa con carga, el montacargas debe ir…",
        "unica",
        &[
            ("En reversa, con la carga cuesta arriba", true),
            ("De frente, con la carga cuesta abajo", false),
            ("En neutral para ganar velocidad", false),
        ],
    ),
    (
        "NOM-006",
        "¿Quién puede operar un montacargas en planta?",
        "unica",
        &[
            ("Solo personal capacitado y autorizado", true),
            ("Cualquier trabajador del almacén", false),
            ("Los visitantes acompañados", false),
        ],
    ),
    (
        "NOM-006",
        "¿Qué haces si detectas una fuga de aceite en el equipo?",
        "unica",
        &[
            (
                "Lo reporto, lo etiqueto fuera de servicio y no lo opero",
                true,
            ),
            ("Termino el turno y aviso al día siguiente", false),
            ("Lo limpio y sigo operando", false),
        ],
    ),
    (
        "NOM-006",
        "Explica cómo estacionas el montacargas al terminar tu turno.",
        "abierta",
        &[],
    ),
    (
        "NOM-035",
        "¿Cada cuánto se aplica la evaluación del entorno organizacional?",
        "unica",
        &[
            ("Al menos cada dos años", true),
            ("Cada mes", false),
            ("Solo cuando hay un accidente", false),
        ],
    ),
    (
        "NOM-035",
        "¿Qué debe hacer la empresa ante un acontecimiento traumático severo?",
        "unica",
        &[
            (
                "Identificar a quienes lo vivieron y canalizarlos a atención",
                true,
            ),
            ("Esperar a que el trabajador lo reporte", false),
            ("Nada, no es obligación del patrón", false),
        ],
    ),
    (
        "NOM-035",
        "¿Qué elementos forman parte de un entorno organizacional favorable?",
        "multiple",
        &[
            ("Sentido de pertenencia", true),
            ("Formación adecuada para el puesto", true),
            ("Evaluación y reconocimiento del desempeño", true),
            ("Jornadas sin descanso", false),
        ],
    ),
    (
        "NOM-035",
        "Describe una acción de tu área para prevenir riesgos psicosociales.",
        "abierta",
        &[],
    ),
    (
        "NOM-002",
        "¿Qué tipo de extintor se usa en un fuego eléctrico?",
        "unica",
        &[
            ("De CO₂ o polvo químico seco (clase C)", true),
            ("De agua a presión", false),
            ("De espuma", false),
        ],
    ),
    (
        "NOM-002",
        "¿Qué significa la técnica PASO al usar un extintor?",
        "unica",
        &[
            ("Jalar, Apuntar, Apretar y Barrer", true),
            ("Pedir ayuda, Abrir, Salir y Observar", false),
            ("Proteger, Alertar, Socorrer y Ordenar", false),
        ],
    ),
    (
        "NOM-002",
        "¿Qué debe hacer la brigada al escuchar la alarma?",
        "multiple",
        &[
            ("Dirigirse a su punto de reunión", true),
            ("Verificar que nadie quede en su área", true),
            ("Usar el elevador para bajar rápido", false),
        ],
    ),
];

/// Open answers the demo participants wrote, by topic.
const TEXTOS: &[(&str, &[&str])] = &[
    (
        "NOM-006",
        &[
            "Bajo las horquillas al piso, pongo el freno de mano, apago el motor y entrego la llave al supervisor.",
            "Lo dejo en el área marcada, con las horquillas abajo y sin obstruir pasillos ni extintores.",
            "Apago el equipo y lo estaciono.",
        ],
    ),
    (
        "NOM-035",
        &[
            "Hacemos pausas activas y el supervisor revisa que las cargas de trabajo sean equilibradas.",
            "Nos reunimos cada semana para hablar de lo que nos preocupa y buscar soluciones juntos.",
            "Respetar los horarios de salida y no enviar mensajes de trabajo en los días de descanso.",
            "Reconocer en público el buen trabajo de los compañeros.",
        ],
    ),
];

/// Adds the demo exams; `instructor` is the internal instructor, `analista` the analyst.
pub async fn create(
    conn: &mut SqliteConnection,
    rng: &mut StdRng,
    cursos: &Creados,
    analista: i64,
    instructor: i64,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    let temas: Vec<(i64, String)> = crate::topics::db::topic_abbreviations(&mut *conn).await?;
    let tema = |a: &str| temas.iter().find(|(_, x)| x == a).map(|(id, _)| *id);
    for (abbr, pregunta, tipo, opciones) in PREGUNTAS {
        let Some(t) = tema(abbr) else { continue };
        let mut f = PreguntaForm {
            pregunta: (*pregunta).into(),
            tipo: (*tipo).into(),
            respuestas: opciones
                .iter()
                .map(|(texto, correcta)| Respuesta {
                    id_respuesta: 0,
                    texto: (*texto).into(),
                    correcta: *correcta,
                })
                .collect(),
        };
        f.normalize_and_check().into_result()?;
        crate::topics::questions::save(conn, t, None, &f).await?;
    }
    // (topic, questions, minutes, attempts, description, self-service)
    let definiciones = [
        (
            "NOM-006",
            6,
            20,
            3,
            "Evaluación teórica de operación segura de montacargas. Lee cada pregunta con calma: tus respuestas se guardan al momento.",
            false,
        ),
        (
            "NOM-035",
            5,
            15,
            3,
            "Comprueba lo que aprendiste sobre los factores de riesgo psicosocial y el entorno organizacional.",
            true,
        ),
        (
            "NOM-002",
            5,
            15,
            2,
            "Evaluación de la brigada contra incendios.",
            false,
        ),
    ];
    for (abbr, n, minutos, intentos, descripcion, autoservicio) in definiciones {
        let Some(t) = tema(abbr) else { continue };
        seed::define_topic(
            conn,
            t,
            ExamenConfig {
                num_preguntas: n,
                barajar_preguntas: true,
                barajar_opciones: true,
                tiempo_estimado: minutos,
                intentos,
                descripcion_examen: Some(descripcion.into()),
            },
            autoservicio,
            analista,
            now,
        )
        .await?;
    }
    let m = Momento {
        now: now.to_string(),
        hoy,
        por: Some(instructor),
    };
    // The closed courses' exams, answered on the course's last day: most pass, a few need a
    // second attempt, some fail.
    for (abbr, cve_curso) in &cursos.cerrados {
        if !["NOM-035", "NOM-002"].contains(abbr) {
            continue;
        }
        let x = seed::course_exam(
            conn,
            *cve_curso,
            ExamenConfigParcial::default(),
            analista,
            Some(instructor),
            now,
        )
        .await?;
        let c = crate::courses::access::load(&mut *conn, *cve_curso).await?;
        let dia = NaiveDate::parse_from_str(&c.fecha_fin, "%Y-%m-%d").unwrap_or(hoy);
        let participantes = crate::exams::db::enrolled(&mut *conn, *cve_curso).await?;
        for (k, (_, cve)) in participantes.iter().enumerate() {
            let acierto = match k % 7 {
                6 => 0.35,
                3 => 0.6,
                _ => 0.9,
            };
            let inicio = dia
                .and_hms_opt(12, 10 + (k as u32 % 40), 0)
                .unwrap_or_default()
                .and_utc()
                + Duration::hours(6);
            let minutos = rng.random_range(6..=14);
            let textos = TEXTOS
                .iter()
                .find(|(a, _)| a == abbr)
                .map_or(&[][..], |(_, t)| *t);
            let texto = textos
                .get(k % textos.len().max(1))
                .copied()
                .unwrap_or_default();
            let r = seed::attempt(conn, &x, *cve, acierto, rng, inicio, minutos, texto, &m).await?;
            if r.is_some_and(|r| !r.pendiente_revision && !r.acreditado) {
                seed::attempt(
                    conn,
                    &x,
                    *cve,
                    0.85,
                    rng,
                    inicio + Duration::minutes(40),
                    minutos,
                    texto,
                    &m,
                )
                .await?;
            }
        }
        // The instructor already graded most open answers; a few remain in their queue.
        seed::score_open_answers(
            conn,
            &x,
            participantes.len().saturating_sub(3),
            |k| [100.0, 80.0, 100.0, 50.0][k % 4],
            &m,
        )
        .await?;
    }
    // This week's forklift course: its exam is active, so the participant's plan offers it.
    if let Some((_, cve_curso)) = cursos.proximos.iter().find(|(a, _)| *a == "NOM-006") {
        seed::course_exam(
            conn,
            *cve_curso,
            ExamenConfigParcial::default(),
            analista,
            Some(instructor),
            now,
        )
        .await?;
    }
    Ok(())
}
