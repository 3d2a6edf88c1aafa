//! The daily expiry notices (issue 11, package C): an accreditation in the plan expiring
//! within 30 days notifies the employee, their supervisor and the analysts once per
//! window, across repeated runs and a restart; an expired one notifies nobody.

use crate::common;
use crate::plans_support;

use chrono::{Days, Months, NaiveDate};
use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::json;

use aula::plans::expiry::run_once;

/// Expiry notices of `cve` whose text mentions `needle`: (contenido) oldest first.
async fn notices(s: &TestServer, cve: i64, needle: &str) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT contenido FROM notificaciones WHERE cve_empleado = ? AND tipo = ? AND contenido LIKE ?
         ORDER BY idnotificacion",
    )
    .bind(cve)
    .bind(aula::notifications::TIPO_PROXIMAS_A_VENCER)
    .bind(format!("%{needle}%"))
    .fetch_all(&s.state().db.read)
    .await
    .expect("notices")
}

async fn count_all(s: &TestServer, cve: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM notificaciones WHERE cve_empleado = ? AND tipo = ?")
        .bind(cve)
        .bind(aula::notifications::TIPO_PROXIMAS_A_VENCER)
        .fetch_one(&s.state().db.read)
        .await
        .expect("count")
}

/// The participant required (individually) to hold a new 12-month topic `abbr`, accredited
/// by hand so that it expires in about `dias` days. Returns (topic, participant, validity).
async fn expiring(s: &TestServer, t: &str, abbr: &str, dias: u64) -> (i64, i64, NaiveDate) {
    let tema = topic(s, t, abbr, 12, "conocimiento", 1).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let r = s
        .post(
            "/api/pri/plan_capacitacion/temas_empleados/alta_requerimientos",
            Some(t),
            json!({"empleados": [p], "temas": [tema]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let fecha = (today(s) + Days::new(dias))
        .checked_sub_months(Months::new(12))
        .expect("date");
    let r = accredit(
        s,
        t,
        p,
        json!({"cve_tema": tema, "fecha": iso(fecha), "calificacion": 90, "motivo": "Constancia"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    (tema, p, aula::plans::vigencia(fecha, Some(12)))
}

#[tokio::test]
async fn each_window_notifies_once_across_runs_and_restarts_and_an_expired_one_never() {
    let mut s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (_, p, vigencia) = expiring(&s, &t, "EXP-12", 20).await;
    let sup: Option<i64> =
        sqlx::query_scalar("SELECT cve_supervisor FROM empleados WHERE cve_empleado = ?")
            .bind(p)
            .fetch_one(&s.state().db.read)
            .await
            .expect("supervisor");
    let analista = s.cve_of(ANALISTA).await;
    let hoy = today(&s);
    let dias = (vigencia - hoy).num_days();
    assert!((16..=30).contains(&dias), "{dias}");

    let first = run_once(s.state()).await.expect("run");
    assert_eq!(first.fase, "terminada");
    assert!(first.nuevos_envios >= 3);
    let mine = notices(&s, p, "EXP-12").await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert!(mine[0].contains("próximos 30 días"), "{}", mine[0]);
    assert!(mine[0].contains(&iso(vigencia)) || mine[0].contains("la primera el"));
    if let Some(sup) = sup {
        assert_eq!(
            notices(
                &s,
                sup,
                "de tu equipo tienen capacitaciones que vencen en los próximos 30 días"
            )
            .await
            .len(),
            1
        );
    }
    assert_eq!(
        notices(&s, analista, "empleados vencen en los próximos 30 días")
            .await
            .len(),
        1
    );
    let totals = (count_all(&s, p).await, count_all(&s, analista).await);

    // Twice the same day, and again after a restart: nothing new.
    let again = run_once(s.state()).await.expect("run");
    assert_eq!(
        (again.id_corrida, again.nuevos_envios),
        (first.id_corrida, 0)
    );
    s.restart().await;
    let third = run_once(s.state()).await.expect("run");
    assert_eq!(third.nuevos_envios, 0);
    assert_eq!(
        totals,
        (count_all(&s, p).await, count_all(&s, analista).await)
    );

    // Inside the 15-day window: one new notice for it.
    s.clock.advance(chrono::Duration::days(dias - 14));
    run_once(s.state()).await.expect("run");
    run_once(s.state()).await.expect("run");
    let mine = notices(&s, p, "EXP-12").await;
    assert_eq!(mine.len(), 2, "{mine:?}");
    assert!(mine[1].contains("próximos 15 días"), "{}", mine[1]);

    // Past its validity: no more notices, and it is pending again (Vencido).
    s.clock.advance(chrono::Duration::days(20));
    run_once(s.state()).await.expect("run");
    assert_eq!(notices(&s, p, "EXP-12").await.len(), 2);
    let runs: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_corridas_vencimiento WHERE fase = 'terminada'",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("runs");
    assert_eq!(runs, 3, "one run per day");
}

#[tokio::test]
async fn a_claimed_run_interrupted_before_sending_resumes_and_sends_each_notice_once() {
    let mut s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "EXP-RS", 12, "conocimiento", 1).await;
    let p = s.cve_of(PARTICIPANTE).await;
    s.post(
        "/api/pri/plan_capacitacion/temas_empleados/alta_requerimientos",
        Some(&t),
        json!({"empleados": [p], "temas": [tema]}),
    )
    .await;
    let fecha = (today(&s) + Days::new(5))
        .checked_sub_months(Months::new(12))
        .expect("date");
    accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": tema, "fecha": iso(fecha), "calificacion": 90, "motivo": "Constancia"}),
    )
    .await;
    // Claim only (a stop between the claim and the sends).
    let hoy = iso(today(&s));
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO plan_corridas_vencimiento (fecha, ventanas, iniciada) VALUES (?, '30,15,1', ?) RETURNING id_corrida",
    )
    .bind(&hoy)
    .bind(&hoy)
    .fetch_one(&s.state().db.write)
    .await
    .expect("run");
    let claimed = {
        let mut tx = s.state().db.begin().await.expect("tx");
        let n = aula::plans::expiry::scan(&mut tx, id, today(&s), &[30, 15, 1])
            .await
            .expect("scan");
        tx.commit().await.expect("commit");
        n
    };
    assert!(claimed >= 1);
    assert!(notices(&s, p, "EXP-RS").await.is_empty());
    s.restart().await;
    aula::plans::expiry::resume(s.state())
        .await
        .expect("resume");
    run_once(s.state()).await.expect("run");
    let mine = notices(&s, p, "EXP-RS").await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert!(mine[0].contains("próximos 15 días"), "{}", mine[0]);
}

#[tokio::test]
async fn the_expiring_report_lists_valid_accreditations_with_their_notices_and_filters() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "EXP-RP", 12, "conocimiento", 1).await;
    let p = s.cve_of(PARTICIPANTE).await;
    s.post(
        "/api/pri/plan_capacitacion/temas_empleados/alta_requerimientos",
        Some(&t),
        json!({"empleados": [p], "temas": [tema]}),
    )
    .await;
    let fecha = (today(&s) + Days::new(20))
        .checked_sub_months(Months::new(12))
        .expect("date");
    accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": tema, "fecha": iso(fecha), "calificacion": 90, "motivo": "Constancia"}),
    )
    .await;
    run_once(s.state()).await.expect("run");
    let path = "/api/pri/plan_capacitacion/capacitaciones_proximas_vencer/tabla";
    let report = |token: String, filters: serde_json::Value| {
        let s = &s;
        async move {
            let r = s
                .post(
                    path,
                    Some(&token),
                    json!({"cantPP": 100, "filtersEXT": filters}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            rows(&r)
                .iter()
                .filter(|r| r["abreviatura"] == "EXP-RP")
                .cloned()
                .collect::<Vec<_>>()
        }
    };
    let all = report(t.clone(), json!({})).await;
    assert_eq!(all.len(), 1);
    assert_eq!(all[0]["avisos"], "30");
    assert_eq!(all[0]["requerido_por_plan"], "SI");
    assert_eq!(
        all[0]["vigencia"],
        iso(aula::plans::vigencia(fecha, Some(12)))
    );
    assert_eq!(report(t.clone(), json!({"ventana": 30})).await.len(), 1);
    assert!(report(t.clone(), json!({"ventana": 1})).await.is_empty());
    assert!(report(t.clone(), json!({"requerido": 0})).await.is_empty());
    // A supervisor sees it only when the participant is in their team.
    let sup = s.cve_of(SUPERVISOR).await;
    let mine = aula::employees::db::is_subordinate(&s.state().db.read, sup, p)
        .await
        .expect("scope");
    let seen = report(s.login(SUPERVISOR).await, json!({})).await;
    assert_eq!(seen.len() == 1, mine);
}

#[tokio::test]
async fn the_windows_come_from_the_configuration() {
    let s = TestServer::start_with(|c| {
        c.avisos_vencimiento = "45,7".parse().expect("windows");
    })
    .await;
    let t = s.login(ANALISTA).await;
    // Expires in 40 days: inside the configured 45-day window, outside the default 30.
    let (_, p, _) = expiring(&s, &t, "EXP-45", 40).await;
    run_once(s.state()).await.expect("run");
    let mine = notices(&s, p, "EXP-45").await;
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert!(mine[0].contains("próximos 45 días"), "{}", mine[0]);
    let ventanas: String = sqlx::query_scalar("SELECT ventanas FROM plan_corridas_vencimiento")
        .fetch_one(&s.state().db.read)
        .await
        .expect("run");
    assert_eq!(ventanas, "45,7");
}
