//! SCORM 1.2 and 2004 (issue 14), black-box against the shared contract: packages built on
//! the fly are uploaded to topics, launched from the app origin and driven through the content
//! origin's two runtime calls the way the player page relays an authoring tool's script
//! (initialize → set values → commit → finish; relaunch → resume), with the results reaching
//! the section-7 calls and the plan's ledger; hostile packages are refused with their code and
//! leave nothing stored; the content origin is isolated from the app origin.

use crate::common;
use crate::courses_support;
use crate::plans_support;
use crate::scorm_support;

use std::io::{Cursor, Write};

use common::*;
use reqwest::{Method, StatusCode};
use scorm_support::*;
use serde_json::{Value, json};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

/// An e-learning topic (no room, no instructor) in the participant's plan; its `cve_tema`.
async fn scorm_topic(s: &TestServer, an: &str, abbr: &str, cve: i64) -> i64 {
    let tema = courses_support::topic_with(
        s,
        an,
        abbr,
        json!({"modalidad": "E_LEARNING", "requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    plans_support::seed_requirement(
        s,
        "empleado",
        Some(tema),
        None,
        ("empleado", cve),
        true,
        None,
    )
    .await;
    tema
}

/// The planned topic `tema` of an employee's plan list (`Pendientes` or `Completados`).
async fn planned(s: &TestServer, tok: &str, cve: i64, lista: &str, tema: i64) -> Option<Value> {
    let r = s
        .post(
            &format!(
                "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve}/{lista}"
            ),
            Some(tok),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    r.body["temas"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["cve_tema"] == json!(tema)).cloned())
}

async fn puntaje(s: &TestServer, tok: &str, cve: i64, clave: &str) -> Answer {
    s.get(
        &format!("/api/pri/cursos/puntaje_usuario/{cve}/{clave}"),
        Some(tok),
    )
    .await
}

/// Accredited rows of the ledger for an employee and topic (a failed result may be kept as
/// a non-accredited fact).
async fn accredited_rows(s: &TestServer, cve: i64, tema: i64) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ? AND acreditado = 1",
    )
    .bind(cve)
    .bind(tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("count")
}

/// A launch value, "" when left out (the player's default).
fn vacio<'a>(item: &'a Value, key: &str) -> &'a str {
    item.get(key).and_then(Value::as_str).unwrap_or("")
}

fn clave(p: &Value) -> String {
    p["clave_scorm"].as_str().expect("clave_scorm").to_string()
}

/// The CSP every content-origin answer must carry, checked on one answer.
fn assert_content_headers(a: &Answer, what: &str, app_origin: &str) {
    let csp = a
        .headers
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_else(|| panic!("{what}: no CSP ({})", a.status));
    for part in [
        "default-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ] {
        assert!(csp.contains(part), "{what}: CSP without {part}: {csp}");
    }
    // Only the app origin may frame the player (and the player, on this origin, its SCO).
    let ancestors: Vec<&str> = csp
        .split(';')
        .map(str::trim)
        .find_map(|d| d.strip_prefix("frame-ancestors "))
        .unwrap_or_else(|| panic!("{what}: no frame-ancestors: {csp}"))
        .split_whitespace()
        .collect();
    assert!(ancestors.contains(&app_origin), "{what}: {csp}");
    assert!(
        ancestors.iter().all(|a| *a == app_origin || *a == "'self'"),
        "{what}: other framers allowed: {csp}"
    );
    assert_eq!(
        a.headers
            .get("referrer-policy")
            .and_then(|v| v.to_str().ok()),
        Some("no-referrer"),
        "{what}"
    );
    assert_eq!(
        a.headers
            .get("x-content-type-options")
            .and_then(|v| v.to_str().ok()),
        Some("nosniff"),
        "{what}"
    );
    assert!(a.headers.get("set-cookie").is_none(), "{what}: a cookie");
}

// ---------------------------------------------------------------------------------------
// Packages
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn a_12_package_is_read_from_its_manifest_stored_and_replaced_by_a_new_version() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-PK", me).await;

    let r = s.get(&paquete_path(tema), Some(&an)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "scorm.sin_paquete")
    );

    let zip = paquete_12();
    let p = uploaded(&s, &an, tema, zip.clone()).await;
    assert_eq!(p["cve_tema"], json!(tema));
    assert_eq!(p["version"], "1.2");
    assert_eq!(p["titulo"], TITULO_12);
    assert_eq!(p["dominio"].as_f64(), Some(80.0), "{p}");
    assert_eq!(p["intentos"], json!(0), "unlimited by default");
    assert_eq!(p["archivos"], json!(3), "manifest, index.html, sco.js: {p}");
    let expanded = manifest_12(TITULO_12, "index.html", Some(80)).len()
        + sco_html("Montacargas").len()
        + "window.cargado = true;".len();
    assert_eq!(p["bytes"].as_u64(), Some(expanded as u64), "{p}");
    assert_eq!(
        p["items"],
        json!([{"id": "ITEM-1", "titulo": "Lección única", "nivel": 0, "href": "index.html"}])
    );
    assert!(!clave(&p).is_empty());
    let stored = stored_files(&s, tema);
    assert!(
        stored.len() >= 3,
        "the package's files under scorm/: {stored:?}"
    );

    let r = s.get(&paquete_path(tema), Some(&an)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["id_paquete"], p["id_paquete"]);
    assert_eq!(r.body["clave_scorm"], p["clave_scorm"]);

    // The attempts a topic allows.
    let r = s
        .call(
            Method::PUT,
            &paquete_path(tema),
            Some(&an),
            Some(json!({"intentos": 2})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["intentos"], json!(2));

    // The participant's plan shows the SCORM button's data.
    let pt = s.login(PARTICIPANTE).await;
    let t = planned(&s, &pt, me, "Pendientes", tema)
        .await
        .expect("the topic is planned");
    assert_eq!(t["clave_scorm"], p["clave_scorm"]);
    assert_eq!(t["link"], json!(format!("scorm/{}", clave(&p))));

    // A learner's tracking survives a new version; the new files are served.
    let l = launch(&s, &pt, me, tema).await;
    applied(
        &s,
        &l,
        "ITEM-1",
        1,
        true,
        json!({"cmi.core.lesson_status": "incomplete", "cmi.core.lesson_location": "pantalla-3",
            "cmi.suspend_data": "p=3", "cmi.core.exit": "suspend", "cmi.core.session_time": "0000:01:00.00"}),
    )
    .await;
    let nuevo =
        b"<!DOCTYPE html><html lang=\"es\"><body><p>Segunda edicion del curso</p></body></html>";
    let r = upload(&s, &an, tema, paquete_12_con(nuevo)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["creado"], json!(false));
    let v2 = &r.body["paquete"];
    assert_eq!(v2["id_paquete"], p["id_paquete"]);
    assert_eq!(v2["clave_scorm"], p["clave_scorm"]);
    assert!(
        v2["revision"].as_i64() > p["revision"].as_i64(),
        "revision {} → {}",
        p["revision"],
        v2["revision"]
    );
    assert_eq!(v2["intentos"], json!(2), "settings kept");
    let l2 = launch(&s, &pt, me, tema).await;
    let d = datos(&s, &l2).await;
    assert_eq!(d["intento"], json!(1));
    let item = &d["datos"]["ITEM-1"];
    assert_eq!(item["cmi.core.entry"], "resume");
    assert_eq!(item["cmi.core.lesson_location"], "pantalla-3");
    assert_eq!(item["cmi.suspend_data"], "p=3");
    let f = get_url(&s, &l2.at(&format!("/contenido/{}/index.html", l2.token))).await;
    assert_eq!(f.status, StatusCode::OK);
    assert_eq!(f.bytes, nuevo.to_vec(), "the new version's file");

    // A package with attempts cannot be deleted.
    let r = s
        .call(Method::DELETE, &paquete_path(tema), Some(&an), None)
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "scorm.con_intentos")
    );
}

