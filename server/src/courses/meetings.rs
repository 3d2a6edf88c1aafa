//! Online meetings of virtual and streaming courses behind one interface: a link typed by
//! hand, a Jitsi Meet room on the company's Jitsi server, or (see `teams`) a Microsoft
//! Teams online meeting created through Microsoft Graph.

use axum::extract::State;
use rand::Rng;
use rand::distr::Alphanumeric;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::settings::Cia;
use crate::state::AppState;

/// The public Jitsi server used when the company names none.
pub const JITSI_DEFAULT: &str = "https://meet.jit.si";

/// What a meeting is about: the course's name and its first and last instants (UTC).
#[derive(Debug, Clone)]
pub struct Evento {
    pub titulo: String,
    pub inicio: String,
    pub fin: String,
}

/// A created meeting: its join link and the provider's id (to delete it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reunion {
    pub url: String,
    pub id: Option<String>,
}

/// A meeting provider.
pub enum MeetingProvider<'a> {
    /// A link typed by hand.
    Manual(String),
    /// A room on a Jitsi server (base URL without trailing slash).
    Jitsi(String),
    /// Microsoft Teams through Graph with the company's credentials.
    Teams(super::teams::Teams<'a>),
}

impl<'a> MeetingProvider<'a> {
    /// The provider of a meeting type, with the company's settings; None for 'ninguna'.
    pub fn of(
        state: &'a AppState,
        cia: &Cia,
        tipo: &str,
        url: Option<&str>,
    ) -> Option<MeetingProvider<'a>> {
        match tipo {
            "manual" => Some(MeetingProvider::Manual(
                url.unwrap_or_default().trim().to_string(),
            )),
            "jitsi" => {
                let base = cia.jitsi_servidor.trim().trim_end_matches('/');
                let base = if base.is_empty() { JITSI_DEFAULT } else { base };
                Some(MeetingProvider::Jitsi(base.to_string()))
            }
            "teams" => Some(MeetingProvider::Teams(super::teams::Teams::new(state, cia))),
            _ => None,
        }
    }

    /// Creates the meeting; a provider failure is 422 `cursos.reunion_fallo`.
    pub async fn create(&self, e: &Evento) -> AppResult<Reunion> {
        match self {
            MeetingProvider::Manual(url) => Ok(Reunion {
                url: url.clone(),
                id: None,
            }),
            MeetingProvider::Jitsi(base) => Ok(Reunion {
                url: format!("{base}/Aula-{}", sala_aleatoria()),
                id: None,
            }),
            MeetingProvider::Teams(t) => t.create(e).await,
        }
    }

    /// Deletes a meeting the provider holds (only Teams keeps anything).
    pub async fn delete(&self, id: &str) -> AppResult<()> {
        match self {
            MeetingProvider::Teams(t) => t.delete(id).await,
            _ => Ok(()),
        }
    }
}

/// 20 random letters and digits: a Jitsi room name nobody guesses.
fn sala_aleatoria() -> String {
    rand::rng()
        .sample_iter(&Alphanumeric)
        .take(20)
        .map(char::from)
        .collect()
}

/// Deletes a course's meeting at its provider; a failure is logged, not raised (the
/// course's own change must not wait on the provider).
pub async fn delete_quietly(state: &AppState, cia: &Cia, tipo: &str, id: Option<&str>) {
    let Some(id) = id else { return };
    if let Some(p) = MeetingProvider::of(state, cia, tipo, None)
        && let Err(e) = p.delete(id).await
    {
        tracing::warn!(error = ?e, meeting = id, "the provider's meeting could not be deleted");
    }
}

/// The 422 of a failing provider.
pub fn fallo(detalle: impl std::fmt::Display) -> AppError {
    tracing::warn!(error = %detalle, "meeting provider failed");
    AppError::unprocessable("cursos.reunion_fallo")
}

/// The meeting to (re)create; without a type, the course's current one.
#[derive(Deserialize, ToSchema, Debug, Default)]
pub struct ReunionBody {
    /// manual | jitsi | teams
    pub reunion_tipo: Option<String>,
    /// The link of a manual meeting.
    pub reunion_url: Option<String>,
}

/// The course's new meeting.
#[derive(Serialize, ToSchema, Debug)]
pub struct ReunionCurso {
    pub resp: String,
    pub reunion_tipo: String,
    pub reunion_url: Option<String>,
}

/// Creates a meeting at its provider; meant to run BEFORE the write transaction that
/// stores it, so no writer waits on the provider. Pair with [`undo`] if that transaction
/// then fails. None for 'ninguna'.
pub async fn create_before_saving<'a>(
    state: &'a AppState,
    cia: &Cia,
    tipo: &str,
    url: Option<&str>,
    e: &Evento,
) -> AppResult<Option<(MeetingProvider<'a>, Reunion)>> {
    match MeetingProvider::of(state, cia, tipo, url) {
        Some(p) => {
            let r = p.create(e).await?;
            Ok(Some((p, r)))
        }
        None => Ok(None),
    }
}

