//! A course as an iCalendar file: one event per session at the stored UTC instants.

use crate::common;
use crate::courses_support;

use common::{ANALISTA, PARTICIPANTE, TestServer};
use courses_support::*;
use icalendar::{CalendarDateTime, Component, DatePerhapsTime, EventLike};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The raw answer of `cursos/{id}/ics`.
async fn ics(s: &TestServer, token: &str, cve_curso: i64) -> (StatusCode, String, String) {
    let res = s
        .http
        .get(format!("{}/api/pri/cursos/{cve_curso}/ics", s.base))
        .bearer_auth(token)
        .send()
        .await
        .expect("request sent");
    let status = res.status();
    let tipo = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, tipo, res.text().await.expect("body"))
}

/// A parsed date-time as the stored `AAAA-MM-DDTHH:MM:SSZ`.
fn utc(d: Option<DatePerhapsTime>) -> String {
    match d {
        Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(t))) => {
            t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
        }
        other => panic!("not a UTC date-time: {other:?}"),
    }
}

/// A two-session course in a room; (cve_curso, its detail).
async fn two_sessions(s: &TestServer, token: &str) -> (i64, Value) {
    let tema = topic(s, token, "ICS1", "PRESENCIAL", "conocimiento").await;
    let sala = room(s, token, "Sala Volcán", 20).await;
    let ins = demo_instructor(s).await;
    let body = course_body(
        tema,
        vec![
            session(&in_days(s, 10), "09:00", "13:00"),
            session(&in_days(s, 11), "15:30", "18:00"),
        ],
        Some(sala),
        Some(ins),
    );
    let cve = scheduled(s, token, &body).await;
    let d = detail(s, token, cve).await;
    assert_eq!(d.status, StatusCode::OK);
    (cve, d.body)
}

#[tokio::test]
async fn every_session_is_one_event_at_its_stored_utc_instants() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let (cve, d) = two_sessions(&s, &a).await;
    let (status, tipo, texto) = ics(&s, &a, cve).await;
    assert_eq!(status, StatusCode::OK);
    assert!(tipo.starts_with("text/calendar"), "{tipo}");
    assert!(texto.contains("METHOD:PUBLISH"), "{texto}");

    let cal: icalendar::Calendar = texto.parse().expect("a valid calendar");
    let eventos: Vec<_> = cal.events().collect();
    let sesiones = d["sesiones"].as_array().expect("sessions");
    assert_eq!(eventos.len(), 2);
    for (e, x) in eventos.iter().zip(sesiones) {
        let numero = x["numero"].as_i64().expect("numero");
        assert_eq!(
            e.get_uid(),
            Some(format!("curso-{cve}-{numero}@aula").as_str())
        );
        assert_eq!(utc(e.get_start()), x["inicio"].as_str().expect("inicio"));
        assert_eq!(utc(e.get_end()), x["fin"].as_str().expect("fin"));
        assert!(
            e.get_location().unwrap_or("").contains("Sala Volcán"),
            "{:?}",
            e.get_location()
        );
        assert!(e.get_url().is_some_and(|u| u.starts_with("http")));
        assert!(e.get_description().unwrap_or("").contains("Tema ICS1"));
        assert_ne!(e.property_value("STATUS"), Some("CANCELLED"));
    }
}

#[tokio::test]
async fn a_cancelled_course_cancels_its_events() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let (cve, _) = two_sessions(&s, &a).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/cancelar"),
            Some(&a),
            json!({"motivo": "Sin quórum"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let (_, _, texto) = ics(&s, &a, cve).await;
    let cal: icalendar::Calendar = texto.parse().expect("a valid calendar");
    assert_eq!(cal.events().count(), 2);
    assert!(
        cal.events()
            .all(|e| e.property_value("STATUS") == Some("CANCELLED"))
    );
}

#[tokio::test]
async fn only_people_who_see_the_course_get_its_calendar() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let (cve, _) = two_sessions(&s, &a).await;
    let p = s.login(PARTICIPANTE).await;
    let (status, _, _) = ics(&s, &p, cve).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let cve_p = s.cve_of(PARTICIPANTE).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/inscribir"),
            Some(&a),
            json!({"empleados": [cve_p], "lista_espera": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let (status, _, texto) = ics(&s, &p, cve).await;
    assert_eq!(status, StatusCode::OK);
    assert!(texto.contains(&format!("curso-{cve}-1@aula")));

    let (status, _, _) = ics(&s, &a, 999_999).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
