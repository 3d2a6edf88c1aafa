//! The course fields of a participant's plan: per topic, the course the employee is in (or
//! has asked for) and what the plan's buttons need of it.

use std::collections::HashMap;

use chrono::NaiveDate;
use sqlx::SqliteConnection;

use super::db::inscripciones::{self as db, EnCurso};
use super::material::{acceso_material, es_scorm};
use crate::error::AppResult;

/// What the plan shows of the employee's course of one topic.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CursoDelPlan {
    pub cve_curso: i64,
    pub cve_inscripcion_ai: Option<i64>,
    /// inscrito | espera | solicitud
    pub accion: String,
    pub fecha_curso: String,
    pub hora_curso: Option<String>,
    pub modalidad_curso: String,
    /// "1" closed, "0" open.
    pub curso_cerrado: String,
    pub dias_acceso: i64,
    /// Whether the material may be opened today.
    pub acceso: bool,
    /// The meeting link (virtual and streaming courses).
    pub meeting: Option<String>,
    /// The participant material while `acceso`.
    pub material: Option<String>,
    /// The meeting, else the material.
    pub link: Option<String>,
    /// "1" / "0" for an enrolment; None for a request.
    pub confirmado: Option<String>,
    pub calificacion: Option<f64>,
    pub estatus_material: Option<String>,
    pub turno_espera: Option<i64>,
    pub manual_participante: Option<String>,
    /// pdf | scorm | link | archivo
    pub tipo_manual_participante: Option<String>,
}

/// A material reference as a link: URLs as they are, stored files through the public path.
fn enlace(material: &str) -> String {
    if material.starts_with("http://") || material.starts_with("https://") {
        material.to_string()
    } else {
        crate::files::public_url(material)
    }
}

/// The kind of a material reference.
fn tipo_manual(material: &str) -> &'static str {
    let m = material.to_ascii_lowercase();
    if es_scorm(Some(&m)) {
        "scorm"
    } else if m.ends_with(".pdf") {
        "pdf"
    } else if m.starts_with("http://") || m.starts_with("https://") {
        "link"
    } else {
        "archivo"
    }
}

/// Which of two places of the same topic the plan shows: an open course before a closed
/// one; among open ones the soonest, among closed ones the latest.
fn better(a: &EnCurso, b: &EnCurso) -> bool {
    let abierto = |x: &EnCurso| x.estatus_curso != "cerrado";
    match (abierto(a), abierto(b)) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => a.fecha_inicio < b.fecha_inicio,
        (false, false) => a.fecha_inicio > b.fecha_inicio,
    }
}

fn campos(e: &EnCurso, hoy: NaiveDate) -> CursoDelPlan {
    let material = e.material_participante.as_deref().filter(|m| !m.is_empty());
    let scorm = es_scorm(material);
    let acceso = e.accion == "inscrito"
        && NaiveDate::parse_from_str(&e.fecha_inicio, "%Y-%m-%d")
            .is_ok_and(|i| acceso_material(hoy, i, e.dias_acceso, scorm));
    let meeting = matches!(e.modalidad.as_str(), "VIRTUAL" | "STREAMING")
        .then(|| e.reunion_url.clone())
        .flatten()
        .filter(|_| e.accion == "inscrito");
    let material_link = material.filter(|_| acceso).map(enlace);
    CursoDelPlan {
        cve_curso: e.cve_curso,
        cve_inscripcion_ai: e.cve_inscripcion_ai,
        accion: e.accion.clone(),
        fecha_curso: e.fecha_inicio.clone(),
        hora_curso: e.hora_inicio.clone(),
        modalidad_curso: e.modalidad.clone(),
        curso_cerrado: if e.estatus_curso == "cerrado" {
            "1"
        } else {
            "0"
        }
        .into(),
        dias_acceso: e.dias_acceso,
        acceso,
        link: meeting.clone().or_else(|| material_link.clone()),
        meeting,
        material: material_link,
        confirmado: e.confirmado.map(|c| c.to_string()),
        calificacion: e.calificacion,
        estatus_material: e.estatus_material.clone(),
        turno_espera: e.turno_espera,
        manual_participante: material.map(enlace),
        tipo_manual_participante: material.map(|m| tipo_manual(m).to_string()),
    }
}

/// Per topic, the employee's current course: their enrolment (seat or waiting list) or
/// pending request in a course not cancelled — the soonest not yet closed, else the latest
/// closed.
pub async fn plan_fields(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    hoy: NaiveDate,
) -> AppResult<HashMap<i64, CursoDelPlan>> {
    let mut elegidos: HashMap<i64, EnCurso> = HashMap::new();
    for e in db::en_cursos(&mut *conn, cve_empleado).await? {
        match elegidos.get(&e.cve_tema) {
            Some(actual) if !better(&e, actual) => {}
            _ => {
                elegidos.insert(e.cve_tema, e);
            }
        }
    }
    Ok(elegidos
        .into_iter()
        .map(|(t, e)| (t, campos(&e, hoy)))
        .collect())
}
