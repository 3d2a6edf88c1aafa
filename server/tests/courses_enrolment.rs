//! Enrolment by an analyst or a Supervisor: every refusal with its message, the bulk rule,
//! the waiting list, cancelling and promotion, and the participants list.

use crate::common;
use crate::courses_support;
use crate::plans_support;

use common::*;
use courses_support::*;
use reqwest::StatusCode;
use serde_json::json;

/// The refusal codes of an enrolment answer, by employee.
fn refusals(body: &serde_json::Value) -> Vec<(i64, String)> {
    body["rechazados"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|r| {
                    (
                        r["cve_empleado"].as_i64().unwrap_or_default(),
                        r["code"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The supervisor's direct subordinates and someone outside their team.
async fn team(s: &TestServer) -> (i64, Vec<i64>, i64) {
    let sup = s.cve_of(SUPERVISOR).await;
    let equipo: Vec<i64> = sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE cve_supervisor = ? AND activo = 1 AND baja_logica = 0
          AND cve_empleado NOT IN (SELECT cve_empleado FROM instructores WHERE cve_empleado IS NOT NULL)
          ORDER BY cve_empleado",
    )
    .bind(sup)
    .fetch_all(&s.state().db.read)
    .await
    .expect("team");
    let fuera: i64 = sqlx::query_scalar(
        "WITH RECURSIVE equipo(cve) AS (SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve)
         SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND cve_empleado <> ?
           AND cve_empleado NOT IN (SELECT cve FROM equipo) ORDER BY cve_empleado LIMIT 1",
    )
    .bind(sup)
    .bind(sup)
    .fetch_one(&s.state().db.read)
    .await
    .expect("someone outside the team");
    assert!(!equipo.is_empty(), "the demo supervisor has a team");
    (sup, equipo, fuera)
}

#[tokio::test]
async fn an_analyst_enrols_an_employee_who_gets_a_seat_and_a_notification() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(&s, &t, "ENR1", Opts::default()).await;
    let e = plain_employees(&s, 1).await[0];
    let r = enrol(&s, &t, c.cve_curso, &[e], false).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["inscritos"], json!([e]));
    assert_eq!(r.body["en_espera"], json!([]));
    let (_, estatus, turno) = enrolment(&s, c.cve_curso, e).await.expect("enrolled");
    assert_eq!((estatus.as_str(), turno), ("inscrito", None));
    assert_eq!(seats(&s, c.cve_curso).await, (1, 1, 0));
    let n = notifications_of(&s, e).await;
    assert!(
        n.iter()
            .any(|(titulo, _, _)| titulo == "Inscripción a curso"),
        "{n:?}"
    );
}

#[tokio::test]
async fn a_list_is_enrolled_only_while_it_is_smaller_than_the_free_seats() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(
        &s,
        &t,
        "ENR2",
        Opts {
            capacidad: 4,
            ..Opts::default()
        },
    )
    .await;
    let people = plain_employees(&s, 4).await;
    let r = enrol(&s, &t, c.cve_curso, &people, false).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    assert_eq!(r.code(), "cursos.inscripcion_masiva_cupo");
    assert!(r.resp().contains('4'), "{}", r.resp());
    assert_eq!(seats(&s, c.cve_curso).await, (0, 0, 0), "nothing written");
    let r = enrol(&s, &t, c.cve_curso, &people[..3], false).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["inscritos"].as_array().map(Vec::len), Some(3));
    assert_eq!(seats(&s, c.cve_curso).await, (3, 3, 0));
    // One free seat left: a list of two is refused even with the waiting list asked for.
    let more = plain_employees(&s, 6).await;
    let r = enrol(&s, &t, c.cve_curso, &more[4..6], true).await;
    assert_eq!(r.code(), "cursos.inscripcion_masiva_cupo");
}

#[tokio::test]
async fn one_employee_into_a_full_course_is_refused_or_joins_the_waiting_list_in_order() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(
        &s,
        &t,
        "ENR3",
        Opts {
            capacidad: 1,
            ..Opts::default()
        },
    )
    .await;
    let p = plain_employees(&s, 4).await;
    enrolled(&s, &t, c.cve_curso, p[0]).await;
    let r = enrol(&s, &t, c.cve_curso, &[p[1]], false).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.sin_lugares");
    assert_eq!(r.resp(), "No hay lugares disponibles");
    assert!(enrolment(&s, c.cve_curso, p[1]).await.is_none());
    // Full is not the first reason for everyone: the seat's holder is told they are in.
    let r = enrol(&s, &t, c.cve_curso, &[p[0]], false).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let (quien, code) = refusals(&r.body).pop().expect("a refusal");
    assert_eq!(quien, p[0]);
    assert_ne!(code, "cursos.sin_lugares");
    let r = enrolled(&s, &t, c.cve_curso, p[1]).await;
    assert_eq!(r["en_espera"], json!([p[1]]));
    enrolled(&s, &t, c.cve_curso, p[2]).await;
    assert_eq!(
        enrolment(&s, c.cve_curso, p[1]).await.map(|e| e.2),
        Some(Some(1))
    );
    assert_eq!(
        enrolment(&s, c.cve_curso, p[2]).await.map(|e| e.2),
        Some(Some(2))
    );
    assert_eq!(seats(&s, c.cve_curso).await, (1, 1, 2));
    let n = notifications_of(&s, p[1]).await;
    assert!(n.iter().any(|(t, _, _)| t == "Lista de espera"), "{n:?}");
}

