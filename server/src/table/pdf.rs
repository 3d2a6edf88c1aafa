//! A table as a PDF (landscape letter): the company's logo and name, the title and a
//! subtitle on the first page, the column headers repeated on every page, rows shaded
//! alternately, texts shrunk or cut to their cells, and 'n / N' at the foot of each page.
//! Drawn with the certificates' kit (embedded DejaVu Sans, so accents always print).

use krilla::color::rgb;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::{Document, SerializeSettings};

use super::export::Hoja;
use crate::certificates::pdf::{Align, Fonts, LETTER, Pen, image_from};
use crate::error::{AppError, AppResult};

const MARGEN: f32 = 28.0;
const FILA: f32 = 15.0;
const CABECERA: f32 = 20.0;
const LETRA: f32 = 7.5;
const MINIMA: f32 = 5.5;

/// Column widths in points: each column's share of the page follows the longest of its
/// header and a sample of its values, with a floor so that short columns stay legible.
fn anchos(fonts: &Fonts, hoja: &Hoja, filas: &[Vec<String>], total: f32) -> Vec<f32> {
    let n = hoja.encabezados.len().max(1);
    let mut deseos: Vec<f32> = hoja
        .encabezados
        .iter()
        .map(|h| fonts.bold.width(h, LETRA))
        .collect();
    deseos.resize(n, 20.0);
    for fila in filas.iter().take(200) {
        for (i, t) in fila.iter().enumerate().take(n) {
            let w = fonts.regular.width(t, LETRA).min(220.0);
            if w > deseos[i] {
                deseos[i] = w;
            }
        }
    }
    let deseos: Vec<f32> = deseos.into_iter().map(|w| w.max(28.0) + 6.0).collect();
    let suma: f32 = deseos.iter().sum();
    deseos.iter().map(|w| w / suma * total).collect()
}

/// The PDF of `filas` (texts, one vector per row) under `hoja`'s headers.
pub fn tabla(hoja: &Hoja, filas: &[Vec<String>]) -> AppResult<Vec<u8>> {
    let fonts = Fonts::load()?;
    let (w, h) = (LETTER.1, LETTER.0);
    let ancho = w - 2.0 * MARGEN;
    let cols = anchos(fonts, hoja, filas, ancho);
    let tinta = rgb::Color::new(33, 37, 41);
    let gris = rgb::Color::new(85, 85, 85);
    let banda = rgb::Color::new(226, 232, 240);
    let par = rgb::Color::new(246, 248, 250);
    let linea = rgb::Color::new(203, 213, 225);
    let logo = hoja.logo.as_deref().and_then(image_from);

    let encabezado_alto = 64.0;
    let pie = 24.0;
    let primera = ((h - 2.0 * MARGEN - encabezado_alto - CABECERA - pie) / FILA).floor() as usize;
    let resto = ((h - 2.0 * MARGEN - CABECERA - pie) / FILA).floor() as usize;
    let paginas = if filas.len() <= primera {
        1
    } else {
        1 + (filas.len() - primera).div_ceil(resto.max(1))
    };

    let mut doc = Document::new_with(SerializeSettings {
        xmp_metadata: false,
        ..SerializeSettings::default()
    });
    doc.set_metadata(
        Metadata::new()
            .title(hoja.titulo.clone())
            .creator("Aula".to_string()),
    );
    let mut inicio = 0usize;
    for pagina in 0..paginas {
        let settings =
            PageSettings::from_wh(w, h).ok_or_else(|| AppError::internal("page size"))?;
        let mut page = doc.start_page_with(settings);
        {
            let mut surface = page.surface();
            let mut p = Pen {
                s: &mut surface,
                fonts,
            };
            let mut y = MARGEN;
            let cabe = if pagina == 0 {
                let texto_x = match logo.clone() {
                    Some(img) => {
                        p.image(img, MARGEN, y, 90.0, 40.0);
                        MARGEN + 100.0
                    }
                    None => MARGEN,
                };
                let tw = w - MARGEN - texto_x;
                p.fit(
                    (texto_x, y, tw, 14.0),
                    &hoja.empresa,
                    10.0,
                    7.0,
                    false,
                    Align::Left,
                    gris,
                );
                p.fit(
                    (texto_x, y + 15.0, tw, 22.0),
                    &hoja.titulo,
                    16.0,
                    9.0,
                    true,
                    Align::Left,
                    tinta,
                );
                p.fit(
                    (texto_x, y + 39.0, tw, 12.0),
                    &hoja.subtitulo,
                    8.5,
                    6.0,
                    false,
                    Align::Left,
                    gris,
                );
                y += encabezado_alto;
                primera
            } else {
                resto
            };
            // Column headers.
            p.rect(MARGEN, y, ancho, CABECERA, banda);
            let mut x = MARGEN;
            for (i, titulo) in hoja.encabezados.iter().enumerate() {
                let cw = cols.get(i).copied().unwrap_or(0.0);
                p.fit(
                    (x + 3.0, y + 3.0, cw - 6.0, CABECERA - 6.0),
                    titulo,
                    LETRA,
                    MINIMA,
                    true,
                    Align::Left,
                    tinta,
                );
                x += cw;
            }
            y += CABECERA;
            let fin = (inicio + cabe).min(filas.len());
            for (k, fila) in filas[inicio..fin].iter().enumerate() {
                if k % 2 == 1 {
                    p.rect(MARGEN, y, ancho, FILA, par);
                }
                let mut x = MARGEN;
                for (i, t) in fila.iter().enumerate() {
                    let cw = cols.get(i).copied().unwrap_or(0.0);
                    p.fit(
                        (x + 3.0, y + 2.5, cw - 6.0, FILA - 5.0),
                        t,
                        LETRA,
                        MINIMA,
                        false,
                        Align::Left,
                        tinta,
                    );
                    x += cw;
                }
                y += FILA;
            }
            p.line((MARGEN, y), (w - MARGEN, y), 0.5, linea);
            inicio = fin;
            p.fit(
                (MARGEN, h - MARGEN - 10.0, ancho, 10.0),
                &format!("{} / {}", pagina + 1, paginas),
                7.0,
                6.0,
                false,
                Align::Right,
                gris,
            );
            surface.finish();
        }
        page.finish();
    }
    doc.finish()
        .map_err(|e| AppError::internal(format!("table PDF: {e:?}")))
}
