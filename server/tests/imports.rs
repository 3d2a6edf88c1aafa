//! Bulk uploads: template, a 10,000-row employee file with 3% bad rows (good rows applied,
//! bad ones reported by row and reason, a second upload changes nothing), hostile files
//! rejected with nothing written, batches that land whole or not at all, resume after a
//! restart, and the other kinds.

use crate::common;

use std::io::{Cursor, Write};
use std::time::Duration;

use calamine::{Data, Reader, Xlsx};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

struct Org {
    n2: String,
    n3: String,
    n4: String,
    n5: String,
    n6: String,
    n7: String,
    puesto: String,
}

async fn org(s: &TestServer) -> Org {
    let (n2, n3, n4, n5, n6, n7, puesto): (String, String, String, String, String, String, String) = sqlx::query_as(
        "SELECT s2.nombre, s3.nombre, s4.nombre, coalesce(s5.nombre, ''), coalesce(s6.nombre, ''), coalesce(s7.nombre, ''), p.puesto
         FROM empleados e
         LEFT JOIN estructura s5 ON s5.cve_estructura = e.n5 LEFT JOIN estructura s6 ON s6.cve_estructura = e.n6
         LEFT JOIN estructura s7 ON s7.cve_estructura = e.n7
         JOIN estructura s2 ON s2.cve_estructura = e.n2 JOIN estructura s3 ON s3.cve_estructura = e.n3
         JOIN estructura s4 ON s4.cve_estructura = e.n4 JOIN puestos p ON p.cve_puesto = e.cve_puesto
         WHERE e.correo_empleado = ?",
    )
    .bind(PARTICIPANTE)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    Org {
        n2,
        n3,
        n4,
        n5,
        n6,
        n7,
        puesto,
    }
}

const HEAD: &[&str] = &[
    "NumEmpleado*",
    "Nombre*",
    "CURP*",
    "Correo",
    "Genero",
    "N2*",
    "N3*",
    "N4*",
    "N5",
    "N6",
    "N7",
    "Puesto*",
    "FechaIngreso",
    "Activo",
];

/// An xlsx with a header row and rows of text cells.
fn xlsx(head: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet_with_constant_memory().unwrap();
    for (c, h) in head.iter().enumerate() {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if !v.is_empty() {
                ws.write_string(r as u32 + 1, c as u16, v).unwrap();
            }
        }
    }
    wb.save_to_buffer().unwrap()
}

/// `n` employee rows; every row whose index is in `bad` has one problem.
fn employees(
    o: &Org,
    n: usize,
    offset: usize,
    bad: impl Fn(usize) -> Option<usize>,
) -> Vec<Vec<String>> {
    (0..n)
        .map(|i| {
            let k = i + offset;
            let mut row = vec![
                format!("IMP-{k:06}"),
                format!("Empleado Importado {k}"),
                curp(k),
                format!("imp{k}@sierramadre.mx"),
                if k.is_multiple_of(2) { "H" } else { "M" }.into(),
                o.n2.clone(),
                o.n3.clone(),
                o.n4.clone(),
                o.n5.clone(),
                o.n6.clone(),
                o.n7.clone(),
                o.puesto.clone(),
                "2025-03-01".into(),
                "SI".into(),
            ];
            match bad(i) {
                Some(0) => row[2] = "CURP-MAL".into(),
                Some(1) => row[11] = "Puesto que no existe".into(),
                Some(2) => row[7] = "Empresa inventada".into(),
                Some(_) => row[4] = "X".into(),
                None => {}
            }
            row
        })
        .collect()
}

async fn upload(s: &TestServer, t: &str, tipo: &str, name: &str, data: Vec<u8>) -> Answer {
    let form = reqwest::multipart::Form::new().part("archivo", file_part(name, &data));
    s.send_form(
        Method::POST,
        &format!("/api/pri/cargas_masivas/{tipo}"),
        Some(t),
        form,
    )
    .await
}

