//! The dashboard's figures (issue 16): every card, the months of the modality chart, the
//! ranking by period and compliance by structure and region, checked against the demo's data
//! counted independently here, for the whole company and for a Supervisor's people only.

use crate::common;

use chrono::{Datelike, Days, NaiveDate};
use common::*;
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::Row;

fn today(s: &TestServer) -> NaiveDate {
    chrono::DateTime::from_timestamp(s.state().now(), 0)
        .unwrap_or_default()
        .with_timezone(&chrono_tz::America::Mexico_City)
        .date_naive()
}

fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A supervisor's people (direct and indirect subordinates), by SQL of its own.
async fn team(s: &TestServer, boss: i64) -> Vec<i64> {
    sqlx::query_scalar(
        "WITH RECURSIVE t(c) AS (SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN t ON e.cve_supervisor = t.c)
         SELECT e.cve_empleado FROM empleados e JOIN t ON t.c = e.cve_empleado
         WHERE e.activo = 1 AND e.baja_logica = 0",
    )
    .bind(boss)
    .fetch_all(&s.state().db.read)
    .await
    .expect("team")
}

fn in_list(ids: &[i64]) -> String {
    if ids.is_empty() {
        "(NULL)".into()
    } else {
        format!(
            "({})",
            ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
        )
    }
}

async fn scalar(s: &TestServer, sql: &str) -> f64 {
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .fetch_one(&s.state().db.read)
        .await
        .expect(sql);
    row.try_get::<f64, _>(0)
        .or_else(|_| row.try_get::<i64, _>(0).map(|v| v as f64))
        .expect("a number")
}

/// The cards counted here: (week, expiring, in-person this month, costs) for the courses
/// condition `cursos` and the people condition `gente` (SQL over `c` and `x`).
async fn expected_cards(s: &TestServer, cursos: &str, gente: &str) -> (f64, f64, f64, f64) {
    let hoy = today(s);
    let lunes = hoy - Days::new(u64::from(hoy.weekday().num_days_from_monday()));
    let domingo = lunes + Days::new(6);
    let mes = hoy.with_day(1).unwrap();
    let fin_mes = mes
        .checked_add_months(chrono::Months::new(1))
        .unwrap()
        .pred_opt()
        .unwrap();
    let limite = hoy + Days::new(30);
    let semana = scalar(
        s,
        &format!(
            "SELECT COUNT(*) FROM cursos c WHERE c.estatus <> 'cancelado' AND c.fecha_inicio <= '{}' AND c.fecha_fin >= '{}' AND {cursos}",
            iso(domingo),
            iso(lunes)
        ),
    )
    .await;
    let presencial = scalar(
        s,
        &format!(
            "SELECT COUNT(*) FROM cursos c WHERE c.estatus <> 'cancelado' AND c.modalidad = 'PRESENCIAL' AND c.fecha_inicio <= '{}' AND c.fecha_fin >= '{}' AND {cursos}",
            iso(fin_mes),
            iso(mes)
        ),
    )
    .await;
    let costos = scalar(
        s,
        &format!(
            "SELECT COALESCE(SUM(c.costo_total), 0) / 100.0 FROM cursos c WHERE c.estatus <> 'cancelado' AND substr(c.fecha_inicio, 1, 4) = '{}' AND {cursos}",
            hoy.year()
        ),
    )
    .await;
    let vencer = scalar(
        s,
        &format!(
            "SELECT COUNT(*) FROM plan_estado_temas x JOIN empleados e ON e.cve_empleado = x.cve_empleado AND e.activo = 1 AND e.baja_logica = 0
             WHERE x.id_vigente IS NOT NULL AND x.vigencia BETWEEN '{}' AND '{}' AND x.vigencia <> '9999-12-31' AND {gente}",
            iso(hoy),
            iso(limite)
        ),
    )
    .await;
    (semana, vencer, presencial, costos)
}

fn cards_of(v: &Value) -> (f64, f64, f64, f64) {
    (
        v["total_cursos_programados_esta_semana"].as_f64().unwrap(),
        v["total_cursos_proximos_vencer"].as_f64().unwrap(),
        v["total_cursos_impartidos_mes"].as_f64().unwrap(),
        v["total_costos_cursos"].as_f64().unwrap(),
    )
}

