//! Writers of exported tables, shared by every list screen and report: CSV (UTF-8 with a
//! byte-order mark, formula-like cells neutralised), xlsx (rust_xlsxwriter's constant-memory
//! worksheets, strings always as text cells) and PDF for short reports (a landscape table
//! under the company's name and logo).
//!
//! Rows are read from the reader pool by an async task into a small bounded channel and
//! written by a blocking thread, so memory stays constant whatever the row count: CSV is
//! sent to the client as it is written, xlsx goes through a scratch file (a zip needs its
//! sizes before its directory), PDF is limited to [`PDF_MAX_FILAS`] rows.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::Body;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures::TryStreamExt;
use sqlx::sqlite::SqliteRow;
use sqlx::{AssertSqlSafe, SqlitePool};
use tokio::sync::mpsc;

use super::Bind;
use crate::error::{AppError, AppResult};

/// Most rows a PDF export holds: a PDF is for reading and printing, larger reports go to
/// a spreadsheet.
pub const PDF_MAX_FILAS: u64 = 2_000;
/// Rows waiting between the reader and the writer.
const EN_VUELO: usize = 256;
/// Bytes of CSV sent to the client at a time.
const TROZO_CSV: usize = 64 * 1024;

/// One exported value.
#[derive(Clone, Debug, PartialEq)]
pub enum Celda {
    Nulo,
    Entero(i64),
    Real(f64),
    Texto(String),
}

impl Celda {
    fn texto(&self) -> String {
        match self {
            Celda::Nulo => String::new(),
            Celda::Entero(v) => v.to_string(),
            Celda::Real(v) => {
                // Money and averages: at most two decimals, no trailing zeros.
                let s = format!("{v:.2}");
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            }
            Celda::Texto(s) => s.clone(),
        }
    }
}

/// A file format of an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formato {
    Xlsx,
    Csv,
    Pdf,
}

impl Formato {
    /// `xlsx` (also when missing), `csv` or `pdf`.
    pub fn parse(s: Option<&str>) -> AppResult<Formato> {
        match s.map(str::trim).map(str::to_ascii_lowercase).as_deref() {
            None | Some("") | Some("xlsx") | Some("excel") => Ok(Formato::Xlsx),
            Some("csv") => Ok(Formato::Csv),
            Some("pdf") => Ok(Formato::Pdf),
            Some(_) => Err(AppError::bad_request("exportacion.formato")),
        }
    }

    pub fn clave(self) -> &'static str {
        match self {
            Formato::Xlsx => "xlsx",
            Formato::Csv => "csv",
            Formato::Pdf => "pdf",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Formato::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            Formato::Csv => "text/csv; charset=utf-8",
            Formato::Pdf => "application/pdf",
        }
    }
}

/// What an export is titled and its column headers.
#[derive(Clone, Debug, Default)]
pub struct Hoja {
    /// File and sheet name (no extension).
    pub nombre: String,
    /// The title printed on a PDF.
    pub titulo: String,
    /// A line under the title (the date it was made, the filters).
    pub subtitulo: String,
    pub empresa: String,
    /// The company's logo (PNG, JPEG or GIF bytes) for a PDF.
    pub logo: Option<Vec<u8>>,
    pub encabezados: Vec<String>,
}

/// Rows travel in batches: one channel message per row costs more than writing it.
const LOTE: usize = 512;

type Lote = Result<Vec<Vec<Celda>>, String>;

/// Rows on their way to a writer, in batches; an error ends them.
pub struct Filas {
    rx: mpsc::Receiver<Lote>,
    lote: std::vec::IntoIter<Vec<Celda>>,
}

impl Filas {
    fn canal() -> (mpsc::Sender<Lote>, Filas) {
        let (tx, rx) = mpsc::channel(EN_VUELO / LOTE + 2);
        (
            tx,
            Filas {
                rx,
                lote: Vec::new().into_iter(),
            },
        )
    }

    /// The next row, waiting on a blocking thread.
    pub fn blocking_next(&mut self) -> Option<Result<Vec<Celda>, String>> {
        loop {
            if let Some(f) = self.lote.next() {
                return Some(Ok(f));
            }
            match self.rx.blocking_recv()? {
                Ok(l) => self.lote = l.into_iter(),
                Err(e) => return Some(Err(e)),
            }
        }
    }

    /// Rows already at hand (tests, fixed tables).
    pub fn de(filas: Vec<Vec<Celda>>) -> Filas {
        let (tx, f) = Filas::canal();
        let _ = tx.try_send(Ok(filas));
        f
    }
}

