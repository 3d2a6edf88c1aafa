//! The course certificate (constancia de curso): a landscape page in the company's colours
//! and name (its logo when it is a stored PNG, JPEG or GIF), the holder, the course, its
//! hours and dates, the instructor's signature, and the code and QR that verify it.

use krilla::Document;
use krilla::color::rgb;
use krilla::page::PageSettings;

use super::pdf::{Align, Fonts, LETTER, Pen, hex_color, image_from};
use crate::error::{AppError, AppResult};

/// What a course certificate prints.
pub struct Constancia {
    pub empresa: String,
    /// The company's main colour (`color_fondo_header`, #rrggbb) and accent (`color_1_grafica`).
    pub color: String,
    pub acento: String,
    pub logo: Option<Vec<u8>>,
    pub titular: String,
    pub curso: String,
    pub horas: f64,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub instructor: Option<String>,
    pub firma_instructor: Option<Vec<u8>>,
    pub calificacion: Option<String>,
    /// A block certificate: the block's topics (the wording says 'bloque de cursos').
    pub temas_bloque: Option<Vec<String>>,
    pub codigo: String,
    pub url_verificacion: String,
}

/// "2026-03-04" → "4 de marzo de 2026".
pub fn long_date(iso: &str) -> String {
    const MESES: [&str; 12] = [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ];
    match chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d") {
        Ok(d) => {
            use chrono::Datelike;
            format!(
                "{} de {} de {}",
                d.day(),
                MESES[d.month0() as usize],
                d.year()
            )
        }
        Err(_) => iso.to_string(),
    }
}

/// The period in words: one day, or from one to the other.
pub fn period(inicio: &str, fin: &str) -> String {
    if inicio == fin {
        format!("el {}", long_date(inicio))
    } else {
        format!("del {} al {}", long_date(inicio), long_date(fin))
    }
}

/// The certificate as a one-page landscape PDF.
pub fn render(c: &Constancia) -> AppResult<Vec<u8>> {
    super::pdf::document(
        &format!("Constancia — {} — {}", c.titular, c.curso),
        &[super::pdf::Pagina::Curso(c)],
    )
}

/// Draws the certificate on a new (landscape) page of `doc`.
pub fn draw(doc: &mut Document, fonts: &Fonts, c: &Constancia) -> AppResult<()> {
    let (w, h) = (LETTER.1, LETTER.0);
    let settings = PageSettings::from_wh(w, h).ok_or_else(|| AppError::internal("page size"))?;
    let mut page = doc.start_page_with(settings);
    {
        let mut surface = page.surface();
        let mut p = Pen {
            s: &mut surface,
            fonts,
        };
        let main = hex_color(&c.color);
        let accent = hex_color(&c.acento);
        let ink = rgb::Color::new(33, 37, 41);
        let grey = rgb::Color::new(85, 85, 85);
        // Frame and band.
        p.rect(0.0, 0.0, w, 70.0, main);
        p.rect(0.0, 70.0, w, 5.0, accent);
        p.frame(24.0, 95.0, w - 48.0, h - 119.0, 1.2, main);
        let logo = c.logo.as_deref().and_then(image_from);
        let name_x = if let Some(img) = logo {
            p.image(img, 30.0, 10.0, 110.0, 50.0);
            150.0
        } else {
            36.0
        };
        p.fit(
            (name_x, 12.0, w - name_x - 36.0, 46.0),
            &c.empresa,
            20.0,
            10.0,
            true,
            Align::Left,
            rgb::Color::white(),
        );
        let cx = 60.0;
        let cw = w - 120.0;
        p.fit(
            (cx, 120.0, cw, 40.0),
            "CONSTANCIA",
            32.0,
            20.0,
            true,
            Align::Center,
            main,
        );
        p.fit(
            (cx, 168.0, cw, 18.0),
            "Se otorga la presente a",
            13.0,
            9.0,
            false,
            Align::Center,
            grey,
        );
        p.fit(
            (cx, 192.0, cw, 40.0),
            &c.titular,
            28.0,
            14.0,
            true,
            Align::Center,
            ink,
        );
        p.line((cx + 80.0, 236.0), (cx + cw - 80.0, 236.0), 0.8, accent);
        p.fit(
            (cx, 246.0, cw, 18.0),
            if c.temas_bloque.is_some() {
                "por haber concluido el bloque de cursos"
            } else {
                "por haber acreditado el curso"
            },
            13.0,
            9.0,
            false,
            Align::Center,
            grey,
        );
        p.fit(
            (cx, 268.0, cw, 44.0),
            &c.curso,
            22.0,
            12.0,
            true,
            Align::Center,
            main,
        );
        let horas = if (c.horas - c.horas.round()).abs() < 0.01 {
            format!("{}", c.horas.round() as i64)
        } else {
            format!("{:.1}", c.horas)
        };
        let mut detalle = match &c.temas_bloque {
            Some(temas) => format!(
                "con duración de {horas} horas, acreditado {}: {}",
                period(&c.fecha_inicio, &c.fecha_fin),
                temas.join(", ")
            ),
            None => format!(
                "con duración de {horas} horas, impartido {}",
                period(&c.fecha_inicio, &c.fecha_fin)
            ),
        };
        if let Some(cal) = &c.calificacion {
            detalle.push_str(&format!(", con calificación de {cal}"));
        }
        detalle.push('.');
        p.fit(
            (cx, 318.0, cw, 36.0),
            &detalle,
            12.0,
            8.0,
            false,
            Align::Center,
            ink,
        );
        // Signature.
        let sig_w = 220.0;
        let sig_x = (w - sig_w) / 2.0;
        if let Some(img) = c.firma_instructor.as_deref().and_then(image_from) {
            p.image(img, sig_x + 30.0, 378.0, sig_w - 60.0, 56.0);
        }
        p.line((sig_x, 440.0), (sig_x + sig_w, 440.0), 0.8, ink);
        p.fit(
            (sig_x - 40.0, 444.0, sig_w + 80.0, 16.0),
            c.instructor.as_deref().unwrap_or(""),
            10.0,
            7.0,
            false,
            Align::Center,
            ink,
        );
        p.fit(
            (sig_x, 462.0, sig_w, 12.0),
            "Instructor",
            8.0,
            6.0,
            false,
            Align::Center,
            grey,
        );
        // Verification.
        let qr = 70.0;
        p.qr(&c.url_verificacion, w - 36.0 - qr, h - 36.0 - qr - 4.0, qr);
        p.fit(
            (36.0, h - 52.0, w - 150.0, 12.0),
            &format!("Código de verificación {}", c.codigo),
            8.0,
            6.0,
            true,
            Align::Left,
            ink,
        );
        p.fit(
            (36.0, h - 40.0, w - 150.0, 12.0),
            &format!("Verifique esta constancia en {}", c.url_verificacion),
            7.0,
            5.0,
            false,
            Align::Left,
            grey,
        );
        surface.finish();
    }
    page.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_in_spanish_words() {
        assert_eq!(long_date("2026-03-04"), "4 de marzo de 2026");
        assert_eq!(period("2026-03-04", "2026-03-04"), "el 4 de marzo de 2026");
        assert_eq!(
            period("2026-11-30", "2026-12-01"),
            "del 30 de noviembre de 2026 al 1 de diciembre de 2026"
        );
    }
}
