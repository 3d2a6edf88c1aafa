//! A spreadsheet row and the helpers every kind shares to read its cells and to turn a
//! domain's rejection into a row error.

use std::collections::HashMap;

use super::Ctx;
use crate::error::{AppError, AppResult, FieldErrors};
use crate::validate::{fold, parse_date};

/// Why a row was rejected.
#[derive(Debug, Clone)]
pub struct RowError {
    pub columna: String,
    pub valor: String,
    pub codigo: &'static str,
    /// What the message names besides the code (a too-long text's limit); empty if nothing.
    pub detalle: String,
}

impl RowError {
    /// The `motivo` stored for the report: the code, then `|` and the detail when there is one.
    pub fn motivo(&self) -> String {
        if self.detalle.is_empty() {
            self.codigo.to_string()
        } else {
            format!("{}|{}", self.codigo, self.detalle)
        }
    }
}

/// A row error on `columna` (the value is cut to 200 characters for the report).
pub fn err(columna: &str, valor: &str, codigo: &'static str) -> RowError {
    RowError {
        columna: columna.to_string(),
        valor: valor.chars().take(200).collect(),
        codigo,
        detalle: String::new(),
    }
}

/// A row with its columns by header.
pub struct Row<'a> {
    pub cells: &'a [String],
    pub index: &'a HashMap<&'static str, usize>,
}

impl Row<'_> {
    /// A cell, trimmed ("" when the column is absent).
    pub fn get(&self, col: &str) -> &str {
        self.index
            .get(col)
            .and_then(|&i| self.cells.get(i))
            .map(|s| s.trim())
            .unwrap_or("")
    }

    /// A cell, None when blank.
    pub fn opt(&self, col: &str) -> Option<String> {
        let v = self.get(col);
        (!v.is_empty()).then(|| v.to_string())
    }
}

/// Returns the row error from the enclosing row function (`Ok(Err(e))`).
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Ok(Err(e)),
        }
    };
}
pub(crate) use tri;

/// A SI/NO cell (SI when blank).
pub fn flag(row: &Row<'_>, col: &str) -> Result<i64, RowError> {
    match fold(row.get(col)).as_str() {
        "" | "si" | "1" | "s" | "true" => Ok(1),
        "no" | "0" | "n" | "false" => Ok(0),
        v => Err(err(col, v, "validacion.bandera")),
    }
}

/// A date cell as AAAA-MM-DD (DD/MM/AAAA accepted too).
pub fn date(row: &Row<'_>, col: &str) -> Result<Option<String>, RowError> {
    let v = row.get(col);
    if v.is_empty() {
        return Ok(None);
    }
    if parse_date(v).is_some() {
        return Ok(Some(v.to_string()));
    }
    chrono::NaiveDate::parse_from_str(v, "%d/%m/%Y")
        .map(|d| Some(d.format("%Y-%m-%d").to_string()))
        .map_err(|_| err(col, v, "validacion.fecha"))
}

/// A whole-number cell (`default` when blank).
pub fn int(row: &Row<'_>, col: &str, default: i64) -> Result<i64, RowError> {
    let v = row.get(col);
    if v.is_empty() {
        return Ok(default);
    }
    v.parse::<f64>()
        .ok()
        .filter(|f| f.fract() == 0.0)
        .map(|f| f as i64)
        .ok_or_else(|| err(col, v, "validacion.numero"))
}

/// A decimal cell (comma or point).
pub fn real(row: &Row<'_>, col: &str) -> Result<Option<f64>, RowError> {
    let v = row.get(col);
    if v.is_empty() {
        return Ok(None);
    }
    v.replace(',', ".")
        .parse::<f64>()
        .map(Some)
        .map_err(|_| err(col, v, "validacion.numero"))
}

/// The structure columns, top down.
pub const LEVELS: [&str; 6] = ["N2", "N3", "N4", "N5", "N6", "N7"];

/// The structure path N2..N7 of a row, resolved against existing nodes.
pub fn path(ctx: &Ctx, row: &Row<'_>, required: usize) -> Result<Vec<i64>, RowError> {
    let mut out = Vec::new();
    let mut parent = 0;
    for (i, col) in LEVELS.iter().enumerate() {
        let v = row.get(col);
        if v.is_empty() {
            if i < required {
                return Err(err(col, v, "validacion.campo_requerido"));
            }
            break;
        }
        let Some(&id) = ctx.nodes.get(&(i as i64 + 2, parent, fold(v))) else {
            return Err(err(col, v, "validacion.estructura"));
        };
        out.push(id);
        parent = id;
    }
    Ok(out)
}

/// The first field error of a form, as a row error on the matching template column.
pub fn first_field_error(fe: FieldErrors, columns: &[(&str, &str)], row: &Row<'_>) -> RowError {
    let FieldErrors(codes, mut args) = fe;
    let (field, code) = codes
        .into_iter()
        .next()
        .unwrap_or(("".into(), "validacion.datos"));
    let detalle = max_of(args.remove(&field));
    let col = columns
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, c)| *c)
        .unwrap_or("");
    RowError {
        detalle,
        ..err(
            if col.is_empty() { &field } else { col },
            row.get(col),
            code,
        )
    }
}

/// The `max` argument of a field's message (a too-long text), or nothing.
pub fn max_of(args: Option<Vec<(&'static str, String)>>) -> String {
    args.unwrap_or_default()
        .into_iter()
        .find(|(k, _)| *k == "max")
        .map(|(_, v)| v)
        .unwrap_or_default()
}

/// A domain's refusal (any 4xx) as a row error: a form's first field error on its
/// template column (`columns` maps form fields to columns), else the error's own code on
/// `col`. Other errors stay errors (the batch rolls back).
pub fn rejected(
    e: AppError,
    columns: &[(&str, &str)],
    col: &str,
    row: &Row<'_>,
) -> AppResult<RowError> {
    if !e.status.is_client_error() {
        return Err(e);
    }
    let mut args = e.field_args;
    match e.fields.into_iter().next() {
        Some((field, code)) => {
            let c = columns
                .iter()
                .find(|(f, _)| *f == field)
                .map_or(col, |(_, c)| *c);
            Ok(RowError {
                detalle: max_of(args.remove(&field)),
                ..err(c, row.get(c), code)
            })
        }
        None => Ok(err(col, row.get(col), e.code)),
    }
}

/// A 409 from a domain as a row error on `col`; anything else stays an error.
pub fn conflict_to_row(e: AppError, col: &str, row: &Row<'_>) -> AppResult<RowError> {
    if e.status == axum::http::StatusCode::CONFLICT {
        Ok(err(col, row.get(col), e.code))
    } else {
        Err(e)
    }
}