/// Every `scorm:progress` event of an upload, waiting (briefly) for its last stage.
async fn progress_of(so: &common::socket::Sock, id_carga: &str, last: &str) -> Vec<Value> {
    for n in 1..=50 {
        if so
            .wait_nth("scorm:progress", n, common::socket::WAIT)
            .await
            .is_none()
        {
            break;
        }
        let all: Vec<Value> = so
            .all("scorm:progress")
            .into_iter()
            .filter(|e| e["id_carga"] == id_carga)
            .collect();
        if all.iter().any(|e| e["etapa"] == last) {
            return all;
        }
    }
    panic!(
        "no '{last}' event for {id_carga}: {:?}",
        so.all("scorm:progress")
    );
}

#[tokio::test]
async fn the_uploader_follows_processing_through_scorm_progress_events() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-EVT", me).await;
    let so = common::socket::sock(&s, &an).await;

    let r = upload_as(&s, &an, tema, paquete_2004(), "subida-a").await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    let evs = progress_of(&so, "subida-a", "listo").await;
    let mut antes = 0;
    for e in &evs {
        let etapa = e["etapa"].as_str().unwrap_or_default();
        assert!(["procesando", "guardando", "listo"].contains(&etapa), "{e}");
        let avance = e["avance"].as_i64().expect("avance");
        assert!(
            (antes..=100).contains(&avance),
            "progress goes forward: {evs:?}"
        );
        antes = avance;
    }
    assert_eq!(evs.last().map(|e| e["avance"].clone()), Some(json!(100)));
    assert!(
        evs.iter().any(|e| e["etapa"] == "procesando"),
        "a processing stage: {evs:?}"
    );

    // A refused package ends in "error"; another user hears nothing of it.
    let pt = s.login(PARTICIPANTE).await;
    let otro = common::socket::sock(&s, &pt).await;
    let r = upload_as(
        &s,
        &an,
        tema,
        with_manifest(&billion_laughs_manifest()),
        "subida-b",
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    let evs = progress_of(&so, "subida-b", "error").await;
    assert!(evs.iter().all(|e| e["etapa"] != "listo"), "{evs:?}");
    assert!(
        otro.all("scorm:progress").is_empty(),
        "another user got the uploader's events"
    );
    so.close().await;
    otro.close().await;
}

#[tokio::test]
async fn a_package_without_attempts_is_deleted_with_its_files_and_only_topic_editors_upload() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &admin, "SCO-DEL", me).await;

    for who in [SUPERVISOR, PARTICIPANTE, INSTRUCTOR] {
        let tok = s.login(who).await;
        let r = upload(&s, &tok, tema, paquete_12()).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{who}: {:?}", r.body);
    }
    assert!(stored_files(&s, tema).is_empty());

    uploaded(&s, &admin, tema, paquete_12()).await;
    assert!(!stored_files(&s, tema).is_empty());
    let r = s
        .call(Method::DELETE, &paquete_path(tema), Some(&admin), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s.get(&paquete_path(tema), Some(&admin)).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "scorm.sin_paquete")
    );
    assert!(
        stored_files(&s, tema).is_empty(),
        "files left: {:?}",
        stored_files(&s, tema)
    );
    let pt = s.login(PARTICIPANTE).await;
    let r = alta(&s, &pt, me, tema).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "scorm.sin_paquete")
    );
}

