//! Scheduling courses: sessions in the company's time zone, room capacity, double-booking
//! of rooms and instructors, costs, activities, edit rules and cancelling.

use crate::common;
use crate::courses_support;

use common::{ANALISTA, INSTRUCTOR, PARTICIPANTE, SUPERVISOR, TestServer, rows};
use courses_support::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

#[tokio::test]
async fn a_course_keeps_its_sessions_as_entered_and_in_utc_and_totals_its_costs() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH1", "PRESENCIAL", "conocimiento").await;
    let r = s
        .post(
            &format!("/api/pri/temas/actividades_temas/{tema}"),
            Some(&t),
            json!({"titulo": "Reporte", "descripcion": "Entrega tu reporte", "dias_entrega": 5, "tipo_evidencia": "archivo"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let sala = room(&s, &t, "Sala Norte", 20).await;
    let ins = demo_instructor(&s).await;
    let mut body = course_body(
        tema,
        vec![
            session("2030-03-04", "09:00", "13:00"),
            session("2030-03-05", "15:30", "18:00"),
        ],
        Some(sala),
        Some(ins),
    );
    body["costo_instructor"] = json!(150000);
    body["costo_coffee_break"] = json!(25050);
    body["costo_otros"] = json!(1);
    let cve = scheduled(&s, &t, &body).await;

    let d = detail(&s, &t, cve).await;
    assert_eq!(d.status, StatusCode::OK, "{:?}", d.body);
    assert_eq!(d.body["fecha_inicio"], "2030-03-04");
    assert_eq!(d.body["fecha_fin"], "2030-03-05");
    assert_eq!(d.body["nombre_corto"], "Tema SCH1");
    assert_eq!(d.body["costo_total"], 175051);
    assert_eq!(d.body["lugares_disponibles"], 10);
    assert_eq!(d.body["curso_cerrado"], "0");
    assert_eq!(d.body["modelo_evaluacion"], "conocimiento");
    assert_eq!(d.body["permisos"]["editar"], true);
    let ses = d.body["sesiones"].as_array().expect("sessions");
    assert_eq!(ses.len(), 2);
    // Mexico City is UTC−6 all year.
    assert_eq!(ses[0]["hora_inicio"], "09:00");
    assert_eq!(ses[0]["inicio"], "2030-03-04T15:00:00Z");
    assert_eq!(ses[1]["fecha"], "2030-03-05");
    assert_eq!(ses[1]["hora_fin"], "18:00");
    assert_eq!(ses[1]["fin"], "2030-03-06T00:00:00Z");

    let due: String =
        sqlx::query_scalar("SELECT fecha_entrega FROM cursos_actividades WHERE cve_curso = ?")
            .bind(cve)
            .fetch_one(&s.state().db.read)
            .await
            .expect("the topic's activity became the course's");
    assert_eq!(due, "2030-03-09");
}

#[tokio::test]
async fn the_company_time_zone_decides_the_utc_instants() {
    let s = TestServer::start().await;
    let admin = s.login(common::ADMIN).await;
    let r = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"zona_horaria": "America/Tijuana"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH2", "PRESENCIAL", "conocimiento").await;
    let sala = room(&s, &t, "Sala Oeste", 20).await;
    let ins = demo_instructor(&s).await;
    // July: Tijuana is on daylight time, UTC−7.
    let body = course_body(
        tema,
        vec![session("2030-07-01", "08:00", "10:00")],
        Some(sala),
        Some(ins),
    );
    let cve = scheduled(&s, &t, &body).await;
    let d = detail(&s, &t, cve).await;
    assert_eq!(d.body["sesiones"][0]["inicio"], "2030-07-01T15:00:00Z");
    assert_eq!(d.body["sesiones"][0]["hora_inicio"], "08:00");
}

#[tokio::test]
async fn a_room_is_not_booked_twice_and_the_conflict_names_the_other_course() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH3", "PRESENCIAL", "conocimiento").await;
    let sala = room(&s, &t, "Sala Sur", 20).await;
    let a = external_instructor(&s, &t, "ext_a").await;
    let b = external_instructor(&s, &t, "ext_b").await;
    let first = course_body(
        tema,
        vec![session("2030-05-10", "09:00", "13:00")],
        Some(sala),
        Some(a),
    );
    let cve = scheduled(&s, &t, &first).await;

    let clash = course_body(
        tema,
        vec![session("2030-05-10", "12:00", "14:00")],
        Some(sala),
        Some(b),
    );
    let r = schedule(&s, &t, &clash).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "cursos.sala_ocupada"),
        "{:?}",
        r.body
    );
    let msg = r.resp().to_string();
    assert!(
        msg.contains(&cve.to_string()) && msg.contains("2030-05-10"),
        "{msg}"
    );

    // Back to back is not a clash.
    let next = course_body(
        tema,
        vec![session("2030-05-10", "13:00", "15:00")],
        Some(sala),
        Some(b),
    );
    scheduled(&s, &t, &next).await;
}

