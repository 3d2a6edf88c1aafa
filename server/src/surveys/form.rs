//! Checks of the survey forms: names and texts within their limits, 1 to N questions
//! each with its four answer options, the dashboard survey's window and profiles.

use std::collections::BTreeSet;

use crate::contract::{
    ENCUESTA_DESCRIPCION_MAX, ENCUESTA_NOMBRE_MAX, ENCUESTA_PREGUNTA_MAX, ENCUESTA_RESPUESTA_MAX,
};
use crate::error::{AppResult, FieldErrors};
use crate::state::AppState;
use crate::validate::parse_date;

use super::types::{EncuestaDashboardForm, EncuestaForm, PreguntaEncuesta};

/// A required text, trimmed: `validacion.campo_requerido` when empty, the limit when long.
fn texto(fe: &mut FieldErrors, v: &mut String, max: usize, field: &str) {
    *v = v.trim().to_string();
    if v.is_empty() {
        fe.add(field, "validacion.campo_requerido");
    } else {
        fe.check_len(v, max, field);
    }
}

/// Trims and checks the questions: 1 to `max`, each with its text and four options.
fn preguntas(fe: &mut FieldErrors, ps: &mut [PreguntaEncuesta], max: usize) {
    if ps.is_empty() || ps.len() > max {
        fe.add_with(
            "preguntas",
            "encuestas.preguntas",
            vec![("max", max.to_string())],
        );
    }
    for (i, p) in ps.iter_mut().take(max).enumerate() {
        let f = |n: &str| format!("preguntas[{i}].{n}");
        texto(fe, &mut p.pregunta, ENCUESTA_PREGUNTA_MAX, &f("pregunta"));
        texto(
            fe,
            &mut p.respuesta1,
            ENCUESTA_RESPUESTA_MAX,
            &f("respuesta1"),
        );
        texto(
            fe,
            &mut p.respuesta2,
            ENCUESTA_RESPUESTA_MAX,
            &f("respuesta2"),
        );
        texto(
            fe,
            &mut p.respuesta3,
            ENCUESTA_RESPUESTA_MAX,
            &f("respuesta3"),
        );
        texto(
            fe,
            &mut p.respuesta4,
            ENCUESTA_RESPUESTA_MAX,
            &f("respuesta4"),
        );
    }
}

/// Whether two question lists say the same (texts and order; keys are not compared).
pub fn mismas_preguntas(a: &[PreguntaEncuesta], b: &[PreguntaEncuesta]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.pregunta == y.pregunta
                && x.respuesta1 == y.respuesta1
                && x.respuesta2 == y.respuesta2
                && x.respuesta3 == y.respuesta3
                && x.respuesta4 == y.respuesta4
        })
}

impl EncuestaForm {
    /// Trims the texts, drops repeated topics and checks the limits (400 with the fields).
    pub fn normalize_and_check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        texto(&mut fe, &mut self.nombre, ENCUESTA_NOMBRE_MAX, "nombre");
        self.descripcion = self
            .descripcion
            .as_deref()
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_string);
        if let Some(d) = &self.descripcion {
            fe.check_len(d, ENCUESTA_DESCRIPCION_MAX, "descripcion");
        }
        preguntas(
            &mut fe,
            &mut self.preguntas,
            crate::contract::ENCUESTA_PREGUNTAS_MAX,
        );
        let mut vistos = BTreeSet::new();
        self.temas.retain(|t| vistos.insert(*t));
        fe.check(self.temas.len() <= 10_000, "temas", "validacion.tema");
        fe.into_result()
    }
}

impl EncuestaDashboardForm {
    /// Trims the texts, drops repeated profiles and checks the limits, the window and that
    /// every profile exists (400 with the fields).
    pub fn normalize_and_check(&mut self, state: &AppState) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        texto(&mut fe, &mut self.encuesta, ENCUESTA_NOMBRE_MAX, "encuesta");
        let desde = parse_date(self.desde.trim());
        let hasta = parse_date(self.hasta.trim());
        fe.check(desde.is_some(), "desde", "validacion.fecha");
        fe.check(hasta.is_some(), "hasta", "validacion.fecha");
        if let (Some(d), Some(h)) = (desde, hasta) {
            fe.check(d <= h, "hasta", "validacion.rango_fechas");
            self.desde = d.format("%Y-%m-%d").to_string();
            self.hasta = h.format("%Y-%m-%d").to_string();
        }
        let mut vistos = BTreeSet::new();
        self.perfiles.retain(|p| vistos.insert(*p));
        if self.perfiles.is_empty() {
            fe.add("perfiles", "validacion.campo_requerido");
        } else if self
            .perfiles
            .iter()
            .any(|p| state.perms.profile(*p).is_none())
        {
            fe.add("perfiles", "validacion.perfil");
        }
        preguntas(
            &mut fe,
            &mut self.preguntas,
            crate::contract::ENCUESTA_DASHBOARD_PREGUNTAS_MAX,
        );
        fe.into_result()
    }
}
