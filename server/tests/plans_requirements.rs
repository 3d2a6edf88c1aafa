//! Requirements (issue 11, package B): altas of every program, each rule's refusal with its
//! code and nothing written, scope (Supervisor and Rep. Empresa manage only their people),
//! duplicates named in a 409, the wizard's dry run, and enable/disable/edit keeping history.

use crate::common;
use crate::plans_support;

use common::*;
use plans_support::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const INST: &str = "/api/pri/plan_capacitacion/capacitacion_institucional";
const FORM: &str = "/api/pri/plan_capacitacion/plan_formacion";
const ESP: &str = "/api/pri/plan_capacitacion/capacitacion_especifica";
const EMP: &str = "/api/pri/plan_capacitacion/temas_empleados";

async fn count(s: &TestServer, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
        .fetch_one(&s.state().db.read)
        .await
        .expect("count")
}

async fn requirement_count(s: &TestServer) -> i64 {
    count(s, "SELECT COUNT(*) FROM plan_requerimientos").await
}

async fn event_count(s: &TestServer) -> i64 {
    count(s, "SELECT COUNT(*) FROM plan_requerimientos_eventos").await
}

/// An employee directly under `boss`.
async fn subordinate_of(s: &TestServer, boss: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE cve_supervisor = ? AND baja_logica = 0 ORDER BY cve_empleado LIMIT 1",
    )
    .bind(boss)
    .fetch_one(&s.state().db.read)
    .await
    .expect("a subordinate")
}

async fn table(s: &TestServer, token: &str, prefix: &str, filters: Value) -> Vec<Value> {
    let r = s
        .post(
            &format!("{prefix}/consulta_requerimientos/tabla"),
            Some(token),
            json!({"cantPP": 100, "filtersEXT": filters}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    rows(&r).to_vec()
}

#[tokio::test]
async fn each_broken_rule_is_refused_with_its_code_and_nothing_is_written() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (p, n2, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let tema = topic(&s, &t, "REQ-R1", 12, "conocimiento", 1).await;
    let inactivo = topic(&s, &t, "REQ-OFF", 12, "conocimiento", 0).await;
    let before = (requirement_count(&s).await, event_count(&s).await);

    let cases: Vec<(&str, Value, u16, &str)> = vec![
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": []}),
            400,
            "plan.requiere_tema",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "puestos", "puestos": [], "temas": [tema]}),
            400,
            "plan.requiere_puesto",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "empleados", "empleados": [], "temas": [tema]}),
            400,
            "plan.requiere_empleado",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "plantas", "puestos": [puesto], "temas": [tema]}),
            400,
            "plan.tipo_asignacion",
        ),
        (
            "/capacitacion_institucional/alta_requerimientos",
            json!({"estructuras": [], "temas": [tema]}),
            400,
            "plan.requiere_estructura",
        ),
        (
            "/capacitacion_especifica/alta_requerimientos/por_estructuras",
            json!({"estructuras": [n2], "temas": []}),
            400,
            "plan.requiere_tema",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [tema], "dias_limite": 0}),
            400,
            "plan.dias_limite",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [tema, inactivo]}),
            400,
            "plan.tema_inactivo",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [987_654]}),
            400,
            "plan.tema_no_encontrado",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "puestos", "puestos": [puesto, 987_654], "temas": [tema]}),
            400,
            "plan.destino_no_encontrado",
        ),
        (
            "/plan_formacion/alta_requerimientos",
            json!({"tipo_asignacion": "empleados", "empleados": [p, 987_654], "temas": [tema]}),
            400,
            "plan.empleado_no_encontrado",
        ),
        (
            "/capacitacion_institucional/alta_requerimientos",
            json!({"estructuras": [987_654], "temas": [tema]}),
            400,
            "plan.destino_no_encontrado",
        ),
        (
            "/temas_empleados/alta_requerimientos",
            json!({"empleados": [p], "temas": []}),
            400,
            "plan.requiere_tema",
        ),
    ];
    for (path, body, status, code) in cases {
        let r = s
            .post(
                &format!("/api/pri/plan_capacitacion{path}"),
                Some(&t),
                body.clone(),
            )
            .await;
        assert_eq!(r.status.as_u16(), status, "{path} {body}: {:?}", r.body);
        assert_eq!(r.code(), code, "{path} {body}: {:?}", r.body);
        assert!(!r.resp().is_empty());
    }
    // The inactive topic is named in the message.
    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&t),
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [inactivo]}),
        )
        .await;
    assert!(r.resp().contains("REQ-OFF"), "{}", r.resp());
    assert_eq!(
        before,
        (requirement_count(&s).await, event_count(&s).await),
        "nothing written"
    );
}

