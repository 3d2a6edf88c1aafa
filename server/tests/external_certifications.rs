//! Suppliers' external certifications (issue 15): a supplier finds its own company's workers
//! by CURP, uploads DC-3 PDFs and records certifications one by one or from a spreadsheet in
//! batches of 100 with each bad row reported; an analyst authorises one into the ledger or
//! rejects it with a reason the supplier sees; hostile files and foreign records are refused.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const CURP_URL: &str = "/api/pri/catalogos/empleados/getByCurpTotal";
const DC3_UP: &str = "/api/pri/proveedor/dc3";
const ALTA: &str = "/api/pri/proveedor/alta";
const LOG: &str = "/api/pri/proveedor/log";

/// A small but real PDF (what `infer` takes for one).
fn pdf_bytes() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".to_vec()
}

fn file_form(name: &str, data: Vec<u8>) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new().part(
        "archivo",
        reqwest::multipart::Part::bytes(data).file_name(name.to_string()),
    )
}

/// Uploads a DC-3 as `token`; its key.
async fn upload(s: &TestServer, token: &str) -> String {
    let a = s
        .send_form(
            Method::POST,
            DC3_UP,
            Some(token),
            file_form("dc3.pdf", pdf_bytes()),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let key = a.body["url"].as_str().expect("url").to_string();
    assert!(
        key.starts_with("certificaciones/dc3/") && key.ends_with(".pdf"),
        "{key}"
    );
    key
}

/// Workers of a company (by one of its employees' e-mail), other than that employee and the
/// Rep. Empresa (who is not her own subordinate):
/// (cve_empleado, curp, correo).
async fn coworkers(s: &TestServer, correo: &str) -> Vec<(i64, String, String)> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.curp, e.correo_empleado FROM empleados e
         JOIN empleados yo ON yo.correo_empleado = ? AND yo.n4 = e.n4 AND yo.cve_empleado <> e.cve_empleado
         WHERE e.curp IS NOT NULL AND e.activo = 1 AND e.baja_logica = 0 AND e.correo_empleado IS NOT NULL
           AND e.correo_empleado <> ?
         ORDER BY e.cve_empleado",
    )
    .bind(correo)
    .bind(REP)
    .fetch_all(&s.state().db.read)
    .await
    .expect("coworkers")
}

/// Hires `n` more workers into the supplier's company (the 60-employee demo has one), by the
/// employee form as an administrator; each can log in with its e-mail.
async fn hire_contractors(s: &TestServer, n: usize) {
    let admin = s.login(ADMIN).await;
    let org = s.org_of(CONTRATISTA).await;
    let rep = s.cve_of(REP).await;
    for i in 0..n {
        let num = format!("C-EXT-{i}");
        let mut form = employee_form(&num, &curp(900 + i), org, Some(rep));
        form["rfc_empleado"] = json!(format!("CASR9001{i:02}AB1"));
        let a = s
            .post("/api/pri/catalogos/empleados/crear", Some(&admin), form)
            .await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    }
}

/// Two active topics, the first with validity months: (cve_tema, meses).
async fn topics(s: &TestServer) -> Vec<(i64, i64)> {
    sqlx::query_as(
        "SELECT cve_tema, meses_certificacion FROM temas WHERE activo = 1
         ORDER BY meses_certificacion = 0, cve_tema LIMIT 2",
    )
    .fetch_all(&s.state().db.read)
    .await
    .expect("topics")
}

fn row(curp: &str, fecha: &str, tema: i64, link: Option<&str>) -> Value {
    json!({"CUIL_CUIT_CURP": curp, "Fecha_Realizacion": fecha, "Fecha_Vigencia": "", "ID_TEMA": tema, "link_dc3": link})
}

