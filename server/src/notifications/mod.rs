//! Notifications: stored per recipient, delivered live (`notification:new`), by e-mail
//! and by Web Push according to each profile's channels. [`notify`] is the API every
//! domain uses to create them.

pub mod db;
mod handlers;
mod notify;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::state::AppState;
use handlers::*;

pub use notify::{Destino, Nueva, check, notify, record};
pub use types::{Canales, Notificacion};

/// The notification type that offers 'Ver Reporte'.
pub const TIPO_PROXIMAS_A_VENCER: &str = "Capacitaciones próximas a vencer";

/// The notifications routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(list_pending_notifications),
        ))
        .routes(secured(state, Rule::Sesion, routes!(get_notification)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(mark_notification_read),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(mark_all_notifications_read),
        ))
        .routes(secured(
            state,
            Rule::Seccion("notificaciones"),
            routes!(list_notifications),
        ))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.enviar_notificaciones"),
            routes!(send_notification),
        ))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.notificaciones"),
            routes!(list_channels, update_channels),
        ))
}
