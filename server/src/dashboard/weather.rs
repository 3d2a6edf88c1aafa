//! The weather of the dashboard's header (spec sections 3, 7 and 8): the employee's city
//! (their plant's), and its temperature from the weather service called by the server with
//! the company's key — which never reaches the browser — cached 30 minutes per place, in
//! whole degrees Celsius; on any failure 0° and no city, without an error.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, Ciudad};
use crate::auth::perms::{CurrentUser, Rule, check_scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::state::AppState;

/// How long a place's temperature is kept.
pub const CACHE_SECS: i64 = 30 * 60;
/// How long the weather service may take.
const TIMEOUT: Duration = Duration::from_secs(3);
/// Kelvin to Celsius.
const KELVIN: f64 = 273.15;

/// Temperatures by (service, place): (expires at, °C).
static CACHE: LazyLock<Mutex<HashMap<String, (i64, i64)>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

static HTTP: LazyLock<reqwest::Client> = LazyLock::new(|| {
    reqwest::Client::builder()
        .timeout(TIMEOUT)
        .build()
        .unwrap_or_default()
});

pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = || Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r(), routes!(get_city)))
        .routes(secured(state, r(), routes!(get_weather)))
}

/// The weather of the header (spec section 3, Weather).
#[derive(Serialize, ToSchema, Debug, PartialEq)]
pub struct Clima {
    /// Whole degrees Celsius; 0 when unknown.
    pub temperature: i64,
    /// '' when unknown.
    pub nomciudad: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// Kelvin to whole degrees Celsius.
pub fn celsius(kelvin: f64) -> i64 {
    (kelvin - KELVIN).round() as i64
}

async fn city(
    state: &AppState,
    u: &crate::auth::perms::SessionUser,
    cve: i64,
) -> AppResult<Ciudad> {
    if cve != u.cve_empleado {
        check_scope(state, u.scope, cve).await?;
    }
    let mut conn = state.db.read.acquire().await?;
    db::city_of(&mut conn, cve)
        .await?
        .ok_or_else(AppError::not_found)
}

/// `ciudades/empleado/{cve_empleado}`: the city of the employee's plant (oneself, or someone
/// within one's scope).
#[utoipa::path(get, path = "/api/pri/ciudades/empleado/{cve_empleado}", tag = "dashboard",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Ciudad), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_city(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Ciudad>> {
    Ok(axum::Json(city(&state, &u, cve).await?))
}

/// The temperature where the employee works, from the weather service with the company's key
/// (cached 30 minutes per place). Without a key, a place or an answer: 0° and no city.
#[utoipa::path(get, path = "/api/pri/ciudades/empleado/{cve_empleado}/clima", tag = "dashboard",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Clima), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_weather(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Clima>> {
    let c = city(&state, &u, cve).await?;
    let unknown = Clima {
        temperature: 0,
        nomciudad: String::new(),
        latitude: None,
        longitude: None,
    };
    let (Some(lat), Some(lon)) = (c.latitude, c.longitude) else {
        return Ok(axum::Json(unknown));
    };
    let key = crate::settings::load(&state).await?.apikey_clima;
    if key.trim().is_empty() {
        return Ok(axum::Json(unknown));
    }
    match temperature(&state, lat, lon, key.trim()).await {
        Some(t) => Ok(axum::Json(Clima {
            temperature: t,
            nomciudad: c.nomciudad,
            latitude: Some(lat),
            longitude: Some(lon),
        })),
        None => Ok(axum::Json(unknown)),
    }
}

/// The place's temperature, from the cache or the service; None on any failure.
async fn temperature(state: &AppState, lat: f64, lon: f64, key: &str) -> Option<i64> {
    let base = state.config.weather_url.trim_end_matches('/');
    let place = format!("{base}|{lat:.3}|{lon:.3}");
    let now = state.now();
    if let Ok(cache) = CACHE.lock()
        && let Some((expira, t)) = cache.get(&place)
        && *expira > now
    {
        return Some(*t);
    }
    let mut url = url::Url::parse(&format!("{base}/data/2.5/weather")).ok()?;
    url.query_pairs_mut()
        .append_pair("lat", &lat.to_string())
        .append_pair("lon", &lon.to_string())
        .append_pair("appid", key);
    let body = HTTP
        .get(url)
        .send()
        .await
        .ok()?
        .error_for_status()
        .ok()?
        .bytes()
        .await
        .ok()?;
    let answer: serde_json::Value = serde_json::from_slice(&body).ok()?;
    let kelvin = answer.pointer("/main/temp")?.as_f64()?;
    if !(0.0..400.0).contains(&kelvin) {
        return None;
    }
    let t = celsius(kelvin);
    if let Ok(mut cache) = CACHE.lock() {
        cache.retain(|_, (expira, _)| *expira > now);
        cache.insert(place, (now + CACHE_SECS, t));
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kelvin_becomes_whole_celsius() {
        assert_eq!(celsius(273.15), 0);
        assert_eq!(celsius(298.65), 26);
        assert_eq!(celsius(298.64), 25);
        assert_eq!(celsius(263.15), -10);
    }
}