async fn wait_done(s: &TestServer, t: &str, id: i64) -> Value {
    for _ in 0..1200 {
        let r = s
            .get(&format!("/api/pri/cargas_masivas/{id}"), Some(t))
            .await;
        let e = r.body["estatus"].as_str().unwrap_or("").to_string();
        if e == "terminada" || e == "fallida" {
            return r.body;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the upload did not finish");
}

fn report_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).unwrap();
    let range = book.worksheet_range("errores").unwrap();
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

async fn count_employees(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM empleados")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap()
}

#[tokio::test]
async fn ten_thousand_rows_with_three_percent_bad_import_once_and_reimport_changes_nothing() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let o = org(&s).await;
    let before = count_employees(&s).await;
    // Every 33rd row is bad, in four different ways: 304 of 10,000 (3%).
    let bad = |i: usize| (i % 33 == 7).then_some(i / 33 % 4);
    let rows = employees(&o, 10_000, 0, bad);
    let expected_bad: Vec<usize> = (0..10_000).filter(|i| bad(*i).is_some()).collect();
    let file = xlsx(HEAD, &rows);

    let r = upload(
        &s,
        &t,
        "empleados",
        "plantilla-empleados.xlsx",
        file.clone(),
    )
    .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{:?}", r.body);
    let id = r.body["id_carga"].as_i64().unwrap();
    let done = wait_done(&s, &t, id).await;
    assert_eq!(done["estatus"], "terminada");
    assert_eq!(done["total"], 10_000);
    assert_eq!(done["procesadas"], 10_000);
    assert_eq!(
        done["errores"].as_u64().unwrap() as usize,
        expected_bad.len()
    );
    assert_eq!(
        done["insertadas"].as_u64().unwrap() as usize,
        10_000 - expected_bad.len()
    );
    assert_eq!(done["lotes_fallidos"], 0);
    assert_eq!(
        count_employees(&s).await - before,
        (10_000 - expected_bad.len()) as i64
    );

    // The report names each bad row (sheet row = index + 2), its column and reason.
    let rep = s
        .get(&format!("/api/pri/cargas_masivas/{id}/errores"), Some(&t))
        .await;
    assert_eq!(rep.status, StatusCode::OK);
    let rows_rep = report_rows(&rep.bytes);
    assert_eq!(rows_rep[0], vec!["Fila", "Columna", "Valor", "Motivo"]);
    assert_eq!(rows_rep.len() - 1, expected_bad.len());
    let filas: Vec<usize> = rows_rep[1..]
        .iter()
        .map(|r| r[0].parse().unwrap())
        .collect();
    assert_eq!(
        filas,
        expected_bad.iter().map(|i| i + 2).collect::<Vec<_>>()
    );
    let first = &rows_rep[1];
    assert_eq!((first[1].as_str(), first[2].as_str()), ("CURP", "CURP-MAL"));
    assert_eq!(first[3], "La CURP ingresada es incorrecta (18 caracteres)");
    assert!(
        rows_rep
            .iter()
            .any(|r| r[1] == "Puesto" && r[3].contains("puesto"))
    );
    assert!(rows_rep.iter().any(|r| r[1] == "N4"));
    assert!(rows_rep.iter().any(|r| r[1] == "Genero"));
    // The report follows the request's language.
    let en = s
        .http
        .get(format!("{}/api/pri/cargas_masivas/{id}/errores", s.base))
        .bearer_auth(&t)
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    let en = report_rows(&en.bytes().await.unwrap());
    assert_eq!(en[0][0], "Row");
    assert_eq!(en[1][3], "The entered CURP is incorrect (18 characters)");

    // The same file again: nothing new, nothing changed.
    let snapshot: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM empleados WHERE actualizado IS NOT NULL")
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let r = upload(&s, &t, "empleados", "plantilla-empleados.xlsx", file).await;
    let again = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (again["insertadas"].as_i64(), again["actualizadas"].as_i64()),
        (Some(0), Some(0))
    );
    assert_eq!(
        again["sin_cambios"].as_u64().unwrap() as usize,
        10_000 - expected_bad.len()
    );
    assert_eq!(
        count_employees(&s).await - before,
        (10_000 - expected_bad.len()) as i64
    );
    assert_eq!(
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM empleados WHERE actualizado IS NOT NULL"
        )
        .fetch_one(&s.state().db.read)
        .await
        .unwrap(),
        snapshot
    );
    // A changed row updates the same employee (keyed by number).
    let mut changed = employees(&o, 3, 0, |_| None);
    changed[1][1] = "Nombre Corregido".into();
    let r = upload(&s, &t, "empleados", "correccion.xlsx", xlsx(HEAD, &changed)).await;
    let c = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (c["actualizadas"].as_i64(), c["sin_cambios"].as_i64()),
        (Some(1), Some(2))
    );
    let name: String = sqlx::query_scalar(
        "SELECT nombre_empleado FROM empleados WHERE num_empleado = 'IMP-000001'",
    )
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(name, "Nombre Corregido");
    // Imported employees have a login without password until they set one.
    assert_eq!(
        s.try_login("imp1@sierramadre.mx", "Cualquiera.2026")
            .await
            .code(),
        "auth.credenciales_invalidas"
    );
}

