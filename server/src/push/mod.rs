//! Web Push (RFC 8030/8291 with VAPID): keys generated once into the data dir,
//! subscriptions per employee, delivery to users without an open socket. Endpoints are
//! validated so the server cannot be pointed at internal addresses.

pub mod db;
mod delivery;
mod endpoints;
mod vapid;

use axum::extract::State;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use web_push_native::p256::PublicKey;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppResult, ErrorBody, FieldErrors};
use crate::extract::Json;
use crate::http::Resp;
use crate::state::AppState;

pub use delivery::{Payload, deliver, send_to_employee};
pub use endpoints::endpoint_allowed;
pub use vapid::Vapid;

/// The push routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Anonimo, routes!(get_vapid_key)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(create_subscription, delete_subscription),
        ))
}

#[derive(Serialize, ToSchema)]
struct VapidResp {
    #[serde(rename = "publicKey")]
    public_key: String,
}

/// The VAPID public key for `pushManager.subscribe`.
#[utoipa::path(get, path = "/api/pub/push/vapid", tag = "push", responses((status = 200, body = VapidResp)))]
async fn get_vapid_key(State(state): State<AppState>) -> axum::Json<VapidResp> {
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

/// Registers the browser's push subscription for the caller.
#[utoipa::path(post, path = "/api/pri/push/suscripciones", tag = "push", request_body = Subscription,
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody)))]
async fn create_subscription(
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
    db::upsert(
        &state.db.write,
        &db::NewSubscription {
            cve_empleado: u.cve_empleado,
            endpoint: &s.endpoint,
            p256dh: s.keys.p256dh.trim_end_matches('='),
            auth: s.keys.auth.trim_end_matches('='),
            creado: &state.now_iso(),
        },
    )
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
async fn delete_subscription(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(s): Json<Unsubscribe>,
) -> AppResult<axum::Json<Resp>> {
    db::delete_for_employee(&state.db.write, &s.endpoint, u.cve_empleado).await?;
    Ok(Resp::ok())
}
