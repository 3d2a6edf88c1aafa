//! Self-registration and the lists its form reads (structure combos, positions, states).

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn combos(s: &TestServer, g: &str) -> (i64, i64, i64, i64) {
    let base = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos";
    let n2 = s.get(&format!("{base}/n2"), Some(g)).await.body;
    let industrial = n2
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "Industrial")
        .unwrap()["value"]
        .as_i64()
        .unwrap();
    let n3 = s
        .get(&format!("{base}/n3/{industrial}"), Some(g))
        .await
        .body;
    let corp = n3
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "Corporativo")
        .unwrap()["value"]
        .as_i64()
        .unwrap();
    let n4 = s
        .get(&format!("{base}/n4/{corp}?q=sierra"), Some(g))
        .await
        .body;
    assert_eq!(
        n4.as_array().unwrap().len(),
        1,
        "typeahead filters companies: {n4:?}"
    );
    let gism = n4[0]["value"].as_i64().unwrap();
    let none = s
        .get(&format!("{base}/n4/{corp}?q=zzzz"), Some(g))
        .await
        .body;
    assert!(none.as_array().unwrap().is_empty());
    let puestos = s
        .post(
            "/api/pri/catalogos/estructura_puestos/obtenerPuestos",
            Some(g),
            json!({"cve_area_manager": gism}),
        )
        .await
        .body;
    let puesto = puestos
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["puesto"] == "Operador de Línea de Ensamble")
        .unwrap()["cve_puesto"]
        .as_i64()
        .unwrap();
    (industrial, corp, gism, puesto)
}

fn payload(n2: i64, n3: i64, n4: i64, puesto: i64) -> Value {
    json!({
        "N2": n2, "N3": n3, "N4": n4, "cve_puesto": puesto, "NombreEmpleado": "Ximena Robles Ibarra",
        "GENERO": "M", "EMP_MAIL": "ximena.robles@correo.mx", "EMP_CURP": "ROIX950704MNLBBM08",
        "EMP_RFC": "ROIX950704AB1", "FechaNacimiento": "1995-07-04", "Telefono": "8187654321", "estado": 19
    })
}

#[tokio::test]
async fn self_registration_creates_a_participant_and_emails_the_account() {
    let s = TestServer::start().await;
    let g = s.generic().await;
    let (n2, n3, n4, puesto) = combos(&s, &g).await;
    // Disabled by default in a fresh configuration.
    let admin = s.login(ADMIN).await;
    s.call(
        Method::PUT,
        "/api/pri/cia",
        Some(&admin),
        Some(json!({"home_show_register_section": 0})),
    )
    .await;
    let a = s
        .post(
            "/api/pri/usuarios/registro",
            Some(&g),
            payload(n2, n3, n4, puesto),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    s.call(
        Method::PUT,
        "/api/pri/cia",
        Some(&admin),
        Some(json!({"home_show_register_section": 1})),
    )
    .await;

    let mut bad = payload(n2, n3, n4, puesto);
    bad["EMP_CURP"] = json!("ROIX950704");
    bad["EMP_RFC"] = json!("RO1");
    bad["Telefono"] = json!("81 8765");
    bad["GENERO"] = json!("X");
    bad["EMP_MAIL"] = json!("ximena");
    let a = s.post("/api/pri/usuarios/registro", Some(&g), bad).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    for f in ["EMP_CURP", "EMP_RFC", "Telefono", "GENERO", "EMP_MAIL"] {
        assert!(
            a.body["fields"][f].is_string(),
            "{f} not reported: {:?}",
            a.body
        );
    }
    let mut bad = payload(n2, n3, n4, puesto);
    bad["N4"] = json!(n2);
    assert_eq!(
        s.post("/api/pri/usuarios/registro", Some(&g), bad)
            .await
            .status,
        StatusCode::BAD_REQUEST
    );

    let before = s.outbox().len();
    let a = s
        .post(
            "/api/pri/usuarios/registro",
            Some(&g),
            payload(n2, n3, n4, puesto),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["resp"], "Excelente");
    assert!(a.body["num_empleado"].as_str().unwrap().starts_with("WEB-"));
    let mail = s.wait_mail("ximena.robles@correo.mx", before).await;
    let pw_line = mail
        .lines()
        .find(|l| l.contains("Contraseña temporal:"))
        .unwrap_or_else(|| panic!("password in the e-mail: {mail}"));
    let temp = pw_line
        .split("Contraseña temporal:")
        .nth(1)
        .unwrap()
        .trim()
        .trim_start_matches("<b>")
        .split('<')
        .next()
        .unwrap()
        .trim()
        .to_string();
    // First login asks for a new password, then the user is a Participante.
    let a = s.try_login("ROIX950704MNLBBM08", &temp).await;
    assert_eq!(a.body["resp"], "Cambio de credenciales", "{:?}", a.body);
    let restricted = a.body["jwt"].as_str().unwrap().to_string();
    let cve = a.body["cve_empleado"].as_i64().unwrap();
    let r = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&restricted),
            json!({"password": "Mia.Clave2026", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let t = s
        .login_with("ximena.robles@correo.mx", "Mia.Clave2026")
        .await;
    let me = s.me(&t).await;
    assert_eq!(me["perfil_sistema"], "Participante");
    assert_eq!(me["puesto"], "Operador de Línea de Ensamble");
    // The registration defaults: N6 and N7 are WEB.
    let (n6, n7): (String, String) = sqlx::query_as(
        "SELECT s6.nombre, s7.nombre FROM empleados e JOIN estructura s6 ON s6.cve_estructura = e.n6 JOIN estructura s7 ON s7.cve_estructura = e.n7 WHERE e.cve_empleado = ?",
    )
    .bind(cve)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!((n6.as_str(), n7.as_str()), ("WEB", "WEB"));
    // The same person cannot register twice.
    let a = s
        .post(
            "/api/pri/usuarios/registro",
            Some(&g),
            payload(n2, n3, n4, puesto),
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert_eq!(a.code(), "duplicado.curp");
}

#[tokio::test]
async fn the_position_list_of_a_company_includes_its_sub_levels() {
    let s = TestServer::start().await;
    let g = s.generic().await;
    let (_, _, gism, _) = combos(&s, &g).await;
    let puestos = s
        .post(
            "/api/pri/catalogos/estructura_puestos/obtenerPuestos",
            Some(&g),
            json!({"cve_area_manager": gism}),
        )
        .await;
    assert!(
        puestos.body.as_array().unwrap().len() >= 45,
        "{}",
        puestos.body
    );
    let estados = s.get("/api/pri/catalogos/estados", Some(&g)).await;
    assert_eq!(estados.body[18]["estado"], "Nuevo León");
}
