//! The DC-3 (constancia de competencias o de habilidades laborales, STPS): its data gathered
//! and checked before download (spec section 8: 'No se encontro información del curso' or the
//! numbered list under 'El curso tiene datos incompletos'), and its one-page PDF laid out as
//! the official form.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use krilla::Document;
use krilla::color::rgb;
use krilla::page::PageSettings;
use sqlx::SqliteConnection;

use super::db::{self, Dc3Fila};
use super::pdf::{Align, Fonts, LETTER, Pen, image_from};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Workers from which the workers' representative of the joint commission signs too (the
/// same threshold as the DC-3 company data, spec section 9: under 51 / over 50).
pub use crate::org::dc3::signatories;

/// Course modalities by code, in the order of spec section 1 (in person, virtual, streaming,
/// e-learning, self-study). The DC-3 is not issued for code 2 (spec section 5).
pub const MODALIDADES: [&str; 5] = [
    "PRESENCIAL",
    "VIRTUAL",
    "STREAMING",
    "E_LEARNING",
    "AUTOESTUDIO",
];

/// The modality code of a course's modality (1-based, 0 when unknown).
pub fn modality_code(modalidad: &str) -> usize {
    MODALIDADES
        .iter()
        .position(|m| *m == modalidad)
        .map_or(0, |i| i + 1)
}

/// Whether a course of this modality carries a DC-3.
pub fn carries_dc3(modalidad: &str) -> bool {
    modality_code(modalidad) != 2
}

/// A DC-3 signatory: name, position and stored signature.
#[derive(Clone, Debug)]
pub struct Firmante {
    pub nombre: String,
    pub puesto: Option<String>,
    pub firma: Option<String>,
}

/// Everything one DC-3 prints.
#[derive(Clone, Debug)]
pub struct Dc3 {
    pub fila: Dc3Fila,
    /// Hours of the course's sessions (the topic's hours when it has none).
    pub horas: f64,
    pub patron: Option<Firmante>,
    pub trabajadores: Option<Firmante>,
    /// The company has more than 50 workers: the workers' representative signs too.
    pub con_comision_mixta: bool,
}

/// 404 'No se encontro información del curso'.
pub fn no_course() -> AppError {
    AppError::new(
        axum::http::StatusCode::NOT_FOUND,
        "certificados.curso_sin_informacion",
    )
}

fn minutes(hhmm: &str) -> Option<i64> {
    let (h, m) = hhmm.split_once(':')?;
    Some(h.trim().parse::<i64>().ok()? * 60 + m.trim().parse::<i64>().ok()?)
}

/// A course's hours: its sessions' (company-local times), else its topic's.
pub async fn hours(conn: &mut SqliteConnection, fila: &Dc3Fila) -> AppResult<f64> {
    let mut total = 0;
    for (_, inicio, fin) in db::sessions(&mut *conn, fila.cve_curso).await? {
        if let (Some(a), Some(b)) = (minutes(&inicio), minutes(&fin)) {
            total += (b - a).max(0);
        }
    }
    Ok(if total > 0 {
        total as f64 / 60.0
    } else {
        fila.horas_tema.max(0.0)
    })
}

/// The DC-3 of `cve_empleado` in `cve_curso`; 404 when the course does not exist, the
/// employee holds no seat in it, or its modality carries no DC-3.
pub async fn gather(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_curso: i64,
) -> AppResult<Dc3> {
    let fila = db::dc3(&mut *conn, cve_empleado, cve_curso)
        .await?
        .ok_or_else(no_course)?;
    if !carries_dc3(&fila.modalidad) || fila.estatus == "cancelado" {
        return Err(no_course());
    }
    let horas = hours(&mut *conn, &fila).await?;
    let (mut patron, mut trabajadores) = (None, None);
    if let Some(n4) = fila.cve_n4 {
        let rep = |r: Option<(String, Option<String>, Option<String>)>| {
            r.map(|(nombre, puesto, firma)| Firmante {
                nombre,
                puesto,
                firma,
            })
        };
        patron = rep(db::representative(&mut *conn, n4, "patron").await?);
        trabajadores = rep(db::representative(&mut *conn, n4, "trabajadores").await?);
    }
    let con_comision_mixta = signatories(fila.num_trabajadores.unwrap_or(0))
        .iter()
        .any(|s| s == "trabajadores");
    if !con_comision_mixta {
        trabajadores = None;
    }
    Ok(Dc3 {
        fila,
        horas,
        patron,
        trabajadores,
        con_comision_mixta,
    })
}

