//! A small drawing kit over krilla for the certificates: an embedded font with Spanish
//! accents (DejaVu Sans, regular and bold, subset into each PDF), text shaped once with the
//! shaper krilla draws with (rustybuzz), measured from those glyphs so that it can shrink or
//! wrap to fit its box and drawn from the same glyphs, boxed characters (CURP, RFC, dates),
//! rules, images and QR codes.
//!
//! What does not change between documents is prepared once per process and shared by the
//! blocking threads that draw: the parsed fonts with their shaping plans, the shapes of the
//! texts that recur (a form's captions and notes; bounded), and the decoded images of recent
//! signatures and logos (bounded, keyed by the bytes' SHA-256).
//! krilla's `Document` is not `Send`: a whole PDF is built in one synchronous call (run on
//! a blocking thread by the handlers).

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::{Arc, LazyLock, Mutex, PoisonError, RwLock};

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::{Document, SerializeSettings};
use rustybuzz::{Direction, Script, ShapePlan, UnicodeBuffer};
use sha2::{Digest, Sha256};

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
    // The document information dictionary carries the title; no XMP copy of it. A single
    // certificate's page is written uncompressed (a DC-3 is 72 KB instead of 40 KB):
    // compressing it took a third of the time to make one; a document of several pages
    // compresses them, its size growing with every page. Fonts and images are compressed
    // either way.
    let mut doc = Document::new_with(SerializeSettings {
        xmp_metadata: false,
        compress_content_streams: pages.len() > 1,
        ..SerializeSettings::default()
    });
    doc.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("Aula".to_string()),
    );
    for page in pages {
        match page {
            Pagina::Dc3(d, x) => super::dc3::draw(&mut doc, fonts, d, x)?,
            Pagina::Curso(c) => super::constancia::draw(&mut doc, fonts, c)?,
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

/// A font the kit draws with, the face it shapes with, and the shaping plans it has built.
pub struct Typeface {
    font: Font,
    face: rustybuzz::Face<'static>,
    units_per_em: f32,
    /// One plan per script met so far (left to right, no features): building a plan is
    /// most of the cost of shaping a short text.
    plans: RwLock<Vec<(Option<Script>, Arc<ShapePlan>)>>,
    /// Texts shaped recently: a form's captions and notes are the same on every page.
    shaped: Mutex<ShapeCache>,
}

/// Shaped texts by text, each with when it was last used; the least recently used half
/// is dropped when it is full. A text is kept the second time it is shaped (`seen` holds
/// the hashes of recent ones), so that what changes on every page (a code, an address) is
/// not kept: those would only scatter short-lived entries over the heap.
struct ShapeCache {
    texts: std::collections::HashMap<Box<str>, (Arc<Shaped>, u64)>,
    seen: Box<[u64]>,
    clock: u64,
}

impl Default for ShapeCache {
    fn default() -> ShapeCache {
        ShapeCache {
            texts: std::collections::HashMap::new(),
            seen: vec![0; SHAPE_CACHE_SEEN].into_boxed_slice(),
            clock: 0,
        }
    }
}

const SHAPE_CACHE_SEEN: usize = 4096;
const SHAPE_CACHE_TEXTS: usize = 512;
const SHAPE_CACHE_TEXT_BYTES: usize = 512;

/// Text shaped once: the glyphs krilla draws (advances in ems, clusters as byte ranges of
/// the text), where each glyph's cluster starts and the running sum of the advances.
pub struct Shaped {
    glyphs: Vec<KrillaGlyph>,
    /// The byte each glyph's cluster starts at (non-decreasing: left to right).
    starts: Vec<usize>,
    /// The advance, in font units, before each glyph, and of the whole text last.
    sums: Vec<i32>,
    units_per_em: f32,
}

impl Shaped {
    /// The first glyph whose cluster starts at or after `byte`.
    fn glyph_at(&self, byte: usize) -> usize {
        self.starts.partition_point(|&s| s < byte)
    }

    /// The width at `size` of the bytes `range` of the text (whole clusters).
    fn width(&self, range: Range<usize>, size: f32) -> f32 {
        let (a, b) = (self.glyph_at(range.start), self.glyph_at(range.end));
        (self.sums[b] - self.sums[a]) as f32 / self.units_per_em * size
    }
}

impl Typeface {
    fn load(data: &'static [u8]) -> Option<Typeface> {
        let font = Font::new(data.into(), 0)?;
        let face = rustybuzz::Face::from_slice(data, 0)?;
        Some(Typeface {
            font,
            units_per_em: face.units_per_em() as f32,
            face,
            plans: RwLock::new(Vec::new()),
            shaped: Mutex::new(ShapeCache::default()),
        })
    }

    fn plan(&self, script: Script) -> Arc<ShapePlan> {
        let script = (script != rustybuzz::script::UNKNOWN).then_some(script);
        let known = self
            .plans
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .find(|(s, _)| *s == script)
            .map(|(_, p)| p.clone());
        if let Some(plan) = known {
            return plan;
        }
        let plan = Arc::new(ShapePlan::new(
            &self.face,
            Direction::LeftToRight,
            script,
            None,
            &[],
        ));
        let mut plans = self.plans.write().unwrap_or_else(PoisonError::into_inner);
        if plans.len() < 16 && !plans.iter().any(|(s, _)| *s == script) {
            plans.push((script, plan.clone()));
        }
        plan
    }

    /// `text` shaped left to right, as krilla would shape it to draw it (from the cache
    /// when it was shaped recently).
    pub fn shape(&self, text: &str) -> Arc<Shaped> {
        if text.len() > SHAPE_CACHE_TEXT_BYTES {
            return Arc::new(self.shape_now(text));
        }
        {
            let mut cache = self.shaped.lock().unwrap_or_else(PoisonError::into_inner);
            cache.clock += 1;
            let now = cache.clock;
            if let Some((shaped, used)) = cache.texts.get_mut(text) {
                *used = now;
                return shaped.clone();
            }
        }
        let shaped = Arc::new(self.shape_now(text));
        let hash = {
            use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
            BuildHasherDefault::<DefaultHasher>::default().hash_one(text)
        };
        let mut cache = self.shaped.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = hash as usize % SHAPE_CACHE_SEEN;
        if cache.seen[slot] != hash {
            cache.seen[slot] = hash;
            return shaped;
        }
        if cache.texts.len() >= SHAPE_CACHE_TEXTS {
            let mut uses: Vec<u64> = cache.texts.values().map(|(_, used)| *used).collect();
            let half = uses.len() / 2;
            let (_, cut, _) = uses.select_nth_unstable(half);
            let cut = *cut;
            cache.texts.retain(|_, (_, used)| *used > cut);
        }
        let now = cache.clock;
        cache.texts.insert(text.into(), (shaped.clone(), now));
        shaped
    }

    fn shape_now(&self, text: &str) -> Shaped {
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.set_direction(Direction::LeftToRight);
        buffer.guess_segment_properties();
        let plan = self.plan(buffer.script());
        let out = rustybuzz::shape_with_plan(&self.face, &plan, buffer);
        let (infos, positions) = (out.glyph_infos(), out.glyph_positions());
        let em = self.units_per_em;
        let mut glyphs = Vec::with_capacity(infos.len());
        let mut starts = Vec::with_capacity(infos.len());
        let mut sums = Vec::with_capacity(infos.len() + 1);
        let mut sum = 0;
        sums.push(sum);
        for (i, (info, pos)) in infos.iter().zip(positions).enumerate() {
            let start = info.cluster as usize;
            let end = infos[i + 1..]
                .iter()
                .find(|next| next.cluster != info.cluster)
                .map_or(text.len(), |next| next.cluster as usize);
            glyphs.push(KrillaGlyph::new(
                GlyphId::new(info.glyph_id),
                pos.x_advance as f32 / em,
                pos.x_offset as f32 / em,
                pos.y_offset as f32 / em,
                pos.y_advance as f32 / em,
                start..end,
                None,
            ));
            starts.push(start);
            sum += pos.x_advance;
            sums.push(sum);
        }
        Shaped {
            glyphs,
            starts,
            sums,
            units_per_em: em,
        }
    }

    /// The width of `text` at `size` points, as krilla will lay it out.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.shape(text).width(0..text.len(), size)
    }

    /// Height above the baseline of capitals at `size`.
    pub fn ascent(&self, size: f32) -> f32 {
        f32::from(self.face.ascender()) / self.units_per_em * size
    }
}

/// The regular and bold faces.
pub struct Fonts {
    pub regular: Typeface,
    pub bold: Typeface,
}

/// The embedded fonts, parsed once per process.
static FONTS: LazyLock<Option<Fonts>> = LazyLock::new(|| {
    Some(Fonts {
        regular: Typeface::load(REGULAR)?,
        bold: Typeface::load(BOLD)?,
    })
});

impl Fonts {
    /// The embedded fonts (parsed on first use, then shared).
    pub fn load() -> AppResult<&'static Fonts> {
        FONTS
            .as_ref()
            .ok_or_else(|| AppError::internal("embedded fonts"))
    }

    fn face(&self, bold: bool) -> &Typeface {
        if bold { &self.bold } else { &self.regular }
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
        let face = self.fonts.face(bold);
        let shaped = face.shape(text);
        self.glyphs((x, y), face, &shaped, text, 0..text.len(), size, color);
    }

    /// The glyphs of the bytes `range` of a shaped `text`, from (x, baseline y).
    #[allow(clippy::too_many_arguments)]
    fn glyphs(
        &mut self,
        at: (f32, f32),
        face: &Typeface,
        shaped: &Shaped,
        text: &str,
        range: Range<usize>,
        size: f32,
        color: rgb::Color,
    ) {
        let Some(line) = text.get(range.clone()) else {
            return;
        };
        self.fill(color);
        let start = Point::from_xy(at.0, at.1);
        if range.start == 0 && range.end == text.len() {
            self.s
                .draw_glyphs(start, &shaped.glyphs, face.font.clone(), text, size, false);
            return;
        }
        // A line of a wrapped text: its glyphs, their clusters counted from the line's start.
        let (a, b) = (shaped.glyph_at(range.start), shaped.glyph_at(range.end));
        let glyphs: Vec<KrillaGlyph> = shaped.glyphs[a..b]
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.text_range = g.text_range.start.saturating_sub(range.start)
                    ..g.text_range.end.min(range.end).saturating_sub(range.start);
                g
            })
            .collect();
        self.s
            .draw_glyphs(start, &glyphs, face.font.clone(), line, size, false);
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
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let face = self.fonts.face(bold);
        let laid = lay_out(face, text, rect.2, rect.3, size, min);
        self.draw_layout(rect, face, &laid, align, color);
    }

    /// Text wrapped at `size` in a box `w` wide and at most `max_h` high, its top at
    /// (x, y), left-aligned; the height it takes (the lines it needs).
    #[allow(clippy::too_many_arguments)]
    pub fn paragraph(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        max_h: f32,
        text: &str,
        size: f32,
        color: rgb::Color,
    ) -> f32 {
        let text = text.trim();
        if text.is_empty() {
            return 0.0;
        }
        let face = self.fonts.face(false);
        let laid = lay_out(face, text, w, max_h, size, size);
        let h = laid.lines.len() as f32 * laid.size * 1.2;
        self.draw_layout((x, y, w, h), face, &laid, Align::Left, color);
        h
    }

    fn draw_layout(
        &mut self,
        rect: (f32, f32, f32, f32),
        face: &Typeface,
        laid: &Layout<'_>,
        align: Align,
        color: rgb::Color,
    ) {
        let (x, y, w, h) = rect;
        let size = laid.size;
        let line_h = size * 1.2;
        let block = line_h * laid.lines.len() as f32;
        // Vertically centred; the baseline sits at ascent below each line's top.
        let mut top = y + ((h - block) / 2.0).max(0.0);
        for line in &laid.lines {
            let cut;
            let (shaped, text, range) = match line {
                Line::Span(r) => (&*laid.shaped, laid.text.as_ref(), r.clone()),
                Line::Cut(t) => {
                    cut = face.shape(t);
                    (&*cut, t.as_str(), 0..t.len())
                }
            };
            let lw = shaped.width(range.clone(), size);
            let lx = match align {
                Align::Left => x,
                Align::Center => x + ((w - lw) / 2.0).max(0.0),
                Align::Right => x + (w - lw).max(0.0),
            };
            let baseline = top + (line_h - size) / 2.0 + face.ascent(size) * 0.92;
            self.glyphs((lx, baseline), face, shaped, text, range, size, color);
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
        for i in 0..n {
            self.frame(x + w * i as f32, y, w, h, 0.6, rgb::Color::new(90, 90, 90));
        }
        let letters: Vec<char> = chars.chars().take(n).collect();
        if letters.is_empty() {
            return;
        }
        // Each letter where `fit` would put it alone in its box (centred at `size`), all
        // drawn as one run of glyphs; box by box when one would not fit at `size`.
        let face = &self.fonts.bold;
        let text: String = letters.iter().collect();
        let mut glyphs: Vec<KrillaGlyph> = Vec::with_capacity(letters.len());
        let mut origin: Option<f32> = None;
        let mut pen = 0.0;
        let mut byte = 0;
        for (i, c) in letters.iter().enumerate() {
            let mut buf = [0; 4];
            let letter: &str = c.encode_utf8(&mut buf);
            let shaped = face.shape(letter);
            let lw = shaped.width(0..letter.len(), size);
            if c.is_whitespace() || shaped.glyphs.is_empty() || lw > w {
                return self.boxes_one_by_one(x, y, w, h, &letters, size);
            }
            let lx = x + w * i as f32 + ((w - lw) / 2.0).max(0.0);
            let start = *origin.get_or_insert(lx);
            // The glyph before moves the pen to this letter.
            if let Some(last) = glyphs.last_mut() {
                last.x_advance += (lx - start - pen) / size;
            }
            pen = lx - start;
            for g in &shaped.glyphs {
                let mut g = g.clone();
                g.text_range = g.text_range.start + byte..g.text_range.end + byte;
                pen += g.x_advance * size;
                glyphs.push(g);
            }
            byte += letter.len();
        }
        let line_h = size * 1.2;
        let top = y + ((h - line_h) / 2.0).max(0.0);
        let baseline = top + (line_h - size) / 2.0 + face.ascent(size) * 0.92;
        self.fill(rgb::Color::black());
        self.s.draw_glyphs(
            Point::from_xy(origin.unwrap_or(x), baseline),
            &glyphs,
            face.font.clone(),
            &text,
            size,
            false,
        );
    }

    fn boxes_one_by_one(&mut self, x: f32, y: f32, w: f32, h: f32, letters: &[char], size: f32) {
        for (i, c) in letters.iter().enumerate() {
            self.fit(
                (x + w * i as f32, y, w, h),
                &c.to_string(),
                size,
                size * 0.6,
                true,
                Align::Center,
                rgb::Color::black(),
            );
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
        let Some((dark, n)) = qr_modules(data) else {
            return;
        };
        let quiet = 4;
        let module = side / (n + 2 * quiet) as f32;
        self.rect(x, y, side, side, rgb::Color::white());
        // Drawn in modules (small whole numbers in the file): the dark runs of each row,
        // a run continued down the rows below that repeat it as one rectangle.
        let mut pb = PathBuilder::new();
        let mut any = false;
        let mut push = |(start, end): (usize, usize), top: usize, bottom: usize| {
            if let Some(r) = Rect::from_ltrb(start as f32, top as f32, end as f32, bottom as f32) {
                pb.push_rect(r);
                any = true;
            }
        };
        // Runs still open: (start, end) columns and the row they began at.
        let mut open: Vec<((usize, usize), usize)> = Vec::new();
        for row in 0..=n {
            let mut runs = Vec::new();
            if row < n {
                let line = &dark[row * n..(row + 1) * n];
                let mut col = 0;
                while col < n {
                    if line[col] {
                        let start = col;
                        while col < n && line[col] {
                            col += 1;
                        }
                        runs.push((start, col));
                    } else {
                        col += 1;
                    }
                }
            }
            let mut next = Vec::with_capacity(runs.len());
            for run in runs {
                match open.iter().position(|(r, _)| *r == run) {
                    Some(i) => next.push(open.swap_remove(i)),
                    None => next.push((run, row)),
                }
            }
            for (run, top) in open {
                push(run, top, row);
            }
            open = next;
        }
        if let (true, Some(path)) = (any, pb.finish()) {
            let origin = quiet as f32 * module;
            self.s.push_transform(&Transform::from_row(
                module,
                0.0,
                0.0,
                module,
                x + origin,
                y + origin,
            ));
            self.fill(rgb::Color::black());
            self.s.draw_path(&path);
            self.s.pop();
        }
    }
}

/// The modules of the QR code of `data` (error correction M), row by row, dark as true,
/// and its width. The `qrcode` crate's encoding, and its choice of mask (the first of the
/// eight with the lowest penalty, ISO/IEC 18004 7.8.3) scored on rows and columns as bits:
/// the crate's own scoring was most of the time a certificate took to draw its QR. Symbols
/// wider than 128 modules (over a kilobyte of data) are left to the crate.
fn qr_modules(data: &str) -> Option<(Vec<bool>, usize)> {
    use qrcode::canvas::{Canvas, MaskPattern};
    let ec_level = qrcode::EcLevel::M;
    let bits = qrcode::bits::encode_auto(data.as_bytes(), ec_level).ok()?;
    let version = bits.version();
    let n = usize::try_from(version.width()).ok()?;
    if n > 128 {
        let code = qrcode::QrCode::with_bits(bits, ec_level).ok()?;
        let dark = code
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark);
        return Some((dark.collect(), n));
    }
    let (data_codewords, ec_codewords) =
        qrcode::ec::construct_codewords(&bits.into_bytes(), version, ec_level).ok()?;
    let mut canvas = Canvas::new(version, ec_level);
    canvas.draw_all_functional_patterns();
    canvas.draw_data(&data_codewords, &ec_codewords);
    let mut best: Option<(i32, Vec<qrcode::Color>)> = None;
    for pattern in [
        MaskPattern::Checkerboard,
        MaskPattern::HorizontalLines,
        MaskPattern::VerticalLines,
        MaskPattern::DiagonalLines,
        MaskPattern::LargeCheckerboard,
        MaskPattern::Fields,
        MaskPattern::Diamonds,
        MaskPattern::Meadow,
    ] {
        let mut masked = canvas.clone();
        masked.apply_mask(pattern);
        let colors = masked.into_colors();
        if colors.len() != n * n {
            return None;
        }
        let rows: Vec<u128> = colors
            .chunks_exact(n)
            .map(|row| {
                row.iter().enumerate().fold(0, |bits, (x, c)| {
                    bits | (u128::from(*c == qrcode::Color::Dark) << x)
                })
            })
            .collect();
        let score = qr_penalty(&rows, n);
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, colors));
        }
    }
    best.map(|(_, colors)| {
        let dark = colors.into_iter().map(|c| c == qrcode::Color::Dark);
        (dark.collect(), n)
    })
}

