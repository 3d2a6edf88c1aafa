//! An e-mail about a course to its people: every enrolled participant and the instructor
//! (external instructors too: they have no login, e-mail is how they hear of the course),
//! with the course's calendar attached and, for participants, the attendance confirmation
//! link.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::correo as db;
use crate::auth::perms::CurrentUser;
use crate::error::{AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::mail::{Adjunto, Mail, html_escape};
use crate::state::AppState;

/// Longest subject.
pub const ASUNTO_MAX: usize = 200;
/// Longest message.
pub const MENSAJE_MAX: usize = 5000;

/// The e-mail to send.
#[derive(Deserialize, ToSchema, Debug)]
pub struct CorreoCurso {
    pub asunto: String,
    pub mensaje: String,
}

/// How many e-mails were sent.
#[derive(Serialize, ToSchema, Debug)]
pub struct CorreoCursoEnviado {
    pub resp: String,
    pub enviados: i64,
}

/// The participant's attendance confirmation page.
pub fn confirmation_link(state: &AppState, cve_inscripcion_ai: i64) -> String {
    format!(
        "{}/menu/confirmar_asistencia/curso/{cve_inscripcion_ai}",
        state.config.public_url.trim_end_matches('/')
    )
}

/// The calendar as an attachment.
pub fn ics_attachment(cve_curso: i64, texto: &str) -> Adjunto {
    Adjunto {
        nombre: format!("curso_{cve_curso}.ics"),
        tipo: super::ics::CONTENT_TYPE.to_string(),
        datos: texto.as_bytes().to_vec(),
    }
}

/// One e-mail: the message, then the links.
fn correo(para: &str, asunto: &str, mensaje: &str, enlaces: &[(&str, String)]) -> Mail {
    let mut text = format!("{mensaje}\n");
    let mut html = format!("<p>{}</p>", html_escape(mensaje).replace('\n', "<br>"));
    for (etiqueta, url) in enlaces {
        text.push_str(&format!("\n{etiqueta}: {url}"));
        html.push_str(&format!(
            "<p>{}: <a href=\"{}\">{}</a></p>",
            html_escape(etiqueta),
            html_escape(url),
            html_escape(url)
        ));
    }
    Mail {
        to: para.to_string(),
        subject: asunto.to_string(),
        text,
        html,
    }
}

/// Sends an e-mail about the course to its enrolled participants and its instructor, the
/// course's calendar attached.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/enviar_correo", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = CorreoCurso,
    responses((status = 200, body = CorreoCursoEnviado), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn send(
    State(state): State<AppState>,
    CurrentUser(_u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<CorreoCurso>,
) -> AppResult<axum::Json<CorreoCursoEnviado>> {
    let asunto = b.asunto.trim();
    let mensaje = b.mensaje.trim();
    let mut fe = FieldErrors::default();
    fe.check(!asunto.is_empty(), "asunto", "validacion.campo_requerido");
    fe.check(!mensaje.is_empty(), "mensaje", "validacion.campo_requerido");
    fe.check_len(asunto, ASUNTO_MAX, "asunto");
    fe.check_len(mensaje, MENSAJE_MAX, "mensaje");
    fe.check(!asunto.contains(['\r', '\n']), "asunto", "validacion.datos");
    fe.into_result()?;

    let (texto, participantes, instructor) = {
        let mut conn = state.db.read.acquire().await?;
        super::access::load(&mut conn, cve_curso).await?;
        let texto = super::ics::of_course(&state, &mut conn, cve_curso).await?;
        let participantes = db::participantes(&mut *conn, cve_curso).await?;
        let instructor = db::instructor(&mut *conn, cve_curso).await?;
        (texto, participantes, instructor)
    };
    let curso = super::ics::course_link(&state, cve_curso);
    let adjunto = ics_attachment(cve_curso, &texto);
    let mut enviados = 0;
    for p in &participantes {
        let m = correo(
            &p.correo,
            asunto,
            mensaje,
            &[
                ("Curso", curso.clone()),
                (
                    "Confirmar asistencia",
                    confirmation_link(&state, p.cve_inscripcion_ai),
                ),
            ],
        );
        if state
            .mailer
            .send_with(m, vec![adjunto.clone()])
            .await
            .is_ok()
        {
            enviados += 1;
        }
    }
    if let Some((_, correo_instructor)) = &instructor {
        let m = correo(correo_instructor, asunto, mensaje, &[("Curso", curso)]);
        if state.mailer.send_with(m, vec![adjunto]).await.is_ok() {
            enviados += 1;
        }
    }
    Ok(axum::Json(CorreoCursoEnviado {
        resp: "Excelente".into(),
        enviados,
    }))
}
