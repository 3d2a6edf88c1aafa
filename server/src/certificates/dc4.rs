//! The DC-4 (lista de constancias de competencias o de habilidades laborales): every DC-3 a
//! company owes for the courses that ended in a plan year — the worker, the course and its
//! training agent — as the STPS list, in PDF (landscape pages with the employer's data) and
//! xlsx, or as JSON for the screen.

use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use krilla::Document;
use krilla::color::rgb;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::db::{self, FilaDc4};
use super::dc3::{carries_dc3, hours_text};
use super::pdf::{Align, Fonts, LETTER, Pen};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::state::AppState;

/// Which DC-4 and in which form.
#[derive(Deserialize, IntoParams)]
pub struct FiltroDc4 {
    /// The company (N4).
    pub cve_n4: i64,
    /// AAAA; the company's current year when left out.
    pub anio: Option<i32>,
    /// json (default) | pdf | xlsx
    pub formato: Option<String>,
}

/// One line of the list.
#[derive(Serialize, ToSchema, Clone)]
pub struct LineaDc4 {
    pub numero: i64,
    pub nombre_empleado: String,
    pub curp: String,
    pub ocupacion: String,
    pub nombre_curso: String,
    pub area_tematica: String,
    pub horas: f64,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub agente_capacitador: String,
    /// The DC-3's verification code once issued.
    pub codigo: Option<String>,
}

/// The list with its employer's data.
#[derive(Serialize, ToSchema)]
pub struct ListaDc4 {
    pub anio: i32,
    pub empresa: String,
    pub razon_social: String,
    pub rfc: String,
    pub registro_patronal: String,
    pub lineas: Vec<LineaDc4>,
}

fn agent(f: &FilaDc4) -> String {
    super::dc3::agent_text(
        f.instructor_interno,
        f.instructor.as_deref(),
        f.institucion.as_deref(),
        f.registro_stps.as_deref(),
        |quien, r| format!("{quien} ({r})"),
        " (interno)",
    )
}

/// Builds the list of company `cve_n4` for `anio`; 404 when it is not a company.
pub async fn build(state: &AppState, cve_n4: i64, anio: i32) -> AppResult<ListaDc4> {
    let mut conn = state.db.read.acquire().await?;
    let (empresa, razon, rfc, registro) = db::employer(&mut conn, cve_n4)
        .await?
        .ok_or_else(AppError::not_found)?;
    let filas = db::dc4(
        &mut conn,
        cve_n4,
        &format!("{anio}-01-01"),
        &format!("{anio}-12-31"),
    )
    .await?;
    let lineas = filas
        .into_iter()
        .filter(|f| carries_dc3(&f.modalidad))
        .enumerate()
        .map(|(i, f)| LineaDc4 {
            numero: i as i64 + 1,
            horas: if f.minutos > 0 {
                f.minutos as f64 / 60.0
            } else {
                f.horas_tema
            },
            agente_capacitador: agent(&f),
            nombre_empleado: f.nombre_empleado,
            curp: f.curp.unwrap_or_default(),
            ocupacion: f.ocupacion.unwrap_or_default(),
            nombre_curso: f.nombre_curso,
            area_tematica: f.cve_area.map(|a| a.to_string()).unwrap_or_default(),
            fecha_inicio: f.fecha_inicio,
            fecha_fin: f.fecha_fin,
            codigo: f.codigo,
        })
        .collect();
    Ok(ListaDc4 {
        anio,
        razon_social: razon.unwrap_or_else(|| empresa.clone()),
        empresa,
        rfc: rfc.unwrap_or_default(),
        registro_patronal: registro.unwrap_or_default(),
        lineas,
    })
}

const COLUMNS: [(&str, f32); 10] = [
    ("No.", 24.0),
    ("Nombre del trabajador", 120.0),
    ("CURP", 92.0),
    ("Ocupación", 44.0),
    ("Nombre del curso", 112.0),
    ("Área temática", 42.0),
    ("Horas", 30.0),
    ("Periodo", 92.0),
    ("Agente capacitador", 110.0),
    ("Código de verificación", 66.0),
];

