//! A small drawing kit over krilla for the certificates: an embedded font with Spanish
//! accents (DejaVu Sans, regular and bold, subset into each PDF), text measured with the
//! same shaper krilla draws with so that it can shrink or wrap to fit its box, boxed
//! characters (CURP, RFC, dates), rules, images and QR codes.
//!
//! krilla's `Document` is not `Send`: a whole PDF is built in one synchronous call (run on
//! a blocking thread by the handlers).

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use crate::error::{AppError, AppResult};

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// One page of a certificates PDF.
pub enum Pagina<'a> {
    Dc3(&'a super::dc3::Dc3, &'a super::dc3::Extras),
    Curso(&'a super::constancia::Constancia),
}

/// A PDF of `pages` (one certificate each, in order) titled `title`.
pub fn document(title: &str, pages: &[Pagina<'_>]) -> AppResult<Vec<u8>> {
    let fonts = Fonts::load()?;
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("Aula".to_string()),
    );
    for page in pages {
        match page {
            Pagina::Dc3(d, x) => super::dc3::draw(&mut doc, &fonts, d, x)?,
            Pagina::Curso(c) => super::constancia::draw(&mut doc, &fonts, c)?,
        }
    }
    doc.finish()
        .map_err(|e| AppError::internal(format!("certificates PDF: {e:?}")))
}

/// US Letter ("carta"), the size of the STPS forms, in points.
pub const LETTER: (f32, f32) = (612.0, 792.0);

/// Millimetres to points.
pub fn mm(v: f32) -> f32 {
    v * 72.0 / 25.4
}

/// A colour from `#rrggbb` (black for anything else).
pub fn hex_color(hex: &str) -> rgb::Color {
    let h = hex.trim().trim_start_matches('#');
    let part = |i: usize| h.get(i..i + 2).and_then(|p| u8::from_str_radix(p, 16).ok());
    match (h.len(), part(0), part(2), part(4)) {
        (6, Some(r), Some(g), Some(b)) => rgb::Color::new(r, g, b),
        _ => rgb::Color::black(),
    }
}

/// A font the kit draws with, and the face it measures with.
pub struct Typeface {
    font: Font,
    face: rustybuzz::Face<'static>,
}

impl Typeface {
    fn load(data: &'static [u8]) -> AppResult<Typeface> {
        let font = Font::new(data.into(), 0).ok_or_else(|| AppError::internal("embedded font"))?;
        let face = rustybuzz::Face::from_slice(data, 0)
            .ok_or_else(|| AppError::internal("embedded font face"))?;
        Ok(Typeface { font, face })
    }

    /// The width of `text` at `size` points, as krilla will lay it out.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(&self.face, &[], buffer);
        let advance: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        advance as f32 / self.face.units_per_em() as f32 * size
    }

    /// Height above the baseline of capitals at `size`.
    pub fn ascent(&self, size: f32) -> f32 {
        f32::from(self.face.ascender()) / self.face.units_per_em() as f32 * size
    }
}

/// The regular and bold faces.
pub struct Fonts {
    pub regular: Typeface,
    pub bold: Typeface,
}

impl Fonts {
    /// Loads the embedded fonts.
    pub fn load() -> AppResult<Fonts> {
        Ok(Fonts {
            regular: Typeface::load(REGULAR)?,
            bold: Typeface::load(BOLD)?,
        })
    }
}

/// How a line of text sits in its box.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// Draws on one page with the kit's fonts.
pub struct Pen<'a, 'b> {
    pub s: &'a mut Surface<'b>,
    pub fonts: &'a Fonts,
}

impl Pen<'_, '_> {
    fn fill(&mut self, color: rgb::Color) {
        self.s.set_stroke(None);
        self.s.set_fill(Some(Fill {
            paint: color.into(),
            opacity: NormalizedF32::ONE,
            rule: FillRule::NonZero,
        }));
    }

