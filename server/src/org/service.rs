//! The org domain's rules: the one validated way to create and edit structure nodes,
//! positions and plants, shared by the catalogue handlers, the employee registration, the
//! bulk uploads and the demo loader.

use sqlx::SqliteConnection;

use super::db;
// The longest name of a node, position or plant and description of a position.
use crate::contract::ESTRUCTURA_NIVEL;
pub use crate::contract::{ORG_NOMBRE_MAX as NAME_MAX, PUESTO_DESCRIPCION_MAX as DESCRIPTION_MAX};
use crate::error::{AppError, AppResult, FieldErrors};
use crate::validate::{in_range, is_alphanumeric_text};

/// The name rules of nodes, positions and plants: required, letters/digits/punctuation,
/// at most `NAME_MAX` characters.
pub fn check_name(fe: &mut FieldErrors, field: &str, name: &str) {
    fe.check(!name.trim().is_empty(), field, "validacion.campo_requerido");
    fe.check(
        name.trim().is_empty() || is_alphanumeric_text(name),
        field,
        "validacion.alfanumerico",
    );
    fe.check_len(name, NAME_MAX, field);
}

fn check_flag(fe: &mut FieldErrors, activo: i64) {
    fe.check(activo == 0 || activo == 1, "activo", "validacion.bandera");
}

fn check_description(fe: &mut FieldErrors, descripcion: Option<&str>) {
    if let Some(d) = descripcion {
        fe.check_len(d, DESCRIPTION_MAX, "descripcion");
    }
}

/// A blank description is none.
fn clean_description(descripcion: Option<&str>) -> Option<&str> {
    descripcion.map(str::trim).filter(|d| !d.is_empty())
}

/// Creates a structure node: level 2–7 (`nivel`), a valid name (`nombre`), a parent
/// exactly for N3–N7 (`cve_padre`) that exists one level up (400 `validacion.estructura`),
/// and a name not yet used under that parent (409 `duplicado.estructura`).
pub async fn create_node(
    conn: &mut SqliteConnection,
    nivel: i64,
    nombre: &str,
    padre: Option<i64>,
) -> AppResult<i64> {
    let mut fe = FieldErrors::default();
    fe.check(
        in_range(ESTRUCTURA_NIVEL, nivel),
        "nivel",
        "validacion.estructura",
    );
    check_name(&mut fe, "nombre", nombre);
    fe.check(
        (nivel == 2) == padre.is_none(),
        "cve_padre",
        "validacion.estructura",
    );
    fe.into_result()?;
    if let Some(p) = padre {
        let parent = db::node_level_and_parent(&mut *conn, p).await?;
        if parent.is_none_or(|(n, _)| n != nivel - 1) {
            return Err(AppError::bad_request("validacion.estructura"));
        }
    }
    let nombre = nombre.trim();
    if db::node_named(&mut *conn, nivel, padre, nombre, 0)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("duplicado.estructura"));
    }
    Ok(db::insert_node(&mut *conn, nivel, nombre, padre).await?)
}

/// Renames or (de)activates a node (404 when missing; same name rules and uniqueness
/// under its parent as [`create_node`]).
pub async fn update_node(
    conn: &mut SqliteConnection,
    id: i64,
    nombre: &str,
    activo: i64,
) -> AppResult<()> {
    let current = db::node(&mut *conn, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "nombre", nombre);
    check_flag(&mut fe, activo);
    fe.into_result()?;
    let nombre = nombre.trim();
    if db::node_named(&mut *conn, current.nivel, current.cve_padre, nombre, id)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("duplicado.estructura"));
    }
    db::update_node(&mut *conn, id, nombre, activo).await?;
    Ok(())
}

