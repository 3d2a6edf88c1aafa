//! Closing a course into the accreditation ledger and reopening it.

use crate::common;
use crate::courses_support;

use common::{ANALISTA, HISE, PARTICIPANTE, SUPERVISOR, TestServer, rows};
use courses_support::*;
use reqwest::StatusCode;
use serde_json::json;

/// Puts an employee in a course holding a seat; the enrolment's id. Stands in for the
/// enrolment endpoint in these tests, which are about closing.
async fn enrol(s: &TestServer, cve_curso: i64, cve_empleado: i64) -> i64 {
    let now = s.state().now_iso();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO cursos_inscripciones (cve_curso, cve_empleado, estatus, origen, creado, actualizado)
         VALUES (?, ?, 'inscrito', 'analista', ?, ?) RETURNING cve_inscripcion_ai",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(&now)
    .bind(&now)
    .fetch_one(&s.state().db.write)
    .await
    .expect("enrolment");
    sqlx::query("UPDATE cursos SET inscritos = inscritos + 1 WHERE cve_curso = ?")
        .bind(cve_curso)
        .execute(&s.state().db.write)
        .await
        .expect("seat");
    id
}

/// Records attendance (1 no, 2 yes) of an enrolment in every session of its course.
async fn attend(s: &TestServer, cve_inscripcion_ai: i64, asistencia: i64) {
    sqlx::query(
        "INSERT OR REPLACE INTO cursos_asistencias (cve_inscripcion_ai, id_sesion, asistencia, actualizado)
         SELECT i.cve_inscripcion_ai, x.id_sesion, ?, '2020-01-01T00:00:00Z'
           FROM cursos_inscripciones i JOIN cursos_sesiones x ON x.cve_curso = i.cve_curso
          WHERE i.cve_inscripcion_ai = ?",
    )
    .bind(asistencia)
    .bind(cve_inscripcion_ai)
    .execute(&s.state().db.write)
    .await
    .expect("attendance");
}

/// Records a grade.
async fn grade(s: &TestServer, cve_inscripcion_ai: i64, calificacion: f64) {
    sqlx::query("UPDATE cursos_inscripciones SET calificacion = ? WHERE cve_inscripcion_ai = ?")
        .bind(calificacion)
        .bind(cve_inscripcion_ai)
        .execute(&s.state().db.write)
        .await
        .expect("grade");
}

/// Ledger facts written by a course.
async fn ledger_of(s: &TestServer, cve_curso: i64) -> Vec<(i64, i64, Option<f64>)> {
    sqlx::query_as(
        "SELECT cve_empleado, acreditado, calificacion FROM plan_acreditaciones
          WHERE origen = 'curso' AND referencia = ? ORDER BY cve_empleado",
    )
    .bind(format!("curso:{cve_curso}"))
    .fetch_all(&s.state().db.read)
    .await
    .expect("ledger")
}

/// A two-session course of a knowledge topic that ended yesterday; (cve_curso, cve_tema).
async fn past_course(s: &TestServer, t: &str, abbr: &str) -> (i64, i64) {
    let tema = topic(s, t, abbr, "PRESENCIAL", "conocimiento").await;
    let sala = room(s, t, &format!("Sala {abbr}"), 20).await;
    let ins = demo_instructor(s).await;
    let body = course_body(
        tema,
        vec![
            session(&days_ago(s, 2), "09:00", "13:00"),
            session(&days_ago(s, 1), "09:00", "13:00"),
        ],
        Some(sala),
        Some(ins),
    );
    (scheduled(s, t, &body).await, tema)
}

fn close_path(cve: i64) -> String {
    format!("/api/pri/cursos/{cve}/cerrar")
}

fn reopen_path(cve: i64) -> String {
    format!("/api/pri/cursos/{cve}/abrir")
}

