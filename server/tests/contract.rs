//! The contract the web app is generated from: the OpenAPI document carries every
//! declared field limit and the whole error-code list, its published patterns accept
//! what the server accepts, and the web's committed copy is the current document.

use crate::common;

use std::path::PathBuf;

use aula::contract::{self, LIMITS};
use common::*;
use reqwest::StatusCode;
use serde_json::Value;

const REGENERATE: &str = "cd web && npm run gen:api   (or AULA_BIN=<path to aula> npm run gen:api)";

async fn served_document(s: &TestServer) -> Value {
    let a = s.get("/api/docs/openapi.json", None).await;
    assert_eq!(a.status, StatusCode::OK, "the document is served");
    a.body
}

/// A field's schema.
fn property<'a>(doc: &'a Value, schema: &str, field: &str) -> &'a Value {
    doc.pointer(&format!("/components/schemas/{schema}/properties/{field}"))
        .unwrap_or(&Value::Null)
}

#[tokio::test]
async fn every_declared_limit_names_a_field_the_document_has() {
    let s = TestServer::start().await;
    let mut doc =
        serde_json::to_value(aula::app::openapi(s.state())).expect("the document serializes");
    let unplaced = contract::publish(&mut doc);
    assert!(
        unplaced.is_empty(),
        "these limits name a schema or field the OpenAPI document does not have \
         (was a request type or field renamed? update server/src/contract.rs): {unplaced:#?}"
    );
}

#[tokio::test]
async fn the_served_document_carries_the_limits_and_the_error_codes() {
    let s = TestServer::start().await;
    let doc = served_document(&s).await;
    assert_eq!(
        property(&doc, "TemaForm", "nombre_tema")["maxLength"],
        contract::TEMA_NOMBRE_MAX
    );
    assert_eq!(
        property(&doc, "Actividad", "titulo")["maxLength"],
        contract::ACTIVIDAD_TITULO_MAX
    );
    assert_eq!(
        property(&doc, "GrupoForm", "nombre")["pattern"],
        contract::NAME_PATTERN
    );
    assert_eq!(property(&doc, "TemaForm", "horas_sesion")["minimum"], 0.5);
    for l in LIMITS {
        let p = property(&doc, l.schema, l.field);
        assert!(
            p.is_object(),
            "{}.{} is in the served document",
            l.schema,
            l.field
        );
    }
    let codes: Vec<&str> = doc
        .pointer("/components/schemas/ErrorBody/properties/code/enum")
        .and_then(Value::as_array)
        .expect("ErrorBody.code lists the codes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(codes, contract::error_codes());
    assert!(codes.contains(&"auth.credenciales_invalidas"));
    assert!(codes.len() > 100, "the whole catalogue, not a sample");
}

#[tokio::test]
async fn the_web_copy_of_the_document_is_the_current_one() {
    let s = TestServer::start().await;
    let live = served_document(&s).await;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../web/src/lib/api/openapi.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; regenerate it: {REGENERATE}",
            path.display()
        )
    });
    let committed: Value = serde_json::from_str(&text).expect("the committed document is JSON");
    if committed != live {
        let schemas = |d: &Value| {
            d.pointer("/components/schemas")
                .and_then(Value::as_object)
                .map(|m| m.keys().cloned().collect::<Vec<_>>())
                .unwrap_or_default()
        };
        let paths = |d: &Value| {
            d.get("paths")
                .and_then(Value::as_object)
                .map(|m| m.keys().cloned().collect::<Vec<_>>())
                .unwrap_or_default()
        };
        let (ls, cs) = (schemas(&live), schemas(&committed));
        let (lp, cp) = (paths(&live), paths(&committed));
        panic!(
            "web/src/lib/api/openapi.json is stale: the web's types and limits no longer match \
             the server. Regenerate and commit it: {REGENERATE}\n\
             schemas only in the server: {:?}\nschemas only in the web copy: {:?}\n\
             paths only in the server: {:?}\npaths only in the web copy: {:?}",
            ls.iter().filter(|k| !cs.contains(k)).collect::<Vec<_>>(),
            cs.iter().filter(|k| !ls.contains(k)).collect::<Vec<_>>(),
            lp.iter().filter(|k| !cp.contains(k)).collect::<Vec<_>>(),
            cp.iter().filter(|k| !lp.contains(k)).collect::<Vec<_>>(),
        );
    }
}

