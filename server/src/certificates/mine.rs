//! Mis constancias: a participant's certificates — the DC-3 and the course certificate of
//! every closed course they passed — with what is still missing, and one merged PDF of
//! several; for analysts, all of a course's certificates as one PDF or a zip.

use std::io::Write;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::pdf::{Pagina, document};
use super::{
    SECCION_CONSTANCIAS, check_holder, constancia, course_certificate_data, db, dc3, form_session,
    pdf_response, prepare_course_certificate, prepare_dc3,
};
use crate::auth::perms::{CurrentUser, Scope};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Form, Path};
use crate::i18n::{current_lang, message};
use crate::state::AppState;

/// The DC-3 of a course in one's list.
#[derive(Serialize, ToSchema)]
pub struct MiDc3 {
    /// The course's modality carries a DC-3 (not virtual).
    pub aplica: bool,
    /// It can be downloaded now (nothing missing).
    pub disponible: bool,
    /// What is missing, in the caller's language.
    pub faltantes: Vec<String>,
    /// Its verification code once issued.
    pub codigo: Option<String>,
}

/// A course one passed and its certificates.
#[derive(Serialize, ToSchema)]
pub struct MiConstancia {
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub horas: f64,
    pub dc3: MiDc3,
    /// The course certificate's code once issued.
    pub codigo_constancia: Option<String>,
}

/// The caller's certificates: every closed course they passed, newest first.
#[utoipa::path(get, path = "/api/pri/certificados/mis_constancias", tag = "certificates",
    responses((status = 200, body = Vec<MiConstancia>)))]
pub(super) async fn my_certificates(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<MiConstancia>>> {
    let lang = current_lang();
    let mut conn = state.db.read.acquire().await?;
    let mut out = Vec::new();
    for (cve_curso, modalidad) in db::passed_courses(&mut conn, u.cve_empleado).await? {
        let Some(fila) = db::dc3(&mut conn, u.cve_empleado, cve_curso).await? else {
            continue;
        };
        let horas = dc3::hours(&mut conn, &fila).await?;
        let aplica = dc3::carries_dc3(&modalidad);
        let faltantes: Vec<String> = if aplica {
            let d = dc3::gather(&mut conn, u.cve_empleado, cve_curso).await?;
            dc3::missing(&d)
                .values()
                .map(|c| message(c, lang, &[]))
                .collect()
        } else {
            Vec::new()
        };
        let codigo_dc3 = db::valid_for_course(&mut conn, "dc3", cve_curso, u.cve_empleado)
            .await?
            .map(|c| c.codigo);
        let codigo_constancia = db::valid_for_course(&mut conn, "curso", cve_curso, u.cve_empleado)
            .await?
            .map(|c| c.codigo);
        out.push(MiConstancia {
            cve_curso,
            nombre_curso: fila.nombre_curso,
            fecha_inicio: fila.fecha_inicio,
            fecha_fin: fila.fecha_fin,
            horas,
            dc3: MiDc3 {
                aplica,
                disponible: aplica && faltantes.is_empty(),
                faltantes,
                codigo: codigo_dc3,
            },
            codigo_constancia,
        });
    }
    Ok(axum::Json(out))
}

/// A completed block of one's plan and its certificate's code once issued.
#[derive(Serialize, ToSchema)]
pub struct MiBloque {
    pub id_bloque: i64,
    pub nombre_bloque: String,
    /// The first and last accreditation dates of its topics.
    pub desde: String,
    pub hasta: String,
    pub total_horas: f64,
    pub codigo: Option<String>,
}

/// One's certificates beside the courses': completed blocks and authorised external
/// certifications.
#[derive(Serialize, ToSchema)]
pub struct OtrasConstancias {
    pub bloques: Vec<MiBloque>,
    pub externas: Vec<super::db::external::MiExterna>,
}

/// The caller's completed blocks (every topic accredited and valid) and authorised external
/// certifications, for Mis constancias.
#[utoipa::path(get, path = "/api/pri/certificados/mis_constancias/otras", tag = "certificates",
    responses((status = 200, body = OtrasConstancias)))]
