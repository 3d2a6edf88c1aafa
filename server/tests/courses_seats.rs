//! Seats are never oversold: 200 enrolments arriving at once into 30 seats leave exactly
//! 30 enrolled and the seat count equal to the enrolled rows — the rest on the waiting list
//! in a gapless order, or refused with 'No hay lugares disponibles'.

use crate::common;
use crate::courses_support;

use common::*;
use courses_support::*;
use reqwest::StatusCode;

/// A server with the 300-employee demo company, out of demo mode (plain logins).
async fn big_company() -> TestServer {
    let mut s = TestServer::start_with(|c| c.demo = true).await;
    s.config.demo = false;
    s.restart().await;
    s
}

/// Sends one single-employee enrolment per employee, all at once; the answers' statuses
/// and codes.
async fn all_at_once(
    s: &TestServer,
    token: &str,
    cve_curso: i64,
    people: &[i64],
    lista_espera: bool,
) -> Vec<(StatusCode, String)> {
    let calls = people
        .iter()
        .map(|e| enrol(s, token, cve_curso, std::slice::from_ref(e), lista_espera));
    futures::future::join_all(calls)
        .await
        .into_iter()
        .map(|a| (a.status, a.code().to_string()))
        .collect()
}

#[tokio::test]
async fn two_hundred_enrolments_at_once_into_thirty_seats_leave_exactly_thirty_enrolled() {
    let s = big_company().await;
    let t = s.login(ANALISTA).await;
    let c = course(
        &s,
        &t,
        "SEAT1",
        Opts {
            capacidad: 30,
            instructor: false,
            ..Opts::default()
        },
    )
    .await;
    let people = plain_employees(&s, 200).await;
    assert_eq!(
        people.len(),
        200,
        "the demo company has 200 plain employees"
    );
    let answers = all_at_once(&s, &t, c.cve_curso, &people, true).await;
    assert!(
        answers.iter().all(|(st, _)| *st == StatusCode::OK),
        "{answers:?}"
    );
    let (inscritos, filas, espera) = seats(&s, c.cve_curso).await;
    assert_eq!((inscritos, filas, espera), (30, 30, 170));
    let turnos: Vec<i64> = sqlx::query_scalar(
        "SELECT turno_espera FROM cursos_inscripciones WHERE cve_curso = ? AND estatus = 'espera' ORDER BY turno_espera",
    )
    .bind(c.cve_curso)
    .fetch_all(&s.state().db.read)
    .await
    .expect("turnos");
    assert_eq!(turnos, (1..=170).collect::<Vec<i64>>(), "a gapless line");
}

#[tokio::test]
async fn without_the_waiting_list_the_rest_are_refused_for_lack_of_seats() {
    let s = big_company().await;
    let t = s.login(ANALISTA).await;
    let c = course(
        &s,
        &t,
        "SEAT2",
        Opts {
            capacidad: 30,
            instructor: false,
            ..Opts::default()
        },
    )
    .await;
    let people = plain_employees(&s, 200).await;
    let answers = all_at_once(&s, &t, c.cve_curso, &people, false).await;
    let ok = answers
        .iter()
        .filter(|(st, _)| *st == StatusCode::OK)
        .count();
    let full = answers
        .iter()
        .filter(|(st, code)| {
            *st == StatusCode::UNPROCESSABLE_ENTITY && code == "cursos.sin_lugares"
        })
        .count();
    assert_eq!((ok, full), (30, 170), "{answers:?}");
    assert_eq!(seats(&s, c.cve_curso).await, (30, 30, 0));
}
