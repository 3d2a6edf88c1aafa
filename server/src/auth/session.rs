//! Web sessions (one per user; ten idle minutes end one) and password-reset grants.

use super::perms::{Scope, SessionUser};
use super::token::{TokenKind, random_secret, sha256_hex};
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// Lifetime of a session token; the idle limit ends sessions long before.
pub const SESSION_TOKEN_TTL: i64 = 12 * 3600;
/// Lifetime of the generic token.
pub const GENERIC_TOKEN_TTL: i64 = 30 * 24 * 3600;
/// Lifetime of a password-reset link.
pub const RESET_TTL: i64 = 30 * 60;
/// Only refresh `ultima_actividad` when it is this stale, to spare the writer.
const TOUCH_EVERY: i64 = 15;

/// Client details recorded with a session.
#[derive(Default)]
pub struct ClientInfo {
    pub ip: String,
    pub navegador: String,
    pub sistema_operativo: String,
}

/// Starts a web session, ending the user's previous one; returns (session id, token).
pub async fn start(
    state: &AppState,
    cve_empleado: i64,
    idperfil: i64,
    client: &ClientInfo,
) -> AppResult<(String, String, Option<String>)> {
    let now = state.now();
    let sid = uuid::Uuid::new_v4().to_string();
    let mut tx = state.db.begin().await?;
    let replaced: Option<String> = sqlx::query_scalar(
        "UPDATE sesiones SET fin = ?, motivo_fin = 'reemplazada' WHERE cve_empleado = ? AND tipo = 'web' AND fin IS NULL RETURNING id",
    )
    .bind(now)
    .bind(cve_empleado)
    .fetch_optional(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO sesiones (id, cve_empleado, tipo, idperfil, inicio, ultima_actividad, ip, navegador, sistema_operativo)
         VALUES (?, ?, 'web', ?, ?, ?, ?, ?, ?)",
    )
    .bind(&sid)
    .bind(cve_empleado)
    .bind(idperfil)
    .bind(now)
    .bind(now)
    .bind(&client.ip)
    .bind(truncate(&client.navegador, 200))
    .bind(truncate(&client.sistema_operativo, 200))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    // The replaced session's open tabs learn it at once.
    match &replaced {
        Some(old) => {
            state
                .realtime
                .session_ended(old, "auth.sesion_reemplazada")
                .await
        }
        None => state.realtime.sessions_changed().await,
    }
    let token = state.keys.issue(
        now,
        SESSION_TOKEN_TTL,
        cve_empleado,
        TokenKind::Sesion,
        &sid,
        Some(idperfil),
    )?;
    Ok((sid, token, replaced))
}

fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// Checks that a session is open and not idle, refreshes its activity, and tells who it is.
pub async fn check_active(
    state: &AppState,
    sid: &str,
    cve_empleado: i64,
) -> AppResult<SessionUser> {
    let now = state.now();
    type SessionRow = (i64, i64, i64, Option<i64>, Option<String>);
    let row: Option<SessionRow> = sqlx::query_as(
        "SELECT cve_empleado, idperfil, ultima_actividad, fin, motivo_fin FROM sesiones WHERE id = ?",
    )
    .bind(sid)
    .fetch_optional(&state.db.read)
    .await?;
    let Some((owner, idperfil, last, fin, motivo)) = row else {
        return Err(AppError::unauthorized("auth.sesion_caducada"));
    };
    if owner != cve_empleado {
        return Err(AppError::unauthorized("auth.token_invalido"));
    }
    if fin.is_some() {
        return Err(AppError::unauthorized(end_code(motivo.as_deref())));
    }
    let idle = state.config.session_idle_minutes * 60;
    if now - last > idle {
        end(state, sid, "inactividad").await?;
        return Err(AppError::unauthorized("auth.sesion_caducada"));
    }
    if now - last >= TOUCH_EVERY {
        sqlx::query("UPDATE sesiones SET ultima_actividad = ? WHERE id = ? AND fin IS NULL")
            .bind(now)
            .bind(sid)
            .execute(&state.db.write)
            .await?;
    }
    let scope = match state.perms.profile(idperfil).map(|p| p.alcance) {
        Some(a) if a == "todos" => Scope::Todos,
        Some(a) if a == "subordinados" => Scope::Subordinados(cve_empleado),
        _ => Scope::Propio(cve_empleado),
    };
    Ok(SessionUser {
        cve_empleado,
        idperfil,
        sid: sid.to_string(),
        scope,
    })
}

