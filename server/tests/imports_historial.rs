//! The `historial` bulk-upload kind (issue 11, package C): past accreditations by employee
//! number or CURP land in the ledger with the topic's validity, bad rows are reported with
//! their reason and write nothing, the same file again changes nothing, a corrected grade
//! updates the fact, and an interrupted upload resumes after a restart.

use crate::common;
use crate::plans_support;

use std::io::Cursor;
use std::time::Duration;

use calamine::{Data, Reader, Xlsx};
use chrono::{Days, Months};
use common::*;
use plans_support::*;
use reqwest::StatusCode;
use serde_json::Value;

const HEAD: &[&str] = &[
    "NumEmpleado",
    "CURP",
    "Abreviatura",
    "FechaAcreditacion",
    "Calificacion",
    "Nota",
];

fn xlsx(rows: &[Vec<String>]) -> Vec<u8> {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in HEAD.iter().enumerate() {
        ws.write_string(0, c as u16, *h).expect("header");
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            ws.write_string(r as u32 + 1, c as u16, v).expect("cell");
        }
    }
    wb.save_to_buffer().expect("xlsx")
}

fn row(cells: [&str; 6]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

async fn upload(s: &TestServer, t: &str, data: Vec<u8>) -> i64 {
    let form = reqwest::multipart::Form::new().part("archivo", file_part("historial.xlsx", &data));
    let r = s
        .send_form(
            reqwest::Method::POST,
            "/api/pri/cargas_masivas/historial",
            Some(t),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{:?}", r.body);
    r.body["id_carga"].as_i64().expect("id_carga")
}

async fn wait_done(s: &TestServer, t: &str, id: i64) -> Value {
    for _ in 0..600 {
        let r = s
            .get(&format!("/api/pri/cargas_masivas/{id}"), Some(t))
            .await;
        let e = r.body["estatus"].as_str().unwrap_or("").to_string();
        if e == "terminada" || e == "fallida" {
            return r.body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the upload did not finish");
}

fn sheet(bytes: &[u8], name: &str) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).expect("xlsx");
    let range = book.worksheet_range(name).expect("sheet");
    range
        .rows()
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    Data::Float(f) => format!("{}", *f as i64),
                    other => other.to_string(),
                })
                .collect()
        })
        .collect()
}

async fn who(s: &TestServer, correo: &str) -> (i64, String, String) {
    sqlx::query_as(
        "SELECT cve_empleado, num_empleado, curp FROM empleados WHERE correo_empleado = ?",
    )
    .bind(correo)
    .fetch_one(&s.state().db.read)
    .await
    .expect("employee")
}

/// (cve_empleado, cve_tema, fecha, calificacion, vigencia) of a ledger row.
type Hecho = (i64, i64, String, Option<f64>, Option<String>);

async fn historial_rows(s: &TestServer) -> Vec<Hecho> {
    sqlx::query_as(
        "SELECT a.cve_empleado, a.cve_tema, a.fecha, a.calificacion, a.vigencia FROM plan_acreditaciones a
         JOIN temas t ON t.cve_tema = a.cve_tema
         WHERE a.origen = 'historial' AND t.abreviatura LIKE 'HST-%' ORDER BY a.id_acreditacion",
    )
    .fetch_all(&s.state().db.read)
    .await
    .expect("ledger")
}

#[tokio::test]
async fn the_historial_template_lists_its_columns_with_instructions() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let r = s
        .get("/api/pri/cargas_masivas/plantillas/historial", Some(&t))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(r.bytes.clone())).expect("xlsx");
    let names = book.sheet_names().to_vec();
    assert!(names.len() >= 2, "columns and instructions: {names:?}");
    let head = book
        .worksheet_range(&names[0])
        .expect("sheet")
        .rows()
        .next()
        .expect("header")
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",");
    for col in HEAD {
        assert!(head.contains(col), "{col} in {head}");
    }
    let instructions = sheet(&r.bytes, &names[1]).concat().join(" ");
    assert!(
        instructions.contains("no posterior a hoy"),
        "{instructions}"
    );
}

