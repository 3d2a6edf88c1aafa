//! Handlers of passwords: the user's own change, the reset request by e-mail and setting
//! a new one (with a reset link, after a forced change, or by an administrator).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::db;
use super::password;
use super::perms::{CurrentUser, Principal, check_scope};
use super::ratelimit as rl;
use super::session;
use crate::employees::db as emp_db;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{ClientIp, Json};
use crate::http::Resp;
use crate::mail::{Mail, html_escape};
use crate::state::AppState;
use crate::validate;

#[derive(Deserialize, ToSchema)]
pub(super) struct CambiarContrasenaBody {
    pass: String,
    #[serde(rename = "newPass")]
    new_pass: String,
}

/// Changes the caller's password (current password required).
#[utoipa::path(post, path = "/api/pri/usuarios/cambiarContrasena", tag = "auth", request_body = CambiarContrasenaBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody)))]
pub(super) async fn change_password(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<CambiarContrasenaBody>,
) -> AppResult<axum::Json<Resp>> {
    if body.pass.is_empty() {
        let mut fe = FieldErrors::default();
        fe.add("pass", "validacion.campo_requerido");
        fe.into_result()?;
    }
    rl::hit(
        &state,
        &[
            (rl::CONFIRMAR_POR_USUARIO, &u.cve_empleado.to_string()),
            (rl::CONFIRMAR_POR_IP, &ip),
        ],
    )
    .await?;
    let hash = db::password_hash(&state.db.read, u.cve_empleado)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let num = emp_db::profile(&state.db.read, u.cve_empleado)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?
        .num_empleado;
    if !password::verify(&state, &body.pass, Some(&hash)).await? {
        return Err(AppError::bad_request("auth.contrasena_actual"));
    }
    password::check_rules(&body.new_pass, &num)?;
    if body.new_pass == body.pass {
        return Err(AppError::bad_request("validacion.contrasena_igual"));
    }
    let new_hash = password::hash(&state, &body.new_pass).await?;
    db::set_password(
        &state.db.write,
        u.cve_empleado,
        &new_hash,
        false,
        &state.now_iso(),
    )
    .await?;
    Ok(Resp::ok())
}

#[derive(Deserialize, ToSchema)]
pub(super) struct RestablecerContrasenaBody {
    email: String,
    /// CURP or employee number.
    curp: String,
}

/// Sends a single-use password-reset link when e-mail and CURP (or employee number)
/// match a user. The answer is the same whether or not they match, and so is its time:
/// the lookup, the grant and the e-mail happen in a background task.
#[utoipa::path(post, path = "/api/pri/usuarios/restablecerContrasena", tag = "auth", request_body = RestablecerContrasenaBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(super) async fn request_password_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<RestablecerContrasenaBody>,
) -> AppResult<axum::Json<Resp>> {
    let email = validate::lower(&body.email);
    let ident = body.curp.trim().to_string();
    let mut fe = FieldErrors::default();
    fe.check(validate::is_email(&email), "email", "validacion.correo");
    fe.check(
        !ident.is_empty()
            && ident.chars().count() <= 100
            && ident.chars().all(|c| c.is_ascii_alphanumeric()),
        "curp",
        "validacion.identificador",
    );
    fe.into_result()?;
    rl::hit(
        &state,
        &[(rl::RESET_POR_USUARIO, &email), (rl::RESET_POR_IP, &ip)],
    )
    .await?;
    let background = state.clone();
    tokio::spawn(async move {
        if let Err(e) = send_reset_link(&background, email, ident).await {
            tracing::warn!(error = ?e, "password reset e-mail not sent");
        }
    });
    Ok(Resp::ok())
}

