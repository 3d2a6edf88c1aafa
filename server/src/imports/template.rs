//! The downloadable template of each kind and the mapping of an uploaded header row onto
//! the kind's columns.

use std::collections::HashMap;

use super::kinds::Kind;
use crate::error::{AppError, AppResult};
use crate::validate::fold;

/// The template workbook of a kind: its columns (required ones marked with *) and an
/// instructions sheet with each column's meaning and an example. Blocking.
pub fn build(kind: Kind) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let e = AppError::internal;
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    let ws = wb.add_worksheet();
    ws.set_name(kind.name()).map_err(e)?;
    for (i, (h, req, ..)) in kind.columns().iter().enumerate() {
        let col = i as u16;
        let title = if *req {
            format!("{h}*")
        } else {
            (*h).to_string()
        };
        ws.write_string_with_format(0, col, title, &bold)
            .map_err(e)?;
        ws.set_column_width(col, (h.len() as f64 + 4.0).max(14.0))
            .map_err(e)?;
    }
    let help = wb.add_worksheet();
    help.set_name("Instrucciones").map_err(e)?;
    for (c, title) in ["Columna", "Obligatoria", "Descripción", "Ejemplo"]
        .iter()
        .enumerate()
    {
        help.write_string_with_format(0, c as u16, *title, &bold)
            .map_err(e)?;
    }
    for (i, (h, req, desc, example)) in kind.columns().iter().enumerate() {
        let r = i as u32 + 1;
        help.write_string(r, 0, *h).map_err(e)?;
        help.write_string(r, 1, if *req { "SI" } else { "NO" })
            .map_err(e)?;
        help.write_string(r, 2, *desc).map_err(e)?;
        help.write_string(r, 3, *example).map_err(e)?;
    }
    let last = kind.columns().len() as u32 + 2;
    help.write_string(
        last,
        0,
        "Llena la primera hoja desde la fila 2; los nombres de estructura, puesto y planta deben existir en los catálogos. Solo se lee la primera hoja. Volver a subir el archivo actualiza los registros existentes.",
    )
    .map_err(e)?;
    help.set_column_width(2, 60).map_err(e)?;
    help.set_column_width(3, 40).map_err(e)?;
    wb.save_to_buffer().map_err(AppError::internal)
}

/// Maps the header row to the kind's columns (case, accents, spaces and * ignored).
pub fn header_index(kind: Kind, headers: &[String]) -> AppResult<HashMap<&'static str, usize>> {
    let mut index = HashMap::new();
    let norm = |s: &str| fold(s).replace(['*', ' ', '_'], "");
    for (i, h) in headers.iter().enumerate() {
        let n = norm(h);
        if n.is_empty() {
            continue;
        }
        match kind.columns().iter().find(|(c, ..)| norm(c) == n) {
            Some((c, ..)) => {
                index.insert(*c, i);
            }
            None => {
                return Err(
                    AppError::bad_request("carga.columna_desconocida").arg("columna", h.clone())
                );
            }
        }
    }
    for (c, req, ..) in kind.columns() {
        if *req && !index.contains_key(c) {
            return Err(AppError::bad_request("carga.falta_columna").arg("columna", *c));
        }
    }
    Ok(index)
}
