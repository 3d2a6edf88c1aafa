//! Demo SCORM: the project's own two packages on their topics — the SCORM 2004 course
//! 'Factores de riesgo psicosocial (NOM-035)' (lesson and evaluation SCOs) and the SCORM
//! 1.2 lesson 'Operación segura de montacargas' (NOM-006) — and some employees' attempts in
//! every state, sent through the run-time's own commit path like the player would.

use crate::error::{AppError, AppResult};
use crate::state::AppState;

use super::scorm_content;

/// A learner's run: the commits of each SCO, in order.
type Corrida = &'static [(&'static str, bool, &'static [(&'static str, &'static str)])];

const NOM035_APROBADO: Corrida = &[
    (
        "ITEM-LECCION",
        true,
        &[
            ("cmi.completion_status", "completed"),
            ("cmi.location", "pantalla-4"),
            ("cmi.exit", "normal"),
            ("cmi.session_time", "PT9M12S"),
        ],
    ),
    (
        "ITEM-EVALUACION",
        true,
        &[
            ("cmi.completion_status", "completed"),
            ("cmi.success_status", "passed"),
            ("cmi.score.scaled", "1"),
            ("cmi.score.raw", "3"),
            ("cmi.score.min", "0"),
            ("cmi.score.max", "3"),
            ("cmi.session_time", "PT3M40S"),
        ],
    ),
];
const NOM035_EN_CURSO: Corrida = &[(
    "ITEM-LECCION",
    false,
    &[
        ("cmi.completion_status", "incomplete"),
        ("cmi.location", "pantalla-2"),
        (
            "cmi.suspend_data",
            "{\"pantalla\":2,\"vistas\":[\"1\",\"2\"]}",
        ),
        ("cmi.exit", "suspend"),
        ("cmi.session_time", "PT4M5S"),
    ],
)];
const NOM035_REPROBADO: Corrida = &[
    (
        "ITEM-LECCION",
        true,
        &[
            ("cmi.completion_status", "completed"),
            ("cmi.location", "pantalla-4"),
            ("cmi.session_time", "PT7M30S"),
        ],
    ),
    (
        "ITEM-EVALUACION",
        true,
        &[
            ("cmi.completion_status", "completed"),
            ("cmi.success_status", "failed"),
            ("cmi.score.scaled", "0.3333"),
            ("cmi.score.raw", "1"),
            ("cmi.score.min", "0"),
            ("cmi.score.max", "3"),
            ("cmi.session_time", "PT2M55S"),
        ],
    ),
];
const MONTACARGAS_APROBADO: Corrida = &[(
    "ITEM-MONTACARGAS",
    true,
    &[
        ("cmi.core.lesson_status", "passed"),
        ("cmi.core.score.raw", "100"),
        ("cmi.core.score.min", "0"),
        ("cmi.core.score.max", "100"),
        ("cmi.core.lesson_location", "evaluacion"),
        ("cmi.core.session_time", "0000:11:20.00"),
    ],
)];
const MONTACARGAS_EN_CURSO: Corrida = &[(
    "ITEM-MONTACARGAS",
    false,
    &[
        ("cmi.core.lesson_status", "incomplete"),
        ("cmi.core.lesson_location", "pantalla-2"),
        ("cmi.suspend_data", "{\"pantalla\":2}"),
        ("cmi.core.exit", "suspend"),
        ("cmi.core.session_time", "0000:05:02.00"),
    ],
)];

async fn tema(state: &AppState, abreviatura: &str) -> AppResult<i64> {
    let mut conn = state.db.read.acquire().await?;
    crate::topics::db::all_topic_rules(&mut *conn)
        .await?
        .into_iter()
        .find(|t| t.abreviatura == abreviatura)
        .map(|t| t.cve_tema)
        .ok_or_else(|| AppError::internal(format!("demo topic {abreviatura} missing")))
}

async fn correr(
    state: &AppState,
    cve_tema: i64,
    cve_empleado: i64,
    corrida: Corrida,
) -> AppResult<()> {
    let token = crate::scorm::open_attempt(state, cve_tema, cve_empleado).await?;
    for (n, (item, terminado, valores)) in corrida.iter().enumerate() {
        crate::scorm::send_commit(state, &token, item, n as i64 + 1, *terminado, valores).await?;
    }
    Ok(())
}

/// Loads the packages and the attempts of `aprendices` (employees who are not demo logins).
pub async fn create(state: &AppState, analista: i64, aprendices: &[i64]) -> AppResult<()> {
    let nom035 = tema(state, "NOM-035").await?;
    let nom006 = tema(state, "NOM-006").await?;
    let zip = scorm_content::paquete_nom035_2004().map_err(AppError::internal)?;
    crate::scorm::load_package(
        state,
        nom035,
        &zip,
        "nom035-factores-psicosociales.zip",
        analista,
    )
    .await?;
    let zip = scorm_content::paquete_montacargas_12().map_err(AppError::internal)?;
    crate::scorm::load_package(
        state,
        nom006,
        &zip,
        "montacargas-operacion-segura.zip",
        analista,
    )
    .await?;
    for (i, cve) in aprendices.iter().take(16).enumerate() {
        let corrida = match i % 4 {
            0 | 3 => NOM035_APROBADO,
            1 => NOM035_EN_CURSO,
            _ => NOM035_REPROBADO,
        };
        correr(state, nom035, *cve, corrida).await?;
        if i < 8 {
            let corrida = if i % 2 == 0 {
                MONTACARGAS_APROBADO
            } else {
                MONTACARGAS_EN_CURSO
            };
            correr(state, nom006, *cve, corrida).await?;
        }
    }
    Ok(())
}