/// Reads the rows of `sql` on `pool` into a bounded channel, each converted by `convertir`;
/// `contador` (when given) counts the rows read.
pub fn leer<F>(
    pool: SqlitePool,
    sql: String,
    binds: Vec<Bind>,
    convertir: F,
    contador: Option<Arc<AtomicU64>>,
) -> Filas
where
    F: Fn(&SqliteRow) -> Vec<Celda> + Send + 'static,
{
    let (tx, filas) = Filas::canal();
    tokio::spawn(async move {
        let query = super::bind_all(sqlx::query(AssertSqlSafe(sql)), &binds);
        let mut stream = query.fetch(&pool);
        let mut lote = Vec::with_capacity(LOTE);
        loop {
            match stream.try_next().await {
                Ok(Some(row)) => {
                    lote.push(convertir(&row));
                    if lote.len() == LOTE {
                        let n = lote.len() as u64;
                        let lleno = std::mem::replace(&mut lote, Vec::with_capacity(LOTE));
                        if tx.send(Ok(lleno)).await.is_err() {
                            return;
                        }
                        if let Some(c) = &contador {
                            c.fetch_add(n, Ordering::Relaxed);
                        }
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    tracing::error!(error = %e, "export query failed");
                    let _ = tx.send(Err(e.to_string())).await;
                    return;
                }
            }
        }
        let n = lote.len() as u64;
        if n > 0
            && tx.send(Ok(lote)).await.is_ok()
            && let Some(c) = &contador
        {
            c.fetch_add(n, Ordering::Relaxed);
        }
    });
    filas
}

/// `filas`, then one more row at their end (a totals row).
pub fn con_fila_final(mut filas: Filas, ultima: Vec<Celda>) -> Filas {
    let (tx, salida) = Filas::canal();
    tokio::spawn(async move {
        let resto: Vec<Vec<Celda>> = filas.lote.by_ref().collect();
        if !resto.is_empty() && tx.send(Ok(resto)).await.is_err() {
            return;
        }
        while let Some(l) = filas.rx.recv().await {
            let fallo = l.is_err();
            if tx.send(l).await.is_err() || fallo {
                return;
            }
        }
        let _ = tx.send(Ok(vec![ultima])).await;
    });
    salida
}

/// Neutralises cells a spreadsheet would run as a formula.
pub fn csv_safe(s: &str) -> std::borrow::Cow<'_, str> {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}").into()
    } else {
        s.into()
    }
}

/// Writes CSV (BOM, header, rows) to `w`; the rows written. Blocking.
pub fn escribir_csv<W: Write>(hoja: &Hoja, filas: &mut Filas, w: W) -> Result<u64, String> {
    let mut w = std::io::BufWriter::with_capacity(TROZO_CSV, w);
    w.write_all(b"\xEF\xBB\xBF").map_err(|e| e.to_string())?;
    let mut csv = csv::Writer::from_writer(w);
    csv.write_record(hoja.encabezados.iter().map(|h| csv_safe(h).into_owned()))
        .map_err(|e| e.to_string())?;
    let mut n = 0;
    while let Some(fila) = filas.blocking_next() {
        let fila = fila?;
        for c in &fila {
            match c {
                Celda::Texto(s) => csv.write_field(csv_safe(s).as_bytes()),
                Celda::Nulo => csv.write_field(b""),
                Celda::Entero(v) => csv.write_field(v.to_string().as_bytes()),
                otra => csv.write_field(otra.texto().as_bytes()),
            }
            .map_err(|e| e.to_string())?;
        }
        csv.write_record(None::<&[u8]>).map_err(|e| e.to_string())?;
        n += 1;
    }
    csv.flush().map_err(|e| e.to_string())?;
    Ok(n)
}

/// A worksheet name Excel accepts: at most 31 characters, none of `[]:*?/\`.
fn nombre_hoja(s: &str) -> String {
    let limpio: String = s
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { ' ' } else { c })
        .take(31)
        .collect();
    let limpio = limpio.trim().trim_matches('\'').to_string();
    if limpio.is_empty() {
        "Reporte".into()
    } else {
        limpio
    }
}