fn blank(v: &Option<String>) -> bool {
    v.as_deref().is_none_or(|s| s.trim().is_empty())
}

/// What keeps this DC-3 from being issued, in the form's order: the field (numbered so the
/// list keeps that order) and its message code. Empty when it can be issued.
pub fn missing(d: &Dc3) -> BTreeMap<String, &'static str> {
    let f = &d.fila;
    let mut out = BTreeMap::new();
    let mut add = |n: u8, field: &str, code: &'static str| {
        out.insert(format!("{n:02}_{field}"), code);
    };
    if f.estatus != "cerrado" {
        add(1, "curso_cerrado", "certificados.falta_cierre");
    } else if f.acreditado != Some(1) {
        add(2, "acreditado", "certificados.falta_acreditacion");
    }
    let curp = f.curp.as_deref().unwrap_or("").trim();
    if curp.chars().count() != 18 {
        add(3, "curp", "certificados.falta_curp");
    }
    if blank(&f.ocupacion) {
        add(4, "ocupacion", "certificados.falta_ocupacion");
    }
    if blank(&f.razon_social) {
        add(5, "razon_social", "certificados.falta_razon_social");
    }
    let rfc = f.rfc.as_deref().unwrap_or("").trim();
    if !(12..=13).contains(&rfc.chars().count()) {
        add(6, "rfc", "certificados.falta_rfc");
    }
    if f.instructor.is_none() {
        add(7, "instructor", "certificados.falta_instructor");
    } else {
        if f.instructor_interno == Some(0) && blank(&f.registro_stps) {
            add(8, "registro_stps", "certificados.falta_registro_stps");
        }
        if blank(&f.firma_instructor) {
            add(9, "firma_instructor", "certificados.falta_firma_instructor");
        }
    }
    match &d.patron {
        None => add(10, "patron", "certificados.falta_patron"),
        Some(p) if blank(&p.firma) => add(11, "firma_patron", "certificados.falta_firma_patron"),
        Some(_) => {}
    }
    if d.con_comision_mixta {
        match &d.trabajadores {
            None => add(
                12,
                "representante_trabajadores",
                "certificados.falta_trabajadores",
            ),
            Some(p) if blank(&p.firma) => add(
                13,
                "firma_representante_trabajadores",
                "certificados.falta_firma_trabajadores",
            ),
            Some(_) => {}
        }
    }
    out
}

/// 422 'El curso tiene datos incompletos' with the missing data, unless complete.
pub fn check(d: &Dc3) -> AppResult<()> {
    let faltan = missing(d);
    if faltan.is_empty() {
        Ok(())
    } else {
        Err(AppError::checklist(
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            "certificados.dc3_incompleto",
            faltan,
        ))
    }
}

/// The worker's name as the form asks for it: paternal surname, maternal surname and
/// given names. Names are stored given names first ("Luis Hernández Rodríguez"): the last
/// two words are taken as the surnames (three or more words), with the particles of
/// compound surnames ("de la Garza", "del Río") kept with theirs.
pub fn name_for_form(nombre: &str) -> String {
    let words: Vec<&str> = nombre.split_whitespace().collect();
    if words.len() < 3 {
        return words.join(" ");
    }
    let particle = |w: &str| {
        matches!(
            w.to_lowercase().as_str(),
            "de" | "del" | "la" | "las" | "los" | "y" | "san" | "van" | "von"
        )
    };
    // Walk back two surnames, each with the particles before it.
    let mut cut = words.len();
    for _ in 0..2 {
        if cut <= 1 {
            break;
        }
        cut -= 1;
        while cut > 1 && particle(words[cut - 1]) {
            cut -= 1;
        }
    }
    let given = words[..cut].join(" ");
    let surnames = words[cut..].join(" ");
    if given.is_empty() {
        surnames
    } else {
        format!("{surnames} {given}")
    }
}