#[tokio::test]
async fn past_accreditations_load_with_their_validity_bad_rows_are_reported_and_reuploads_are_idempotent()
 {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let ta = s.login(ANALISTA).await;
    let tema = topic(&s, &ta, "HST-12", 12, "conocimiento", 1).await;
    topic(&s, &ta, "HST-10", 12, "teorico_practico", 1).await;
    let (p, p_num, p_curp) = who(&s, PARTICIPANTE).await;
    let (sup, _, sup_curp) = who(&s, SUPERVISOR).await;
    let (_, _, admin_curp) = who(&s, ADMIN).await;
    let d1 = today(&s) - Days::new(400);
    let d2 = today(&s) - Days::new(30);
    let manana = iso(today(&s) + Days::new(1));
    let rows = vec![
        row([&p_num, "", "HST-12", &iso(d1), "88", "Lista 2024"]),
        row([
            "",
            &sup_curp,
            "hst-12",
            &d2.format("%d/%m/%Y").to_string(),
            "",
            "",
        ]),
        row(["", "", "HST-12", &iso(d2), "90", ""]),
        row(["NO-EXISTE", "", "HST-12", &iso(d2), "90", ""]),
        row([&p_num, &admin_curp, "HST-12", &iso(d2), "90", ""]),
        row([&p_num, &p_curp, "NADA-99", &iso(d2), "90", ""]),
        row([&p_num, "", "HST-12", &manana, "90", ""]),
        row([&p_num, "", "HST-10", &iso(d2), "11", ""]),
        row([&p_num, "", "HST-12", "ayer", "90", ""]),
    ];
    let id = upload(&s, &t, xlsx(&rows)).await;
    let done = wait_done(&s, &t, id).await;
    assert_eq!(done["estatus"], "terminada", "{done}");
    assert_eq!(
        (done["insertadas"].as_i64(), done["errores"].as_i64()),
        (Some(2), Some(7)),
        "{done}"
    );

    let ledger = historial_rows(&s).await;
    assert_eq!(ledger.len(), 2);
    let vig1 = d1.checked_add_months(Months::new(12)).expect("date");
    assert_eq!(
        ledger[0],
        (p, tema, iso(d1), Some(88.0), Some(iso(vig1))),
        "validity = date + meses_certificacion"
    );
    assert_eq!(ledger[1].0, sup);
    assert_eq!(ledger[1].2, iso(d2), "DD/MM/AAAA read as a date");
    let (admin, ..) = who(&s, ADMIN).await;
    let por: Vec<Option<i64>> = sqlx::query_scalar(
        "SELECT a.registrado_por FROM plan_acreditaciones a JOIN temas t ON t.cve_tema = a.cve_tema
         WHERE a.origen = 'historial' AND t.abreviatura LIKE 'HST-%'",
    )
    .fetch_all(&s.state().db.read)
    .await
    .expect("registrado_por");
    assert_eq!(por, vec![Some(admin); 2], "the uploader registered them");
    let estado = |cve: i64| {
        let s = &s;
        async move {
            let e: String = sqlx::query_scalar(
                "SELECT CASE WHEN vigencia >= ? THEN 'Acreditado' ELSE 'Vencido' END FROM plan_estado_temas
                 WHERE cve_empleado = ? AND cve_tema = ?",
            )
            .bind(iso(today(s)))
            .bind(cve)
            .bind(tema)
            .fetch_one(&s.state().db.read)
            .await
            .expect("summary");
            e
        }
    };
    // 400 days ago + 12 months is past; 30 days ago + 12 months is still valid.
    assert_eq!(estado(p).await, "Vencido");
    assert_eq!(estado(sup).await, "Acreditado");

    let rep = s
        .get(&format!("/api/pri/cargas_masivas/{id}/errores"), Some(&t))
        .await;
    assert_eq!(rep.status, StatusCode::OK);
    let report = sheet(&rep.bytes, "errores");
    let by_row = |n: &str| {
        report
            .iter()
            .find(|r| r[0] == n)
            .cloned()
            .unwrap_or_else(|| panic!("row {n} in {report:?}"))
    };
    assert_eq!(
        by_row("4")[3],
        "Indica el número de empleado o la CURP",
        "no identifier"
    );
    assert_eq!(
        (by_row("5")[1].as_str(), by_row("5")[3].as_str()),
        ("NumEmpleado", "Empelado no encontrado")
    );
    assert_eq!(
        by_row("6")[3],
        "El número de empleado y la CURP son de empleados distintos"
    );
    assert_eq!(
        (by_row("7")[1].as_str(), by_row("7")[3].as_str()),
        ("Abreviatura", "Tema no encontrado")
    );
    assert_eq!(
        (by_row("8")[1].as_str(), by_row("8")[3].as_str()),
        (
            "FechaAcreditacion",
            "La fecha de acreditación no puede ser posterior a hoy"
        )
    );
    assert_eq!(by_row("9")[1], "Calificacion");
    assert_eq!(by_row("10")[1], "FechaAcreditacion");

    // The same file again: nothing new, nothing changed.
    let again = upload(&s, &t, xlsx(&rows)).await;
    let done = wait_done(&s, &t, again).await;
    assert_eq!(
        (
            done["insertadas"].as_i64(),
            done["actualizadas"].as_i64(),
            done["sin_cambios"].as_i64()
        ),
        (Some(0), Some(0), Some(2)),
        "{done}"
    );
    assert_eq!(historial_rows(&s).await, ledger);

    // A corrected grade updates the same fact.
    let fixed = vec![row([&p_num, "", "HST-12", &iso(d1), "91", "Lista 2024"])];
    let done = wait_done(&s, &t, upload(&s, &t, xlsx(&fixed)).await).await;
    assert_eq!(done["actualizadas"], 1, "{done}");
    let ledger = historial_rows(&s).await;
    assert_eq!(ledger.len(), 2);
    assert_eq!(ledger[0].3, Some(91.0));
}

