//! The table engine through the employees list: paging, sorting, filters, views,
//! scope, favourites and exports.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

const EMPLEADOS: &str = "/api/pri/catalogos/empleados";

fn names(a: &Answer) -> Vec<String> {
    a.body["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nombre_empleado"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_table_answers_pages_sorted_and_counted() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let a = s
        .post(
            EMPLEADOS,
            Some(&t),
            json!({"page": 1, "cantPP": 20, "order": "nombre_empleado", "ordertype": "asc"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["pages"]["cantidad_registros"], 60);
    assert_eq!(a.body["pages"]["pages"], 3);
    let first = names(&a);
    assert_eq!(first.len(), 20);
    let mut sorted = first.clone();
    sorted.sort();
    assert_eq!(first, sorted);
    let last = s
        .post(
            EMPLEADOS,
            Some(&t),
            json!({"page": 3, "cantPP": 20, "order": "nombre_empleado", "ordertype": "asc"}),
        )
        .await;
    assert_eq!(names(&last).len(), 20);
    assert!(names(&last)[0] > first[19]);
    let desc = s
        .post(
            EMPLEADOS,
            Some(&t),
            json!({"page": 1, "cantPP": 10, "order": "nombre_empleado", "ordertype": "desc"}),
        )
        .await;
    assert!(names(&desc)[0] >= names(&last)[19]);
    // Defaults: page 1, 10 rows.
    let d = s.post(EMPLEADOS, Some(&t), json!({})).await;
    assert_eq!(names(&d).len(), 10);
    // Columns carry their filter type and select options.
    let cols = d.body["columns_with_selects"].as_array().unwrap();
    let puesto = cols.iter().find(|c| c["nomfield"] == "puesto").unwrap();
    assert_eq!(puesto["tipo"], "select");
    assert!(puesto["options"].as_array().unwrap().len() > 40);
    assert_eq!(
        cols.iter()
            .find(|c| c["nomfield"] == "nombre_empleado")
            .unwrap()["tipo"],
        "text"
    );
}

#[tokio::test]
async fn text_filters_apply_above_four_characters_and_ignore_accents() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let q = |input: &str| json!({"columns_with_selects": [{"column": "Nombre", "nomfield": "nombre_empleado", "input": input}], "cantPP": 100});
    let all = s.post(EMPLEADOS, Some(&t), q("")).await.body["pages"]["cantidad_registros"]
        .as_i64()
        .unwrap();
    let short = s.post(EMPLEADOS, Some(&t), q("Luis")).await.body["pages"]["cantidad_registros"]
        .as_i64()
        .unwrap();
    assert_eq!(short, all, "four characters do not filter yet");
    let a = s.post(EMPLEADOS, Some(&t), q("hernandez rodriguez")).await;
    let found = names(&a);
    assert!(
        found.contains(&"Luis Hernández Rodríguez".to_string()),
        "{found:?}"
    );
    assert!(found.iter().all(|n| n.contains("Hernández Rodríguez")));
    // LIKE wildcards in the input are literal.
    let a = s.post(EMPLEADOS, Some(&t), q("%%%%%")).await;
    assert_eq!(a.body["pages"]["cantidad_registros"], 0);
}

#[tokio::test]
async fn a_select_filter_matches_its_value_exactly() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let d = s.post(EMPLEADOS, Some(&t), json!({})).await;
    let empresa = d.body["columns_with_selects"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["nomfield"] == "n4")
        .unwrap()
        .clone();
    let mmn = empresa["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["label"] == "Montajes y Mantenimiento del Norte")
        .unwrap()["value"]
        .clone();
    let a = s
        .post(
            EMPLEADOS,
            Some(&t),
            json!({"cantPP": 100, "columns_with_selects": [{"nomfield": "n4", "input": mmn}]}),
        )
        .await;
    assert!(a.body["pages"]["cantidad_registros"].as_i64().unwrap() >= 2);
    assert!(
        a.body["result"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["n4"] == "Montajes y Mantenimiento del Norte")
    );
    let inactive = s
        .post(
            EMPLEADOS,
            Some(&t),
            json!({"columns_with_selects": [{"nomfield": "activo", "input": "0"}]}),
        )
        .await;
    assert_eq!(inactive.body["pages"]["cantidad_registros"], 0);
}

#[tokio::test]
async fn unknown_columns_and_bad_options_are_refused_without_sql_and_valid_ones_answered() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    for (body, code) in [
        (
            json!({"order": "password_hash"}),
            "tabla.columna_desconocida",
        ),
        (
            json!({"order": "nombre_empleado; DROP TABLE empleados"}),
            "tabla.columna_desconocida",
        ),
        (
            json!({"columns_with_selects": [{"nomfield": "1=1) OR (1", "input": "x"}]}),
            "tabla.columna_desconocida",
        ),
        (
            json!({"columns_with_selects": [{"nomfield": "sesion_activa", "input": "1"}]}),
            "tabla.columna_desconocida",
        ),
        (
            json!({"order": "nombre_empleado", "ordertype": "sideways"}),
            "tabla.orden",
        ),
        (json!({"cantPP": 15}), "tabla.cantidad_por_pagina"),
        (json!({"page": 0}), "tabla.pagina"),
        (json!({"filtersEXT": {"vista": "todo"}}), "tabla.filtro"),
        (
            json!({"columns_with_selects": [{"nomfield": "curp", "input": {"$gt": 1}}]}),
            "tabla.filtro",
        ),
    ] {
        let a = s.post(EMPLEADOS, Some(&t), body.clone()).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(a.code(), code, "{body}");
    }
    // The valid variant of each option is answered.
    for body in [
        json!({"order": "nombre_empleado"}),
        json!({"columns_with_selects": [{"nomfield": "curp", "input": "HERL"}]}),
        json!({"order": "nombre_empleado", "ordertype": "desc"}),
        json!({"cantPP": 20}),
        json!({"page": 2}),
    ] {
        let a = s.post(EMPLEADOS, Some(&t), body.clone()).await;
        assert_eq!(a.status, StatusCode::OK, "{body}: {:?}", a.body);
    }
    let a = s
        .post(EMPLEADOS, Some(&t), json!({"order": "password_hash"}))
        .await;
    assert!(
        a.resp().contains("password_hash"),
        "the message names the column: {}",
        a.resp()
    );
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM empleados")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_eq!(n, 60);
}

#[tokio::test]
async fn supervisors_see_only_their_team_and_participants_cannot_list() {
    let s = TestServer::start().await;
    let sup = s.login(SUPERVISOR).await;
    let me = s.me(&sup).await;
    let a = s.post(EMPLEADOS, Some(&sup), json!({"cantPP": 100})).await;
    assert_eq!(a.status, StatusCode::OK);
    let team = a.body["pages"]["cantidad_registros"].as_i64().unwrap();
    assert!(team > 0 && team < 60, "team of {team}");
    let direct: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM empleados WHERE cve_supervisor = ?")
        .bind(me["cve_empleado"].as_i64().unwrap())
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert!(team >= direct);
    let admin_cve: i64 =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE correo_empleado = ?")
            .bind(ADMIN)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let a = s.get(&format!("{EMPLEADOS}/{admin_cve}"), Some(&sup)).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    let member = s.post(EMPLEADOS, Some(&sup), json!({})).await.body["result"][0]["cve_empleado"]
        .as_i64()
        .unwrap();
    let a = s.get(&format!("{EMPLEADOS}/{member}"), Some(&sup)).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.body["supervisor"].is_string());
    let p = s.login(PARTICIPANTE).await;
    let a = s.post(EMPLEADOS, Some(&p), json!({})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(a.code(), "auth.sin_permiso");
}

#[tokio::test]
async fn the_favourites_and_new_entries_views_list_what_they_say() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let fav = |v: &str| json!({"filtersEXT": {"vista": v}, "cantPP": 100});
    assert_eq!(
        s.post(EMPLEADOS, Some(&t), fav("favoritos")).await.body["pages"]["cantidad_registros"],
        0
    );
    let some: Vec<i64> = s.post(EMPLEADOS, Some(&t), json!({})).await.body["result"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|r| r["cve_empleado"].as_i64().unwrap())
        .collect();
    for c in &some {
        assert_eq!(
            s.post(&format!("{EMPLEADOS}/favoritos/{c}"), Some(&t), json!({}))
                .await
                .status,
            StatusCode::OK
        );
    }
    let a = s.post(EMPLEADOS, Some(&t), fav("favoritos")).await;
    assert_eq!(a.body["pages"]["cantidad_registros"], 3);
    assert!(
        a.body["result"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["favorito"] == 1)
    );
    s.call(
        Method::DELETE,
        &format!("{EMPLEADOS}/favoritos/{}", some[0]),
        Some(&t),
        None,
    )
    .await;
    assert_eq!(
        s.post(EMPLEADOS, Some(&t), fav("favoritos")).await.body["pages"]["cantidad_registros"],
        2
    );
    let nuevos = s.post(EMPLEADOS, Some(&t), fav("nuevos")).await;
    let since = (chrono::Utc::now() - chrono::Duration::days(30))
        .format("%Y-%m-%d")
        .to_string();
    let rows = nuevos.body["result"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(
        rows.iter()
            .all(|r| r["fecha_ingreso"].as_str().unwrap() >= since.as_str())
    );
}

#[tokio::test]
async fn export_gives_the_whole_filtered_result_as_xlsx_or_csv() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    sqlx::query("UPDATE empleados SET nombre_empleado = '=HYPERLINK(\"http://x\")', nombre_busqueda = 'hyperlink formula' WHERE correo_empleado = ?")
        .bind(HISE)
        .execute(&s.state().db.write)
        .await
        .unwrap();
    let csv = s
        .post(
            EMPLEADOS,
            Some(&t),
            json!({"excel": true, "formato": "csv", "order": "cve_empleado"}),
        )
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(
        csv.headers["content-disposition"]
            .to_str()
            .unwrap()
            .contains(".csv")
    );
    assert_eq!(&csv.bytes[..3], b"\xEF\xBB\xBF", "CSV starts with a BOM");
    let text = String::from_utf8(csv.bytes[3..].to_vec()).unwrap();
    assert_eq!(
        text.lines().count(),
        61,
        "header plus every row, not one page"
    );
    assert!(
        text.lines()
            .next()
            .unwrap()
            .starts_with("Clave,Número de empleado,Nombre")
    );
    assert!(
        text.contains("\"'=HYPERLINK(\"\"http://x\"\")\""),
        "formula-like cells are neutralised"
    );
    let filtered = s
        .post(EMPLEADOS, Some(&t), json!({"excel": true, "formato": "csv", "columns_with_selects": [{"nomfield": "nombre_empleado", "input": "hyperlink formula"}]}))
        .await;
    assert_eq!(String::from_utf8_lossy(&filtered.bytes).lines().count(), 2);
    let xlsx = s.post(EMPLEADOS, Some(&t), json!({"excel": true})).await;
    assert_eq!(xlsx.status, StatusCode::OK);
    assert_eq!(&xlsx.bytes[..2], b"PK", "an xlsx is a zip");
    assert!(
        xlsx.headers["content-type"]
            .to_str()
            .unwrap()
            .contains("spreadsheetml")
    );
}
