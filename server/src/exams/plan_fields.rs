//! The exam fields of a participant's plan (`presentar_examen`, `intentos`,
//! `intentos_disponibles`): the active exams of their courses and the self-service exams.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use super::db;
use crate::error::AppResult;

/// What the plan's exam button needs of one exam.
#[derive(Clone, Debug, PartialEq)]
pub struct ExamenDelPlan {
    /// "1" while it may be taken (not passed yet), "0" once passed.
    pub presentar_examen: String,
    /// Attempts used.
    pub intentos: i64,
    /// Attempts allowed.
    pub intentos_disponibles: i64,
}

fn campos(intentos: i64, usados: i64, acreditado: Option<bool>) -> ExamenDelPlan {
    ExamenDelPlan {
        presentar_examen: if acreditado == Some(true) { "0" } else { "1" }.into(),
        intentos: usados,
        intentos_disponibles: intentos,
    }
}

/// An employee's exams: (by course, self-service by topic).
pub async fn plan_exams(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> AppResult<(HashMap<i64, ExamenDelPlan>, HashMap<i64, ExamenDelPlan>)> {
    let cursos = db::plan_course_exams(&mut *conn, cve_empleado)
        .await?
        .into_iter()
        .map(|(c, n, u, a)| (c, campos(n, u, a)))
        .collect();
    let temas = db::plan_self_service(&mut *conn, cve_empleado)
        .await?
        .into_iter()
        .map(|(t, n, u, a)| (t, campos(n, u, a)))
        .collect();
    Ok((cursos, temas))
}