// ---------------------------------------------------------------------------------------
// Runtime: SCORM 1.2
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn a_12_sco_resumes_accumulates_time_ignores_late_commits_and_accredits_by_mastery() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-12", me).await;
    let p = uploaded(&s, &an, tema, paquete_12()).await;
    let clave = clave(&p);
    let pt = s.login(PARTICIPANTE).await;

    // Launch: a content-origin URL with a 43-character url-safe token.
    let r = alta(&s, &pt, me, tema).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["clave_scorm"], json!(clave));
    assert_eq!(r.body["version"], "1.2");
    assert_eq!(r.body["intento"], json!(1));
    assert_eq!(r.body["modo"], "normal");
    let l = Launch::from_alta(&r.body);
    assert_eq!(l.token.len(), 43, "{}", l.url);
    assert!(
        l.token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        "{}",
        l.token
    );
    assert_ne!(l.origin, s.base, "content is served from another origin");

    let d = datos(&s, &l).await;
    assert_eq!(d["version"], "1.2");
    assert_eq!(d["titulo"], TITULO_12);
    assert_eq!(d["modo"], "normal");
    assert_eq!(d["intento"], json!(1));
    assert_eq!(d["base"], json!(format!("/contenido/{}/", l.token)));
    assert_eq!(d["inicio"], "ITEM-1");
    assert_eq!(d["items"][0]["id"], "ITEM-1");
    assert_eq!(d["items"][0]["href"], "index.html");
    let item = &d["datos"]["ITEM-1"];
    assert_eq!(item["cmi.core.student_id"], json!(me.to_string()));
    assert!(
        item["cmi.core.student_name"]
            .as_str()
            .is_some_and(|n| !n.is_empty())
    );
    assert_eq!(item["cmi.core.entry"], "ab-initio");
    assert_eq!(item["cmi.core.lesson_mode"], "normal");
    assert_eq!(item["cmi.core.credit"], "credit");
    assert_eq!(item["cmi.student_data.mastery_score"], "80");
    assert_eq!(
        vacio(item, "cmi.core.lesson_location"),
        "",
        "cmi.core.lesson_location starts empty (or is left out)"
    );
    assert_eq!(
        vacio(item, "cmi.suspend_data"),
        "",
        "cmi.suspend_data starts empty (or is left out)"
    );

    // The SCO's own files come from the content origin under the launch's base.
    let f = get_url(&s, &l.at(&format!("/contenido/{}/index.html", l.token))).await;
    assert_eq!(f.status, StatusCode::OK);
    assert_eq!(f.bytes, sco_html("Montacargas"));
    assert!(
        f.headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|c| c.starts_with("text/html")),
        "{:?}",
        f.headers.get("content-type")
    );
    let f = get_url(&s, &l.at(&format!("/contenido/{}/sco.js", l.token))).await;
    assert_eq!(f.status, StatusCode::OK);
    assert_eq!(f.bytes, b"window.cargado = true;".to_vec());
    let f = get_url(&s, &l.at(&format!("/contenido/{}/no-existe.html", l.token))).await;
    assert_eq!(f.status, StatusCode::NOT_FOUND);

    // LMSInitialize, two screens, LMSCommit each, then LMSFinish with exit = suspend.
    let mut v = json!({"cmi.core.lesson_status": "incomplete", "cmi.core.lesson_location": "pantalla-1",
        "cmi.suspend_data": "", "cmi.core.exit": "", "cmi.core.session_time": "0000:00:00.00"});
    let a = applied(&s, &l, "ITEM-1", 1, false, v.clone()).await;
    assert_eq!(a["estado"], "incomplete");
    assert_eq!(a["calificacion"], Value::Null);
    assert_eq!(a["acreditado"], json!(false));
    v["cmi.core.lesson_location"] = json!("pantalla-3");
    v["cmi.suspend_data"] = json!("{\"pantalla\":3,\"respuestas\":{\"p1\":\"b\"}}");
    applied(&s, &l, "ITEM-1", 2, false, v.clone()).await;
    v["cmi.core.exit"] = json!("suspend");
    v["cmi.core.session_time"] = json!("0000:05:10.00");
    applied(&s, &l, "ITEM-1", 3, true, v.clone()).await;

    // A late commit of the same launch (a retried request) changes nothing.
    let late = json!({"cmi.core.lesson_status": "incomplete", "cmi.core.lesson_location": "pantalla-1",
        "cmi.suspend_data": "viejo", "cmi.core.session_time": "0000:09:00.00"});
    for seq in [3, 2] {
        let r = commit(&s, &l, "ITEM-1", seq, false, late.clone()).await;
        assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
        assert_eq!(r.body["aplicado"], json!(false), "secuencia {seq}");
    }

    // Relaunch: the same attempt, resumed where it was left.
    let l2 = launch(&s, &pt, me, tema).await;
    assert_ne!(l2.token, l.token, "a fresh launch token");
    assert_eq!(l2.alta["intento"], json!(1));
    let d = datos(&s, &l2).await;
    let item = &d["datos"]["ITEM-1"];
    assert_eq!(item["cmi.core.entry"], "resume");
    assert_eq!(item["cmi.core.lesson_location"], "pantalla-3");
    assert_eq!(
        item["cmi.suspend_data"],
        "{\"pantalla\":3,\"respuestas\":{\"p1\":\"b\"}}"
    );
    assert_eq!(item["cmi.core.lesson_status"], "incomplete");
    let total = item["cmi.core.total_time"].as_str().unwrap_or_default();
    assert_eq!(timespan_secs(total), Some(310.0), "total_time {total:?}");

    // Quiz: 85 with mastery 80 → passed, accredited.
    let v = json!({"cmi.core.lesson_status": "passed", "cmi.core.lesson_location": "pantalla-4",
        "cmi.suspend_data": "{\"pantalla\":4}", "cmi.core.score.raw": "85", "cmi.core.score.min": "0",
        "cmi.core.score.max": "100", "cmi.core.exit": "", "cmi.core.session_time": "0000:02:00.00"});
    let a = applied(&s, &l2, "ITEM-1", 1, true, v).await;
    assert_eq!(a["estado"], "passed");
    assert_eq!(a["calificacion"].as_f64(), Some(85.0));
    assert_eq!(a["acreditado"], json!(true));

    // The older launch can no longer write, even with a higher sequence.
    let r = commit(
        &s,
        &l,
        "ITEM-1",
        9,
        true,
        json!({"cmi.core.lesson_status": "failed", "cmi.core.score.raw": "10"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["aplicado"], json!(false));

    // Section 7: the score, for the learner and for staff in scope.
    let r = puntaje(&s, &pt, me, &clave).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["status"], "passed");
    assert_eq!(r.body["score"].as_f64(), Some(85.0));
    assert_eq!(r.body["intentos"], json!(1));
    assert_eq!(r.body["tiempo_total"], "00:07:10");
    let r = puntaje(&s, &an, me, &clave).await;
    assert_eq!(
        (r.status, r.body["status"].as_str()),
        (StatusCode::OK, Some("passed"))
    );
    let other = s.login(CONTRATISTA).await;
    let r = puntaje(&s, &other, me, &clave).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{:?}", r.body);

    // The plan's ledger: Acreditado with the score.
    let t = planned(&s, &pt, me, "Completados", tema)
        .await
        .expect("the topic among the completed ones");
    assert_eq!(t["estado"], "Acreditado");
    assert_eq!(plans_support::ledger_rows(&s, me, tema).await, 1);
    let cal: Option<f64> = sqlx::query_scalar(
        "SELECT calificacion FROM plan_acreditaciones WHERE cve_empleado = ? AND cve_tema = ? AND acreditado = 1",
    )
    .bind(me)
    .bind(tema)
    .fetch_one(&s.state().db.read)
    .await
    .expect("the accreditation");
    assert_eq!(cal, Some(85.0));

    // setPuntajeTema re-applies the same best result: no second accreditation.
    let r = post_form(
        &s,
        "/api/pri/cursos/setPuntajeTema",
        &pt,
        &[
            ("nombre_usuario", me.to_string()),
            ("cve_tema", tema.to_string()),
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["resp"], "Excelente");
    assert_eq!(r.body["status"], "passed");
    assert_eq!(r.body["score"].as_f64(), Some(85.0));
    assert_eq!(r.body["acreditado"], json!(true));
    assert_eq!(plans_support::ledger_rows(&s, me, tema).await, 1);
}

#[tokio::test]
async fn a_finished_attempt_opens_a_new_one_while_attempts_remain_then_review_only() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-INT", me).await;
    let p = uploaded(&s, &an, tema, paquete_12()).await;
    let r = s
        .call(
            Method::PUT,
            &paquete_path(tema),
            Some(&an),
            Some(json!({"intentos": 2})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let pt = s.login(PARTICIPANTE).await;

    let failed = |raw: &str, t: &str| {
        json!({"cmi.core.lesson_status": "failed", "cmi.core.score.raw": raw, "cmi.core.score.min": "0",
            "cmi.core.score.max": "100", "cmi.core.lesson_location": "pantalla-4", "cmi.suspend_data": "fin",
            "cmi.core.exit": "", "cmi.core.session_time": t})
    };
    let l = launch(&s, &pt, me, tema).await;
    let a = applied(&s, &l, "ITEM-1", 1, true, failed("33", "0000:03:00.00")).await;
    assert_eq!(a["estado"], "failed");
    assert_eq!(a["acreditado"], json!(false));

    // Attempt 2 starts from scratch.
    let l = launch(&s, &pt, me, tema).await;
    assert_eq!(
        (l.alta["intento"].clone(), l.alta["modo"].clone()),
        (json!(2), json!("normal"))
    );
    let d = datos(&s, &l).await;
    assert_eq!(d["intento"], json!(2));
    let item = &d["datos"]["ITEM-1"];
    assert_eq!(item["cmi.core.entry"], "ab-initio");
    assert_eq!(
        vacio(item, "cmi.core.lesson_location"),
        "",
        "cmi.core.lesson_location starts empty (or is left out)"
    );
    assert_eq!(
        vacio(item, "cmi.suspend_data"),
        "",
        "cmi.suspend_data starts empty (or is left out)"
    );
    assert_eq!(item["cmi.core.credit"], "credit");
    applied(&s, &l, "ITEM-1", 1, true, failed("67", "0000:04:00.00")).await;

    // No attempts left: review mode, nothing tracked.
    let l = launch(&s, &pt, me, tema).await;
    assert_eq!(l.alta["modo"], "review");
    assert_eq!(l.alta["intento"], json!(2));
    let d = datos(&s, &l).await;
    assert_eq!(d["modo"], "review");
    let item = &d["datos"]["ITEM-1"];
    assert_eq!(item["cmi.core.lesson_mode"], "review");
    assert_eq!(
        item["cmi.core.score.raw"], "67",
        "review shows the last result"
    );
    let r = commit(
        &s,
        &l,
        "ITEM-1",
        1,
        true,
        json!({"cmi.core.lesson_status": "passed", "cmi.core.score.raw": "100"}),
    )
    .await;
    assert!(
        r.status != StatusCode::OK || r.body["aplicado"] == json!(false),
        "a review commit was applied: {:?}",
        r.body
    );
    let r = puntaje(&s, &pt, me, &clave(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["status"], "failed");
    assert_eq!(r.body["intentos"], json!(2));
    assert_eq!(accredited_rows(&s, me, tema).await, 0);
}

#[tokio::test]
async fn commits_are_checked_and_a_launch_token_expires_two_hours_after_its_last_use() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-TOK", me).await;
    uploaded(&s, &an, tema, paquete_12()).await;
    let pt = s.login(PARTICIPANTE).await;
    let l = launch(&s, &pt, me, tema).await;

    // Unknown item, bad shape.
    let r = commit(&s, &l, "ITEM-9", 1, false, json!({})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "scorm.commit_invalido"),
        "{:?}",
        r.body
    );
    for body in [
        json!({"item": "ITEM-1", "secuencia": "uno", "terminado": false, "valores": {}}),
        json!({"item": "ITEM-1", "secuencia": 1, "terminado": false, "valores": ["x"]}),
        json!({"secuencia": 1, "terminado": false, "valores": {}}),
    ] {
        let r = commit_raw(&s, &l, body.clone()).await;
        assert_eq!(
            (r.status, r.code()),
            (StatusCode::BAD_REQUEST, "scorm.commit_invalido"),
            "{body}: {:?}",
            r.body
        );
    }
    // suspend_data over 64 KB.
    let r = commit(
        &s,
        &l,
        "ITEM-1",
        1,
        false,
        json!({"cmi.suspend_data": "x".repeat(64 * 1024 + 1)}),
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "scorm.datos_demasiado_grandes"
        )
    );
    // Exactly 64 KB is fine.
    applied(
        &s,
        &l,
        "ITEM-1",
        2,
        false,
        json!({"cmi.suspend_data": "x".repeat(64 * 1024), "cmi.core.lesson_status": "incomplete"}),
    )
    .await;

    // Each commit renews the token to now + 2 h.
    s.clock.advance(chrono::TimeDelta::minutes(90));
    applied(
        &s,
        &l,
        "ITEM-1",
        3,
        false,
        json!({"cmi.core.lesson_status": "incomplete"}),
    )
    .await;
    s.clock.advance(chrono::TimeDelta::minutes(90));
    datos(&s, &l).await;
    s.clock.advance(chrono::TimeDelta::minutes(31));
    let r = get_url(&s, &l.lanzamiento()).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "scorm.lanzamiento_invalido")
    );
    assert!(!r.resp().is_empty(), "a message the player can show");
    let r = commit(
        &s,
        &l,
        "ITEM-1",
        4,
        false,
        json!({"cmi.core.lesson_status": "completed"}),
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::NOT_FOUND, "scorm.lanzamiento_invalido")
    );
    let f = get_url(&s, &l.at(&format!("/contenido/{}/index.html", l.token))).await;
    assert_eq!(
        f.status,
        StatusCode::NOT_FOUND,
        "content of an expired launch"
    );
}