/// What the PDF draws beside the data: the verification code and address, and the
/// signatures' images (instructor, employer, workers).
pub struct Extras {
    pub codigo: String,
    pub url_verificacion: String,
    pub firma_instructor: Option<Vec<u8>>,
    pub firma_patron: Option<Vec<u8>>,
    pub firma_trabajadores: Option<Vec<u8>>,
}

/// Reads a stored signature, None when it is missing or unreadable.
pub async fn signature(state: &AppState, key: &Option<String>) -> Option<Vec<u8>> {
    let key = key.as_deref()?.trim();
    if key.is_empty() {
        return None;
    }
    state.storage.get(key).await.ok().map(|b| b.to_vec())
}

fn ymd(date: &str) -> (String, String, String) {
    match NaiveDate::parse_from_str(date, "%Y-%m-%d") {
        Ok(d) => (
            d.format("%Y").to_string(),
            d.format("%m").to_string(),
            d.format("%d").to_string(),
        ),
        Err(_) => (String::new(), String::new(), String::new()),
    }
}

pub fn hours_text(h: f64) -> String {
    if (h - h.round()).abs() < 0.01 {
        format!("{}", h.round() as i64)
    } else {
        format!("{h:.1}")
    }
}

/// The DC-3 as a one-page PDF (US Letter, as the STPS publishes the form).
pub fn render(d: &Dc3, x: &Extras) -> AppResult<Vec<u8>> {
    let f = &d.fila;
    super::pdf::document(
        &format!("DC-3 {} — {}", f.nombre_empleado, f.nombre_curso),
        &[super::pdf::Pagina::Dc3(d, x)],
    )
}

/// Draws the DC-3 on a new page of `doc`.
pub fn draw(doc: &mut Document, fonts: &Fonts, d: &Dc3, x: &Extras) -> AppResult<()> {
    let settings =
        PageSettings::from_wh(LETTER.0, LETTER.1).ok_or_else(|| AppError::internal("page size"))?;
    let mut page = doc.start_page_with(settings);
    {
        let mut surface = page.surface();
        let mut p = Pen {
            s: &mut surface,
            fonts,
        };
        layout(&mut p, d, x);
        surface.finish();
    }
    page.finish();
    Ok(())
}

fn ink() -> rgb::Color {
    rgb::Color::black()
}

fn grey() -> rgb::Color {
    rgb::Color::new(85, 85, 85)
}

fn band() -> rgb::Color {
    rgb::Color::new(64, 64, 64)
}

/// The training agent as the STPS forms name it: an external instructor's institution (or
/// the instructor), with its STPS registration through `with_registro(agent, registration)`,
/// or an internal instructor followed by `interno`; empty without instructor.
pub fn agent_text(
    interno: Option<i64>,
    instructor: Option<&str>,
    institucion: Option<&str>,
    registro_stps: Option<&str>,
    with_registro: impl Fn(&str, &str) -> String,
    interno_label: &str,
) -> String {
    match (interno, instructor) {
        (Some(0), Some(nombre)) => {
            let quien = institucion.unwrap_or(nombre);
            match registro_stps.map(str::trim).filter(|r| !r.is_empty()) {
                Some(r) => with_registro(quien, r),
                None => quien.to_string(),
            }
        }
        (_, Some(nombre)) => format!("{nombre}{interno_label}"),
        _ => String::new(),
    }
}

/// A framed cell with its caption and `boxes.0` character boxes `boxes.1` points wide.
fn boxed(
    p: &mut Pen<'_, '_>,
    r: (f32, f32, f32, f32),
    caption: &str,
    boxes: (usize, f32),
    text: &str,
) {
    let (x, y, w, _) = r;
    p.frame(x, y, w, r.3, 0.6, grey());
    p.fit(
        (x + 3.0, y + 2.0, w - 6.0, 9.0),
        caption,
        6.5,
        5.0,
        false,
        Align::Left,
        grey(),
    );
    p.boxes(x + 4.0, y + 13.0, boxes.0, boxes.1, 17.0, text, 9.0);
}

