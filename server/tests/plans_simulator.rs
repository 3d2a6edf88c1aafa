//! Position simulator (issue 11, `simulador_puesto`): for an employee and a target position,
//! the topics they already hold, the ones they would need and the hours that represents.

use crate::common;
use crate::plans_support;

use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

fn row<'a>(body: &'a Value, abbr: &str) -> &'a Value {
    body["temas"]
        .as_array()
        .expect("temas")
        .iter()
        .find(|t| t["abreviatura"] == abbr)
        .unwrap_or_else(|| panic!("{abbr} missing from {body}"))
}

#[tokio::test]
async fn the_simulator_shows_what_a_position_change_would_require_and_what_is_held() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let current: i64 =
        sqlx::query_scalar("SELECT cve_puesto FROM empleados WHERE cve_empleado = ?")
            .bind(p)
            .fetch_one(&s.state().db.read)
            .await
            .expect("position");
    let target: i64 = sqlx::query_scalar(
        "SELECT cve_puesto FROM puestos WHERE activo = 1 AND cve_puesto <> ? ORDER BY cve_puesto LIMIT 1",
    )
    .bind(current)
    .fetch_one(&s.state().db.read)
    .await
    .expect("another position");

    let held = topic(&s, &a, "SIM-HELD", 12, "conocimiento", 1).await;
    let needed = topic(&s, &a, "SIM-NEED", 12, "conocimiento", 1).await;
    let stays = topic(&s, &a, "SIM-STAY", 12, "conocimiento", 1).await;
    let goes = topic(&s, &a, "SIM-GOES", 12, "conocimiento", 1).await;
    for t in [held, needed] {
        seed_requirement(
            &s,
            "formacion",
            Some(t),
            None,
            ("puesto", target),
            true,
            None,
        )
        .await;
    }
    // Individual requirements follow the employee to any position.
    seed_requirement(
        &s,
        "empleado",
        Some(stays),
        None,
        ("empleado", p),
        true,
        None,
    )
    .await;
    seed_requirement(
        &s,
        "formacion",
        Some(goes),
        None,
        ("puesto", current),
        true,
        None,
    )
    .await;
    let r = accredit(&s, &a, p, json!({"cve_tema": held, "fecha": days_ago(&s, 5), "calificacion": 95, "motivo": "Expediente"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let path = format!("/api/pri/plan_capacitacion/simulador_puesto/{p}/{target}");
    let r = s.get(&path, Some(&a)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["empleado"]["cve_puesto"], current);
    assert_eq!(r.body["puesto"]["cve_puesto"], target);

    let h = row(&r.body, "SIM-HELD");
    assert_eq!(
        (
            h["estado"].as_str(),
            h["en_plan_destino"].as_bool(),
            h["en_plan_actual"].as_bool()
        ),
        (Some("Acreditado"), Some(true), Some(false))
    );
    assert!(h["vigencia"].is_string());
    let n = row(&r.body, "SIM-NEED");
    assert_eq!(
        (n["estado"].as_str(), n["en_plan_destino"].as_bool()),
        (Some("Pendiente"), Some(true))
    );
    assert_eq!(n["horas"], 4.0, "1 day × 4 hours");
    let st = row(&r.body, "SIM-STAY");
    assert_eq!(
        (
            st["en_plan_actual"].as_bool(),
            st["en_plan_destino"].as_bool()
        ),
        (Some(true), Some(true))
    );
    let g = row(&r.body, "SIM-GOES");
    assert_eq!(
        (
            g["en_plan_actual"].as_bool(),
            g["en_plan_destino"].as_bool()
        ),
        (Some(true), Some(false))
    );

    // The totals are the target plan's rows (demo requirements of that position included).
    let temas = r.body["temas"].as_array().expect("temas");
    let destino: Vec<&Value> = temas
        .iter()
        .filter(|t| t["en_plan_destino"] == true)
        .collect();
    let held_n = destino
        .iter()
        .filter(|t| t["estado"] == "Acreditado")
        .count() as i64;
    let hours_to_cover: f64 = destino
        .iter()
        .filter(|t| t["estado"] != "Acreditado")
        .map(|t| t["horas"].as_f64().unwrap_or(0.0))
        .sum();
    assert_eq!(r.body["resumen"]["acreditados"], held_n);
    assert_eq!(
        r.body["resumen"]["por_cubrir"],
        destino.len() as i64 - held_n
    );
    assert!(
        (r.body["resumen"]["horas_por_cubrir"]
            .as_f64()
            .unwrap_or(-1.0)
            - hours_to_cover)
            .abs()
            < 1e-9
    );
    assert!(hours_to_cover >= 4.0);
    assert_eq!(
        r.body["resumen"]["dejan_de_requerirse"],
        temas
            .iter()
            .filter(|t| t["en_plan_destino"] == false)
            .count() as i64
    );
    // Targets first: the first row that stops being required comes after every target row.
    let first_gone = temas
        .iter()
        .position(|t| t["en_plan_destino"] == false)
        .expect("one goes");
    assert!(
        temas[first_gone..]
            .iter()
            .all(|t| t["en_plan_destino"] == false)
    );

    // Nothing was written: the employee's real plan still has the current position's topic.
    let r = s
        .post(
            &format!(
                "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{p}/Pendientes"
            ),
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let pending: Vec<&str> = r.body["temas"]
        .as_array()
        .expect("temas")
        .iter()
        .filter_map(|t| t["abreviatura"].as_str())
        .collect();
    assert!(
        pending.contains(&"SIM-GOES") && !pending.contains(&"SIM-NEED"),
        "{pending:?}"
    );
}

#[tokio::test]
async fn the_simulator_refuses_unknown_positions_and_employees_and_callers_without_the_section() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let r = s
        .get(
            &format!("/api/pri/plan_capacitacion/simulador_puesto/{p}/999999"),
            Some(&a),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);
    assert_eq!(r.body["code"], "plan.destino_no_encontrado");
    let r = s
        .get(
            "/api/pri/plan_capacitacion/simulador_puesto/999999/1",
            Some(&a),
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{:?}", r.body);

    // A participant has no simulator section.
    let me = s.login(PARTICIPANTE).await;
    let r = s
        .get(
            &format!("/api/pri/plan_capacitacion/simulador_puesto/{p}/1"),
            Some(&me),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
}