#[tokio::test]
async fn the_cards_are_counted_from_the_data_for_the_company_and_for_a_supervisors_people() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let a = s.get("/api/pri/dashboard/cards", Some(&admin)).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let company = expected_cards(&s, "1 = 1", "1 = 1").await;
    let got = cards_of(&a.body);
    assert_eq!((got.0, got.1, got.2), (company.0, company.1, company.2));
    assert!((got.3 - company.3).abs() < 0.01, "{got:?} {company:?}");
    assert!(
        company.1 > 0.0,
        "the demo has accreditations about to expire"
    );
    assert!(company.3 > 0.0, "the demo's courses have costs");
    // Costs are centavos; the demo's courses are all in pesos, so no exchange rate applies.
    assert_eq!(
        scalar(&s, "SELECT COUNT(*) FROM cursos WHERE moneda <> 'MXN'").await,
        0.0
    );

    let sup = s.login(SUPERVISOR).await;
    let people = team(&s, s.cve_of(SUPERVISOR).await).await;
    let list = in_list(&people);
    let mine = expected_cards(
        &s,
        &format!(
            "EXISTS (SELECT 1 FROM cursos_inscripciones i WHERE i.cve_curso = c.cve_curso AND i.estatus = 'inscrito' AND i.cve_empleado IN {list})"
        ),
        &format!("x.cve_empleado IN {list}"),
    )
    .await;
    let b = s.get("/api/pri/dashboard/cards", Some(&sup)).await;
    let got = cards_of(&b.body);
    assert_eq!((got.0, got.1, got.2), (mine.0, mine.1, mine.2));
    assert!((got.3 - mine.3).abs() < 0.01);
    assert!(
        mine.1 < company.1,
        "a supervisor's people are fewer than the company"
    );

    // The participant's own figures are those of their plan.
    let par = s.login(PARTICIPANTE).await;
    let c = s.get("/api/pri/dashboard/cards", Some(&par)).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let plan = s
        .get(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/{cve}"),
            Some(&par),
        )
        .await;
    assert_eq!(c.body["cumplimiento"], plan.body["cumplimiento"]);
    assert_eq!(c.body["cursos_pendientes"], plan.body["cursos_pendientes"]);
    assert_eq!(c.body["cursos_terminados"], plan.body["cursos_terminados"]);
    assert!(c.body["cursos_pendientes"].as_i64().unwrap() > 0);
}

#[tokio::test]
async fn the_modality_chart_has_twelve_months_with_every_course_of_the_year() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let a = s
        .get("/api/pri/dashboard/modalidadxmes", Some(&admin))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let months = a.body.as_array().expect("a list");
    assert_eq!(months.len(), 12);
    let year = today(&s).year();
    for (i, m) in months.iter().enumerate() {
        assert_eq!(m["nummes"], i as i64 + 1);
        assert_eq!(m["period"], format!("{year}-{:02}", i + 1));
        let n = |k: &str| m[k].as_i64().expect(k);
        let expected = |mods: &str| {
            format!(
                "SELECT COUNT(*) FROM cursos WHERE estatus <> 'cancelado' AND substr(fecha_inicio, 1, 7) = '{year}-{:02}' AND modalidad IN ({mods})",
                i + 1
            )
        };
        assert_eq!(
            n("presencial") as f64,
            scalar(&s, &expected("'PRESENCIAL'")).await
        );
        assert_eq!(
            n("streaming") as f64,
            scalar(&s, &expected("'STREAMING'")).await
        );
        assert_eq!(
            n("virtual") as f64,
            scalar(&s, &expected("'VIRTUAL','E_LEARNING','AUTOESTUDIO'")).await
        );
    }
    let total: i64 = months
        .iter()
        .map(|m| {
            m["presencial"].as_i64().unwrap()
                + m["virtual"].as_i64().unwrap()
                + m["streaming"].as_i64().unwrap()
        })
        .sum();
    assert!(total > 0, "the demo has courses this year");
    assert!(
        months
            .iter()
            .any(|m| m["presencial"] == 0 && m["virtual"] == 0 && m["streaming"] == 0),
        "months without courses are zero"
    );
}