async fn log_rows(s: &TestServer, token: &str) -> Vec<Value> {
    let a = s
        .post(
            &format!("{LOG}/tabla"),
            Some(token),
            json!({"page": 1, "cantPP": 100}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    a.body["result"].as_array().cloned().unwrap_or_default()
}

fn days_ago(n: i64) -> String {
    (chrono::Utc::now().date_naive() - chrono::Duration::days(n))
        .format("%Y-%m-%d")
        .to_string()
}

/// How many records there are (the demo has the supplier's own).
async fn records(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM certificaciones_externas")
        .fetch_one(&s.state().db.read)
        .await
        .expect("count")
}

/// The newest record of a worker: its log row as `token` sees it.
async fn newest_of(s: &TestServer, token: &str, curp: &str) -> Value {
    log_rows(s, token)
        .await
        .into_iter()
        .filter(|r| r["curp_empleado"] == curp)
        .max_by_key(|r| r["cve_log"].as_i64())
        .expect("the worker's record is in the log")
}

/// Keys under `certificaciones/dc3/` in the storage folder.
fn stored_dc3(s: &TestServer) -> usize {
    let dir = std::path::Path::new(&s.state().config.storage).join("certificaciones/dc3");
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

#[tokio::test]
async fn a_supplier_records_a_workers_certification_and_the_analysts_authorisation_accredits_the_topic()
 {
    let s = TestServer::start().await;
    let sup = s.login(CONTRATISTA).await;
    let workers = coworkers(&s, CONTRATISTA).await;
    let (worker, curp, correo) = workers.first().cloned().expect("a coworker");
    let (tema, meses) = topics(&s).await[0];

    // The look-up finds the company's worker, any case, and not an internal employee.
    let found = s
        .get(&format!("{CURP_URL}/{}", curp.to_lowercase()), Some(&sup))
        .await;
    assert_eq!(found.status, StatusCode::OK, "{:?}", found.body);
    assert_eq!(found.body["res"][0]["cve_empleado"], worker);
    assert_eq!(found.body["res"][0]["curp"], curp.as_str());
    let inside: String = sqlx::query_scalar("SELECT curp FROM empleados WHERE correo_empleado = ?")
        .bind(PARTICIPANTE)
        .fetch_one(&s.state().db.read)
        .await
        .expect("curp");
    let outside = s.get(&format!("{CURP_URL}/{inside}"), Some(&sup)).await;
    assert_eq!(
        outside.body["res"],
        json!([]),
        "another company's employee is not found"
    );
    let analyst = s.login(ANALISTA).await;
    let any = s.get(&format!("{CURP_URL}/{inside}"), Some(&analyst)).await;
    assert_eq!(any.body["res"].as_array().map(Vec::len), Some(1));

    // Topic search answers the validity months the wizard needs.
    let nombre: String = sqlx::query_scalar("SELECT nombre_tema FROM temas WHERE cve_tema = ?")
        .bind(tema)
        .fetch_one(&s.state().db.read)
        .await
        .expect("name");
    let q: String = nombre.chars().take(6).collect();
    let t = s
        .post(
            "/api/pri/catalogos/temas/getTemaNombre",
            Some(&sup),
            json!({"nombre_tema": q}),
        )
        .await;
    let hit = t.body["list"]
        .as_array()
        .and_then(|l| l.iter().find(|x| x["cve_tema"] == tema).cloned())
        .expect("the topic is found");
    assert_eq!(hit["meses_certificacion"], meses);

    // Individual upload: the DC-3 first, then the record.
    let key = upload(&s, &sup).await;
    let fecha = days_ago(10);
    let alta = s
        .post(
            ALTA,
            Some(&sup),
            json!({"empleados_calificaciones": [row(&curp, &fecha, tema, Some(&key))]}),
        )
        .await;
    assert_eq!(alta.status, StatusCode::OK, "{:?}", alta.body);
    assert_eq!(alta.body["resp"], "Excelente");
    assert_eq!(alta.body["cargados"], 1);
    assert_eq!(alta.body["errors"], 0);

    let rows = log_rows(&s, &sup).await;
    let mine = rows
        .iter()
        .find(|r| r["curp_empleado"] == curp.as_str())
        .cloned()
        .expect("the record is in the supplier's log");
    assert_eq!(mine["estado"], "Enviado");
    assert_eq!(mine["link_dc3"], key.as_str());
    assert_eq!(mine["fecha_realizacion"], fecha.as_str());
    let expected_validity = (chrono::NaiveDate::parse_from_str(&fecha, "%Y-%m-%d").unwrap()
        + chrono::Months::new(meses as u32))
    .format("%Y-%m-%d")
    .to_string();
    assert_eq!(
        mine["fecha_vigencia"],
        expected_validity.as_str(),
        "validity by the topic's months"
    );
    assert_eq!(
        mine["nombre_proveedor"],
        "Montajes y Mantenimiento del Norte"
    );
    let cve_log = mine["cve_log"].as_i64().expect("cve_log");

    // The supplier may not authorise; the analyst does, and the topic is accredited.
    let denied = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/autorizar"),
            Some(&sup),
            None,
        )
        .await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
    let ok = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/autorizar"),
            Some(&analyst),
            None,
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    let (origen, referencia, fecha_ledger, vigencia): (String, String, String, String) = sqlx::query_as(
        "SELECT origen, referencia, fecha, vigencia FROM plan_acreditaciones WHERE id_acreditacion = ?",
    )
    .bind(ok.body["id_acreditacion"].as_i64().expect("id"))
    .fetch_one(&s.state().db.read)
    .await
    .expect("ledger row");
    assert_eq!(origen, "certificacion_externa");
    assert_eq!(referencia, format!("certificacion:{cve_log}"));
    assert_eq!(fecha_ledger, fecha);
    assert_eq!(vigencia, expected_validity);
    let (acreditado, vigente): (String, String) = sqlx::query_as(
        "SELECT fecha_acreditacion, vigencia FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(worker)
    .bind(tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("the plan's state of the topic");
    assert_eq!(
        (acreditado.as_str(), vigente.as_str()),
        (fecha.as_str(), expected_validity.as_str())
    );

    // Reviewed once only; the record can no longer change; the supplier was told.
    let again = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/autorizar"),
            Some(&analyst),
            None,
        )
        .await;
    assert_eq!(
        (again.status, again.code()),
        (StatusCode::CONFLICT, "certificados.certificacion_revisada")
    );
    let other_key = upload(&s, &sup).await;
    let change = s
        .post(
            "/api/pri/proveedor/cambiarDC3",
            Some(&sup),
            json!({"cve_log": cve_log, "url": other_key}),
        )
        .await;
    assert_eq!(
        (change.status, change.code()),
        (
            StatusCode::CONFLICT,
            "certificados.certificacion_autorizada"
        )
    );
    let told: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM notificaciones n JOIN empleados e ON e.cve_empleado = n.cve_empleado
         WHERE e.correo_empleado = ? AND n.titulo = 'Certificación autorizada'",
    )
    .bind(CONTRATISTA)
    .fetch_one(&s.state().db.read)
    .await
    .expect("notifications");
    assert_eq!(told, 1);

    // The worker sees it in Mis constancias and may open its DC-3; a stranger may not.
    let wt = s.login(&correo).await;
    let otras = s
        .get("/api/pri/certificados/mis_constancias/otras", Some(&wt))
        .await;
    assert_eq!(otras.status, StatusCode::OK, "{:?}", otras.body);
    assert_eq!(otras.body["externas"][0]["cve_log"], cve_log);
    assert_eq!(otras.body["externas"][0]["nombre_tema"], nombre.as_str());
    for (who, status) in [(&wt, StatusCode::OK), (&sup, StatusCode::OK)] {
        let pdf = view(&s, cve_log, who).await;
        assert_eq!(pdf.status, status);
        assert_eq!(pdf.headers["content-type"], "application/pdf");
        assert!(pdf.bytes.starts_with(b"%PDF"));
    }
    let stranger = s.login(PARTICIPANTE).await;
    assert_eq!(
        view(&s, cve_log, &stranger).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        view(&s, cve_log, "not-a-token").await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn view(s: &TestServer, cve_log: i64, token: &str) -> Answer {
    let res = s
        .http
        .post(format!("{}{LOG}/{cve_log}/dc3", s.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("token={token}"))
        .send()
        .await
        .expect("form sent");
    TestServer::answer(res).await
}

#[tokio::test]
async fn a_batch_stores_its_good_rows_and_names_each_bad_one() {
    let s = TestServer::start().await;
    hire_contractors(&s, 2).await;
    let sup = s.login(CONTRATISTA).await;
    let workers = coworkers(&s, CONTRATISTA).await;
    let (tema, _) = topics(&s).await[0];
    let (tema2, _) = topics(&s).await[1];
    let inside: String = sqlx::query_scalar("SELECT curp FROM empleados WHERE correo_empleado = ?")
        .bind(PARTICIPANTE)
        .fetch_one(&s.state().db.read)
        .await
        .expect("curp");
    let foreign_key = upload(&s, &s.login(ANALISTA).await).await;
    let before = records(&s).await;
    let good = days_ago(30);
    let tomorrow = days_ago(-1);
    let batch = json!({"empleados_calificaciones": [
        row(&workers[0].1, &good, tema, None),
        row(&workers[1].1, "15/01/2026", tema2, None),
        row(&inside, &good, tema, None),
        row(&workers[2].1, &good, 999_999, None),
        row(&workers[2].1, &tomorrow, tema, None),
        row(&workers[2].1, "ayer", tema, None),
        {"CUIL_CUIT_CURP": workers[2].1, "Fecha_Realizacion": good, "Fecha_Vigencia": days_ago(60), "ID_TEMA": tema},
        row(&workers[0].1, &good, tema, None),
        row(&workers[2].1, &good, tema, Some(&foreign_key)),
    ]});
    let a = s.post(ALTA, Some(&sup), batch).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["cargados"], 2);
    assert_eq!(a.body["errors"], 7);
    let codes: Vec<(i64, String)> = a.body["errores"]
        .as_array()
        .expect("errores")
        .iter()
        .map(|e| {
            (
                e["indice"].as_i64().unwrap_or(-1),
                e["codigo"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert_eq!(
        codes,
        vec![
            (2, "certificados.empleado_no_encontrado".into()),
            (3, "certificados.tema_no_encontrado".into()),
            (4, "certificados.fecha_futura".into()),
            (5, "certificados.fecha_invalida".into()),
            (6, "certificados.vigencia_invalida".into()),
            (7, "certificados.certificacion_duplicada".into()),
            (8, "certificados.dc3_invalido".into()),
        ]
    );
    assert_eq!(a.body["errores"][0]["mensaje"], "Empelado no encontrado");
    assert_eq!(
        records(&s).await - before,
        2,
        "only the good rows are stored"
    );
    let dmy: String = sqlx::query_scalar(
        "SELECT fecha_realizacion FROM certificaciones_externas WHERE cve_tema = ? AND cve_empleado = ?",
    )
    .bind(tema2)
    .bind(workers[1].0)
    .fetch_one(&s.state().db.read)
    .await
    .expect("row");
    assert_eq!(dmy, "2026-01-15", "DD/MM/YYYY is read");

    // Batches hold 1 to 100 rows.
    let many: Vec<Value> = (0..101)
        .map(|_| row(&workers[0].1, &good, tema, None))
        .collect();
    let too_many = s
        .post(ALTA, Some(&sup), json!({"empleados_calificaciones": many}))
        .await;
    assert_eq!(
        (too_many.status, too_many.code()),
        (StatusCode::BAD_REQUEST, "certificados.lote_invalido")
    );
    let none = s
        .post(ALTA, Some(&sup), json!({"empleados_calificaciones": []}))
        .await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_template_round_trips_through_the_spreadsheet_reader() {
    let s = TestServer::start().await;
    let sup = s.login(CONTRATISTA).await;
    let t = s.get("/api/pri/proveedor/plantilla", Some(&sup)).await;
    assert_eq!(t.status, StatusCode::OK);
    assert!(t.bytes.starts_with(b"PK"), "an xlsx");

    // A filled file (columns in another order, a blank row, a date cell) is read back.
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in [
        "ID_TEMA",
        "CUIL_CUIT_CURP",
        "Fecha_Realizacion",
        "Fecha_Vigencia",
        "link_dc3",
    ]
    .iter()
    .enumerate()
    {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    ws.write_number(1, 0, 7.0).unwrap();
    ws.write_string(1, 1, "pelj850312hnlrps09").unwrap();
    let date = rust_xlsxwriter::ExcelDateTime::from_ymd(2026, 2, 3).unwrap();
    let fmt = rust_xlsxwriter::Format::new().set_num_format("dd/mm/yyyy");
    ws.write_datetime_with_format(1, 2, &date, &fmt).unwrap();
    ws.write_string(3, 0, "8").unwrap();
    ws.write_string(3, 1, "GOMP900101MNLRRT05").unwrap();
    ws.write_string(3, 2, "20/03/2026").unwrap();
    ws.write_string(3, 3, "2027-03-20").unwrap();
    let bytes = wb.save_to_buffer().unwrap();
    let a = s
        .send_form(
            Method::POST,
            "/api/pri/proveedor/alta/archivo",
            Some(&sup),
            file_form("c.xlsx", bytes),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["total"], 2);
    assert_eq!(
        a.body["filas"],
        json!([
            {"CUIL_CUIT_CURP": "PELJ850312HNLRPS09", "Fecha_Realizacion": "2026-02-03", "Fecha_Vigencia": null, "ID_TEMA": 7, "link_dc3": null},
            {"CUIL_CUIT_CURP": "GOMP900101MNLRRT05", "Fecha_Realizacion": "2026-03-20", "Fecha_Vigencia": "2027-03-20", "ID_TEMA": 8, "link_dc3": null},
        ])
    );

    // Not a spreadsheet; a sheet without the columns.
    let pdf = s
        .send_form(
            Method::POST,
            "/api/pri/proveedor/alta/archivo",
            Some(&sup),
            file_form("c.xlsx", pdf_bytes()),
        )
        .await;
    assert_eq!(
        (pdf.status, pdf.code()),
        (StatusCode::BAD_REQUEST, "carga.no_es_hoja")
    );
    let mut wb = rust_xlsxwriter::Workbook::new();
    wb.add_worksheet().write_string(0, 0, "Nombre").unwrap();
    let a = s
        .send_form(
            Method::POST,
            "/api/pri/proveedor/alta/archivo",
            Some(&sup),
            file_form("c.xlsx", wb.save_to_buffer().unwrap()),
        )
        .await;
    assert_eq!(
        (a.status, a.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "certificados.plantilla_invalida"
        )
    );
}

#[tokio::test]
async fn hostile_dc3_files_are_refused_and_nothing_is_stored() {
    let s = TestServer::start().await;
    let sup = s.login(CONTRATISTA).await;
    let files = stored_dc3(&s);
    let fake = s
        .send_form(
            Method::POST,
            DC3_UP,
            Some(&sup),
            file_form(
                "dc3.pdf",
                b"<html><script>alert(1)</script></html>".to_vec(),
            ),
        )
        .await;
    assert_eq!(
        (fake.status, fake.code()),
        (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "certificados.dc3_no_pdf"
        )
    );
    let mut big = pdf_bytes();
    big.resize(9 * 1024 * 1024, b' ');
    let huge = s
        .send_form(Method::POST, DC3_UP, Some(&sup), file_form("dc3.pdf", big))
        .await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(stored_dc3(&s), files, "nothing was stored");
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM certificaciones_dc3_subidas")
        .fetch_one(&s.state().db.read)
        .await
        .expect("count");
    assert_eq!(pending, 0);
    upload(&s, &sup).await;
    assert_eq!(stored_dc3(&s), files + 1);
}

#[tokio::test]
async fn a_rejection_reaches_the_supplier_and_a_new_dc3_sends_the_record_again() {
    let s = TestServer::start().await;
    let sup = s.login(CONTRATISTA).await;
    let analyst = s.login(ANALISTA).await;
    let workers = coworkers(&s, CONTRATISTA).await;
    let (tema, _) = topics(&s).await[0];
    let a = s
        .post(
            ALTA,
            Some(&sup),
            json!({"empleados_calificaciones": [row(&workers[0].1, &days_ago(3), tema, None)]}),
        )
        .await;
    assert_eq!(a.body["cargados"], 1, "{:?}", a.body);
    let cve_log = newest_of(&s, &sup, &workers[0].1).await["cve_log"]
        .as_i64()
        .expect("cve_log");

    // Without a DC-3 it cannot be authorised.
    let no_dc3 = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/autorizar"),
            Some(&analyst),
            None,
        )
        .await;
    assert_eq!(
        (no_dc3.status, no_dc3.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "certificados.certificacion_sin_dc3"
        )
    );

    // cargarDC3 with another session's key is refused; with one's own it works once.
    let analysts_key = upload(&s, &analyst).await;
    let stolen = s
        .post(
            "/api/pri/proveedor/cargarDC3",
            Some(&sup),
            json!({"cve_log": cve_log, "url": analysts_key}),
        )
        .await;
    assert_eq!(
        (stolen.status, stolen.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "certificados.dc3_invalido"
        )
    );
    let key = upload(&s, &sup).await;
    let load = s
        .post(
            "/api/pri/proveedor/cargarDC3",
            Some(&sup),
            json!({"cve_log": cve_log, "url": key}),
        )
        .await;
    assert_eq!(load.status, StatusCode::OK, "{:?}", load.body);
    let key2 = upload(&s, &sup).await;
    let twice = s
        .post(
            "/api/pri/proveedor/cargarDC3",
            Some(&sup),
            json!({"cve_log": cve_log, "url": key2}),
        )
        .await;
    assert_eq!(
        (twice.status, twice.code()),
        (StatusCode::CONFLICT, "certificados.dc3_existente")
    );

    // Rejected with a reason (required, at most 500 characters) the supplier reads.
    let empty = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/rechazar"),
            Some(&analyst),
            Some(json!({"motivo": "  "})),
        )
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let long = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/rechazar"),
            Some(&analyst),
            Some(json!({"motivo": "x".repeat(501)})),
        )
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    let motivo = "La DC-3 no está firmada por el instructor";
    let r = s
        .call(
            Method::PUT,
            &format!("{LOG}/{cve_log}/rechazar"),
            Some(&analyst),
            Some(json!({"motivo": motivo})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let seen = s.get(&format!("{LOG}?estado=Rechazado"), Some(&sup)).await;
    assert_eq!(seen.status, StatusCode::OK, "{:?}", seen.body);
    let rejected = rows(&seen);
    assert!(rejected.iter().all(|r| r["estado"] == "Rechazado"));
    let ours = rejected
        .iter()
        .find(|r| r["cve_log"] == cve_log)
        .expect("the rejected record is listed");
    assert_eq!(ours["motivo_rechazo"], motivo);

    // Changing the DC-3 sends it again; the old file is gone from storage.
    let before = stored_dc3(&s);
    let change = s
        .post(
            "/api/pri/proveedor/cambiarDC3",
            Some(&sup),
            json!({"cve_log": cve_log, "url": key2}),
        )
        .await;
    assert_eq!(change.status, StatusCode::OK, "{:?}", change.body);
    assert_eq!(stored_dc3(&s), before - 1, "the replaced DC-3 is deleted");
    let now = newest_of(&s, &sup, &workers[0].1).await;
    assert_eq!(now["cve_log"], cve_log);
    assert_eq!(now["estado"], "Enviado");
    assert_eq!(now["motivo_rechazo"], "");
    assert_eq!(now["link_dc3"], key2.as_str());
    let bad_state = s.get(&format!("{LOG}?estado=Perdido"), Some(&sup)).await;
    assert_eq!(bad_state.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn each_profile_sees_only_the_records_within_its_reach() {
    let s = TestServer::start().await;
    hire_contractors(&s, 1).await;
    let sup = s.login(CONTRATISTA).await;
    let (tema, _) = topics(&s).await[0];
    let mmn = coworkers(&s, CONTRATISTA).await;
    let a = s
        .post(
            ALTA,
            Some(&sup),
            json!({"empleados_calificaciones": [row(&mmn[0].1, &days_ago(5), tema, None)]}),
        )
        .await;
    assert_eq!(a.body["cargados"], 1, "{:?}", a.body);

    // A supplier of the other contractor company: the first one's workers are out of reach.
    let sir_supplier: String = sqlx::query_scalar(
        "SELECT e.correo_empleado FROM empleados e
         JOIN estructura n4 ON n4.cve_estructura = e.n4 AND n4.nombre = 'Seguridad Integral Regiomontana'
         JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.idperfil = 4
         ORDER BY e.cve_empleado LIMIT 1",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("a supplier of the other company");
    let other = s.login(&sir_supplier).await;
    assert!(log_rows(&s, &other).await.is_empty());
    let cve_log = newest_of(&s, &sup, &mmn[0].1).await["cve_log"]
        .as_i64()
        .expect("cve_log");
    let key = upload(&s, &other).await;
    let foreign = s
        .post(
            "/api/pri/proveedor/cargarDC3",
            Some(&other),
            json!({"cve_log": cve_log, "url": key}),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let curp = s
        .get(&format!("{CURP_URL}/{}", mmn[0].1), Some(&other))
        .await;
    assert_eq!(curp.body["res"], json!([]));
    let alta = s
        .post(
            ALTA,
            Some(&other),
            json!({"empleados_calificaciones": [row(&mmn[1].1, &days_ago(5), tema, None)]}),
        )
        .await;
    assert_eq!(
        alta.body["errores"][0]["codigo"],
        "certificados.empleado_no_encontrado"
    );

    // Rep. Empresa (the contractors' boss) and the analyst see it; a participant has no section.
    let rep = s.login(REP).await;
    let reps = log_rows(&s, &rep).await;
    assert!(reps.iter().any(|r| r["cve_log"] == cve_log));
    assert!(
        reps.iter()
            .all(|r| r["nombre_proveedor"] == "Montajes y Mantenimiento del Norte")
    );
    let analyst = s.login(ANALISTA).await;
    let all = log_rows(&s, &analyst).await;
    assert!(all.iter().any(|r| r["cve_log"] == cve_log));
    assert_eq!(all.len() as i64, records(&s).await);
    let par = s.login(PARTICIPANTE).await;
    let denied = s.post(&format!("{LOG}/tabla"), Some(&par), json!({})).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
    let denied = s.get(&format!("{CURP_URL}/{}", mmn[0].1), Some(&par)).await;
    assert_eq!(denied.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_demo_supplier_has_records_in_every_state_and_the_authorised_ones_are_in_the_ledger() {
    let s = TestServer::start().await;
    let sup = s.login(CONTRATISTA).await;
    let rows = log_rows(&s, &sup).await;
    for estado in ["Enviado", "Autorizado", "Rechazado"] {
        assert!(
            rows.iter().any(|r| r["estado"] == estado),
            "a record {estado}"
        );
    }
    assert!(
        rows.iter()
            .any(|r| r["estado"] == "Enviado" && r["link_dc3"] == "")
    );
    assert!(
        rows.iter()
            .any(|r| r["estado"] == "Rechazado" && r["motivo_rechazo"] != "")
    );
    let unbacked: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM certificaciones_externas c
         LEFT JOIN plan_acreditaciones a ON a.id_acreditacion = c.id_acreditacion
              AND a.origen = 'certificacion_externa' AND a.referencia = 'certificacion:' || c.cve_log
         WHERE c.estado = 'Autorizado' AND a.id_acreditacion IS NULL",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("count");
    assert_eq!(unbacked, 0, "every authorised record has its ledger fact");
    for r in rows.iter().filter(|r| r["link_dc3"] != "") {
        let pdf = view(&s, r["cve_log"].as_i64().expect("cve_log"), &sup).await;
        assert_eq!(pdf.status, StatusCode::OK);
        assert!(pdf.bytes.starts_with(b"%PDF"));
    }
}
