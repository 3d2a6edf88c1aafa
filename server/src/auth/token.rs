//! Signed tokens (JWT, HS256): the generic pre-login token, session tokens and the
//! restricted tokens of password resets and forced credential changes.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use rand::RngCore;
use serde::{Deserialize, Serialize};

use crate::db::anyhow_like;
use crate::error::{AppError, AppResult};

const ISSUER: &str = "aula";
const AUDIENCE: &str = "aula-web";

/// What a token lets its holder do.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TokenKind {
    /// Anonymous: only the pre-login calls.
    Generico,
    /// A logged-in web session.
    Sesion,
    /// Only `usuarios/restablecerUsuario` for one employee (reset link or forced change).
    Restablecer,
    /// A signed link to one file (e.g. a chat image) for one employee.
    Archivo,
}

/// The claims every token carries.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Claims {
    pub iss: String,
    pub aud: String,
    /// `cve_empleado` as text ("0" for the generic employee).
    pub sub: String,
    pub cve_empleado: i64,
    pub kind: TokenKind,
    /// Session id (Sesion) or reset id (Restablecer).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sid: String,
    /// Profile the session works with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub idperfil: Option<i64>,
    pub iat: i64,
    pub exp: i64,
    /// Random id so two tokens issued in the same second differ.
    pub jti: String,
}

/// Signing keys.
#[derive(Clone)]
pub struct Keys {
    enc: EncodingKey,
    dec: DecodingKey,
}

impl Keys {
    /// Uses the configured secret, or the one generated once into `<data>/jwt.key`.
    pub fn load(configured: Option<&str>, data_dir: &std::path::Path) -> anyhow_like::Result<Keys> {
        let secret: Vec<u8> = match configured {
            Some(s) if s.len() >= 32 => s.as_bytes().to_vec(),
            Some(_) => return Err("AULA_JWT_SECRET must be at least 32 bytes".into()),
            None => {
                let path = data_dir.join("jwt.key");
                match std::fs::read_to_string(&path) {
                    Ok(hex_key) => hex::decode(hex_key.trim())?,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        let mut key = [0u8; 64];
                        rand::rng().fill_bytes(&mut key);
                        std::fs::create_dir_all(data_dir)?;
                        write_private(&path, hex::encode(key).as_bytes())?;
                        key.to_vec()
                    }
                    Err(e) => return Err(e.into()),
                }
            }
        };
        if secret.len() < 32 {
            return Err("the token key must be at least 32 bytes".into());
        }
        Ok(Keys {
            enc: EncodingKey::from_secret(&secret),
            dec: DecodingKey::from_secret(&secret),
        })
    }

    /// Signs a token.
    pub fn issue(
        &self,
        now: i64,
        ttl_secs: i64,
        cve_empleado: i64,
        kind: TokenKind,
        sid: &str,
        idperfil: Option<i64>,
    ) -> AppResult<String> {
        let claims = Claims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: cve_empleado.to_string(),
            cve_empleado,
            kind,
            sid: sid.to_string(),
            idperfil,
            iat: now,
            exp: now + ttl_secs,
            jti: uuid::Uuid::new_v4().simple().to_string(),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.enc).map_err(AppError::internal)
    }

    /// Checks signature, issuer, audience and expiry (against the injected clock).
    pub fn verify(&self, token: &str, now: i64) -> AppResult<Claims> {
        let mut v = Validation::new(Algorithm::HS256);
        v.set_issuer(&[ISSUER]);
        v.set_audience(&[AUDIENCE]);
        v.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        // Expiry is checked below with the server's clock, which tests can move.
        v.validate_exp = false;
        v.leeway = 5;
        let data = decode::<Claims>(token, &self.dec, &v)
            .map_err(|_| AppError::unauthorized("auth.token_invalido"))?;
        if data.claims.exp + 5 < now {
            return Err(AppError::unauthorized("auth.sesion_caducada"));
        }
        Ok(data.claims)
    }
}

fn write_private(path: &std::path::Path, data: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let mut f = opts.open(path)?;
    f.write_all(data)?;
    f.sync_all()
}

/// A random secret as URL-safe text (API keys, reset ids).
pub fn random_secret(bytes: usize) -> String {
    use base64::Engine;
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buf)
}

/// SHA-256 of a secret, hex encoded: what the database keeps instead of the secret.
pub fn sha256_hex(s: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(s.as_bytes()))
}

#[derive(Serialize, utoipa::ToSchema)]
pub(super) struct TokenResp {
    token: String,
}

/// The generic (anonymous) token for the pre-login calls.
#[utoipa::path(get, path = "/api/pub/token/generico", tag = "auth",
    responses((status = 200, body = TokenResp)))]
pub(super) async fn issue_generic_token(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
) -> AppResult<axum::Json<TokenResp>> {
    let token = state.keys.issue(
        state.now(),
        super::session::GENERIC_TOKEN_TTL,
        0,
        TokenKind::Generico,
        "",
        None,
    )?;
    Ok(axum::Json(TokenResp { token }))
}
