//! The employee's own data: `usuarios/actualizar-perfil` and the photo upload it uses
//! (`usuarios/foto`), any logged-in user, only for themselves; and
//! `usuarios/confirmar-correo`, the link that stores a new e-mail once its owner opens it.

use axum::extract::{Multipart, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::db::identity as identity_db;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::auth::token::{random_secret, sha256_hex};
use crate::auth::user::{self, User};
use crate::auth::{password, ratelimit as rl};
use crate::contract::REGISTRO_NOMBRE_MAX;
use crate::employees::db as emp_db;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{ClientIp, Json};
use crate::http::Resp;
use crate::mail::{Mail, html_escape};
use crate::state::AppState;
use crate::validate;

/// The self-service routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(update_own_profile)))
        .routes(secured(state, Rule::Sesion, routes!(upload_own_photo)))
        .routes(secured(state, Rule::Publico, routes!(confirm_email)))
}

/// How long the link that confirms a new e-mail works.
pub const EMAIL_CHANGE_TTL: i64 = 24 * 3600;

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
    /// The current password: required when the e-mail or the RFC changes.
    #[serde(default)]
    pass: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct ActualizarPerfilResp {
    resp: String,
    user: Vec<User>,
    /// A new e-mail waiting for confirmation: it is stored once the link sent to it is opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    correo_pendiente: Option<String>,
}

/// The caller updates their own profile data. Changing a login identifier (e-mail, RFC)
/// needs the current password; a new e-mail is stored only once the link sent to it is
/// opened (`usuarios/confirmar-correo`), and the current address is told.
#[utoipa::path(post, path = "/api/pri/usuarios/actualizar-perfil", tag = "auth", request_body = ActualizarPerfilBody,
    responses((status = 200, body = ActualizarPerfilResp), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_own_profile(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    ClientIp(ip): ClientIp,
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
    let pass = b.pass.unwrap_or_default();
    fe.check(
        pass.len() <= crate::contract::CONTRASENA_MAX,
        "pass",
        "validacion.contrasena",
    );
    fe.into_result()?;
    let current = emp_db::profile(&state.db.read, u.cve_empleado)
        .await?
        .ok_or_else(AppError::not_found)?;
    let email_changed = current.correo_empleado.as_deref() != Some(correo.as_str());
    let rfc_changed = current.rfc_empleado.as_deref() != Some(rfc.as_str());
    if email_changed || rfc_changed {
        check_current_password(&state, u.cve_empleado, &ip, &pass).await?;
    }
    let now = state.now();
    let mut tx = state.db.begin().await?;
    if emp_db::unique_conflict(&mut *tx, "correo_empleado", &correo, Some(u.cve_empleado)).await? {
        return Err(AppError::conflict("duplicado.correo"));
    }
    if emp_db::unique_conflict(&mut *tx, "rfc_empleado", &rfc, Some(u.cve_empleado)).await? {
        return Err(AppError::conflict("duplicado.rfc"));
    }
    // The stored e-mail changes only through the link sent to the new address.
    let stored_email = current.correo_empleado.clone().unwrap_or_default();
    let secret = random_secret(24);
    if email_changed {
        identity_db::replace_email_change(
            &mut tx,
            &sha256_hex(&secret),
            u.cve_empleado,
            &correo,
            now,
            now + EMAIL_CHANGE_TTL,
        )
        .await?;
    }
    emp_db::update_own_profile(
        &mut *tx,
        u.cve_empleado,
        &emp_db::OwnProfile {
            nombre_empleado: &nombre,
            genero: &b.genero,
            correo_empleado: &stored_email,
            rfc_empleado: &rfc,
            fecha_nacimiento: &b.fecha_nacimiento,
            telefono: &tel,
            foto_empleado: foto.as_deref(),
        },
        &state.now_iso(),
    )
    .await?;
    tx.commit().await?;
    if email_changed {
        tell_email_change(
            &state,
            &nombre,
            current.correo_empleado.as_deref(),
            &correo,
            &secret,
        )
        .await;
    } else if rfc_changed && let Some(to) = current.correo_empleado.as_deref() {
        tell(
            &state,
            to,
            "el RFC de tu cuenta cambió",
            &nombre,
            &format!("El RFC de tu cuenta cambió a {rfc}. Si no fuiste tú, cambia tu contraseña de inmediato y avisa a Recursos Humanos."),
            None,
        )
        .await;
    }
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
        correo_pendiente: email_changed.then_some(correo),
    }))
}