/// A masked QR symbol's penalty as `qrcode` scores it, `rows` holding each row's modules
/// as bits (dark set, column x at bit x; at most 128 wide): runs of five or more modules of
/// a colour in a row or column (3 + the run beyond five), 2 × 2 blocks of a colour (3
/// each), the finder-like 1:1:3:1:1 pattern without dark modules within four on either
/// side (40 each, less the 360 of the symbol's own finders) and the imbalance of dark
/// modules. Bitwise: the modules are random, and branching on each costs more than this.
fn qr_penalty(rows: &[u128], n: usize) -> i32 {
    const FINDER: [bool; 7] = [true, false, true, true, true, false, true];
    let low = |bits: usize| {
        if bits >= 128 {
            u128::MAX
        } else {
            (1u128 << bits) - 1
        }
    };
    let width = low(n);
    let mut columns = vec![0u128; n];
    for (y, row) in rows.iter().enumerate() {
        for (x, column) in columns.iter_mut().enumerate() {
            *column |= ((row >> x) & 1) << y;
        }
    }
    let mut score = 0i32;
    for lines in [rows, &columns[..]] {
        for &line in lines {
            // Runs: bit j set when module j has module j - 1's colour; a run of L modules
            // is L - 1 such bits in a row, and scores L - 2 from L = 5 on.
            let same = !(line ^ (line << 1)) & width & !1;
            let long = same & (same >> 1) & (same >> 2) & (same >> 3);
            let covered = long | (long << 1) | (long << 2) | (long << 3);
            score += covered.count_ones() as i32 - (long & !(long << 1)).count_ones() as i32;
            // Finder-like patterns starting at each j of 0..n - 6.
            let mut starts = if n >= 7 { low(n - 6) } else { 0 };
            for (k, dark) in FINDER.iter().enumerate() {
                starts &= if *dark { line >> k } else { !line >> k };
            }
            while starts != 0 {
                let j = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let from = j.saturating_sub(4);
                let before = (line >> from) & low(j - from) != 0;
                let (from, to) = ((j + 7).min(n), (j + 11).min(n));
                let after = (line >> from) & low(to - from) != 0;
                if !before || !after {
                    score += 40;
                }
            }
        }
        score -= 360;
    }
    for pair in rows.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let blocks = !(a ^ b) & !(a ^ (a >> 1)) & !(b ^ (b >> 1)) & (width >> 1);
        score += 3 * blocks.count_ones() as i32;
    }
    let dark: u32 = rows.iter().map(|r| r.count_ones()).sum();
    let ratio = (dark as usize * 200 / (n * n)) as i32;
    score + (ratio - 100).abs()
}

