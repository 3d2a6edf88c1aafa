//! Every registered route × every profile (plus no token and the generic token) against
//! the permission matrix, and the documented matrix against the database.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::Value;

/// The matrix as the API reports it: profile id → section keys.
async fn matrix(s: &TestServer, admin: &str) -> BTreeMap<i64, BTreeSet<String>> {
    let a = s
        .get("/api/pri/perfiles/secciones/perfiles", Some(admin))
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let keys: BTreeMap<i64, String> = a.body["secciones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["idseccion"].as_i64().unwrap(),
                r["clave"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut m: BTreeMap<i64, BTreeSet<String>> = BTreeMap::new();
    for p in a.body["perfiles"].as_array().unwrap() {
        m.insert(p["idperfil"].as_i64().unwrap(), BTreeSet::new());
    }
    for link in a.body["perfiles_secciones"].as_array().unwrap() {
        let key = keys[&link["idseccion"].as_i64().unwrap()].clone();
        m.entry(link["idperfil"].as_i64().unwrap())
            .or_default()
            .insert(key);
    }
    m
}

#[tokio::test]
async fn every_route_enforces_its_declared_rule_for_every_profile() {
    let s = TestServer::start().await;
    let doc = s.get("/api/docs/openapi.json", None).await;
    assert_eq!(doc.status, StatusCode::OK);
    let mut tokens: Vec<(i64, String)> = Vec::new();
    for (id, login) in PROFILES {
        tokens.push((*id, s.login(login).await));
    }
    let m = matrix(&s, &tokens[0].1).await;
    let generic = s.generic().await;
    let mut checked = 0;
    let mut undeclared = Vec::new();
    for (path, item) in doc.body["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let Some(rule) = op.get("x-aula-seccion").and_then(Value::as_str) else {
                undeclared.push(format!("{method} {path}"));
                continue;
            };
            // Path parameters get a value that fails only after the permission check,
            // and bodies are malformed, so no call changes anything.
            let concrete: String = path
                .split('/')
                .map(|seg| if seg.starts_with('{') { "x" } else { seg })
                .collect::<Vec<_>>()
                .join("/");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let call = |token: Option<String>| {
                let mut req = s
                    .http
                    .request(method.clone(), format!("{}{}", s.base, concrete));
                if let Some(t) = token {
                    req = req.bearer_auth(t);
                }
                if method != Method::GET && method != Method::DELETE {
                    req = req.header("content-type", "application/json").body("{");
                }
                async move { TestServer::answer(req.send().await.unwrap()).await }
            };
            let anon = call(None).await;
            let with_generic = call(Some(generic.clone())).await;
            match rule {
                "anonimo" => {
                    assert!(
                        anon.status != StatusCode::UNAUTHORIZED
                            && anon.status != StatusCode::FORBIDDEN,
                        "{method} {path} anonymous: {}",
                        anon.status
                    );
                }
                _ => assert_eq!(
                    anon.status,
                    StatusCode::UNAUTHORIZED,
                    "{method} {path} without token"
                ),
            }
            let generic_allowed = matches!(rule, "anonimo" | "publico");
            assert_eq!(
                with_generic.status != StatusCode::UNAUTHORIZED
                    && with_generic.status != StatusCode::FORBIDDEN,
                generic_allowed,
                "{method} {path} with the generic token: {} {:?}",
                with_generic.status,
                with_generic.body
            );
            for (id, token) in &tokens {
                let a = call(Some(token.clone())).await;
                let allowed = match rule {
                    "anonimo" | "publico" | "sesion" => true,
                    "api_key" => false,
                    "restablecer" => m[id].contains("configuracion.restablecer_contrasena"),
                    r => {
                        let key = r.strip_prefix("seccion:").expect("known rule");
                        m[id].contains(key)
                    }
                };
                if allowed {
                    assert!(
                        a.status != StatusCode::UNAUTHORIZED && a.status != StatusCode::FORBIDDEN,
                        "{method} {path} ({rule}) should be allowed for profile {id}: {} {:?}",
                        a.status,
                        a.body
                    );
                } else if rule == "api_key" {
                    assert_eq!(
                        a.status,
                        StatusCode::UNAUTHORIZED,
                        "{method} {path} with a session token"
                    );
                } else {
                    assert_eq!(
                        a.status,
                        StatusCode::FORBIDDEN,
                        "{method} {path} ({rule}) should be refused for profile {id}: {:?}",
                        a.body
                    );
                    assert_eq!(a.code(), "auth.sin_permiso");
                }
                checked += 1;
            }
        }
    }
    assert!(
        undeclared.is_empty(),
        "routes without a permission rule: {undeclared:?}"
    );
    assert!(
        checked >= 8 * 25,
        "only {checked} route × profile checks ran"
    );
}

#[tokio::test]
async fn the_documented_matrix_equals_the_seeded_one() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let m = matrix(&s, &admin).await;
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/permisos.md"))
        .unwrap();
    let mut documented: BTreeMap<i64, BTreeSet<String>> = BTreeMap::new();
    let mut rows = 0;
    for line in doc.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 12 {
            continue;
        }
        let key = cells[1].trim_matches('`').to_string();
        for (i, cell) in cells[3..11].iter().enumerate() {
            if *cell == "✔" {
                documented
                    .entry(i as i64 + 1)
                    .or_default()
                    .insert(key.clone());
            }
        }
        rows += 1;
    }
    assert!(rows >= 60, "the doc lists {rows} sections");
    for id in 1..=8 {
        assert_eq!(
            documented.get(&id).cloned().unwrap_or_default(),
            m[&id],
            "profile {id}"
        );
    }
}

#[tokio::test]
async fn menus_differ_by_profile_as_the_matrix_says() {
    let s = TestServer::start().await;
    let admin = s.me(&s.login(ADMIN).await).await;
    let part = s.me(&s.login(PARTICIPANTE).await).await;
    let has = |u: &Value, k: &str| u["secciones"].as_array().unwrap().iter().any(|x| x == k);
    assert!(has(&admin, "catalogos.empleados") && !has(&part, "catalogos.empleados"));
    assert!(
        has(&part, "plan.mi_plan")
            && has(&part, "tienda.carrito")
            && !has(&admin, "tienda.carrito")
    );
    assert!(
        admin["permisos"]["nomseccion1"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "Configuración")
    );
    assert!(
        !part["permisos"]["nomseccion1"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "Configuración")
    );
}
