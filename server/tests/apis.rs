//! API keys: created, listed without the key, used for `lms/empleados/alta` and revoked.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn api_keys_are_created_listed_used_and_revoked() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    // The key may create contractors (issue 10: keys carry an allow-list of profiles).
    let a = s
        .post(
            "/api/pri/apis",
            Some(&admin),
            json!({"nombre": "SAP SuccessFactors", "perfiles": ["Contratista"]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let key = a.body["token"].as_str().unwrap().to_string();
    let id = a.body["id"].as_i64().unwrap();
    let dup = s
        .post(
            "/api/pri/apis",
            Some(&admin),
            json!({"nombre": "SAP SuccessFactors"}),
        )
        .await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    let list = s.get("/api/pri/apis", Some(&admin)).await;
    let entry = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == id)
        .unwrap()
        .clone();
    assert!(key.starts_with(entry["prefijo"].as_str().unwrap()));
    assert!(
        !list.bytes.windows(key.len()).any(|w| w == key.as_bytes()),
        "the key itself is never listed"
    );
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM apis WHERE id = ?")
        .bind(id)
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_ne!(stored, key);

    let body = json!({
        "N2": "Industrial", "N3": "Contratistas", "N4": "Montajes y Mantenimiento del Norte", "N5": "Operación en sitio",
        "Puesto": "Soldador", "NumEmpleado": "C900001", "NombreEmpleado": "Rogelio Barrera Solís", "GENERO": "H",
        "EMP_MAIL": "rogelio.barrera@mmnorte.mx", "EMP_CURP": "BASR880213HNLRLG05", "EMP_RFC": "BASR880213QW1",
        "FechaNacimiento": "1988-02-13", "Telefono": "8181112233", "Perfiles": "Contratista", "JEFE": "-1",
        "FechaIngreso": "2026-11-01", "Activo": "SI"
    });
    let a = s
        .post("/api/pri/lms/empleados/alta", Some(&admin), body.clone())
        .await;
    assert_eq!(
        a.status,
        StatusCode::UNAUTHORIZED,
        "a session token is not an API key"
    );
    let a = s
        .post("/api/pri/lms/empleados/alta", Some(&key), body.clone())
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["num_empleado"], "C900001");
    let perfil: i64 =
        sqlx::query_scalar("SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ?")
            .bind(a.body["cve_empleado"].as_i64().unwrap())
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    assert_eq!(perfil, 4);
    let used = s.get("/api/pri/apis", Some(&admin)).await.body;
    assert!(
        used.as_array()
            .unwrap()
            .iter()
            .find(|e| e["id"] == id)
            .unwrap()["ultimo_uso"]
            .is_string()
    );

    let table = s
        .post(
            "/api/pri/apis/tabla",
            Some(&admin),
            json!({"page": 1, "cantPP": 10}),
        )
        .await;
    assert_eq!(table.body["pages"]["cantidad_registros"], 1);
    let a = s
        .call(
            Method::DELETE,
            &format!("/api/pri/apis/{id}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let mut again = body;
    again["EMP_CURP"] = json!("BASR880213HNLRLG13");
    let a = s
        .post("/api/pri/lms/empleados/alta", Some(&key), again)
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.api_key_invalida");
}
