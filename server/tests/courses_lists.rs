//! Session views: calendar, today's panel and online sessions.

use crate::common;
use crate::courses_support;

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

#[tokio::test]
async fn the_calendar_answers_every_field_of_each_session_with_the_callers_place() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let other = plain_employees(&s, 1).await[0];
    let o = Opts {
        capacidad: 1,
        en_dias: 12,
        sesiones: 2,
        ..Opts::default()
    };
    // A: the participant holds its one seat. B: someone else does; the participant waits.
    let a = course(&s, &t, "CAL4", o.clone()).await.cve_curso;
    let b = course(&s, &t, "CAL5", Opts { en_dias: 13, ..o })
        .await
        .cve_curso;
    assert_eq!(enrol(&s, &t, a, &[p], false).await.status, StatusCode::OK);
    assert_eq!(
        enrol(&s, &t, b, &[other], false).await.status,
        StatusCode::OK
    );
    assert_eq!(enrol(&s, &t, b, &[p], true).await.status, StatusCode::OK);

    let me = s.login(PARTICIPANTE).await;
    let path = format!(
        "/api/pri/cursos/calendario?desde={}&hasta={}",
        in_days(&s, 10),
        in_days(&s, 20)
    );
    let r = s.get(&path, Some(&me)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let events: Vec<&serde_json::Value> = r
        .body
        .as_array()
        .expect("an array")
        .iter()
        .filter(|e| e["cve_curso"] == a || e["cve_curso"] == b)
        .collect();
    // Two sessions each, in date and time order: A's first day, then A's second and B's first
    // (the same day, both at the same hour: by session), then B's second.
    let order: Vec<(i64, String)> = events
        .iter()
        .map(|e| {
            (
                e["cve_curso"].as_i64().expect("cve"),
                e["fecha"].as_str().expect("fecha").to_string(),
            )
        })
        .collect();
    assert_eq!(
        order,
        vec![
            (a, in_days(&s, 12)),
            (a, in_days(&s, 13)),
            (b, in_days(&s, 13)),
            (b, in_days(&s, 14)),
        ]
    );
    let d = detail(&s, &t, a).await.body;
    let first = events[0];
    let mut keys: Vec<&str> = first
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        vec![
            "autoinscripcion",
            "capacidad",
            "cve_curso",
            "en_espera",
            "estatus",
            "fecha",
            "fin",
            "hora_fin",
            "hora_inicio",
            "id_sesion",
            "inicio",
            "inscrito",
            "inscritos",
            "instructor",
            "lugares_disponibles",
            "modalidad",
            "nombre_tema",
            "sala",
            "sede",
            "titulo"
        ]
    );
    assert_eq!(first["id_sesion"], d["sesiones"][0]["id_sesion"]);
    assert_eq!(first["inicio"], d["sesiones"][0]["inicio"]);
    assert_eq!(first["fin"], d["sesiones"][0]["fin"]);
    assert_eq!(first["titulo"], d["nombre_corto"]);
    assert_eq!(first["nombre_tema"], d["nombre_tema"]);
    assert_eq!(first["modalidad"], "PRESENCIAL");
    assert_eq!(first["estatus"], "programado");
    assert!(first["instructor"].is_string(), "{first}");
    assert!(
        first["sede"].is_null() && first["sala"].is_null(),
        "{first}"
    );
    assert_eq!(
        (
            &first["capacidad"],
            &first["inscritos"],
            &first["lugares_disponibles"]
        ),
        (&json!(1), &json!(1), &json!(0))
    );
    assert_eq!(
        (
            &first["inscrito"],
            &first["en_espera"],
            &first["autoinscripcion"]
        ),
        (&json!(true), &json!(false), &json!(true))
    );
    let waiting = events[2];
    assert_eq!(
        (&waiting["inscrito"], &waiting["en_espera"]),
        (&json!(false), &json!(true))
    );
}
