//! Authentication, sessions and the calls of the spec's "Session and users" group.

pub mod db;

pub mod password;
pub mod perms;
pub mod ratelimit;
pub mod session;
pub mod token;
pub mod user;

use axum::extract::{Multipart, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::perms::{CurrentUser, Principal, Rule, Scope, secured};
use self::ratelimit as rl;
use self::session::ClientInfo;
use self::token::TokenKind;
use self::user::User;
use crate::employees::db as emp_db;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{ClientIp, Json, Path};
use crate::http::Resp;
use crate::mail::{Mail, html_escape};
use crate::state::AppState;
use crate::validate;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Anonimo, routes!(token_generico)))
        .routes(secured(state, Rule::Anonimo, routes!(get_archivo)))
        .routes(secured(state, Rule::Publico, routes!(login)))
        .routes(secured(
            state,
            Rule::Publico,
            routes!(restablecer_contrasena),
        ))
        .routes(secured(
            state,
            Rule::Restablecer,
            routes!(restablecer_usuario),
        ))
        .routes(secured(state, Rule::Sesion, routes!(usuarios_login)))
        .routes(secured(state, Rule::Sesion, routes!(usuarios_login_cve)))
        .routes(secured(state, Rule::Sesion, routes!(eliminar_sesion)))
        .routes(secured(
            state,
            Rule::Seccion("usuarios.activos"),
            routes!(sesiones_activas),
        ))
        .routes(secured(state, Rule::Sesion, routes!(cambiar_contrasena)))
        .routes(secured(state, Rule::Sesion, routes!(cambiar_perfil)))
        .routes(secured(state, Rule::Sesion, routes!(secciones_perfiles)))
        .routes(secured(state, Rule::Sesion, routes!(actualizar_perfil)))
        .routes(secured(state, Rule::Sesion, routes!(subir_foto)))
}

#[derive(Serialize, ToSchema)]
struct TokenResp {
    token: String,
}

/// The generic (anonymous) token for the pre-login calls.
#[utoipa::path(get, path = "/api/pub/token/generico", tag = "auth",
    responses((status = 200, body = TokenResp)))]
async fn token_generico(State(state): State<AppState>) -> AppResult<axum::Json<TokenResp>> {
    let token = state.keys.issue(
        state.now(),
        session::GENERIC_TOKEN_TTL,
        0,
        TokenKind::Generico,
        "",
        None,
    )?;
    Ok(axum::Json(TokenResp { token }))
}

#[derive(Deserialize, ToSchema)]
struct LoginBody {
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
struct LoginResp {
    /// "Excelente", or "Cambio de credenciales" when the user must set a new password.
    resp: String,
    /// Session token, or the restricted token for `usuarios/restablecerUsuario`.
    jwt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    cve_empleado: Option<i64>,
}

type LoginRow = (i64, String, i64, i64, String, i64);

/// Logs in with CURP, RFC or e-mail and password; ends the user's previous web session.
#[utoipa::path(post, path = "/api/pri/login", tag = "auth", request_body = LoginBody,
    responses((status = 200, body = LoginResp), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn login(
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
        body.password.len() <= 128,
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
                    Some(id) => sqlx::query_scalar::<_, i64>(
                        "SELECT cve_cliente FROM clientes_demo WHERE cve_cliente = ?",
                    )
                    .bind(id)
                    .fetch_optional(&state.db.read)
                    .await?
                    .is_some(),
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
    rl::hit(&state, &[(rl::LOGIN_POR_USUARIO, &ident), (per_ip, &ip)]).await?;

    let row: Option<LoginRow> = sqlx::query_as(
        "SELECT e.cve_empleado, u.password_hash, u.cambio_credenciales, CASE WHEN u.acceso = 1 THEN e.activo ELSE 0 END, e.num_empleado, e.baja_logica
         FROM empleados e JOIN usuarios u ON u.cve_empleado = e.cve_empleado
         WHERE e.curp = ?1 OR e.rfc_empleado = ?1 OR e.correo_empleado = ?2 LIMIT 1",
    )
    .bind(validate::upper(&ident))
    .bind(validate::lower(&ident))
    .fetch_optional(&state.db.read)
    .await?;
    // Unknown users verify against a dummy hash: same answer, same time.
    let ok = password::verify(&state, &body.password, row.as_ref().map(|r| r.1.as_str())).await?;
    let Some((cve, _, cambio, activo, _num, baja)) = row.filter(|_| ok) else {
        tracing::info!("login rejected");
        return Err(AppError::bad_request("auth.credenciales_invalidas"));
    };
    if activo != 1 || baja != 0 {
        return Err(AppError::forbidden("auth.usuario_inactivo"));
    }
    rl::clear(&state, rl::LOGIN_POR_USUARIO, &ident).await?;
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
        sqlx::query("UPDATE usuarios SET tokenfcm = ? WHERE cve_empleado = ?")
            .bind(tok)
            .bind(cve)
            .execute(&state.db.write)
            .await?;
    }
    tracing::info!(cve_empleado = cve, replaced = replaced.is_some(), "login");
    Ok(axum::Json(LoginResp {
        resp: "Excelente".into(),
        jwt,
        cve_empleado: None,
    }))
}

async fn default_profile(state: &AppState, cve: i64) -> AppResult<i64> {
    let id: Option<i64> = sqlx::query_scalar(
        "SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ? ORDER BY predeterminado DESC, idperfil LIMIT 1",
    )
    .bind(cve)
    .fetch_optional(&state.db.read)
    .await?;
    // Registration defaults to Participante.
    Ok(id.unwrap_or(8))
}

#[derive(Deserialize, ToSchema, Default)]
struct UsuariosLoginBody {
    #[serde(default)]
    tokenfcm: Option<String>,
}

/// Validates the session and returns the user (first item of the list) with its token.
#[utoipa::path(post, path = "/api/pri/usuarios/login", tag = "auth", request_body = UsuariosLoginBody,
    responses((status = 200, body = Vec<User>), (status = 401, body = ErrorBody)))]
