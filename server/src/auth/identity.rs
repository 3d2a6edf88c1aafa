//! Account identifiers (e-mail, CURP, RFC): who may change them and what a change does.
//! Only someone who holds every permission of the account may change its identifiers;
//! a change ends the account's sessions, voids its password, reset links and pending
//! e-mail changes, and tells the old and the new address (docs/permisos.md, "Account
//! identifiers").

use sqlx::SqliteConnection;

use super::db::{self, identity};
use super::session;
use crate::error::{AppError, AppResult};
use crate::mail::{Mail, html_escape};
use crate::state::AppState;

/// Why the sessions of an account whose identifiers changed ended.
pub const MOTIVO: &str = "identificadores";
/// The refusal when the actor lacks some permission of the account.
pub const PROTEGIDOS: &str = "auth.identificadores_protegidos";

/// The login identifiers of an account, as stored (normalised).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identifiers {
    pub correo: Option<String>,
    pub curp: Option<String>,
    pub rfc: Option<String>,
}

impl Identifiers {
    /// Builds them, blank values counting as none.
    pub fn new(correo: Option<&str>, curp: Option<&str>, rfc: Option<&str>) -> Identifiers {
        let clean = |v: Option<&str>| {
            v.map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
        };
        Identifiers {
            correo: clean(correo),
            curp: clean(curp),
            rfc: clean(rfc),
        }
    }

    /// The first identifier that differs from `other`: "correo", "curp" or "rfc".
    pub fn first_change(&self, other: &Identifiers) -> Option<&'static str> {
        if self.correo != other.correo {
            Some("correo")
        } else if self.curp != other.curp {
            Some("curp")
        } else if self.rfc != other.rfc {
            Some("rfc")
        } else {
            None
        }
    }
}

/// What an identifier change leaves to do once its transaction has committed.
#[derive(Debug, Default)]
pub struct Aftermath {
    pub sessions: Vec<String>,
    pub nombre: String,
    pub before: Identifiers,
    pub after: Identifiers,
}

/// Fails with 403 unless the profiles `actor` hold every permission of `target`'s
/// profiles (and a scope at least as wide).
pub async fn check_may_change(
    conn: &mut SqliteConnection,
    actor: &[i64],
    target: i64,
) -> AppResult<()> {
    if identity::holds_all_permissions(conn, actor, target).await? {
        Ok(())
    } else {
        Err(AppError::forbidden(PROTEGIDOS))
    }
}

/// Whether the profiles `actor` may change `target`'s identifiers.
pub async fn may_change(
    conn: &mut SqliteConnection,
    actor: &[i64],
    target: i64,
) -> AppResult<bool> {
    Ok(identity::holds_all_permissions(conn, actor, target).await?)
}

/// Inside the caller's transaction: voids the account's password, grants and pending
/// e-mail changes and ends its sessions. `now` is Unix seconds, `now_iso` ISO 8601.
/// After commit, hand the answer to [`announce`].
pub async fn void_account(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    now: i64,
    now_iso: &str,
) -> AppResult<Vec<String>> {
    identity::void_credentials(conn, cve_empleado, now, now_iso).await?;
    Ok(db::end_sessions_of(conn, cve_empleado, MOTIVO, now).await?)
}

/// Whether an account was made by self-registration (an upload that matches it must not
/// inherit its credentials).
pub async fn is_self_registered(conn: &mut SqliteConnection, cve_empleado: i64) -> AppResult<bool> {
    Ok(identity::is_self_registered(conn, cve_empleado).await?)
}

/// Every profile an employee holds (an upload acts with all of its uploader's profiles,
/// since they may switch to any of them).
pub async fn profiles_of(state: &AppState, cve_empleado: i64) -> AppResult<Vec<i64>> {
    Ok(db::permissions::profiles_of(&state.db.read, cve_empleado)
        .await?
        .into_iter()
        .map(|(id, _, _)| id)
        .collect())
}

/// Unix seconds of an ISO 8601 instant as `AppState::now_iso` writes it (0 when invalid).
pub fn unix_of(iso: &str) -> i64 {
    chrono::NaiveDateTime::parse_from_str(iso, "%Y-%m-%dT%H:%M:%SZ")
        .map(|d| d.and_utc().timestamp())
        .unwrap_or(0)
}

/// After commit: tells the ended sessions' sockets, and e-mails the old and the new
/// address (or the one address when only CURP or RFC changed).
pub async fn announce(state: &AppState, a: Aftermath) {
    session::announce_ended(state, &a.sessions, MOTIVO).await;
    let cia = crate::settings::company_name(state).await;
    let url = format!("{}/login", state.config.public_url.trim_end_matches('/'));
    let nombre = a.nombre.as_str();
    let recover = "Por seguridad cerramos tus sesiones y tu contraseña anterior ya no es válida: define una nueva con «¿Olvidaste tu contraseña?»";
    match (&a.before.correo, &a.after.correo) {
        (old, new) if old != new => {
            let new_text = new.as_deref().unwrap_or("(ninguno)");
            if let Some(old) = old {
                send(
                    state,
                    old,
                    format!("{cia}: el correo de tu cuenta cambió"),
                    nombre,
                    &format!(
                        "El correo de acceso de tu cuenta cambió de {old} a {new_text}. {recover}. Si no reconoces este cambio, avisa de inmediato a Recursos Humanos o al administrador."
                    ),
                    &url,
                );
            }
            if let Some(new) = new {
                send(
                    state,
                    new,
                    format!("{cia}: este es ahora el correo de tu cuenta"),
                    nombre,
                    &format!(
                        "Este correo es ahora el de acceso a tu cuenta de capacitación. {recover} en {url}. Si no esperabas este correo, ignóralo."
                    ),
                    &url,
                );
            }
        }
        (Some(to), _) => {
            send(
                state,
                to,
                format!("{cia}: los datos de acceso de tu cuenta cambiaron"),
                nombre,
                &format!(
                    "Los datos de acceso de tu cuenta (CURP, RFC o registro) cambiaron. {recover}. Si no reconoces este cambio, avisa de inmediato a Recursos Humanos o al administrador."
                ),
                &url,
            );
        }
        _ => {}
    }
}

fn send(state: &AppState, to: &str, subject: String, nombre: &str, body: &str, url: &str) {
    state.mailer.send_later(Mail {
        to: to.to_string(),
        subject,
        text: format!("Hola {nombre}:\n\n{body}\n\n{url}\n"),
        html: format!(
            "<p>Hola {}:</p><p>{}</p><p><a href=\"{}\">{}</a></p>",
            html_escape(nombre),
            html_escape(body),
            html_escape(url),
            html_escape(url)
        ),
    });
}