/// A minimal xlsx written by hand around a given sheet XML.
fn raw_xlsx(sheet_xml: &str) -> Vec<u8> {
    let mut buf = Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        let files = [
            ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.to_string()),
            ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_string()),
            ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_string()),
            ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.to_string()),
            ("xl/worksheets/sheet1.xml", sheet_xml.to_string()),
        ];
        for (name, body) in files {
            z.start_file(name, o).unwrap();
            z.write_all(body.as_bytes()).unwrap();
        }
        z.finish().unwrap();
    }
    buf.into_inner()
}

#[tokio::test]
async fn hostile_and_malformed_files_are_rejected_with_nothing_written_and_a_sound_one_is_applied()
{
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let o = org(&s).await;
    let before = count_employees(&s).await;

    let r = upload(
        &s,
        &t,
        "empleados",
        "empleados.xlsx",
        b"NumEmpleado,Nombre\n1,Ana".to_vec(),
    )
    .await;
    assert_eq!(
        (r.status, r.resp()),
        (
            StatusCode::BAD_REQUEST,
            "El archivo no es una hoja de cálculo válida (.xls o .xlsx)"
        )
    );
    let r = upload(
        &s,
        &t,
        "empleados",
        "empleados.csv",
        xlsx(HEAD, &employees(&o, 2, 0, |_| None)),
    )
    .await;
    assert_eq!(r.code(), "carga.extension");
    // A zip bomb: a few hundred KB that expand to 500 MB.
    let mut buf = Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let opt = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        z.start_file("xl/worksheets/sheet1.xml", opt).unwrap();
        let zeros = vec![b'0'; 1 << 20];
        for _ in 0..500 {
            z.write_all(&zeros).unwrap();
        }
        z.finish().unwrap();
    }
    let bomb = buf.into_inner();
    assert!(bomb.len() < 8 * 1024 * 1024);
    let r = upload(&s, &t, "empleados", "bomba.xlsx", bomb).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "carga.archivo_peligroso")
    );
    // A 100,000-column sheet.
    let mut wide = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">"#,
    );
    for _ in 0..100_000 {
        wide.push_str(r#"<c t="inlineStr"><is><t>x</t></is></c>"#);
    }
    wide.push_str("</row></sheetData></worksheet>");
    let r = upload(&s, &t, "empleados", "ancha.xlsx", raw_xlsx(&wide)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "carga.demasiadas_columnas")
    );
    // A sheet that is not the template, and an empty one.
    let r = upload(
        &s,
        &t,
        "empleados",
        "otra.xlsx",
        xlsx(
            &["Nombre*", "Color favorito"],
            &[vec!["Ana".into(), "Azul".into()]],
        ),
    )
    .await;
    assert_eq!(r.code(), "carga.columna_desconocida");
    assert!(r.resp().contains("Color favorito"));
    let r = upload(
        &s,
        &t,
        "empleados",
        "sin_curp.xlsx",
        xlsx(
            &["NumEmpleado", "Nombre"],
            &[vec!["1".into(), "Ana".into()]],
        ),
    )
    .await;
    assert_eq!(r.code(), "carga.falta_columna");
    let r = upload(&s, &t, "empleados", "vacia.xlsx", xlsx(HEAD, &[])).await;
    assert_eq!(r.code(), "carga.sin_filas");
    // Too big.
    let r = upload(
        &s,
        &t,
        "empleados",
        "grande.xlsx",
        vec![b'P'; 9 * 1024 * 1024],
    )
    .await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);

    // Nothing was stored or applied.
    let jobs: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM cargas WHERE archivo <> 'puestos-planta-apodaca.xlsx'",
    )
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(jobs, 0);
    assert_eq!(count_employees(&s).await, before);
    // Only profiles with the section upload.
    let sup = s.login(SUPERVISOR).await;
    let r = upload(
        &s,
        &sup,
        "empleados",
        "e.xlsx",
        xlsx(HEAD, &employees(&o, 1, 0, |_| None)),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // The same well-formed file from a profile with the section is taken and applied.
    let r = upload(
        &s,
        &t,
        "empleados",
        "e.xlsx",
        xlsx(HEAD, &employees(&o, 1, 0, |_| None)),
    )
    .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{:?}", r.body);
    let id = r.body["id_carga"].as_i64().expect("id_carga");
    assert_eq!(wait_done(&s, &t, id).await["estatus"], "terminada");
    assert_eq!(count_employees(&s).await, before + 1);
}