#[tokio::test]
async fn a_supervisor_enrols_their_subordinados_only() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let t = s.login(SUPERVISOR).await;
    let c = course(&s, &a, "ENR4", Opts::default()).await;
    let (_, equipo, fuera) = team(&s).await;
    let r = enrol(&s, &t, c.cve_curso, &[fuera], false).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        refusals(&r.body),
        vec![(fuera, "auth.fuera_de_alcance".to_string())]
    );
    assert!(enrolment(&s, c.cve_curso, fuera).await.is_none());
    let r = enrol(&s, &t, c.cve_curso, &[equipo[0]], false).await;
    assert_eq!(r.body["inscritos"], json!([equipo[0]]), "{:?}", r.body);
    let origen: String = sqlx::query_scalar(
        "SELECT origen FROM cursos_inscripciones WHERE cve_curso = ? AND cve_empleado = ?",
    )
    .bind(c.cve_curso)
    .bind(equipo[0])
    .fetch_one(&s.state().db.read)
    .await
    .expect("origen");
    assert_eq!(origen, "supervisor");
}

#[tokio::test]
async fn a_participant_cannot_enrol_anyone() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let t = s.login(PARTICIPANTE).await;
    let c = course(&s, &a, "ENR5", Opts::default()).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let r = enrol(&s, &t, c.cve_curso, &[me], false).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.code(), "auth.sin_permiso");
}

#[tokio::test]
async fn someone_already_in_the_course_is_refused_and_the_others_are_enrolled() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(&s, &t, "ENR6", Opts::default()).await;
    let p = plain_employees(&s, 2).await;
    enrolled(&s, &t, c.cve_curso, p[0]).await;
    let r = enrol(&s, &t, c.cve_curso, &p, false).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(refusals(&r.body), vec![(p[0], "cursos.ya_inscrito".into())]);
    assert_eq!(r.body["inscritos"], json!([p[1]]));
    assert_eq!(seats(&s, c.cve_curso).await, (2, 2, 0));
}

#[tokio::test]
async fn a_course_of_the_same_topic_on_overlapping_dates_is_refused_but_another_date_is_fine() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = course(&s, &t, "ENR7", Opts::default()).await;
    let b = course_of(&s, &t, a.cve_tema, Opts::default()).await;
    let later = course_of(
        &s,
        &t,
        a.cve_tema,
        Opts {
            en_dias: 30,
            ..Opts::default()
        },
    )
    .await;
    let e = plain_employees(&s, 1).await[0];
    enrolled(&s, &t, a.cve_curso, e).await;
    let r = enrol(&s, &t, b.cve_curso, &[e], false).await;
    assert_eq!(refusals(&r.body), vec![(e, "cursos.mismo_tema".into())]);
    let motivo = r.body["rechazados"][0]["motivo"].as_str().unwrap_or("");
    assert!(motivo.contains("Tema ENR7"), "{motivo}");
    let r = enrol(&s, &t, later.cve_curso, &[e], false).await;
    assert_eq!(r.body["inscritos"], json!([e]), "{:?}", r.body);

    // A pending seat request counts too: the supervisor asks for A for their subordinate.
    let p = s.cve_of(PARTICIPANTE).await;
    let sup = s.login(SUPERVISOR).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{}/solicitar", a.cve_curso),
            Some(&sup),
            json!({"cve_empleado": p}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = enrol(&s, &t, b.cve_curso, &[p], false).await;
    assert_eq!(refusals(&r.body), vec![(p, "cursos.mismo_tema".into())]);
}