#[tokio::test]
async fn an_instructor_is_not_in_two_rooms_at_once() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH4", "PRESENCIAL", "conocimiento").await;
    let s1 = room(&s, &t, "Sala A", 20).await;
    let s2 = room(&s, &t, "Sala B", 20).await;
    let ins = demo_instructor(&s).await;
    scheduled(
        &s,
        &t,
        &course_body(
            tema,
            vec![
                session("2030-06-01", "09:00", "11:00"),
                session("2030-06-02", "09:00", "11:00"),
            ],
            Some(s1),
            Some(ins),
        ),
    )
    .await;
    let r = schedule(
        &s,
        &t,
        &course_body(
            tema,
            vec![session("2030-06-02", "10:30", "12:00")],
            Some(s2),
            Some(ins),
        ),
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "cursos.instructor_ocupado"),
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn the_seats_cannot_exceed_the_rooms_capacity() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH5", "PRESENCIAL", "conocimiento").await;
    let sala = room(&s, &t, "Sala Chica", 8).await;
    let ins = demo_instructor(&s).await;
    let mut body = course_body(
        tema,
        vec![session("2030-06-01", "09:00", "11:00")],
        Some(sala),
        Some(ins),
    );
    body["capacidad"] = json!(9);
    let r = schedule(&s, &t, &body).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNPROCESSABLE_ENTITY, "cursos.capacidad_sala"),
        "{:?}",
        r.body
    );
    assert!(r.resp().contains('8'), "{:?}", r.body);
    body["capacidad"] = json!(8);
    scheduled(&s, &t, &body).await;
}