fn cells(l: &LineaDc4) -> [String; 10] {
    [
        l.numero.to_string(),
        l.nombre_empleado.clone(),
        l.curp.clone(),
        l.ocupacion.clone(),
        l.nombre_curso.clone(),
        l.area_tematica.clone(),
        hours_text(l.horas),
        format!("{} a {}", l.fecha_inicio, l.fecha_fin),
        l.agente_capacitador.clone(),
        l.codigo.clone().unwrap_or_default(),
    ]
}

/// The list as landscape Letter pages, the employer's data and column titles on each.
pub fn pdf(list: &ListaDc4) -> AppResult<Vec<u8>> {
    let fonts = Fonts::load()?;
    let (w, h) = (LETTER.1, LETTER.0);
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(format!("DC-4 {} {}", list.razon_social, list.anio))
            .creator("Aula".to_string()),
    );
    let row_h = 22.0;
    let top = 110.0;
    let per_page = ((h - top - 40.0) / row_h).floor().max(1.0) as usize;
    let chunks: Vec<&[LineaDc4]> = if list.lineas.is_empty() {
        vec![&[]]
    } else {
        list.lineas.chunks(per_page).collect()
    };
    let total = chunks.len();
    for (n, chunk) in chunks.iter().enumerate() {
        let settings =
            PageSettings::from_wh(w, h).ok_or_else(|| AppError::internal("page size"))?;
        let mut page = doc.start_page_with(settings);
        {
            let mut surface = page.surface();
            let mut p = Pen {
                s: &mut surface,
                fonts,
            };
            let ink = rgb::Color::black();
            let grey = rgb::Color::new(85, 85, 85);
            p.fit(
                (30.0, 22.0, w - 60.0, 14.0),
                "FORMATO DC-4 — LISTA DE CONSTANCIAS DE COMPETENCIAS O DE HABILIDADES LABORALES",
                11.0,
                8.0,
                true,
                Align::Center,
                ink,
            );
            let datos = format!(
                "Nombre o razón social: {}    RFC: {}    Registro patronal: {}    Año: {}",
                list.razon_social, list.rfc, list.registro_patronal, list.anio
            );
            p.fit(
                (30.0, 44.0, w - 60.0, 14.0),
                &datos,
                8.5,
                6.0,
                false,
                Align::Left,
                ink,
            );
            p.fit(
                (30.0, 62.0, w - 60.0, 12.0),
                "Constancias expedidas a los trabajadores que acreditaron los cursos del programa de capacitación, adiestramiento y productividad.",
                7.0,
                5.5,
                false,
                Align::Left,
                grey,
            );
            // Column titles.
            let mut x = 30.0;
            p.rect(
                30.0,
                top - 24.0,
                w - 60.0,
                22.0,
                rgb::Color::new(64, 64, 64),
            );
            for (title, cw) in COLUMNS {
                p.fit(
                    (x + 2.0, top - 24.0, cw - 4.0, 22.0),
                    title,
                    6.5,
                    5.0,
                    true,
                    Align::Left,
                    rgb::Color::white(),
                );
                x += cw;
            }
            let mut y = top;
            for l in *chunk {
                let mut x = 30.0;
                for ((_, cw), text) in COLUMNS.iter().zip(cells(l)) {
                    p.fit(
                        (x + 2.0, y, cw - 4.0, row_h),
                        &text,
                        7.0,
                        5.0,
                        false,
                        Align::Left,
                        ink,
                    );
                    x += cw;
                }
                p.line((30.0, y + row_h), (w - 30.0, y + row_h), 0.4, grey);
                y += row_h;
            }
            if list.lineas.is_empty() {
                p.fit(
                    (30.0, y + 6.0, w - 60.0, 14.0),
                    "Sin constancias en el año.",
                    9.0,
                    7.0,
                    false,
                    Align::Left,
                    grey,
                );
            }
            p.fit(
                (30.0, h - 28.0, w - 60.0, 10.0),
                &format!("Página {} de {total}", n + 1),
                7.0,
                6.0,
                false,
                Align::Right,
                grey,
            );
            surface.finish();
        }
        page.finish();
    }
    doc.finish()
        .map_err(|e| AppError::internal(format!("DC-4 PDF: {e:?}")))
}

