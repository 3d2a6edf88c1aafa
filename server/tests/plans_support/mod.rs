//! Helpers shared by the training-plan tests (package A): topics with chosen rules, dates
//! relative to the server's today, direct ledger reads for assertions.

#![allow(dead_code)]

use chrono::{Days, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Answer, TestServer, datos_form};

/// The server's today.
pub fn today(s: &TestServer) -> NaiveDate {
    aula::plans::today(s.state())
}

/// `d` as AAAA-MM-DD.
pub fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Today minus `n` days, as AAAA-MM-DD.
pub fn days_ago(s: &TestServer, n: u64) -> String {
    iso(today(s) - Days::new(n))
}

/// Creates a topic through the API; its `cve_tema`.
pub async fn topic(
    s: &TestServer,
    token: &str,
    abbr: &str,
    meses: i64,
    modelo: &str,
    activo: i64,
) -> i64 {
    let datos = json!({"abreviatura": abbr, "nombre_tema": format!("Tema {abbr}"), "cve_area": 6000,
        "tipo": "Taller", "modalidad": "PRESENCIAL", "dias_duracion": 1, "horas_sesion": 4,
        "meses_certificacion": meses, "min_participantes": 1, "max_participantes": 15,
        "modelo_evaluacion": modelo, "precio": 0, "activo": activo});
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/catalogos/temas/crear_tema",
            Some(token),
            datos_form(&datos, true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["cve_tema"].as_i64().expect("cve_tema")
}

/// POSTs a manual accreditation from the kardex.
pub async fn accredit(s: &TestServer, token: &str, cve_empleado: i64, body: Value) -> Answer {
    s.post(
        &format!(
            "/api/pri/plan_capacitacion/ver_kardex_capacitacion/{cve_empleado}/acreditaciones"
        ),
        Some(token),
        body,
    )
    .await
}

/// Ledger rows of an employee and topic.
pub async fn ledger_rows(s: &TestServer, cve_empleado: i64, cve_tema: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count")
}

/// Summary rows of an employee and topic.
pub async fn summary_rows(s: &TestServer, cve_empleado: i64, cve_tema: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count")
}

/// A GET with an Accept-Language header.
pub async fn get_in(s: &TestServer, path: &str, token: &str, lang: &str) -> Answer {
    let res = s
        .http
        .get(format!("{}{}", s.base, path))
        .bearer_auth(token)
        .header("accept-language", lang)
        .send()
        .await
        .expect("request sent");
    TestServer::answer(res).await
}

/// A POST with an Accept-Language header.
pub async fn post_in(s: &TestServer, path: &str, token: &str, lang: &str, body: Value) -> Answer {
    let res = s
        .http
        .post(format!("{}{}", s.base, path))
        .bearer_auth(token)
        .header("accept-language", lang)
        .json(&body)
        .send()
        .await
        .expect("request sent");
    TestServer::answer(res).await
}
