//! What the chat answers: messages, conversations and employee suggestions.

use serde::Serialize;
use utoipa::ToSchema;

/// Who sent a message.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Autor {
    pub clave: i64,
}

/// A chat message (spec: Chat message).
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Mensaje {
    pub id: i64,
    pub chat_id: i64,
    pub empleado: Autor,
    pub para: i64,
    #[serde(rename = "type")]
    pub tipo: String,
    pub mensaje: String,
    /// Signed link to the image (img messages), valid one hour, for one participant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub fecha: String,
    pub estatus: i64,
}

/// A participant of a conversation.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Participante {
    pub clave: i64,
    pub nombre: String,
    pub foto: Option<String>,
}

/// The latest message of a conversation, as the list shows it.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct UltimoMensaje {
    pub empleado: Autor,
    pub mensaje: String,
    #[serde(rename = "type")]
    pub tipo: String,
    pub fecha: String,
    pub estatus: i64,
}

/// A conversation (spec: Chat).
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct Chat {
    pub id: i64,
    pub empleado1: Participante,
    pub empleado2: Participante,
    pub ultimo_mensaje: Option<UltimoMensaje>,
    pub no_leidos: i64,
    /// When the other person was last seen (their presence change).
    pub ultima_conexion: Option<String>,
}

/// An employee the autocomplete offers.
#[derive(Serialize, ToSchema, sqlx::FromRow, Clone, Debug)]
pub struct EmpleadoSugerido {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub foto_empleado: Option<String>,
}
