//! 1:1 chat between employees: conversations, messages (text 1–100 characters or a
//! png/jpeg image), read state, and the employee autocomplete. Every message is
//! committed before anyone is told about it.

pub mod db;
mod handlers;
mod messages;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::state::AppState;
use handlers::*;

pub use messages::{check_recipient, conversations_of, history, mark_read, record_text, send_text};
pub use types::{Autor, Chat, EmpleadoSugerido, Mensaje, Participante, UltimoMensaje};

/// Messages per history page (spec: 50 ordered by date).
pub const PAGE: i64 = 50;
/// Longest text message.
pub const MAX_TEXT: usize = 100;
/// Conversations listed per side of the pair (spec: 5 per side).
pub const LIST_PER_SIDE: i64 = 5;
/// Lifetime of a signed image link.
const IMAGE_LINK_TTL: i64 = 3600;

/// The section that opens the chat: every chat route and socket event needs it.
pub const SECCION: &str = "barra.chat";

/// The chat routes (the image download is checked by its signed link instead).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let chat = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, chat, routes!(send_message)))
        .routes(secured(state, chat, routes!(send_image)))
        .routes(secured(state, chat, routes!(list_chats)))
        .routes(secured(state, chat, routes!(list_messages)))
        .routes(secured(state, chat, routes!(suggest_employees)))
        .routes(secured(state, Rule::Anonimo, routes!(get_image)))
}