#[tokio::test]
async fn an_interrupted_historial_upload_resumes_after_a_restart() {
    let mut s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let ta = s.login(ANALISTA).await;
    topic(&s, &ta, "HST-RS", 0, "ninguno", 1).await;
    let nums: Vec<String> = sqlx::query_scalar(
        "SELECT num_empleado FROM empleados WHERE baja_logica = 0 ORDER BY cve_empleado LIMIT 150",
    )
    .fetch_all(&s.state().db.read)
    .await
    .expect("employees");
    // Three past dates per employee: more than one batch of 100 rows.
    let fechas = [days_ago(&s, 10), days_ago(&s, 20), days_ago(&s, 30)];
    let rows: Vec<Vec<String>> = nums
        .iter()
        .flat_map(|n| {
            fechas
                .iter()
                .map(move |f| row([n, "", "HST-RS", f, "", "Archivo físico"]))
        })
        .collect();
    assert!(rows.len() > 100);
    let admin = s.cve_of(ADMIN).await;
    s.state()
        .storage
        .put(
            "cargas/historial/pendiente.bin",
            bytes::Bytes::from(xlsx(&rows)),
        )
        .await
        .expect("stored");
    // A job stopped before it started its first batch.
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO cargas (tipo, archivo, clave_archivo, cve_empleado, estatus, total, procesadas, insertadas, creado)
         VALUES ('historial', 'interrumpida.xlsx', 'cargas/historial/pendiente.bin', ?, 'procesando', ?, 0, 0, '2026-11-21T00:00:00Z')
         RETURNING id_carga",
    )
    .bind(admin)
    .bind(rows.len() as i64)
    .fetch_one(&s.state().db.write)
    .await
    .expect("job");
    s.restart().await;
    let t2 = s.login(ADMIN).await;
    let _ = t;
    let done = wait_done(&s, &t2, id).await;
    assert_eq!(done["estatus"], "terminada", "{done}");
    assert_eq!(done["insertadas"].as_i64(), Some(rows.len() as i64));
    let vigencias: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT a.vigencia FROM plan_acreditaciones a JOIN temas t ON t.cve_tema = a.cve_tema
         WHERE a.origen = 'historial' AND t.abreviatura = 'HST-RS'",
    )
    .fetch_all(&s.state().db.read)
    .await
    .expect("ledger");
    assert_eq!(vigencias, ["9999-12-31"], "0 months = no expiry");
}
