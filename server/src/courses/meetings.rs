//! Online meetings of virtual and streaming courses behind one interface: a link typed by
//! hand, a Jitsi Meet room on the company's Jitsi server, or (see `teams`) a Microsoft
//! Teams online meeting created through Microsoft Graph.

use rand::Rng;
use rand::distr::Alphanumeric;

use crate::error::{AppError, AppResult};
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