/// Writes an xlsx file at `ruta` (scratch files under `tmp`); the rows written. Blocking.
pub fn escribir_xlsx(
    hoja: &Hoja,
    filas: &mut Filas,
    ruta: &Path,
    tmp: &Path,
) -> Result<u64, String> {
    let err = |e: rust_xlsxwriter::XlsxError| e.to_string();
    let mut libro = rust_xlsxwriter::Workbook::new();
    libro.set_tempdir(tmp).map_err(err)?;
    let negrita = rust_xlsxwriter::Format::new().set_bold();
    let mut n: u64 = 0;
    {
        let ws = libro.add_worksheet_with_constant_memory().map_err(err)?;
        ws.set_name(nombre_hoja(&hoja.nombre)).map_err(err)?;
        for (i, h) in hoja.encabezados.iter().enumerate() {
            let col = u16::try_from(i).map_err(|e| e.to_string())?;
            ws.set_column_width(col, 18).map_err(err)?;
            ws.write_string_with_format(0, col, h, &negrita)
                .map_err(err)?;
        }
        ws.set_freeze_panes(1, 0).map_err(err)?;
        let mut r: u32 = 1;
        while let Some(fila) = filas.blocking_next() {
            let fila = fila?;
            for (i, c) in fila.iter().enumerate() {
                let col = u16::try_from(i).map_err(|e| e.to_string())?;
                match c {
                    Celda::Nulo => {}
                    Celda::Entero(v) => {
                        ws.write_number(r, col, *v as f64).map_err(err)?;
                    }
                    Celda::Real(v) => {
                        ws.write_number(r, col, *v).map_err(err)?;
                    }
                    // Strings are stored as text cells, never as formulas.
                    Celda::Texto(s) => {
                        ws.write_string(r, col, s).map_err(err)?;
                    }
                }
            }
            r = r.checked_add(1).ok_or("too many rows")?;
            n += 1;
        }
    }
    libro.save(ruta).map_err(err)?;
    Ok(n)
}

/// The rows of a PDF export: at most [`PDF_MAX_FILAS`] (more is `Err(None)`).
fn juntar(filas: &mut Filas) -> Result<Vec<Vec<Celda>>, Option<String>> {
    let mut todas = Vec::new();
    while let Some(fila) = filas.blocking_next() {
        todas.push(fila.map_err(Some)?);
        if todas.len() as u64 > PDF_MAX_FILAS {
            return Err(None);
        }
    }
    Ok(todas)
}

/// Writes a PDF of the table; the bytes and rows. Blocking. Over [`PDF_MAX_FILAS`] rows
/// is the 422 `reportes.pdf_demasiadas_filas`.
pub fn escribir_pdf(hoja: &Hoja, filas: &mut Filas) -> AppResult<(Vec<u8>, u64)> {
    let todas = match juntar(filas) {
        Ok(t) => t,
        Err(None) => {
            return Err(AppError::unprocessable("reportes.pdf_demasiadas_filas")
                .arg("max", PDF_MAX_FILAS.to_string()));
        }
        Err(Some(e)) => return Err(AppError::internal(e)),
    };
    let textos: Vec<Vec<String>> = todas
        .iter()
        .map(|f| f.iter().map(Celda::texto).collect())
        .collect();
    let bytes = super::pdf::tabla(hoja, &textos)?;
    Ok((bytes, todas.len() as u64))
}

/// Where a scratch file of an export goes.
pub fn ruta_temporal(tmp: &Path, formato: Formato) -> PathBuf {
    tmp.join(format!(
        "export-{}.{}",
        uuid::Uuid::new_v4().simple(),
        formato.clave()
    ))
}

/// Writes the rows to a file at `ruta` in `formato`, on a blocking thread; the rows
/// written.
pub async fn a_archivo(
    hoja: Hoja,
    mut filas: Filas,
    formato: Formato,
    ruta: PathBuf,
    tmp: PathBuf,
) -> AppResult<u64> {
    tokio::fs::create_dir_all(&tmp)
        .await
        .map_err(AppError::internal)?;
    tokio::task::spawn_blocking(move || -> AppResult<u64> {
        match formato {
            Formato::Csv => {
                let f = std::fs::File::create(&ruta).map_err(AppError::internal)?;
                escribir_csv(&hoja, &mut filas, f).map_err(AppError::internal)
            }
            Formato::Xlsx => {
                escribir_xlsx(&hoja, &mut filas, &ruta, &tmp).map_err(AppError::internal)
            }
            Formato::Pdf => {
                let (bytes, n) = escribir_pdf(&hoja, &mut filas)?;
                std::fs::write(&ruta, bytes).map_err(AppError::internal)?;
                Ok(n)
            }
        }
    })
    .await
    .map_err(AppError::internal)?
}

/// A `Write` that hands what it is given to a response body, in chunks.
struct AlCliente {
    tx: mpsc::Sender<Result<bytes::Bytes, std::io::Error>>,
}

