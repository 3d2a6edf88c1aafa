//! Indicadores (issue 16): progress against the plans' targets by topic group, block and
//! topic, and the charts, checked against the demo's plans counted independently here, for
//! the whole company, a Supervisor's people and the structure / plant / period filters; the
//! Excel exports; bad filters; who may see them.

use crate::common;

use std::io::Cursor;

use calamine::{Reader, Xlsx};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

fn today(s: &TestServer) -> String {
    chrono::DateTime::from_timestamp(s.state().now(), 0)
        .unwrap_or_default()
        .with_timezone(&chrono_tz::America::Mexico_City)
        .date_naive()
        .format("%Y-%m-%d")
        .to_string()
}

/// (requeridos, acreditados, audiencia) of the mandatory plan topics matching `topics`
/// (SQL over `p.cve_tema`) for the active people matching `people` (SQL over `e`).
async fn expected(s: &TestServer, topics: &str, people: &str) -> (i64, i64, i64) {
    let hoy = today(s);
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*), COALESCE(SUM(p.vigencia >= '{hoy}'), 0), COUNT(DISTINCT p.cve_empleado)
         FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
         WHERE e.activo = 1 AND e.baja_logica = 0 AND p.obligatoria = 1 AND {topics} AND {people}"
    )))
    .fetch_one(&s.state().db.read)
    .await
    .expect("expected figures");
    (row.get(0), row.get(1), row.get(2))
}

fn figures(r: &Value) -> (i64, i64, i64) {
    (
        r["requeridos"].as_i64().unwrap(),
        r["acreditados"].as_i64().unwrap(),
        r["audiencia"].as_i64().unwrap(),
    )
}

async fn team_sql(s: &TestServer, boss: i64) -> String {
    let ids: Vec<i64> = sqlx::query_scalar(
        "WITH RECURSIVE t(c) AS (SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN t ON e.cve_supervisor = t.c)
         SELECT c FROM t",
    )
    .bind(boss)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    format!(
        "e.cve_empleado IN ({})",
        ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
    )
}