// ---------------------------------------------------------------------------------------
// Runtime: SCORM 2004, two SCOs
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn a_2004_package_tracks_each_sco_resumes_it_and_accredits_by_the_passing_score() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-04", me).await;
    let p = uploaded(&s, &an, tema, paquete_2004()).await;
    assert_eq!(p["version"], "2004");
    assert_eq!(p["titulo"], TITULO_2004);
    assert_eq!(
        p["items"],
        json!([
            {"id": "ITEM-INTRO", "titulo": "Introducción", "nivel": 0, "href": "intro/index.html?modo=1"},
            {"id": "MOD-2", "titulo": "Módulo 2", "nivel": 0, "href": null},
            {"id": "ITEM-EVAL", "titulo": "Evaluación", "nivel": 1, "href": "eval/index.html"},
        ])
    );
    let pt = s.login(PARTICIPANTE).await;

    let l = launch(&s, &pt, me, tema).await;
    assert_eq!(l.alta["version"], "2004");
    let d = datos(&s, &l).await;
    assert_eq!(d["version"], "2004");
    assert_eq!(d["inicio"], "ITEM-INTRO");
    let ids: Vec<&str> = d["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["id"].as_str())
        .collect();
    assert_eq!(ids, ["ITEM-INTRO", "MOD-2", "ITEM-EVAL"]);
    assert_eq!(d["items"][1]["href"], Value::Null);
    assert_eq!(d["items"][2]["nivel"], json!(1));
    assert!(
        d["datos"].get("MOD-2").is_none(),
        "a folder has no data model"
    );
    for id in ["ITEM-INTRO", "ITEM-EVAL"] {
        let item = &d["datos"][id];
        assert_eq!(item["cmi.learner_id"], json!(me.to_string()), "{id}");
        assert_eq!(item["cmi.entry"], "ab-initio", "{id}");
        assert_eq!(item["cmi.mode"], "normal", "{id}");
        assert_eq!(item["cmi.credit"], "credit", "{id}");
    }
    assert_eq!(
        d["datos"]["ITEM-EVAL"]["cmi.scaled_passing_score"]
            .as_str()
            .and_then(|x| x.parse::<f64>().ok()),
        Some(0.8)
    );
    let f = get_url(
        &s,
        &l.at(&format!("/contenido/{}/eval/index.html", l.token)),
    )
    .await;
    assert_eq!(f.status, StatusCode::OK);
    assert_eq!(f.bytes, sco_html("Evaluación"));

    // SCO 1: two screens seen, suspended. SCO 2: three answers recorded, left suspended.
    applied(
        &s,
        &l,
        "ITEM-INTRO",
        1,
        true,
        json!({"cmi.completion_status": "incomplete", "cmi.location": "p2", "cmi.suspend_data": "vistas=1,2",
            "cmi.exit": "suspend", "cmi.session_time": "PT2M"}),
    )
    .await;
    let mut eval = json!({"cmi.completion_status": "incomplete", "cmi.success_status": "unknown",
        "cmi.location": "q3", "cmi.exit": "suspend", "cmi.session_time": "PT1M"});
    for (i, (id, resp, ok)) in [("q1", "b", true), ("q2", "a", false), ("q3", "c", true)]
        .iter()
        .enumerate()
    {
        let n = format!("cmi.interactions.{i}.");
        eval[format!("{n}id")] = json!(id);
        eval[format!("{n}type")] = json!("choice");
        eval[format!("{n}learner_response")] = json!(resp);
        eval[format!("{n}result")] = json!(if *ok { "correct" } else { "incorrect" });
    }
    let a = applied(&s, &l, "ITEM-EVAL", 2, true, eval).await;
    assert_eq!(a["acreditado"], json!(false));

    // A commit on a folder is refused.
    let r = commit(&s, &l, "MOD-2", 3, false, json!({})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "scorm.commit_invalido")
    );

    // Relaunch: resume at the last item used, each SCO with its own saved data.
    let l2 = launch(&s, &pt, me, tema).await;
    assert_eq!(l2.alta["intento"], json!(1));
    let d = datos(&s, &l2).await;
    assert_eq!(d["inicio"], "ITEM-EVAL");
    let intro = &d["datos"]["ITEM-INTRO"];
    assert_eq!(intro["cmi.entry"], "resume");
    assert_eq!(intro["cmi.location"], "p2");
    assert_eq!(intro["cmi.suspend_data"], "vistas=1,2");
    let t = intro["cmi.total_time"].as_str().unwrap_or_default();
    assert_eq!(iso_duration_secs(t), Some(120.0), "total_time {t:?}");
    let ev = &d["datos"]["ITEM-EVAL"];
    assert_eq!(ev["cmi.entry"], "resume");
    assert_eq!(ev["cmi.interactions.0.id"], "q1");
    assert_eq!(ev["cmi.interactions.1.result"], "incorrect");
    assert_eq!(ev["cmi.interactions.2.learner_response"], "c");

    // SCO 1 completed; SCO 2 passed with 0.9 ≥ 0.8.
    let a = applied(
        &s,
        &l2,
        "ITEM-INTRO",
        1,
        true,
        json!({"cmi.completion_status": "completed", "cmi.location": "p3", "cmi.suspend_data": "vistas=1,2,3",
            "cmi.exit": "normal", "cmi.session_time": "PT1M30S"}),
    )
    .await;
    assert_eq!(a["acreditado"], json!(false), "the evaluation is pending");
    let a = applied(
        &s,
        &l2,
        "ITEM-EVAL",
        2,
        true,
        json!({"cmi.completion_status": "completed", "cmi.success_status": "passed",
            "cmi.score.scaled": "0.9", "cmi.score.raw": "90", "cmi.score.min": "0", "cmi.score.max": "100",
            "cmi.exit": "normal", "cmi.session_time": "PT45S"}),
    )
    .await;
    assert_eq!(a["estado"], "passed");
    assert_eq!(a["calificacion"].as_f64(), Some(90.0));
    assert_eq!(a["acreditado"], json!(true));

    let r = puntaje(&s, &pt, me, &clave(&p)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["status"], "passed");
    assert_eq!(r.body["score"].as_f64(), Some(90.0));
    assert_eq!(r.body["tiempo_total"], "00:05:15");
    let t = planned(&s, &pt, me, "Completados", tema)
        .await
        .expect("completed");
    assert_eq!(t["estado"], "Acreditado");

    // The launch's table of contents shows each item's state.
    let l3 = launch(&s, &pt, me, tema).await;
    let d = datos(&s, &l3).await;
    let estado = |id: &str| {
        d["items"]
            .as_array()
            .and_then(|a| a.iter().find(|i| i["id"] == id))
            .map(|i| i["estado"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(estado("ITEM-INTRO"), json!("completed"));
    assert_eq!(estado("ITEM-EVAL"), json!("passed"));
}

#[tokio::test]
async fn a_failing_2004_score_is_not_accredited_and_analysts_see_each_learners_progress() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-AV", me).await;
    let p = uploaded(&s, &an, tema, paquete_2004()).await;
    let pt = s.login(PARTICIPANTE).await;
    let l = launch(&s, &pt, me, tema).await;
    // The lesson is completed, the evaluation fails (0.6 below the passing 0.8): the attempt
    // is over and failed, not accredited.
    applied(
        &s,
        &l,
        "ITEM-INTRO",
        1,
        true,
        json!({"cmi.completion_status": "completed", "cmi.exit": "normal", "cmi.session_time": "PT1M"}),
    )
    .await;
    let a = applied(
        &s,
        &l,
        "ITEM-EVAL",
        2,
        true,
        json!({"cmi.completion_status": "completed", "cmi.success_status": "failed",
            "cmi.score.scaled": "0.6", "cmi.score.raw": "60", "cmi.score.min": "0", "cmi.score.max": "100",
            "cmi.exit": "normal", "cmi.session_time": "PT3M"}),
    )
    .await;
    assert_eq!(a["estado"], "failed");
    assert_eq!(a["calificacion"].as_f64(), Some(60.0));
    assert_eq!(a["acreditado"], json!(false));
    assert_eq!(accredited_rows(&s, me, tema).await, 0);
    let r = puntaje(&s, &pt, me, &clave(&p)).await;
    assert_eq!(
        (r.body["status"].as_str(), r.body["score"].as_f64()),
        (Some("failed"), Some(60.0))
    );

    // Analysts' progress table and the topic filter's options.
    let q = json!({"page": 1, "cantPP": 50,
        "columns_with_selects": [{"nomfield": "cve_tema", "input": tema}]});
    let r = s
        .post("/api/pri/scorm/avance/tabla", Some(&an), q.clone())
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let filas = rows(&r);
    assert_eq!(filas.len(), 1, "{:?}", r.body);
    let f = &filas[0];
    assert_eq!(f["estado"], "failed");
    assert_eq!(f["calificacion"].as_f64(), Some(60.0));
    assert_eq!(f["intento"], json!(1));
    assert_eq!(f["version"], "2004");
    assert_eq!(f["tiempo_total"], "00:04:00");
    assert!(f["participante"].as_str().is_some_and(|x| !x.is_empty()));
    for k in [
        "id_intento",
        "num_empleado",
        "tema",
        "intentos_usados",
        "iniciado",
        "ultimo_acceso",
    ] {
        assert!(f.get(k).is_some(), "column {k} missing: {f}");
    }
    let r = s
        .post("/api/pri/scorm/avance/tabla", Some(&pt), q.clone())
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let mut x = q;
    x["excel"] = json!(true);
    let r = s.post("/api/pri/scorm/avance/tabla", Some(&an), x).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.bytes.starts_with(b"PK"), "an xlsx export");

    let r = s.get("/api/pri/scorm/paquetes", Some(&an)).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert!(
        r.body
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x["cve_tema"] == json!(tema)
                && x["clave_scorm"] == p["clave_scorm"]
                && x["version"] == "2004")),
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn in_12_the_mastery_score_turns_a_scored_completion_into_passed_or_failed() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let pt = s.login(PARTICIPANTE).await;
    // The SCO only says "completed" with its score; mastery 80 decides.
    for (abbr, raw, estado, acreditado) in [
        ("SCO-M85", "85", "passed", true),
        ("SCO-M70", "70", "failed", false),
    ] {
        let tema = scorm_topic(&s, &an, abbr, me).await;
        let p = uploaded(&s, &an, tema, paquete_12()).await;
        let l = launch(&s, &pt, me, tema).await;
        let a = applied(
            &s,
            &l,
            "ITEM-1",
            1,
            true,
            json!({"cmi.core.lesson_status": "completed", "cmi.core.score.raw": raw,
                "cmi.core.score.min": "0", "cmi.core.score.max": "100", "cmi.core.exit": "",
                "cmi.core.session_time": "0000:01:00.00"}),
        )
        .await;
        assert_eq!(a["estado"], estado, "{abbr}");
        assert_eq!(a["acreditado"], json!(acreditado), "{abbr}");
        let r = puntaje(&s, &pt, me, &clave(&p)).await;
        assert_eq!(r.body["status"], estado, "{abbr}");
        assert_eq!(
            accredited_rows(&s, me, tema).await,
            i64::from(acreditado),
            "{abbr}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Who may launch
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn one_launches_only_for_oneself_and_only_topics_of_ones_plan() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let sup = s.cve_of(SUPERVISOR).await;
    let tema = scorm_topic(&s, &an, "SCO-QUI", me).await;
    uploaded(&s, &an, tema, paquete_12()).await;
    let pt = s.login(PARTICIPANTE).await;
    let jefe = s.login(SUPERVISOR).await;

    // Someone else's launch: the participant for the supervisor, the supervisor (whose
    // plan lacks the topic) for the participant and for himself.
    for (tok, cve) in [(&pt, sup), (&jefe, me), (&jefe, sup)] {
        let r = alta(&s, tok, cve, tema).await;
        assert_eq!(
            (r.status, r.code()),
            (StatusCode::FORBIDDEN, "scorm.no_disponible"),
            "{cve}: {:?}",
            r.body
        );
    }
    let r = s
        .get(
            "/api/pri/scorm/paquetes",
            Some(&s.login(PARTICIPANTE).await),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // Without a session.
    let r = post_form(&s, ALTA, "x", &[("nombre_usuario", me.to_string())]).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

// ---------------------------------------------------------------------------------------
// The content origin's isolation
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn the_content_origin_is_isolated_and_every_answer_carries_its_csp() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-ISO", me).await;
    let p = uploaded(&s, &an, tema, paquete_12()).await;
    let pt = s.login(PARTICIPANTE).await;
    let l = launch(&s, &pt, me, tema).await;
    let app = url::Url::parse(&s.config.public_url).expect("public url");
    let app_origin = app.origin().ascii_serialization();
    assert_ne!(
        url::Url::parse(&l.url)
            .expect("launch url")
            .origin()
            .ascii_serialization(),
        app_origin
    );

    let mut answers = vec![("launch", get_url(&s, &l.lanzamiento()).await)];
    answers.push((
        "commit",
        commit(
            &s,
            &l,
            "ITEM-1",
            1,
            false,
            json!({"cmi.core.lesson_status": "incomplete"}),
        )
        .await,
    ));
    answers.push((
        "package file",
        get_url(&s, &l.at(&format!("/contenido/{}/index.html", l.token))).await,
    ));
    let wrong = "A".repeat(43);
    let bad = get_url(&s, &l.at(&format!("/contenido/{wrong}/index.html"))).await;
    assert_eq!(bad.status, StatusCode::NOT_FOUND, "wrong token");
    answers.push(("wrong token", bad));
    let bad = get_url(&s, &l.at(&format!("/api/lanzamiento/{wrong}"))).await;
    assert_eq!(
        (bad.status, bad.code()),
        (StatusCode::NOT_FOUND, "scorm.lanzamiento_invalido")
    );
    answers.push(("wrong launch", bad));
    let other = get_url(&s, &l.at("/api/pri/usuarios/login")).await;
    assert!(
        !other.status.is_success(),
        "the content origin serves no app API"
    );
    answers.push(("app path on the content origin", other));
    let other = get_url(&s, &l.at("/")).await;
    answers.push(("root", other));
    for (what, a) in &answers {
        assert_content_headers(a, what, &app_origin);
    }
    // A package path escaping the package.
    for path in [
        "../../../etc/passwd",
        "..%2F..%2Fimsmanifest.xml",
        "%2e%2e/%2e%2e/etc/passwd",
    ] {
        let r = get_url(&s, &l.at(&format!("/contenido/{}/{path}", l.token))).await;
        assert!(
            r.status == StatusCode::NOT_FOUND || r.status == StatusCode::BAD_REQUEST,
            "{path}: {}",
            r.status
        );
        assert!(!String::from_utf8_lossy(&r.bytes).contains("root:"));
    }

    // The app origin never serves the package's files or the launch.
    for path in [
        format!("/contenido/{}/index.html", l.token),
        format!("/jugar/{}", l.token),
        format!("/api/lanzamiento/{}", l.token),
        "/reproductor/player.js".to_string(),
    ] {
        let r = s.get(&path, None).await;
        let text = String::from_utf8_lossy(&r.bytes);
        assert!(
            !text.contains(MARCADOR),
            "{path} on the app origin serves the package"
        );
        assert!(
            r.body.get("datos").is_none() && r.body.get("base").is_none(),
            "{path} on the app origin answers the launch"
        );
        assert!(
            !text.contains("id=\"reproductor\""),
            "{path} on the app origin serves the player"
        );
    }
    let r = s
        .post(
            &format!("/api/lanzamiento/{}/commit", l.token),
            None,
            json!({"item": "ITEM-1", "secuencia": 2, "terminado": false, "valores": {}}),
        )
        .await;
    assert!(
        r.body.get("aplicado").is_none(),
        "commit on the app origin: {:?}",
        r.body
    );

    // The launch token is no session.
    let r = puntaje(&s, &l.token, me, &clave(&p)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{:?}", r.body);
    let r = s
        .post("/api/pri/usuarios/login", Some(&l.token), json!({}))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = alta(&s, &l.token, me, tema).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    // And the session token opens nothing on the content origin.
    let res = s
        .http
        .get(l.at(&format!("/contenido/{}/index.html", "B".repeat(43))))
        .bearer_auth(&pt)
        .send()
        .await
        .expect("sent");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);

    // The player page (the HTML shell of the built player, `web/dist-player`) and its script.
    let page = get_url(&s, &l.url).await;
    assert_eq!(page.status, StatusCode::OK, "{}", l.url);
    let html = String::from_utf8_lossy(&page.bytes).to_string();
    assert!(html.contains("id=\"reproductor\""), "{html}");
    assert!(html.contains("/reproductor/"), "{html}");
    assert_content_headers(&page, "player page", &app_origin);

    let js = get_url(&s, &l.at("/reproductor/player.js")).await;
    assert_eq!(js.status, StatusCode::OK, "the player's script");
    assert_content_headers(&js, "player asset", &app_origin);
    assert_eq!(
        js.headers
            .get("cache-control")
            .and_then(|v| v.to_str().ok()),
        Some("no-cache")
    );
}

// ---------------------------------------------------------------------------------------
// Hostile packages
// ---------------------------------------------------------------------------------------

fn manifest_ok() -> String {
    manifest_12("Paquete hostil", "index.html", Some(80))
}

/// A valid package plus `extra` entries written as-is.
fn with_entries(extra: &[(&str, &[u8])]) -> Vec<u8> {
    let m = manifest_ok();
    let mut files: Vec<(&str, &[u8])> = vec![
        ("imsmanifest.xml", m.as_bytes()),
        ("index.html", b"<html lang=\"es\"></html>"),
        ("sco.js", b""),
    ];
    files.extend_from_slice(extra);
    zip_of(&files)
}

/// A zip writer holding a valid package's three files, written with `o`.
fn valid_zip(o: SimpleFileOptions) -> ZipWriter<Cursor<Vec<u8>>> {
    let m = manifest_ok();
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, data) in [
        ("imsmanifest.xml", m.as_bytes()),
        ("index.html", b"<html></html>".as_slice()),
        ("sco.js", b"".as_slice()),
    ] {
        zip.start_file(name, o).expect("entry");
        zip.write_all(data).expect("write");
    }
    zip
}

fn with_symlink() -> Vec<u8> {
    let o = SimpleFileOptions::default();
    let mut zip = valid_zip(o);
    zip.add_symlink("datos/clave", "/etc/passwd", o)
        .expect("symlink");
    zip.finish().expect("zip").into_inner()
}

/// A valid package with one entry of `mb` MB of zeros (deflated to ~1/1000).
fn with_zeros(mb: usize) -> Vec<u8> {
    let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let mut zip = valid_zip(o);
    zip.start_file("media/video.bin", o.large_file(mb >= 4096))
        .expect("entry");
    let chunk = vec![0u8; 1 << 20];
    for _ in 0..mb {
        zip.write_all(&chunk).expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

/// A valid package with `n` more (empty) entries.
fn with_many(n: usize) -> Vec<u8> {
    let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let mut zip = valid_zip(o);
    for i in 0..n {
        zip.start_file(format!("f/{i}.txt"), o).expect("entry");
    }
    zip.finish().expect("zip").into_inner()
}

/// A valid package whose expanded size exceeds 500 MB with every entry under 100 MB and a
/// ratio under 200:1: six 95 MB entries of a repeated 16 KB random block (compressed once,
/// copied raw).
fn with_large_total() -> Vec<u8> {
    let mut block = vec![0u8; 16 * 1024];
    let mut x: u32 = 0x1234_5678;
    for b in &mut block {
        // xorshift: incompressible within the block.
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = x as u8;
    }
    let mut one = ZipWriter::new(Cursor::new(Vec::new()));
    let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    one.start_file("media/parte0.bin", o).expect("entry");
    for _ in 0..(95 * 64) {
        one.write_all(&block).expect("write");
    }
    let src = one.finish().expect("zip").into_inner();
    let mut src = zip::ZipArchive::new(Cursor::new(src)).expect("archive");

    let m = manifest_ok();
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, data) in [
        ("imsmanifest.xml", m.as_bytes()),
        ("index.html", b"<html></html>".as_slice()),
        ("sco.js", b"".as_slice()),
    ] {
        zip.start_file(name, o).expect("entry");
        zip.write_all(data).expect("write");
    }
    for i in 0..6 {
        let f = src.by_index_raw(0).expect("entry");
        zip.raw_copy_file_rename(f, format!("media/parte{i}.bin"))
            .expect("copy");
    }
    zip.finish().expect("zip").into_inner()
}

fn with_manifest(manifest: &str) -> Vec<u8> {
    zip_of(&[
        ("imsmanifest.xml", manifest.as_bytes()),
        ("index.html", b"<html></html>"),
        ("sco.js", b""),
    ])
}

fn xxe_manifest() -> String {
    manifest_ok()
        .replacen(
            "<manifest",
            "<!DOCTYPE manifest [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<manifest",
            1,
        )
        .replace("<title>Paquete hostil</title>", "<title>&xxe;</title>")
}

fn billion_laughs_manifest() -> String {
    let mut dtd = String::from("<!DOCTYPE manifest [\n<!ENTITY lol \"lol\">\n");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_string()
        } else {
            format!("lol{}", i - 1)
        };
        dtd.push_str(&format!(
            "<!ENTITY lol{i} \"{}\">\n",
            format!("&{prev};").repeat(10)
        ));
    }
    dtd.push_str("]>\n<manifest");
    manifest_ok()
        .replacen("<manifest", &dtd, 1)
        .replace("<title>Paquete hostil</title>", "<title>&lol9;</title>")
}