/// Text broken to fit a box: its lines and the size they are drawn at.
pub struct Fitted {
    pub lines: Vec<String>,
    pub size: f32,
}

/// A line of laid-out text: a span of the shaped text, or a text of its own (a line cut
/// with an ellipsis).
enum Line {
    Span(Range<usize>),
    Cut(String),
}

/// Text laid out in a box: shaped once, its lines and the size they are drawn at.
struct Layout<'t> {
    text: std::borrow::Cow<'t, str>,
    shaped: Arc<Shaped>,
    lines: Vec<Line>,
    size: f32,
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
    let laid = lay_out(fonts.face(bold), text, w, h, size, min);
    Fitted {
        lines: laid
            .lines
            .iter()
            .map(|l| match l {
                Line::Span(r) => laid.text.get(r.clone()).unwrap_or_default().to_string(),
                Line::Cut(t) => t.clone(),
            })
            .collect(),
        size: laid.size,
    }
}

/// `fit_lines` on shaped text: the text is shaped once, a width being its glyphs'
/// advances (scaled to the size) and a line's the advances of its words' glyphs.
fn lay_out<'t>(face: &Typeface, text: &'t str, w: f32, h: f32, size: f32, min: f32) -> Layout<'t> {
    use std::borrow::Cow;
    let shaped = face.shape(text);
    let mut s = size;
    while s >= min {
        if shaped.width(0..text.len(), s) <= w {
            return Layout {
                text: Cow::Borrowed(text),
                shaped,
                lines: vec![Line::Span(0..text.len())],
                size: s,
            };
        }
        s -= 0.25;
    }
    let s = min;
    let max_lines = ((h / (s * 1.2)).floor() as usize).max(1);
    // Wrapped lines are the words joined by single spaces.
    let single_spaced = text
        .split(' ')
        .all(|word| !word.is_empty() && !word.contains(char::is_whitespace));
    let (text, shaped) = if single_spaced {
        (Cow::Borrowed(text), shaped)
    } else {
        let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let shaped = face.shape(&joined);
        (Cow::Owned(joined), shaped)
    };
    let mut spans: Vec<Range<usize>> = Vec::new();
    let mut current: Option<Range<usize>> = None;
    let mut at = 0;
    for word in text.split(' ') {
        let word_range = at..at + word.len();
        at += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        current = Some(match current {
            None => word_range,
            Some(c) if shaped.width(c.start..word_range.end, s) <= w => c.start..word_range.end,
            Some(c) => {
                spans.push(c);
                word_range
            }
        });
    }
    spans.extend(current);
    let truncated = spans.len() > max_lines;
    spans.truncate(max_lines);
    let last = spans.len().saturating_sub(1);
    let lines = spans
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            if truncated && i == last {
                let mut line = text.get(r).unwrap_or_default().to_string();
                line.push('…');
                Line::Cut(cut_to(face, line, w, s))
            } else if shaped.width(r.clone(), s) > w {
                // A single word longer than the box is cut, character by character.
                Line::Cut(cut_to(
                    face,
                    text.get(r).unwrap_or_default().to_string(),
                    w,
                    s,
                ))
            } else {
                Line::Span(r)
            }
        })
        .collect();
    Layout {
        text,
        shaped,
        lines,
        size: s,
    }
}

