//! Handlers of signing in: `login` (CURP, RFC or e-mail and password) and
//! `usuarios/login`, which checks a session and returns its user.

use axum::extract::State;
use axum::http::HeaderMap;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, permissions};
use super::password;
use super::perms::{self, CurrentUser};
use super::ratelimit as rl;
use super::session::{self, ClientInfo};
use super::user::{self, User, bearer_of};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{ClientIp, Json, Path};
use crate::state::AppState;
use crate::validate;

#[derive(Deserialize, ToSchema)]
pub(super) struct LoginBody {
    #[serde(default)]
    navegador: String,
    #[serde(default)]
    sistema_operativo: String,
    #[serde(default)]
    empresa: String,
    /// CURP, RFC or e-mail (case-insensitive).
    usuario: String,
    password: String,
    #[serde(default)]
    tokenfcm: Option<String>,
    #[serde(default, rename = "clienteDemo")]
    cliente_demo: Option<serde_json::Value>,
}

#[derive(Serialize, ToSchema)]
pub(super) struct LoginResp {
    /// "Excelente", or "Cambio de credenciales" when the user must set a new password.
    resp: String,
    /// Session token, or the restricted token for `usuarios/restablecerUsuario`.
    jwt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cve_empleado: Option<i64>,
}

/// Logs in with CURP, RFC or e-mail and password; ends the user's previous web session.
#[utoipa::path(post, path = "/api/pri/login", tag = "auth", request_body = LoginBody,
    responses((status = 200, body = LoginResp), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(super) async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<LoginBody>,
) -> AppResult<axum::Json<LoginResp>> {
    let ident = body.usuario.trim().to_string();
    let mut fe = FieldErrors::default();
    fe.check(!ident.is_empty(), "usuario", "validacion.campo_requerido");
    fe.check(
        ident.chars().count() <= 150,
        "usuario",
        "validacion.identificador",
    );
    fe.check(
        !body.password.is_empty(),
        "password",
        "validacion.campo_requerido",
    );
    fe.check(
        body.password.len() <= crate::contract::CONTRASENA_MAX,
        "password",
        "validacion.contrasena",
    );
    fe.into_result()?;
    let _ = &body.empresa;
    if state.config.demo {
        let ok = match &body.cliente_demo {
            Some(v) => {
                let id = v
                    .as_i64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()));
                match id {
                    Some(id) => crate::settings::db::demo_client_exists(&state.db.read, id).await?,
                    None => false,
                }
            }
            None => false,
        };
        if !ok {
            let mut fe = FieldErrors::default();
            fe.add("clienteDemo", "validacion.entidad_demo");
            fe.into_result()?;
        }
    }
    let per_ip = rl::Limit {
        max: state.config.login_limit_per_ip,
        ..rl::LOGIN_POR_IP
    };
    rl::hit(&state, &[(per_ip, &ip)]).await?;

    let row = db::login::by_identifier(
        &state.db.read,
        &validate::upper(&ident),
        &validate::lower(&ident),
    )
    .await?;
    // Failures count per account, whichever of its identifiers was typed; unknown
    // identifiers count only against the client address above.
    let account = row.as_ref().map(|r| r.cve_empleado.to_string());
    if let Some(key) = &account {
        rl::check_backoff(&state, rl::LOGIN_POR_CUENTA, key).await?;
    }
    // Unknown users verify against a dummy hash: same answer, same time.
    let ok = password::verify(
        &state,
        &body.password,
        row.as_ref().map(|r| r.password_hash.as_str()),
    )
    .await?;
    let Some(db::login::LoginCandidate {
        cve_empleado: cve,
        cambio_credenciales: cambio,
        activo,
        baja_logica: baja,
        ..
    }) = row.filter(|_| ok)
    else {
        if let Some(key) = &account {
            rl::record_failure(&state, rl::LOGIN_POR_CUENTA, key).await?;
        }
        tracing::info!("login rejected");
        return Err(AppError::bad_request("auth.credenciales_invalidas"));
    };
    if activo != 1 || baja != 0 {
        return Err(AppError::forbidden("auth.usuario_inactivo"));
    }
    rl::clear_key(&state, rl::LOGIN_POR_CUENTA, &cve.to_string()).await?;
    if cambio == 1 {
        let jwt = session::create_reset(&state, cve, "cambio_credenciales", 15 * 60).await?;
        return Ok(axum::Json(LoginResp {
            resp: "Cambio de credenciales".into(),
            jwt,
            cve_empleado: Some(cve),
        }));
    }
    let idperfil = default_profile(&state, cve).await?;
    let client = ClientInfo {
        ip,
        navegador: body.navegador,
        sistema_operativo: body.sistema_operativo,
    };
    let (_, jwt, replaced) = session::start(&state, cve, idperfil, &client).await?;
    if let Some(tok) = body.tokenfcm.filter(|t| !t.is_empty() && t.len() <= 500) {
        db::set_tokenfcm(&state.db.write, cve, &tok).await?;
    }
    tracing::info!(cve_empleado = cve, replaced = replaced.is_some(), "login");
    Ok(axum::Json(LoginResp {
        resp: "Excelente".into(),
        jwt,
        cve_empleado: None,
    }))
}

async fn default_profile(state: &AppState, cve: i64) -> AppResult<i64> {
    let id = permissions::default_profile(&state.db.read, cve).await?;
    // Registration defaults to Participante.
    Ok(id.unwrap_or(8))
}

#[derive(Deserialize, ToSchema, Default)]
pub(super) struct UsuariosLoginBody {
    #[serde(default)]
    tokenfcm: Option<String>,
}

/// Validates the session and returns the user (first item of the list) with its token.
#[utoipa::path(post, path = "/api/pri/usuarios/login", tag = "auth", request_body = UsuariosLoginBody,
    responses((status = 200, body = Vec<User>), (status = 401, body = ErrorBody)))]
pub(super) async fn login_user(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<axum::Json<Vec<User>>> {
    session_user(&state, u, &headers, &body).await
}

/// Same as `usuarios/login`, naming the employee in the path.
#[utoipa::path(post, path = "/api/pri/usuarios/login/{cve_empleado}", tag = "auth", request_body = UsuariosLoginBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Vec<User>), (status = 401, body = ErrorBody)))]
pub(super) async fn login_user_by_key(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<axum::Json<Vec<User>>> {
    if cve != u.cve_empleado {
        return Err(AppError::forbidden("auth.fuera_de_alcance"));
    }
    session_user(&state, u, &headers, &body).await
}

async fn session_user(
    state: &AppState,
    u: perms::SessionUser,
    headers: &HeaderMap,
    body: &[u8],
) -> AppResult<axum::Json<Vec<User>>> {
    // The body is optional here: empty or `{tokenfcm}`.
    let parsed: UsuariosLoginBody = if body.iter().all(|b| b.is_ascii_whitespace()) {
        UsuariosLoginBody::default()
    } else {
        serde_json::from_slice(body).map_err(|e| {
            AppError::bad_request("http.json_invalido").arg("detalle", e.to_string())
        })?
    };
    if let Some(tok) = parsed.tokenfcm.filter(|t| !t.is_empty() && t.len() <= 500) {
        db::set_tokenfcm(&state.db.write, u.cve_empleado, &tok).await?;
    }
    let token = bearer_of(headers);
    let user = user::load(state, u.cve_empleado, u.idperfil, token).await?;
    Ok(axum::Json(vec![user]))
}