/// The form: header, three data sections, signatures, instructions and the verification.
fn layout(p: &mut Pen<'_, '_>, d: &Dc3, x: &Extras) {
    let f = &d.fila;
    let left = 36.0;
    let width = LETTER.0 - 72.0;
    let mut y = 30.0;

    // Header.
    p.fit(
        (left, y, width, 14.0),
        "FORMATO DC-3",
        12.0,
        9.0,
        true,
        Align::Center,
        ink(),
    );
    y += 15.0;
    p.fit(
        (left, y, width, 13.0),
        "CONSTANCIA DE COMPETENCIAS O DE HABILIDADES LABORALES",
        11.0,
        8.0,
        true,
        Align::Center,
        ink(),
    );
    y += 20.0;

    let section = |p: &mut Pen<'_, '_>, y: &mut f32, title: &str| {
        p.rect(left, *y, width, 14.0, band());
        p.fit(
            (left, *y, width, 14.0),
            title,
            8.5,
            6.0,
            true,
            Align::Center,
            rgb::Color::white(),
        );
        *y += 14.0;
    };
    // A cell: caption on top, value below, framed.
    let cell = |p: &mut Pen<'_, '_>, r: (f32, f32, f32, f32), caption: &str, value: &str| {
        let (cx, cy, cw, ch) = r;
        p.frame(cx, cy, cw, ch, 0.6, grey());
        p.fit(
            (cx + 3.0, cy + 2.0, cw - 6.0, 9.0),
            caption,
            6.5,
            5.0,
            false,
            Align::Left,
            grey(),
        );
        p.fit(
            (cx + 3.0, cy + 11.0, cw - 6.0, ch - 13.0),
            value,
            10.0,
            6.0,
            false,
            Align::Left,
            ink(),
        );
    };

    // DATOS DEL TRABAJADOR
    section(p, &mut y, "DATOS DEL TRABAJADOR");
    cell(
        p,
        (left, y, width, 30.0),
        "Nombre (Anotar apellido paterno, apellido materno y nombre (s))",
        &name_for_form(&f.nombre_empleado),
    );
    y += 30.0;
    let curp_w = 250.0;
    let curp = f.curp.as_deref().unwrap_or("").trim().to_uppercase();
    boxed(
        p,
        (left, y, curp_w, 34.0),
        "Clave Única de Registro de Población",
        (18, 13.0),
        &curp,
    );
    let ocupacion = match (&f.ocupacion, &f.ocupacion_nombre) {
        (Some(c), Some(n)) => format!("{c} {n}"),
        (Some(c), None) => c.clone(),
        _ => String::new(),
    };
    cell(
        p,
        (left + curp_w, y, width - curp_w, 34.0),
        "Ocupación específica (Catálogo Nacional de Ocupaciones) 1/",
        &ocupacion,
    );
    y += 34.0;
    cell(
        p,
        (left, y, width, 26.0),
        "Puesto*",
        f.puesto.as_deref().unwrap_or(""),
    );
    y += 32.0;

    // DATOS DE LA EMPRESA
    section(p, &mut y, "DATOS DE LA EMPRESA");
    let razon = f
        .razon_social
        .clone()
        .or_else(|| f.empresa.clone())
        .unwrap_or_default();
    cell(
        p,
        (left, y, width, 30.0),
        "Nombre o razón social (En caso de persona física, anotar apellido paterno, apellido materno y nombre(s))",
        &razon,
    );
    y += 30.0;
    let rfc = f.rfc.as_deref().unwrap_or("").trim().to_uppercase();
    boxed(
        p,
        (left, y, width, 32.0),
        "Registro Federal de Contribuyentes con homoclave (SHCP)",
        (13, 14.0),
        &rfc,
    );
    y += 38.0;

    // DATOS DEL PROGRAMA DE CAPACITACIÓN, ADIESTRAMIENTO Y PRODUCTIVIDAD
    section(
        p,
        &mut y,
        "DATOS DEL PROGRAMA DE CAPACITACIÓN, ADIESTRAMIENTO Y PRODUCTIVIDAD",
    );
    cell(
        p,
        (left, y, width, 30.0),
        "Nombre del curso",
        &f.nombre_curso,
    );
    y += 30.0;
    let hours_w = 150.0;
    cell(
        p,
        (left, y, hours_w, 40.0),
        "Duración en horas",
        &hours_text(d.horas),
    );
    let period_x = left + hours_w;
    let period_w = width - hours_w;
    p.frame(period_x, y, period_w, 40.0, 0.6, grey());
    p.fit(
        (period_x + 3.0, y + 2.0, period_w - 6.0, 9.0),
        "Periodo de ejecución:",
        6.5,
        5.0,
        false,
        Align::Left,
        grey(),
    );
    let (ay, am, ad) = ymd(&f.fecha_inicio);
    let (by, bm, bd) = ymd(&f.fecha_fin);
    let bw = 12.0;
    let mut bx = period_x + 22.0;
    let by_top = y + 13.0;
    p.fit(
        (period_x + 4.0, by_top, 16.0, 15.0),
        "De",
        8.0,
        6.0,
        true,
        Align::Left,
        ink(),
    );
    for (chars, n) in [(&ay, 4), (&am, 2), (&ad, 2)] {
        p.boxes(bx, by_top, n, bw, 15.0, chars, 8.5);
        bx += bw * n as f32 + 5.0;
    }
    p.fit(
        (bx, by_top, 12.0, 15.0),
        "a",
        8.0,
        6.0,
        true,
        Align::Center,
        ink(),
    );
    bx += 16.0;
    let start_b = bx;
    for (chars, n) in [(&by, 4), (&bm, 2), (&bd, 2)] {
        p.boxes(bx, by_top, n, bw, 15.0, chars, 8.5);
        bx += bw * n as f32 + 5.0;
    }
    // Año / Mes / Día captions under both dates.
    for base in [period_x + 22.0, start_b] {
        let mut cx = base;
        for (label, n) in [("Año", 4), ("Mes", 2), ("Día", 2)] {
            p.fit(
                (cx, by_top + 15.5, bw * n as f32, 8.0),
                label,
                5.5,
                4.5,
                false,
                Align::Center,
                grey(),
            );
            cx += bw * n as f32 + 5.0;
        }
    }
    y += 40.0;
    let area = match (f.cve_area, &f.area) {
        (Some(c), Some(n)) => format!("{c} {n}"),
        (Some(c), None) => c.to_string(),
        _ => String::new(),
    };
    cell(
        p,
        (left, y, width, 28.0),
        "Área temática del curso 2/",
        &area,
    );
    y += 28.0;
    let agente = agent_text(
        f.instructor_interno,
        f.instructor.as_deref(),
        f.institucion.as_deref(),
        f.registro_stps.as_deref(),
        |quien, r| format!("{quien} — Registro STPS {r}"),
        " (instructor interno)",
    );
    cell(
        p,
        (left, y, width, 28.0),
        "Nombre del agente capacitador o STPS 3/",
        &agente,
    );
    y += 34.0;

    // Signatures.
    p.fit(
        (left, y, width, 20.0),
        "Los datos se asientan en esta constancia bajo protesta de decir verdad, apercibidos de la responsabilidad en que incurre todo aquel que no se conduce con verdad.",
        7.0,
        5.5,
        false,
        Align::Center,
        ink(),
    );
    y += 24.0;
    let mut signers: Vec<(&str, String, Option<&Vec<u8>>)> = vec![
        (
            "Instructor o tutor",
            f.instructor.clone().unwrap_or_default(),
            x.firma_instructor.as_ref(),
        ),
        (
            "Patrón o representante legal 4/",
            d.patron
                .as_ref()
                .map(|r| r.nombre.clone())
                .unwrap_or_default(),
            x.firma_patron.as_ref(),
        ),
    ];
    if d.con_comision_mixta {
        signers.push((
            "Representante de los trabajadores 5/",
            d.trabajadores
                .as_ref()
                .map(|r| r.nombre.clone())
                .unwrap_or_default(),
            x.firma_trabajadores.as_ref(),
        ));
    }
    let col = width / signers.len() as f32;
    for (i, (title, name, firma)) in signers.iter().enumerate() {
        let cx = left + col * i as f32;
        p.fit(
            (cx + 6.0, y, col - 12.0, 10.0),
            title,
            7.5,
            5.5,
            true,
            Align::Center,
            ink(),
        );
        if let Some(image) = firma.and_then(|b| image_from(b)) {
            p.image(image, cx + 20.0, y + 12.0, col - 40.0, 44.0);
        }
        p.line(
            (cx + 14.0, y + 60.0),
            (cx + col - 14.0, y + 60.0),
            0.7,
            ink(),
        );
        p.fit(
            (cx + 6.0, y + 62.0, col - 12.0, 18.0),
            name,
            8.0,
            5.5,
            false,
            Align::Center,
            ink(),
        );
        p.fit(
            (cx + 6.0, y + 80.0, col - 12.0, 8.0),
            "Nombre y firma",
            6.0,
            5.0,
            false,
            Align::Center,
            grey(),
        );
    }
    y += 96.0;

    // Instructions.
    p.fit(
        (left, y, width, 10.0),
        "INSTRUCCIONES",
        7.5,
        6.0,
        true,
        Align::Left,
        ink(),
    );
    y += 11.0;
    let notes = [
        "- Llenar a máquina o con letra de molde.",
        "- Deberá entregarse al trabajador dentro de los veinte días hábiles siguientes al término del curso de capacitación aprobado.",
        "1/ Las áreas y subáreas ocupacionales del Catálogo Nacional de Ocupaciones se encuentran disponibles en el reverso de este formato y en la página www.stps.gob.mx",
        "2/ Las áreas temáticas de los cursos se encuentran disponibles en el reverso de este formato y en la página www.stps.gob.mx",
        "3/ Cursos impartidos por el área competente de la Secretaría del Trabajo y Previsión Social.",
        "4/ Para empresas con menos de 51 trabajadores. Para empresas con más de 50 trabajadores firmaría el representante del patrón ante la Comisión mixta de capacitación, adiestramiento y productividad.",
        "5/ Solo para empresas con más de 50 trabajadores.",
        "* Dato no obligatorio.",
    ];
    for note in notes {
        y += p.paragraph(left, y, width - 90.0, 16.0, note, 6.2, ink()) + 1.0;
    }

    // Verification: QR and code, bottom right.
    let qr_side = 72.0;
    let qr_x = left + width - qr_side;
    let qr_y = LETTER.1 - 36.0 - qr_side - 12.0;
    p.qr(&x.url_verificacion, qr_x, qr_y, qr_side);
    p.fit(
        (qr_x - 40.0, qr_y + qr_side, qr_side + 40.0, 12.0),
        &format!("Código {}", x.codigo),
        6.5,
        5.0,
        true,
        Align::Right,
        ink(),
    );
    p.fit(
        (left, LETTER.1 - 30.0, width - qr_side - 10.0, 10.0),
        &format!("Verifique esta constancia en {}", x.url_verificacion),
        6.0,
        4.5,
        false,
        Align::Left,
        grey(),
    );
    p.fit(
        (left, LETTER.1 - 30.0, width, 10.0),
        "DC-3 ANVERSO",
        6.0,
        5.0,
        true,
        Align::Right,
        grey(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_written_surnames_first() {
        assert_eq!(
            name_for_form("Luis Hernández Rodríguez"),
            "Hernández Rodríguez Luis"
        );
        assert_eq!(
            name_for_form("María José de la Garza Treviño"),
            "de la Garza Treviño María José"
        );
        assert_eq!(name_for_form("Ana Pérez"), "Ana Pérez");
        assert_eq!(
            name_for_form("  Jorge   Salinas Cantú "),
            "Salinas Cantú Jorge"
        );
    }

    #[test]
    fn virtual_courses_carry_no_dc3() {
        assert_eq!(modality_code("VIRTUAL"), 2);
        assert!(!carries_dc3("VIRTUAL"));
        assert!(carries_dc3("PRESENCIAL"));
        assert!(carries_dc3("E_LEARNING"));
    }
}