/// `line` cut character by character (ending in an ellipsis) until it is `w` wide at `s`.
fn cut_to(face: &Typeface, mut line: String, w: f32, s: f32) -> String {
    while face.width(&line, s) > w && line.chars().count() > 1 {
        let mut chars: Vec<char> = line.chars().collect();
        chars.pop();
        if chars.last() != Some(&'…') {
            chars.pop();
            chars.push('…');
        }
        line = chars.into_iter().collect();
    }
    line
}

/// Images decoded from stored bytes, most recently used last: signatures and logos repeat
/// across documents (every DC-3 a company's employer signs, every page of a course's
/// batch), and decoding a PNG and compressing its pixels again costs more than drawing the
/// rest of the page. Keyed by the bytes' SHA-256; bounded in entries and in bytes.
struct ImageCache {
    entries: VecDeque<([u8; 32], usize, Image)>,
    bytes: usize,
}

static IMAGES: Mutex<ImageCache> = Mutex::new(ImageCache {
    entries: VecDeque::new(),
    bytes: 0,
});
const IMAGE_CACHE_ENTRIES: usize = 64;
const IMAGE_CACHE_BYTES: usize = 16 * 1024 * 1024;

/// An image from stored bytes (png, jpeg or gif), None when it is none of them. Decoded
/// once while its bytes are among the recent ones (`ImageCache`).
pub fn image_from(bytes: &[u8]) -> Option<Image> {
    let key: [u8; 32] = Sha256::digest(bytes).into();
    {
        let mut cache = IMAGES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = cache.entries.iter().position(|(k, _, _)| *k == key)
            && let Some(entry) = cache.entries.remove(i)
        {
            let image = entry.2.clone();
            cache.entries.push_back(entry);
            return Some(image);
        }
    }
    let image = decode_image(bytes)?;
    if bytes.len() <= IMAGE_CACHE_BYTES / 8 {
        let mut cache = IMAGES.lock().unwrap_or_else(PoisonError::into_inner);
        if !cache.entries.iter().any(|(k, _, _)| *k == key) {
            cache.bytes += bytes.len();
            cache.entries.push_back((key, bytes.len(), image.clone()));
            while cache.entries.len() > IMAGE_CACHE_ENTRIES || cache.bytes > IMAGE_CACHE_BYTES {
                let Some((_, n, _)) = cache.entries.pop_front() else {
                    break;
                };
                cache.bytes -= n;
            }
        }
    }
    Some(image)
}

