//! Meetings of online courses: Teams through a local fake Microsoft Graph (token request,
//! onlineMeetings create and delete), Jitsi on the company's server, (re)creating and
//! removing a course's meeting.

use crate::common;
use crate::courses_support;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::{Method, StatusCode as AxStatus, Uri};
use axum::response::IntoResponse;
use common::{ANALISTA, TestServer};
use courses_support::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// What the fake Graph saw: (method, path, body).
type Seen = Arc<Mutex<Vec<(String, String, String)>>>;

/// A local stand-in for the Microsoft login and Graph endpoints.
struct FakeGraph {
    url: String,
    seen: Seen,
    fail: Arc<AtomicBool>,
}

const JOIN_URL: &str = "https://teams.microsoft.com/l/meetup-join/19%3ameeting_fake";

async fn fake_graph() -> FakeGraph {
    let seen: Seen = Arc::default();
    let fail = Arc::new(AtomicBool::new(false));
    let (s, f) = (seen.clone(), fail.clone());
    let app = axum::Router::new().fallback(move |method: Method, uri: Uri, body: Bytes| {
        let (s, f) = (s.clone(), f.clone());
        async move {
            let path = uri.path().to_string();
            s.lock().expect("lock").push((
                method.to_string(),
                path.clone(),
                String::from_utf8_lossy(&body).into_owned(),
            ));
            if path.ends_with("/oauth2/v2.0/token") {
                return axum::Json(json!({"access_token": "tok-123", "token_type": "Bearer"}))
                    .into_response();
            }
            if method == Method::POST && path.ends_with("/onlineMeetings") {
                if f.load(Ordering::SeqCst) {
                    return (AxStatus::INTERNAL_SERVER_ERROR, "boom").into_response();
                }
                return (
                    AxStatus::CREATED,
                    axum::Json(json!({"id": "meeting-1", "joinWebUrl": JOIN_URL})),
                )
                    .into_response();
            }
            if method == Method::DELETE {
                return AxStatus::NO_CONTENT.into_response();
            }
            AxStatus::NOT_FOUND.into_response()
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    FakeGraph {
        url: format!("http://{addr}"),
        seen,
        fail,
    }
}

impl FakeGraph {
    fn seen(&self) -> Vec<(String, String, String)> {
        self.seen.lock().expect("lock").clone()
    }
}

/// A server talking to the fake Graph, with the company's Teams credentials set.
async fn server(g: &FakeGraph) -> TestServer {
    let (graph, login) = (g.url.clone(), g.url.clone());
    let s = TestServer::start_with(move |c| {
        c.graph_url = graph;
        c.ms_login_url = login;
    })
    .await;
    aula::settings::apply_patch(
        s.state(),
        json!({"teams_tenant_id": "tenant-x", "teams_client_id": "client-y",
            "teams_client_secret": "secret-z", "teams_organizador": "org@sierramadre.mx",
            "jitsi_servidor": "https://jitsi.sierramadre.mx/"}),
    )
    .await
    .expect("settings");
    s
}

/// A virtual course body with the given meeting type, 7 days ahead 10:00–12:00.
async fn virtual_body(s: &TestServer, token: &str, abbr: &str, tipo: &str) -> Value {
    let tema = topic_with(
        s,
        token,
        abbr,
        json!({"modalidad": "STREAMING", "requiere_sala": 0, "requiere_instructor": 0}),
    )
    .await;
    let mut b = course_body(
        tema,
        vec![session(&in_days(s, 7), "10:00", "12:00")],
        None,
        None,
    );
    b["modalidad"] = json!("VIRTUAL");
    b["reunion_tipo"] = json!(tipo);
    b
}

async fn course_count(s: &TestServer) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM cursos")
        .fetch_one(&s.state().db.read)
        .await
        .expect("count")
}

#[tokio::test]
async fn a_teams_course_asks_graph_for_a_token_and_a_meeting_and_deletes_it_on_cancel() {
    let g = fake_graph().await;
    let s = server(&g).await;
    let a = s.login(ANALISTA).await;
    let body = virtual_body(&s, &a, "TMS1", "teams").await;
    let r = schedule(&s, &a, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["reunion_url"], JOIN_URL);
    let cve = r.body["cve_curso"].as_i64().expect("cve");

    let seen = g.seen();
    let (m, path, form) = &seen[0];
    assert_eq!(
        (m.as_str(), path.as_str()),
        ("POST", "/tenant-x/oauth2/v2.0/token")
    );
    let form: Vec<(String, String)> = url::form_urlencoded::parse(form.as_bytes())
        .into_owned()
        .collect();
    for (k, v) in [
        ("client_id", "client-y"),
        ("client_secret", "secret-z"),
        ("scope", "https://graph.microsoft.com/.default"),
        ("grant_type", "client_credentials"),
    ] {
        assert!(form.contains(&(k.into(), v.into())), "{k} in {form:?}");
    }
    let (m, path, meeting) = seen
        .iter()
        .find(|x| x.1.ends_with("/onlineMeetings"))
        .expect("a meeting request");
    assert_eq!(m, "POST");
    assert_eq!(path, "/v1.0/users/org%40sierramadre.mx/onlineMeetings");
    let meeting: Value = serde_json::from_str(meeting).expect("json");
    let d = detail(&s, &a, cve).await;
    let sesion = &d.body["sesiones"][0];
    assert_eq!(meeting["startDateTime"], sesion["inicio"]);
    assert_eq!(meeting["endDateTime"], sesion["fin"]);
    assert_eq!(meeting["subject"], d.body["nombre_corto"]);

    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/cancelar"),
            Some(&a),
            json!({"motivo": "Cambio de fechas"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert!(
        g.seen().iter().any(|(m, p, _)| m == "DELETE"
            && p == "/v1.0/users/org%40sierramadre.mx/onlineMeetings/meeting-1"),
        "{:?}",
        g.seen()
    );
}

#[tokio::test]
async fn a_graph_failure_saves_no_course() {
    let g = fake_graph().await;
    let s = server(&g).await;
    let a = s.login(ANALISTA).await;
    let body = virtual_body(&s, &a, "TMS2", "teams").await;
    let antes = course_count(&s).await;
    g.fail.store(true, Ordering::SeqCst);
    let r = schedule(&s, &a, &body).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    assert_eq!(r.code(), "cursos.reunion_fallo");
    assert_eq!(course_count(&s).await, antes);
}

#[tokio::test]
async fn a_jitsi_meeting_is_on_the_company_server_and_can_be_replaced_and_removed() {
    let g = fake_graph().await;
    let s = server(&g).await;
    let a = s.login(ANALISTA).await;
    let body = virtual_body(&s, &a, "TMS3", "jitsi").await;
    let r = schedule(&s, &a, &body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cve = r.body["cve_curso"].as_i64().expect("cve");
    let jitsi = r.body["reunion_url"].as_str().expect("url").to_string();
    assert!(
        jitsi.starts_with("https://jitsi.sierramadre.mx/Aula-"),
        "{jitsi}"
    );

    // Recreated: a new room.
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/reunion"),
            Some(&a),
            json!({}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let otra = r.body["reunion_url"].as_str().expect("url");
    assert!(otra.starts_with("https://jitsi.sierramadre.mx/Aula-"));
    assert_ne!(otra, jitsi);

    // Replaced by Teams, a failing Graph changes nothing.
    g.fail.store(true, Ordering::SeqCst);
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/reunion"),
            Some(&a),
            json!({"reunion_tipo": "teams"}),
        )
        .await;
    assert_eq!(r.code(), "cursos.reunion_fallo");
    assert_eq!(detail(&s, &a, cve).await.body["reunion_url"], otra);
    g.fail.store(false, Ordering::SeqCst);
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/reunion"),
            Some(&a),
            json!({"reunion_tipo": "teams"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["reunion_url"], JOIN_URL);

    // Removed: deleted at Graph, the course has none.
    let r = s
        .call(
            reqwest::Method::DELETE,
            &format!("/api/pri/cursos/{cve}/reunion"),
            Some(&a),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert!(
        g.seen()
            .iter()
            .any(|(m, p, _)| m == "DELETE" && p.ends_with("/meeting-1"))
    );
    let d = detail(&s, &a, cve).await;
    assert_eq!(d.body["reunion_tipo"], "ninguna");
    assert!(d.body["reunion_url"].is_null());
}

#[tokio::test]
async fn a_classroom_course_has_no_meeting() {
    let g = fake_graph().await;
    let s = server(&g).await;
    let a = s.login(ANALISTA).await;
    let (cve, _) = simple_course(&s, &a, "TMS4", 5).await;
    let r = s
        .post(
            &format!("/api/pri/cursos/{cve}/reunion"),
            Some(&a),
            json!({"reunion_tipo": "jitsi"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    assert_eq!(r.code(), "cursos.reunion_no_aplica");
}

#[tokio::test]
async fn an_edit_keeps_the_meeting_or_replaces_it_and_a_failing_provider_changes_nothing() {
    let g = fake_graph().await;
    let s = server(&g).await;
    let a = s.login(ANALISTA).await;
    let mut body = virtual_body(&s, &a, "TMS4", "jitsi").await;
    let cve = scheduled(&s, &a, &body).await;
    let jitsi = detail(&s, &a, cve).await.body["reunion_url"].clone();
    assert!(
        jitsi
            .as_str()
            .is_some_and(|u| u.contains("jitsi.sierramadre.mx"))
    );
    let path = format!("/api/pri/cursos/{cve}");

    // Same meeting type: the room stays.
    body["capacidad"] = json!(12);
    let r = s
        .call(reqwest::Method::PUT, &path, Some(&a), Some(body.clone()))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["reunion_url"], jitsi);

    // Teams while Graph fails: 422, and neither the course nor its meeting changed.
    g.fail.store(true, Ordering::SeqCst);
    body["reunion_tipo"] = json!("teams");
    body["capacidad"] = json!(20);
    let r = s
        .call(reqwest::Method::PUT, &path, Some(&a), Some(body.clone()))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{:?}", r.body);
    assert_eq!(r.code(), "cursos.reunion_fallo");
    let d = detail(&s, &a, cve).await;
    assert_eq!(d.body["reunion_tipo"], "jitsi");
    assert_eq!(d.body["reunion_url"], jitsi);
    assert_eq!(d.body["capacidad"], 12);

    // Graph back: the Teams meeting replaces the Jitsi room.
    g.fail.store(false, Ordering::SeqCst);
    let r = s
        .call(reqwest::Method::PUT, &path, Some(&a), Some(body))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["reunion_url"], JOIN_URL);
    let d = detail(&s, &a, cve).await;
    assert_eq!(d.body["reunion_tipo"], "teams");
    assert_eq!(d.body["capacidad"], 20);
}