/// Deletes a meeting created for a write that did not commit (logged, not raised).
pub async fn undo(creada: &Option<(MeetingProvider<'_>, Reunion)>) {
    if let Some((p, Reunion { id: Some(id), .. })) = creada
        && let Err(e) = p.delete(id).await
    {
        tracing::warn!(error = ?e, meeting = id, "a meeting of an unsaved change could not be deleted");
    }
}

/// A course's meeting event from its stored sessions.
async fn evento_de(
    conn: &mut sqlx::SqliteConnection,
    c: &super::db::base::CursoBase,
) -> AppResult<Evento> {
    let sesiones = super::db::cursos::sesiones(&mut *conn, c.cve_curso).await?;
    Ok(Evento {
        titulo: c.nombre_corto.clone(),
        inicio: sesiones
            .first()
            .map(|s| s.inicio.clone())
            .unwrap_or_default(),
        fin: sesiones.last().map(|s| s.fin.clone()).unwrap_or_default(),
    })
}

/// An open online course (VIRTUAL or STREAMING), else 409/422.
fn en_linea(c: &super::db::base::CursoBase) -> AppResult<()> {
    c.abierto()?;
    if c.modalidad != "VIRTUAL" && c.modalidad != "STREAMING" {
        return Err(AppError::unprocessable("cursos.reunion_no_aplica"));
    }
    Ok(())
}

/// (Re)creates the course's meeting: the new one is created at the provider first (no
/// write transaction waits on it), then stored; the previous one is deleted at its
/// provider after the commit. A provider failure changes nothing (422 `cursos.reunion_fallo`).
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/reunion", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = ReunionBody,
    responses((status = 200, body = ReunionCurso), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn recreate(
    State(state): State<AppState>,
    CurrentUser(_u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<ReunionBody>,
) -> AppResult<axum::Json<ReunionCurso>> {
    let cia = crate::settings::load(&state).await?;
    let (evento, anterior_tipo, anterior_id, tipo) = {
        let mut conn = state.db.read.acquire().await?;
        let c = super::access::load(&mut conn, cve_curso).await?;
        en_linea(&c)?;
        let d = super::db::cursos::detalle(&mut *conn, cve_curso)
            .await?
            .ok_or_else(AppError::not_found)?;
        let id = super::db::cursos::reunion_id(&mut *conn, cve_curso).await?;
        let tipo = b
            .reunion_tipo
            .as_deref()
            .map(|t| t.trim().to_lowercase())
            .unwrap_or_else(|| d.reunion_tipo.clone());
        (evento_de(&mut conn, &c).await?, d.reunion_tipo, id, tipo)
    };
    let url = b
        .reunion_url
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let mut fe = FieldErrors::default();
    fe.check(
        ["manual", "jitsi", "teams"].contains(&tipo.as_str()),
        "reunion_tipo",
        "cursos.reunion_tipo",
    );
    if tipo == "manual" {
        let u = url.unwrap_or("");
        fe.check_len(u, crate::contract::URL_MAX, "reunion_url");
        fe.check(
            crate::resources::is_http_url(u),
            "reunion_url",
            "validacion.url",
        );
    }
    fe.into_result()?;
    let creada = create_before_saving(&state, &cia, &tipo, url, &evento).await?;
    let (nueva_url, nuevo_id) = creada
        .as_ref()
        .map(|(_, r)| (Some(r.url.clone()), r.id.clone()))
        .unwrap_or_default();
    let now = state.now_iso();
    let written = async {
        let mut tx = state.db.begin().await?;
        let c = super::access::load(&mut tx, cve_curso).await?;
        en_linea(&c)?;
        super::db::reuniones::set_reunion(
            &mut tx,
            cve_curso,
            &tipo,
            nueva_url.as_deref(),
            nuevo_id.as_deref(),
            &now,
        )
        .await?;
        tx.commit().await?;
        Ok::<(), AppError>(())
    }
    .await;
    if let Err(e) = written {
        undo(&creada).await;
        return Err(e);
    }
    delete_quietly(&state, &cia, &anterior_tipo, anterior_id.as_deref()).await;
    Ok(axum::Json(ReunionCurso {
        resp: "Excelente".into(),
        reunion_tipo: tipo,
        reunion_url: nueva_url,
    }))
}

/// Removes the course's meeting (deleted at its provider after the commit).
#[utoipa::path(delete, path = "/api/pri/cursos/{cve_curso}/reunion", tag = "courses",
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub(super) async fn remove(
    State(state): State<AppState>,
    CurrentUser(_u): CurrentUser,
    Path(cve_curso): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    let cia = crate::settings::load(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let c = super::access::load(&mut tx, cve_curso).await?;
    c.abierto()?;
    let tipo = super::db::cursos::detalle(&mut *tx, cve_curso)
        .await?
        .map(|d| d.reunion_tipo)
        .unwrap_or_default();
    let id = super::db::cursos::reunion_id(&mut *tx, cve_curso).await?;
    super::db::reuniones::set_reunion(&mut tx, cve_curso, "ninguna", None, None, &now).await?;
    tx.commit().await?;
    delete_quietly(&state, &cia, &tipo, id.as_deref()).await;
    Ok(Resp::ok())
}

#[cfg(test)]
mod tests {
    use super::sala_aleatoria;

    #[test]
    fn a_jitsi_room_name_is_twenty_letters_and_digits() {
        let a = sala_aleatoria();
        assert_eq!(a.len(), 20);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, sala_aleatoria());
    }
}