pub(super) async fn my_other_certificates(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<OtrasConstancias>> {
    let hoy = crate::plans::today(&state);
    let mut conn = state.db.read.acquire().await?;
    let completed =
        match crate::plans::consult::completed_blocks(&mut conn, u.cve_empleado, hoy).await {
            Ok(b) => b,
            // Without a place in the structure one has no plan, hence no blocks.
            Err(e) if e.status == StatusCode::NOT_FOUND => Vec::new(),
            Err(e) => return Err(e),
        };
    let mut bloques = Vec::with_capacity(completed.len());
    for b in completed {
        let codigo = db::valid_for_block(&mut conn, b.id_bloque, u.cve_empleado)
            .await?
            .map(|c| c.codigo);
        bloques.push(MiBloque {
            id_bloque: b.id_bloque,
            nombre_bloque: b.nombre_bloque,
            desde: b.desde,
            hasta: b.hasta,
            total_horas: b.total_horas,
            codigo,
        });
    }
    drop(conn);
    let externas = super::external::authorised_of(&state, u.cve_empleado).await?;
    Ok(axum::Json(OtrasConstancias { bloques, externas }))
}

/// Several certificates of one employee in one PDF, posted as a form in a new tab.
#[derive(Deserialize, ToSchema)]
pub struct VariasForm {
    pub cve_empleado: i64,
    /// Comma-separated `dc3:<cve_curso>` and `curso:<cve_curso>`, in the PDF's order.
    pub certificados: String,
    pub token: String,
}

/// At most this many certificates go into one merged PDF.
const MAX_VARIAS: usize = 50;

/// Parses `dc3:12,curso:12` (400 `validacion.certificados` when malformed, empty or longer
/// than 50).
fn parse_items(s: &str) -> AppResult<Vec<(&'static str, i64)>> {
    let bad = || AppError::bad_request("validacion.certificados");
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (kind, id) = part.split_once(':').ok_or_else(bad)?;
        let kind = match kind.trim() {
            "dc3" => "dc3",
            "curso" => "curso",
            _ => return Err(bad()),
        };
        let id: i64 = id.trim().parse().map_err(|_| bad())?;
        if !out.contains(&(kind, id)) {
            out.push((kind, id));
        }
    }
    if out.is_empty() || out.len() > MAX_VARIAS {
        return Err(bad());
    }
    Ok(out)
}

/// What one page of a batch prints.
enum Hoja {
    Dc3(Box<dc3::Dc3>, dc3::Extras),
    Curso(Box<constancia::Constancia>),
}

async fn sheet(
    state: &AppState,
    kind: &str,
    cve_empleado: i64,
    cve_curso: i64,
    por: i64,
) -> AppResult<Hoja> {
    if kind == "dc3" {
        let d = {
            let mut conn = state.db.read.acquire().await?;
            dc3::gather(&mut conn, cve_empleado, cve_curso).await?
        };
        dc3::check(&d)?;
        let (_, extras) = prepare_dc3(state, &d, por, "descarga").await?;
        Ok(Hoja::Dc3(Box::new(d), extras))
    } else {
        let (fila, horas) = course_certificate_data(state, cve_empleado, cve_curso).await?;
        Ok(Hoja::Curso(Box::new(
            prepare_course_certificate(state, &fila, horas, por).await?,
        )))
    }
}

async fn render_sheets(title: String, hojas: Vec<Hoja>) -> AppResult<Vec<u8>> {
    tokio::task::spawn_blocking(move || {
        let pages: Vec<Pagina<'_>> = hojas
            .iter()
            .map(|h| match h {
                Hoja::Dc3(d, x) => Pagina::Dc3(d, x),
                Hoja::Curso(c) => Pagina::Curso(c),
            })
            .collect();
        document(&title, &pages)
    })
    .await
    .map_err(AppError::internal)?
}