/// 400 unless `pass` is the caller's password (attempts limited like a password change).
async fn check_current_password(state: &AppState, cve: i64, ip: &str, pass: &str) -> AppResult<()> {
    if pass.is_empty() {
        let mut fe = FieldErrors::default();
        fe.add("pass", "validacion.campo_requerido");
        fe.into_result()?;
    }
    rl::hit(
        state,
        &[
            (rl::CONFIRMAR_POR_USUARIO, &cve.to_string()),
            (rl::CONFIRMAR_POR_IP, ip),
        ],
    )
    .await?;
    let hash = crate::auth::db::password_hash(&state.db.read, cve).await?;
    if !password::verify(state, pass, hash.as_deref()).await? {
        return Err(AppError::bad_request("auth.contrasena_actual"));
    }
    Ok(())
}

/// Sends the confirmation link to the new address and tells the current one.
async fn tell_email_change(
    state: &AppState,
    nombre: &str,
    old: Option<&str>,
    new: &str,
    secret: &str,
) {
    let link = format!(
        "{}/confirmarCorreo/{}",
        state.config.public_url.trim_end_matches('/'),
        secret
    );
    tell(
        state,
        new,
        "confirma tu nuevo correo",
        nombre,
        "Pediste usar este correo en tu cuenta de capacitación. Ábrelo con este enlace para confirmarlo (vale 24 horas y un solo uso); hasta entonces tu correo no cambia. Si no lo pediste, ignora este mensaje.",
        Some(&link),
    )
    .await;
    if let Some(old) = old {
        tell(
            state,
            old,
            "pediste cambiar el correo de tu cuenta",
            nombre,
            &format!("Se pidió cambiar el correo de tu cuenta a {new}. El cambio se aplica cuando se confirme desde esa dirección. Si no fuiste tú, cambia tu contraseña de inmediato y avisa a Recursos Humanos."),
            None,
        )
        .await;
    }
}

async fn tell(
    state: &AppState,
    to: &str,
    subject: &str,
    nombre: &str,
    body: &str,
    link: Option<&str>,
) {
    let cia = crate::settings::company_name(state).await;
    let link_text = link.map(|l| format!("\n\n{l}")).unwrap_or_default();
    let link_html = link
        .map(|l| format!("<p><a href=\"{0}\">{0}</a></p>", html_escape(l)))
        .unwrap_or_default();
    state.mailer.send_later(Mail {
        to: to.to_string(),
        subject: format!("{cia}: {subject}"),
        text: format!("Hola {nombre}:\n\n{body}{link_text}\n"),
        html: format!(
            "<p>Hola {}:</p><p>{}</p>{link_html}",
            html_escape(nombre),
            html_escape(body)
        ),
    });
}

#[derive(Deserialize, ToSchema)]
struct ConfirmarCorreoBody {
    /// The secret of the link sent to the new address.
    token: String,
}

/// Stores a pending e-mail change: the link sent to the new address (single use, 24 h).
/// With the pre-login token, since the link may be opened on another device.
#[utoipa::path(post, path = "/api/pri/usuarios/confirmar-correo", tag = "auth", request_body = ConfirmarCorreoBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn confirm_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(b): Json<ConfirmarCorreoBody>,
) -> AppResult<axum::Json<Resp>> {
    let token = b.token.trim();
    if token.is_empty()
        || token.len() > 100
        || !token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(AppError::bad_request("auth.confirmacion_invalida"));
    }
    rl::hit(&state, &[(rl::CONFIRMAR_POR_IP, &ip)]).await?;
    let mut tx = state.db.begin().await?;
    let Some((cve, correo)) =
        identity_db::take_email_change(&mut tx, &sha256_hex(token), state.now()).await?
    else {
        return Err(AppError::bad_request("auth.confirmacion_invalida"));
    };
    if emp_db::unique_conflict(&mut *tx, "correo_empleado", &correo, Some(cve)).await? {
        return Err(AppError::conflict("duplicado.correo"));
    }
    emp_db::set_email(&mut *tx, cve, &correo, &state.now_iso()).await?;
    tx.commit().await?;
    tracing::info!(cve_empleado = cve, "own e-mail change confirmed");
    Ok(Resp::ok())
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
