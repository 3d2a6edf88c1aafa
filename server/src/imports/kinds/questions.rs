//! The `preguntas` kind: a question of a topic's bank keyed by its text, with up to six
//! options, through the topics domain's question checks and save.

use std::collections::HashSet;

use sqlx::SqliteConnection;

use super::row::{Row, RowError, err, first_field_error};
use super::{Ctx, Outcome};
use crate::error::AppResult;
use crate::topics::questions;
use crate::validate::fold;

/// Applies one question row.
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
) -> AppResult<Result<Outcome, RowError>> {
    let abbr = row.get("Abreviatura");
    let Some(&cve) = ctx.topics.get(&abbr.to_lowercase()) else {
        return Ok(Err(err("Abreviatura", abbr, "validacion.tema")));
    };
    let mut correctas = HashSet::new();
    for c in row
        .get("Correctas")
        .split([',', ';', ' '])
        .filter(|c| !c.is_empty())
    {
        match c.parse::<usize>() {
            Ok(n) if (1..=6).contains(&n) && !row.get(&format!("Respuesta{n}")).is_empty() => {
                correctas.insert(n);
            }
            _ => {
                return Ok(Err(err(
                    "Correctas",
                    row.get("Correctas"),
                    "validacion.correctas",
                )));
            }
        }
    }
    let respuestas = (1..=6)
        .filter_map(|n| {
            let t = row.get(&format!("Respuesta{n}"));
            (!t.is_empty()).then(|| questions::Respuesta {
                id_respuesta: 0,
                texto: t.to_string(),
                correcta: correctas.contains(&n),
            })
        })
        .collect();
    let mut f = questions::PreguntaForm {
        pregunta: row.get("Pregunta").to_string(),
        tipo: fold(row.get("Tipo")),
        respuestas,
    };
    let fe = f.normalize_and_check();
    if !fe.0.is_empty() {
        return Ok(Err(first_field_error(
            fe,
            &[
                ("pregunta", "Pregunta"),
                ("tipo", "Tipo"),
                ("respuestas", "Correctas"),
            ],
            row,
        )));
    }
    let existing = crate::topics::db::question_by_text(&mut *conn, cve, &f.pregunta).await?;
    match existing {
        Some((id, tipo)) => {
            let current = crate::topics::db::question_options(&mut *conn, id).await?;
            let new: Vec<(String, bool)> = f
                .respuestas
                .iter()
                .map(|r| (r.texto.clone(), r.correcta))
                .collect();
            if tipo == f.tipo && current == new {
                return Ok(Ok(Outcome::SinCambios));
            }
            questions::save(conn, cve, Some(id), &f).await?;
            Ok(Ok(Outcome::Actualizada))
        }
        None => {
            questions::save(conn, cve, None, &f).await?;
            Ok(Ok(Outcome::Insertada))
        }
    }
}