/// Several certificates of one employee (their own, or within the caller's scope with
/// `cursos.constancias`) as one PDF shown inline, in the order asked. Each must be available
/// (the DC-3's and course certificate's own 404 / 422 otherwise); each is issued and its
/// delivery recorded as with a single download.
#[utoipa::path(post, path = "/api/pri/certificados/varias", tag = "certificates",
    request_body(content = VariasForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "application/pdf", description = "the certificates, one per page"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn download_several(
    State(state): State<AppState>,
    Form(f): Form<VariasForm>,
) -> AppResult<Response> {
    let u = form_session(&state, &f.token).await?;
    check_holder(&state, &u, f.cve_empleado).await?;
    let items = parse_items(&f.certificados)?;
    let mut hojas = Vec::with_capacity(items.len());
    for (kind, curso) in items {
        hojas.push(sheet(&state, kind, f.cve_empleado, curso, u.cve_empleado).await?);
    }
    let bytes = render_sheets("Constancias".to_string(), hojas).await?;
    Ok(pdf_response(
        bytes,
        &format!("Constancias-{}.pdf", f.cve_empleado),
    ))
}

/// A course's certificates of one kind for every participant, as one PDF or a zip.
#[derive(Deserialize, ToSchema)]
pub struct LoteForm {
    /// dc3 | curso
    pub tipo: String,
    /// pdf (one PDF, a page each) | zip (a PDF each)
    pub formato: String,
    pub token: String,
}

/// Every accredited participant's certificate of a course (within the caller's scope; section
/// `cursos.constancias`) as one PDF or a zip of PDFs named by employee number. Participants
/// whose DC-3 still lacks data are left out (the follow-up lists them); 422
/// `certificados.lote_vacio` when none can be issued.
#[utoipa::path(post, path = "/api/pri/certificados/curso/{cve_curso}/lote", tag = "certificates",
    params(("cve_curso" = i64, Path)),
    request_body(content = LoteForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "application/pdf", description = "one PDF, or application/zip"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
pub(super) async fn download_course_batch(
    State(state): State<AppState>,
    Path(cve_curso): Path<i64>,
    Form(f): Form<LoteForm>,
) -> AppResult<Response> {
    let u = form_session(&state, &f.token).await?;
    if !u.can(&state, SECCION_CONSTANCIAS) {
        return Err(AppError::forbidden("auth.sin_permiso")
            .arg("seccion", state.perms.section_name(SECCION_CONSTANCIAS)));
    }
    let kind = match f.tipo.as_str() {
        "dc3" => "dc3",
        "curso" => "curso",
        _ => return Err(AppError::bad_request("validacion.certificados")),
    };
    let zip = match f.formato.as_str() {
        "pdf" => false,
        "zip" => true,
        _ => return Err(AppError::bad_request("validacion.certificados")),
    };
    let supervisor = match u.scope {
        Scope::Todos => None,
        Scope::Subordinados(me) | Scope::Propio(me) => Some(me),
    };
    let people = {
        let mut conn = state.db.read.acquire().await?;
        db::accredited(&mut conn, cve_curso, supervisor).await?
    };
    let mut hojas = Vec::new();
    for p in people {
        if matches!(u.scope, Scope::Propio(me) if me != p.cve_empleado) {
            continue;
        }
        match sheet(&state, kind, p.cve_empleado, cve_curso, u.cve_empleado).await {
            Ok(h) => hojas.push((p.num_empleado, h)),
            // Incomplete data or a modality without DC-3: left out of the batch.
            Err(e)
                if e.status == StatusCode::UNPROCESSABLE_ENTITY
                    || e.status == StatusCode::NOT_FOUND => {}
            Err(e) => return Err(e),
        }
    }
    if hojas.is_empty() {
        return Err(AppError::unprocessable("certificados.lote_vacio"));
    }
    let prefix = if kind == "dc3" { "DC3" } else { "Constancia" };
    if !zip {
        let bytes = render_sheets(
            format!("{prefix} — curso {cve_curso}"),
            hojas.into_iter().map(|(_, h)| h).collect(),
        )
        .await?;
        return Ok(pdf_response(
            bytes,
            &format!("{prefix}-curso-{cve_curso}.pdf"),
        ));
    }
    let bytes = tokio::task::spawn_blocking(move || -> AppResult<Vec<u8>> {
        let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (num, h) in &hojas {
            let page = match h {
                Hoja::Dc3(d, x) => Pagina::Dc3(d, x),
                Hoja::Curso(c) => Pagina::Curso(c),
            };
            let pdf = document(&format!("{prefix} {num}"), &[page])?;
            let safe: String = num
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            out.start_file(format!("{prefix}-{safe}.pdf"), options)
                .map_err(AppError::internal)?;
            out.write_all(&pdf).map_err(AppError::internal)?;
        }
        Ok(out.finish().map_err(AppError::internal)?.into_inner())
    })
    .await
    .map_err(AppError::internal)??;
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!(
        "attachment; filename=\"{prefix}-curso-{cve_curso}.zip\""
    )) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_are_read_in_order_without_repeats_and_bounded() {
        assert_eq!(
            parse_items("dc3:12, curso:12,dc3:12").expect("ok"),
            vec![("dc3", 12), ("curso", 12)]
        );
        assert!(parse_items("").is_err());
        assert!(parse_items("pdf:1").is_err());
        assert!(parse_items("dc3:x").is_err());
        let many: Vec<String> = (0..51).map(|i| format!("curso:{i}")).collect();
        assert!(parse_items(&many.join(",")).is_err());
    }
}