async fn usuarios_login(
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
async fn usuarios_login_cve(
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
        sqlx::query("UPDATE usuarios SET tokenfcm = ? WHERE cve_empleado = ?")
            .bind(tok)
            .bind(u.cve_empleado)
            .execute(&state.db.write)
            .await?;
    }
    let token = bearer_of(headers);
    let user = user::load(state, u.cve_empleado, u.idperfil, token).await?;
    Ok(axum::Json(vec![user]))
}

fn bearer_of(headers: &HeaderMap) -> String {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("")
        .to_string()
}

/// Ends a web session: the caller's own (logout) or, with the section
/// `usuarios.liberar_sesion`, someone else's within the caller's scope.
#[utoipa::path(delete, path = "/api/pri/usuarios/sesiones/eliminar/{cve_empleado}/web", tag = "auth",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn eliminar_sesion(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    if cve == u.cve_empleado {
        session::end(&state, &u.sid, "cierre").await?;
        return Ok(Resp::ok());
    }
    if !u.can(&state, "usuarios.liberar_sesion") {
        return Err(AppError::forbidden("auth.sin_permiso").arg(
            "seccion",
            state.perms.section_name("usuarios.liberar_sesion"),
        ));
    }
    check_scope(&state, u.scope, cve).await?;
    if !session::end_for_employee(&state, cve, "liberada").await? {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "auth.sin_sesion_activa",
        ));
    }
    tracing::info!(by = u.cve_empleado, released = cve, "session released");
    Ok(Resp::msg("Sesión liberada con exito!"))
}

/// Fails unless `cve` is within the scope.
pub async fn check_scope(state: &AppState, scope: Scope, cve: i64) -> AppResult<()> {
    let ok = match scope {
        Scope::Todos => true,
        Scope::Propio(me) => me == cve,
        Scope::Subordinados(me) => {
            me == cve || emp_db::is_subordinate(&state.db.read, me, cve).await?
        }
    };
    if ok {
        Ok(())
    } else {
        Err(AppError::forbidden("auth.fuera_de_alcance"))
    }
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct SesionActiva {
    clave: i64,
    nombre: String,
    inicio: String,
    ultima_actividad: String,
}

/// The open web sessions the caller may see (live list of active users).
#[utoipa::path(get, path = "/api/pri/usuarios/sesiones/activas", tag = "auth",
    responses((status = 200, body = Vec<SesionActiva>)))]