/// The error code that tells why a session ended.
pub fn end_code(motivo: Option<&str>) -> &'static str {
    match motivo {
        Some("reemplazada") => "auth.sesion_reemplazada",
        Some("liberada") => "auth.sesion_liberada",
        Some("cierre") | Some("contrasena") => "auth.sesion_cerrada",
        _ => "auth.sesion_caducada",
    }
}

/// Ends one session and tells its sockets.
pub async fn end(state: &AppState, sid: &str, motivo: &str) -> AppResult<bool> {
    let res =
        sqlx::query("UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE id = ? AND fin IS NULL")
            .bind(state.now())
            .bind(motivo)
            .bind(sid)
            .execute(&state.db.write)
            .await?;
    let ended = res.rows_affected() > 0;
    if ended {
        state
            .realtime
            .session_ended(sid, end_code(Some(motivo)))
            .await;
    }
    Ok(ended)
}

/// Ends the open web session of an employee; false when there was none.
pub async fn end_for_employee(
    state: &AppState,
    cve_empleado: i64,
    motivo: &str,
) -> AppResult<bool> {
    let sids: Vec<String> = sqlx::query_scalar(
        "UPDATE sesiones SET fin = ?, motivo_fin = ? WHERE cve_empleado = ? AND tipo = 'web' AND fin IS NULL RETURNING id",
    )
    .bind(state.now())
    .bind(motivo)
    .bind(cve_empleado)
    .fetch_all(&state.db.write)
    .await?;
    announce_ended(state, &sids, motivo).await;
    Ok(!sids.is_empty())
}

/// Tells the sockets of sessions ended elsewhere (after the transaction committed).
pub async fn announce_ended(state: &AppState, sids: &[String], motivo: &str) {
    for sid in sids {
        state
            .realtime
            .session_ended(sid, end_code(Some(motivo)))
            .await;
    }
}

/// Sets the profile a session works with.
pub async fn set_profile(state: &AppState, sid: &str, idperfil: i64) -> AppResult<()> {
    sqlx::query("UPDATE sesiones SET idperfil = ? WHERE id = ? AND fin IS NULL")
        .bind(idperfil)
        .bind(sid)
        .execute(&state.db.write)
        .await?;
    Ok(())
}

/// Issues a single-use reset grant and its restricted token.
pub async fn create_reset(
    state: &AppState,
    cve_empleado: i64,
    motivo: &str,
    ttl: i64,
) -> AppResult<String> {
    let now = state.now();
    let id = random_secret(24);
    let mut tx = state.db.begin().await?;
    // A new grant voids the older unused ones of the same employee.
    sqlx::query("UPDATE restablecimientos SET usado = ? WHERE cve_empleado = ? AND usado IS NULL")
        .bind(now)
        .bind(cve_empleado)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO restablecimientos (id, cve_empleado, token_hash, motivo, creado, expira) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(sha256_hex(&id))
    .bind(cve_empleado)
    .bind(sha256_hex(&format!("grant:{id}")))
    .bind(motivo)
    .bind(now)
    .bind(now + ttl)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    state
        .keys
        .issue(now, ttl, cve_empleado, TokenKind::Restablecer, &id, None)
}

/// Checks that a reset grant is unused and unexpired.
pub async fn check_reset(state: &AppState, id: &str, cve_empleado: i64) -> AppResult<()> {
    let row: Option<(i64, i64, Option<i64>)> =
        sqlx::query_as("SELECT cve_empleado, expira, usado FROM restablecimientos WHERE id = ?")
            .bind(sha256_hex(id))
            .fetch_optional(&state.db.read)
            .await?;
    match row {
        Some((owner, expira, None)) if owner == cve_empleado && expira >= state.now() => Ok(()),
        _ => Err(AppError::unauthorized("auth.enlace_invalido")),
    }
}

/// Marks a reset grant used, inside the transaction that changes the password.
pub async fn consume_reset(tx: &mut crate::db::Tx, id: &str, now: i64) -> AppResult<bool> {
    let res = sqlx::query(
        "UPDATE restablecimientos SET usado = ? WHERE id = ? AND usado IS NULL AND expira >= ?",
    )
    .bind(now)
    .bind(sha256_hex(id))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(res.rows_affected() == 1)
}

/// Ends every session idle for longer than the limit.
pub async fn end_idle(state: &AppState) -> AppResult<u64> {
    let now = state.now();
    let limit = now - state.config.session_idle_minutes * 60;
    let sids: Vec<String> = sqlx::query_scalar(
        "UPDATE sesiones SET fin = ?, motivo_fin = 'inactividad' WHERE fin IS NULL AND ultima_actividad < ? RETURNING id",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(&state.db.write)
    .await?;
    announce_ended(state, &sids, "inactividad").await;
    Ok(sids.len() as u64)
}