#[tokio::test]
async fn the_form_is_checked_field_by_field() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH6", "PRESENCIAL", "conocimiento").await;
    let mut body = course_body(
        tema,
        vec![
            session("2030-06-02", "09:00", "11:00"),
            session("2030-06-01", "09:00", "11:00"),
        ],
        None,
        None,
    );
    body["capacidad"] = json!(0);
    body["moneda"] = json!("EUR");
    body["costo_otros"] = json!(-1);
    body["reunion_tipo"] = json!("jitsi");
    let r = schedule(&s, &t, &body).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    for f in [
        "sesiones",
        "capacidad",
        "moneda",
        "costo_otros",
        "reunion_tipo",
        "cve_sala",
        "cve_instructor",
    ] {
        assert!(r.body["fields"][f].is_string(), "{f}: {:?}", r.body);
    }
    // An end before the start.
    let sala = room(&s, &t, "Sala Form", 20).await;
    let ins = demo_instructor(&s).await;
    let bad = course_body(
        tema,
        vec![session("2030-06-01", "11:00", "09:00")],
        Some(sala),
        Some(ins),
    );
    let r = schedule(&s, &t, &bad).await;
    assert_eq!(
        r.body["fields"]["sesiones"],
        "La hora de fin de la sesión debe ser posterior a la de inicio",
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn an_inactive_topic_cannot_be_scheduled() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic_with(
        &s,
        &t,
        "SCH7",
        json!({"activo": 0, "requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    let body = course_body(
        tema,
        vec![session("2030-06-01", "09:00", "11:00")],
        None,
        None,
    );
    let r = schedule(&s, &t, &body).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNPROCESSABLE_ENTITY, "cursos.tema_inactivo"),
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn the_form_defaults_come_from_the_topic_and_the_company() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic_with(
        &s,
        &t,
        "SCH8",
        json!({"modalidad": "E_LEARNING", "min_participantes": 3, "max_participantes": 25, "requiere_sala": 0}),
    )
    .await;
    let v = s
        .get(
            &format!("/api/pri/cursos/programar/valores/{tema}"),
            Some(&t),
        )
        .await;
    assert_eq!(v.status, StatusCode::OK, "{:?}", v.body);
    assert_eq!(v.body["modalidad"], "E_LEARNING");
    assert_eq!(v.body["capacidad"], 25);
    assert_eq!(v.body["min_participantes"], 3);
    assert_eq!(v.body["dias_acceso"], 30);
    assert_eq!(v.body["tipo_cambio"], 18.5);
    assert_eq!(v.body["moneda"], "MXN");
    assert_eq!(v.body["requiere_sala"], false);
    assert_eq!(v.body["zona_horaria"], "America/Mexico_City");
}

#[tokio::test]
async fn editing_moves_the_sessions_but_not_below_the_seats_taken_nor_to_another_topic() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, tema) = simple_course(&s, &t, "SCH9", 30).await;
    let sala = room(&s, &t, "Sala Edit", 20).await;
    let ins = demo_instructor(&s).await;
    let mut body = course_body(
        tema,
        vec![session("2031-01-10", "10:00", "12:00")],
        Some(sala),
        Some(ins),
    );
    let r = edit(&s, &t, cve, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let d = detail(&s, &t, cve).await;
    assert_eq!(d.body["fecha_inicio"], "2031-01-10");
    assert_eq!(d.body["sesiones"][0]["inicio"], "2031-01-10T16:00:00Z");
    assert_eq!(d.body["nombre_sala"], "Sala Edit");

    // Three people hold a seat.
    let people: Vec<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados ORDER BY cve_empleado LIMIT 3")
            .fetch_all(&s.state().db.read)
            .await
            .expect("employees");
    let now = s.state().now_iso();
    for p in &people {
        sqlx::query("INSERT INTO cursos_inscripciones (cve_curso, cve_empleado, estatus, origen, creado, actualizado) VALUES (?, ?, 'inscrito', 'analista', ?, ?)")
            .bind(cve).bind(p).bind(&now).bind(&now)
            .execute(&s.state().db.write).await.expect("enrolment");
    }
    sqlx::query("UPDATE cursos SET inscritos = 3 WHERE cve_curso = ?")
        .bind(cve)
        .execute(&s.state().db.write)
        .await
        .expect("seats");
    body["capacidad"] = json!(2);
    let r = edit(&s, &t, cve, &body).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "cursos.capacidad_menor_inscritos"
        ),
        "{:?}",
        r.body
    );
    body["capacidad"] = json!(3);
    let other = topic(&s, &t, "SCH9B", "PRESENCIAL", "conocimiento").await;
    body["cve_tema"] = json!(other);
    let r = edit(&s, &t, cve, &body).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "cursos.tema_con_inscritos"
        ),
        "{:?}",
        r.body
    );
    body["cve_tema"] = json!(tema);
    let r = edit(&s, &t, cve, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(detail(&s, &t, cve).await.body["lugares_disponibles"], 0);
}

#[tokio::test]
async fn cancelling_frees_the_room_and_the_course_can_no_longer_change() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "SCH10", "PRESENCIAL", "conocimiento").await;
    let sala = room(&s, &t, "Sala Libre", 20).await;
    let ins = demo_instructor(&s).await;
    let body = course_body(
        tema,
        vec![session("2030-09-01", "09:00", "13:00")],
        Some(sala),
        Some(ins),
    );
    let cve = scheduled(&s, &t, &body).await;
    assert_eq!(schedule(&s, &t, &body).await.code(), "cursos.sala_ocupada");

    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/cancelar"),
            Some(&t),
            json!({"motivo": ""}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/cancelar"),
            Some(&t),
            json!({"motivo": "Sin quórum"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let d = detail(&s, &t, cve).await;
    assert_eq!(d.body["estatus"], "cancelado");
    assert_eq!(d.body["motivo_cancelacion"], "Sin quórum");
    assert_eq!(d.body["permisos"]["editar"], false);

    // The same room and instructor at the same time are free again.
    scheduled(&s, &t, &body).await;
    let r = edit(&s, &t, cve, &body).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "cursos.cancelado"),
        "{:?}",
        r.body
    );
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/cancelar"),
            Some(&t),
            json!({"motivo": "Otra vez"}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "cursos.cancelado"),
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn only_schedulers_schedule_and_a_course_is_seen_by_those_it_concerns() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, tema) = simple_course(&s, &t, "SCH11", 20).await;
    let sup = s.login(SUPERVISOR).await;
    let body = course_body(
        tema,
        vec![session("2030-10-01", "09:00", "10:00")],
        None,
        None,
    );
    assert_eq!(
        schedule(&s, &sup, &body).await.status,
        StatusCode::FORBIDDEN
    );
    // A supervisor sees the catalogue of courses; a participant not in it does not.
    assert_eq!(detail(&s, &sup, cve).await.status, StatusCode::OK);
    let p = s.login(PARTICIPANTE).await;
    assert_eq!(detail(&s, &p, cve).await.status, StatusCode::FORBIDDEN);
    // The demo instructor teaches it.
    let i = s.login(INSTRUCTOR).await;
    let d = detail(&s, &i, cve).await;
    assert_eq!(d.status, StatusCode::OK, "{:?}", d.body);
    assert_eq!(d.body["instructor_interno"], true);
    assert_eq!(d.body["permisos"]["editar"], false);
    assert_eq!(d.body["permisos"]["evaluar"], true);
    assert_eq!(
        s.get("/api/pri/cursos/by/id/999999", Some(&t)).await.code(),
        "cursos.no_encontrado"
    );
}

