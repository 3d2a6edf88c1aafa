//! What the notifications answer: a notification and a profile's channels.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A notification (spec entity Notification).
#[derive(Serialize, ToSchema, Clone, Debug, sqlx::FromRow)]
pub struct Notificacion {
    pub idnotificacion: i64,
    pub titulo: String,
    pub contenido: String,
    pub tipo: String,
    pub web: i64,
    pub mobile: i64,
    pub meeting: Option<String>,
    pub fecha_hora: String,
    pub fecha: String,
    pub origen: String,
    pub destino: String,
    /// 1 unread, 2 read.
    pub estatus: i64,
    pub recurso: Option<String>,
    pub recurso_id: Option<String>,
    pub icono: Option<String>,
    pub idsolicitud: Option<i64>,
    #[sqlx(skip)]
    #[schema(value_type = Option<Object>)]
    pub solicitud: Option<serde_json::Value>,
}

/// The notification channels of a profile.
#[derive(Serialize, Deserialize, ToSchema, sqlx::FromRow)]
pub struct Canales {
    pub idperfil: i64,
    #[serde(default)]
    pub perfil: String,
    pub web: i64,
    pub correo: i64,
    pub movil: i64,
}