#[tokio::test]
async fn the_ranking_lists_the_top_five_of_the_period_within_scope() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let year = s.get("/api/pri/dashboard/ranking/Anio", Some(&admin)).await;
    assert_eq!(year.status, StatusCode::OK, "{:?}", year.body);
    let rows = year.body.as_array().expect("rows");
    assert_eq!(rows.len(), 5);
    let top: Vec<(i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n, e.nombre_empleado FROM plan_acreditaciones a JOIN empleados e ON e.cve_empleado = a.cve_empleado
         WHERE a.acreditado = 1 AND e.activo = 1 AND e.baja_logica = 0 AND substr(a.fecha, 1, 4) = '{}'
         GROUP BY a.cve_empleado ORDER BY n DESC, e.nombre_empleado, e.cve_empleado LIMIT 5",
        today(&s).year()
    )))
    .fetch_all(&s.state().db.read)
    .await
    .expect("top");
    for (i, (r, (n, nombre))) in rows.iter().zip(&top).enumerate() {
        assert_eq!(r["posicion"], i as i64 + 1);
        assert_eq!(r["total_cursos"], *n);
        assert_eq!(r["nombre_empleado"], nombre.as_str());
        assert!(r["insignia"].as_str().unwrap().starts_with("/insignias/"));
        assert!(!r["tipo_usuario"].as_str().unwrap().is_empty());
    }
    assert_eq!(rows[0]["insignia"], "/insignias/oro.svg");

    // A supervisor's ranking holds only their people.
    let sup = s.login(SUPERVISOR).await;
    let people = team(&s, s.cve_of(SUPERVISOR).await).await;
    let names: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT nombre_empleado FROM empleados WHERE cve_empleado IN {}",
        in_list(&people)
    )))
    .fetch_all(&s.state().db.read)
    .await
    .expect("names");
    let theirs = s.get("/api/pri/dashboard/ranking/Anio", Some(&sup)).await;
    let theirs = theirs.body.as_array().expect("rows");
    assert!(!theirs.is_empty());
    assert!(
        theirs
            .iter()
            .all(|r| names.contains(&r["nombre_empleado"].as_str().unwrap().to_string()))
    );

    // Every period answers; an unknown one is 400.
    for p in ["Mes", "Semana", "Dia"] {
        let a = s
            .get(&format!("/api/pri/dashboard/ranking/{p}"), Some(&admin))
            .await;
        assert_eq!(a.status, StatusCode::OK);
        assert!(a.body.as_array().unwrap().len() <= 5);
    }
    let bad = s
        .get("/api/pri/dashboard/ranking/Siglo", Some(&admin))
        .await;
    assert_eq!(
        (bad.status, bad.code()),
        (StatusCode::BAD_REQUEST, "dashboard.periodo")
    );

    // One's place in the company's yearly ranking.
    let first = sqlx::query_scalar::<_, String>(
        "SELECT correo_empleado FROM empleados WHERE nombre_empleado = ?",
    )
    .bind(&top[0].1)
    .fetch_one(&s.state().db.read)
    .await
    .expect("e-mail");
    let t = s.login(&first).await;
    let c = s.get("/api/pri/dashboard/cards", Some(&t)).await;
    assert_eq!(c.body["mi_ranking"], 1);
}