    /// One line of text with its baseline at `y`.
    pub fn text(&mut self, x: f32, y: f32, text: &str, size: f32, bold: bool, color: rgb::Color) {
        self.fill(color);
        let face = if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        };
        self.s.draw_text(
            Point::from_xy(x, y),
            face.font.clone(),
            size,
            text,
            false,
            TextDirection::LeftToRight,
        );
    }

    /// Text inside a box of `w` × `h` (top-left at x, y): at `size` when it fits, else
    /// shrunk down to `min` points, else wrapped over as many lines as the box holds at
    /// `min` (the last line cut with an ellipsis). Never drawn outside the box.
    #[allow(clippy::too_many_arguments)]
    pub fn fit(
        &mut self,
        rect: (f32, f32, f32, f32),
        text: &str,
        size: f32,
        min: f32,
        bold: bool,
        align: Align,
        color: rgb::Color,
    ) {
        let (x, y, w, h) = rect;
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let lines = fit_lines(self.fonts, text, w, h, size, min, bold);
        let face = if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        };
        let line_h = lines.size * 1.2;
        let block = line_h * lines.lines.len() as f32;
        // Vertically centred; the baseline sits at ascent below each line's top.
        let mut top = y + ((h - block) / 2.0).max(0.0);
        for line in &lines.lines {
            let lw = face.width(line, lines.size);
            let lx = match align {
                Align::Left => x,
                Align::Center => x + ((w - lw) / 2.0).max(0.0),
                Align::Right => x + (w - lw).max(0.0),
            };
            let baseline = top + (line_h - lines.size) / 2.0 + face.ascent(lines.size) * 0.92;
            self.text(lx, baseline, line, lines.size, bold, color);
            top += line_h;
        }
    }

    /// A filled rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: rgb::Color) {
        let Some(r) = Rect::from_xywh(x, y, w, h) else {
            return;
        };
        let mut pb = PathBuilder::new();
        pb.push_rect(r);
        if let Some(path) = pb.finish() {
            self.fill(color);
            self.s.draw_path(&path);
        }
    }

    /// A rectangle's outline.
    pub fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32, color: rgb::Color) {
        let Some(r) = Rect::from_xywh(x, y, w, h) else {
            return;
        };
        let mut pb = PathBuilder::new();
        pb.push_rect(r);
        if let Some(path) = pb.finish() {
            self.stroke(width, color);
            self.s.draw_path(&path);
        }
    }

    fn stroke(&mut self, width: f32, color: rgb::Color) {
        self.s.set_fill(None);
        self.s.set_stroke(Some(Stroke {
            paint: color.into(),
            width,
            ..Stroke::default()
        }));
    }

    /// A straight line.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, color: rgb::Color) {
        let mut pb = PathBuilder::new();
        pb.move_to(from.0, from.1);
        pb.line_to(to.0, to.1);
        if let Some(path) = pb.finish() {
            self.stroke(width, color);
            self.s.draw_path(&path);
        }
    }

    /// `n` boxes of `w` × `h` from (x, y), each holding one character of `chars` (left to
    /// right, empty boxes when it is shorter).
    #[allow(clippy::too_many_arguments)]
    pub fn boxes(&mut self, x: f32, y: f32, n: usize, w: f32, h: f32, chars: &str, size: f32) {
        let letters: Vec<char> = chars.chars().collect();
        for i in 0..n {
            let bx = x + w * i as f32;
            self.frame(bx, y, w, h, 0.6, rgb::Color::new(90, 90, 90));
            if let Some(c) = letters.get(i) {
                let s = c.to_string();
                self.fit(
                    (bx, y, w, h),
                    &s,
                    size,
                    size * 0.6,
                    true,
                    Align::Center,
                    rgb::Color::black(),
                );
            }
        }
    }

    /// An image scaled to fit `w` × `h` (keeping its proportions), centred in that box.
    pub fn image(&mut self, image: Image, x: f32, y: f32, w: f32, h: f32) {
        let (iw, ih) = image.size();
        if iw == 0 || ih == 0 {
            return;
        }
        let scale = (w / iw as f32).min(h / ih as f32);
        let (dw, dh) = (iw as f32 * scale, ih as f32 * scale);
        let Some(size) = Size::from_wh(dw, dh) else {
            return;
        };
        self.s.push_transform(&Transform::from_translate(
            x + (w - dw) / 2.0,
            y + (h - dh) / 2.0,
        ));
        self.s.draw_image(image, size);
        self.s.pop();
    }

    /// A QR code of `data` filling a square of `side` points (quiet zone included).
    pub fn qr(&mut self, data: &str, x: f32, y: f32, side: f32) {
        let Ok(code) = qrcode::QrCode::with_error_correction_level(data, qrcode::EcLevel::M) else {
            return;
        };
        let n = code.width();
        let quiet = 4;
        let module = side / (n + 2 * quiet) as f32;
        self.rect(x, y, side, side, rgb::Color::white());
        let mut pb = PathBuilder::new();
        let mut any = false;
        for row in 0..n {
            let mut col = 0;
            while col < n {
                if code[(col, row)] == qrcode::Color::Dark {
                    let start = col;
                    while col < n && code[(col, row)] == qrcode::Color::Dark {
                        col += 1;
                    }
                    if let Some(r) = Rect::from_xywh(
                        x + (quiet + start) as f32 * module,
                        y + (quiet + row) as f32 * module,
                        (col - start) as f32 * module,
                        module,
                    ) {
                        pb.push_rect(r);
                        any = true;
                    }
                } else {
                    col += 1;
                }
            }
        }
        if let (true, Some(path)) = (any, pb.finish()) {
            self.fill(rgb::Color::black());
            self.s.draw_path(&path);
        }
    }
}

