//! The certificates benchmark's PDF side (`tests/bench/certificates.sh`), on the calling
//! thread only:
//!
//! - `certificates_bench dc3 [n=500] [out_dir]`: renders the DC-3s of `n` different workers
//!   of one course (each with their own name, CURP, position, verification code and QR; one
//!   company with a 13-character RFC, the course, its instructor and the employer's
//!   signatures as PNGs) and prints DC-3s per second. With `out_dir`, writes the first one
//!   as `dc3.pdf` and what it prints as `dc3.json` (the texts as the form shows them, the
//!   signatures as base64 PNG, the QR as SVG) for the HTML version that Chromium prints.
//! - `certificates_bench merged [n=1000] [out.pdf]`: one PDF of `n` course certificates
//!   (a page each, as a course's batch download builds it): time, size and peak memory.
//!
//! Lines starting with `result ` are read by the script.

use std::time::Instant;

use aula::certificates::constancia::Constancia;
use aula::certificates::db::Dc3Fila;
use aula::certificates::dc3::{self, Dc3, Extras, Firmante};
use aula::certificates::pdf::{self, Pagina};
use base64::Engine;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

const PUBLIC_URL: &str = "https://capacitacion.sierramadre.mx";

/// A pen signature (dark blue ink on transparent, `w` × `h`) whose loops depend on `seed`.
fn signature_png(seed: u32, w: usize, h: usize) -> Res<Vec<u8>> {
    let mut alpha = vec![0u8; w * h];
    let s = (seed % 97) as f32;
    let (a, b) = (1.0 + (s % 5.0) * 0.35, 2.0 + (s % 3.0) * 0.6);
    let steps = 5000;
    for i in 0..steps {
        let t = i as f32 / steps as f32;
        let angle = t * std::f32::consts::TAU * 2.5;
        let x = 16.0 + t * (w as f32 - 48.0) + 18.0 * (angle * a).sin();
        let y = h as f32 / 2.0 + 0.25 * h as f32 * (angle * b + s).sin() * (1.0 - 0.4 * t);
        for dy in -2i32..=2 {
            for dx in -2i32..=2 {
                let (px, py) = (x as i32 + dx, y as i32 + dy);
                if px < 0 || py < 0 || px >= w as i32 || py >= h as i32 {
                    continue;
                }
                let cover = (2.0 - ((dx * dx + dy * dy) as f32).sqrt()).clamp(0.0, 1.0);
                let cell = &mut alpha[py as usize * w + px as usize];
                *cell = (*cell).max((cover * 255.0) as u8);
            }
        }
    }
    let rgba: Vec<u8> = alpha.iter().flat_map(|&a| [18, 40, 110, a]).collect();
    encode_png(w, h, png::ColorType::Rgba, &rgba)
}

/// A company logo (`side` × `side`, RGB): a blue square with an orange band, framed in white.
fn logo_png(side: usize) -> Res<Vec<u8>> {
    let mut rgb = Vec::with_capacity(side * side * 3);
    let frame = side / 12;
    for y in 0..side {
        for x in 0..side {
            let inside = (frame..side - frame).contains(&x) && (frame..side - frame).contains(&y);
            let px = if !inside {
                [255, 255, 255]
            } else if y > side * 2 / 3 {
                [245, 166, 35]
            } else {
                [28, 93, 153]
            };
            rgb.extend_from_slice(&px);
        }
    }
    encode_png(side, side, png::ColorType::Rgb, &rgb)
}

fn encode_png(w: usize, h: usize, color: png::ColorType, data: &[u8]) -> Res<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, w as u32, h as u32);
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header()?.write_image_data(data)?;
    }
    Ok(out)
}

