//! Web Push (RFC 8030/8291 with VAPID): keys generated once into the data dir,
//! subscriptions per employee, delivery to users without an open socket. Endpoints are
//! validated so the server cannot be pointed at internal addresses.

pub mod db;

use std::net::IpAddr;

use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use web_push_native::jwt_simple::algorithms::ES256KeyPair;
use web_push_native::p256::PublicKey;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::{Auth, WebPushBuilder};

use crate::http::Resp;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::db::anyhow_like;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Json;
use crate::state::AppState;

/// The instance's VAPID key pair.
pub struct Vapid {
    key: ES256KeyPair,
    /// Uncompressed public key, base64url: the browser's applicationServerKey.
    pub public_b64: String,
    http: reqwest::Client,
}

impl Vapid {
    /// Loads `<data>/vapid.key`, generating it the first time.
    pub fn load(data_dir: &std::path::Path) -> anyhow_like::Result<Vapid> {
        let path = data_dir.join("vapid.key");
        let key = match std::fs::read_to_string(&path) {
            Ok(text) => ES256KeyPair::from_bytes(&URL_SAFE_NO_PAD.decode(text.trim())?)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = ES256KeyPair::generate();
                std::fs::write(&path, URL_SAFE_NO_PAD.encode(key.to_bytes()))?;
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
                }
                key
            }
            Err(e) => return Err(e.into()),
        };
        let secret = web_push_native::p256::SecretKey::from_slice(&key.to_bytes())?;
        let public_b64 =
            URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Vapid {
            key,
            public_b64,
            http,
        })
    }
}

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Anonimo, routes!(get_vapid)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(subscribe, unsubscribe),
        ))
}

#[derive(Serialize, ToSchema)]
struct VapidResp {
    #[serde(rename = "publicKey")]
    public_key: String,
}

/// The VAPID public key for `pushManager.subscribe`.
#[utoipa::path(get, path = "/api/pub/push/vapid", tag = "push", responses((status = 200, body = VapidResp)))]
async fn get_vapid(State(state): State<AppState>) -> axum::Json<VapidResp> {
    axum::Json(VapidResp {
        public_key: state.vapid.public_b64.clone(),
    })
}

#[derive(Deserialize, ToSchema)]
struct Keys {
    p256dh: String,
    auth: String,
}

#[derive(Deserialize, ToSchema)]
struct Subscription {
    endpoint: String,
    keys: Keys,
}

fn private_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.octets()[0] == 100 && (64..128).contains(&v4.octets()[1])
                || v4.octets()[0] == 0
        }
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || v6.is_unspecified()
                || (v6.segments()[0] & 0xfe00) == 0xfc00
                || (v6.segments()[0] & 0xffc0) == 0xfe80
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| private_ip(IpAddr::V4(v4)))
        }
    }
}

/// Checks a push endpoint: https, a public host (in production mode).
pub fn endpoint_allowed(endpoint: &str, allow_insecure: bool) -> bool {
    let Ok(url) = url::Url::parse(endpoint) else {
        return false;
    };
    if endpoint.len() > 1000 {
        return false;
    }
    if allow_insecure {
        return matches!(url.scheme(), "https" | "http") && url.host().is_some();
    }
    if url.scheme() != "https" || url.username() != "" || url.password().is_some() {
        return false;
    }
    match url.host() {
        Some(url::Host::Domain(d)) => {
            let d = d.to_ascii_lowercase();
            !(d == "localhost"
                || d.ends_with(".localhost")
                || d.ends_with(".local")
                || d.ends_with(".internal"))
        }
        Some(url::Host::Ipv4(ip)) => !private_ip(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => !private_ip(IpAddr::V6(ip)),
        None => false,
    }
}

/// Registers the browser's push subscription for the caller.
#[utoipa::path(post, path = "/api/pri/push/suscripciones", tag = "push", request_body = Subscription,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody)))]
async fn subscribe(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(s): Json<Subscription>,
) -> AppResult<axum::Json<Resp>> {
    let mut fe = FieldErrors::default();
    fe.check(
        endpoint_allowed(&s.endpoint, state.config.push_allow_insecure),
        "endpoint",
        "push.endpoint",
    );
    let key_ok = URL_SAFE_NO_PAD
        .decode(s.keys.p256dh.trim_end_matches('='))
        .ok()
        .is_some_and(|k| PublicKey::from_sec1_bytes(&k).is_ok());
    fe.check(key_ok, "keys.p256dh", "push.llaves");
    let auth_ok = URL_SAFE_NO_PAD
        .decode(s.keys.auth.trim_end_matches('='))
        .ok()
        .is_some_and(|a| a.len() == 16);
    fe.check(auth_ok, "keys.auth", "push.llaves");
    fe.into_result()?;
    sqlx::query(
        "INSERT INTO push_suscripciones (cve_empleado, endpoint, p256dh, auth, creado) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET cve_empleado = excluded.cve_empleado, p256dh = excluded.p256dh,
            auth = excluded.auth, fallos = 0",
    )
    .bind(u.cve_empleado)
    .bind(&s.endpoint)
    .bind(s.keys.p256dh.trim_end_matches('='))
    .bind(s.keys.auth.trim_end_matches('='))
    .bind(state.now_iso())
    .execute(&state.db.write)
    .await?;
    Ok(Resp::ok())
}

#[derive(Deserialize, ToSchema)]
struct Unsubscribe {
    endpoint: String,
}

/// Removes one of the caller's push subscriptions.
#[utoipa::path(delete, path = "/api/pri/push/suscripciones", tag = "push", request_body = Unsubscribe,
    responses((status = 200, body = Resp)))]
