//! Block assignment (issue 11, package B): a block needs topics, a block with capacity takes
//! a list only while it is smaller than the free seats (positions count their people),
//! assigning a block puts every one of its topics in the plan, and the training-by-blocks
//! table shows each person's progress.

use crate::common;
use crate::plans_support;

use common::*;
use plans_support::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const ASIG: &str = "/api/pri/catalogos/asignacion_bloques";

async fn new_block(s: &TestServer, t: &str, nombre: &str, capacidad: i64) -> i64 {
    let datos = json!({"nombre_bloque": nombre, "id_tipo_bloque": 1, "precio": 0, "descripcion": "Ruta",
        "fecha_inicio": "2026-12-01", "fecha_fin": "2027-01-31", "capacidad_asistencia": capacidad,
        "video": "https://videos.example.mx/ruta"});
    let r = s
        .send_form(
            Method::POST,
            "/api/pri/catalogos/bloques_cursos/crear_bloque",
            Some(t),
            datos_form(&datos, true),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["id_bloque"].as_i64().expect("id_bloque")
}

async fn set_topics(s: &TestServer, t: &str, id: i64, temas: &[i64]) {
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/bloques_cursos/{id}/temas"),
            Some(t),
            Some(json!({ "temas": temas })),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

async fn active_employees(s: &TestServer, n: i64) -> Vec<i64> {
    sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 ORDER BY cve_empleado LIMIT ?",
    )
    .bind(n)
    .fetch_all(&s.state().db.read)
    .await
    .expect("employees")
}

async fn requirement_count(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM plan_requerimientos")
        .fetch_one(&s.state().db.read)
        .await
        .expect("count")
}

async fn assign(s: &TestServer, t: &str, id: i64, body: Value) -> Answer {
    s.post(&format!("{ASIG}/{id}/asignar"), Some(t), body).await
}

#[tokio::test]
async fn a_block_without_topics_cannot_be_assigned() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let id = new_block(&s, &t, "Ruta sin temas", 0).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let before = requirement_count(&s).await;
    let r = assign(
        &s,
        &t,
        id,
        json!({"tipo_asignacion": "empleados", "empleados": [p]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{:?}", r.body);
    assert_eq!(
        r.resp(),
        "Debe asignar temas al bloque para poder inscribir personal"
    );
    assert_eq!(before, requirement_count(&s).await);
    let r = assign(
        &s,
        &t,
        987_654,
        json!({"tipo_asignacion": "empleados", "empleados": [p]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_list_must_be_smaller_than_the_free_seats() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = topic(&s, &t, "BLQ-A", 12, "conocimiento", 1).await;
    let id = new_block(&s, &t, "Ruta de cinco", 5).await;
    set_topics(&s, &t, id, &[a]).await;
    let e = active_employees(&s, 6).await;

    let r = assign(
        &s,
        &t,
        id,
        json!({"tipo_asignacion": "empleados", "empleados": [e[0], e[1]]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["empleados_alcanzados"], 2);
    assert_eq!(r.body["lugares_libres"], 3);
    let cupo = s.get(&format!("{ASIG}/{id}/cupo"), Some(&t)).await;
    assert_eq!(
        cupo.body,
        json!({"capacidad_asistencia": 5, "total_asistentes": 2, "libres": 3})
    );

    let before = requirement_count(&s).await;
    let r = assign(
        &s,
        &t,
        id,
        json!({"tipo_asignacion": "empleados", "empleados": [e[2], e[3], e[4]]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    assert_eq!(r.code(), "plan.sin_lugares");
    assert!(r.resp().contains('3'), "{}", r.resp());
    assert_eq!(before, requirement_count(&s).await);

    let r = assign(
        &s,
        &t,
        id,
        json!({"tipo_asignacion": "empleados", "empleados": [e[2], e[3]]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["lugares_libres"], 1);

    // The same block for the same employee again is a 409 naming the assignment.
    let r = assign(
        &s,
        &t,
        id,
        json!({"tipo_asignacion": "empleados", "empleados": [e[0]]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{:?}", r.body);
    assert_eq!(r.code(), "plan.bloque_duplicado");
}

#[tokio::test]
async fn positions_count_their_people_against_the_seats() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = topic(&s, &t, "BLQ-P", 12, "conocimiento", 1).await;
    let (_, _, _, _, puesto) = s.org_of(PARTICIPANTE).await;
    let k: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM empleados WHERE cve_puesto = ? AND activo = 1 AND baja_logica = 0",
    )
    .bind(puesto)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    assert!(k >= 1);
    let tight = new_block(&s, &t, "Ruta justa", k).await;
    set_topics(&s, &t, tight, &[a]).await;
    let r = assign(
        &s,
        &t,
        tight,
        json!({"tipo_asignacion": "puestos", "puestos": [puesto]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    let roomy = new_block(&s, &t, "Ruta holgada", k + 1).await;
    set_topics(&s, &t, roomy, &[a]).await;
    let r = assign(
        &s,
        &t,
        roomy,
        json!({"tipo_asignacion": "puestos", "puestos": [puesto]}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["empleados_alcanzados"], k);
    assert_eq!(r.body["lugares_libres"], 1);
}

#[tokio::test]
async fn assigning_a_block_puts_every_topic_in_the_plan_and_the_history_shows_progress() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let a = topic(&s, &t, "BLQ-1", 12, "conocimiento", 1).await;
    let b = topic(&s, &t, "BLQ-2", 12, "conocimiento", 1).await;
    let id = new_block(&s, &t, "Ruta completa", 0).await;
    set_topics(&s, &t, id, &[a, b]).await;
    let p = s.cve_of(PARTICIPANTE).await;
    let r = assign(
        &s,
        &t,
        id,
        json!({"tipo_asignacion": "empleados", "empleados": [p], "obligatoria": true}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cupo = s.get(&format!("{ASIG}/{id}/cupo"), Some(&t)).await;
    assert_eq!(cupo.body["libres"], Value::Null, "0 seats = unlimited");

    let in_plan: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_empleados_temas WHERE cve_empleado = ? AND cve_tema IN (?, ?)",
    )
    .bind(p)
    .bind(a)
    .bind(b)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    assert_eq!(in_plan, 2);

    // The consult table of the block program lists the assignment.
    let tabla = s
        .post(&format!("{ASIG}/tabla"), Some(&t), json!({"cantPP": 100}))
        .await;
    assert_eq!(tabla.status, StatusCode::OK, "{:?}", tabla.body);
    assert!(
        rows(&tabla)
            .iter()
            .any(|r| r["nombre_bloque"] == "Ruta completa" && r["destino_tipo"] == "empleado")
    );

    let history = |token: String| {
        let s = &s;
        async move {
            let r = s
                .post(
                    "/api/pri/plan_capacitacion/historial_capacitacion_bloques/tabla",
                    Some(&token),
                    json!({"cantPP": 100}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
            rows(&r)
                .iter()
                .find(|r| r["nombre_bloque"] == "Ruta completa")
                .cloned()
        }
    };
    let row = history(t.clone()).await.expect("row");
    assert_eq!(row["total_temas"], 2);
    assert_eq!(row["acreditados"], 0);
    assert_eq!(row["estatus"], "0");

    let r = accredit(
        &s,
        &t,
        p,
        json!({"cve_tema": a, "fecha": days_ago(&s, 3), "calificacion": 95, "motivo": "Constancia"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let row = history(t.clone()).await.expect("row");
    assert_eq!(row["acreditados"], 1);
    assert_eq!(row["porcentaje_avance"], 50.0);
    assert_eq!(row["estatus"], "0");
}