/// A verification code in the stored form (12 Crockford base-32 characters by four).
fn code(i: u64) -> String {
    const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut n = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5DEE_CE66_D1CE_4E5B;
    let raw: Vec<u8> = (0..12)
        .map(|_| {
            let c = ALPHABET[(n % 32) as usize];
            n /= 32;
            c
        })
        .collect();
    raw.chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

const NOMBRES: [&str; 10] = [
    "José Luis",
    "María Fernanda",
    "Juan Carlos",
    "Ana Sofía",
    "Luis Ángel",
    "Guadalupe",
    "Miguel",
    "Karla Patricia",
    "Jesús",
    "Verónica",
];
const APELLIDOS: [&str; 12] = [
    "Hernández",
    "García",
    "Martínez",
    "López",
    "González",
    "Rodríguez",
    "Pérez",
    "Sánchez",
    "Ramírez",
    "Treviño",
    "Garza",
    "de la Cruz",
];

/// One worker's DC-3 in a closed course they passed, at a company of 38 workers (the
/// instructor and the employer sign). Worker 0 is José Luis Hernández Rodríguez; each `i`
/// is another worker (name, CURP, position, employee number, code). `firmas`: the
/// instructor's and the employer's signatures (the same on all of a course's DC-3s).
fn sample_dc3(i: usize, firmas: &(Vec<u8>, Vec<u8>)) -> Res<(Dc3, Extras)> {
    const PUESTOS: [&str; 5] = [
        "Técnico de mantenimiento industrial",
        "Operador de montacargas",
        "Supervisor de almacén",
        "Auxiliar de embarques",
        "Jefe de turno de producción",
    ];
    let (nombre, paterno, materno) = if i == 0 {
        ("José Luis", "Hernández", "Rodríguez")
    } else {
        (
            NOMBRES[i % NOMBRES.len()],
            APELLIDOS[(i / 10) % APELLIDOS.len()],
            APELLIDOS[(i / 120 + i + 5) % APELLIDOS.len()],
        )
    };
    // A CURP of the right shape: letters of the name, a birth date, sex, state, check.
    let letter = |s: &str, n: usize| {
        s.chars()
            .filter(|c| c.is_alphabetic())
            .nth(n)
            .map_or('X', |c| match c.to_ascii_uppercase() {
                'Á' | 'á' => 'A',
                'É' | 'é' => 'E',
                'Í' | 'í' => 'I',
                'Ó' | 'ó' => 'O',
                'Ú' | 'ú' => 'U',
                'Ñ' | 'ñ' => 'X',
                c => c.to_ascii_uppercase(),
            })
    };
    let curp = if i == 0 {
        "HERL850312HNLRDS09".to_string()
    } else {
        format!(
            "{}{}{}{}{:02}{:02}{:02}{}NL{}{}{}{}{}",
            letter(paterno, 0),
            letter(paterno, 1),
            letter(materno, 0),
            letter(nombre, 0),
            70 + i % 30,
            1 + i % 12,
            1 + i % 28,
            if i.is_multiple_of(2) { 'H' } else { 'M' },
            letter(paterno, 2),
            letter(materno, 2),
            letter(nombre, 2),
            i % 10,
            (i / 10) % 10
        )
    };
    let fila = Dc3Fila {
        cve_empleado: 4821 + i as i64,
        nombre_empleado: format!("{nombre} {paterno} {materno}"),
        curp: Some(curp),
        ocupacion: Some("04.1".into()),
        ocupacion_nombre: Some("Mecánica".into()),
        puesto: Some(PUESTOS[i % PUESTOS.len()].into()),
        cve_n4: Some(12),
        empresa: Some("Maquinados Treviño".into()),
        razon_social: Some("Treviño Garza Roberto Carlos".into()),
        rfc: Some("TEGR780514K39".into()),
        num_trabajadores: Some(38),
        cve_curso: 731,
        nombre_curso: "Seguridad en el manejo de montacargas y equipo de izaje".into(),
        modalidad: "PRESENCIAL".into(),
        estatus: "cerrado".into(),
        fecha_inicio: "2026-03-09".into(),
        fecha_fin: "2026-03-10".into(),
        cve_tema: 88,
        nombre_tema: "Montacargas".into(),
        meses_certificacion: 12,
        horas_tema: 16.0,
        cve_area: Some(6000),
        area: Some("Seguridad".into()),
        instructor: Some("Ana María Villarreal Cantú".into()),
        instructor_interno: Some(0),
        registro_stps: Some("VICA800101-5A3-0005".into()),
        firma_instructor: Some("firmas/instructores/17.png".into()),
        institucion: Some("Centro de Capacitación Industrial del Norte".into()),
        acreditado: Some(1),
    };
    let d = Dc3 {
        fila,
        horas: 16.0,
        patron: Some(Firmante {
            nombre: "Roberto Carlos Treviño Garza".into(),
            puesto: Some("Propietario".into()),
            firma: Some("firmas/representantes/12-patron.png".into()),
        }),
        trabajadores: None,
        con_comision_mixta: false,
    };
    let missing = dc3::missing(&d);
    if !missing.is_empty() {
        return Err(format!("the sample DC-3 is incomplete: {missing:?}").into());
    }
    let codigo = code(1 + i as u64);
    let x = Extras {
        url_verificacion: format!("{PUBLIC_URL}/verificar/{codigo}"),
        codigo,
        firma_instructor: Some(firmas.0.clone()),
        firma_patron: Some(firmas.1.clone()),
        firma_trabajadores: None,
    };
    Ok((d, x))
}

/// `n` course certificates of one course, each to a different participant.
fn sample_certificates(n: usize) -> Res<Vec<Constancia>> {
    let logo = logo_png(96)?;
    let firma = signature_png(17 * 7 + 3, 360, 120)?;
    Ok((0..n)
        .map(|i| {
            let codigo = code(i as u64 + 1000);
            Constancia {
                empresa: "Grupo Industrial Sierra Madre".into(),
                color: "#1c5d99".into(),
                acento: "#f5a623".into(),
                logo: Some(logo.clone()),
                titular: format!(
                    "{} {} {}",
                    NOMBRES[i % NOMBRES.len()],
                    APELLIDOS[(i / 10) % APELLIDOS.len()],
                    APELLIDOS[(i / 120 + i) % APELLIDOS.len()]
                ),
                curso: "Seguridad en el manejo de montacargas y equipo de izaje".into(),
                horas: 16.0,
                fecha_inicio: "2026-03-09".into(),
                fecha_fin: "2026-03-10".into(),
                instructor: Some("Ana María Villarreal Cantú".into()),
                firma_instructor: Some(firma.clone()),
                calificacion: Some(format!("{:.1}", 8.0 + (i % 21) as f64 / 10.0)),
                temas_bloque: None,
                url_verificacion: format!("{PUBLIC_URL}/verificar/{codigo}"),
                codigo,
            }
        })
        .collect())
}

/// The QR of `data` as an SVG square (quiet zone included), as the PDF draws it.
fn qr_svg(data: &str) -> Res<String> {
    let code = qrcode::QrCode::with_error_correction_level(data, qrcode::EcLevel::M)?;
    let n = code.width();
    let side = n + 8;
    let mut path = String::new();
    for row in 0..n {
        for col in 0..n {
            if code[(col, row)] == qrcode::Color::Dark {
                path.push_str(&format!("M{} {}h1v1h-1z", col + 4, row + 4));
            }
        }
    }
    Ok(format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" shape-rendering="crispEdges"><rect width="{side}" height="{side}" fill="#fff"/><path d="{path}" fill="#000"/></svg>"##
    ))
}