impl Write for AlCliente {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tx
            .blocking_send(Ok(bytes::Bytes::copy_from_slice(buf)))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "client gone"))?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn adjunto(formato: Formato, nombre: &str) -> [(header::HeaderName, String); 2] {
    // The name is ASCII-safe: built from a static table name or the layout's id.
    let limpio: String = nombre
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    [
        (header::CONTENT_TYPE, formato.mime().to_string()),
        (
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{limpio}.{}\"", formato.clave()),
        ),
    ]
}

/// Answers the rows as a download named `archivo` (no extension): CSV streamed as it is
/// written, xlsx once its scratch file is complete (then streamed from disk), PDF at once.
pub async fn responder(
    hoja: Hoja,
    mut filas: Filas,
    formato: Formato,
    archivo: &str,
    tmp: PathBuf,
) -> AppResult<Response> {
    let cabeceras = adjunto(formato, archivo);
    match formato {
        Formato::Csv => {
            let (tx, rx) = mpsc::channel::<Result<bytes::Bytes, std::io::Error>>(8);
            tokio::task::spawn_blocking(move || {
                let error = tx.clone();
                if let Err(e) = escribir_csv(&hoja, &mut filas, AlCliente { tx }) {
                    let _ = error.blocking_send(Err(std::io::Error::other(e)));
                }
            });
            // Fused: a compressing layer may poll again after the end, which a bare
            // unfold answers with a panic.
            let stream =
                futures::StreamExt::fuse(futures::stream::unfold(rx, |mut rx| async move {
                    rx.recv().await.map(|item| (item, rx))
                }));
            Ok((cabeceras, Body::from_stream(stream)).into_response())
        }
        Formato::Xlsx => {
            let ruta = ruta_temporal(&tmp, formato);
            let escrito = a_archivo(hoja, filas, formato, ruta.clone(), tmp).await;
            let abierto = match escrito {
                Ok(_) => tokio::fs::File::open(&ruta)
                    .await
                    .map_err(AppError::internal),
                Err(e) => Err(e),
            };
            // Unlinked at once: the open handle keeps the bytes until the body ends.
            let _ = tokio::fs::remove_file(&ruta).await;
            let f = abierto?;
            let stream = tokio_util::io::ReaderStream::with_capacity(f, TROZO_CSV);
            Ok((cabeceras, Body::from_stream(stream)).into_response())
        }
        Formato::Pdf => {
            let (bytes, _) = tokio::task::spawn_blocking(move || escribir_pdf(&hoja, &mut filas))
                .await
                .map_err(AppError::internal)??;
            Ok((cabeceras, bytes).into_response())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canal(filas: Vec<Vec<Celda>>) -> Filas {
        Filas::de(filas)
    }

    #[test]
    fn formula_like_cells_are_neutralised() {
        assert_eq!(csv_safe("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_safe("-1+2"), "'-1+2");
        assert_eq!(csv_safe("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_safe("Ana"), "Ana");
    }

    #[test]
    fn csv_has_a_bom_quotes_and_neutralised_text_but_plain_negative_numbers() {
        let hoja = Hoja {
            encabezados: vec!["Nombre".into(), "Saldo".into()],
            ..Hoja::default()
        };
        let mut filas = canal(vec![
            vec![Celda::Texto("=1+1".into()), Celda::Real(-12.5)],
            vec![Celda::Texto("Pérez, Ana".into()), Celda::Nulo],
        ]);
        let mut out = Vec::new();
        let n = escribir_csv(&hoja, &mut filas, &mut out).expect("csv");
        assert_eq!(n, 2);
        let s = String::from_utf8(out).expect("utf-8");
        assert_eq!(s, "\u{feff}Nombre,Saldo\n'=1+1,-12.5\n\"Pérez, Ana\",\n");
    }

    #[test]
    fn sheet_names_are_what_excel_accepts() {
        assert_eq!(nombre_hoja("Costos: N2/N3 [2026]"), "Costos  N2 N3  2026");
        assert_eq!(nombre_hoja(""), "Reporte");
        assert_eq!(nombre_hoja(&"x".repeat(40)).len(), 31);
    }

    #[test]
    fn a_pdf_refuses_more_rows_than_it_prints() {
        let hoja = Hoja {
            encabezados: vec!["A".into()],
            ..Hoja::default()
        };
        let mut filas = canal(
            (0..=PDF_MAX_FILAS)
                .map(|i| vec![Celda::Entero(i as i64)])
                .collect(),
        );
        let e = escribir_pdf(&hoja, &mut filas).expect_err("too long");
        assert_eq!(e.code, "reportes.pdf_demasiadas_filas");
    }
}
