//! Session views: calendar, today's panel and online sessions.

mod common;
mod courses_support;

use common::{ANALISTA, INSTRUCTOR, PARTICIPANTE, TestServer};
use courses_support::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_calendar_lists_sessions_in_range_and_hides_cancelled_courses_from_participants() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, _) = simple_course(&s, &t, "CAL1", 5).await;
    let (gone, _) = simple_course(&s, &t, "CAL2", 6).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{gone}/cancelar"),
            Some(&t),
            json!({"motivo": "Sin instructor"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let path = format!(
        "/api/pri/cursos/calendario?desde={}&hasta={}",
        in_days(&s, 0),
        in_days(&s, 30)
    );
    // The demo's own courses are in the calendar too: look at this test's two.
    let ids = |a: &common::Answer| -> Vec<i64> {
        a.body
            .as_array()
            .map(|v| {
                v.iter()
                    .filter_map(|e| e["cve_curso"].as_i64())
                    .filter(|c| *c == cve || *c == gone)
                    .collect()
            })
            .unwrap_or_default()
    };
    let a = s.get(&path, Some(&t)).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(ids(&a), vec![cve, gone]);
    let mine = a
        .body
        .as_array()
        .and_then(|v| v.iter().find(|e| e["cve_curso"] == cve))
        .expect("the course's session");
    assert_eq!(mine["hora_inicio"], "09:00");
    assert_eq!(mine["inscrito"], false);
    let p = s.login(PARTICIPANTE).await;
    let a = s.get(&path, Some(&p)).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(ids(&a), vec![cve]);
    let wide = format!(
        "/api/pri/cursos/calendario?desde={}&hasta={}",
        in_days(&s, 0),
        in_days(&s, 63)
    );
    let a = s.get(&wide, Some(&t)).await;
    assert_eq!(
        (a.status, a.code()),
        (StatusCode::BAD_REQUEST, "cursos.rango_calendario")
    );
}

#[tokio::test]
async fn the_panel_shows_todays_sessions_and_online_sessions_list_meetings() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    // Today in the company's zone (the UTC date differs late in the evening).
    let hoy = aula::courses::schedule::hoy_local(s.state(), chrono_tz::America::Mexico_City);
    let tema1 = topic(&s, &t, "PAN1", "PRESENCIAL", "conocimiento").await;
    let sala1 = room(&s, &t, "Sala PAN1", 20).await;
    let ins1 = demo_instructor(&s).await;
    let today_course = scheduled(
        &s,
        &t,
        &course_body(
            tema1,
            vec![session(&iso(hoy), "07:00", "08:00")],
            Some(sala1),
            Some(ins1),
        ),
    )
    .await;
    simple_course(&s, &t, "PAN2", 1).await;
    let a = s.get("/api/pri/cursos/panel", Some(&t)).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let ids: Vec<i64> = a
        .body
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|e| e["cve_curso"].as_i64())
        .collect();
    assert!(ids.contains(&today_course), "{:?}", a.body);
    let i = s.login(INSTRUCTOR).await;
    assert_eq!(
        s.get("/api/pri/cursos/panel", Some(&i)).await.status,
        StatusCode::OK
    );

    let tema = topic_with(
        &s,
        &t,
        "PAN3",
        json!({"modalidad": "STREAMING", "requiere_sala": 0}),
    )
    .await;
    let ins = demo_instructor(&s).await;
    let mut body = course_body(
        tema,
        vec![session(&in_days(&s, 3), "18:00", "19:00")],
        None,
        Some(ins),
    );
    body["modalidad"] = json!("STREAMING");
    body["reunion_tipo"] = json!("manual");
    body["reunion_url"] = json!("https://meet.example.com/curso");
    let cve = scheduled(&s, &t, &body).await;
    let a = s.get("/api/pri/cursos/reuniones", Some(&i)).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let found = a
        .body
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["cve_curso"] == cve)
        .cloned()
        .expect("meeting listed");
    assert_eq!(found["reunion_url"], "https://meet.example.com/curso");
    assert_eq!(found["reunion_tipo"], "manual");
}
