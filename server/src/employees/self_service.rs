//! The employee's own data: `usuarios/actualizar-perfil` and the photo upload it uses
//! (`usuarios/foto`). Any logged-in user, only for themselves.

use axum::extract::{Multipart, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::auth::user::{self, User};
use crate::contract::REGISTRO_NOMBRE_MAX;
use crate::employees::db as emp_db;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Json;
use crate::state::AppState;
use crate::validate;

/// The self-service routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(update_own_profile)))
        .routes(secured(state, Rule::Sesion, routes!(upload_own_photo)))
}

#[derive(Deserialize, ToSchema)]
struct ActualizarPerfilBody {
    cve_empleado: i64,
    nombre_empleado: String,
    genero: String,
    correo_empleado: String,
    rfc_empleado: String,
    fecha_nacimiento: String,
    telefono: String,
    #[serde(default)]
    foto_empleado: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct ActualizarPerfilResp {
    resp: String,
    user: Vec<User>,
}

/// The caller updates their own profile data.
#[utoipa::path(post, path = "/api/pri/usuarios/actualizar-perfil", tag = "auth", request_body = ActualizarPerfilBody,
    responses((status = 200, body = ActualizarPerfilResp), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_own_profile(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    headers: HeaderMap,
    Json(b): Json<ActualizarPerfilBody>,
) -> AppResult<axum::Json<ActualizarPerfilResp>> {
    if b.cve_empleado != u.cve_empleado {
        return Err(AppError::forbidden("auth.fuera_de_alcance"));
    }
    let nombre = b.nombre_empleado.trim().to_string();
    let correo = validate::lower(&b.correo_empleado);
    let rfc = validate::upper(&b.rfc_empleado);
    let tel = b.telefono.trim().to_string();
    let mut fe = FieldErrors::default();
    fe.check(
        !nombre.is_empty(),
        "nombre_empleado",
        "validacion.campo_requerido",
    );
    fe.check_len(&nombre, REGISTRO_NOMBRE_MAX, "nombre_empleado");
    fe.check(
        b.genero == "H" || b.genero == "M",
        "genero",
        "validacion.genero",
    );
    fe.check(
        validate::is_email(&correo),
        "correo_empleado",
        "validacion.correo",
    );
    fe.check(validate::is_rfc(&rfc), "rfc_empleado", "validacion.rfc");
    fe.check(validate::is_phone(&tel), "telefono", "validacion.telefono");
    fe.check(
        validate::parse_date(&b.fecha_nacimiento).is_some(),
        "fecha_nacimiento",
        "validacion.fecha",
    );
    let foto = b.foto_empleado.filter(|f| !f.is_empty());
    if let Some(f) = &foto {
        let prefix = format!("/api/pub/archivos/employees/photos/{}-", u.cve_empleado);
        fe.check(
            f.starts_with(&prefix) && !f.contains(".."),
            "foto_empleado",
            "validacion.url",
        );
    }
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    if emp_db::unique_conflict(&mut *tx, "correo_empleado", &correo, Some(u.cve_empleado)).await? {
        return Err(AppError::conflict("duplicado.correo"));
    }
    if emp_db::unique_conflict(&mut *tx, "rfc_empleado", &rfc, Some(u.cve_empleado)).await? {
        return Err(AppError::conflict("duplicado.rfc"));
    }
    emp_db::update_own_profile(
        &mut *tx,
        u.cve_empleado,
        &emp_db::OwnProfile {
            nombre_empleado: &nombre,
            genero: &b.genero,
            correo_empleado: &correo,
            rfc_empleado: &rfc,
            fecha_nacimiento: &b.fecha_nacimiento,
            telefono: &tel,
            foto_empleado: foto.as_deref(),
        },
        &state.now_iso(),
    )
    .await?;
    tx.commit().await?;
    let user = user::load(
        &state,
        u.cve_empleado,
        u.idperfil,
        user::bearer_of(&headers),
    )
    .await?;
    Ok(axum::Json(ActualizarPerfilResp {
        resp: "Excelente".into(),
        user: vec![user],
    }))
}

#[derive(Serialize, ToSchema)]
struct FotoPerfilResp {
    resp: String,
    url: String,
}

/// Uploads the caller's photo (png, gif or jpeg, under 8 MB); answers its URL for
/// `usuarios/actualizar-perfil`.
#[utoipa::path(post, path = "/api/pri/usuarios/foto", tag = "auth",
    request_body(content_type = "multipart/form-data", description = "field `file`: the image"),
    responses((status = 200, body = FotoPerfilResp), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn upload_own_photo(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    multipart: Multipart,
) -> AppResult<axum::Json<FotoPerfilResp>> {
    let data = crate::upload::read_form(multipart).await?.file()?;
    let (ext, _) = crate::storage::sniff_image(&data)
        .ok_or_else(|| AppError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "archivo.tipo_imagen"))?;
    let key = format!(
        "employees/photos/{}-{}.{}",
        u.cve_empleado,
        uuid::Uuid::new_v4().simple(),
        ext
    );
    state.storage.put(&key, data).await?;
    Ok(axum::Json(FotoPerfilResp {
        resp: "Excelente".into(),
        url: format!("/api/pub/archivos/{key}"),
    }))
}