async fn sesiones_activas(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Vec<SesionActiva>>> {
    let since = state.now() - state.config.session_idle_minutes * 60;
    let base = "SELECT s.cve_empleado AS clave, e.nombre_empleado AS nombre,
                strftime('%Y-%m-%dT%H:%M:%SZ', s.inicio, 'unixepoch') AS inicio,
                strftime('%Y-%m-%dT%H:%M:%SZ', s.ultima_actividad, 'unixepoch') AS ultima_actividad
         FROM sesiones s JOIN empleados e ON e.cve_empleado = s.cve_empleado
         WHERE s.fin IS NULL AND s.tipo = 'web' AND s.ultima_actividad >= ?";
    let rows: Vec<SesionActiva> = match u.scope {
        Scope::Todos => sqlx::query_as(sqlx::AssertSqlSafe(format!("{base} ORDER BY e.nombre_empleado")))
            .bind(since)
            .fetch_all(&state.db.read)
            .await?,
        Scope::Subordinados(me) => sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "WITH RECURSIVE {} {base} AND (s.cve_empleado = ? OR s.cve_empleado IN (SELECT cve FROM equipo)) ORDER BY e.nombre_empleado",
            emp_db::SUBORDINATE_CTE
        )))
        .bind(me)
        .bind(since)
        .bind(me)
        .fetch_all(&state.db.read)
        .await?,
        Scope::Propio(me) => sqlx::query_as(sqlx::AssertSqlSafe(format!("{base} AND s.cve_empleado = ?")))
            .bind(since)
            .bind(me)
            .fetch_all(&state.db.read)
            .await?,
    };
    Ok(axum::Json(rows))
}

#[derive(Deserialize, ToSchema)]
struct CambiarContrasenaBody {
    pass: String,
    #[serde(rename = "newPass")]
    new_pass: String,
}

/// Changes the caller's password (current password required).
#[utoipa::path(post, path = "/api/pri/usuarios/cambiarContrasena", tag = "auth", request_body = CambiarContrasenaBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody)))]
async fn cambiar_contrasena(
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
    let (hash, num): (String, String) = sqlx::query_as(
        "SELECT u.password_hash, e.num_empleado FROM usuarios u JOIN empleados e ON e.cve_empleado = u.cve_empleado WHERE u.cve_empleado = ?",
    )
    .bind(u.cve_empleado)
    .fetch_one(&state.db.read)
    .await?;
    if !password::verify(&state, &body.pass, Some(&hash)).await? {
        return Err(AppError::bad_request("auth.contrasena_actual"));
    }
    password::check_rules(&body.new_pass, &num)?;
    if body.new_pass == body.pass {
        return Err(AppError::bad_request("validacion.contrasena_igual"));
    }
    let new_hash = password::hash(&state, &body.new_pass).await?;
    sqlx::query("UPDATE usuarios SET password_hash = ?, cambio_credenciales = 0, actualizado = ? WHERE cve_empleado = ?")
        .bind(new_hash)
        .bind(state.now_iso())
        .bind(u.cve_empleado)
        .execute(&state.db.write)
        .await?;
    Ok(Resp::ok())
}

#[derive(Deserialize, ToSchema)]
struct RestablecerContrasenaBody {
    email: String,
    /// CURP or employee number.
    curp: String,
}

/// Sends a single-use password-reset link when e-mail and CURP (or employee number)
/// match a user. The answer is the same whether or not they match.
#[utoipa::path(post, path = "/api/pri/usuarios/restablecerContrasena", tag = "auth", request_body = RestablecerContrasenaBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn restablecer_contrasena(
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
    let found: Option<(i64, String)> = sqlx::query_as(
        "SELECT e.cve_empleado, e.nombre_empleado FROM empleados e JOIN usuarios u ON u.cve_empleado = e.cve_empleado
         WHERE e.correo_empleado = ? AND (e.curp = ? OR e.num_empleado = ?) AND e.activo = 1 AND e.baja_logica = 0",
    )
    .bind(&email)
    .bind(validate::upper(&ident))
    .bind(&ident)
    .fetch_optional(&state.db.read)
    .await?;
    if let Some((cve, nombre)) = found {
        let jwt = session::create_reset(&state, cve, "correo", session::RESET_TTL).await?;
        let link = format!(
            "{}/restorePassword/{}",
            state.config.public_url.trim_end_matches('/'),
            jwt
        );
        let cia = crate::settings::company_name(&state).await;
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
    Ok(Resp::ok())
}

#[derive(Deserialize, ToSchema)]
struct RestablecerUsuarioBody {
    password: String,
    cve_empleado: i64,
}

