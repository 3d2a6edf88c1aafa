//! Bulk upload rows obey the same rules as the forms: a structure node or a position with a
//! name the form refuses is a row error with the form's reason, and nothing of that row is
//! written; a valid row beside it is applied.

use crate::common;

use std::io::Cursor;
use std::time::Duration;

use aula::i18n::{Lang, message};
use calamine::{Data, Reader, Xlsx};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// An xlsx with a header row and rows of text cells.
fn xlsx(head: &[&str], rows: &[Vec<&str>]) -> Vec<u8> {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in head.iter().enumerate() {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if !v.is_empty() {
                ws.write_string(r as u32 + 1, c as u16, *v).unwrap();
            }
        }
    }
    wb.save_to_buffer().unwrap()
}

/// Uploads a file of `tipo` and waits for its job to finish; answers the job and its
/// error report rows (row, column, value, reason in Spanish), header excluded.
async fn import(s: &TestServer, t: &str, tipo: &str, data: Vec<u8>) -> (Value, Vec<Vec<String>>) {
    let form =
        reqwest::multipart::Form::new().part("archivo", file_part(&format!("{tipo}.xlsx"), &data));
    let r = s
        .send_form(
            Method::POST,
            &format!("/api/pri/cargas_masivas/{tipo}"),
            Some(t),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{:?}", r.body);
    let id = r.body["id_carga"].as_i64().unwrap();
    let mut job = Value::Null;
    for _ in 0..600 {
        job = s
            .get(&format!("/api/pri/cargas_masivas/{id}"), Some(t))
            .await
            .body;
        if job["estatus"] == "terminada" || job["estatus"] == "fallida" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(job["estatus"], "terminada", "{job}");
    let report = s
        .get(&format!("/api/pri/cargas_masivas/{id}/errores"), Some(t))
        .await;
    assert_eq!(report.status, StatusCode::OK);
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(report.bytes)).unwrap();
    let rows = book
        .worksheet_range("errores")
        .unwrap()
        .rows()
        .skip(1)
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    Data::Float(f) => format!("{}", *f as i64),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect();
    (job, rows)
}

async fn nodes_named(s: &TestServer, nombre: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM estructura WHERE nombre = ?")
        .bind(nombre)
        .fetch_one(&s.state().db.read)
        .await
        .unwrap()
}

fn es(code: &str) -> String {
    message(code, Lang::Es, &[])
}

#[tokio::test]
async fn a_structure_row_with_a_name_the_form_refuses_is_rejected_for_the_same_reason_and_writes_nothing()
 {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let long = "Dirección ".repeat(13);
    // What the structure form says about each name (the field's message).
    let mut form_says = Vec::new();
    for nombre in ["Solar <Norte>", long.as_str()] {
        let r = s
            .post(
                "/api/pri/catalogos/estructura",
                Some(&t),
                json!({"nivel": 2, "nombre": nombre}),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{nombre}");
        form_says.push(r.body["fields"]["nombre"].as_str().unwrap().to_string());
    }
    assert_eq!(form_says[0], es("validacion.alfanumerico"));

    let (job, report) = import(
        &s,
        &t,
        "estructura",
        xlsx(
            &["N2", "N3", "N4"],
            &[
                vec!["Energía Eólica", "Corporativo", "Solar <Norte>"],
                vec!["Energía Geotérmica", long.trim(), ""],
                vec!["Energía Solar", "Corporativo", "Paneles del Norte"],
            ],
        ),
    )
    .await;
    assert_eq!(
        (job["insertadas"].as_i64(), job["errores"].as_i64()),
        (Some(1), Some(2)),
        "{job}"
    );
    assert_eq!(report.len(), 2, "{report:?}");
    assert_eq!(report[0][..2], ["2".to_string(), "N4".to_string()]);
    assert_eq!(report[0][3], form_says[0]);
    assert_eq!(report[1][..2], ["3".to_string(), "N3".to_string()]);
    assert_eq!(report[1][3], form_says[1]);
    // The refused rows left no node behind, not even the valid levels above the bad one.
    assert_eq!(nodes_named(&s, "Energía Eólica").await, 0);
    assert_eq!(nodes_named(&s, "Energía Geotérmica").await, 0);
    // The valid row created its whole path.
    assert_eq!(nodes_named(&s, "Energía Solar").await, 1);
    assert_eq!(nodes_named(&s, "Paneles del Norte").await, 1);
}

#[tokio::test]
async fn a_position_row_with_a_name_or_description_the_form_refuses_is_rejected_for_the_same_reason()
 {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let path = ["Industrial", "Corporativo", "Grupo Industrial Sierra Madre"];
    let n4: i64 =
        sqlx::query_scalar("SELECT cve_estructura FROM estructura WHERE nivel = 4 AND nombre = ?")
            .bind(path[2])
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let long = "x".repeat(501);
    // What 'crear puesto' says about the name and the description (the fields' messages).
    let bad_name = s
        .post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&t),
            json!({"puesto": "Operador <turno>", "cve_estructura": n4}),
        )
        .await;
    assert_eq!(bad_name.status, StatusCode::BAD_REQUEST);
    let name_says = bad_name.body["fields"]["puesto"]
        .as_str()
        .unwrap()
        .to_string();
    let bad_desc = s
        .post(
            "/api/pri/catalogos/estructura_puestos/crear",
            Some(&t),
            json!({"puesto": "Operador de turno", "cve_estructura": n4, "descripcion": long}),
        )
        .await;
    assert_eq!(bad_desc.status, StatusCode::BAD_REQUEST);
    let desc_says = bad_desc.body["fields"]["descripcion"]
        .as_str()
        .unwrap()
        .to_string();

    let (job, report) = import(
        &s,
        &t,
        "puestos",
        xlsx(
            &["N2", "N3", "N4", "Puesto", "Descripcion"],
            &[
                vec![path[0], path[1], path[2], "Operador <turno>", ""],
                vec![path[0], path[1], path[2], "Operador de turno", &long],
                vec![
                    path[0],
                    path[1],
                    path[2],
                    "Operador de grúa viajera",
                    "Nave 2",
                ],
            ],
        ),
    )
    .await;
    assert_eq!(
        (job["insertadas"].as_i64(), job["errores"].as_i64()),
        (Some(1), Some(2)),
        "{job}"
    );
    assert_eq!(report[0][..2], ["2".to_string(), "Puesto".to_string()]);
    assert_eq!(report[0][3], name_says);
    assert_eq!(report[1][..2], ["3".to_string(), "Descripcion".to_string()]);
    assert_eq!(report[1][3], desc_says);
    let created: Vec<String> = sqlx::query_scalar(
        "SELECT puesto FROM puestos WHERE cve_estructura = ? AND puesto LIKE 'Operador de%'",
    )
    .bind(n4)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(created, ["Operador de grúa viajera"]);
}