/// 'Crear puesto': a valid name (`puesto`), a description of at most 500 characters, a
/// 0/1 `activo`, an existing node (400 `validacion.estructura`) and a name not yet used
/// in that node (409 `duplicado.puesto`).
pub async fn create_position(
    conn: &mut SqliteConnection,
    nombre: &str,
    cve_estructura: i64,
    descripcion: Option<&str>,
    activo: i64,
) -> AppResult<i64> {
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "puesto", nombre);
    check_description(&mut fe, descripcion);
    check_flag(&mut fe, activo);
    fe.into_result()?;
    if !db::node_exists(&mut *conn, cve_estructura).await? {
        return Err(AppError::bad_request("validacion.estructura"));
    }
    let nombre = nombre.trim();
    if db::position_named(&mut *conn, cve_estructura, nombre, 0)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("duplicado.puesto"));
    }
    Ok(db::insert_position(
        &mut *conn,
        nombre,
        cve_estructura,
        clean_description(descripcion),
        activo,
    )
    .await?)
}

/// Renames, describes or (de)activates a position (404 when missing; the rules of
/// [`create_position`]).
pub async fn update_position(
    conn: &mut SqliteConnection,
    id: i64,
    nombre: &str,
    descripcion: Option<&str>,
    activo: i64,
) -> AppResult<()> {
    let current = db::position(&mut *conn, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "puesto", nombre);
    check_description(&mut fe, descripcion);
    check_flag(&mut fe, activo);
    fe.into_result()?;
    let nombre = nombre.trim();
    if db::position_named(&mut *conn, current.cve_estructura, nombre, id)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("duplicado.puesto"));
    }
    db::update_position(
        &mut *conn,
        id,
        nombre,
        clean_description(descripcion),
        activo,
    )
    .await?;
    Ok(())
}

/// Sets a position's description and active flag (bulk uploads); answers whether anything
/// changed (404 when missing).
pub async fn set_position_details(
    conn: &mut SqliteConnection,
    id: i64,
    descripcion: Option<&str>,
    activo: i64,
) -> AppResult<bool> {
    let mut fe = FieldErrors::default();
    check_description(&mut fe, descripcion);
    check_flag(&mut fe, activo);
    fe.into_result()?;
    let descripcion = clean_description(descripcion);
    let current = db::position_details(&mut *conn, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if current == (descripcion.map(str::to_string), activo) {
        return Ok(false);
    }
    db::update_position_details(&mut *conn, id, descripcion, activo).await?;
    Ok(true)
}

/// A new plant.
#[derive(Clone, Debug, Default)]
pub struct PlantForm {
    pub nombre: String,
    /// The company (N4).
    pub cve_n4: i64,
    pub cve_estado: i64,
    pub ciudad: Option<String>,
    pub latitud: Option<f64>,
    pub longitud: Option<f64>,
}

/// Creates a plant of a company in Mexico: a valid name (`nombre`), an existing N4
/// (400 `validacion.estructura`), an existing state (400 `validacion.estado`) and a name
/// not yet used in that company (409 `duplicado.planta`).
pub async fn create_plant(conn: &mut SqliteConnection, p: &PlantForm) -> AppResult<i64> {
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "nombre", &p.nombre);
    fe.into_result()?;
    let company = db::node_level_and_parent(&mut *conn, p.cve_n4).await?;
    if company.is_none_or(|(nivel, _)| nivel != 4) {
        return Err(AppError::bad_request("validacion.estructura"));
    }
    if !db::state_exists(&mut *conn, p.cve_estado).await? {
        return Err(AppError::bad_request("validacion.estado"));
    }
    let nombre = p.nombre.trim();
    if db::find_plant(&mut *conn, p.cve_n4, nombre)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("duplicado.planta"));
    }
    let r = db::insert_plant(
        &mut *conn,
        &db::Plant {
            nombre: nombre.to_string(),
            cve_n4: Some(p.cve_n4),
            // Plants are in Mexico (country 1) until the catalogue asks for a country.
            cve_pais: Some(1),
            cve_estado: Some(p.cve_estado),
            ciudad: p
                .ciudad
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_string),
            latitud: p.latitud,
            longitud: p.longitud,
            ..db::Plant::default()
        },
    )
    .await;
    crate::db::unique_violation(r, "duplicado.planta")
}