/// Sets a new password: with the token of a reset link or of a forced credential change
/// (the user's own), or as an administrator for someone in scope (who must then change it).
#[utoipa::path(post, path = "/api/pri/usuarios/restablecerUsuario", tag = "auth", request_body = RestablecerUsuarioBody,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn restablecer_usuario(
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
    let num: Option<String> =
        sqlx::query_scalar("SELECT num_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(body.cve_empleado)
            .fetch_optional(&state.db.read)
            .await?;
    let num = num.ok_or_else(AppError::not_found)?;
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
            sqlx::query("UPDATE usuarios SET password_hash = ?, cambio_credenciales = 0, actualizado = ? WHERE cve_empleado = ?")
                .bind(&hash)
                .bind(state.now_iso())
                .bind(cve_empleado)
                .execute(&mut *tx)
                .await?;
            let ended: Vec<String> = sqlx::query_scalar(
                "UPDATE sesiones SET fin = ?, motivo_fin = 'contrasena' WHERE cve_empleado = ? AND fin IS NULL RETURNING id",
            )
            .bind(now)
            .bind(cve_empleado)
            .fetch_all(&mut *tx)
            .await?;
            tx.commit().await?;
            session::announce_ended(&state, &ended, "contrasena").await;
        }
        Principal::Usuario(admin) => {
            check_scope(&state, admin.scope, body.cve_empleado).await?;
            let mut tx = state.db.begin().await?;
            let res = sqlx::query(
                "UPDATE usuarios SET password_hash = ?, cambio_credenciales = 1, actualizado = ? WHERE cve_empleado = ?",
            )
            .bind(&hash)
            .bind(state.now_iso())
            .bind(body.cve_empleado)
            .execute(&mut *tx)
            .await?;
            if res.rows_affected() == 0 {
                return Err(AppError::not_found());
            }
            let mut ended: Vec<String> = Vec::new();
            if body.cve_empleado != admin.cve_empleado {
                ended = sqlx::query_scalar(
                    "UPDATE sesiones SET fin = ?, motivo_fin = 'contrasena' WHERE cve_empleado = ? AND fin IS NULL RETURNING id",
                )
                .bind(now)
                .bind(body.cve_empleado)
                .fetch_all(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            session::announce_ended(&state, &ended, "contrasena").await;
        }
        _ => return Err(AppError::unauthorized("auth.requiere_sesion")),
    }
    Ok(Resp::ok())
}

#[derive(Deserialize, ToSchema)]
struct CambiarPerfilBody {
    perfil: i64,
}

#[derive(Serialize, ToSchema)]
struct CambiarPerfilResp {
    resp: String,
    usuario: User,
    token: String,
}

/// Switches the session to another of the user's profiles.
#[utoipa::path(post, path = "/api/pri/perfiles/cambiar_perfil", tag = "auth", request_body = CambiarPerfilBody,
    responses((status = 200, body = CambiarPerfilResp), (status = 403, body = ErrorBody)))]