/// The list as an xlsx sheet (the employer's data above the table; text cells only).
pub fn xlsx(list: &ListaDc4) -> AppResult<Vec<u8>> {
    use rust_xlsxwriter::{Format, Workbook};
    let mut wb = Workbook::new();
    let bold = Format::new().set_bold();
    let ws = wb.add_worksheet();
    ws.set_name("DC-4").map_err(AppError::internal)?;
    let header = [
        ("Nombre o razón social", list.razon_social.as_str()),
        ("RFC", list.rfc.as_str()),
        ("Registro patronal", list.registro_patronal.as_str()),
    ];
    for (r, (k, v)) in header.iter().enumerate() {
        ws.write_string_with_format(r as u32, 0, *k, &bold)
            .map_err(AppError::internal)?;
        ws.write_string(r as u32, 1, *v)
            .map_err(AppError::internal)?;
    }
    ws.write_string_with_format(3, 0, "Año", &bold)
        .map_err(AppError::internal)?;
    ws.write_number(3, 1, f64::from(list.anio))
        .map_err(AppError::internal)?;
    let first = 5;
    for (c, (title, _)) in COLUMNS.iter().enumerate() {
        ws.write_string_with_format(first, c as u16, *title, &bold)
            .map_err(AppError::internal)?;
    }
    for (i, l) in list.lineas.iter().enumerate() {
        let r = first + 1 + i as u32;
        for (c, text) in cells(l).into_iter().enumerate() {
            match c {
                0 => ws.write_number(r, 0, l.numero as f64),
                6 => ws.write_number(r, 6, l.horas),
                _ => ws.write_string(r, c as u16, text),
            }
            .map_err(AppError::internal)?;
        }
    }
    wb.save_to_buffer().map_err(AppError::internal)
}

fn file(bytes: Vec<u8>, content_type: &'static str, name: String) -> Response {
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    res
}

/// The DC-4 of a company for a plan year: JSON for the screen, or the PDF / xlsx to file
/// with the STPS. 404 for a key that is not a company; 400 for another format or year.
#[utoipa::path(get, path = "/api/pri/certificados/dc4", tag = "certificates", params(FiltroDc4),
    responses((status = 200, body = ListaDc4, description = "JSON, or the PDF / xlsx file"),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_dc4(
    State(state): State<AppState>,
    Query(f): Query<FiltroDc4>,
) -> AppResult<Response> {
    let anio = match f.anio {
        Some(a) => a,
        None => {
            let cia = crate::settings::load(&state).await?;
            chrono::Datelike::year(&crate::courses::schedule::hoy_local(
                &state,
                crate::courses::schedule::zona(&cia),
            ))
        }
    };
    if !(2000..=2100).contains(&anio) {
        return Err(AppError::bad_request("validacion.fecha"));
    }
    let list = build(&state, f.cve_n4, anio).await?;
    match f.formato.as_deref().unwrap_or("json") {
        "json" => Ok(axum::Json(list).into_response()),
        "pdf" => {
            let name = format!("DC-4-{}-{anio}.pdf", f.cve_n4);
            let bytes = tokio::task::spawn_blocking(move || pdf(&list))
                .await
                .map_err(AppError::internal)??;
            Ok(file(bytes, "application/pdf", name))
        }
        "xlsx" => {
            let name = format!("DC-4-{}-{anio}.xlsx", f.cve_n4);
            let bytes = tokio::task::spawn_blocking(move || xlsx(&list))
                .await
                .map_err(AppError::internal)??;
            Ok(file(
                bytes,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                name,
            ))
        }
        _ => Err(AppError::bad_request("validacion.formato")),
    }
}
