//! Request and response types of the training resources, one per kind.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Institution: name, contact, phone and e-mail required.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
pub struct Institucion {
    #[serde(default)]
    pub cve_institucion: i64,
    pub nombre: String,
    pub contacto: String,
    /// Digits and dashes.
    pub telefono: String,
    pub correo: String,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

/// Instructor: internal (an employee) or external (no platform access).
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
pub struct Instructor {
    #[serde(default)]
    pub cve_instructor: i64,
    /// 1 internal (an employee), 0 external.
    pub interno: i64,
    #[serde(default)]
    pub cve_empleado: Option<i64>,
    /// Letters only.
    pub nombre: String,
    pub correo: String,
    pub usuario: String,
    pub especialidad: String,
    pub rfc: String,
    /// STPS registration number of the instructor or training agent.
    #[serde(default)]
    pub registro_stps: Option<String>,
    #[serde(default)]
    pub cve_institucion: Option<i64>,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
    #[serde(default, skip_deserializing)]
    #[sqlx(default)]
    pub firma_url: Option<String>,
    #[serde(skip)]
    #[sqlx(default)]
    pub firma: Option<String>,
}

/// Venue: name, Google Maps (or any http/https) URL, address, sketch image.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
pub struct Sede {
    #[serde(default)]
    pub cve_sede: i64,
    pub nombre: String,
    #[serde(default)]
    pub url_mapa: Option<String>,
    #[serde(default)]
    pub direccion: Option<String>,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
    #[serde(default, skip_deserializing)]
    #[sqlx(default)]
    pub croquis_url: Option<String>,
    #[serde(skip)]
    #[sqlx(default)]
    pub croquis: Option<String>,
}

/// Room of a venue: name and capacity.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
pub struct Sala {
    #[serde(default)]
    pub cve_sala: i64,
    pub cve_sede: i64,
    pub nombre: String,
    pub capacidad: i64,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

/// The answer to a create or edit.
#[derive(Serialize, ToSchema)]
pub struct Creado {
    pub resp: String,
    pub id: i64,
}

/// The answer to an image upload.
#[derive(Serialize, ToSchema)]
pub struct ImagenResp {
    pub resp: String,
    pub url: String,
}