/// What the DC-3 prints, as the form shows it, for the HTML version.
fn dc3_json(d: &Dc3, x: &Extras) -> Res<String> {
    let f = &d.fila;
    let b64 = |b: &Option<Vec<u8>>| {
        b.as_ref()
            .map(|b| base64::engine::general_purpose::STANDARD.encode(b))
    };
    let agente = dc3::agent_text(
        f.instructor_interno,
        f.instructor.as_deref(),
        f.institucion.as_deref(),
        f.registro_stps.as_deref(),
        |quien, r| format!("{quien} — Registro STPS {r}"),
        " (instructor interno)",
    );
    let v = serde_json::json!({
        "nombre": dc3::name_for_form(&f.nombre_empleado),
        "curp": f.curp,
        "ocupacion": format!("{} {}", f.ocupacion.as_deref().unwrap_or(""), f.ocupacion_nombre.as_deref().unwrap_or("")),
        "puesto": f.puesto,
        "razon_social": f.razon_social,
        "rfc": f.rfc,
        "curso": f.nombre_curso,
        "horas": dc3::hours_text(d.horas),
        "inicio": f.fecha_inicio,
        "fin": f.fecha_fin,
        "area": format!("{} {}", f.cve_area.unwrap_or(0), f.area.as_deref().unwrap_or("")),
        "agente": agente,
        "instructor": f.instructor,
        "patron": d.patron.as_ref().map(|p| p.nombre.clone()),
        "firma_instructor": b64(&x.firma_instructor),
        "firma_patron": b64(&x.firma_patron),
        "codigo": x.codigo,
        "url_verificacion": x.url_verificacion,
        "qr_svg": qr_svg(&x.url_verificacion)?,
    });
    Ok(serde_json::to_string_pretty(&v)?)
}