#[tokio::test]
async fn a_course_is_not_closed_before_its_last_session() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, _) = simple_course(&s, &t, "CLS1", 3).await;
    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::UNPROCESSABLE_ENTITY, "cursos.no_terminado"),
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn closing_needs_every_attendance_and_the_grades_of_those_who_came() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, _) = past_course(&s, &t, "CLS2").await;
    let a = enrol(&s, cve, s.cve_of(PARTICIPANTE).await).await;
    let b = enrol(&s, cve, s.cve_of(HISE).await).await;
    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "cursos.asistencia_incompleta"
        ),
        "{:?}",
        r.body
    );
    assert!(r.resp().contains('2'), "{:?}", r.body);
    attend(&s, a, 2).await;
    attend(&s, b, 1).await;
    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(
        r.code(),
        "cursos.calificaciones_incompletas",
        "{:?}",
        r.body
    );
    assert!(r.resp().contains('1'), "{:?}", r.body);
    // The absent participant needs no grade.
    grade(&s, a, 90.0).await;
    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn closing_writes_each_result_to_the_ledger_and_reopening_takes_exactly_it_back() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, tema) = past_course(&s, &t, "CLS3").await;
    let (p, h, sup) = (
        s.cve_of(PARTICIPANTE).await,
        s.cve_of(HISE).await,
        s.cve_of(SUPERVISOR).await,
    );
    // A manual accreditation of the same topic is not the course's to take back.
    let other = s
        .post(
            &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{sup}/acreditaciones"),
            Some(&t),
            json!({"cve_tema": tema, "fecha": days_ago(&s, 30), "calificacion": 95, "motivo": "Curso externo"}),
        )
        .await;
    assert_eq!(other.status, StatusCode::OK, "{:?}", other.body);
    let passes = enrol(&s, cve, p).await;
    let fails = enrol(&s, cve, h).await;
    let absent = enrol(&s, cve, sup).await;
    attend(&s, passes, 2).await;
    attend(&s, fails, 2).await;
    attend(&s, absent, 1).await;
    grade(&s, passes, 85.0).await;
    grade(&s, fails, 60.0).await;

    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        (
            r.body["acreditados"].as_i64(),
            r.body["no_acreditados"].as_i64()
        ),
        (Some(1), Some(2))
    );
    let mut expected = vec![(p, 1, Some(85.0)), (h, 0, Some(60.0)), (sup, 0, None)];
    expected.sort_by_key(|x| x.0);
    assert_eq!(ledger_of(&s, cve).await, expected);
    let d = detail(&s, &t, cve).await;
    assert_eq!(d.body["curso_cerrado"], "1");
    assert_eq!(d.body["permisos"]["editar"], false);

    // The participant's kardex (the plans' view of the ledger) shows the topic Acreditado.
    let kardex = |cve_empleado: i64| {
        format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{cve_empleado}/tabla")
    };
    let k = s
        .post(&kardex(p), Some(&t), json!({"page": 1, "cantPP": 50}))
        .await;
    assert_eq!(k.status, StatusCode::OK, "{:?}", k.body);
    let row = rows(&k)
        .iter()
        .find(|r| r["abreviatura"] == "CLS3")
        .cloned()
        .expect("kardex row");
    assert_eq!(row["estado"], "Acreditado");
    assert_eq!(row["origen"], "curso");

    // A closed course is closed once.
    let again = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(
        (again.status, again.code()),
        (StatusCode::CONFLICT, "cursos.cerrado")
    );

    let r = s.post(&reopen_path(cve), Some(&t), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["retiradas"], 3);
    assert!(ledger_of(&s, cve).await.is_empty());
    let k = s
        .post(&kardex(p), Some(&t), json!({"page": 1, "cantPP": 50}))
        .await;
    assert!(
        rows(&k).iter().all(|r| r["abreviatura"] != "CLS3"),
        "{:?}",
        k.body
    );
    let manual: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ? AND origen = 'manual'",
    )
    .bind(sup)
    .bind(tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    assert_eq!(manual, 1);
    let acreditado: Option<i64> = sqlx::query_scalar(
        "SELECT acreditado FROM cursos_inscripciones WHERE cve_inscripcion_ai = ?",
    )
    .bind(passes)
    .fetch_one(&s.state().db.read)
    .await
    .expect("result");
    assert_eq!(acreditado, None);
    assert_eq!(detail(&s, &t, cve).await.body["estatus"], "programado");
    assert_eq!(
        s.post(&reopen_path(cve), Some(&t), json!({})).await.code(),
        "cursos.no_cerrado"
    );

    // Closing again writes the same facts once.
    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(ledger_of(&s, cve).await, expected);
}

#[tokio::test]
async fn a_course_closes_from_attendance_and_grades_recorded_through_the_api() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (cve, _) = past_course(&s, &t, "CLS4").await;
    let p = s.cve_of(PARTICIPANTE).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/inscribir"),
            Some(&t),
            json!({"empleados": [p], "lista_espera": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let lista = s
        .get(&format!("/api/pri/cursos/{cve}/asistencia"), Some(&t))
        .await;
    let ins = lista.body["participantes"][0]["cve_inscripcion_ai"]
        .as_i64()
        .expect("enrolment");
    let registros: Vec<_> = lista.body["sesiones"]
        .as_array()
        .expect("sessions")
        .iter()
        .map(|x| json!({"cve_inscripcion_ai": ins, "id_sesion": x["id_sesion"], "asistencia": 2}))
        .collect();
    let r = s
        .call(
            reqwest::Method::PUT,
            &format!("/api/pri/cursos/{cve}/asistencia"),
            Some(&t),
            Some(json!({"registros": registros})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .call(
            reqwest::Method::PUT,
            &format!("/api/pri/cursos/{cve}/evaluacion"),
            Some(&t),
            Some(json!({"calificaciones": [{"cve_inscripcion_ai": ins, "calificacion": 88}]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.post(&close_path(cve), Some(&t), json!({})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["acreditados"], 1);
    assert_eq!(ledger_of(&s, cve).await, vec![(p, 1, Some(88.0))]);
}