#[tokio::test]
async fn a_missing_prerequisite_is_refused_until_it_is_accredited() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let adm = s.login(ADMIN).await;
    let base = courses_support::topic(&s, &t, "ENRB", "PRESENCIAL", "ninguno").await;
    let tema = courses_support::topic_with(
        &s,
        &t,
        "ENR8",
        json!({"prerrequisito": 1, "prerrequisitos": [base], "requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    let c = course_of(&s, &t, tema, Opts::default()).await;
    let e = plain_employees(&s, 1).await[0];
    let r = enrol(&s, &t, c.cve_curso, &[e], false).await;
    assert_eq!(refusals(&r.body), vec![(e, "cursos.prerrequisito".into())]);
    assert!(
        r.body["rechazados"][0]["motivo"]
            .as_str()
            .unwrap_or("")
            .contains("Tema ENRB")
    );
    let hoy = courses_support::iso(courses_support::today(&s));
    let r = s
        .post(
            &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{e}/acreditaciones"),
            Some(&adm),
            json!({"cve_tema": base, "fecha": hoy, "motivo": "Constancia previa"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = enrol(&s, &t, c.cve_curso, &[e], false).await;
    assert_eq!(r.body["inscritos"], json!([e]), "{:?}", r.body);
}

#[tokio::test]
async fn an_inactive_employee_and_the_courses_own_instructor_are_refused() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(&s, &t, "ENR9", Opts::default()).await;
    let e = plain_employees(&s, 1).await[0];
    sqlx::query("UPDATE empleados SET activo = 0 WHERE cve_empleado = ?")
        .bind(e)
        .execute(&s.state().db.write)
        .await
        .expect("deactivate");
    let instructor = s.cve_of(INSTRUCTOR).await;
    let r = enrol(&s, &t, c.cve_curso, &[e], false).await;
    assert_eq!(
        refusals(&r.body),
        vec![(e, "cursos.empleado_inactivo".into())]
    );
    let r = enrol(&s, &t, c.cve_curso, &[instructor], false).await;
    assert_eq!(
        refusals(&r.body),
        vec![(instructor, "cursos.instructor_del_curso".into())]
    );
    assert_eq!(seats(&s, c.cve_curso).await, (0, 0, 0));
}

#[tokio::test]
async fn an_empty_list_or_a_missing_course_is_refused() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(&s, &t, "ENRA", Opts::default()).await;
    let r = enrol(&s, &t, c.cve_curso, &[], false).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let e = plain_employees(&s, 1).await[0];
    let r = enrol(&s, &t, 999_999, &[e], false).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.code(), "cursos.no_encontrado");
}

#[tokio::test]
async fn an_ended_course_takes_nobody_but_its_scheduler_may_still_record_who_took_it() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(
        &s,
        &t,
        "ENRC",
        Opts {
            en_dias: 1,
            ..Opts::default()
        },
    )
    .await;
    s.clock.advance(chrono::Duration::days(3));
    let (_, equipo, _) = team(&s).await;
    let ts = s.login(SUPERVISOR).await;
    let r = enrol(&s, &ts, c.cve_curso, &[equipo[0]], true).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.terminado");
    // The analyst captures a course that took place (it is not closed yet).
    let t = s.login(ANALISTA).await;
    let r = enrol(&s, &t, c.cve_curso, &[equipo[0]], true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["inscritos"], json!([equipo[0]]));
}

#[tokio::test]
async fn cancelling_a_seat_promotes_the_first_in_line_and_tells_both() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let c = course(
        &s,
        &t,
        "ENRD",
        Opts {
            capacidad: 1,
            ..Opts::default()
        },
    )
    .await;
    let p = plain_employees(&s, 3).await;
    for e in &p {
        enrolled(&s, &t, c.cve_curso, *e).await;
    }
    let id = enrolment_id(&s, c.cve_curso, p[0]).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/inscripciones/{id}/cancelar"),
            Some(&t),
            json!({"motivo": "Cambio de turno"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["promovido"], json!(p[1]));
    assert!(enrolment(&s, c.cve_curso, p[0]).await.is_none());
    assert_eq!(
        enrolment(&s, c.cve_curso, p[1]).await.map(|e| e.1),
        Some("inscrito".to_string())
    );
    assert_eq!(
        enrolment(&s, c.cve_curso, p[2]).await.map(|e| e.1),
        Some("espera".to_string())
    );
    assert_eq!(seats(&s, c.cve_curso).await, (1, 1, 1));
    assert!(
        notifications_of(&s, p[0])
            .await
            .iter()
            .any(|(t, c, _)| t == "Inscripción cancelada" && c.contains("Cambio de turno"))
    );
    assert!(
        notifications_of(&s, p[1])
            .await
            .iter()
            .any(|(t, _, _)| t == "Tienes lugar en el curso")
    );
    // Cancelling again is refused; leaving the waiting list frees no seat.
    let r = s
        .post(
            &format!("/api/pri/cursos/inscripciones/{id}/cancelar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.code(), "cursos.inscripcion_cancelada");
    let w = enrolment_id(&s, c.cve_curso, p[2]).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/inscripciones/{w}/cancelar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.body["promovido"], json!(null), "{:?}", r.body);
    assert_eq!(seats(&s, c.cve_curso).await, (1, 1, 0));
}

#[tokio::test]
async fn a_participant_cancels_their_own_enrolment_only_before_the_course_starts() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let c1 = course(
        &s,
        &a,
        "ENRE",
        Opts {
            en_dias: 2,
            ..Opts::default()
        },
    )
    .await;
    let c2 = course(
        &s,
        &a,
        "ENRF",
        Opts {
            en_dias: 2,
            ..Opts::default()
        },
    )
    .await;
    enrolled(&s, &a, c1.cve_curso, me).await;
    enrolled(&s, &a, c2.cve_curso, me).await;
    let other = plain_employees(&s, 1).await[0];
    enrolled(&s, &a, c2.cve_curso, other).await;
    let t = s.login(PARTICIPANTE).await;
    let theirs = enrolment_id(&s, c2.cve_curso, other).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/inscripciones/{theirs}/cancelar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    let mine = enrolment_id(&s, c1.cve_curso, me).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/inscripciones/{mine}/cancelar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    s.clock.advance(chrono::Duration::days(2));
    let t = s.login(PARTICIPANTE).await;
    let mine = enrolment_id(&s, c2.cve_curso, me).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/inscripciones/{mine}/cancelar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "cursos.ya_inicio");
}

