//! The error report of a job: its rejected rows and why, as an xlsx in the reader's
//! language.

use crate::error::{AppError, AppResult};
use crate::i18n::{Lang, message};

/// Builds the report from (row, column, value, reason) rows; a reason is an error code,
/// optionally followed by `|detail`. Blocking.
pub fn build(rows: &[(i64, String, String, String)], lang: Lang) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    let ws = wb
        .add_worksheet_with_constant_memory()
        .map_err(AppError::internal)?;
    ws.set_name("errores").map_err(AppError::internal)?;
    let titles = match lang {
        Lang::Es => ["Fila", "Columna", "Valor", "Motivo"],
        Lang::En => ["Row", "Column", "Value", "Reason"],
        Lang::Pt => ["Linha", "Coluna", "Valor", "Motivo"],
    };
    for (i, t) in titles.iter().enumerate() {
        ws.write_string_with_format(0, i as u16, *t, &bold)
            .map_err(AppError::internal)?;
    }
    for (i, (fila, col, valor, motivo)) in rows.iter().enumerate() {
        let r = i as u32 + 1;
        ws.write_number(r, 0, *fila as f64)
            .map_err(AppError::internal)?;
        ws.write_string(r, 1, col).map_err(AppError::internal)?;
        ws.write_string(r, 2, valor).map_err(AppError::internal)?;
        let (code, detail) = motivo.split_once('|').unwrap_or((motivo.as_str(), ""));
        ws.write_string(
            r,
            3,
            message(
                code,
                lang,
                &[("detalle", detail.to_string()), ("max", detail.to_string())],
            ),
        )
        .map_err(AppError::internal)?;
    }
    wb.save_to_buffer().map_err(AppError::internal)
}