fn decode_image(bytes: &[u8]) -> Option<Image> {
    let kind = crate::storage::sniff_image(bytes)?.0;
    let data = bytes.to_vec();
    match kind {
        "png" => Image::from_png(data.into(), true).ok(),
        "jpg" | "jpeg" => Image::from_jpeg(data.into(), true).ok(),
        "gif" => Image::from_gif(data.into(), true).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_keeps_its_size_and_a_long_one_shrinks_then_wraps() {
        let fonts = Fonts::load().expect("fonts");
        let short = fit_lines(fonts, "Luis Hernández", 300.0, 14.0, 10.0, 6.0, false);
        assert_eq!(short.lines.len(), 1);
        assert_eq!(short.size, 10.0);
        // 80 characters: too wide at 10 pt in 300 pt, fits one line somewhere above 6 pt.
        let name =
            "Hernández Rodríguez de la Garza Villarreal Montemayor María de los Ángeles Guada";
        assert_eq!(name.chars().count(), 80);
        let long = fit_lines(fonts, name, 300.0, 14.0, 10.0, 6.0, false);
        assert!(long.size < 10.0 && long.size >= 6.0, "{}", long.size);
        for l in &long.lines {
            assert!(fonts.regular.width(l, long.size) <= 300.0);
        }
        // In a narrow, tall box it wraps at the minimum and never spills.
        let wrapped = fit_lines(fonts, name, 120.0, 30.0, 10.0, 6.0, false);
        assert!(wrapped.lines.len() > 1);
        assert_eq!(wrapped.size, 6.0);
        assert!(wrapped.lines.len() as f32 * 6.0 * 1.2 <= 30.0 + 0.01);
        for l in &wrapped.lines {
            assert!(fonts.regular.width(l, 6.0) <= 120.0, "{l}");
        }
    }

    /// `fit_lines` as it was before texts were shaped once: every candidate line shaped
    /// and measured on its own.
    fn fit_lines_reshaping(
        face: &Typeface,
        text: &str,
        w: f32,
        h: f32,
        size: f32,
        min: f32,
    ) -> (Vec<String>, f32) {
        let width = |t: &str, s: f32| face.shape_now(t).width(0..t.len(), s);
        let mut s = size;
        while s >= min {
            if width(text, s) <= w {
                return (vec![text.to_string()], s);
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
            if width(&candidate, s) <= w || current.is_empty() {
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
        for line in &mut lines {
            *line = cut_to(face, std::mem::take(line), w, s);
        }
        (lines, s)
    }

    #[test]
    fn texts_fit_as_when_every_line_was_shaped_on_its_own() {
        let fonts = Fonts::load().expect("fonts");
        let texts = [
            "Hernández Rodríguez de la Garza Villarreal Montemayor María de los Ángeles Guada",
            "4/ Para empresas con menos de 51 trabajadores. Para empresas con más de 50 trabajadores firmaría el representante del patrón ante la Comisión mixta de capacitación, adiestramiento y productividad.",
            "Centro de Capacitación Industrial del Norte — Registro STPS VICA800101-5A3-0005",
            "Seguridad   en el manejo\tde montacargas y equipo de izaje",
            "Supercalifragilisticoespialidosamente-largo-sin-espacios y más",
            "AV Ta Yo LT WA",
        ];
        for bold in [false, true] {
            let face = fonts.face(bold);
            for text in texts {
                for (w, h) in [
                    (540.0, 14.0),
                    (300.0, 30.0),
                    (120.0, 30.0),
                    (80.0, 8.0),
                    (40.0, 60.0),
                ] {
                    for (size, min) in [(10.0, 6.0), (6.2, 6.2), (8.0, 5.5)] {
                        let ours = fit_lines(fonts, text, w, h, size, min, bold);
                        let reference = fit_lines_reshaping(face, text, w, h, size, min);
                        assert_eq!((ours.lines, ours.size), reference, "{text} in {w}x{h}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_qr_is_the_one_the_qrcode_crate_makes() {
        let mut inputs: Vec<String> = [
            "https://capacitacion.sierramadre.mx/verificar/EJC8-8QYV-QDP7",
            "HERL850312HNLRDS09",
            "a",
        ]
        .map(String::from)
        .to_vec();
        inputs.push("https://aula.example/verificar/".repeat(12));
        inputs.push("https://aula.example/verificar/".repeat(40));
        inputs.extend((0..60).map(|i| format!("https://aula.example/verificar/{i:04}-X{i}")));
        for data in &inputs {
            let ours = qr_modules(data).expect("encodes");
            let theirs = qrcode::QrCode::with_error_correction_level(data, qrcode::EcLevel::M)
                .expect("encodes");
            assert_eq!(ours.1, theirs.width(), "{data}");
            let theirs: Vec<bool> = theirs
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect();
            assert!(ours.0 == theirs, "{data}");
        }
    }

    #[test]
    fn stored_images_are_decoded_once_and_other_bytes_are_not_images() {
        let mut png = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut png, 3, 2);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let pixels: Vec<u8> = (0..3 * 2 * 4).map(|i| (i * 37) as u8).collect();
            encoder
                .write_header()
                .and_then(|mut w| w.write_image_data(&pixels))
                .expect("png");
        }
        let first = image_from(&png).expect("a png");
        let again = image_from(&png).expect("the same png");
        assert_eq!(first.size(), (3, 2));
        assert_eq!(first, again);
        assert!(image_from(b"not an image").is_none());
    }

    #[test]
    fn colours_are_read_from_hex() {
        let c = hex_color("#1c5d99");
        assert_eq!(c, rgb::Color::new(0x1c, 0x5d, 0x99));
        assert_eq!(hex_color("nope"), rgb::Color::black());
    }
}