/// Text broken to fit a box: its lines and the size they are drawn at.
pub struct Fitted {
    pub lines: Vec<String>,
    pub size: f32,
}

/// How `text` fits a box of `w` × `h`: one line at the largest size from `size` down to
/// `min` that fits, else wrapped at `min` over the lines the box holds (at least one; the
/// last cut with an ellipsis when words are left over).
pub fn fit_lines(
    fonts: &Fonts,
    text: &str,
    w: f32,
    h: f32,
    size: f32,
    min: f32,
    bold: bool,
) -> Fitted {
    let face = if bold { &fonts.bold } else { &fonts.regular };
    let mut s = size;
    while s >= min {
        if face.width(text, s) <= w && s * 1.2 <= h.max(s * 1.2) {
            return Fitted {
                lines: vec![text.to_string()],
                size: s,
            };
        }
        s -= 0.25;
    }
    let s = min;
    let max_lines = ((h / (s * 1.2)).floor() as usize).max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if face.width(&candidate, s) <= w || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::take(&mut current));
            current = word.to_string();
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    // A single word longer than the box is cut, character by character.
    for line in &mut lines {
        while face.width(line, s) > w && line.chars().count() > 1 {
            let mut chars: Vec<char> = line.chars().collect();
            chars.pop();
            if chars.last() != Some(&'…') {
                chars.pop();
                chars.push('…');
            }
            *line = chars.into_iter().collect();
        }
    }
    Fitted { lines, size: s }
}

/// An image from stored bytes (png, jpeg or gif), None when it is none of them.
pub fn image_from(bytes: Vec<u8>) -> Option<Image> {
    match crate::storage::sniff_image(&bytes)?.0 {
        "png" => Image::from_png(bytes.into(), true).ok(),
        "jpg" | "jpeg" => Image::from_jpeg(bytes.into(), true).ok(),
        "gif" => Image::from_gif(bytes.into(), true).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_keeps_its_size_and_a_long_one_shrinks_then_wraps() {
        let fonts = Fonts::load().expect("fonts");
        let short = fit_lines(&fonts, "Luis Hernández", 300.0, 14.0, 10.0, 6.0, false);
        assert_eq!(short.lines.len(), 1);
        assert_eq!(short.size, 10.0);
        // 80 characters: too wide at 10 pt in 300 pt, fits one line somewhere above 6 pt.
        let name =
            "Hernández Rodríguez de la Garza Villarreal Montemayor María de los Ángeles Guada";
        assert_eq!(name.chars().count(), 80);
        let long = fit_lines(&fonts, name, 300.0, 14.0, 10.0, 6.0, false);
        assert!(long.size < 10.0 && long.size >= 6.0, "{}", long.size);
        for l in &long.lines {
            assert!(fonts.regular.width(l, long.size) <= 300.0);
        }
        // In a narrow, tall box it wraps at the minimum and never spills.
        let wrapped = fit_lines(&fonts, name, 120.0, 30.0, 10.0, 6.0, false);
        assert!(wrapped.lines.len() > 1);
        assert_eq!(wrapped.size, 6.0);
        assert!(wrapped.lines.len() as f32 * 6.0 * 1.2 <= 30.0 + 0.01);
        for l in &wrapped.lines {
            assert!(fonts.regular.width(l, 6.0) <= 120.0, "{l}");
        }
    }

    #[test]
    fn colours_are_read_from_hex() {
        let c = hex_color("#1c5d99");
        assert_eq!(c, rgb::Color::new(0x1c, 0x5d, 0x99));
        assert_eq!(hex_color("nope"), rgb::Color::black());
    }
}