async fn unsubscribe(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(s): Json<Unsubscribe>,
) -> AppResult<axum::Json<Resp>> {
    sqlx::query("DELETE FROM push_suscripciones WHERE endpoint = ? AND cve_empleado = ?")
        .bind(&s.endpoint)
        .bind(u.cve_empleado)
        .execute(&state.db.write)
        .await?;
    Ok(Resp::ok())
}

/// What a push message carries to the service worker.
#[derive(Serialize, Clone, Debug)]
pub struct Payload {
    pub titulo: String,
    pub contenido: String,
    pub url: String,
    pub tipo: String,
    pub id: i64,
}

/// Pushes to every subscription of an employee, in the background.
pub fn send_to_employee(state: &AppState, cve: i64, payload: Payload) {
    let state = state.clone();
    tokio::spawn(async move {
        if let Err(e) = deliver(&state, cve, &payload).await {
            tracing::warn!(error = %e, "push delivery failed");
        }
    });
}

async fn resolves_publicly(endpoint: &str) -> bool {
    let Ok(url) = url::Url::parse(endpoint) else {
        return false;
    };
    let Some(host) = url.host_str() else {
        return false;
    };
    let port = url.port_or_known_default().unwrap_or(443);
    match tokio::net::lookup_host((host.trim_matches(['[', ']']), port)).await {
        Ok(addrs) => {
            let addrs: Vec<_> = addrs.collect();
            !addrs.is_empty() && addrs.iter().all(|a| !private_ip(a.ip()))
        }
        Err(_) => false,
    }
}

/// Sends one payload to each subscription of `cve`; answers of 404/410 remove it.
pub async fn deliver(state: &AppState, cve: i64, payload: &Payload) -> AppResult<usize> {
    let subs: Vec<(i64, String, String, String)> = sqlx::query_as(
        "SELECT id, endpoint, p256dh, auth FROM push_suscripciones WHERE cve_empleado = ?",
    )
    .bind(cve)
    .fetch_all(&state.db.read)
    .await?;
    let body = serde_json::to_vec(payload).map_err(AppError::internal)?;
    let mut delivered = 0;
    for (id, endpoint, p256dh, auth) in subs {
        if !state.config.push_allow_insecure && !resolves_publicly(&endpoint).await {
            tracing::warn!(
                subscription = id,
                "push endpoint resolves to a private address; skipped"
            );
            continue;
        }
        let built = (|| -> Result<axum::http::Request<Vec<u8>>, String> {
            let key = PublicKey::from_sec1_bytes(
                &URL_SAFE_NO_PAD.decode(&p256dh).map_err(|e| e.to_string())?,
            )
            .map_err(|e| e.to_string())?;
            let auth_bytes = URL_SAFE_NO_PAD.decode(&auth).map_err(|e| e.to_string())?;
            if auth_bytes.len() != 16 {
                return Err("bad auth secret".into());
            }
            let uri = endpoint
                .parse()
                .map_err(|e: axum::http::uri::InvalidUri| e.to_string())?;
            WebPushBuilder::new(uri, key, Auth::clone_from_slice(&auth_bytes))
                .with_vapid(&state.vapid.key, &state.config.vapid_subject)
                .build(body.clone())
                .map_err(|e| e.to_string())
        })();
        let req = match built {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(subscription = id, error = %e, "cannot build push request");
                continue;
            }
        };
        let (parts, bytes) = req.into_parts();
        let mut rb = state.vapid.http.post(parts.uri.to_string()).body(bytes);
        for (name, value) in parts.headers.iter() {
            rb = rb.header(name.as_str(), value.as_bytes());
        }
        match rb.send().await {
            Ok(res) if res.status().is_success() => {
                delivered += 1;
                sqlx::query(
                    "UPDATE push_suscripciones SET ultimo_envio = ?, fallos = 0 WHERE id = ?",
                )
                .bind(state.now_iso())
                .bind(id)
                .execute(&state.db.write)
                .await?;
            }
            Ok(res) if res.status().as_u16() == 404 || res.status().as_u16() == 410 => {
                sqlx::query("DELETE FROM push_suscripciones WHERE id = ?")
                    .bind(id)
                    .execute(&state.db.write)
                    .await?;
                tracing::info!(subscription = id, "push subscription gone; removed");
            }
            Ok(res) => {
                tracing::warn!(
                    subscription = id,
                    status = res.status().as_u16(),
                    "push service refused"
                );
                sqlx::query("UPDATE push_suscripciones SET fallos = fallos + 1 WHERE id = ?")
                    .bind(id)
                    .execute(&state.db.write)
                    .await?;
            }
            Err(e) => {
                tracing::warn!(subscription = id, error = %e, "push service unreachable");
                sqlx::query("UPDATE push_suscripciones SET fallos = fallos + 1 WHERE id = ?")
                    .bind(id)
                    .execute(&state.db.write)
                    .await?;
            }
        }
    }
    Ok(delivered)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_must_be_public_https() {
        assert!(endpoint_allowed(
            "https://fcm.googleapis.com/fcm/send/abc",
            false
        ));
        assert!(!endpoint_allowed(
            "http://fcm.googleapis.com/fcm/send/abc",
            false
        ));
        assert!(!endpoint_allowed("https://127.0.0.1/x", false));
        assert!(!endpoint_allowed("https://10.1.2.3/x", false));
        assert!(!endpoint_allowed("https://192.168.0.10/x", false));
        assert!(!endpoint_allowed("https://[::1]/x", false));
        assert!(!endpoint_allowed("https://localhost/x", false));
        assert!(!endpoint_allowed("https://169.254.169.254/latest", false));
        assert!(!endpoint_allowed("not a url", false));
        assert!(endpoint_allowed("http://127.0.0.1:9999/x", true));
    }
}