async fn cambiar_perfil(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(body): Json<CambiarPerfilBody>,
) -> AppResult<axum::Json<CambiarPerfilResp>> {
    let has: Option<i64> = sqlx::query_scalar(
        "SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ? AND idperfil = ?",
    )
    .bind(u.cve_empleado)
    .bind(body.perfil)
    .fetch_optional(&state.db.read)
    .await?;
    if has.is_none() {
        return Err(AppError::forbidden("auth.perfil_no_asignado"));
    }
    session::set_profile(&state, &u.sid, body.perfil).await?;
    let token = state.keys.issue(
        state.now(),
        session::SESSION_TOKEN_TTL,
        u.cve_empleado,
        TokenKind::Sesion,
        &u.sid,
        Some(body.perfil),
    )?;
    let usuario = user::load(&state, u.cve_empleado, body.perfil, token.clone()).await?;
    Ok(axum::Json(CambiarPerfilResp {
        resp: "Excelente".into(),
        usuario,
        token,
    }))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct PerfilRow {
    idperfil: i64,
    perfil: String,
    descripcion: String,
    alcance: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct PerfilSeccionRow {
    idperfil: i64,
    idseccion: i64,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct SeccionRow {
    idseccion: i64,
    clave: String,
    nomseccion1: String,
    nomseccion2: String,
    nomseccion3: String,
    nomseccion4: String,
    ruta: String,
    orden: i64,
}

#[derive(Serialize, ToSchema)]
struct SeccionesPerfiles {
    perfiles: Vec<PerfilRow>,
    perfiles_secciones: Vec<PerfilSeccionRow>,
    secciones: Vec<SeccionRow>,
}

/// Profiles, sections and the permission matrix.
#[utoipa::path(get, path = "/api/pri/perfiles/secciones/perfiles", tag = "auth",
    responses((status = 200, body = SeccionesPerfiles)))]
async fn secciones_perfiles(
    State(state): State<AppState>,
) -> AppResult<axum::Json<SeccionesPerfiles>> {
    let perfiles = sqlx::query_as(
        "SELECT idperfil, perfil, descripcion, alcance FROM perfiles ORDER BY idperfil",
    )
    .fetch_all(&state.db.read)
    .await?;
    let perfiles_secciones = sqlx::query_as(
        "SELECT idperfil, idseccion FROM perfiles_secciones ORDER BY idperfil, idseccion",
    )
    .fetch_all(&state.db.read)
    .await?;
    let secciones = sqlx::query_as(
        "SELECT idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden FROM secciones ORDER BY orden",
    )
    .fetch_all(&state.db.read)
    .await?;
    Ok(axum::Json(SeccionesPerfiles {
        perfiles,
        perfiles_secciones,
        secciones,
    }))
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
async fn actualizar_perfil(
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
    fe.check(
        nombre.chars().count() <= 150,
        "nombre_empleado",
        "validacion.texto_largo",
    );
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
    sqlx::query(
        "UPDATE empleados SET nombre_empleado = ?, genero = ?, correo_empleado = ?, rfc_empleado = ?, fecha_nacimiento = ?,
                telefono = ?, foto_empleado = COALESCE(?, foto_empleado), nombre_busqueda = ?, actualizado = ? WHERE cve_empleado = ?",
    )
    .bind(&nombre)
    .bind(&b.genero)
    .bind(&correo)
    .bind(&rfc)
    .bind(&b.fecha_nacimiento)
    .bind(&tel)
    .bind(&foto)
    .bind(emp_db::search_text(&nombre))
    .bind(state.now_iso())
    .bind(u.cve_empleado)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let user = user::load(&state, u.cve_empleado, u.idperfil, bearer_of(&headers)).await?;
    Ok(axum::Json(ActualizarPerfilResp {
        resp: "Excelente".into(),
        user: vec![user],
    }))
}

#[derive(Serialize, ToSchema)]
struct FotoResp {
    resp: String,
    url: String,
}

/// Uploads the caller's photo (png, gif or jpeg, under 8 MB); answers its URL for
/// `usuarios/actualizar-perfil`.
#[utoipa::path(post, path = "/api/pri/usuarios/foto", tag = "auth",
    request_body(content_type = "multipart/form-data", description = "field `file`: the image"),
    responses((status = 200, body = FotoResp), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn subir_foto(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    multipart: Multipart,
) -> AppResult<axum::Json<FotoResp>> {
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
    Ok(axum::Json(FotoResp {
        resp: "Excelente".into(),
        url: format!("/api/pub/archivos/{key}"),
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
struct FirmaArchivo {
    /// The signature of a private file link (`files::signed_url`).
    #[serde(default)]
    firma: Option<String>,
}

/// Files: employee photos, company and catalogue images (public, unguessable keys);
/// signatures and material only with a signed link.
#[utoipa::path(get, path = "/api/pub/archivos/{*key}", tag = "auth",
    params(("key" = String, Path), FirmaArchivo),
    responses((status = 200, description = "the file"), (status = 404, body = ErrorBody)))]
async fn get_archivo(
    State(state): State<AppState>,
    Path(key): Path<String>,
    crate::extract::Query(f): crate::extract::Query<FirmaArchivo>,
) -> AppResult<Response> {
    let public = crate::files::may_read(&state, &key, f.firma.as_deref());
    if !public
        || key
            .split('/')
            .any(|s| s.is_empty() || s == "." || s == "..")
    {
        return Err(AppError::not_found());
    }
    let data = state.storage.get(&key).await?;
    Ok((
        [
            (header::CONTENT_TYPE, crate::storage::content_type_of(&key)),
            (
                header::CACHE_CONTROL,
                if f.firma.is_some() {
                    "private, max-age=3600"
                } else {
                    "public, max-age=31536000, immutable"
                },
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        data,
    )
        .into_response())
}