#[tokio::test]
async fn progress_by_group_block_and_topic_matches_the_plans() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let groups = s
        .post(
            "/api/pri/indicadores/avance_grupos_temas",
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(groups.status, StatusCode::OK, "{:?}", groups.body);
    let rows = groups.body["filas"].as_array().unwrap();
    assert!(!rows.is_empty(), "the demo has topic groups");
    let year = &today(&s)[..4];
    assert_eq!(groups.body["desde"], format!("{year}-01-01"));
    assert_eq!(groups.body["hasta"], today(&s));
    let mut some_audience = false;
    for r in rows {
        let id = r["id"].as_i64().unwrap();
        let want = expected(
            &s,
            &format!(
                "p.cve_tema IN (SELECT cve_tema FROM grupos_temas_temas WHERE id_grupo = {id})"
            ),
            "1 = 1",
        )
        .await;
        assert_eq!(figures(r), want, "group {}", r["nombre"]);
        assert_eq!(
            r["pendientes"].as_i64().unwrap(),
            want.0 - want.1,
            "pending = required - accredited"
        );
        if want.0 > 0 {
            some_audience = true;
            let pct = (want.1 as f64 * 1000.0 / want.0 as f64).round() / 10.0;
            assert_eq!(r["porcentaje"].as_f64().unwrap(), pct);
        }
        assert!(r["completos"].as_i64().unwrap() <= want.2);
    }
    assert!(some_audience, "some group is in someone's plan");

    let blocks = s
        .post(
            "/api/pri/indicadores/avance_bloques_temas",
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(blocks.status, StatusCode::OK, "{:?}", blocks.body);
    for r in blocks.body["filas"].as_array().unwrap() {
        let id = r["id"].as_i64().unwrap();
        assert!(
            r["detalle"].as_str().is_some_and(|t| !t.is_empty()),
            "the block's type"
        );
        let want = expected(
            &s,
            &format!("p.cve_tema IN (SELECT cve_tema FROM bloques_temas WHERE id_bloque = {id})"),
            "1 = 1",
        )
        .await;
        assert_eq!(figures(r), want, "block {}", r["nombre"]);
    }

    let topics = s
        .post(
            "/api/pri/indicadores/avance_audencia_meta",
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(topics.status, StatusCode::OK, "{:?}", topics.body);
    let trows = topics.body["filas"].as_array().unwrap();
    assert!(!trows.is_empty());
    let listed: i64 = trows
        .iter()
        .map(|r| r["requeridos"].as_i64().unwrap())
        .sum();
    let all = expected(&s, "1 = 1", "1 = 1").await;
    assert_eq!(listed, all.0, "every required pair is under its topic");
    for r in trows.iter().take(5) {
        let id = r["id"].as_i64().unwrap();
        assert!(
            r["audiencia"].as_i64().unwrap() > 0,
            "only topics some plan holds"
        );
        assert_eq!(
            figures(r),
            expected(&s, &format!("p.cve_tema = {id}"), "1 = 1").await
        );
    }
    // With the optional topics too, never fewer pairs.
    let with_optional = s
        .post(
            "/api/pri/indicadores/avance_audencia_meta",
            Some(&a),
            json!({"solo_obligatorios": false}),
        )
        .await;
    let listed_all: i64 = with_optional.body["filas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["requeridos"].as_i64().unwrap())
        .sum();
    assert!(listed_all >= listed);
}

#[tokio::test]
async fn filters_and_scope_narrow_the_people_counted() {
    let s = TestServer::start().await;
    let a = s.login(ADMIN).await;
    let opts = s.get("/api/pri/indicadores/filtros", Some(&a)).await;
    assert_eq!(opts.status, StatusCode::OK, "{:?}", opts.body);
    let n2 = opts.body["niveles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["nivel"] == 2)
        .expect("an N2 node")["cve_estructura"]
        .as_i64()
        .unwrap();
    let planta = opts.body["plantas"][0]["cve_planta"]
        .as_i64()
        .expect("a plant");

    let topics = |f: Value| {
        let s = &s;
        let a = a.clone();
        async move {
            let r = s
                .post("/api/pri/indicadores/avance_audencia_meta", Some(&a), f)
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            r
        }
    };
    let total = |r: &Answer| -> (i64, i64) {
        r.body["filas"]
            .as_array()
            .unwrap()
            .iter()
            .fold((0, 0), |(q, c), x| {
                (
                    q + x["requeridos"].as_i64().unwrap(),
                    c + x["acreditados"].as_i64().unwrap(),
                )
            })
    };
    let by_node = topics(json!({"cve_estructura": n2})).await;
    let want = expected(&s, "1 = 1", &format!("e.n2 = {n2}")).await;
    assert_eq!(total(&by_node), (want.0, want.1));
    let by_plant = topics(json!({"cve_planta": planta})).await;
    let want = expected(&s, "1 = 1", &format!("e.cve_planta = {planta}")).await;
    assert_eq!(total(&by_plant), (want.0, want.1));

    // A Supervisor (who has the charts) counts their people only.
    let sup = s.login(SUPERVISOR).await;
    let boss = s.cve_of(SUPERVISOR).await;
    let r = s
        .post("/api/pri/indicadores/graficas", Some(&sup), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let want = expected(&s, "1 = 1", &team_sql(&s, boss).await).await;
    let by_plant = r.body["por_planta"]
        .as_array()
        .unwrap()
        .iter()
        .fold((0, 0), |(q, c), x| {
            (
                q + x["requeridos"].as_i64().unwrap(),
                c + x["acreditados"].as_i64().unwrap(),
            )
        });
    assert_eq!(by_plant, (want.0, want.1));
    let everyone = expected(&s, "1 = 1", "1 = 1").await;
    assert!(want.0 < everyone.0, "the team is part of the company");

    // The period counts accreditations dated within it: an empty past period counts none.
    let old = topics(json!({"desde": "2001-01-01", "hasta": "2001-12-31"})).await;
    assert!(
        old.body["filas"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["acreditados_periodo"] == 0)
    );
    let this_year = topics(json!({})).await;
    let in_period: i64 = this_year.body["filas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["acreditados_periodo"].as_i64().unwrap())
        .sum();
    assert!(in_period > 0, "the demo accredited people this year");
}

#[tokio::test]
async fn the_charts_cover_every_month_and_split_compliance() {
    let s = TestServer::start().await;
    let a = s.login(ADMIN).await;
    let hoy = today(&s);
    let g = s
        .post("/api/pri/indicadores/graficas", Some(&a), json!({}))
        .await;
    assert_eq!(g.status, StatusCode::OK, "{:?}", g.body);
    let meses = g.body["por_mes"].as_array().unwrap();
    let month: usize = hoy[5..7].parse().unwrap();
    assert_eq!(meses.len(), month, "January to this month");
    assert_eq!(meses[0]["mes"], format!("{}-01", &hoy[..4]));
    let passed: i64 = meses
        .iter()
        .map(|m| m["acreditados"].as_i64().unwrap())
        .sum();
    let ledger: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM plan_acreditaciones a JOIN empleados e ON e.cve_empleado = a.cve_empleado
         WHERE e.activo = 1 AND e.baja_logica = 0 AND a.acreditado = 1 AND a.fecha >= '{}-01-01' AND a.fecha <= '{hoy}'",
        &hoy[..4]
    )))
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(passed, ledger);
    assert_eq!(g.body["nivel_estructura"], 2);
    let by_n2: i64 = g.body["por_estructura"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["requeridos"].as_i64().unwrap())
        .sum();
    assert_eq!(by_n2, expected(&s, "1 = 1", "e.n2 IS NOT NULL").await.0);
    assert!(!g.body["por_planta"].as_array().unwrap().is_empty());
    assert!(
        g.body["por_modalidad"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["modalidad"] == "PRESENCIAL" && m["horas"].as_f64().unwrap() > 0.0)
    );
    // Filtered by an N2 node, compliance splits by its N3 children.
    let n2 = g.body["por_estructura"][0]["id"].as_i64().unwrap();
    let sub = s
        .post(
            "/api/pri/indicadores/graficas",
            Some(&a),
            json!({"cve_estructura": n2}),
        )
        .await;
    assert_eq!(sub.body["nivel_estructura"], 3);
    // Excel: a workbook with the four sheets and the rows.
    let x = s
        .post(
            "/api/pri/indicadores/graficas?formato=xlsx",
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(x.status, StatusCode::OK);
    assert!(
        x.headers["content-type"]
            .to_str()
            .unwrap()
            .contains("spreadsheetml")
    );
    let mut wb: Xlsx<_> = Xlsx::new(Cursor::new(x.bytes.clone())).expect("a workbook");
    assert_eq!(
        wb.sheet_names(),
        [
            "Acreditaciones por mes",
            "Cumplimiento por planta",
            "Cumplimiento por estructura",
            "Cursos por modalidad"
        ]
    );
    let months = wb.worksheet_range("Acreditaciones por mes").unwrap();
    assert_eq!(
        months.height(),
        5 + month,
        "title, period, validity, blank, header and the months"
    );
    let groups = s
        .post(
            "/api/pri/indicadores/avance_grupos_temas?formato=xlsx",
            Some(&a),
            json!({}),
        )
        .await;
    let mut wb: Xlsx<_> = Xlsx::new(Cursor::new(groups.bytes.clone())).expect("a workbook");
    let sheet = wb.worksheet_range("Avance grupos de temas").unwrap();
    let json_rows = s
        .post(
            "/api/pri/indicadores/avance_grupos_temas",
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(
        sheet.height(),
        5 + json_rows.body["filas"].as_array().unwrap().len()
    );
    assert_eq!(
        sheet.get_value((4, 3)).map(|c| c.to_string()),
        Some("Audiencia meta".to_string())
    );
}

#[tokio::test]
async fn bad_filters_and_missing_sections_are_refused() {
    let s = TestServer::start().await;
    let a = s.login(ADMIN).await;
    for (f, field) in [
        (json!({"desde": "2026-02-30"}), "desde"),
        (json!({"hasta": "ayer"}), "hasta"),
        (
            json!({"desde": "2026-06-01", "hasta": "2026-05-01"}),
            "hasta",
        ),
        (
            json!({"desde": "2001-01-01", "hasta": "2026-01-01"}),
            "hasta",
        ),
        (json!({"cve_estructura": 999_999}), "cve_estructura"),
        (json!({"cve_planta": 999_999}), "cve_planta"),
    ] {
        let r = s
            .post(
                "/api/pri/indicadores/avance_grupos_temas",
                Some(&a),
                f.clone(),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{f}");
        assert!(r.body["fields"][field].is_string(), "{f}: {:?}", r.body);
    }
    let r = s
        .post(
            "/api/pri/indicadores/graficas?formato=pdf",
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.code(), "validacion.formato");
    // A Participante has no indicators; a Supervisor has charts and target audience but
    // not groups.
    let p = s.login(PARTICIPANTE).await;
    for path in [
        "/api/pri/indicadores/graficas",
        "/api/pri/indicadores/avance_audencia_meta",
    ] {
        assert_eq!(
            s.post(path, Some(&p), json!({})).await.status,
            StatusCode::FORBIDDEN
        );
    }
    let none = s.get("/api/pri/indicadores/filtros", Some(&p)).await;
    assert_eq!(none.status, StatusCode::OK);
    assert_eq!(
        none.body["niveles"],
        json!([]),
        "nothing of the organisation"
    );
    assert_eq!(none.body["plantas"], json!([]));
    let sup = s.login(SUPERVISOR).await;
    assert_eq!(
        s.post("/api/pri/indicadores/graficas", Some(&sup), json!({}))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        s.post(
            "/api/pri/indicadores/avance_grupos_temas",
            Some(&sup),
            json!({})
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
    // The supervisor's options are where their people are.
    let opts = s.get("/api/pri/indicadores/filtros", Some(&sup)).await;
    let mine = opts.body["niveles"].as_array().unwrap().len();
    let all = s.get("/api/pri/indicadores/filtros", Some(&a)).await.body["niveles"]
        .as_array()
        .unwrap()
        .len();
    assert!(mine > 0 && mine <= all);
}
