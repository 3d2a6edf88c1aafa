//! Org structure maintenance: structure nodes N2–N7, positions ('crear puesto', name
//! unique per structure), plants, and the registration combos reading the same tables.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

const COMBOS: &str = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos/por_estructuras/combos";

#[tokio::test]
async fn structure_nodes_are_created_under_the_level_above_with_unique_names() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let n2 = s
        .post(
            "/api/pri/catalogos/estructura",
            Some(&t),
            json!({"nivel": 2, "nombre": "Energía"}),
        )
        .await;
    assert_eq!(n2.status, StatusCode::OK, "{:?}", n2.body);
    let n2 = n2.body["cve_estructura"].as_i64().unwrap();
    let n3 = s
        .post(
            "/api/pri/catalogos/estructura",
            Some(&t),
            json!({"nivel": 3, "nombre": "Corporativo", "cve_padre": n2}),
        )
        .await;
    let n3 = n3.body["cve_estructura"].as_i64().unwrap();
    let n4 = s
        .post(
            "/api/pri/catalogos/estructura",
            Some(&t),
            json!({"nivel": 4, "nombre": "Solar del Norte", "cve_padre": n3}),
        )
        .await;
    assert_eq!(n4.status, StatusCode::OK);
    // The same name under the same parent is a duplicate; under another parent it is fine.
    let dup = s
        .post(
            "/api/pri/catalogos/estructura",
            Some(&t),
            json!({"nivel": 3, "nombre": "Corporativo", "cve_padre": n2}),
        )
        .await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    assert_eq!(dup.code(), "duplicado.estructura");
    // Levels must chain: N4 under an N2, or an N3 without parent, are refused.
    for bad in [
        json!({"nivel": 4, "nombre": "X", "cve_padre": n2}),
        json!({"nivel": 3, "nombre": "X"}),
        json!({"nivel": 8, "nombre": "X"}),
        json!({"nivel": 2, "nombre": "<script>"}),
    ] {
        assert_eq!(
            s.post("/api/pri/catalogos/estructura", Some(&t), bad.clone())
                .await
                .status,
            StatusCode::BAD_REQUEST,
            "{bad}"
        );
    }
    // The registration combos read the same tables.
    let g = s.generic().await;
    let combo = s.get(&format!("{COMBOS}/n4/{n3}"), Some(&g)).await;
    assert_eq!(combo.body[0]["label"], "Solar del Norte");
    // Renaming and deactivating.
    let up = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/estructura/{n3}"),
            Some(&t),
            Some(json!({"nombre": "Corporativo Energía", "activo": 0})),
        )
        .await;
    assert_eq!(up.status, StatusCode::OK);
    assert!(
        s.get(&format!("{COMBOS}/n3/{n2}"), Some(&g))
            .await
            .body
            .as_array()
            .unwrap()
            .is_empty(),
        "inactive nodes leave the combos"
    );
    let table = s
        .post(
            "/api/pri/catalogos/estructura/tabla",
            Some(&t),
            json!({"columns_with_selects": [{"nomfield": "nivel", "input": "2"}], "cantPP": 100}),
        )
        .await;
    assert!(
        table.body["result"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["nombre"] == "Energía")
    );
}