#[tokio::test]
async fn a_failing_batch_lands_not_at_all_and_the_report_says_which() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let o = org(&s).await;
    // A database rule that makes one row of the second batch fail at write time.
    sqlx::query(
        "CREATE TRIGGER falla_prueba BEFORE INSERT ON empleados WHEN NEW.num_empleado = 'IMP-000150'
         BEGIN SELECT RAISE(ABORT, 'disco lleno'); END",
    )
    .execute(&s.state().db.write)
    .await
    .unwrap();
    let before = count_employees(&s).await;
    let r = upload(
        &s,
        &t,
        "empleados",
        "e.xlsx",
        xlsx(HEAD, &employees(&o, 250, 0, |_| None)),
    )
    .await;
    let done = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(done["lotes_fallidos"], 1);
    assert_eq!(
        (done["insertadas"].as_i64(), done["errores"].as_i64()),
        (Some(150), Some(100))
    );
    // Rows 100..199 (the second batch) are all absent, the others present.
    let present: Vec<String> = sqlx::query_scalar(
        "SELECT num_empleado FROM empleados WHERE num_empleado LIKE 'IMP-%' ORDER BY num_empleado",
    )
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(present.len(), 150);
    assert!(
        !present
            .iter()
            .any(|n| ("IMP-000100".."IMP-000200").contains(&n.as_str()))
    );
    assert_eq!(count_employees(&s).await - before, 150);
    let rep = s
        .get(
            &format!("/api/pri/cargas_masivas/{}/errores", done["id_carga"]),
            Some(&t),
        )
        .await;
    let rows = report_rows(&rep.bytes);
    assert_eq!(rows.len() - 1, 100);
    assert_eq!(rows[1][0], "102");
    assert!(
        rows[1][3].starts_with("El lote de esta fila no se aplicó"),
        "{:?}",
        rows[1]
    );
}

#[tokio::test]
async fn an_unfinished_upload_resumes_after_a_restart() {
    let mut s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let o = org(&s).await;
    let admin: i64 =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE correo_empleado = ?")
            .bind(ADMIN)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    // A job left half-done by a stopped server: its first batch is applied and counted.
    let file = xlsx(HEAD, &employees(&o, 230, 500, |_| None));
    s.state()
        .storage
        .put(
            "cargas/empleados/pendiente.bin",
            bytes::Bytes::from(file.clone()),
        )
        .await
        .unwrap();
    let first = xlsx(HEAD, &employees(&o, 100, 500, |_| None));
    let r = upload(&s, &t, "empleados", "primer-lote.xlsx", first).await;
    wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO cargas (tipo, archivo, clave_archivo, cve_empleado, estatus, total, procesadas, insertadas, creado)
         VALUES ('empleados', 'interrumpida.xlsx', 'cargas/empleados/pendiente.bin', ?, 'procesando', 230, 100, 100, '2026-11-21T00:00:00Z')
         RETURNING id_carga",
    )
    .bind(admin)
    .fetch_one(&s.state().db.write)
    .await
    .unwrap();
    s.restart().await;
    let t = s.login(ADMIN).await;
    let done = wait_done(&s, &t, id).await;
    assert_eq!(done["estatus"], "terminada");
    assert_eq!(
        (done["procesadas"].as_i64(), done["insertadas"].as_i64()),
        (Some(230), Some(230))
    );
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM empleados WHERE num_empleado LIKE 'IMP-%'")
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    assert_eq!(n, 230);
}

