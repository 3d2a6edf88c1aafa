//! Plan consultation (issue 11): the section-7 calls `planeada/{cve}/{Pendientes|Completados}`
//! and `planeada/por-bloques/{cve}/dat`, the summary, and who may consult whose plan.
//! Requirements are seeded as in plans_derivation.rs (package B builds their API in parallel).

use crate::common;
use crate::plans_support;

use chrono::Days;
use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const PLANNED_KEYS: &[&str] = &[
    "cve_tema",
    "cve_curso",
    "cve_inscripcion_ai",
    "nombre",
    "link_img",
    "link",
    "obligatoria",
    "prerrequisito",
    "material",
    "meeting",
    "accion",
    "presentar_examen",
    "intentos",
    "intentos_disponibles",
    "confirmado",
    "calificacion",
    "fecha_curso",
    "estatus_material",
    "manual_participante",
    "tipo_manual_participante",
    "clave_scorm",
    "abreviatura",
    "modalidad",
    "horas",
    "estado",
    "fecha_acreditacion",
    "vigencia",
    "fecha_limite",
    "requerido_por",
];

fn planeada(cve: i64, location: &str) -> String {
    format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve}/{location}")
}

fn topics_of(r: &Answer) -> Vec<String> {
    r.body["temas"]
        .as_array()
        .map(|t| {
            t.iter()
                .map(|x| x["abreviatura"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn the_plan_lists_pending_and_completed_topics_with_the_planned_topic_shape() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let me = s.login(PARTICIPANTE).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let must = topic(&s, &a, "CON-OBL", 6, "conocimiento", 1).await;
    let may = topic(&s, &a, "CON-OPC", 12, "conocimiento", 1).await;
    let done = topic(&s, &a, "CON-HEC", 12, "conocimiento", 1).await;
    seed_requirement(
        &s,
        "empleado",
        Some(must),
        None,
        ("empleado", p),
        true,
        Some(30),
    )
    .await;
    seed_requirement(
        &s,
        "empleado",
        Some(may),
        None,
        ("empleado", p),
        false,
        None,
    )
    .await;
    seed_requirement(
        &s,
        "empleado",
        Some(done),
        None,
        ("empleado", p),
        true,
        None,
    )
    .await;
    let r = accredit(&s, &a, p, json!({"cve_tema": done, "fecha": days_ago(&s, 10), "calificacion": 90, "motivo": "Expediente"})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let r = s
        .post(&planeada(p, "Pendientes"), Some(&me), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["resp"], "Excelente");
    assert_eq!(r.body["location"], "pendientes");
    let mine: Vec<String> = topics_of(&r)
        .into_iter()
        .filter(|t| t.starts_with("CON-"))
        .collect();
    assert_eq!(mine, vec!["CON-OBL", "CON-OPC"], "mandatory first");
    let t: &Value = r.body["temas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["abreviatura"] == "CON-OBL")
        .unwrap();
    for k in PLANNED_KEYS {
        assert!(t.get(*k).is_some(), "missing {k}");
    }
    assert_eq!(t["cve_curso"], Value::Null);
    assert_eq!(t["estado"], "Pendiente");
    assert_eq!(t["obligatoria"], 1);
    assert_eq!(t["prerrequisito"], "0");
    assert_eq!(t["requerido_por"], json!(["empleado"]));
    assert!(t["fecha_limite"].is_string());

    let r = s
        .post(
            &planeada(p, "completados"),
            Some(&me),
            json!({"buscar": "con-héc"}),
        )
        .await;
    assert_eq!(r.body["location"], "completados");
    assert_eq!(topics_of(&r), vec!["CON-HEC"]);
    let t = &r.body["temas"][0];
    assert_eq!(t["estado"], "Acreditado");
    let fecha = today(&s) - Days::new(10);
    assert_eq!(t["vigencia"], iso(aula::plans::vigencia(fecha, Some(12))));
    assert_eq!(t["fecha_acreditacion"], iso(fecha));
    assert!(r.body["total_completados"].as_i64().unwrap() >= 1);
    let c = r.body["cumplimiento"].as_f64().expect("compliance");
    assert!(c > 0.0 && c < 100.0, "{c}");

    let r = s.post(&planeada(p, "todos"), Some(&me), json!({})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "plan.ubicacion")
    );

    let resumen = s
        .get(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/{p}"),
            Some(&me),
        )
        .await;
    assert_eq!(resumen.status, StatusCode::OK);
    assert!(resumen.body["cumplimiento"].as_f64().is_some());
    assert!(resumen.body["cursos_pendientes"].as_i64().unwrap() >= 2);
    assert!(resumen.body["cursos_terminados"].as_i64().unwrap() >= 1);

    let h = s
        .get(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/historial/{p}"),
            Some(&me),
        )
        .await;
    assert_eq!(h.status, StatusCode::OK, "{:?}", h.body);
    let row = h.body["acreditaciones"]
        .as_array()
        .and_then(|l| l.iter().find(|x| x["abreviatura"] == "CON-HEC"))
        .expect("the accreditation");
    assert_eq!(
        (row["origen"].as_str(), row["estado"].as_str()),
        (Some("manual"), Some("Acreditado"))
    );
    assert_eq!(row["motivo"], "Expediente");
}

#[tokio::test]
async fn an_expired_topic_is_pending_again_and_blocks_show_their_progress() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let short = topic(&s, &a, "EXP-1", 1, "conocimiento", 1).await;
    let b1 = topic(&s, &a, "BLQ-1", 12, "conocimiento", 1).await;
    let b2 = topic(&s, &a, "BLQ-2", 12, "conocimiento", 1).await;
    seed_requirement(
        &s,
        "empleado",
        Some(short),
        None,
        ("empleado", p),
        true,
        None,
    )
    .await;
    let r = accredit(&s, &a, p, json!({"cve_tema": short, "fecha": days_ago(&s, 40), "calificacion": 90, "motivo": "Expediente"})).await;
    assert_eq!(r.body["estado"], "Vencido", "{:?}", r.body);
    let me = s.login(PARTICIPANTE).await;
    let pend = s
        .post(
            &planeada(p, "Pendientes"),
            Some(&me),
            json!({"buscar": "EXP"}),
        )
        .await;
    assert_eq!(topics_of(&pend), vec!["EXP-1"]);
    assert_eq!(pend.body["temas"][0]["estado"], "Vencido");

    let bloques = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/por-bloques";
    let block = block_with(&s, &a, "Ruta de prueba", &[b1, b2]).await;
    let none = s
        .post(
            &format!("{bloques}/{p}/dat"),
            Some(&me),
            json!({"buscar": "Ruta de prueba"}),
        )
        .await;
    assert_eq!(none.body["items"], json!([]), "Sin bloques");
    seed_requirement(&s, "bloque", None, Some(block), ("empleado", p), true, None).await;
    accredit(&s, &a, p, json!({"cve_tema": b1, "fecha": days_ago(&s, 2), "calificacion": 95, "motivo": "Expediente"})).await;
    let r = s
        .post(
            &format!("{bloques}/{p}/dat"),
            Some(&me),
            json!({"buscar": "ruta de prueba"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let item = &r.body["items"][0];
    assert_eq!(item["id_bloque"], block);
    assert_eq!(item["porcentaje_avance"], 50.0);
    assert_eq!(item["estatus"], "0");
    assert_eq!(item["temas"][0]["acreditado"], "1");
    assert_eq!(item["temas"][1]["acreditado"], "0");
    assert_eq!(item["temas"][1]["estado"], "Pendiente");
    assert_eq!(item["total_asistentes"], 1);
    assert_eq!(item["comprado"], "0");
}

#[tokio::test]
async fn only_the_employee_their_supervisors_and_all_scope_profiles_see_a_plan() {
    let s = TestServer::start().await;
    let p = s.cve_of(PARTICIPANTE).await;
    let admin_cve = s.cve_of(ADMIN).await;
    let sup = s.cve_of(SUPERVISOR).await;
    let team: Option<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE cve_supervisor = ? LIMIT 1")
            .bind(sup)
            .fetch_optional(&s.state().db.read)
            .await
            .unwrap();
    let me = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.post(&planeada(p, "Pendientes"), Some(&me), json!({}))
            .await
            .status,
        StatusCode::OK
    );
    let r = s
        .post(&planeada(admin_cve, "Pendientes"), Some(&me), json!({}))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.fuera_de_alcance")
    );
    let t = s.login(SUPERVISOR).await;
    if let Some(m) = team {
        assert_eq!(
            s.post(&planeada(m, "Pendientes"), Some(&t), json!({}))
                .await
                .status,
            StatusCode::OK
        );
    }
    assert_eq!(
        s.post(&planeada(admin_cve, "Pendientes"), Some(&t), json!({}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let a = s.login(ANALISTA).await;
    assert_eq!(
        s.post(&planeada(admin_cve, "Completados"), Some(&a), json!({}))
            .await
            .status,
        StatusCode::OK
    );
    let r = s
        .post(&planeada(999_999, "Pendientes"), Some(&a), json!({}))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "plan.empleado_no_encontrado")
    );
}

#[tokio::test]
async fn the_kardex_and_the_general_history_list_the_ledger_within_scope() {
    let s = TestServer::start().await;
    let a = s.login(ANALISTA).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let tema = topic(&s, &a, "KAR-1", 12, "conocimiento", 1).await;
    seed_requirement(
        &s,
        "empleado",
        Some(tema),
        None,
        ("empleado", p),
        true,
        None,
    )
    .await;
    let r = accredit(&s, &a, p, json!({"cve_tema": tema, "fecha": days_ago(&s, 5), "calificacion": 88, "motivo": "Captura de expediente"})).await;
    assert_eq!(r.status, StatusCode::OK);

    let k = s
        .get(
            &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{p}"),
            Some(&a),
        )
        .await;
    assert_eq!(k.status, StatusCode::OK, "{:?}", k.body);
    assert_eq!(k.body["empleado"]["cve_empleado"], p);
    assert!(k.body["totales"]["acreditados"].as_i64().unwrap() >= 1);

    let path = format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{p}/tabla");
    let t = s
        .post(&path, Some(&a), json!({"page": 1, "cantPP": 10}))
        .await;
    assert_eq!(t.status, StatusCode::OK, "{:?}", t.body);
    let row = rows(&t)
        .iter()
        .find(|r| r["abreviatura"] == "KAR-1")
        .expect("kardex row")
        .clone();
    assert_eq!(row["estado"], "Acreditado");
    assert_eq!(row["requerido_por_plan"], "SI");
    assert_eq!(row["origen"], "manual");
    assert_eq!(row["motivo"], "Captura de expediente");
    let x = s.post(&path, Some(&a), json!({"excel": true})).await;
    assert_eq!(x.status, StatusCode::OK);
    assert!(x.bytes.starts_with(b"PK"), "an xlsx file");

    let general = "/api/pri/plan_capacitacion/historial_capacitacion_general/tabla";
    let g = s
        .post(
            general,
            Some(&a),
            json!({"fecha_inicial": days_ago(&s, 6), "fecha_final": days_ago(&s, 0)}),
        )
        .await;
    assert_eq!(g.status, StatusCode::OK, "{:?}", g.body);
    assert!(rows(&g).iter().any(|r| r["abreviatura"] == "KAR-1"));
    let g = s
        .post(
            general,
            Some(&a),
            json!({"fecha_inicial": days_ago(&s, 60), "fecha_final": days_ago(&s, 30)}),
        )
        .await;
    assert!(
        !rows(&g).iter().any(|r| r["abreviatura"] == "KAR-1"),
        "outside the date range"
    );
    // A supervisor sees only their team's rows; the participant is not the supervisor's when absent.
    let sup = s.login(SUPERVISOR).await;
    let in_team: bool = sqlx::query_scalar(
        "SELECT COUNT(*) > 0 FROM empleados WHERE cve_empleado = ? AND cve_supervisor = ?",
    )
    .bind(p)
    .bind(s.cve_of(SUPERVISOR).await)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    let g = s.post(general, Some(&sup), json!({})).await;
    assert_eq!(g.status, StatusCode::OK);
    assert_eq!(
        rows(&g).iter().any(|r| r["abreviatura"] == "KAR-1"),
        in_team
    );
    let me = s.login(PARTICIPANTE).await;
    let r = s.post(&path, Some(&me), json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