/// The part of a reset request that depends on whether the account exists.
async fn send_reset_link(state: &AppState, email: String, ident: String) -> AppResult<()> {
    let found =
        db::login::for_reset(&state.db.read, &email, &validate::upper(&ident), &ident).await?;
    if let Some((cve, nombre)) = found {
        let jwt = session::create_reset(state, cve, "correo", session::RESET_TTL).await?;
        let link = format!(
            "{}/restorePassword/{}",
            state.config.public_url.trim_end_matches('/'),
            jwt
        );
        let cia = crate::settings::company_name(state).await;
        state.mailer.send_later(Mail {
            to: email,
            subject: format!("{cia}: restablece tu contraseña"),
            text: format!(
                "Hola {nombre}:\n\nRecibimos una solicitud para restablecer tu contraseña. Abre este enlace (válido por 30 minutos, un solo uso):\n\n{link}\n\nSi no la solicitaste, ignora este correo; tu contraseña no cambia.\n"
            ),
            html: format!(
                "<p>Hola {}:</p><p>Recibimos una solicitud para restablecer tu contraseña. El enlace es válido por 30 minutos y se puede usar una sola vez.</p><p><a href=\"{}\">Restablecer mi contraseña</a></p><p>Si no la solicitaste, ignora este correo; tu contraseña no cambia.</p>",
                html_escape(&nombre),
                html_escape(&link)
            ),
        });
        tracing::info!(cve_empleado = cve, "password reset e-mail queued");
    }
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub(super) struct RestablecerUsuarioBody {
    password: String,
    cve_empleado: i64,
}

/// Sets a new password: with the token of a reset link or of a forced credential change
/// (the user's own), or as an administrator for someone in scope (who must then change it).
#[utoipa::path(post, path = "/api/pri/usuarios/restablecerUsuario", tag = "auth", request_body = RestablecerUsuarioBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(super) async fn reset_password(
    State(state): State<AppState>,
    principal: Principal,
    ClientIp(ip): ClientIp,
    Json(body): Json<RestablecerUsuarioBody>,
) -> AppResult<axum::Json<Resp>> {
    rl::hit(
        &state,
        &[
            (rl::CONFIRMAR_POR_IP, &ip),
            (rl::CONFIRMAR_POR_USUARIO, &body.cve_empleado.to_string()),
        ],
    )
    .await?;
    let num = emp_db::profile(&state.db.read, body.cve_empleado)
        .await?
        .ok_or_else(AppError::not_found)?
        .num_empleado;
    password::check_rules(&body.password, &num)?;
    let hash = password::hash(&state, &body.password).await?;
    let now = state.now();
    match principal {
        Principal::Restablecer {
            cve_empleado,
            reset_id,
        } => {
            if cve_empleado != body.cve_empleado {
                return Err(AppError::forbidden("auth.fuera_de_alcance"));
            }
            let mut tx = state.db.begin().await?;
            if !session::consume_reset(&mut tx, &reset_id, now).await? {
                return Err(AppError::unauthorized("auth.enlace_invalido"));
            }
            db::set_password(&mut *tx, cve_empleado, &hash, false, &state.now_iso()).await?;
            let ended = db::end_sessions_of(&mut tx, cve_empleado, "contrasena", now).await?;
            tx.commit().await?;
            session::announce_ended(&state, &ended, "contrasena").await;
        }
        Principal::Usuario(admin) => {
            check_scope(&state, admin.scope, body.cve_empleado).await?;
            let mut tx = state.db.begin().await?;
            if !db::set_password(&mut *tx, body.cve_empleado, &hash, true, &state.now_iso()).await?
            {
                return Err(AppError::not_found());
            }
            let mut ended: Vec<String> = Vec::new();
            if body.cve_empleado != admin.cve_empleado {
                ended = db::end_sessions_of(&mut tx, body.cve_empleado, "contrasena", now).await?;
            }
            tx.commit().await?;
            session::announce_ended(&state, &ended, "contrasena").await;
        }
        _ => return Err(AppError::unauthorized("auth.requiere_sesion")),
    }
    Ok(Resp::ok())
}
