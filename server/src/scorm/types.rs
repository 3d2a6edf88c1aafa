//! Request and response types of the SCORM domain.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::manifest::Item;

/// A topic's SCORM package.
#[derive(Serialize, ToSchema)]
pub struct PaqueteScorm {
    pub id_paquete: i64,
    pub cve_tema: i64,
    /// The package's key (`clave_scorm` of the planned topic).
    pub clave_scorm: String,
    /// "1.2" | "2004"
    pub version: String,
    /// 2004 edition: "2" | "3" | "4".
    pub edicion: Option<String>,
    pub titulo: String,
    /// Content version: each upload adds one.
    pub revision: i64,
    /// Attempts a learner may open (0 = unlimited).
    pub intentos: i64,
    /// Files in the package.
    pub archivos: i64,
    /// Expanded size in bytes.
    pub bytes: i64,
    /// The table of contents.
    pub items: Vec<ItemToc>,
    /// Mastery score (0–100) of the package, when the manifest sets one.
    pub dominio: Option<f64>,
    /// Name of the zip last uploaded.
    pub archivo_nombre: Option<String>,
    /// Who uploaded it last (name).
    pub subido_por: Option<String>,
    pub actualizado: String,
}

/// One entry of a package's table of contents.
#[derive(Serialize, ToSchema)]
pub struct ItemToc {
    pub id: String,
    pub titulo: String,
    pub nivel: u32,
    /// What it launches (relative to the package); null for a folder.
    pub href: Option<String>,
}

impl From<&Item> for ItemToc {
    fn from(i: &Item) -> Self {
        ItemToc {
            id: i.id.clone(),
            titulo: i.titulo.clone(),
            nivel: i.nivel,
            href: i.href.clone(),
        }
    }
}

/// The answer to an upload.
#[derive(Serialize, ToSchema)]
pub struct PaqueteSubido {
    pub resp: String,
    /// True for a new package (201), false for a new version of one (200).
    pub creado: bool,
    pub paquete: PaqueteScorm,
}

/// The upload form (multipart): `archivo` is the zip.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct SubidaScorm {
    /// The .zip package.
    #[schema(value_type = String, format = Binary)]
    pub archivo: Vec<u8>,
    /// Client-chosen id echoed by the `scorm:progress` events (≤ 64 characters).
    pub id_carga: Option<String>,
}

/// The package's settings.
#[derive(Deserialize, ToSchema)]
pub struct AjustesPaquete {
    /// Attempts a learner may open (0 = unlimited, at most 100).
    pub intentos: i64,
}

/// One package for the progress screen's filter.
#[derive(Serialize, ToSchema)]
pub struct PaqueteResumen {
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub clave_scorm: String,
    pub version: String,
    pub titulo: String,
}

/// The spec's launch form (AltaScromUsuario).
#[derive(Deserialize, ToSchema)]
pub struct AltaScormForm {
    /// The learner: the caller's employee key (or login e-mail).
    pub nombre_usuario: String,
    /// The learner's name, as the client shows it.
    #[serde(default)]
    pub nombre: Option<String>,
    /// The topic (cve_tema).
    pub id_tema: i64,
    /// Sent by the client; not used.
    #[serde(default)]
    pub status: Option<String>,
}

/// A launch of the player.
#[derive(Serialize, ToSchema)]
pub struct LanzamientoScorm {
    pub resp: String,
    /// The player on the content origin (carries the launch token).
    pub url: String,
    pub clave_scorm: String,
    pub version: String,
    /// The attempt's number.
    pub intento: i64,
    /// normal | review
    pub modo: String,
}

/// The spec's score of a learner in a package.
#[derive(Serialize, ToSchema)]
pub struct PuntajeUsuario {
    /// passed | failed | completed | incomplete | not attempted
    pub status: String,
    /// 0–100, the best attempt's.
    pub score: Option<f64>,
    /// Attempts opened.
    pub intentos: i64,
    /// Time spent over every attempt (HH:MM:SS).
    pub tiempo_total: String,
}

/// The spec's setPuntajeTema form.
#[derive(Deserialize, ToSchema)]
pub struct PuntajeTemaForm {
    /// The learner's employee key (or login e-mail).
    pub nombre_usuario: String,
    pub cve_tema: i64,
}

/// The answer to setPuntajeTema.
#[derive(Serialize, ToSchema)]
pub struct PuntajeTemaAplicado {
    pub resp: String,
    pub status: String,
    pub score: Option<f64>,
    /// Whether the topic is accredited from it.
    pub acreditado: bool,
}

/// What the player loads (content origin).
#[derive(Serialize)]
pub struct Lanzamiento {
    pub version: String,
    pub titulo: String,
    pub modo: String,
    pub intento: i64,
    /// The attempt's state: incomplete | completed | passed | failed.
    pub estado: String,
    /// The highest commit sequence applied for this launch (0 before any): a reloaded
    /// player continues above it.
    pub secuencia: i64,
    pub base: String,
    pub inicio: String,
    pub items: Vec<ItemJugador>,
    pub datos: BTreeMap<String, BTreeMap<String, String>>,
}

/// A table-of-contents entry of the player.
#[derive(Serialize)]
pub struct ItemJugador {
    pub id: String,
    pub titulo: String,
    pub nivel: u32,
    pub href: Option<String>,
    pub estado: Option<String>,
}

/// A commit from the player.
#[derive(Deserialize)]
pub struct Commit {
    pub item: String,
    pub secuencia: i64,
    #[serde(default)]
    pub terminado: bool,
    pub valores: BTreeMap<String, serde_json::Value>,
}

/// The answer to a commit.
#[derive(Serialize)]
pub struct CommitAplicado {
    pub aplicado: bool,
    pub estado: String,
    pub calificacion: Option<f64>,
    pub acreditado: bool,
}
