//! Certificates (issue 15): the DC-3's checks with the spec's messages, its one-page PDF
//! posted as a form in a new tab, the verification code anyone can check, revocation when
//! a course reopens, and who may have whose certificate.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const VALIDAR: &str = "/api/pri/cursos/actions/ver_participantes/descargar/dc3";
const DC3: &str = "/api/pri/certificados/dc3";
const VERIFICAR: &str = "/api/pub/certificados/verificar";

/// The latest closed course of `modalidad` and one of its participants with the result asked
/// for (`acreditado` 1 or 0), working for the demo's main company. The demo handed over the
/// DC-3s of older courses; the latest one's are still due.
async fn participant(s: &TestServer, modalidad: &str, acreditado: i64) -> (i64, i64, String) {
    sqlx::query_as(
        "SELECT c.cve_curso, i.cve_empleado, e.nombre_empleado FROM cursos c
         JOIN cursos_inscripciones i ON i.cve_curso = c.cve_curso AND i.estatus = 'inscrito'
         JOIN empleados e ON e.cve_empleado = i.cve_empleado
         JOIN empresas_stps s ON s.cve_n4 = e.n4 AND s.num_trabajadores > 50
         WHERE c.estatus = 'cerrado' AND c.modalidad = ? AND i.acreditado = ?
         ORDER BY c.fecha_fin DESC, c.cve_curso DESC, i.cve_empleado LIMIT 1",
    )
    .bind(modalidad)
    .bind(acreditado)
    .fetch_one(&s.state().db.read)
    .await
    .expect("a demo participant")
}

/// Posts the DC-3 form as the browser does (form-urlencoded, token in the form).
async fn post_form(s: &TestServer, curso: i64, empleado: i64, token: &str) -> Answer {
    let res = s
        .http
        .post(format!("{}{DC3}", s.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(
            url::form_urlencoded::Serializer::new(String::new())
                .append_pair("cve_curso", &curso.to_string())
                .append_pair("cve_empleado", &empleado.to_string())
                .append_pair("token", token)
                .finish(),
        )
        .send()
        .await
        .expect("form sent");
    TestServer::answer(res).await
}

async fn code_of(s: &TestServer, curso: i64, empleado: i64) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT codigo FROM certificados WHERE tipo = 'dc3' AND cve_curso = ? AND cve_empleado = ? ORDER BY id_certificado",
    )
    .bind(curso)
    .bind(empleado)
    .fetch_all(&s.state().db.read)
    .await
    .expect("codes")
}

