//! The header's weather (issue 16): the server calls the weather service for the employee's
//! plant with the company's key (never in an answer), converts Kelvin to whole °C, caches a
//! place for 30 minutes, and on any failure answers 0° and no city without an error. Tested
//! against a local fake of the service.

use crate::common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::StatusCode as AxStatus;
use axum::response::IntoResponse;
use common::*;
use reqwest::StatusCode;
use serde_json::json;

const KEY: &str = "clave-clima-secreta-987";

struct FakeWeather {
    url: String,
    calls: Arc<AtomicUsize>,
    fail: Arc<AtomicBool>,
    queries: Arc<Mutex<Vec<String>>>,
}

async fn fake_weather() -> FakeWeather {
    let calls = Arc::new(AtomicUsize::new(0));
    let fail = Arc::new(AtomicBool::new(false));
    let queries = Arc::new(Mutex::new(Vec::new()));
    let (c, f, q) = (calls.clone(), fail.clone(), queries.clone());
    let app = axum::Router::new().route(
        "/data/2.5/weather",
        axum::routing::get(move |uri: axum::http::Uri| {
            let (c, f, q) = (c.clone(), f.clone(), q.clone());
            async move {
                c.fetch_add(1, Ordering::SeqCst);
                q.lock()
                    .expect("lock")
                    .push(uri.query().unwrap_or("").to_string());
                if f.load(Ordering::SeqCst) {
                    return (AxStatus::INTERNAL_SERVER_ERROR, "caído").into_response();
                }
                axum::Json(json!({"name": "Monterrey", "main": {"temp": 298.65, "humidity": 40}}))
                    .into_response()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    FakeWeather {
        url: format!("http://{addr}"),
        calls,
        fail,
        queries,
    }
}

async fn server(w: &FakeWeather, key: &str) -> TestServer {
    let url = w.url.clone();
    let s = TestServer::start_with(move |c| c.weather_url = url).await;
    aula::settings::apply_patch(s.state(), json!({"apikey_clima": key}))
        .await
        .expect("settings");
    s
}

#[tokio::test]
async fn the_weather_of_ones_plant_comes_in_whole_celsius_and_is_cached() {
    let w = fake_weather().await;
    let s = server(&w, KEY).await;
    let t = s.login(PARTICIPANTE).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let (ciudad, lat): (String, f64) = sqlx::query_as(
        "SELECT p.ciudad, p.latitud FROM empleados e JOIN plantas p ON p.cve_planta = e.cve_planta WHERE e.cve_empleado = ?",
    )
    .bind(cve)
    .fetch_one(&s.state().db.read)
    .await
    .expect("the participant's plant");

    let city = s
        .get(&format!("/api/pri/ciudades/empleado/{cve}"), Some(&t))
        .await;
    assert_eq!(city.status, StatusCode::OK, "{:?}", city.body);
    assert_eq!(city.body["nomciudad"], ciudad.as_str());
    assert_eq!(city.body["latitude"], lat);

    let a = s
        .get(&format!("/api/pri/ciudades/empleado/{cve}/clima"), Some(&t))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["temperature"], 26, "298.65 K is 26 °C");
    assert_eq!(a.body["nomciudad"], ciudad.as_str());
    assert!(
        !String::from_utf8_lossy(&a.bytes).contains(KEY),
        "the key never reaches the browser"
    );
    let q = w.queries.lock().expect("lock")[0].clone();
    assert!(
        q.contains(&format!("appid={KEY}")) && q.contains("lat=") && q.contains("lon="),
        "{q}"
    );

    // Within 30 minutes the service is not asked again; after them it is.
    let again = s
        .get(&format!("/api/pri/ciudades/empleado/{cve}/clima"), Some(&t))
        .await;
    assert_eq!(again.body["temperature"], 26);
    assert_eq!(w.calls.load(Ordering::SeqCst), 1);
    s.clock.advance(chrono::Duration::minutes(31));
    let t = s.login(PARTICIPANTE).await;
    let later = s
        .get(&format!("/api/pri/ciudades/empleado/{cve}/clima"), Some(&t))
        .await;
    assert_eq!(later.body["temperature"], 26);
    assert_eq!(w.calls.load(Ordering::SeqCst), 2);

    // Another person's city only within one's scope.
    let other = s.cve_of(HISE).await;
    let denied = s
        .get(&format!("/api/pri/ciudades/empleado/{other}"), Some(&t))
        .await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn any_failure_answers_zero_degrees_and_no_city_without_an_error() {
    let w = fake_weather().await;
    w.fail.store(true, Ordering::SeqCst);
    let s = server(&w, KEY).await;
    let t = s.login(SUPERVISOR).await;
    let cve = s.cve_of(SUPERVISOR).await;
    let a = s
        .get(&format!("/api/pri/ciudades/empleado/{cve}/clima"), Some(&t))
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(
        a.body,
        json!({"temperature": 0, "nomciudad": "", "latitude": null, "longitude": null})
    );
    assert_eq!(w.calls.load(Ordering::SeqCst), 1);

    // Without the company's key the service is not called at all.
    let w2 = fake_weather().await;
    let s2 = server(&w2, "").await;
    let t2 = s2.login(SUPERVISOR).await;
    let b = s2
        .get(
            &format!("/api/pri/ciudades/empleado/{cve}/clima"),
            Some(&t2),
        )
        .await;
    assert_eq!(b.body["temperature"], 0);
    assert_eq!(b.body["nomciudad"], "");
    assert_eq!(w2.calls.load(Ordering::SeqCst), 0);

    // A service that cannot be reached answers the same.
    let down = TestServer::start_with(|c| c.weather_url = "http://127.0.0.1:9".into()).await;
    aula::settings::apply_patch(down.state(), json!({"apikey_clima": KEY}))
        .await
        .expect("settings");
    let t3 = down.login(SUPERVISOR).await;
    let c = down
        .get(
            &format!(
                "/api/pri/ciudades/empleado/{}/clima",
                down.cve_of(SUPERVISOR).await
            ),
            Some(&t3),
        )
        .await;
    assert_eq!(
        (c.status, c.body["temperature"].as_i64()),
        (StatusCode::OK, Some(0))
    );
}