#[tokio::test]
async fn positions_are_unique_per_structure() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let nodes = s
        .post(
            "/api/pri/catalogos/estructura/tabla",
            Some(&t),
            json!({"columns_with_selects": [{"nomfield": "nivel", "input": "7"}], "cantPP": 100}),
        )
        .await;
    let rows = nodes.body["result"].as_array().unwrap();
    let (a, b) = (
        rows[0]["cve_estructura"].as_i64().unwrap(),
        rows[1]["cve_estructura"].as_i64().unwrap(),
    );
    let p = s.post("/api/pri/catalogos/estructura_puestos/crear", Some(&t), json!({"puesto": "Operador de Grúa Viajera", "cve_estructura": a, "descripcion": "Opera grúas de 10 t"})).await;
    assert_eq!(p.status, StatusCode::OK, "{:?}", p.body);
    let id = p.body["cve_puesto"].as_i64().unwrap();
    let dup = s
        .post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&t),
            json!({"puesto": "Operador de Grúa Viajera", "cve_estructura": a}),
        )
        .await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    assert_eq!(dup.code(), "duplicado.puesto");
    let other = s
        .post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&t),
            json!({"puesto": "Operador de Grúa Viajera", "cve_estructura": b}),
        )
        .await;
    assert_eq!(
        other.status,
        StatusCode::OK,
        "same name in another structure"
    );
    let missing = s
        .post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&t),
            json!({"puesto": "Nuevo", "cve_estructura": 999999}),
        )
        .await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    let up = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/estructura_puestos/{id}"),
            Some(&t),
            Some(json!({"puesto": "Operador de Grúa", "activo": 1})),
        )
        .await;
    assert_eq!(up.body["puesto"], "Operador de Grúa");
    let table = s
        .post(
            "/api/pri/catalogos/estructura_puestos",
            Some(&t),
            json!({"columns_with_selects": [{"nomfield": "puesto", "input": "Operador de Grúa"}]}),
        )
        .await;
    assert_eq!(table.body["pages"]["cantidad_registros"], 2);
    // A Participante cannot maintain positions.
    let p = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&p),
            json!({"puesto": "X", "cve_estructura": a})
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_plant_belongs_to_a_company_in_a_real_state_and_its_name_is_unique() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let g = s.generic().await;
    let n2 = s.get(&format!("{COMBOS}/n2"), Some(&g)).await.body[0]["value"]
        .as_i64()
        .unwrap();
    let n3 = s.get(&format!("{COMBOS}/n3/{n2}"), Some(&g)).await.body[0]["value"]
        .as_i64()
        .unwrap();
    let n4 = s.get(&format!("{COMBOS}/n4/{n3}"), Some(&g)).await.body[0]["value"]
        .as_i64()
        .unwrap();
    let a = s.post("/api/pri/catalogos/plantas", Some(&t), json!({"nombre": "Planta Apodaca", "cve_n4": n4, "cve_estado": 19, "ciudad": "Apodaca"})).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let dup = s
        .post(
            "/api/pri/catalogos/plantas",
            Some(&t),
            json!({"nombre": "Planta Apodaca", "cve_n4": n4, "cve_estado": 19}),
        )
        .await;
    assert_eq!(dup.code(), "duplicado.planta");
    assert_eq!(
        s.post(
            "/api/pri/catalogos/plantas",
            Some(&t),
            json!({"nombre": "Planta X", "cve_n4": n3, "cve_estado": 19})
        )
        .await
        .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        s.post(
            "/api/pri/catalogos/plantas",
            Some(&t),
            json!({"nombre": "Planta X", "cve_n4": n4, "cve_estado": 99})
        )
        .await
        .status,
        StatusCode::BAD_REQUEST
    );
    // The same plant under a company and in a real state is created.
    let a = s
        .post(
            "/api/pri/catalogos/plantas",
            Some(&t),
            json!({"nombre": "Planta X", "cve_n4": n4, "cve_estado": 19}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let table = s
        .post(
            "/api/pri/catalogos/plantas/tabla",
            Some(&t),
            json!({"columns_with_selects": [{"nomfield": "ciudad", "input": "Apodaca"}]}),
        )
        .await;
    assert_eq!(table.body["pages"]["cantidad_registros"], 1);
    let tipos = s.get("/api/pri/catalogos/tipos_poblacion", Some(&t)).await;
    assert_eq!(tipos.body.as_array().unwrap().len(), 5);
}

#[tokio::test]
async fn the_stps_catalogues_are_shipped() {
    let s = TestServer::start().await;
    let t = s.login(INSTRUCTOR).await;
    let areas = s.get("/api/pri/catalogos/areas_tematicas", Some(&t)).await;
    let areas = areas.body.as_array().unwrap();
    assert_eq!(areas.len(), 9);
    assert_eq!(areas[0]["cve_area"], 1000);
    assert_eq!(areas[0]["nombre"], "Producción general");
    assert_eq!(areas[8]["nombre"], "Participación social");
    let occ = s.get("/api/pri/catalogos/ocupaciones", Some(&t)).await;
    let occ = occ.body.as_array().unwrap();
    assert_eq!(occ.len(), 11);
    assert_eq!(occ[0]["clave"], "01");
    assert_eq!(occ[3]["nombre"], "Tecnología");
    assert!(
        occ[3]["subareas"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["nombre"] == "Electricidad")
    );
    let g = s.generic().await;
    assert_eq!(
        s.get("/api/pri/catalogos/areas_tematicas", Some(&g))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}
