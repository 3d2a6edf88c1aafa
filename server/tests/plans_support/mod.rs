//! Helpers shared by the training-plan tests (package A): topics with chosen rules, dates
//! relative to the server's today, direct ledger reads for assertions.

#![allow(dead_code)]

use chrono::{Days, NaiveDate};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Answer, TestServer, datos_form};

/// The server's today.
pub fn today(s: &TestServer) -> NaiveDate {
    aula::plans::today(s.state())
}

/// `d` as AAAA-MM-DD.
pub fn iso(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Today minus `n` days, as AAAA-MM-DD.
pub fn days_ago(s: &TestServer, n: u64) -> String {
    iso(today(s) - Days::new(n))
}

/// Creates a topic through the API; its `cve_tema`.
pub async fn topic(
    s: &TestServer,
    token: &str,
    abbr: &str,
    meses: i64,
    modelo: &str,
    activo: i64,
) -> i64 {
    let datos = json!({"abreviatura": abbr, "nombre_tema": format!("Tema {abbr}"), "cve_area": 6000,
        "tipo": "Taller", "modalidad": "PRESENCIAL", "dias_duracion": 1, "horas_sesion": 4,
        "meses_certificacion": meses, "min_participantes": 1, "max_participantes": 15,
        "modelo_evaluacion": modelo, "precio": 0, "activo": activo});
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/catalogos/temas/crear_tema",
            Some(token),
            datos_form(&datos, true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["cve_tema"].as_i64().expect("cve_tema")
}

/// POSTs a manual accreditation from the kardex.
pub async fn accredit(s: &TestServer, token: &str, cve_empleado: i64, body: Value) -> Answer {
    s.post(
        &format!(
            "/api/pri/plan_capacitacion/ver_kardex_capacitacion/{cve_empleado}/acreditaciones"
        ),
        Some(token),
        body,
    )
    .await
}

/// Ledger rows of an employee and topic.
pub async fn ledger_rows(s: &TestServer, cve_empleado: i64, cve_tema: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count")
}

/// Summary rows of an employee and topic.
pub async fn summary_rows(s: &TestServer, cve_empleado: i64, cve_tema: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count")
}

/// A GET with an Accept-Language header.
pub async fn get_in(s: &TestServer, path: &str, token: &str, lang: &str) -> Answer {
    let res = s
        .http
        .get(format!("{}{}", s.base, path))
        .bearer_auth(token)
        .header("accept-language", lang)
        .send()
        .await
        .expect("request sent");
    TestServer::answer(res).await
}

/// A POST with an Accept-Language header.
pub async fn post_in(s: &TestServer, path: &str, token: &str, lang: &str, body: Value) -> Answer {
    let res = s
        .http
        .post(format!("{}{}", s.base, path))
        .bearer_auth(token)
        .header("accept-language", lang)
        .json(&body)
        .send()
        .await
        .expect("request sent");
    TestServer::answer(res).await
}

/// A requirement written straight into the table, then the plan upkeep A owns
/// (`requirement_changed`) in the same transaction. Stands in for package B's
/// `create_requirements`, built in parallel with these tests; the derivation only reads the table.
pub async fn seed_requirement(
    s: &TestServer,
    programa: &str,
    tema: Option<i64>,
    bloque: Option<i64>,
    destino: (&str, i64),
    obligatoria: bool,
    dias_limite: Option<i64>,
) -> i64 {
    let now = s.state().now_iso();
    let mut tx = s.state().db.begin().await.expect("tx");
    let nivel: Option<i64> = if destino.0 == "estructura" {
        sqlx::query_scalar("SELECT nivel FROM estructura WHERE cve_estructura = ?")
            .bind(destino.1)
            .fetch_one(&mut *tx)
            .await
            .expect("node")
    } else {
        None
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO plan_requerimientos (programa, cve_tema, id_bloque, destino_tipo, destino_id, destino_nivel,
             obligatoria, dias_limite, habilitado, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id_requerimiento",
    )
    .bind(programa)
    .bind(tema)
    .bind(bloque)
    .bind(destino.0)
    .bind(destino.1)
    .bind(nivel)
    .bind(i64::from(obligatoria))
    .bind(dias_limite)
    .bind(&now)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await
    .expect("requirement");
    aula::plans::requirement_changed(&mut tx, id, None, &now)
        .await
        .expect("plan upkeep");
    tx.commit().await.expect("commit");
    id
}

/// Disables a seeded requirement the way B does (event first, then the plan upkeep that
/// records who it reached); answers how many active employees it reached.
pub async fn disable_requirement(s: &TestServer, id: i64) -> (i64, i64) {
    let now = s.state().now_iso();
    let mut tx = s.state().db.begin().await.expect("tx");
    sqlx::query(
        "UPDATE plan_requerimientos SET habilitado = 0, actualizado = ? WHERE id_requerimiento = ?",
    )
    .bind(&now)
    .bind(id)
    .execute(&mut *tx)
    .await
    .expect("disable");
    let ev: i64 = sqlx::query_scalar(
        "INSERT INTO plan_requerimientos_eventos (id_requerimiento, accion, fecha, motivo)
         VALUES (?, 'deshabilitar', ?, 'Prueba') RETURNING id_evento",
    )
    .bind(id)
    .bind(&now)
    .fetch_one(&mut *tx)
    .await
    .expect("event");
    let n = aula::plans::requirement_changed(&mut tx, id, Some(ev), &now)
        .await
        .expect("plan upkeep");
    tx.commit().await.expect("commit");
    (ev, n)
}

/// An employee's live plan, by topic.
pub async fn live_plan(
    s: &TestServer,
    cve: i64,
) -> std::collections::BTreeMap<i64, aula::plans::PlanEntry> {
    let mut conn = s.state().db.read.acquire().await.expect("conn");
    let Some(p) = aula::plans::placement(&mut conn, cve)
        .await
        .expect("placement")
    else {
        return Default::default();
    };
    aula::plans::plan_topics(&mut conn, &p)
        .await
        .expect("plan")
        .into_iter()
        .map(|e| (e.cve_tema, e))
        .collect()
}

/// The employees whose cached plan holds a topic.
pub async fn cached_holders(s: &TestServer, tema: i64) -> std::collections::BTreeSet<i64> {
    sqlx::query_scalar::<_, i64>("SELECT cve_empleado FROM plan_empleados_temas WHERE cve_tema = ?")
        .bind(tema)
        .fetch_all(&s.state().db.read)
        .await
        .expect("holders")
        .into_iter()
        .collect()
}

/// Fails with the differences when the cache and the live derivation disagree.
pub async fn assert_cache_agrees(s: &TestServer) {
    let mut conn = s.state().db.read.acquire().await.expect("conn");
    let m = aula::plans::cache_mismatches(&mut conn)
        .await
        .expect("compare");
    assert!(m.is_empty(), "cache differs from the live plan: {m:?}");
}

/// An employee row: cve_empleado, n2..n7, cve_puesto, cve_planta.
type PlacementRow = (
    i64,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

/// Active employees and where they sit: (cve, [n2..n7], cve_puesto, cve_planta).
pub async fn active_placements(
    s: &TestServer,
) -> Vec<(i64, [Option<i64>; 6], Option<i64>, Option<i64>)> {
    let rows: Vec<PlacementRow> = sqlx::query_as(
        "SELECT cve_empleado, n2, n3, n4, n5, n6, n7, cve_puesto, cve_planta FROM empleados
             WHERE activo = 1 AND baja_logica = 0 ORDER BY cve_empleado",
    )
    .fetch_all(&s.state().db.read)
    .await
    .expect("placements");
    rows.into_iter()
        .map(|(c, n2, n3, n4, n5, n6, n7, p, pl)| (c, [n2, n3, n4, n5, n6, n7], p, pl))
        .collect()
}

/// A new course block with these topics; its id.
pub async fn block_with(s: &TestServer, token: &str, nombre: &str, temas: &[i64]) -> i64 {
    let datos = json!({"nombre_bloque": nombre, "id_tipo_bloque": 1, "precio": 0, "descripcion": "Bloque de prueba",
        "fecha_inicio": "2026-01-01", "fecha_fin": "2027-12-31", "capacidad_asistencia": 0,
        "video": "https://videos.example.mx/bloque"});
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/catalogos/bloques_cursos/crear_bloque",
            Some(token),
            datos_form(&datos, true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id_bloque"].as_i64().expect("id_bloque");
    set_block_topics(s, token, id, temas).await;
    id
}

/// Replaces a block's topics through the API.
pub async fn set_block_topics(s: &TestServer, token: &str, id: i64, temas: &[i64]) {
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/bloques_cursos/{id}/temas"),
            Some(token),
            Some(json!({"temas": temas})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}
