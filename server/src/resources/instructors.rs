//! Instructors: internal ones are employees (who get the Instructor profile), external
//! ones have no platform access; the rules of their data and their signature image.

use std::sync::LazyLock;

use axum::extract::{Multipart, State};
use regex::Regex;
use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::types::{ImagenResp, Instructor};
use super::{check_flag, check_name, db};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::contract::{
    PERSONA_NOMBRE_PATTERN, RECURSO_NOMBRE_MAX, REGISTRO_STPS_MAX, REGISTRO_STPS_PATTERN,
    USUARIO_MAX, USUARIO_PATTERN,
};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Path;
use crate::files::settle_upload;
use crate::state::AppState;
use crate::validate::{is_email, is_rfc, lower, pattern, upper};

static PERSONA_NOMBRE: LazyLock<Regex> = LazyLock::new(|| pattern(PERSONA_NOMBRE_PATTERN));
static USUARIO: LazyLock<Regex> = LazyLock::new(|| pattern(USUARIO_PATTERN));
static REGISTRO_STPS: LazyLock<Regex> = LazyLock::new(|| pattern(REGISTRO_STPS_PATTERN));

/// The Instructor profile (`perfiles`), which internal instructors get.
pub const INSTRUCTOR_PROFILE: i64 = 5;

/// The instructors' own routes (the generic resource routes are in `resources`).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(super::SECCION),
        routes!(upload_instructor_signature),
    ))
}

impl Instructor {
    /// Validates and normalizes (collapses spaces, upper-cases the RFC, …).
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        self.nombre = self.nombre.split_whitespace().collect::<Vec<_>>().join(" ");
        fe.check(
            !self.nombre.is_empty(),
            "nombre",
            "validacion.campo_requerido",
        );
        fe.check(
            self.nombre.is_empty() || PERSONA_NOMBRE.is_match(&self.nombre),
            "nombre",
            "validacion.solo_letras",
        );
        fe.check_len(&self.nombre, RECURSO_NOMBRE_MAX, "nombre");
        self.correo = lower(&self.correo);
        fe.check(is_email(&self.correo), "correo", "validacion.correo");
        self.usuario = self.usuario.trim().into();
        fe.check(
            self.usuario.len() <= USUARIO_MAX && USUARIO.is_match(&self.usuario),
            "usuario",
            "validacion.usuario",
        );
        check_name(
            &mut fe,
            "especialidad",
            &self.especialidad,
            RECURSO_NOMBRE_MAX,
        );
        self.especialidad = self.especialidad.trim().into();
        self.rfc = upper(&self.rfc);
        fe.check(is_rfc(&self.rfc), "rfc", "validacion.rfc");
        self.registro_stps = crate::validate::trimmed(&self.registro_stps);
        if let Some(r) = &self.registro_stps {
            fe.check(
                r.len() <= REGISTRO_STPS_MAX && REGISTRO_STPS.is_match(r),
                "registro_stps",
                "validacion.registro_stps",
            );
        }
        fe.check(
            self.interno == 0 || self.interno == 1,
            "interno",
            "validacion.bandera",
        );
        fe.check(
            (self.interno == 1) == self.cve_empleado.is_some(),
            "cve_empleado",
            "validacion.instructor_interno",
        );
        check_flag(&mut fe, self.activo);
        fe.into_result()
    }
}

/// Writes an instructor (insert when `id` is None); answers its key. An internal one must
/// be an employee who has not left, an institution must exist (400 on the field); a
/// duplicate is 409 `duplicado.instructor`; an unknown `id` is 404. An internal
/// instructor with a platform account gets the Instructor profile.
pub async fn save_instructor(
    conn: &mut SqliteConnection,
    id: Option<i64>,
    mut b: Instructor,
) -> AppResult<i64> {
    b.check()?;
    if let Some(e) = b.cve_empleado
        && !db::active_employee_exists(&mut *conn, e).await?
    {
        let mut fe = FieldErrors::default();
        fe.add("cve_empleado", "validacion.instructor_interno");
        fe.into_result()?;
    }
    if let Some(i) = b.cve_institucion
        && !db::institution_exists(&mut *conn, i).await?
    {
        let mut fe = FieldErrors::default();
        fe.add("cve_institucion", "validacion.institucion");
        fe.into_result()?;
    }
    let key = match id {
        None => {
            let r = db::insert_instructor(&mut *conn, &b).await;
            crate::db::unique_violation(r, "duplicado.instructor")?
        }
        Some(id) => {
            let r = db::update_instructor(&mut *conn, id, &b).await;
            if !crate::db::unique_violation(r, "duplicado.instructor")? {
                return Err(AppError::not_found());
            }
            id
        }
    };
    if let Some(e) = b.cve_empleado
        && crate::auth::db::has_account(&mut *conn, e).await?
    {
        crate::auth::db::add_profile(&mut *conn, e, INSTRUCTOR_PROFILE, false).await?;
    }
    Ok(key)
}

/// An instructor's signature image (multipart `firma`; png, gif or jpeg under 8 MB).
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/instructores/{id}/firma", tag = "resources",
    params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `firma`: the image"),
    responses((status = 200, body = ImagenResp), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn upload_instructor_signature(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<ImagenResp>> {
    // Nothing is stored for an unknown instructor or a bad form.
    if !db::instructor_exists(&state.db.read, id).await? {
        return Err(AppError::not_found());
    }
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key =
        crate::files::store_image(&state, "firmas/instructores", &id.to_string(), data).await?;
    let mut tx = state.db.begin().await?;
    let replaced = db::set_instructor_signature(&mut tx, id, &key).await?;
    settle_upload(&state, tx, &key, replaced).await?;
    Ok(axum::Json(ImagenResp {
        resp: "Excelente".into(),
        url: crate::files::signed_url(&state, u.cve_empleado, &key).unwrap_or_default(),
    }))
}