#[tokio::test]
async fn compliance_by_structure_and_region_adds_up_the_required_topics_of_the_people_in_scope() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let hoy = iso(today(&s));
    for (path, group, join) in [
        (
            "getCapacitacionPorEstructura",
            "g.nombre",
            "JOIN estructura g ON g.cve_estructura = e.n2",
        ),
        (
            "getCapacitacionPorRegion",
            "g.estado",
            "JOIN estados g ON g.cve_estado = e.cve_estado",
        ),
    ] {
        let a = s
            .get(&format!("/api/pri/dashboard/{path}"), Some(&admin))
            .await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        let rows = a.body.as_array().expect("rows");
        assert!(!rows.is_empty());
        let expected: Vec<(String, i64, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {group}, COUNT(*), SUM(p.vigencia >= '{hoy}') FROM plan_empleados_temas p
             JOIN empleados e ON e.cve_empleado = p.cve_empleado AND e.activo = 1 AND e.baja_logica = 0 {join}
             WHERE p.obligatoria = 1 GROUP BY {group} ORDER BY {group}"
        )))
        .fetch_all(&s.state().db.read)
        .await
        .expect("expected");
        assert_eq!(rows.len(), expected.len());
        for (r, (area, req, acc)) in rows.iter().zip(&expected) {
            assert_eq!(r["area"], area.as_str());
            assert_eq!(r["requeridos"], *req);
            assert_eq!(r["acreditados"], *acc);
            let pct = (*acc as f64 * 1000.0 / *req as f64).round() / 10.0;
            assert_eq!(r["porcentaje"].as_f64().unwrap(), pct);
        }
    }
    // A supervisor's figures count only their people's topics.
    let sup = s.login(SUPERVISOR).await;
    let people = team(&s, s.cve_of(SUPERVISOR).await).await;
    let required = scalar(
        &s,
        &format!(
            "SELECT COUNT(*) FROM plan_empleados_temas WHERE obligatoria = 1 AND cve_empleado IN {}",
            in_list(&people)
        ),
    )
    .await;
    let a = s
        .get(
            "/api/pri/dashboard/getCapacitacionPorEstructura",
            Some(&sup),
        )
        .await;
    let counted: i64 = a
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["requeridos"].as_i64().unwrap())
        .sum();
    assert_eq!(counted as f64, required);
}