#[tokio::test]
async fn hostile_packages_are_refused_with_their_code_and_nothing_is_stored() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-HOS", me).await;
    let html = b"<html></html>".as_slice();

    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "not a zip",
            b"PK\x03\x04 esto no es un zip".to_vec(),
            "scorm.zip_invalido",
        ),
        (
            "zip slip",
            with_entries(&[("../x.html", html)]),
            "scorm.ruta_insegura",
        ),
        (
            "deep zip slip",
            with_entries(&[("media/../../../x.html", html)]),
            "scorm.ruta_insegura",
        ),
        (
            "absolute path",
            with_entries(&[("/etc/x", html)]),
            "scorm.ruta_insegura",
        ),
        ("symlink entry", with_symlink(), "scorm.ruta_insegura"),
        (
            "zip bomb (20 MB of zeros)",
            with_zeros(20),
            "scorm.proporcion_sospechosa",
        ),
        (
            "100,000 entries",
            with_many(100_000),
            "scorm.demasiados_archivos",
        ),
        (
            "570 MB expanded",
            with_large_total(),
            "scorm.demasiado_grande_expandido",
        ),
        (
            "external entity",
            with_manifest(&xxe_manifest()),
            "scorm.manifiesto_dtd",
        ),
        (
            "billion laughs",
            with_manifest(&billion_laughs_manifest()),
            "scorm.manifiesto_dtd",
        ),
        (
            "missing manifest",
            zip_of(&[("index.html", html), ("sco.js", b"")]),
            "scorm.sin_manifiesto",
        ),
        (
            "malformed manifest",
            with_manifest("<?xml version=\"1.0\"?><manifest><organizations><organization>"),
            "scorm.manifiesto_invalido",
        ),
        (
            "launch outside the package",
            with_manifest(&manifest_12("Fuera", "../outside.html", Some(80))),
            "scorm.lanzamiento_fuera",
        ),
        (
            "launch file missing",
            with_manifest(&manifest_12("Falta", "falta.html", Some(80))),
            "scorm.lanzamiento_fuera",
        ),
    ];
    for (what, zip, code) in cases {
        let size = zip.len();
        let r = upload(&s, &an, tema, zip).await;
        assert_eq!(
            (r.status, r.code()),
            (StatusCode::UNPROCESSABLE_ENTITY, code),
            "{what} ({size} bytes): {:?}",
            r.body
        );
        assert!(!r.resp().is_empty(), "{what}: a message");
        let g = s.get(&paquete_path(tema), Some(&an)).await;
        assert_eq!(g.status, StatusCode::NOT_FOUND, "{what}: stored");
        let files = stored_files(&s, tema);
        assert!(files.is_empty(), "{what}: files left {files:?}");
    }
    assert!(
        !std::path::Path::new("/tmp/x.html").exists()
            && !s.dir.path().join("x.html").exists()
            && !std::path::Path::new(&s.config.storage)
                .join("x.html")
                .exists(),
        "a zip-slip file was written"
    );

    // The same topic then takes a good package.
    uploaded(&s, &an, tema, paquete_12()).await;
}

