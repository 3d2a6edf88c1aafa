//! Creating notifications: [`notify`] stores one per recipient and delivers it by the
//! channels of the recipient's profile (live, e-mail, Web Push); [`record`] only stores.

use serde::Deserialize;
use sqlx::SqliteExecutor;
use utoipa::ToSchema;

use super::db::{self, NewNotification, Recipient};
use crate::contract::{NOTIFICACION_CONTENIDO_MAX, NOTIFICACION_TITULO_MAX};
use crate::error::{AppError, AppResult, FieldErrors};
use crate::mail::{Mail, html_escape};
use crate::state::AppState;

/// Who receives a notification.
#[derive(Deserialize, ToSchema, Clone, Debug)]
#[serde(tag = "tipo", rename_all = "snake_case")]
pub enum Destino {
    Empleado { cve_empleado: i64 },
    Lista { lista: Vec<i64> },
    Perfil { idperfil: i64 },
}

/// What a domain wants to tell.
#[derive(Deserialize, ToSchema, Clone, Debug, Default)]
pub struct Nueva {
    pub titulo: String,
    pub contenido: String,
    #[serde(default)]
    pub tipo: Option<String>,
    #[serde(default)]
    pub meeting: Option<String>,
    #[serde(default)]
    pub recurso: Option<String>,
    #[serde(default)]
    pub recurso_id: Option<String>,
    #[serde(default)]
    pub icono: Option<String>,
    #[serde(default)]
    pub idsolicitud: Option<i64>,
    /// Who or what sent it (a name or a module).
    #[serde(default)]
    pub origen: Option<String>,
}

/// Checks title and content lengths and that links are http(s) or site paths.
pub fn check(n: &Nueva) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    fe.check(
        !n.titulo.trim().is_empty(),
        "titulo",
        "validacion.campo_requerido",
    );
    fe.check_len(&n.titulo, NOTIFICACION_TITULO_MAX, "titulo");
    fe.check(
        !n.contenido.trim().is_empty(),
        "contenido",
        "validacion.campo_requerido",
    );
    fe.check_len(&n.contenido, NOTIFICACION_CONTENIDO_MAX, "contenido");
    for (field, v) in [("meeting", &n.meeting), ("recurso", &n.recurso)] {
        if let Some(u) = v.as_deref().filter(|u| !u.is_empty()) {
            let ok = url::Url::parse(u).is_ok_and(|p| matches!(p.scheme(), "https" | "http"))
                || u.starts_with('/');
            fe.check(ok, field, "validacion.url");
        }
    }
    fe.into_result()
}

/// The row of `n` for one recipient, by the channels given.
fn row<'a>(
    n: &'a Nueva,
    cve: i64,
    (web, correo, movil): (i64, i64, i64),
    destino: &'a str,
    estatus: i64,
    fecha_hora: &'a str,
) -> NewNotification<'a> {
    NewNotification {
        cve_empleado: cve,
        titulo: n.titulo.trim(),
        contenido: n.contenido.trim(),
        tipo: n.tipo.as_deref().unwrap_or_default(),
        web,
        mobile: movil,
        correo,
        meeting: n.meeting.as_deref().filter(|s| !s.is_empty()),
        recurso: n.recurso.as_deref().filter(|s| !s.is_empty()),
        recurso_id: n.recurso_id.as_deref(),
        icono: n.icono.as_deref(),
        origen: n.origen.as_deref().unwrap_or_default(),
        destino,
        idsolicitud: n.idsolicitud,
        estatus,
        fecha_hora,
    }
}

/// Stores a web notification for one employee with the date and read state given,
/// without delivering it (the demo loader's history). Returns its id.
pub async fn record<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    n: &Nueva,
    estatus: i64,
    fecha_hora: &str,
) -> AppResult<i64> {
    check(n)?;
    let destino = format!("empleado:{cve}");
    let r = row(n, cve, (1, 0, 0), &destino, estatus, fecha_hora);
    Ok(db::insert(db, &r).await?)
}

/// Creates notifications for the recipients, honouring each one's profile channels
/// (web, e-mail, mobile push). Returns how many were stored.
pub async fn notify(state: &AppState, destino: &Destino, n: &Nueva) -> AppResult<usize> {
    check(n)?;
    let (recipients, destino_txt): (Vec<Recipient>, String) = match destino {
        Destino::Empleado { cve_empleado } => (
            db::recipients_among(&mut *state.db.read.acquire().await?, &[*cve_empleado]).await?,
            format!("empleado:{cve_empleado}"),
        ),
        Destino::Lista { lista } => (
            db::recipients_among(&mut *state.db.read.acquire().await?, lista).await?,
            format!("lista:{}", lista.len()),
        ),
        Destino::Perfil { idperfil } => (
            db::recipients_with_profile(&state.db.read, *idperfil).await?,
            format!("perfil:{idperfil}"),
        ),
    };
    if recipients.is_empty() {
        return Err(AppError::unprocessable("notificaciones.sin_destinatarios"));
    }
    let now = state.now_iso();
    let mut stored: Vec<(i64, Recipient)> = Vec::with_capacity(recipients.len());
    let mut tx = state.db.begin().await?;
    for r in recipients {
        let new = row(
            n,
            r.cve_empleado,
            (r.web, r.correo, r.movil),
            &destino_txt,
            1,
            &now,
        );
        let id = db::insert(&mut *tx, &new).await?;
        stored.push((id, r));
    }
    tx.commit().await?;
    let count = stored.len();
    let nomcia = crate::settings::company_name(state).await;
    for (id, r) in stored {
        let Some(notif) = db::load(&state.db.read, id).await? else {
            continue;
        };
        let cve = r.cve_empleado;
        if r.web == 1 {
            state
                .realtime
                .to_employee(cve, "notification:new", &notif)
                .await;
        }
        if r.correo == 1
            && let Some(to) = r.correo_empleado
        {
            let nombre = &r.nombre_empleado;
            let link = format!(
                "{}/menu/notificaciones",
                state.config.public_url.trim_end_matches('/')
            );
            state.mailer.send_later(Mail {
                to,
                subject: format!("{nomcia}: {}", notif.titulo),
                text: format!(
                    "Hola {nombre}:\n\n{}\n\n{}\n\nConsulta tus notificaciones en {link}\n",
                    notif.titulo, notif.contenido
                ),
                html: format!(
                    "<p>Hola {}:</p><h3>{}</h3><p>{}</p><p><a href=\"{}\">Ver mis notificaciones</a></p>",
                    html_escape(nombre),
                    html_escape(&notif.titulo),
                    html_escape(&notif.contenido),
                    html_escape(&link)
                ),
            });
        }
        if r.movil == 1 && !state.realtime.is_online(cve) {
            crate::push::send_to_employee(
                state,
                cve,
                crate::push::Payload {
                    titulo: notif.titulo.clone(),
                    contenido: notif.contenido.clone(),
                    url: format!("/menu/notificaciones?id={id}"),
                    tipo: "notificacion".into(),
                    id,
                },
            );
        }
    }
    Ok(count)
}
