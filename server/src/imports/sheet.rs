//! Reading an uploaded spreadsheet safely: xlsx archives are checked for zip bombs before
//! any XML is parsed, cells are streamed (never a dense range), and the width and length
//! of the sheet are capped.

use std::io::{Cursor, Read};

use calamine::{DataRef, DataType, Reader, Xls, Xlsx};

use crate::error::{AppError, AppResult};

/// Widest sheet accepted (the templates use fewer than 30 columns).
pub const MAX_COLS: u32 = 100;
/// Most data rows in one file.
pub const MAX_ROWS: u32 = 200_000;
/// Entries an xlsx archive may hold.
const MAX_ENTRIES: usize = 1_000;
/// Uncompressed bytes an xlsx archive may expand to, and one entry alone.
const MAX_TOTAL: u64 = 400 * 1024 * 1024;
const MAX_ENTRY: u64 = 300 * 1024 * 1024;
/// Compression ratio above which a large entry is taken for a bomb.
const MAX_RATIO: u64 = 200;

/// The first sheet: its header row and its data rows with their sheet row numbers.
pub struct Sheet {
    pub headers: Vec<String>,
    pub rows: Vec<(u32, Vec<String>)>,
}

/// Reads an xls or xlsx file (by content, not name). Blocking: run it off the runtime.
pub fn read(data: &[u8]) -> AppResult<Sheet> {
    if data.starts_with(b"PK\x03\x04") {
        check_archive(data)?;
        read_xlsx(data)
    } else if data.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        read_xls(data)
    } else {
        Err(AppError::bad_request("carga.no_es_hoja"))
    }
}

/// Expands every entry into nothing, counting, so that what the declared sizes say cannot
/// lie: too many entries, too many bytes or a suspicious ratio reject the file.
fn check_archive(data: &[u8]) -> AppResult<()> {
    let mut zip = zip::ZipArchive::new(Cursor::new(data))
        .map_err(|_| AppError::bad_request("carga.no_es_hoja"))?;
    if zip.len() > MAX_ENTRIES {
        return Err(AppError::bad_request("carga.archivo_peligroso"));
    }
    let mut total: u64 = 0;
    for i in 0..zip.len() {
        let entry = zip
            .by_index(i)
            .map_err(|_| AppError::bad_request("carga.no_es_hoja"))?;
        let compressed = entry.compressed_size().max(1);
        let mut counted: u64 = 0;
        let mut limited = entry.take(MAX_ENTRY + 1);
        let mut buf = [0u8; 64 * 1024];
        loop {
            let n = limited
                .read(&mut buf)
                .map_err(|_| AppError::bad_request("carga.no_es_hoja"))?;
            if n == 0 {
                break;
            }
            counted += n as u64;
            if counted > MAX_ENTRY || total + counted > MAX_TOTAL {
                return Err(AppError::bad_request("carga.archivo_peligroso"));
            }
        }
        if counted > 10 * 1024 * 1024 && counted / compressed > MAX_RATIO {
            return Err(AppError::bad_request("carga.archivo_peligroso"));
        }
        total += counted;
    }
    Ok(())
}

fn text_of(v: &DataRef<'_>) -> String {
    match v {
        DataRef::Empty => String::new(),
        DataRef::String(s) => s.trim().to_string(),
        DataRef::SharedString(s) => s.trim().to_string(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) => number(*f),
        DataRef::Bool(b) => if *b { "1" } else { "0" }.to_string(),
        DataRef::DateTime(_) => v
            .as_date()
            .map(|d| d.format("%Y-%m-%d").to_string())
            .unwrap_or_default(),
        DataRef::DateTimeIso(s) => s.chars().take(10).collect(),
        DataRef::DurationIso(s) => s.clone(),
        DataRef::Error(_) => String::new(),
    }
}

fn number(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        f.to_string()
    }
}

fn bad_sheet(e: impl std::fmt::Display) -> AppError {
    AppError::bad_request("carga.no_es_hoja").arg(
        "detalle",
        e.to_string().chars().take(200).collect::<String>(),
    )
}

/// Collects streamed cells into rows; the first non-empty row is the header.
struct Collector {
    rows: Vec<(u32, Vec<String>)>,
}

impl Collector {
    fn put(&mut self, row: u32, col: u32, value: String) -> AppResult<()> {
        if col >= MAX_COLS {
            return Err(AppError::bad_request("carga.demasiadas_columnas"));
        }
        if row > MAX_ROWS + 1 {
            return Err(AppError::bad_request("carga.demasiadas_filas"));
        }
        if value.is_empty() {
            return Ok(());
        }
        if self.rows.last().is_none_or(|(r, _)| *r != row + 1) {
            if self.rows.last().is_some_and(|(r, _)| *r > row + 1) {
                return Err(bad_sheet("rows out of order"));
            }
            self.rows.push((row + 1, Vec::new()));
        }
        if let Some((_, cells)) = self.rows.last_mut() {
            let c = col as usize;
            if cells.len() <= c {
                cells.resize(c + 1, String::new());
            }
            cells[c] = value;
        }
        Ok(())
    }

    fn finish(mut self) -> AppResult<Sheet> {
        if self.rows.is_empty() {
            return Err(AppError::bad_request("carga.sin_encabezados"));
        }
        let (_, headers) = self.rows.remove(0);
        if self.rows.len() > MAX_ROWS as usize {
            return Err(AppError::bad_request("carga.demasiadas_filas"));
        }
        Ok(Sheet {
            headers,
            rows: self.rows,
        })
    }
}

fn read_xlsx(data: &[u8]) -> AppResult<Sheet> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(data)).map_err(bad_sheet)?;
    let name = book
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| AppError::bad_request("carga.sin_encabezados"))?;
    let mut cells = book.worksheet_cells_reader(&name).map_err(bad_sheet)?;
    let dims = cells.dimensions();
    if dims.end.1 >= MAX_COLS && dims.end.1 != u32::MAX {
        return Err(AppError::bad_request("carga.demasiadas_columnas"));
    }
    let mut out = Collector { rows: Vec::new() };
    while let Some(cell) = cells.next_cell().map_err(bad_sheet)? {
        let (row, col) = cell.get_position();
        out.put(row, col, text_of(cell.get_value()))?;
    }
    out.finish()
}

fn read_xls(data: &[u8]) -> AppResult<Sheet> {
    let mut book: Xls<_> = Xls::new(Cursor::new(data)).map_err(bad_sheet)?;
    let name = book
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| AppError::bad_request("carga.sin_encabezados"))?;
    let range = book.worksheet_range(&name).map_err(bad_sheet)?;
    let mut out = Collector { rows: Vec::new() };
    for (row, col, v) in range.used_cells() {
        let value = match v {
            calamine::Data::String(s) => s.trim().to_string(),
            calamine::Data::Int(i) => i.to_string(),
            calamine::Data::Float(f) => number(*f),
            calamine::Data::Bool(b) => if *b { "1" } else { "0" }.to_string(),
            calamine::Data::DateTime(_) => v
                .as_date()
                .map(|d| d.format("%Y-%m-%d").to_string())
                .unwrap_or_default(),
            calamine::Data::DateTimeIso(s) => s.chars().take(10).collect(),
            _ => String::new(),
        };
        let (r, c) = (
            row as u32 + range.start().map_or(0, |s| s.0),
            col as u32 + range.start().map_or(0, |s| s.1),
        );
        out.put(r, c, value)?;
    }
    out.finish()
}