#[tokio::test]
async fn an_accredited_participant_gets_a_one_page_dc3_whose_code_anyone_can_check() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (curso, empleado, nombre) = participant(&s, "PRESENCIAL", 1).await;

    let ok = s
        .get(&format!("{VALIDAR}/{empleado}/{curso}"), Some(&t))
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(ok.body["resp"], "Excelente");

    let pdf = post_form(&s, curso, empleado, &t).await;
    assert_eq!(pdf.status, StatusCode::OK, "{:?}", pdf.body);
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    let disposition = pdf.headers["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("inline"), "{disposition}");
    assert!(pdf.bytes.starts_with(b"%PDF-"));
    let text = String::from_utf8_lossy(&pdf.bytes);
    let pages = regex::Regex::new(r"/Type\s*/Page\b").unwrap();
    assert_eq!(pages.find_iter(&text).count(), 1, "one page");
    assert!(text.contains("/FontFile2"), "the font is embedded");
    assert!(text.contains("DejaVuSans"), "the font with Spanish accents");

    // Issued once: a second download keeps the same code.
    let again = post_form(&s, curso, empleado, &t).await;
    assert_eq!(again.status, StatusCode::OK);
    let codes = code_of(&s, curso, empleado).await;
    assert_eq!(codes.len(), 1);
    let code = &codes[0];
    let delivered: Option<String> =
        sqlx::query_scalar("SELECT entregado FROM certificados WHERE codigo = ?")
            .bind(code)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    assert!(delivered.is_some(), "the download records the delivery");

    // Anyone (no token at all) checks it, typed in lower case without hyphens too.
    let v = s.get(&format!("{VERIFICAR}/{code}"), None).await;
    assert_eq!(v.status, StatusCode::OK, "{:?}", v.body);
    assert_eq!(v.body["estado"], "vigente");
    assert_eq!(v.body["tipo"], "dc3");
    assert_eq!(v.body["codigo"], code.as_str());
    let shown = v.body["titular"].as_str().unwrap();
    let first = nombre.split_whitespace().next().unwrap();
    assert!(shown.starts_with(first), "{shown}");
    assert_ne!(shown, nombre, "the name is partly masked");
    assert!(shown.ends_with('.'), "{shown}");
    let keys: Vec<&str> = v
        .body
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for k in &keys {
        assert!(
            [
                "codigo",
                "tipo",
                "titular",
                "titulo",
                "fecha_inicio",
                "fecha_fin",
                "vigencia",
                "emitido",
                "estado",
                "fecha_revocacion"
            ]
            .contains(k),
            "the page shows nothing else: {k}"
        );
    }
    let typed = code.replace('-', "").to_lowercase();
    let v = s.get(&format!("{VERIFICAR}/{typed}"), None).await;
    assert_eq!(v.body["codigo"], code.as_str());

    // Reopening the course revokes it at once.
    let r = s
        .post(
            &format!("/api/pri/cursos/{curso}/abrir"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let v = s.get(&format!("{VERIFICAR}/{code}"), None).await;
    assert_eq!(v.body["estado"], "revocado");
    assert!(v.body["fecha_revocacion"].is_string());

    let unknown = s.get(&format!("{VERIFICAR}/0000-0000-0000"), None).await;
    assert_eq!(
        (unknown.status, unknown.code()),
        (StatusCode::NOT_FOUND, "certificados.codigo_no_encontrado")
    );
    let malformed = s.get(&format!("{VERIFICAR}/no-es-un-codigo"), None).await;
    assert_eq!(malformed.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_dc3_checks_answer_the_spec_messages() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (curso, empleado, _) = participant(&s, "PRESENCIAL", 1).await;

    let none = s
        .get(&format!("{VALIDAR}/{empleado}/999999"), Some(&t))
        .await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.resp(), "No se encontro información del curso");

    // A virtual course (modality code 2) carries no DC-3.
    let (virtual_curso, virtual_empleado, _) = participant(&s, "VIRTUAL", 1).await;
    let v = s
        .get(
            &format!("{VALIDAR}/{virtual_empleado}/{virtual_curso}"),
            Some(&t),
        )
        .await;
    assert_eq!(v.code(), "certificados.curso_sin_informacion");

    // A participant who failed: the numbered list, in the form's order.
    let (failed_curso, failed, _) = participant(&s, "PRESENCIAL", 0).await;
    let r = s
        .get(&format!("{VALIDAR}/{failed}/{failed_curso}"), Some(&t))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.code(), "certificados.dc3_incompleto");
    assert_eq!(
        r.resp(),
        "El curso tiene datos incompletos\n1. El participante no acreditó el curso"
    );
    let form = post_form(&s, failed_curso, failed, &t).await;
    assert_eq!(
        form.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no PDF for missing data"
    );

    // Without the employer's representative (deactivated) nor the company's RFC.
    let n4: i64 = sqlx::query_scalar("SELECT n4 FROM empleados WHERE cve_empleado = ?")
        .bind(empleado)
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    let a = s.login(ADMIN).await;
    let reps = s
        .post(
            "/api/pri/catalogos/representantes_DC3/tabla",
            Some(&a),
            json!({"page": 1, "cantPP": 50, "columns_with_selects": [{"column": "tipo", "nomfield": "tipo", "input": "patron"}]}),
        )
        .await;
    let rep = reps.body["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["cve_n4"] == n4)
        .expect("the company's employer representative")
        .clone();
    let r = s
        .call(
            Method::PUT,
            &format!(
                "/api/pri/catalogos/representantes_DC3/{}",
                rep["cve_representante"]
            ),
            Some(&a),
            Some(json!({"nombre": rep["nombre"], "puesto": rep["puesto"], "activo": 0})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/datos_stps/empresas/{n4}"),
            Some(&a),
            Some(json!({"razon_social": "Grupo Industrial Sierra Madre S.A. de C.V.", "rfc": null, "num_trabajadores": 287})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .get(&format!("{VALIDAR}/{empleado}/{curso}"), Some(&t))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.resp(),
        "El curso tiene datos incompletos\n1. El RFC con homoclave de la empresa\n2. El patrón o representante legal de la empresa"
    );
    let fields: Vec<&Value> = r.body["fields"].as_object().unwrap().values().collect();
    assert_eq!(fields.len(), 2);
    // In English too.
    let en = s
        .http
        .get(format!("{}{VALIDAR}/{empleado}/{curso}", s.base))
        .bearer_auth(&t)
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    let en = TestServer::answer(en).await;
    assert!(
        en.resp().starts_with("The course has incomplete data\n1. "),
        "{}",
        en.resp()
    );
}

#[tokio::test]
async fn someone_elses_dc3_is_refused_outside_ones_scope() {
    let s = TestServer::start().await;
    let (curso, empleado, _) = participant(&s, "PRESENCIAL", 1).await;
    // A participant without the certificates section: only their own.
    let p = s.login(PARTICIPANTE).await;
    let r = s
        .get(&format!("{VALIDAR}/{empleado}/{curso}"), Some(&p))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.sin_permiso")
    );
    let r = post_form(&s, curso, empleado, &p).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(
        code_of(&s, curso, empleado).await.is_empty(),
        "nothing issued"
    );
    // The employee themself may.
    let correo: String =
        sqlx::query_scalar("SELECT correo_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(empleado)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let own = s.login(&correo).await;
    let r = s
        .get(&format!("{VALIDAR}/{empleado}/{curso}"), Some(&own))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    // A form without a valid session token is refused.
    let r = post_form(&s, curso, empleado, "no-es-un-token").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let g = s.generic().await;
    let r = post_form(&s, curso, empleado, &g).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn looking_up_codes_is_rate_limited() {
    let s = TestServer::start().await;
    let mut last = StatusCode::OK;
    for _ in 0..31 {
        last = s
            .get(&format!("{VERIFICAR}/0000-0000-0000"), None)
            .await
            .status;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn analysts_follow_the_dc3s_owed_and_send_a_courses_pending_ones_by_email() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (curso, empleado, _) = participant(&s, "PRESENCIAL", 1).await;
    let anio: String =
        sqlx::query_scalar("SELECT substr(fecha_fin, 1, 4) FROM cursos WHERE cve_curso = ?")
            .bind(curso)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let list = s
        .get(
            &format!("/api/pri/certificados/dc3/seguimiento?anio={anio}"),
            Some(&t),
        )
        .await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    let row = |l: &Answer| {
        l.body
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["cve_curso"] == curso)
            .expect("the course is followed")
            .clone()
    };
    let before = row(&list);
    assert!(before["acreditados"].as_i64().unwrap() >= 1);
    assert_eq!(before["entregadas"], 0);
    let limite = before["fecha_limite"].as_str().unwrap().to_string();
    assert!(limite.as_str() > before["fecha_fin"].as_str().unwrap());
    // The latest course ended days ago: still within its 20 working days.
    assert_eq!(before["estado"], "por_entregar");
    assert!(before["dias_restantes"].as_i64().unwrap() >= 0);
    // The demo's oldest course: every DC-3 handed over.
    let (oldest, oldest_year): (i64, String) = sqlx::query_as(
        "SELECT cve_curso, substr(fecha_fin, 1, 4) FROM cursos WHERE estatus = 'cerrado' AND modalidad = 'PRESENCIAL'
         ORDER BY fecha_fin, cve_curso LIMIT 1",
    )
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    let old = s
        .get(
            &format!("/api/pri/certificados/dc3/seguimiento?anio={oldest_year}"),
            Some(&t),
        )
        .await;
    let old = old
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cve_curso"] == oldest)
        .expect("followed")
        .clone();
    assert_eq!(old["estado"], "entregadas", "{old:?}");
    assert_eq!(old["pendientes"], 0);
    // The virtual course is not followed.
    assert!(
        list.body
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["nombre_curso"] != "Código de ética 2026"),
        "a virtual course carries no DC-3"
    );

    // A download counts as delivered.
    let pdf = post_form(&s, curso, empleado, &t).await;
    assert_eq!(pdf.status, StatusCode::OK);
    let list = s
        .get(
            &format!("/api/pri/certificados/dc3/seguimiento?anio={anio}"),
            Some(&t),
        )
        .await;
    assert_eq!(row(&list)["entregadas"], 1);

    let detail = s
        .get(
            &format!("/api/pri/certificados/dc3/seguimiento/{curso}"),
            Some(&t),
        )
        .await;
    assert_eq!(detail.status, StatusCode::OK, "{:?}", detail.body);
    let people = detail.body["participantes"].as_array().unwrap();
    let me = people
        .iter()
        .find(|p| p["cve_empleado"] == empleado)
        .unwrap();
    assert_eq!(me["medio_entrega"], "descarga");
    assert!(me["codigo"].is_string());

    // Sending e-mails the rest, each with their PDF, and records it.
    let outbox = s.config.data_dir.join("outbox");
    let before_files: std::collections::HashSet<_> = std::fs::read_dir(&outbox)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let sent = s
        .post(
            &format!("/api/pri/certificados/dc3/{curso}/enviar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{:?}", sent.body);
    let enviadas = sent.body["enviadas"].as_i64().unwrap();
    assert_eq!(sent.body["ya_entregadas"], 1);
    assert_eq!(
        enviadas
            + 1
            + sent.body["sin_correo"].as_i64().unwrap()
            + sent.body["incompletas"].as_i64().unwrap(),
        people.len() as i64
    );
    assert!(enviadas >= 1);
    // The mails are written by a background task, each file while it is read: wait for the
    // whole set of DC-3 mails rather than for a count of files.
    let dc3_mails = || {
        std::fs::read_dir(&outbox)
            .map(|d| {
                d.flatten()
                    .filter(|e| !before_files.contains(&e.path()))
                    .filter(|e| {
                        std::fs::read_to_string(e.path())
                            .map(|m| m.contains("application/pdf") && m.contains("DC-3"))
                            .unwrap_or(false)
                    })
                    .count()
            })
            .unwrap_or(0)
    };
    let mut with_pdf = 0;
    for _ in 0..100 {
        with_pdf = dc3_mails();
        if with_pdf >= enviadas as usize {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(with_pdf >= enviadas as usize, "{with_pdf} of {enviadas}");
    let again = s
        .post(
            &format!("/api/pri/certificados/dc3/{curso}/enviar"),
            Some(&t),
            json!({}),
        )
        .await;
    assert_eq!(again.body["enviadas"], 0, "never sent twice");
    let list = s
        .get(
            &format!("/api/pri/certificados/dc3/seguimiento?anio={anio}"),
            Some(&t),
        )
        .await;
    assert_eq!(row(&list)["entregadas"].as_i64().unwrap(), 1 + enviadas);
    // Without the section: 403.
    let p = s.login(PARTICIPANTE).await;
    let r = s
        .get("/api/pri/certificados/dc3/seguimiento", Some(&p))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

/// Posts a course certificate's form.
async fn post_course_form(s: &TestServer, curso: i64, empleado: i64, token: &str) -> Answer {
    let res = s
        .http
        .post(format!("{}/api/pri/certificados/curso", s.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!(
            "cve_curso={curso}&cve_empleado={empleado}&token={token}"
        ))
        .send()
        .await
        .expect("form sent");
    TestServer::answer(res).await
}

#[tokio::test]
async fn a_course_certificate_is_issued_for_any_modality_once_accredited() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    // A virtual course has no DC-3 but does have its course certificate.
    let (curso, empleado, _) = participant(&s, "VIRTUAL", 1).await;
    let pdf = post_course_form(&s, curso, empleado, &t).await;
    assert_eq!(pdf.status, StatusCode::OK, "{:?}", pdf.body);
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    assert!(pdf.bytes.starts_with(b"%PDF-"));
    let code: String = sqlx::query_scalar(
        "SELECT codigo FROM certificados WHERE tipo = 'curso' AND cve_curso = ? AND cve_empleado = ?",
    )
    .bind(curso)
    .bind(empleado)
    .fetch_one(&s.state().db.read)
    .await
    .expect("issued");
    let v = s.get(&format!("{VERIFICAR}/{code}"), None).await;
    assert_eq!(
        (v.body["tipo"].as_str(), v.body["estado"].as_str()),
        (Some("curso"), Some("vigente"))
    );

    let (failed_curso, failed, _) = participant(&s, "PRESENCIAL", 0).await;
    let r = post_course_form(&s, failed_curso, failed, &t).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        r.resp(),
        "No se puede emitir la constancia del curso\n1. El participante no acreditó el curso"
    );
    let r = post_course_form(&s, 999_999, empleado, &t).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

/// Posts a form to `path` with `pairs` (form-urlencoded).
async fn post_pairs(s: &TestServer, path: &str, pairs: &[(&str, String)]) -> Answer {
    let mut body = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        body.append_pair(k, v);
    }
    let res = s
        .http
        .post(format!("{}{path}", s.base))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body.finish())
        .send()
        .await
        .expect("form sent");
    TestServer::answer(res).await
}

fn pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    regex::Regex::new(r"/Type\s*/Page\b")
        .unwrap()
        .find_iter(&text)
        .count()
}

#[tokio::test]
async fn a_participant_sees_their_certificates_and_downloads_several_in_one_pdf() {
    let s = TestServer::start().await;
    // Someone who passed both a face-to-face and the virtual course.
    let (empleado, correo, presencial, virtual_): (i64, String, i64, i64) = sqlx::query_as(
        "SELECT e.cve_empleado, e.correo_empleado, MIN(cp.cve_curso), MIN(cv.cve_curso) FROM empleados e
         JOIN cursos_inscripciones ip ON ip.cve_empleado = e.cve_empleado AND ip.acreditado = 1 AND ip.estatus = 'inscrito'
         JOIN cursos cp ON cp.cve_curso = ip.cve_curso AND cp.estatus = 'cerrado' AND cp.modalidad = 'PRESENCIAL'
         JOIN cursos_inscripciones iv ON iv.cve_empleado = e.cve_empleado AND iv.acreditado = 1 AND iv.estatus = 'inscrito'
         JOIN cursos cv ON cv.cve_curso = iv.cve_curso AND cv.estatus = 'cerrado' AND cv.modalidad = 'VIRTUAL'
         JOIN empresas_stps s ON s.cve_n4 = e.n4 AND s.num_trabajadores > 50
         GROUP BY e.cve_empleado ORDER BY e.cve_empleado LIMIT 1",
    )
    .fetch_one(&s.state().db.read)
    .await
    .expect("a demo employee with both");
    let t = s.login(&correo).await;
    let mine = s
        .get("/api/pri/certificados/mis_constancias", Some(&t))
        .await;
    assert_eq!(mine.status, StatusCode::OK, "{:?}", mine.body);
    let list = mine.body.as_array().unwrap();
    let of = |curso: i64| {
        list.iter()
            .find(|c| c["cve_curso"] == curso)
            .expect("listed")
            .clone()
    };
    let p = of(presencial);
    assert_eq!(p["dc3"]["aplica"], true);
    assert_eq!(p["dc3"]["disponible"], true, "{p:?}");
    let v = of(virtual_);
    assert_eq!(v["dc3"]["aplica"], false);

    let pdf = post_pairs(
        &s,
        "/api/pri/certificados/varias",
        &[
            ("cve_empleado", empleado.to_string()),
            (
                "certificados",
                format!("dc3:{presencial},curso:{presencial},curso:{virtual_}"),
            ),
            ("token", t.clone()),
        ],
    )
    .await;
    assert_eq!(pdf.status, StatusCode::OK, "{:?}", pdf.body);
    assert_eq!(pages(&pdf.bytes), 3);
    let mine = s
        .get("/api/pri/certificados/mis_constancias", Some(&t))
        .await;
    let p = mine
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cve_curso"] == presencial)
        .unwrap()
        .clone();
    assert!(p["dc3"]["codigo"].is_string() && p["codigo_constancia"].is_string());

    // A DC-3 of the virtual course cannot be in it; nor someone else's certificates.
    let r = post_pairs(
        &s,
        "/api/pri/certificados/varias",
        &[
            ("cve_empleado", empleado.to_string()),
            ("certificados", format!("dc3:{virtual_}")),
            ("token", t.clone()),
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let other = s.login(PARTICIPANTE).await;
    let r = post_pairs(
        &s,
        "/api/pri/certificados/varias",
        &[
            ("cve_empleado", empleado.to_string()),
            ("certificados", format!("curso:{presencial}")),
            ("token", other),
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = post_pairs(
        &s,
        "/api/pri/certificados/varias",
        &[
            ("cve_empleado", empleado.to_string()),
            ("certificados", "todas".into()),
            ("token", t),
        ],
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "validacion.certificados")
    );
}

#[tokio::test]
async fn an_analyst_downloads_a_whole_course_as_one_pdf_or_a_zip() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (curso, _, _) = participant(&s, "PRESENCIAL", 1).await;
    let acreditados: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM cursos_inscripciones WHERE cve_curso = ? AND estatus = 'inscrito' AND acreditado = 1",
    )
    .bind(curso)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    let path = format!("/api/pri/certificados/curso/{curso}/lote");
    let pdf = post_pairs(
        &s,
        &path,
        &[
            ("tipo", "dc3".into()),
            ("formato", "pdf".into()),
            ("token", t.clone()),
        ],
    )
    .await;
    assert_eq!(pdf.status, StatusCode::OK, "{:?}", pdf.body);
    assert_eq!(
        pages(&pdf.bytes) as i64,
        acreditados,
        "every accredited participant (the demo's data is complete)"
    );
    let zip = post_pairs(
        &s,
        &path,
        &[
            ("tipo", "curso".into()),
            ("formato", "zip".into()),
            ("token", t.clone()),
        ],
    )
    .await;
    assert_eq!(zip.status, StatusCode::OK, "{:?}", zip.body);
    assert_eq!(zip.headers["content-type"], "application/zip");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip.bytes)).expect("a zip");
    assert_eq!(archive.len() as i64, acreditados);
    let mut first = Vec::new();
    std::io::Read::read_to_end(&mut archive.by_index(0).unwrap(), &mut first).unwrap();
    assert!(first.starts_with(b"%PDF-"));
    let p = s.login(PARTICIPANTE).await;
    let r = post_pairs(
        &s,
        &path,
        &[
            ("tipo", "dc3".into()),
            ("formato", "pdf".into()),
            ("token", p),
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = post_pairs(
        &s,
        &path,
        &[
            ("tipo", "dc4".into()),
            ("formato", "pdf".into()),
            ("token", t),
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_dc4_lists_a_companys_constancias_of_the_year_as_pdf_and_xlsx() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let (curso, empleado, nombre) = participant(&s, "PRESENCIAL", 1).await;
    let (n4, anio): (i64, String) = sqlx::query_as(
        "SELECT e.n4, substr(c.fecha_fin, 1, 4) FROM empleados e, cursos c WHERE e.cve_empleado = ? AND c.cve_curso = ?",
    )
    .bind(empleado)
    .bind(curso)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    // One DC-3 issued first: its code shows on its line.
    assert_eq!(
        post_form(&s, curso, empleado, &t).await.status,
        StatusCode::OK
    );
    let base = format!("/api/pri/certificados/dc4?cve_n4={n4}&anio={anio}");
    let list = s.get(&base, Some(&t)).await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    assert_eq!(list.body["rfc"], "GIS980312KT4");
    let lines = list.body["lineas"].as_array().unwrap();
    let expected: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM cursos c JOIN cursos_inscripciones i ON i.cve_curso = c.cve_curso
         JOIN empleados e ON e.cve_empleado = i.cve_empleado
         WHERE e.n4 = ? AND c.estatus = 'cerrado' AND c.modalidad <> 'VIRTUAL' AND i.acreditado = 1
           AND i.estatus = 'inscrito' AND substr(c.fecha_fin, 1, 4) = ?",
    )
    .bind(n4)
    .bind(&anio)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(
        lines.len() as i64,
        expected,
        "one line per accredited worker, virtual courses out"
    );
    let mine = lines
        .iter()
        .find(|l| l["nombre_empleado"] == nombre.as_str() && l["codigo"].is_string())
        .expect("the issued DC-3's line");
    assert_eq!(mine["curp"].as_str().unwrap().len(), 18);
    assert!(mine["horas"].as_f64().unwrap() > 0.0);
    let numbers: Vec<i64> = lines
        .iter()
        .map(|l| l["numero"].as_i64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=lines.len() as i64).collect::<Vec<_>>());

    let pdf = s.get(&format!("{base}&formato=pdf"), Some(&t)).await;
    assert_eq!(pdf.status, StatusCode::OK);
    assert_eq!(pdf.headers["content-type"], "application/pdf");
    assert!(pages(&pdf.bytes) >= 1);
    let xlsx = s.get(&format!("{base}&formato=xlsx"), Some(&t)).await;
    assert_eq!(xlsx.status, StatusCode::OK);
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx.bytes)).expect("an xlsx");
    let sheet = calamine::Reader::worksheet_range(&mut book, "DC-4").expect("the sheet");
    // Four header rows, a blank one, the titles, then a row per line.
    assert_eq!(sheet.height(), 6 + lines.len());

    assert_eq!(
        s.get(&format!("{base}&formato=doc"), Some(&t)).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        s.get("/api/pri/certificados/dc4?cve_n4=999999", Some(&t))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let p = s.login(PARTICIPANTE).await;
    assert_eq!(s.get(&base, Some(&p)).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_block_certificate_is_issued_once_every_topic_of_the_block_is_accredited() {
    let s = TestServer::start().await;
    let a = s.login(ADMIN).await;
    let p = s.login(PARTICIPANTE).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let plan = s
        .post(
            &format!("/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/por-bloques/{me}/dat"),
            Some(&p),
            json!({}),
        )
        .await;
    assert_eq!(plan.status, StatusCode::OK, "{:?}", plan.body);
    let block = plan.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["estatus"] == "0" && !b["temas"].as_array().unwrap().is_empty())
        .expect("a block of the participant still in progress")
        .clone();
    let id = block["id_bloque"].as_i64().unwrap();
    let post_block = |token: String| {
        let s = &s;
        async move {
            post_pairs(
                s,
                "/api/pri/certificados/bloque",
                &[
                    ("id_bloque", id.to_string()),
                    ("cve_empleado", me.to_string()),
                    ("token", token),
                ],
            )
            .await
        }
    };
    let r = post_block(p.clone()).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "certificados.bloque_incompleto"
        )
    );
    // HR enters the missing accreditations by hand.
    let hoy = aula::plans::today(s.state()).format("%Y-%m-%d").to_string();
    for t in block["temas"].as_array().unwrap() {
        if t["acreditado"] == "1" {
            continue;
        }
        let r = s
            .post(
                &format!("/api/pri/plan_capacitacion/ver_kardex_capacitacion/{me}/acreditaciones"),
                Some(&a),
                json!({"cve_tema": t["cve_tema"], "fecha": hoy, "calificacion": 100, "motivo": "Curso externo comprobado"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    }
    let pdf = post_block(p.clone()).await;
    assert_eq!(pdf.status, StatusCode::OK, "{:?}", pdf.body);
    assert_eq!(pages(&pdf.bytes), 1);
    let code: String = sqlx::query_scalar(
        "SELECT codigo FROM certificados WHERE tipo = 'bloque' AND id_bloque = ? AND cve_empleado = ?",
    )
    .bind(id)
    .bind(me)
    .fetch_one(&s.state().db.read)
    .await
    .expect("issued");
    let v = s.get(&format!("{VERIFICAR}/{code}"), None).await;
    assert_eq!(v.body["tipo"], "bloque");
    assert_eq!(v.body["titulo"], block["nombre_bloque"]);
    assert_eq!(v.body["estado"], "vigente");
    // Downloading again keeps the code; someone else's block is refused.
    assert_eq!(post_block(p).await.status, StatusCode::OK);
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM certificados WHERE tipo = 'bloque' AND cve_empleado = ?",
    )
    .bind(me)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(n, 1);
    let other = s.login(INSTRUCTOR).await;
    assert_eq!(post_block(other).await.status, StatusCode::FORBIDDEN);
}
