//! The user object the web app keeps for a session (spec entity User).

use serde::Serialize;
use utoipa::ToSchema;

use super::db::permissions;
use crate::employees::db as emp_db;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

#[derive(Serialize, ToSchema, Clone)]
pub struct PerfilUsuario {
    pub idperfil: i64,
    pub perfil: String,
    pub predeterminado: bool,
}

#[derive(Serialize, ToSchema, Clone)]
pub struct Subordinado {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
}

/// Section names of the active profile, per level of the menu hierarchy.
#[derive(Serialize, ToSchema, Clone, Default)]
pub struct Permisos {
    pub nomseccion1: Vec<String>,
    pub nomseccion2: Vec<String>,
    pub nomseccion3: Vec<String>,
    pub nomseccion4: Vec<String>,
}

/// The logged-in user.
#[derive(Serialize, ToSchema, Clone)]
pub struct User {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
    pub rfc_empleado: Option<String>,
    pub curp: Option<String>,
    pub telefono: Option<String>,
    pub genero: Option<String>,
    pub fecha_nacimiento: Option<String>,
    pub foto_empleado: Option<String>,
    pub cve_estado: Option<i64>,
    pub puesto: Option<String>,
    /// Name of the active profile.
    pub perfil_sistema: String,
    pub perfiles_sistema: Vec<PerfilUsuario>,
    /// Same as perfil_sistema (the spec's role name).
    pub usuario_sistema: String,
    pub idperfil: i64,
    pub subordinados: Vec<Subordinado>,
    /// Identity for the realtime layer (the employee key as text).
    pub firebase_id: String,
    pub token: String,
    pub permisos: Permisos,
    /// Section keys of the active profile.
    pub secciones: Vec<String>,
}

/// Profiles assigned to an employee, default first.
pub async fn profiles_of(state: &AppState, cve: i64) -> AppResult<Vec<PerfilUsuario>> {
    Ok(permissions::profiles_of(&state.db.read, cve)
        .await?
        .into_iter()
        .map(|(idperfil, perfil, predeterminado)| PerfilUsuario {
            idperfil,
            perfil,
            predeterminado,
        })
        .collect())
}

/// Builds the user object for a session working with `idperfil`.
pub async fn load(state: &AppState, cve: i64, idperfil: i64, token: String) -> AppResult<User> {
    let e = emp_db::profile(&state.db.read, cve)
        .await?
        .ok_or_else(AppError::not_found)?;
    let perfiles = profiles_of(state, cve).await?;
    let perfil = perfiles
        .iter()
        .find(|p| p.idperfil == idperfil)
        .map(|p| p.perfil.clone())
        .unwrap_or_default();
    let subs = emp_db::direct_subordinates(&state.db.read, cve).await?;
    let rows = permissions::sections_of_profile(&state.db.read, idperfil).await?;
    let mut permisos = Permisos::default();
    let mut secciones = Vec::with_capacity(rows.len());
    for (clave, a, b, c, d) in rows {
        secciones.push(clave);
        for (list, v) in [
            (&mut permisos.nomseccion1, a),
            (&mut permisos.nomseccion2, b),
            (&mut permisos.nomseccion3, c),
            (&mut permisos.nomseccion4, d),
        ] {
            if !v.is_empty() && !list.contains(&v) {
                list.push(v);
            }
        }
    }
    Ok(User {
        cve_empleado: e.cve_empleado,
        num_empleado: e.num_empleado,
        nombre_empleado: e.nombre_empleado,
        correo_empleado: e.correo_empleado,
        rfc_empleado: e.rfc_empleado,
        curp: e.curp,
        telefono: e.telefono,
        genero: e.genero,
        fecha_nacimiento: e.fecha_nacimiento,
        foto_empleado: e.foto_empleado,
        cve_estado: e.cve_estado,
        puesto: e.puesto,
        usuario_sistema: perfil.clone(),
        perfil_sistema: perfil,
        perfiles_sistema: perfiles,
        idperfil,
        subordinados: subs
            .into_iter()
            .map(|(cve_empleado, nombre_empleado)| Subordinado {
                cve_empleado,
                nombre_empleado,
            })
            .collect(),
        firebase_id: cve.to_string(),
        token,
        permisos,
        secciones,
    })
}

/// The bearer token of a request (the user object carries it back to the web app).
pub fn bearer_of(headers: &axum::http::HeaderMap) -> String {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("")
        .to_string()
}