#[tokio::test]
async fn a_package_over_the_upload_limit_is_refused_before_it_is_read() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let tema = scorm_topic(&s, &an, "SCO-MAX", me).await;
    // 251 MB sent: over the default 250 MB, refused by its size alone.
    let data = vec![0u8; 251 * 1024 * 1024];
    let r = upload(&s, &an, tema, data).await;
    assert_eq!(
        (r.status, r.code()),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            "scorm.paquete_demasiado_grande"
        ),
        "{:?}",
        r.body
    );
    assert!(stored_files(&s, tema).is_empty());
    let g = s.get(&paquete_path(tema), Some(&an)).await;
    assert_eq!(g.status, StatusCode::NOT_FOUND);
}

// ---------------------------------------------------------------------------------------
// The demo's own packages
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn the_demo_packages_upload_as_a_12_sco_and_a_2004_two_sco_course() {
    let s = TestServer::start().await;
    let an = s.login(ANALISTA).await;
    let me = s.cve_of(PARTICIPANTE).await;
    let t1 = scorm_topic(&s, &an, "SCO-D12", me).await;
    let t2 = scorm_topic(&s, &an, "SCO-D04", me).await;
    let p = uploaded(
        &s,
        &an,
        t1,
        aula::demo::scorm_content::paquete_montacargas_12().expect("zip"),
    )
    .await;
    assert_eq!(p["version"], "1.2");
    assert_eq!(p["titulo"], "Operación segura de montacargas");
    assert_eq!(p["dominio"].as_f64(), Some(80.0));
    assert_eq!(p["items"].as_array().map(Vec::len), Some(1));
    let p = uploaded(
        &s,
        &an,
        t2,
        aula::demo::scorm_content::paquete_nom035_2004().expect("zip"),
    )
    .await;
    assert_eq!(p["version"], "2004");
    assert_eq!(p["titulo"], "Factores de riesgo psicosocial (NOM-035)");
    let hrefs: Vec<&str> = p["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["href"].as_str())
        .collect();
    assert_eq!(hrefs, ["leccion/index.html", "evaluacion/index.html"]);

    // The lesson's script and style come from the content origin.
    let pt = s.login(PARTICIPANTE).await;
    let l = launch(&s, &pt, me, t2).await;
    for (f, kind) in [
        ("leccion/index.html", "text/html"),
        ("leccion/leccion.js", "javascript"),
        ("comun/estilos.css", "text/css"),
    ] {
        let r = get_url(&s, &l.at(&format!("/contenido/{}/{f}", l.token))).await;
        assert_eq!(r.status, StatusCode::OK, "{f}");
        let ct = r
            .headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        assert!(ct.contains(kind), "{f}: {ct}");
    }
}
