//! Microsoft Teams online meetings through Microsoft Graph: a client-credentials token
//! from the Microsoft login endpoint, then `onlineMeetings` of the organiser.

use serde_json::{Value, json};

use super::meetings::{Evento, Reunion, fallo};
use crate::error::AppResult;
use crate::settings::Cia;
use crate::state::AppState;

/// The company's Graph credentials and the configured endpoints.
pub struct Teams<'a> {
    state: &'a AppState,
    tenant: String,
    client_id: String,
    client_secret: String,
    organizador: String,
}

impl<'a> Teams<'a> {
    pub fn new(state: &'a AppState, cia: &Cia) -> Teams<'a> {
        Teams {
            state,
            tenant: cia.teams_tenant_id.trim().to_string(),
            client_id: cia.teams_client_id.trim().to_string(),
            client_secret: cia.teams_client_secret.trim().to_string(),
            organizador: cia.teams_organizador.trim().to_string(),
        }
    }

    fn configured(&self) -> bool {
        !self.tenant.is_empty()
            && !self.client_id.is_empty()
            && !self.client_secret.is_empty()
            && !self.organizador.is_empty()
    }

    fn meetings_url(&self) -> String {
        format!(
            "{}/v1.0/users/{}/onlineMeetings",
            self.state.config.graph_url.trim_end_matches('/'),
            url::form_urlencoded::byte_serialize(self.organizador.as_bytes()).collect::<String>()
        )
    }

    /// A client-credentials access token for Graph.
    async fn token(&self) -> AppResult<String> {
        if !self.configured() {
            return Err(fallo("Teams is not configured"));
        }
        let url = format!(
            "{}/{}/oauth2/v2.0/token",
            self.state.config.ms_login_url.trim_end_matches('/'),
            url::form_urlencoded::byte_serialize(self.tenant.as_bytes()).collect::<String>()
        );
        let body = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("client_id", &self.client_id)
            .append_pair("client_secret", &self.client_secret)
            .append_pair("scope", "https://graph.microsoft.com/.default")
            .append_pair("grant_type", "client_credentials")
            .finish();
        let res = http()
            .post(url)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .map_err(fallo)?;
        if !res.status().is_success() {
            return Err(fallo(format!("token: {}", res.status())));
        }
        let v: Value = serde_json::from_slice(&res.bytes().await.map_err(fallo)?).map_err(fallo)?;
        v.get("access_token")
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| fallo("token: no access_token"))
    }

    /// Creates the online meeting: its joinWebUrl and id.
    pub async fn create(&self, e: &Evento) -> AppResult<Reunion> {
        let token = self.token().await?;
        let body = json!({"subject": e.titulo, "startDateTime": e.inicio, "endDateTime": e.fin});
        let res = http()
            .post(self.meetings_url())
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .map_err(fallo)?;
        if !res.status().is_success() {
            return Err(fallo(format!("onlineMeetings: {}", res.status())));
        }
        let v: Value = serde_json::from_slice(&res.bytes().await.map_err(fallo)?).map_err(fallo)?;
        let url = v.get("joinWebUrl").and_then(Value::as_str);
        let id = v.get("id").and_then(Value::as_str);
        match (url, id) {
            (Some(u), Some(i)) if crate::resources::is_http_url(u) => Ok(Reunion {
                url: u.to_string(),
                id: Some(i.to_string()),
            }),
            _ => Err(fallo("onlineMeetings: no joinWebUrl or id")),
        }
    }

    /// Deletes an online meeting.
    pub async fn delete(&self, id: &str) -> AppResult<()> {
        let token = self.token().await?;
        let url = format!(
            "{}/{}",
            self.meetings_url(),
            url::form_urlencoded::byte_serialize(id.as_bytes()).collect::<String>()
        );
        let res = http()
            .delete(url)
            .bearer_auth(token)
            .send()
            .await
            .map_err(fallo)?;
        if res.status().is_success() || res.status() == reqwest::StatusCode::NOT_FOUND {
            Ok(())
        } else {
            Err(fallo(format!("delete onlineMeeting: {}", res.status())))
        }
    }
}

/// A client with a short timeout: a slow provider must not hold a writer for long.
fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(15))
        .build()
        .unwrap_or_default()
}
