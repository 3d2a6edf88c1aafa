//! Certificates: the STPS DC-3 of each accredited participant of a course (checked before
//! download, printed as the official one-page form), a public verification code with a QR
//! on every certificate, and the public page that checks one. See `docs/certificados.md`.

pub mod calendar;
pub mod constancia;
pub mod db;
pub mod dc3;
pub mod dc4;
pub mod external;
pub mod issue;
pub mod mine;
pub mod pdf;
pub mod tracking;

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, SessionUser, authorize, check_scope, secured};
use crate::auth::ratelimit::{self, Limit};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{ClientIp, Form, Path};
use crate::http::Resp;
use crate::state::AppState;

/// Follow the DC-3s owed and download any employee's certificates within one's scope.
/// Written in pieces: the message-catalogue scan takes every `cursos.*` literal for a code.
pub const SECCION_CONSTANCIAS: &str = concat!("cursos", ".", "constancias");

/// The DC-4 list (`plantilla_DC4`).
pub const SECCION_PLANTILLA_DC4: &str = concat!("cursos", ".", "plantilla_dc4");

/// Public look-ups of certificate codes per client address.
const VERIFICAR_POR_IP: Limit = Limit {
    scope: "verificar:ip",
    max: 30,
    window_secs: 60,
};

/// Every route of the certificates domain.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(validate_dc3)))
        // A form posted in a new tab: the session token comes in the form, not a header.
        .routes(secured(state, Rule::Anonimo, routes!(download_dc3)))
        .routes(secured(
            state,
            Rule::Anonimo,
            routes!(download_course_certificate),
        ))
        .routes(secured(
            state,
            Rule::Anonimo,
            routes!(download_block_certificate),
        ))
        .routes(secured(state, Rule::Anonimo, routes!(verify_certificate)))
        .routes(secured(state, Rule::Sesion, routes!(mine::my_certificates)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(mine::my_other_certificates),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_PLANTILLA_DC4),
            routes!(dc4::get_dc4),
        ))
        .routes(secured(
            state,
            Rule::Anonimo,
            routes!(mine::download_several),
        ))
        .routes(secured(
            state,
            Rule::Anonimo,
            routes!(mine::download_course_batch),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_CONSTANCIAS),
            routes!(tracking::follow_up),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_CONSTANCIAS),
            routes!(tracking::course_follow_up),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_CONSTANCIAS),
            routes!(tracking::send_course_dc3),
        ))
        .merge(external::router(state))
}

/// Whether `u` may have `cve_empleado`'s certificates: their own, or anyone in their scope
/// with the certificates section.
pub(crate) async fn check_holder(
    state: &AppState,
    u: &SessionUser,
    cve_empleado: i64,
) -> AppResult<()> {
    if u.cve_empleado == cve_empleado {
        return Ok(());
    }
    if !u.can(state, SECCION_CONSTANCIAS) {
        return Err(AppError::forbidden("auth.sin_permiso")
            .arg("seccion", state.perms.section_name(SECCION_CONSTANCIAS)));
    }
    check_scope(state, u.scope, cve_empleado).await
}