#[tokio::test]
async fn every_kind_has_a_template_with_instructions_and_imports_its_rows() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let tpl = s
        .get("/api/pri/cargas_masivas/plantillas/empleados", Some(&t))
        .await;
    assert_eq!(tpl.status, StatusCode::OK);
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(tpl.bytes.clone())).unwrap();
    let head: Vec<String> = book
        .worksheet_range("empleados")
        .unwrap()
        .rows()
        .next()
        .unwrap()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(&head[..3], &["NumEmpleado*", "Nombre*", "CURP*"]);
    assert!(book.sheet_names().contains(&"Instrucciones".to_string()));
    assert_eq!(
        s.get("/api/pri/cargas_masivas/plantillas/otra", Some(&t))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    // Structure: creates missing nodes along the path; again changes nothing.
    let estructura = xlsx(
        &["N2*", "N3", "N4", "N5"],
        &[
            vec![
                "Logística".into(),
                "Corporativo".into(),
                "Transportes del Pacífico".into(),
                "Dirección de Flota".into(),
            ],
            vec![
                "Logística".into(),
                "Corporativo".into(),
                "Transportes del Pacífico".into(),
                "Dirección de Almacenes".into(),
            ],
            vec![
                "Logística".into(),
                "".into(),
                "Sin nivel 3".into(),
                "".into(),
            ],
        ],
    );
    let r = upload(&s, &t, "estructura", "estructura.xlsx", estructura.clone()).await;
    let d = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (d["insertadas"].as_i64(), d["errores"].as_i64()),
        (Some(2), Some(1))
    );
    let r = upload(&s, &t, "estructura", "estructura.xlsx", estructura).await;
    let d = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (d["insertadas"].as_i64(), d["sin_cambios"].as_i64()),
        (Some(0), Some(2))
    );

    // Positions of that structure.
    let puestos = xlsx(
        &["N2", "N3", "N4", "Puesto", "Descripcion"],
        &[
            vec![
                "Logística".into(),
                "Corporativo".into(),
                "Transportes del Pacífico".into(),
                "Operador de tractocamión".into(),
                "Ruta Manzanillo".into(),
            ],
            vec![
                "Logística".into(),
                "Corporativo".into(),
                "No existe".into(),
                "Despachador".into(),
                "".into(),
            ],
        ],
    );
    let r = upload(&s, &t, "puestos", "puestos.xlsx", puestos).await;
    let d = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (d["insertadas"].as_i64(), d["errores"].as_i64()),
        (Some(1), Some(1))
    );

    // Topics keyed by abbreviation, then their questions.
    let temas = xlsx(
        &[
            "Abreviatura",
            "Nombre",
            "AreaTematica",
            "Tipo",
            "Modalidad",
            "Etiquetas",
            "Precio",
        ],
        &[
            vec![
                "LOG-01".into(),
                "Manejo defensivo".into(),
                "6000".into(),
                "Curso".into(),
                "PRESENCIAL".into(),
                "flota, seguridad".into(),
                "350.50".into(),
            ],
            vec![
                "LOG-02".into(),
                "Sin área".into(),
                "1234".into(),
                "Curso".into(),
                "".into(),
                "".into(),
                "".into(),
            ],
        ],
    );
    let r = upload(&s, &t, "temas", "temas.xlsx", temas).await;
    let d = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (d["insertadas"].as_i64(), d["errores"].as_i64()),
        (Some(1), Some(1))
    );
    let precio: i64 = sqlx::query_scalar("SELECT precio FROM temas WHERE abreviatura = 'LOG-01'")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    assert_eq!(precio, 35_050);
    let preguntas = xlsx(
        &[
            "Abreviatura",
            "Pregunta",
            "Tipo",
            "Respuesta1",
            "Respuesta2",
            "Respuesta3",
            "Correctas",
        ],
        &[
            vec![
                "LOG-01".into(),
                "¿Distancia de seguimiento recomendada?".into(),
                "unica".into(),
                "3 segundos".into(),
                "1 metro".into(),
                "".into(),
                "1".into(),
            ],
            vec![
                "LOG-01".into(),
                "¿Qué revisar antes de salir?".into(),
                "multiple".into(),
                "Llantas".into(),
                "Frenos".into(),
                "La radio".into(),
                "1,2".into(),
            ],
            vec![
                "LOG-01".into(),
                "Pregunta mal".into(),
                "unica".into(),
                "A".into(),
                "B".into(),
                "".into(),
                "4".into(),
            ],
            vec![
                "NADA-99".into(),
                "¿?".into(),
                "abierta".into(),
                "".into(),
                "".into(),
                "".into(),
                "".into(),
            ],
        ],
    );
    let r = upload(&s, &t, "preguntas", "preguntas.xlsx", preguntas.clone()).await;
    let d = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (d["insertadas"].as_i64(), d["errores"].as_i64()),
        (Some(2), Some(2))
    );
    let r = upload(&s, &t, "preguntas", "preguntas.xlsx", preguntas).await;
    let d = wait_done(&s, &t, r.body["id_carga"].as_i64().unwrap()).await;
    assert_eq!(
        (d["insertadas"].as_i64(), d["sin_cambios"].as_i64()),
        (Some(0), Some(2))
    );
    // History: the analyst sees their uploads.
    let h = s
        .post(
            "/api/pri/cargas_masivas/tabla",
            Some(&t),
            json!({"page": 1, "cantPP": 50}),
        )
        .await;
    assert_eq!(h.body["pages"]["cantidad_registros"], 7);
}