#[tokio::test]
async fn the_grid_filters_by_date_and_topic_and_an_instructor_sees_only_their_courses() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (mine, tema) = simple_course(&s, &t, "SCH12", 10).await;
    let other_ins = external_instructor(&s, &t, "ext_grid").await;
    let sala = room(&s, &t, "Sala Grid", 20).await;
    let theirs = scheduled(
        &s,
        &t,
        &course_body(
            tema,
            vec![session(&in_days(&s, 40), "09:00", "10:00")],
            Some(sala),
            Some(other_ins),
        ),
    )
    .await;
    let q = json!({"page": 1, "cantPP": 50, "columns_with_selects": [{"nomfield": "nombre_tema", "input": tema}]});
    let a = s.post("/api/pri/cursos/tabla", Some(&t), q.clone()).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let ids: Vec<i64> = rows(&a)
        .iter()
        .filter_map(|r| r["cve_curso"].as_i64())
        .collect();
    assert_eq!(ids, vec![theirs, mine]);
    let mut ranged = q.clone();
    ranged["fecha_inicial"] = json!(in_days(&s, 30));
    ranged["fecha_final"] = json!(in_days(&s, 50));
    let a = s.post("/api/pri/cursos/tabla", Some(&t), ranged).await;
    let ids: Vec<i64> = rows(&a)
        .iter()
        .filter_map(|r| r["cve_curso"].as_i64())
        .collect();
    assert_eq!(ids, vec![theirs]);

    let i = s.login(INSTRUCTOR).await;
    let a = s.post("/api/pri/cursos/tabla", Some(&i), q).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let ids: Vec<i64> = rows(&a)
        .iter()
        .filter_map(|r| r["cve_curso"].as_i64())
        .collect();
    assert_eq!(ids, vec![mine]);
}

#[tokio::test]
async fn the_epv_grid_needs_the_company_flag() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = s
        .post("/api/pri/cursos/epv/tabla", Some(&t), json!({"page": 1}))
        .await;
    assert_eq!(
        (a.status, a.code()),
        (StatusCode::UNPROCESSABLE_ENTITY, "cursos.epv_deshabilitado"),
        "{:?}",
        a.body
    );
    let tema = topic(&s, &t, "SCH13", "PRESENCIAL", "conocimiento").await;
    let sala = room(&s, &t, "Sala EPV", 20).await;
    let ins = demo_instructor(&s).await;
    let mut body = course_body(
        tema,
        vec![session("2030-11-01", "09:00", "10:00")],
        Some(sala),
        Some(ins),
    );
    body["epv"] = json!(true);
    assert!(schedule(&s, &t, &body).await.body["fields"]["epv"].is_string());

    let admin = s.login(common::ADMIN).await;
    let r = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"epv": "1"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cve = scheduled(&s, &t, &body).await;
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/cursos/{cve}/epv"),
            Some(&t),
            Some(json!({"estatus_epv": 1})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let a = s
        .post("/api/pri/cursos/epv/tabla", Some(&t), json!({"page": 1}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(rows(&a).len(), 1);
    assert_eq!(rows(&a)[0]["estatus_epv"], 1);
}

/// Edits a course (`PUT cursos/{cve}`) with a body.
async fn edit(s: &TestServer, token: &str, cve: i64, body: &Value) -> common::Answer {
    s.call(
        Method::PUT,
        &format!("/api/pri/cursos/{cve}"),
        Some(token),
        Some(body.clone()),
    )
    .await
}