#[tokio::test]
async fn a_participant_sees_the_courses_they_passed() {
    let s = TestServer::start().await;
    let correo: String = sqlx::query_scalar(
        "SELECT e.correo_empleado FROM cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso
         JOIN empleados e ON e.cve_empleado = i.cve_empleado JOIN usuarios u ON u.cve_empleado = e.cve_empleado
         WHERE i.acreditado = 1 AND c.estatus = 'cerrado' AND e.correo_empleado IS NOT NULL
         ORDER BY e.cve_empleado LIMIT 1",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("someone who passed a course");
    let par = s.login(&correo).await;
    let a = s
        .get("/api/pri/dashboard/getCursosAcreditados", Some(&par))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let cve = s.cve_of(&correo).await;
    let expected: Vec<i64> = sqlx::query_scalar(
        "SELECT c.cve_curso FROM cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso
         WHERE i.cve_empleado = ? AND i.estatus = 'inscrito' AND i.acreditado = 1 AND c.estatus = 'cerrado'
         ORDER BY c.fecha_fin DESC, c.cve_curso DESC",
    )
    .bind(cve)
    .fetch_all(&s.state().db.read)
    .await
    .expect("courses");
    let got: Vec<i64> = a
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cve_curso"].as_i64().unwrap())
        .collect();
    assert_eq!(got, expected);
    assert!(!got.is_empty(), "the demo participant passed courses");
    assert!(
        a.body
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["cve_empleado"] == cve)
    );
    let unauth = s.get("/api/pri/dashboard/cards", None).await;
    assert_eq!(unauth.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn tasks_are_added_edited_done_and_deleted_and_a_supervisor_assigns_them_to_their_people() {
    use reqwest::Method;
    use serde_json::json;
    let s = TestServer::start().await;
    let par = s.login(PARTICIPANTE).await;

    // One's own task: the due date defaults to one month ahead.
    let a = s
        .post(
            "/api/pri/tareas",
            Some(&par),
            json!({"tarea": {"title": "Repasar NOM-035", "description": "Antes del examen"}}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let id = a.body["id"].as_i64().expect("id");
    let mine = s.get("/api/pri/tareas", Some(&par)).await;
    let t = mine
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .cloned()
        .expect("listed");
    let month = today(&s)
        .checked_add_months(chrono::Months::new(1))
        .unwrap();
    assert_eq!(t["dueDate"], iso(month).as_str());
    assert_eq!(
        (t["status"].as_str(), t["done"].as_bool()),
        (Some("pendiente"), Some(false))
    );

    // Edited, marked done, then undone; bad input is refused with the field named.
    let put = |body: serde_json::Value| {
        let s = &s;
        let par = par.clone();
        async move {
            s.call(
                Method::PUT,
                &format!("/api/pri/tareas/{id}"),
                Some(&par),
                Some(body),
            )
            .await
        }
    };
    let e = put(json!({"tarea": {"title": "Repasar NOM-035 y NOM-030", "dueDate": "2026-12-15", "done": true}})).await;
    assert_eq!(e.status, StatusCode::OK, "{:?}", e.body);
    let t = s
        .get("/api/pri/tareas", Some(&par))
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .cloned()
        .unwrap();
    assert_eq!(
        (
            t["title"].as_str(),
            t["dueDate"].as_str(),
            t["done"].as_bool()
        ),
        (
            Some("Repasar NOM-035 y NOM-030"),
            Some("2026-12-15"),
            Some(true)
        )
    );
    let e = put(json!({"tarea": {"title": "Repasar NOM-035 y NOM-030", "dueDate": "2026-12-15", "status": "pendiente"}})).await;
    assert_eq!(e.status, StatusCode::OK);
    let empty = put(json!({"tarea": {"title": "  "}})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert!(empty.body["fields"]["title"].is_string());
    let long = put(json!({"tarea": {"title": "x".repeat(101)}})).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    let date = put(json!({"tarea": {"title": "x", "dueDate": "15/12/2026"}})).await;
    assert_eq!(date.status, StatusCode::BAD_REQUEST);

    // Nobody else sees, changes or deletes it.
    let other = s.login(INSTRUCTOR).await;
    assert!(
        s.get("/api/pri/tareas", Some(&other))
            .await
            .body
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["id"] != id)
    );
    let stranger = s
        .call(
            Method::DELETE,
            &format!("/api/pri/tareas/{id}"),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    let gone = s
        .call(
            Method::DELETE,
            &format!("/api/pri/tareas/{id}"),
            Some(&par),
            None,
        )
        .await;
    assert_eq!(gone.status, StatusCode::OK);
    assert!(
        s.get("/api/pri/tareas", Some(&par))
            .await
            .body
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["id"] != id)
    );

    // A supervisor assigns a task to one of their people, who is told, may mark it done but
    // not change or delete it; nobody outside their people can be given one.
    let sup = s.login(SUPERVISOR).await;
    let people = s
        .get("/api/pri/tareas/empleados/supervisor", Some(&sup))
        .await;
    let people = people.body.as_array().expect("supervised").clone();
    let team_ids = team(&s, s.cve_of(SUPERVISOR).await).await;
    assert_eq!(people.len(), team_ids.len().min(500));
    let participante = s.cve_of(PARTICIPANTE).await;
    let worker = people
        .iter()
        .map(|p| p["cve_empleado"].as_i64().unwrap())
        .find(|c| *c == participante)
        .unwrap_or_else(|| people[0]["cve_empleado"].as_i64().unwrap());
    let outsider = s.cve_of(HISE).await;
    let refused = s
        .post(
            "/api/pri/tareas",
            Some(&sup),
            json!({"tarea": {"title": "Entregar reporte", "cve_empleado": outsider}}),
        )
        .await;
    assert_eq!(
        (refused.status, refused.code()),
        (StatusCode::FORBIDDEN, "tareas.fuera_de_equipo")
    );
    let a = s
        .post("/api/pri/tareas", Some(&sup), json!({"tarea": {"title": "Completar curso de montacargas", "dueDate": "2026-12-20", "cve_empleado": worker}}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let assigned = a.body["id"].as_i64().unwrap();
    let told: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM notificaciones WHERE cve_empleado = ? AND titulo = 'Nueva tarea'",
    )
    .bind(worker)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(told, 1);
    let correo: String =
        sqlx::query_scalar("SELECT correo_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(worker)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let wt = s.login(&correo).await;
    let theirs = s.get("/api/pri/tareas", Some(&wt)).await;
    assert!(
        theirs
            .body
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == assigned && t["nombre_creador"].is_string())
    );
    let path = format!("/api/pri/tareas/{assigned}");
    let done = s
        .call(Method::PUT, &path, Some(&wt), Some(json!({"tarea": {"title": "Completar curso de montacargas", "dueDate": "2026-12-20", "done": true}})))
        .await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    let renamed = s
        .call(
            Method::PUT,
            &path,
            Some(&wt),
            Some(json!({"tarea": {"title": "Otra cosa", "done": true}})),
        )
        .await;
    assert_eq!(
        (renamed.status, renamed.code()),
        (StatusCode::FORBIDDEN, "tareas.solo_estado")
    );
    let del = s.call(Method::DELETE, &path, Some(&wt), None).await;
    assert_eq!(
        (del.status, del.code()),
        (StatusCode::FORBIDDEN, "tareas.solo_creador")
    );
    let sup_sees = s.get("/api/pri/tareas", Some(&sup)).await;
    assert!(
        sup_sees
            .body
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == assigned && t["done"] == true)
    );
    assert_eq!(
        s.call(Method::DELETE, &path, Some(&sup), None).await.status,
        StatusCode::OK
    );

    // Whoever supervises nobody gets an empty list.
    let par = s.login(PARTICIPANTE).await;
    let none = s
        .get("/api/pri/tareas/empleados/supervisor", Some(&par))
        .await;
    assert_eq!(none.body, json!([]));
}

/// The ranking's counts (`plan_ranking`, kept by triggers) equal a recount of the ledger
/// after the demo's history and after new results.
#[tokio::test]
async fn the_rankings_counts_always_equal_a_recount_of_the_ledger() {
    let s = TestServer::start().await;
    let recount = "SELECT p, cve_empleado, COUNT(*) FROM (
            SELECT 'A' || substr(fecha, 1, 4) AS p, cve_empleado FROM plan_acreditaciones WHERE acreditado = 1
            UNION ALL SELECT 'M' || substr(fecha, 1, 7), cve_empleado FROM plan_acreditaciones WHERE acreditado = 1
            UNION ALL SELECT 'S' || date(fecha, 'weekday 0', '-6 days'), cve_empleado FROM plan_acreditaciones WHERE acreditado = 1
            UNION ALL SELECT 'D' || substr(fecha, 1, 10), cve_empleado FROM plan_acreditaciones WHERE acreditado = 1)
        GROUP BY p, cve_empleado ORDER BY 1, 2";
    let kept = "SELECT periodo, cve_empleado, total FROM plan_ranking ORDER BY 1, 2";
    let rows = |sql: &'static str| {
        let s = &s;
        async move {
            sqlx::query_as::<_, (String, i64, i64)>(sql)
                .fetch_all(&s.state().db.read)
                .await
                .expect(sql)
        }
    };
    let before = rows(kept).await;
    assert!(!before.is_empty(), "the demo's history is counted");
    assert_eq!(before, rows(recount).await);
    // Two manual accreditations today (each a pass, whatever the grade).
    let t = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let hoy = iso(today(&s));
    let temas: Vec<i64> = sqlx::query_scalar(
        "SELECT cve_tema FROM plan_empleados_temas WHERE cve_empleado = ? AND (vigencia IS NULL OR vigencia < ?) ORDER BY cve_tema LIMIT 2",
    )
    .bind(p)
    .bind(&hoy)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(temas.len(), 2);
    for (tema, calificacion) in [(temas[0], 95), (temas[1], 10)] {
        let r = s
            .post(
                &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{p}/acreditaciones"),
                Some(&t),
                serde_json::json!({"cve_tema": tema, "fecha": hoy, "calificacion": calificacion, "motivo": "Curso externo"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let after = rows(kept).await;
    assert_eq!(after, rows(recount).await);
    let day = format!("D{hoy}");
    let count = |l: &[(String, i64, i64)]| {
        l.iter()
            .find(|(k, c, _)| *k == day && *c == p)
            .map_or(0, |r| r.2)
    };
    assert_eq!(
        count(&after),
        count(&before) + 2,
        "both counted in today's period"
    );
}
