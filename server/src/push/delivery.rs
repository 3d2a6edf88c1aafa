//! Sending Web Push messages (RFC 8030/8291 with VAPID) to an employee's subscriptions.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Serialize;
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};

use super::db;
use super::endpoints::resolves_publicly;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

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

/// The encrypted, VAPID-signed request for one subscription.
fn build_request(
    state: &AppState,
    sub: &db::SubscriptionRow,
    body: &[u8],
) -> Result<axum::http::Request<Vec<u8>>, String> {
    let key = PublicKey::from_sec1_bytes(
        &URL_SAFE_NO_PAD
            .decode(&sub.p256dh)
            .map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let auth_bytes = URL_SAFE_NO_PAD
        .decode(&sub.auth)
        .map_err(|e| e.to_string())?;
    if auth_bytes.len() != 16 {
        return Err("bad auth secret".into());
    }
    let uri = sub
        .endpoint
        .parse()
        .map_err(|e: axum::http::uri::InvalidUri| e.to_string())?;
    WebPushBuilder::new(uri, key, Auth::clone_from_slice(&auth_bytes))
        .with_vapid(&state.vapid.key, &state.config.vapid_subject)
        .build(body.to_vec())
        .map_err(|e| e.to_string())
}

/// Sends one payload to each subscription of `cve`; answers of 404/410 remove it.
pub async fn deliver(state: &AppState, cve: i64, payload: &Payload) -> AppResult<usize> {
    let subs = db::of_employee(&state.db.read, cve).await?;
    let body = serde_json::to_vec(payload).map_err(AppError::internal)?;
    let mut delivered = 0;
    for sub in subs {
        let id = sub.id;
        if !state.config.push_allow_insecure && !resolves_publicly(&sub.endpoint).await {
            tracing::warn!(
                subscription = id,
                "push endpoint resolves to a private address; skipped"
            );
            continue;
        }
        let req = match build_request(state, &sub, &body) {
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
                db::mark_delivered(&state.db.write, id, &state.now_iso()).await?;
            }
            Ok(res) if res.status().as_u16() == 404 || res.status().as_u16() == 410 => {
                db::delete(&state.db.write, id).await?;
                tracing::info!(subscription = id, "push subscription gone; removed");
            }
            Ok(res) => {
                tracing::warn!(
                    subscription = id,
                    status = res.status().as_u16(),
                    "push service refused"
                );
                db::count_failure(&state.db.write, id).await?;
            }
            Err(e) => {
                tracing::warn!(subscription = id, error = %e, "push service unreachable");
                db::count_failure(&state.db.write, id).await?;
            }
        }
    }
    Ok(delivered)
}