/// (VmHWM, VmRSS) of this process in MB, from /proc/self/status.
fn memory_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// Resets the peak (VmHWM) to the current resident size; false when the kernel refuses.
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn bench_dc3(n: usize, out_dir: Option<&str>) -> Res<()> {
    let firmas = (
        signature_png(17 * 7 + 3, 360, 120)?,
        signature_png(12 * 5 + 1, 360, 120)?,
    );
    let workers = (0..n.max(1))
        .map(|i| sample_dc3(i, &firmas))
        .collect::<Res<Vec<(Dc3, Extras)>>>()?;
    // Warm-up: first-use costs (allocator, page faults, the fonts parsed once per process)
    // are not counted; other workers than the ones measured.
    for i in 0..10 {
        let (d, x) = sample_dc3(n + i, &firmas)?;
        dc3::render(&d, &x).map_err(|e| e.to_string())?;
    }
    let mut first = Vec::new();
    let mut size = 0;
    let started = Instant::now();
    for (i, (d, x)) in workers.iter().enumerate().take(n) {
        let bytes = dc3::render(d, x).map_err(|e| e.to_string())?;
        size += bytes.len();
        if i == 0 {
            first = bytes;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let rate = n as f64 / secs;
    println!(
        "   krilla: {n} DC-3s (a different worker each) in {secs:.2} s on one thread: {rate:.1} DC-3/s, {:.2} ms each, {:.1} KB each",
        secs * 1000.0 / n as f64,
        size as f64 / n.max(1) as f64 / 1024.0
    );
    println!("result dc3_per_s {rate:.1}");
    if let Some(dir) = out_dir {
        let (d, x) = &workers[0];
        std::fs::create_dir_all(dir)?;
        std::fs::write(format!("{dir}/dc3.pdf"), &first)?;
        std::fs::write(format!("{dir}/dc3.json"), dc3_json(d, x)?)?;
    }
    Ok(())
}

fn bench_merged(n: usize, out: Option<&str>) -> Res<()> {
    let certificates = sample_certificates(n)?;
    let (peak_before, rss_before) = memory_mb();
    let reset = reset_peak();
    let started = Instant::now();
    let pages: Vec<Pagina<'_>> = certificates.iter().map(Pagina::Curso).collect();
    let bytes = pdf::document("Constancia — curso 731", &pages).map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    let (peak_after, _) = memory_mb();
    println!(
        "   one PDF of {n} course certificates in {secs:.2} s ({:.2} ms a page), {:.2} MB",
        secs * 1000.0 / n as f64,
        bytes.len() as f64 / 1_048_576.0
    );
    println!(
        "   memory: {rss_before:.1} MB resident before (peak so far {peak_before:.1} MB), peak {peak_after:.1} MB{}",
        if reset {
            " while building it"
        } else {
            " (process lifetime)"
        }
    );
    println!(
        "result merged_s {secs:.2}\nresult merged_mb {:.2}\nresult rss_before_mb {rss_before:.1}\nresult peak_mb {peak_after:.1}",
        bytes.len() as f64 / 1_048_576.0
    );
    if let Some(path) = out {
        std::fs::write(path, &bytes)?;
    }
    Ok(())
}

fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: certificates_bench dc3 [n=500] [out_dir] | merged [n=1000] [out.pdf]";
    let n = |default: usize| -> Res<usize> {
        Ok(match args.get(1) {
            Some(v) => v.parse()?,
            None => default,
        })
    };
    match args.first().map(String::as_str) {
        Some("dc3") => bench_dc3(n(500)?, args.get(2).map(String::as_str)),
        Some("merged") => bench_merged(n(1000)?, args.get(2).map(String::as_str)),
        _ => Err(usage.into()),
    }
}