fn matches(pattern: &str, s: &str) -> bool {
    regex::Regex::new(pattern)
        .unwrap_or_else(|e| panic!("{pattern} compiles: {e}"))
        .is_match(s)
}

#[test]
fn published_patterns_accept_exactly_what_the_server_accepts() {
    use aula::validate;
    let names = [
        "Planta Norte",
        "José Núñez",
        "Área 51 (B)",
        "Seguridad #2 / 3°",
        "O'Brien & Hijos, S.A.",
        "Curso: básico",
        "a;b",
        "50%",
        "<script>",
        "línea_1",
        "",
    ];
    for n in names {
        assert_eq!(
            matches(contract::NAME_PATTERN, n),
            validate::is_alphanumeric_text(n),
            "NAME_PATTERN and is_alphanumeric_text agree on {n:?}"
        );
    }
    for c in [
        "GOML850312HNLRPS09",
        "GOML850312HNLRPS0",
        "GOML851312HNLRPS09",
        "goml850312hnlrps09",
    ] {
        assert_eq!(
            matches(contract::CURP_PATTERN, c) && c.len() == contract::CURP_LEN,
            validate::is_curp(c),
            "{c}"
        );
    }
    for r in ["GOML850312AB1", "ABC850312AB1", "GOML8503", "ÑAB850312AB1"] {
        let n = r.chars().count();
        assert_eq!(
            matches(contract::RFC_PATTERN, r)
                && (contract::RFC_MIN..=contract::RFC_MAX).contains(&n),
            validate::is_rfc(r),
            "{r}"
        );
    }
    for e in [
        "ana.lopez@empresa.com.mx",
        "ana@empresa",
        "a b@c.mx",
        "x+y@dominio.org",
    ] {
        assert_eq!(
            matches(contract::EMAIL_PATTERN, e),
            validate::is_email(e),
            "{e}"
        );
    }
    for p in ["8112345678", "81-1234-5678", "1234567", "1234567890123456"] {
        assert_eq!(
            matches(contract::PHONE_PATTERN, p),
            validate::is_phone(p),
            "{p}"
        );
    }
}

/// Two schemas of one name would be one in the document (the last merged wins), so a
/// client generated from it would get the other domain's shape.
#[test]
fn every_schema_name_is_used_once() {
    let derive = regex::Regex::new(
        r"#\[derive\([^\]]*ToSchema[^\]]*\)\]((?:\s*#\[[^\]]*\])*)\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum)\s+(\w+)",
    )
    .expect("regex");
    let alias = regex::Regex::new(r"schema\(as\s*=\s*(?:\w+::)*(\w+)").expect("regex");
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                for c in derive.captures_iter(&text) {
                    let name = alias
                        .captures(&c[1])
                        .map_or_else(|| c[2].to_string(), |a| a[1].to_string());
                    seen.entry(name)
                        .or_default()
                        .push(path.display().to_string());
                }
            }
        }
    }
    assert!(seen.len() > 100, "the scan found {} schemas", seen.len());
    let repeated: Vec<_> = seen.iter().filter(|(_, places)| places.len() > 1).collect();
    assert!(
        repeated.is_empty(),
        "schema names used twice (give one `#[schema(as = OtherName)]`): {repeated:?}"
    );
}

/// Handlers of two domains with the same function name get the same `operationId`; a
/// client generator refuses such a document (and the web's would not regenerate).
#[tokio::test]
async fn every_operation_id_is_unique() {
    let s = TestServer::start().await;
    let doc = served_document(&s).await;
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            if let Some(id) = op["operationId"].as_str() {
                seen.entry(id.to_string())
                    .or_default()
                    .push(format!("{method} {path}"));
            }
        }
    }
    assert!(
        seen.len() > 100,
        "the document has {} operations",
        seen.len()
    );
    let repeated: Vec<_> = seen.iter().filter(|(_, at)| at.len() > 1).collect();
    assert!(
        repeated.is_empty(),
        "operationIds used more than once: {repeated:?}"
    );
}
