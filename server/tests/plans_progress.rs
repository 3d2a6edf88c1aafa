//! Progress and population control (issue 11, package B): population figures per level
//! agree with the per-employee plan, drill-down needs its parent, consolidated progress per
//! position, and progress per topic counts each (employee, topic) once.

use crate::common;
use crate::plans_support;

use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const POB: &str = "/api/pri/catalogos/control_poblacion";

async fn table(s: &TestServer, t: &str, path: &str, filters: Value) -> Vec<Value> {
    let r = s
        .post(path, Some(t), json!({"cantPP": 100, "filtersEXT": filters}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{path}: {:?}", r.body);
    rows(&r).to_vec()
}

fn sum(rows: &[Value], field: &str) -> i64 {
    rows.iter().map(|r| r[field].as_i64().unwrap_or(0)).sum()
}

#[tokio::test]
async fn population_control_agrees_with_each_employees_plan_and_drills_down() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let db = &s.state().db.read;
    let hoy = iso(today(&s));
    let (plantilla, requeridos, acreditados): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n2 IS NOT NULL),
                COUNT(*), COALESCE(SUM(CASE WHEN p.vigencia >= ? THEN 1 ELSE 0 END), 0)
         FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
         WHERE p.obligatoria = 1 AND e.n2 IS NOT NULL",
    )
    .bind(&hoy)
    .fetch_one(db)
    .await
    .expect("figures");
    let n2 = table(&s, &t, &format!("{POB}/tabla"), json!({"nivel": 2})).await;
    assert_eq!(sum(&n2, "plantilla"), plantilla);
    assert_eq!(sum(&n2, "requeridos"), requeridos);
    assert_eq!(sum(&n2, "acreditados"), acreditados);
    assert!(
        requeridos > 0 && acreditados > 0,
        "the demo has a plan and a history"
    );
    for r in &n2 {
        assert!(r["cumplen"].as_i64() <= r["con_plan"].as_i64());
        assert!(r["con_plan"].as_i64() <= r["plantilla"].as_i64());
    }
    // An aggregate counts its own groups in the page query: the total is the number of
    // groups on every page, and a page past the end is empty with the same total.
    let path = "/api/pri/plan_capacitacion/tema_view/tabla";
    let todos = table(&s, &t, path, json!({})).await.len() as i64;
    assert!(todos > 10, "{todos} topics");
    let ultima = (todos + 9) / 10;
    for (page, rows_expected) in [
        (1, 10),
        (ultima, todos - (ultima - 1) * 10),
        (ultima + 3, 0),
    ] {
        let r = s
            .post(path, Some(&t), json!({"cantPP": 10, "page": page}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        assert_eq!(rows(&r).len() as i64, rows_expected, "page {page}");
        assert_eq!(r.body["pages"]["cantidad_registros"], todos, "page {page}");
    }

    // The export's columns follow the screen: compliance right after the headcount.
    let csv = s
        .post(
            &format!("{POB}/tabla"),
            Some(&t),
            json!({"excel": true, "formato": "csv", "filtersEXT": {"nivel": 2}}),
        )
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    let text = String::from_utf8_lossy(&csv.bytes[3..]).to_string();
    let header = text.lines().next().unwrap_or_default().to_string();
    assert!(
        header.starts_with("Clave,Nombre,Plantilla,Cumplimiento (%),"),
        "{header}"
    );

    // N3 needs its parent; the children of an N2 add up to it (when all have an N3).
    let r = s
        .post(
            &format!("{POB}/tabla"),
            Some(&t),
            json!({"filtersEXT": {"nivel": 3}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .post(
            &format!("{POB}/tabla"),
            Some(&t),
            json!({"filtersEXT": {"nivel": 9}}),
        )
        .await;
    assert_eq!(r.code(), "plan.nivel");
    let (_, p_n2, _, p_n4, _) = s.org_of(PARTICIPANTE).await;
    let top = n2
        .iter()
        .find(|r| r["cve"] == p_n2)
        .expect("participant's N2");
    let n3 = table(
        &s,
        &t,
        &format!("{POB}/tabla"),
        json!({"nivel": 3, "padre": p_n2}),
    )
    .await;
    let sin_n3: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n2 = ? AND n3 IS NULL",
    )
    .bind(p_n2)
    .fetch_one(db)
    .await
    .expect("count");
    assert_eq!(
        sum(&n3, "plantilla") + sin_n3,
        top["plantilla"].as_i64().unwrap_or(0)
    );

    // Plants of the participant's N4, then that plant's employees.
    let plantas = table(
        &s,
        &t,
        &format!("{POB}/tabla"),
        json!({"nivel": "planta", "padre": p_n4}),
    )
    .await;
    assert!(!plantas.is_empty());
    let p = s.cve_of(PARTICIPANTE).await;
    let (planta, num): (i64, String) =
        sqlx::query_as("SELECT cve_planta, num_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(p)
            .fetch_one(db)
            .await
            .expect("plant");
    let gente = table(
        &s,
        &t,
        &format!("{POB}/empleados/tabla"),
        json!({"nivel": "planta", "cve": planta}),
    )
    .await;
    let row = plantas
        .iter()
        .find(|r| r["cve"] == planta)
        .expect("plant row");
    assert_eq!(gente.len() as i64, row["plantilla"].as_i64().unwrap_or(-1));
    let mine: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_empleados_temas WHERE cve_empleado = ? AND obligatoria = 1",
    )
    .bind(p)
    .fetch_one(db)
    .await
    .expect("count");
    let me = gente
        .iter()
        .find(|r| r["num_empleado"] == num.as_str())
        .expect("participant listed");
    assert_eq!(me["requeridos"], mine);
}

#[tokio::test]
async fn topic_progress_counts_each_person_once_and_follows_the_ledger() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "AVN-01", 12, "conocimiento", 1).await;
    let (p, _, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let en_puesto: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM empleados WHERE cve_puesto = ? AND activo = 1 AND baja_logica = 0",
    )
    .bind(puesto)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    // Reached by position and individually: one pair.
    for body in [
        json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [tema]}),
        json!({"tipo_asignacion": "empleados", "empleados": [p], "temas": [tema]}),
    ] {
        let r = s
            .post(
                "/api/pri/plan_capacitacion/plan_formacion/alta_requerimientos",
                Some(&t),
                body,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let path = "/api/pri/plan_capacitacion/plan_formacion/avance_tema/tabla";
    let find = |rows: Vec<Value>| {
        rows.into_iter()
            .find(|r| r["abreviatura"] == "AVN-01")
            .expect("topic row")
    };
    let row = find(table(&s, &t, path, json!({})).await);
    assert_eq!(row["requeridos"], en_puesto);
    assert_eq!(row["acreditados"], 0);
    assert_eq!(row["pendientes"], en_puesto);
    // Not a topic of the institutional program.
    let inst = table(
        &s,
        &t,
        "/api/pri/plan_capacitacion/capacitacion_institucional/avance_tema/tabla",
        json!({}),
    )
    .await;
    assert!(!inst.iter().any(|r| r["abreviatura"] == "AVN-01"));

    let r = accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": tema, "fecha": days_ago(&s, 2), "calificacion": 90, "motivo": "Constancia"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let row = find(table(&s, &t, path, json!({})).await);
    assert_eq!(row["acreditados"], 1);
    assert_eq!(row["pendientes"], en_puesto - 1);

    // Consolidated per position: the participant's position counts its people with a plan.
    let cons = table(
        &s,
        &t,
        "/api/pri/plan_capacitacion/plan_formacion/avance_consolidado/tabla",
        json!({}),
    )
    .await;
    let mine = cons
        .iter()
        .find(|r| r["cve_puesto"] == puesto)
        .expect("position row");
    assert_eq!(mine["empleados"], en_puesto);
    // Exactly the mandatory plan rows of the position's people, and what they hold today.
    let hoy = iso(today(&s));
    let (requeridos, acreditados): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN p.vigencia >= ? THEN 1 ELSE 0 END), 0)
         FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
         WHERE p.obligatoria = 1 AND e.cve_puesto = ?",
    )
    .bind(&hoy)
    .bind(puesto)
    .fetch_one(&s.state().db.read)
    .await
    .expect("figures");
    assert_eq!(mine["requeridos"], requeridos);
    assert_eq!(mine["acreditados"], acreditados);
    assert!(acreditados >= 1);
    // The topics the position's own formation requirements ask for (AVN-01 among them).
    let temas: i64 = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT COALESCE(r.cve_tema, bt.cve_tema)) FROM plan_requerimientos r
         LEFT JOIN bloques_temas bt ON bt.id_bloque = r.id_bloque
         JOIN temas t ON t.cve_tema = COALESCE(r.cve_tema, bt.cve_tema) AND t.activo = 1
         WHERE r.habilitado = 1 AND r.destino_tipo = 'puesto' AND r.destino_id = ?",
    )
    .bind(puesto)
    .fetch_one(&s.state().db.read)
    .await
    .expect("topics");
    assert!(temas >= 1);
    assert_eq!(mine["temas"], temas);
}
