//! Response types of the auth calls that the db module also reads into.

use serde::Serialize;
use utoipa::ToSchema;

/// An open web session in the live list of active users.
#[derive(Serialize, ToSchema)]
pub struct SesionActiva {
    pub clave: i64,
    pub nombre: String,
    pub inicio: String,
    pub ultima_actividad: String,
}

/// A profile on the permissions screen.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct PerfilRow {
    pub idperfil: i64,
    pub perfil: String,
    pub descripcion: String,
    pub alcance: String,
}

/// A link of the permission matrix.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct PerfilSeccionRow {
    pub idperfil: i64,
    pub idseccion: i64,
}

/// A section on the permissions screen.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct SeccionRow {
    pub idseccion: i64,
    pub clave: String,
    pub nomseccion1: String,
    pub nomseccion2: String,
    pub nomseccion3: String,
    pub nomseccion4: String,
    pub ruta: String,
    pub orden: i64,
}

/// Profiles, sections and the permission matrix.
#[derive(Serialize, ToSchema)]
pub struct SeccionesPerfiles {
    pub perfiles: Vec<PerfilRow>,
    pub perfiles_secciones: Vec<PerfilSeccionRow>,
    pub secciones: Vec<SeccionRow>,
}
