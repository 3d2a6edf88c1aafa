//! Live dashboards (issue 16): a result or a task tells its person's sockets at once, and
//! those who follow the company shortly after; nobody else hears of it.

use crate::common;

use std::time::Duration;

use common::socket::{WAIT, realtime_server, session_cve, sock};
use common::*;
use reqwest::StatusCode;
use serde_json::json;

fn today(s: &TestServer) -> String {
    chrono::DateTime::from_timestamp(s.state().now(), 0)
        .unwrap_or_default()
        .with_timezone(&chrono_tz::America::Mexico_City)
        .date_naive()
        .format("%Y-%m-%d")
        .to_string()
}

#[tokio::test]
async fn a_result_and_a_task_refresh_the_dashboards_of_those_concerned() {
    let s = realtime_server().await;
    let tp = s.login(PARTICIPANTE).await;
    let p = session_cve(&s, &tp).await;
    let sp = sock(&s, &tp).await;
    let ta = s.login(ADMIN).await;
    let sa = sock(&s, &ta).await;
    let ti = s.login(INSTRUCTOR).await;
    let si = sock(&s, &ti).await;
    // The demo's own writes are still being told when the server starts: wait for quiet and
    // count only what comes after.
    for so in [&sp, &sa, &si] {
        quiet(so).await;
    }
    let (np, na, ni) = (
        sp.all("dashboard:cambio").len(),
        sa.all("dashboard:cambio").len(),
        si.all("dashboard:cambio").len(),
    );
    let hoy = today(&s);
    let resumen = format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/{p}");
    let before = s.get(&resumen, Some(&tp)).await;
    assert_eq!(before.status, StatusCode::OK, "{:?}", before.body);

    // The analyst records a result of a topic the participant still owes.
    let tema: i64 = sqlx::query_scalar(
        "SELECT cve_tema FROM plan_empleados_temas WHERE cve_empleado = ? AND obligatoria = 1
           AND (vigencia IS NULL OR vigencia < ?) ORDER BY cve_tema LIMIT 1",
    )
    .bind(p)
    .bind(&hoy)
    .fetch_one(&s.state().db.read)
    .await
    .expect("a pending mandatory topic");
    let analyst = s.login(ANALISTA).await;
    let r = s
        .post(
            &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{p}/acreditaciones"),
            Some(&analyst),
            json!({"cve_tema": tema, "fecha": hoy, "calificacion": 95, "motivo": "Curso externo"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let told = sp
        .wait_nth("dashboard:cambio", np + 1, WAIT)
        .await
        .expect("the participant is told");
    assert!(
        told["que"].as_array().unwrap().contains(&json!("plan")),
        "{told:?}"
    );
    // What the cards read has changed by then.
    let after = s.get(&resumen, Some(&tp)).await;
    assert_eq!(
        after.body["cursos_pendientes"].as_i64().unwrap(),
        before.body["cursos_pendientes"].as_i64().unwrap() - 1
    );
    // The administrator follows the company: told within the team room's pace.
    let team = sa
        .wait_nth("dashboard:cambio", na + 1, Duration::from_secs(8))
        .await
        .expect("the administrator is told");
    assert!(team["que"].as_array().unwrap().contains(&json!("plan")));
    // The instructor (own scope) hears nothing of someone else's result.
    assert!(
        si.wait_nth("dashboard:cambio", ni + 1, Duration::from_millis(500))
            .await
            .is_none()
    );

    // A supervisor assigns the participant a task: both are told.
    let ts = s.login(SUPERVISOR).await;
    let ss = sock(&s, &ts).await;
    let made = s
        .post(
            "/api/pri/tareas",
            Some(&ts),
            json!({"tarea": {"title": "Repasar el procedimiento de bloqueo", "cve_empleado": p}}),
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{:?}", made.body);
    assert!(
        told_of_tasks(&sp).await,
        "the participant is told of the task"
    );
    assert!(
        told_of_tasks(&ss).await,
        "the supervisor is told of the task"
    );
    assert_eq!(
        si.all("dashboard:cambio").len(),
        ni,
        "nothing reached the instructor"
    );
}

/// Whether a socket gets `dashboard:cambio` about tasks within the wait.
async fn told_of_tasks(sock: &common::socket::Sock) -> bool {
    let deadline = tokio::time::Instant::now() + WAIT;
    while tokio::time::Instant::now() < deadline {
        if sock
            .all("dashboard:cambio")
            .iter()
            .any(|c| c["que"] == json!(["tareas"]))
        {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// Waits until a socket has had no `dashboard:cambio` for a while (8 s at most).
async fn quiet(sock: &common::socket::Sock) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(8);
    let mut seen = sock.all("dashboard:cambio").len();
    let mut still = tokio::time::Instant::now();
    while tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = sock.all("dashboard:cambio").len();
        if now != seen {
            seen = now;
            still = tokio::time::Instant::now();
        } else if still.elapsed() > Duration::from_millis(1200) {
            return;
        }
    }
}