/// Checks the DC-3 of an employee in a course before it is downloaded: 'Excelente' when it
/// can be issued, 404 'No se encontro información del curso' (no such course or seat, or a
/// modality without DC-3), or 422 'El curso tiene datos incompletos' with each missing datum
/// in `fields`, numbered in the form's order.
#[utoipa::path(get, path = "/api/pri/cursos/actions/ver_participantes/descargar/dc3/{cve_empleado}/{cve_curso}",
    tag = "certificates",
    params(("cve_empleado" = i64, Path), ("cve_curso" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn validate_dc3(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve_empleado, cve_curso)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Resp>> {
    check_holder(&state, &u, cve_empleado).await?;
    let mut conn = state.db.read.acquire().await?;
    let d = dc3::gather(&mut conn, cve_empleado, cve_curso).await?;
    dc3::check(&d)?;
    Ok(Resp::ok())
}

/// The form the client posts in a new tab for a DC-3 (spec section 7).
#[derive(Deserialize, ToSchema)]
pub struct Dc3Form {
    pub cve_curso: i64,
    pub cve_empleado: i64,
    /// The caller's session token.
    pub token: String,
}

/// A PDF answered inline (shown by the browser in the tab the form opened).
pub(crate) fn pdf_response(bytes: Vec<u8>, filename: &str) -> Response {
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    let safe: String = filename
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if let Ok(v) = HeaderValue::from_str(&format!("inline; filename=\"{safe}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    res
}

/// The DC-3 of an employee in a course, as a PDF shown inline. The form carries the session
/// token (401 without a valid one); the same checks as the validation call apply (403 out of
/// scope, 404, 422 with the missing data). The certificate and its verification code are
/// issued on the first download, which also records the delivery.
#[utoipa::path(post, path = "/api/pri/certificados/dc3", tag = "certificates",
    request_body(content = Dc3Form, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "application/pdf", description = "the DC-3"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn download_dc3(
    State(state): State<AppState>,
    Form(f): Form<Dc3Form>,
) -> AppResult<Response> {
    let u = form_session(&state, &f.token).await?;
    check_holder(&state, &u, f.cve_empleado).await?;
    let d = {
        let mut conn = state.db.read.acquire().await?;
        dc3::gather(&mut conn, f.cve_empleado, f.cve_curso).await?
    };
    dc3::check(&d)?;
    let (_, bytes) = issue_dc3(&state, d, u.cve_empleado, "descarga").await?;
    Ok(pdf_response(
        bytes,
        &format!("DC3-{}-{}.pdf", f.cve_empleado, f.cve_curso),
    ))
}

/// The session of a form posted in a new tab (401 without a valid one).
pub(crate) async fn form_session(state: &AppState, token: &str) -> AppResult<SessionUser> {
    match authorize(state, Rule::Sesion, Some(token.trim())).await? {
        crate::auth::perms::Principal::Usuario(u) => Ok(u),
        _ => Err(AppError::unauthorized("auth.requiere_sesion")),
    }
}

/// The course certificate of an employee, as a PDF shown inline: for an accredited
/// participant of a closed course of any modality (404 without the course or seat, 422 with
/// what is missing), in the company's colours, with the code and QR that verify it. Issued
/// on the first download, which records the delivery.
#[utoipa::path(post, path = "/api/pri/certificados/curso", tag = "certificates",
    request_body(content = Dc3Form, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "application/pdf", description = "the certificate"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn download_course_certificate(
    State(state): State<AppState>,
    Form(f): Form<Dc3Form>,
) -> AppResult<Response> {
    let u = form_session(&state, &f.token).await?;
    check_holder(&state, &u, f.cve_empleado).await?;
    let (fila, horas) = course_certificate_data(&state, f.cve_empleado, f.cve_curso).await?;
    let c = prepare_course_certificate(&state, &fila, horas, u.cve_empleado).await?;
    let bytes = tokio::task::spawn_blocking(move || constancia::render(&c))
        .await
        .map_err(AppError::internal)??;
    Ok(pdf_response(
        bytes,
        &format!("Constancia-{}-{}.pdf", f.cve_empleado, f.cve_curso),
    ))
}

/// The form of a block certificate.
#[derive(Deserialize, ToSchema)]
pub struct ConstanciaBloqueForm {
    pub id_bloque: i64,
    pub cve_empleado: i64,
    /// The caller's session token.
    pub token: String,
}

/// The block certificate of an employee, as a PDF shown inline: for a block of their plan
/// whose every topic is accredited and valid (422 `certificados.bloque_incompleto`
/// otherwise), in the company's colours with the block's topics, its hours, and the code
/// and QR that verify it. Issued on the first download, which records the delivery.
#[utoipa::path(post, path = "/api/pri/certificados/bloque", tag = "certificates",
    request_body(content = ConstanciaBloqueForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, content_type = "application/pdf", description = "the certificate"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn download_block_certificate(
    State(state): State<AppState>,
    Form(f): Form<ConstanciaBloqueForm>,
) -> AppResult<Response> {
    let u = form_session(&state, &f.token).await?;
    check_holder(&state, &u, f.cve_empleado).await?;
    let hoy = crate::plans::today(&state);
    let (bloque, titular) = {
        let mut conn = state.db.read.acquire().await?;
        let bloque = crate::plans::consult::completed_blocks(&mut conn, f.cve_empleado, hoy)
            .await?
            .into_iter()
            .find(|b| b.id_bloque == f.id_bloque)
            .ok_or_else(|| AppError::unprocessable("certificados.bloque_incompleto"))?;
        let titular = db::holder_name(&mut conn, f.cve_empleado)
            .await?
            .ok_or_else(AppError::not_found)?;
        (bloque, titular)
    };
    let now = state.now_iso();
    let certificado = {
        let mut tx = state.db.begin().await?;
        let c = issue::for_block(
            &mut tx,
            &issue::DeBloque {
                cve_empleado: f.cve_empleado,
                id_bloque: f.id_bloque,
                titulo: &bloque.nombre_bloque,
                titular: &titular,
                fecha_inicio: &bloque.desde,
                fecha_fin: &bloque.hasta,
                vigencia: &bloque.vigencia,
            },
            &now,
            Some(u.cve_empleado),
        )
        .await?;
        db::mark_delivered(&mut tx, c.id_certificado, &now, "descarga").await?;
        tx.commit().await?;
        c
    };
    let cia = crate::settings::load(&state).await?;
    let c = constancia::Constancia {
        empresa: cia.nomcia.clone(),
        color: cia.color_fondo_header.clone(),
        acento: cia.color_1_grafica.clone(),
        logo: match cia.logo.trim().strip_prefix("/api/pub/archivos/") {
            Some(key) => state.storage.get(key).await.ok().map(|b| b.to_vec()),
            None => None,
        },
        titular,
        curso: bloque.nombre_bloque.clone(),
        horas: bloque.total_horas,
        fecha_inicio: bloque.desde.clone(),
        fecha_fin: bloque.hasta.clone(),
        instructor: None,
        firma_instructor: None,
        calificacion: None,
        temas_bloque: Some(bloque.temas.clone()),
        url_verificacion: verification_url(&state, &certificado.codigo),
        codigo: certificado.codigo,
    };
    let bytes = tokio::task::spawn_blocking(move || constancia::render(&c))
        .await
        .map_err(AppError::internal)??;
    Ok(pdf_response(
        bytes,
        &format!("Constancia-bloque-{}-{}.pdf", f.cve_empleado, f.id_bloque),
    ))
}

/// Issues (or finds) the holder's certificate of kind `tipo` for the course and records its
/// delivery by `medio` ('descarga' | 'correo'), in one transaction.
async fn issue_delivered(
    state: &AppState,
    tipo: &str,
    fila: &db::Dc3Fila,
    por: i64,
    medio: &str,
) -> AppResult<db::Certificado> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = issue::for_course(
        &mut tx,
        &issue::DeCurso {
            tipo,
            cve_empleado: fila.cve_empleado,
            cve_curso: fila.cve_curso,
            titulo: &fila.nombre_curso,
            titular: &fila.nombre_empleado,
            fecha_inicio: &fila.fecha_inicio,
            fecha_fin: &fila.fecha_fin,
            meses_certificacion: fila.meses_certificacion,
        },
        &now,
        Some(por),
    )
    .await?;
    db::mark_delivered(&mut tx, c.id_certificado, &now, medio).await?;
    tx.commit().await?;
    Ok(c)
}

/// Issues (or finds) a checked DC-3's certificate, records its delivery by `medio`
/// ('descarga' | 'correo') and gathers what its page draws beside the data.
pub async fn prepare_dc3(
    state: &AppState,
    d: &dc3::Dc3,
    por: i64,
    medio: &str,
) -> AppResult<(db::Certificado, dc3::Extras)> {
    let certificado = issue_delivered(state, "dc3", &d.fila, por, medio).await?;
    let extras = dc3::Extras {
        url_verificacion: verification_url(state, &certificado.codigo),
        codigo: certificado.codigo.clone(),
        firma_instructor: dc3::signature(state, &d.fila.firma_instructor).await,
        firma_patron: match &d.patron {
            Some(p) => dc3::signature(state, &p.firma).await,
            None => None,
        },
        firma_trabajadores: match &d.trabajadores {
            Some(p) => dc3::signature(state, &p.firma).await,
            None => None,
        },
    };
    Ok((certificado, extras))
}

/// [`prepare_dc3`], then the DC-3's PDF.
pub async fn issue_dc3(
    state: &AppState,
    d: dc3::Dc3,
    por: i64,
    medio: &str,
) -> AppResult<(db::Certificado, Vec<u8>)> {
    let (certificado, extras) = prepare_dc3(state, &d, por, medio).await?;
    let bytes = tokio::task::spawn_blocking(move || dc3::render(&d, &extras))
        .await
        .map_err(AppError::internal)??;
    Ok((certificado, bytes))
}

/// A participant's course certificate: what it prints, or 404 (no course or seat, cancelled)
/// / 422 (not closed, not accredited).
pub(crate) async fn course_certificate_data(
    state: &AppState,
    cve_empleado: i64,
    cve_curso: i64,
) -> AppResult<(db::Dc3Fila, f64)> {
    let mut conn = state.db.read.acquire().await?;
    let fila = db::dc3(&mut conn, cve_empleado, cve_curso)
        .await?
        .filter(|c| c.estatus != "cancelado")
        .ok_or_else(dc3::no_course)?;
    let horas = dc3::hours(&mut conn, &fila).await?;
    let mut faltan = std::collections::BTreeMap::new();
    if fila.estatus != "cerrado" {
        faltan.insert("01_curso_cerrado".to_string(), "certificados.falta_cierre");
    } else if fila.acreditado != Some(1) {
        faltan.insert(
            "02_acreditado".to_string(),
            "certificados.falta_acreditacion",
        );
    }
    if !faltan.is_empty() {
        return Err(AppError::checklist(
            StatusCode::UNPROCESSABLE_ENTITY,
            "certificados.constancia_incompleta",
            faltan,
        ));
    }
    Ok((fila, horas))
}

/// Issues (or finds) a course certificate, records its delivery and builds what it prints.
pub(crate) async fn prepare_course_certificate(
    state: &AppState,
    fila: &db::Dc3Fila,
    horas: f64,
    por: i64,
) -> AppResult<constancia::Constancia> {
    let certificado = issue_delivered(state, "curso", fila, por, "descarga").await?;
    let cia = crate::settings::load(state).await?;
    let logo = match cia.logo.trim().strip_prefix("/api/pub/archivos/") {
        Some(key) => state.storage.get(key).await.ok().map(|b| b.to_vec()),
        None => None,
    };
    Ok(constancia::Constancia {
        empresa: if cia.nomcia.trim().is_empty() {
            fila.empresa.clone().unwrap_or_default()
        } else {
            cia.nomcia.clone()
        },
        color: cia.color_fondo_header.clone(),
        acento: cia.color_1_grafica.clone(),
        logo,
        titular: fila.nombre_empleado.clone(),
        curso: fila.nombre_curso.clone(),
        horas,
        fecha_inicio: fila.fecha_inicio.clone(),
        fecha_fin: fila.fecha_fin.clone(),
        instructor: fila.instructor.clone(),
        firma_instructor: dc3::signature(state, &fila.firma_instructor).await,
        calificacion: None,
        temas_bloque: None,
        url_verificacion: verification_url(state, &certificado.codigo),
        codigo: certificado.codigo,
    })
}

/// The public address that verifies a certificate.
pub fn verification_url(state: &AppState, codigo: &str) -> String {
    format!(
        "{}/verificar/{codigo}",
        state.config.public_url.trim_end_matches('/')
    )
}

/// What anyone holding a certificate's code may learn: the holder's name partly masked, what
/// it certifies, its dates and whether it is valid, expired or revoked — nothing else.
#[derive(Serialize, ToSchema)]
pub struct Verificacion {
    pub codigo: String,
    /// dc3 | curso | bloque
    pub tipo: String,
    /// The holder's name, each word but the first reduced to its initial ("Luis H. R.").
    pub titular: String,
    pub titulo: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    /// '9999-12-31' when it does not expire.
    pub vigencia: String,
    pub emitido: String,
    /// vigente | vencido | revocado
    pub estado: String,
    pub fecha_revocacion: Option<String>,
}

/// "Luis Hernández Rodríguez" → "Luis H. R.".
pub fn mask_name(nombre: &str) -> String {
    let mut words = nombre.split_whitespace();
    let Some(first) = words.next() else {
        return String::new();
    };
    let mut out = first.to_string();
    for w in words {
        if let Some(c) = w.chars().next() {
            out.push(' ');
            out.extend(c.to_uppercase());
            out.push('.');
        }
    }
    out
}

/// Checks a certificate by its code (public; 30 look-ups a minute per address, 429 beyond):
/// 404 `certificados.codigo_no_encontrado` for a code that is malformed or unknown.
#[utoipa::path(get, path = "/api/pub/certificados/verificar/{codigo}", tag = "certificates",
    params(("codigo" = String, Path)),
    responses((status = 200, body = Verificacion), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn verify_certificate(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(codigo): Path<String>,
) -> AppResult<axum::Json<Verificacion>> {
    ratelimit::hit(&state, &[(VERIFICAR_POR_IP, &ip)]).await?;
    let not_found = || AppError::new(StatusCode::NOT_FOUND, "certificados.codigo_no_encontrado");
    let codigo = issue::normalize_code(&codigo).ok_or_else(not_found)?;
    let mut conn = state.db.read.acquire().await?;
    let c = db::by_code(&mut conn, &codigo)
        .await?
        .ok_or_else(not_found)?;
    let hoy = crate::courses::enrolment::hoy(&state)
        .await?
        .format("%Y-%m-%d")
        .to_string();
    let estado = if c.revocado.is_some() {
        "revocado"
    } else if c.vigencia.as_str() < hoy.as_str() {
        "vencido"
    } else {
        "vigente"
    };
    Ok(axum::Json(Verificacion {
        codigo: c.codigo,
        tipo: c.tipo,
        titular: mask_name(&c.titular),
        titulo: c.titulo,
        fecha_inicio: c.fecha_inicio,
        fecha_fin: c.fecha_fin,
        vigencia: c.vigencia,
        emitido: c.emitido,
        estado: estado.into(),
        fecha_revocacion: c.revocado,
    }))
}

/// Revokes the valid certificates of a course (a reopened course, a corrected result): for
/// every holder, or one. The verification page says so at once. Returns how many.
pub async fn revoke_for_course(
    conn: &mut sqlx::SqliteConnection,
    cve_curso: i64,
    cve_empleado: Option<i64>,
    cuando: &str,
    motivo: &str,
) -> AppResult<u64> {
    Ok(db::revoke_for_course(conn, cve_curso, cve_empleado, cuando, motivo).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_masked_to_initials_after_the_first() {
        assert_eq!(mask_name("Luis Hernández Rodríguez"), "Luis H. R.");
        assert_eq!(mask_name("Ángel  Órtiz"), "Ángel Ó.");
        assert_eq!(mask_name(""), "");
    }
}
