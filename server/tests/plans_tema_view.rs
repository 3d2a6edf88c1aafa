//! The topic view (issue 11, package C): per-topic figures over the plan, one topic's
//! figures, and its people with and without it.

use crate::common;
use crate::plans_support;

use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn the_topic_view_counts_who_must_hold_a_topic_and_lists_who_has_it() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tema = topic(&s, &t, "TVW-01", 12, "conocimiento", 1).await;
    let (p, _, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let en_puesto: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM empleados WHERE cve_puesto = ? AND activo = 1 AND baja_logica = 0",
    )
    .bind(puesto)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    let r = s
        .post(
            "/api/pri/plan_capacitacion/plan_formacion/alta_requerimientos",
            Some(&t),
            json!({"tipo_asignacion": "puestos", "puestos": [puesto], "temas": [tema]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": tema, "fecha": days_ago(&s, 3), "calificacion": 95, "motivo": "Constancia"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let r = s
        .post(
            "/api/pri/plan_capacitacion/tema_view/tabla",
            Some(&t),
            json!({"cantPP": 100, "columns_with_selects": [{"nomfield": "abreviatura", "input": "TVW-01"}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let row = rows(&r)
        .iter()
        .find(|r| r["abreviatura"] == "TVW-01")
        .cloned()
        .expect("topic row");
    assert_eq!(row["requeridos"], en_puesto);
    assert_eq!(row["acreditados"], 1);
    assert_eq!(row["pendientes"], en_puesto - 1);

    let d = s
        .get(
            &format!("/api/pri/plan_capacitacion/tema_view/{tema}"),
            Some(&t),
        )
        .await;
    assert_eq!(d.status, StatusCode::OK, "{:?}", d.body);
    assert_eq!(d.body["tema"]["abreviatura"], "TVW-01");
    assert_eq!(d.body["requeridos"], en_puesto);
    assert_eq!(d.body["acreditados"], 1);
    assert_eq!(d.body["con_tema_fuera_de_plan"], 0);

    let people = |vista: &'static str| {
        let s = &s;
        let t = t.clone();
        async move {
            let r = s
                .post(
                    &format!("/api/pri/plan_capacitacion/tema_view/{tema}/tabla"),
                    Some(&t),
                    json!({"cantPP": 100, "filtersEXT": {"vista": vista}}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            rows(&r).to_vec()
        }
    };
    let con: Vec<Value> = people("con").await;
    assert_eq!(con.len(), 1);
    assert_eq!(con[0]["estado"], "Acreditado");
    assert_eq!(con[0]["requerido_por_plan"], "SI");
    assert_eq!(people("sin").await.len() as i64, en_puesto - 1);
    assert_eq!(people("todos").await.len() as i64, en_puesto);
    let unknown = s
        .get("/api/pri/plan_capacitacion/tema_view/987654", Some(&t))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}
