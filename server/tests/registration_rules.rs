//! Registration through an API key creates the structure nodes and positions it names
//! with the same rules as the structure screen: an invalid name is refused with the
//! screen's field error and nothing is stored.

use crate::common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn api_key(s: &TestServer) -> String {
    let admin = s.login(ADMIN).await;
    let a = s
        .post(
            "/api/pri/apis",
            Some(&admin),
            json!({"nombre": "Nómina externa"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["token"].as_str().unwrap().to_string()
}

fn registration(n5: &str, puesto: &str) -> Value {
    json!({
        "N2": "Industrial", "N3": "Contratistas", "N4": "Montajes y Mantenimiento del Norte", "N5": n5,
        "Puesto": puesto, "NumEmpleado": "C900777", "NombreEmpleado": "Lorena Quiroga Paz", "GENERO": "M",
        "EMP_MAIL": "lorena.quiroga@mmnorte.mx", "EMP_CURP": "QUPL900315MNLRZR02", "EMP_RFC": "QUPL900315KJ2",
        "FechaNacimiento": "1990-03-15", "Telefono": "8183334455", "JEFE": "-1", "Activo": "SI"
    })
}

async fn count(s: &TestServer, sql: &'static str, name: &str) -> i64 {
    sqlx::query_scalar(sql)
        .bind(name)
        .fetch_one(&s.state().db.read)
        .await
        .unwrap()
}

async fn nodes_named(s: &TestServer, name: &str) -> i64 {
    count(s, "SELECT COUNT(*) FROM estructura WHERE nombre = ?", name).await
}

async fn positions_named(s: &TestServer, name: &str) -> i64 {
    count(s, "SELECT COUNT(*) FROM puestos WHERE puesto = ?", name).await
}

async fn employees_numbered(s: &TestServer, num: &str) -> i64 {
    count(
        s,
        "SELECT COUNT(*) FROM empleados WHERE num_empleado = ?",
        num,
    )
    .await
}

#[tokio::test]
async fn an_api_registration_naming_a_new_valid_node_and_position_creates_both() {
    let s = TestServer::start().await;
    let key = api_key(&s).await;
    let a = s
        .post(
            "/api/pri/lms/empleados/alta",
            Some(&key),
            registration("Planta Apodaca", "Pailero"),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(nodes_named(&s, "Planta Apodaca").await, 1);
    assert_eq!(positions_named(&s, "Pailero").await, 1);
    assert_eq!(employees_numbered(&s, "C900777").await, 1);
}

#[tokio::test]
async fn an_api_registration_naming_an_invalid_node_gets_the_structure_screens_field_error() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let screen = s
        .post(
            "/api/pri/catalogos/estructura",
            Some(&admin),
            json!({"nivel": 2, "nombre": "<script>"}),
        )
        .await;
    assert_eq!(screen.status, StatusCode::BAD_REQUEST, "{:?}", screen.body);
    let key = api_key(&s).await;
    let a = s
        .post(
            "/api/pri/lms/empleados/alta",
            Some(&key),
            registration("<script>", "Pailero"),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.code(), screen.code());
    assert_eq!(a.body["fields"], screen.body["fields"]);
    assert_eq!(nodes_named(&s, "<script>").await, 0);
    assert_eq!(positions_named(&s, "Pailero").await, 0);
    assert_eq!(employees_numbered(&s, "C900777").await, 0);
}

#[tokio::test]
async fn an_api_registration_naming_an_invalid_position_gets_the_position_screens_field_error() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let screen = s
        .post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&admin),
            json!({"puesto": "Pailero <b>", "cve_estructura": 1}),
        )
        .await;
    assert_eq!(screen.status, StatusCode::BAD_REQUEST, "{:?}", screen.body);
    assert!(
        screen.body["fields"]["puesto"].is_string(),
        "{:?}",
        screen.body
    );
    let key = api_key(&s).await;
    let a = s
        .post(
            "/api/pri/lms/empleados/alta",
            Some(&key),
            registration("Planta Apodaca", "Pailero <b>"),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{:?}", a.body);
    assert_eq!(a.code(), screen.code());
    assert_eq!(a.body["fields"], screen.body["fields"]);
    assert_eq!(positions_named(&s, "Pailero <b>").await, 0);
    assert_eq!(
        nodes_named(&s, "Planta Apodaca").await,
        0,
        "the node created earlier in the same registration is rolled back"
    );
    assert_eq!(employees_numbered(&s, "C900777").await, 0);
}