#[tokio::test]
async fn the_participants_list_shows_a_supervisor_only_their_team_and_the_analyst_everyone() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let c = course(&s, &a, "ENRG", Opts::default()).await;
    let (_, equipo, fuera) = team(&s).await;
    let r = enrol(&s, &a, c.cve_curso, &[equipo[0], fuera], false).await;
    assert_eq!(r.body["inscritos"].as_array().map(Vec::len), Some(2));
    let q = json!({"page": 1, "cantPP": 50});
    let path = format!("/api/pri/cursos/{}/participantes/tabla", c.cve_curso);
    let all = s.post(&path, Some(&a), q.clone()).await;
    assert_eq!(all.status, StatusCode::OK, "{:?}", all.body);
    let mut keys: Vec<i64> = rows(&all)
        .iter()
        .filter_map(|r| r["cve_empleado"].as_i64())
        .collect();
    keys.sort();
    let mut want = vec![equipo[0], fuera];
    want.sort();
    assert_eq!(keys, want);
    assert_eq!(rows(&all)[0]["estatus"], "inscrito");
    let sup = s.login(SUPERVISOR).await;
    let mine = s.post(&path, Some(&sup), q.clone()).await;
    let keys: Vec<i64> = rows(&mine)
        .iter()
        .filter_map(|r| r["cve_empleado"].as_i64())
        .collect();
    assert_eq!(keys, vec![equipo[0]]);
    let ins = s.login(INSTRUCTOR).await;
    let theirs = s.post(&path, Some(&ins), q).await;
    assert_eq!(rows(&theirs).len(), 2, "{:?}", theirs.body);
}

#[tokio::test]
async fn everyone_pending_the_topic_is_previewed_then_enrolled_under_the_bulk_rule() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let small = course(
        &s,
        &t,
        "ENRH",
        Opts {
            capacidad: 2,
            ..Opts::default()
        },
    )
    .await;
    let big = course_of(
        &s,
        &t,
        small.cve_tema,
        Opts {
            en_dias: 40,
            ..Opts::default()
        },
    )
    .await;
    let p = plain_employees(&s, 2).await;
    for e in &p {
        plans_support::seed_requirement(
            &s,
            "empleado",
            Some(small.cve_tema),
            None,
            ("empleado", *e),
            true,
            None,
        )
        .await;
    }
    let path = |c: i64| format!("/api/pri/cursos/{c}/inscribir_pendientes");
    let r = s
        .post(
            &path(big.cve_curso),
            Some(&t),
            json!({"vista_previa": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["candidatos"], json!(2));
    assert_eq!(r.body["libres"], json!(10));
    assert_eq!(
        seats(&s, big.cve_curso).await,
        (0, 0, 0),
        "a preview writes nothing"
    );
    let r = s
        .post(
            &path(small.cve_curso),
            Some(&t),
            json!({"vista_previa": false}),
        )
        .await;
    assert_eq!(
        r.code(),
        "cursos.inscripcion_masiva_cupo",
        "2 people, 2 seats"
    );
    let r = s
        .post(
            &path(big.cve_curso),
            Some(&t),
            json!({"vista_previa": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["inscritos"], json!(2));
    assert_eq!(seats(&s, big.cve_curso).await, (2, 2, 0));
    let r = s
        .post(
            &path(big.cve_curso),
            Some(&t),
            json!({"vista_previa": true}),
        )
        .await;
    assert_eq!(
        r.body["candidatos"],
        json!(0),
        "those in the course are left out"
    );
}
