//! Venues (with their sketch image) and their rooms: the rules of their data.

use axum::extract::{Multipart, State};
use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::types::{ImagenResp, Sala, Sede};
use super::{check_flag, check_name, db, is_http_url};
use crate::auth::perms::{Rule, secured};
use crate::contract::{RECURSO_NOMBRE_MAX, SALA_CAPACIDAD, SALA_NOMBRE_MAX, SEDE_DIRECCION_MAX};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Path;
use crate::files::settle_upload;
use crate::state::AppState;
use crate::validate::in_range;

/// The venues' own routes (the generic resource routes are in `resources`).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(super::SECCION),
        routes!(upload_venue_sketch),
    ))
}

impl Sede {
    /// Validates and normalizes (trims; blank URL and address are none).
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, RECURSO_NOMBRE_MAX);
        self.nombre = self.nombre.trim().into();
        self.url_mapa = crate::validate::trimmed(&self.url_mapa);
        if let Some(u) = &self.url_mapa {
            fe.check(is_http_url(u), "url_mapa", "validacion.url");
        }
        self.direccion = crate::validate::trimmed(&self.direccion);
        if let Some(d) = &self.direccion {
            fe.check_len(d, SEDE_DIRECCION_MAX, "direccion");
        }
        check_flag(&mut fe, self.activo);
        fe.into_result()
    }
}

impl Sala {
    /// Validates and normalizes (trims the name).
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, SALA_NOMBRE_MAX);
        self.nombre = self.nombre.trim().into();
        fe.check(
            in_range(SALA_CAPACIDAD, self.capacidad),
            "capacidad",
            "validacion.capacidad",
        );
        check_flag(&mut fe, self.activo);
        fe.into_result()
    }
}

/// Writes a venue (insert when `id` is None); answers its key. A name already used is
/// 409 `duplicado.sede`; an unknown `id` is 404.
pub async fn save_venue(
    conn: &mut SqliteConnection,
    id: Option<i64>,
    mut b: Sede,
) -> AppResult<i64> {
    b.check()?;
    match id {
        None => {
            let r = db::insert_venue(&mut *conn, &b).await;
            crate::db::unique_violation(r, "duplicado.sede")
        }
        Some(id) => {
            let r = db::update_venue(&mut *conn, id, &b).await;
            if crate::db::unique_violation(r, "duplicado.sede")? {
                Ok(id)
            } else {
                Err(AppError::not_found())
            }
        }
    }
}

/// Writes a room (insert when `id` is None); answers its key. Its venue must exist
/// (400 on `cve_sede`); a name already used in the venue is 409 `duplicado.sala`; an
/// unknown `id` is 404.
pub async fn save_room(
    conn: &mut SqliteConnection,
    id: Option<i64>,
    mut b: Sala,
) -> AppResult<i64> {
    b.check()?;
    if !db::venue_exists(&mut *conn, b.cve_sede).await? {
        let mut fe = FieldErrors::default();
        fe.add("cve_sede", "validacion.sede");
        fe.into_result()?;
    }
    match id {
        None => {
            let r = db::insert_room(&mut *conn, &b).await;
            crate::db::unique_violation(r, "duplicado.sala")
        }
        Some(id) => {
            let r = db::update_room(&mut *conn, id, &b).await;
            if crate::db::unique_violation(r, "duplicado.sala")? {
                Ok(id)
            } else {
                Err(AppError::not_found())
            }
        }
    }
}

/// A venue's sketch image (multipart `croquis`).
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/sedes/{id}/croquis", tag = "resources",
    params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `croquis`: the image"),
    responses((status = 200, body = ImagenResp), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn upload_venue_sketch(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<ImagenResp>> {
    // Nothing is stored for an unknown venue or a bad form.
    if !db::venue_exists(&state.db.read, id).await? {
        return Err(AppError::not_found());
    }
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key = crate::files::store_image(&state, "catalogos/sedes", &id.to_string(), data).await?;
    let mut tx = state.db.begin().await?;
    let replaced = db::set_venue_sketch(&mut tx, id, &key).await?;
    settle_upload(&state, tx, &key, replaced).await?;
    Ok(axum::Json(ImagenResp {
        resp: "Excelente".into(),
        url: crate::files::public_url(&key),
    }))
}