#[tokio::test]
async fn an_alta_creates_one_requirement_per_topic_and_target_with_its_alta_event() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (p, n2, n3, _, puesto) = s.org_of(PARTICIPANTE).await;
    let a = topic(&s, &t, "REQ-A", 12, "conocimiento", 1).await;
    let b = topic(&s, &t, "REQ-B", 0, "conocimiento", 1).await;

    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&t),
            json!({"tipo_asignacion": "puestos", "puestos": [puesto, puesto], "temas": [a, b, a],
                   "obligatoria": false, "dias_limite": 90}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let ids = r.body["requerimientos"].as_array().expect("ids").clone();
    assert_eq!(ids.len(), 2, "repeats inside one request count once");
    assert!(r.body["empleados_alcanzados"].as_i64().expect("alcanzados") >= 1);

    let rows = table(&s, &t, FORM, json!({})).await;
    let mine: Vec<&Value> = rows
        .iter()
        .filter(|r| ids.contains(&r["id_requerimiento"]))
        .collect();
    assert_eq!(mine.len(), 2);
    for row in &mine {
        assert_eq!(row["destino_tipo"], "puesto");
        assert_eq!(row["obligatoria"], "NO");
        assert_eq!(row["habilitado"], "SI");
        assert_eq!(row["dias_limite"], 90);
        assert!(
            row["destino_nombre"]
                .as_str()
                .is_some_and(|n| !n.is_empty())
        );
        assert!(row["creado_por"].as_str().is_some());
    }
    // Other programs' tables do not list them.
    let inst = table(&s, &t, INST, json!({})).await;
    assert!(!inst.iter().any(|r| ids.contains(&r["id_requerimiento"])));

    // Institucional and específica carry the structure level; individual ones the employee.
    let r = s
        .post(
            &format!("{INST}/alta_requerimientos"),
            Some(&t),
            json!({"estructuras": [n2], "temas": [a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            &format!("{ESP}/alta_requerimientos/por_estructuras"),
            Some(&t),
            json!({"estructuras": [n3], "temas": [b]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            &format!("{EMP}/alta_requerimientos"),
            Some(&t),
            json!({"empleados": [p], "temas": [b]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let inst = table(&s, &t, INST, json!({})).await;
    assert!(
        inst.iter()
            .any(|r| r["abreviatura"] == "REQ-A" && r["destino_nivel"] == 2)
    );
    let esp = table(&s, &t, ESP, json!({})).await;
    assert!(
        esp.iter()
            .any(|r| r["abreviatura"] == "REQ-B" && r["destino_nivel"] == 3)
    );
    let emp = table(&s, &t, EMP, json!({})).await;
    assert!(
        emp.iter()
            .any(|r| r["abreviatura"] == "REQ-B" && r["destino_tipo"] == "empleado")
    );
    let altas = count(
        &s,
        "SELECT COUNT(*) FROM plan_requerimientos_eventos ev JOIN plan_requerimientos r
         ON r.id_requerimiento = ev.id_requerimiento JOIN temas t ON t.cve_tema = r.cve_tema
         WHERE ev.accion = 'alta' AND t.abreviatura LIKE 'REQ-%'",
    )
    .await;
    assert_eq!(altas, 5);
}

#[tokio::test]
async fn a_duplicate_is_a_409_naming_the_existing_requirement_and_nothing_of_the_batch_is_written()
{
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (_, _, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let a = topic(&s, &t, "DUP-A", 12, "conocimiento", 1).await;
    let b = topic(&s, &t, "DUP-B", 12, "conocimiento", 1).await;
    let body = |temas: Vec<i64>| json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": temas});
    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&t),
            body(vec![a]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let existing = r.body["requerimientos"][0].as_i64().expect("id");
    let before = (requirement_count(&s).await, event_count(&s).await);

    // The wizard's dry run lists the duplicate and writes nothing.
    let v = s
        .post(
            &format!("{FORM}/alta_requerimientos/validar"),
            Some(&t),
            body(vec![a, b]),
        )
        .await;
    assert_eq!(v.status, StatusCode::OK, "{:?}", v.body);
    assert_eq!(v.body["nuevos"], 1);
    assert_eq!(v.body["duplicados"][0]["id_requerimiento"], existing);
    assert!(
        v.body["duplicados"][0]["tema"]
            .as_str()
            .expect("tema")
            .contains("DUP-A")
    );
    assert!(v.body["empleados_alcanzados"].as_i64().expect("alcanzados") >= 1);

    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&t),
            body(vec![b, a]),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{:?}", r.body);
    assert_eq!(r.code(), "plan.requerimiento_duplicado");
    assert!(r.resp().contains(&existing.to_string()), "{}", r.resp());
    assert!(r.resp().contains("DUP-A"), "{}", r.resp());
    assert_eq!(before, (requirement_count(&s).await, event_count(&s).await));

    // A disabled requirement is still the same requirement: enable it instead.
    let put = s
        .call(
            Method::PUT,
            &format!("{FORM}/requerimientos/{existing}"),
            Some(&t),
            Some(json!({"habilitado": false})),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&t),
            body(vec![a]),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn disabling_keeps_the_history_and_enabling_or_editing_adds_events() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (_, n2, _, _, _) = s.org_of(PARTICIPANTE).await;
    let a = topic(&s, &t, "HIS-A", 12, "conocimiento", 1).await;
    let r = s
        .post(
            &format!("{INST}/alta_requerimientos"),
            Some(&t),
            json!({"estructuras": [n2], "temas": [a], "dias_limite": 30}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["requerimientos"][0].as_i64().expect("id");
    let one = format!("{INST}/requerimientos/{id}");

    let put = |body: Value| s.call(Method::PUT, &one, Some(&t), Some(body));
    let off = put(json!({"habilitado": false, "motivo": "Cambio de norma"})).await;
    assert_eq!(off.status, StatusCode::OK, "{:?}", off.body);
    assert_eq!(off.body["habilitado"], "NO");
    let disabled = table(&s, &t, INST, json!({"habilitado": 0})).await;
    assert!(disabled.iter().any(|r| r["id_requerimiento"] == id));
    let enabled = table(&s, &t, INST, json!({"habilitado": 1})).await;
    assert!(!enabled.iter().any(|r| r["id_requerimiento"] == id));

    let on = put(json!({"habilitado": true})).await;
    assert_eq!(on.body["habilitado"], "SI");
    let edit = put(json!({"obligatoria": false, "dias_limite": null})).await;
    assert_eq!(edit.status, StatusCode::OK, "{:?}", edit.body);
    assert_eq!(edit.body["obligatoria"], "NO");
    assert_eq!(edit.body["dias_limite"], Value::Null);
    // Nothing changes: no event.
    put(json!({"obligatoria": false})).await;

    let h = s.get(&format!("{one}/historial"), Some(&t)).await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    let acciones: Vec<&str> = h.body["eventos"]
        .as_array()
        .expect("eventos")
        .iter()
        .map(|e| e["accion"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(acciones, ["alta", "deshabilitar", "habilitar", "editar"]);
    assert_eq!(h.body["eventos"][1]["motivo"], "Cambio de norma");
    let detalle: Value =
        serde_json::from_str(h.body["eventos"][3]["detalle"].as_str().expect("detalle"))
            .expect("json");
    assert_eq!(
        detalle,
        json!({"obligatoria": [1, 0], "dias_limite": [30, null]})
    );
    assert_eq!(h.body["requerimiento"]["id_requerimiento"], id);

    // The affected table answers (rows are the employees the disabling reached).
    let af = s
        .post(
            &format!("{one}/afectados/tabla"),
            Some(&t),
            json!({"filtersEXT": {"id_evento": h.body["eventos"][1]["id_evento"]}}),
        )
        .await;
    assert_eq!(af.status, StatusCode::OK, "{:?}", af.body);

    // A requirement of another program under this prefix is unknown here.
    let other = s
        .get(&format!("{FORM}/requerimientos/{id}/historial"), Some(&t))
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    // Bad deadline on edit: refused, nothing changed.
    let bad = put(json!({"dias_limite": 4000})).await;
    assert_eq!(bad.code(), "plan.dias_limite");
}

#[tokio::test]
async fn baja_disables_formation_requirements_in_bulk_all_or_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (_, n2, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let a = topic(&s, &t, "BAJ-A", 12, "conocimiento", 1).await;
    let b = topic(&s, &t, "BAJ-B", 12, "conocimiento", 1).await;
    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&t),
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [a, b]}),
        )
        .await;
    let ids: Vec<i64> = r.body["requerimientos"]
        .as_array()
        .expect("ids")
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    let inst = s
        .post(
            &format!("{INST}/alta_requerimientos"),
            Some(&t),
            json!({"estructuras": [n2], "temas": [a]}),
        )
        .await;
    let inst_id = inst.body["requerimientos"][0].as_i64().expect("id");

    // An institutional requirement in the list: 404 and nothing disabled.
    let bad = s
        .post(
            &format!("{FORM}/baja_requerimientos"),
            Some(&t),
            json!({"requerimientos": [ids[0], inst_id]}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::NOT_FOUND);
    let enabled = table(&s, &t, FORM, json!({"habilitado": 1})).await;
    assert!(enabled.iter().any(|r| r["id_requerimiento"] == ids[0]));

    let ok = s
        .post(
            &format!("{FORM}/baja_requerimientos"),
            Some(&t),
            json!({"requerimientos": ids, "motivo": "Reestructura"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(ok.body["deshabilitados"], 2);
    let disabled = table(&s, &t, FORM, json!({"habilitado": 0})).await;
    for id in &ids {
        assert!(disabled.iter().any(|r| r["id_requerimiento"] == *id));
    }
    let motivos = count(
        &s,
        "SELECT COUNT(*) FROM plan_requerimientos_eventos WHERE accion = 'deshabilitar' AND motivo = 'Reestructura'",
    )
    .await;
    assert_eq!(motivos, 2);
}

#[tokio::test]
async fn a_supervisor_and_a_company_rep_manage_only_their_peoples_individual_requirements() {
    let s = TestServer::start().await;
    let ta = s.login(ANALISTA).await;
    let a = topic(&s, &ta, "SCO-A", 12, "conocimiento", 1).await;
    let admin = s.cve_of(ADMIN).await;

    let sup = s.cve_of(SUPERVISOR).await;
    let mine = subordinate_of(&s, sup).await;
    let ts = s.login(SUPERVISOR).await;
    let before = requirement_count(&s).await;
    let r = s
        .post(
            &format!("{EMP}/alta_requerimientos"),
            Some(&ts),
            json!({"empleados": [mine, admin], "temas": [a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    assert_eq!(r.code(), "auth.fuera_de_alcance");
    assert_eq!(before, requirement_count(&s).await, "nothing of the batch");
    // Positions are not theirs to target.
    let (_, _, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let r = s
        .post(
            &format!("{FORM}/alta_requerimientos"),
            Some(&ts),
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = s
        .post(
            &format!("{EMP}/alta_requerimientos"),
            Some(&ts),
            json!({"empleados": [mine], "temas": [a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["requerimientos"][0].as_i64().expect("id");
    // The analyst's individual requirement for someone else is not in the supervisor's table
    // and not editable by them.
    let other = s
        .post(
            &format!("{EMP}/alta_requerimientos"),
            Some(&ta),
            json!({"empleados": [admin], "temas": [a]}),
        )
        .await;
    let other_id = other.body["requerimientos"][0].as_i64().expect("id");
    let seen = table(&s, &ts, EMP, json!({})).await;
    assert!(seen.iter().any(|r| r["id_requerimiento"] == id));
    assert!(!seen.iter().any(|r| r["id_requerimiento"] == other_id));
    let put = s
        .call(
            Method::PUT,
            &format!("{EMP}/requerimientos/{other_id}"),
            Some(&ts),
            Some(json!({"habilitado": false})),
        )
        .await;
    assert_eq!(put.status, StatusCode::FORBIDDEN);
    let put = s
        .call(
            Method::PUT,
            &format!("{EMP}/requerimientos/{id}"),
            Some(&ts),
            Some(json!({"habilitado": false})),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);

    // Rep. Empresa: a Sierra Madre employee is outside their scope.
    let tr = s.login(REP).await;
    let r = s
        .post(
            &format!("{EMP}/alta_requerimientos"),
            Some(&tr),
            json!({"empleados": [mine], "temas": [a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);
    let rep_team = subordinate_of(&s, s.cve_of(REP).await).await;
    let r = s
        .post(
            &format!("{EMP}/alta_requerimientos"),
            Some(&tr),
            json!({"empleados": [rep_team], "temas": [a]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let seen = table(&s, &tr, EMP, json!({})).await;
    assert!(seen.iter().all(|r| r["id_requerimiento"] != id));
}

#[tokio::test]
async fn the_specific_training_topics_call_lists_active_topics_and_filters_by_text() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    topic(&s, &t, "ESPX-1", 24, "conocimiento", 1).await;
    topic(&s, &t, "ESPX-2", 24, "conocimiento", 0).await;
    let path = format!("{ESP}/alta_requerimientos/por_estructuras/temas");
    let all = s.get(&path, Some(&t)).await;
    assert_eq!(all.status, StatusCode::OK, "{:?}", all.body);
    let list = all.body.as_array().expect("list");
    let x = list
        .iter()
        .find(|t| t["abreviatura"] == "ESPX-1")
        .expect("active topic listed");
    assert_eq!(x["horas"], 4.0);
    assert_eq!(x["meses_certificacion"], 24);
    assert!(!list.iter().any(|t| t["abreviatura"] == "ESPX-2"));
    let some = s.get(&format!("{path}?q=espx"), Some(&t)).await;
    let names: Vec<&str> = some
        .body
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|t| t["abreviatura"].as_str())
        .collect();
    assert_eq!(names, ["ESPX-1"]);
}

#[tokio::test]
async fn plant_topics_are_plant_requirements_with_their_table_and_history() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = topic(&s, &t, "PLA-A", 12, "conocimiento", 1).await;
    let planta: i64 = sqlx::query_scalar("SELECT MIN(cve_planta) FROM plantas")
        .fetch_one(&s.state().db.read)
        .await
        .expect("plant");
    let path = format!("/api/pri/plan_capacitacion/plantas_temas/{planta}");
    let before = s.get(&path, Some(&t)).await;
    let mut temas: Vec<i64> = before
        .body
        .as_array()
        .expect("topics")
        .iter()
        .filter_map(|t| t["cve_tema"].as_i64())
        .collect();
    temas.push(a);
    let put = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({ "temas": temas })),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let r = s
        .post(
            "/api/pri/plan_capacitacion/plantas_temas/tabla",
            Some(&t),
            json!({"cantPP": 100, "filtersEXT": {"habilitado": 1}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let rows = rows(&r).to_vec();
    let row = rows
        .iter()
        .find(|r| r["abreviatura"] == "PLA-A")
        .expect("plant requirement listed");
    assert_eq!(row["destino_tipo"], "planta");
    let id = row["id_requerimiento"].as_i64().expect("id");
    // Removing it from the plant disables it; its history keeps both events.
    temas.pop();
    s.call(
        Method::PUT,
        &path,
        Some(&t),
        Some(json!({ "temas": temas })),
    )
    .await;
    let h = s
        .get(
            &format!("/api/pri/plan_capacitacion/plantas_temas/requerimientos/{id}/historial"),
            Some(&t),
        )
        .await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    assert_eq!(h.body["requerimiento"]["habilitado"], "NO");
    assert_eq!(h.body["eventos"][0]["accion"], "alta");
    assert_eq!(h.body["eventos"][1]["accion"], "deshabilitar");
    // An unknown topic is refused and nothing changes.
    let bad = s
        .call(
            Method::PUT,
            &path,
            Some(&t),
            Some(json!({"temas": [987_654]})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let after = s.get(&path, Some(&t)).await;
    assert_eq!(after.body, before.body);
}
