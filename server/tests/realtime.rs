//! The realtime layer with real socket.io clients: handshake, chat, read receipts,
//! history, images, presence, session takeover and release, notifications, Web Push.

mod common;

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::socket::{Sock, connect};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(3);

async fn server() -> TestServer {
    TestServer::start_with(|c| {
        c.presence_grace_ms = 300;
        c.push_allow_insecure = true;
    })
    .await
}

async fn cve_of(s: &TestServer, token: &str) -> i64 {
    s.me(token).await["cve_empleado"].as_i64().unwrap()
}

async fn sock(s: &TestServer, token: &str) -> Sock {
    connect(&s.base, token, None)
        .await
        .expect("socket connects")
}

#[tokio::test]
async fn the_handshake_checks_token_session_and_origin() {
    let s = server().await;
    let generic = s.generic().await;
    assert!(
        connect(&s.base, "", None)
            .await
            .unwrap_err()
            .contains("auth.sin_token")
    );
    assert!(
        connect(&s.base, "nope", None)
            .await
            .unwrap_err()
            .contains("auth.token_invalido")
    );
    assert!(
        connect(&s.base, &generic, None)
            .await
            .unwrap_err()
            .contains("auth.requiere_sesion")
    );
    let t = s.login(PARTICIPANTE).await;
    let err = connect(&s.base, &t, Some("http://evil.example"))
        .await
        .unwrap_err();
    assert!(err.contains("auth.origen_no_permitido"), "{err}");
    let same_origin = format!("http://{}", s.base.trim_start_matches("http://"));
    connect(&s.base, &t, Some(&same_origin))
        .await
        .expect("same origin connects")
        .close()
        .await;
    // An expired session is refused like REST refuses it.
    s.clock.advance(chrono::Duration::minutes(11));
    assert!(
        connect(&s.base, &t, None)
            .await
            .unwrap_err()
            .contains("auth.sesion_caducada")
    );
}

#[tokio::test]
async fn connection_attempts_are_rate_limited() {
    let s = TestServer::start_with(|c| c.socket_connect_limit_per_ip = 3).await;
    let t = s.login(ANALISTA).await;
    for _ in 0..3 {
        connect(&s.base, &t, None)
            .await
            .expect("within the limit")
            .close()
            .await;
    }
    assert!(
        connect(&s.base, &t, None)
            .await
            .unwrap_err()
            .contains("auth.demasiados_intentos")
    );
}

#[tokio::test]
async fn messages_are_stored_delivered_and_read_receipts_come_back() {
    let s = server().await;
    // A pair with no demo conversation yet.
    let ta = s.login(ANALISTA).await;
    let tb = s.login(PARTICIPANTE).await;
    let (a, b) = (cve_of(&s, &ta).await, cve_of(&s, &tb).await);
    let sa = sock(&s, &ta).await;
    let sb = sock(&s, &tb).await;
    let ack = sa
        .call(
            "chat:send",
            json!({"para": b, "mensaje": "¿Vas al curso de montacargas?"}),
        )
        .await;
    assert_eq!(ack["ok"], true, "{ack}");
    let id = ack["mensaje"]["id"].as_i64().unwrap();
    let got = sb.wait("chat:message", WAIT).await.expect("delivered");
    assert_eq!(got["mensaje"], "¿Vas al curso de montacargas?");
    assert_eq!(got["empleado"]["clave"], a);
    assert_eq!(got["estatus"], 1);
    // It was committed before anyone heard of it.
    let stored: (String, i64) =
        sqlx::query_as("SELECT mensaje, estatus FROM chat_mensajes WHERE id = ?")
            .bind(id)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    assert_eq!(stored.1, 1);
    // Validation.
    let empty = sa
        .call("chat:send", json!({"para": b, "mensaje": "   "}))
        .await;
    assert_eq!(empty["ok"], false);
    assert_eq!(empty["error"]["code"], "validacion.datos");
    let long = sa
        .call("chat:send", json!({"para": b, "mensaje": "x".repeat(101)}))
        .await;
    assert_eq!(long["ok"], false);
    let me = sa
        .call("chat:send", json!({"para": a, "mensaje": "hola"}))
        .await;
    assert_eq!(me["error"]["code"], "chat.mismo_empleado");
    // The list shows the conversation with its unread message.
    let list = sb.call("chat:list", json!({})).await;
    assert_eq!(list["chats"][0]["no_leidos"], 1);
    // Opening it marks the message read and tells the sender.
    let opened = sb.call("chat:open", json!({"con": a})).await;
    assert_eq!(opened["leidos"], 1);
    let receipt = sa.wait("chat:read", WAIT).await.expect("read receipt");
    assert_eq!(receipt["lector"], b);
    assert_eq!(receipt["hasta"], id);
    let history = sa.call("chat:history", json!({"con": b})).await;
    assert_eq!(history["mensajes"][0]["estatus"], 2);
    // The REST equivalent sends too.
    let a2 = s
        .post(
            "/api/pri/chat/mensajes",
            Some(&tb),
            json!({"mensaje": "Sí, a las 9", "cve_empleado": a}),
        )
        .await;
    assert_eq!(a2.status, StatusCode::OK, "{:?}", a2.body);
    // The sender's own tabs got the first message too; the reply is the second.
    let back = sa
        .wait_nth("chat:message", 2, WAIT)
        .await
        .expect("REST message delivered");
    assert_eq!(back["mensaje"], "Sí, a las 9");
}

#[tokio::test]
async fn history_comes_in_pages_of_fifty_oldest_first() {
    let s = server().await;
    let ta = s.login(ANALISTA).await;
    let tb = s.login(HISE).await;
    let b = cve_of(&s, &tb).await;
    for i in 0..120 {
        let r = s
            .post(
                "/api/pri/chat/mensajes",
                Some(&ta),
                json!({"mensaje": format!("m{i}"), "cve_empleado": b}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK);
    }
    let sb = sock(&s, &tb).await;
    let a = cve_of(&s, &ta).await;
    let p1 = sb.call("chat:history", json!({"con": a})).await;
    let m1 = p1["mensajes"].as_array().unwrap();
    assert_eq!(m1.len(), 50);
    assert_eq!(p1["mas"], true);
    assert_eq!(m1[0]["mensaje"], "m70");
    assert_eq!(m1[49]["mensaje"], "m119");
    let p2 = sb
        .call("chat:history", json!({"con": a, "antes": m1[0]["id"]}))
        .await;
    assert_eq!(p2["mensajes"][0]["mensaje"], "m20");
    let p3 = s
        .get(
            &format!(
                "/api/pri/chat/mensajes/{a}?antes={}",
                p2["mensajes"][0]["id"]
            ),
            Some(&tb),
        )
        .await;
    assert_eq!(p3.body["mensajes"].as_array().unwrap().len(), 20);
    assert_eq!(p3.body["mas"], false);
}

fn png() -> Vec<u8> {
    vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0,
        0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44,
        0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

async fn upload(s: &TestServer, token: &str, to: i64, data: Vec<u8>, name: &str) -> Answer {
    let form = reqwest::multipart::Form::new()
        .text("cve_empleado", to.to_string())
        .part(
            "file",
            reqwest::multipart::Part::bytes(data).file_name(name.to_string()),
        );
    let res = s
        .http
        .post(format!("{}/api/pri/chat/imagenes", s.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    TestServer::answer(res).await
}

#[tokio::test]
async fn images_are_png_or_jpeg_under_8mb_and_served_only_to_the_pair() {
    let s = server().await;
    let ta = s.login(SUPERVISOR).await;
    let tb = s.login(PARTICIPANTE).await;
    let b = cve_of(&s, &tb).await;
    let sb = sock(&s, &tb).await;
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();
    assert_eq!(
        upload(&s, &ta, b, gif, "a.gif").await.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    assert_eq!(
        upload(&s, &ta, b, b"texto".to_vec(), "a.png").await.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    let mut big = png();
    big.resize(8 * 1024 * 1024 + 1, 0);
    assert_eq!(
        upload(&s, &ta, b, big, "big.png").await.status,
        StatusCode::PAYLOAD_TOO_LARGE
    );
    let ok = upload(&s, &ta, b, png(), "foto.png").await;
    assert_eq!(ok.status, StatusCode::OK, "{:?}", ok.body);
    assert_eq!(ok.body["mensaje"]["type"], "img");
    let got = sb
        .wait("chat:message", WAIT)
        .await
        .expect("image delivered");
    let url_b = got["url"].as_str().unwrap().to_string();
    let img = s.get(&url_b, None).await;
    assert_eq!(img.status, StatusCode::OK);
    assert_eq!(img.bytes, png());
    // A link does not open another message, and a forged signature opens nothing.
    let id = got["id"].as_i64().unwrap();
    let other = url_b.replace(
        &format!("/archivos/{id}?"),
        &format!("/archivos/{}?", id + 1),
    );
    assert!(s.get(&other, None).await.status.is_client_error());
    let forged = format!("{}x", url_b);
    assert_eq!(s.get(&forged, None).await.status, StatusCode::FORBIDDEN);
    // Someone outside the conversation gets no link at all.
    let tc = s.login(HISE).await;
    let c = cve_of(&s, &tc).await;
    let hist = s
        .get(&format!("/api/pri/chat/mensajes/{c}"), Some(&tc))
        .await;
    assert_eq!(hist.body["mensajes"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn presence_follows_the_last_tab_with_a_grace_period() {
    let s = server().await;
    let ta = s.login(SUPERVISOR).await;
    let tb = s.login(PARTICIPANTE).await;
    let b = cve_of(&s, &tb).await;
    let a = cve_of(&s, &ta).await;
    // A conversation makes them chat partners.
    s.post(
        "/api/pri/chat/mensajes",
        Some(&ta),
        json!({"mensaje": "hola", "cve_empleado": b}),
    )
    .await;
    let sa = sock(&s, &ta).await;
    let tab1 = sock(&s, &tb).await;
    let online = sa
        .wait("presence:changed", WAIT)
        .await
        .expect("online shown");
    assert_eq!(online["clave"], b);
    assert_eq!(online["state"], "online");
    let tab2 = sock(&s, &tb).await;
    let p = sa.call("presence:get", json!({"claves": [b]})).await;
    assert_eq!(p["presencia"][0]["state"], "online");
    tab1.close().await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(
        sa.all("presence:changed").len(),
        1,
        "one tab left: still online"
    );
    tab2.close().await;
    let offline = sa
        .wait_nth("presence:changed", 2, WAIT)
        .await
        .expect("offline shown");
    assert_eq!(offline["state"], "offline");
    assert!(offline["last_changed"].as_str().unwrap().len() >= 19);
    let p = s.me(&ta).await;
    assert_eq!(p["cve_empleado"], a);
}

#[tokio::test]
async fn a_new_login_kicks_the_old_socket_within_two_seconds() {
    let s = server().await;
    let t1 = s.login(INSTRUCTOR).await;
    let old = sock(&s, &t1).await;
    let admin = s.login(ADMIN).await;
    let watcher = sock(&s, &admin).await;
    let started = Instant::now();
    let _t2 = s.login(INSTRUCTOR).await;
    let ended = old
        .wait("session:ended", Duration::from_secs(2))
        .await
        .expect("told within 2 s");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(ended["code"], "auth.sesion_reemplazada");
    assert_eq!(ended["resp"], "Otra persona está utilizando este usuario");
    // Watchers of the active sessions hear about the change.
    watcher
        .wait("sessions:changed", WAIT)
        .await
        .expect("active list refresh");
    // The old socket can no longer act.
    let ack = old.call("chat:list", json!({})).await;
    assert_eq!(ack, Value::Null, "the server closed the old socket");
}

#[tokio::test]
async fn released_users_are_logged_out_live_and_only_by_who_may() {
    let s = server().await;
    let tp = s.login(PARTICIPANTE).await;
    let p = cve_of(&s, &tp).await;
    let sp = sock(&s, &tp).await;
    let rep = s.login(REP).await;
    let a = s
        .call(
            Method::DELETE,
            &format!("/api/pri/usuarios/sesiones/eliminar/{p}/web"),
            Some(&rep),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(sp.find("session:ended").is_none());
    let admin = s.login(ADMIN).await;
    let a = s
        .call(
            Method::DELETE,
            &format!("/api/pri/usuarios/sesiones/eliminar/{p}/web"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let ended = sp.wait("session:ended", WAIT).await.expect("released live");
    assert_eq!(ended["code"], "auth.sesion_liberada");
}

#[tokio::test]
async fn socket_activity_keeps_the_session_alive() {
    let s = server().await;
    let t = s.login(ANALISTA).await;
    let so = sock(&s, &t).await;
    for _ in 0..3 {
        s.clock.advance(chrono::Duration::minutes(8));
        assert_eq!(so.call("chat:list", json!({})).await["ok"], true);
    }
    s.me(&t).await;
}

#[tokio::test]
async fn notifications_arrive_live_with_unread_counts_and_channels() {
    let s = server().await;
    let tp = s.login(PARTICIPANTE).await;
    let p = cve_of(&s, &tp).await;
    let sp = sock(&s, &tp).await;
    let admin = s.login(ADMIN).await;
    let before = s.outbox().len();
    let pending = |a: &Answer| a.body.as_array().map(Vec::len).unwrap_or(0);
    let unread_before = pending(
        &s.get(
            &format!("/api/pri/notificaciones/web/{p}/pendientes"),
            Some(&tp),
        )
        .await,
    );
    let sent = s
        .post(
            "/api/pri/notificaciones",
            Some(&admin),
            json!({"titulo": "Capacitaciones próximas a vencer", "contenido": "Tu curso de Trabajo en alturas vence en 15 días.",
                   "tipo": "Capacitaciones próximas a vencer", "meeting": "https://meet.example.com/abc",
                   "destino": {"tipo": "empleado", "cve_empleado": p}}),
        )
        .await;
    assert_eq!(sent.status, StatusCode::OK, "{:?}", sent.body);
    assert_eq!(sent.body["enviadas"], 1);
    let live = sp
        .wait("notification:new", WAIT)
        .await
        .expect("pushed live");
    assert_eq!(live["tipo"], "Capacitaciones próximas a vencer");
    assert_eq!(live["estatus"], 1);
    assert_eq!(live["meeting"], "https://meet.example.com/abc");
    s.wait_mail(PARTICIPANTE, before).await;
    let pend = s
        .get(
            &format!("/api/pri/notificaciones/web/{p}/pendientes"),
            Some(&tp),
        )
        .await;
    assert_eq!(pending(&pend), unread_before + 1);
    let id = live["idnotificacion"].as_i64().unwrap();
    let one = s
        .get(&format!("/api/pri/notificaciones/{id}"), Some(&tp))
        .await;
    assert_eq!(one.body[0]["titulo"], "Capacitaciones próximas a vencer");
    // Someone else's notification is not available.
    let other = s
        .get(&format!("/api/pri/notificaciones/{id}"), Some(&admin))
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
    assert_eq!(
        other.resp(),
        "La notificación ya no se encuentra disponible"
    );
    let read = s
        .call(
            Method::PUT,
            &format!("/api/pri/notificaciones/{id}/leida"),
            Some(&tp),
            None,
        )
        .await;
    assert_eq!(read.status, StatusCode::OK);
    let changed = sp
        .wait("notifications:changed", WAIT)
        .await
        .expect("count refreshed");
    assert_eq!(changed["pendientes"], unread_before as i64);
    // A profile-wide notification reaches every Participante; without the web channel,
    // nothing is shown live.
    let canales = s
        .get(
            "/api/pri/configuracion/notificaciones/canales",
            Some(&admin),
        )
        .await;
    assert_eq!(canales.body.as_array().unwrap().len(), 8);
    let put = s
        .call(
            Method::PUT,
            "/api/pri/configuracion/notificaciones/canales",
            Some(&admin),
            Some(json!([{"idperfil": 8, "web": 0, "correo": 0, "movil": 0}])),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let sent = s
        .post("/api/pri/notificaciones", Some(&admin), json!({"titulo": "Aviso", "contenido": "Mantenimiento el sábado", "destino": {"tipo": "perfil", "idperfil": 8}}))
        .await;
    assert!(
        sent.body["enviadas"].as_i64().unwrap() > 10,
        "{:?}",
        sent.body
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        sp.all("notification:new").len(),
        1,
        "no web channel, no live notification"
    );
    // Only profiles with the section may send.
    let a = s.post("/api/pri/notificaciones", Some(&tp), json!({"titulo": "x", "contenido": "y", "destino": {"tipo": "empleado", "cve_empleado": p}})).await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
}

/// A local push service that records what it receives and answers a set status.
async fn fake_push_service() -> (String, Arc<Mutex<Vec<Vec<u8>>>>, Arc<AtomicU16>) {
    let received: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
    let status = Arc::new(AtomicU16::new(201));
    let (r, st) = (received.clone(), status.clone());
    let app = axum::Router::new().route(
        "/push/{id}",
        axum::routing::post(move |body: axum::body::Bytes| {
            let (r, st) = (r.clone(), st.clone());
            async move {
                r.lock().unwrap().push(body.to_vec());
                axum::http::StatusCode::from_u16(st.load(Ordering::SeqCst)).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (
        format!("http://{addr}/push/suscripcion-1"),
        received,
        status,
    )
}

#[tokio::test]
async fn web_push_reaches_users_without_a_socket_and_gone_subscriptions_are_removed() {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
    let s = server().await;
    let (endpoint, received, status) = fake_push_service().await;
    // The browser side of a subscription: its key pair and auth secret.
    let mut seed = [0u8; 32];
    rand::fill(&mut seed);
    let ua_secret = web_push_native::p256::SecretKey::from_slice(&seed).unwrap();
    let ua_public =
        URL_SAFE_NO_PAD.encode(ua_secret.public_key().to_encoded_point(false).as_bytes());
    let mut auth = [0u8; 16];
    rand::fill(&mut auth);
    let tp = s.login(PARTICIPANTE).await;
    let p = cve_of(&s, &tp).await;
    let vapid = s.get("/api/pub/push/vapid", None).await;
    assert_eq!(
        URL_SAFE_NO_PAD
            .decode(vapid.body["publicKey"].as_str().unwrap())
            .unwrap()
            .len(),
        65
    );
    let sub = json!({"endpoint": endpoint, "keys": {"p256dh": ua_public, "auth": URL_SAFE_NO_PAD.encode(auth)}});
    let a = s.post("/api/pri/push/suscripciones", Some(&tp), sub).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // No socket open: a chat message goes out as a push.
    let ta = s.login(SUPERVISOR).await;
    s.post(
        "/api/pri/chat/mensajes",
        Some(&ta),
        json!({"mensaje": "Te espero en la sala 2", "cve_empleado": p}),
    )
    .await;
    let mut body = None;
    for _ in 0..100 {
        if let Some(b) = received.lock().unwrap().first().cloned() {
            body = Some(b);
            break;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let body = body.expect("the push service got the message");
    let plain =
        web_push_native::decrypt(body, &ua_secret, web_push_native::Auth::from_slice(&auth))
            .expect("decrypts");
    let payload: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(payload["tipo"], "chat");
    assert_eq!(payload["contenido"], "Te espero en la sala 2");
    assert_eq!(payload["titulo"], "Jorge Salinas Cantú");
    // The service answers 410: the subscription is removed.
    status.store(410, Ordering::SeqCst);
    let admin = s.login(ADMIN).await;
    s.post("/api/pri/notificaciones", Some(&admin), json!({"titulo": "Aviso", "contenido": "Nuevo curso disponible", "destino": {"tipo": "empleado", "cve_empleado": p}}))
        .await;
    let mut gone = false;
    for _ in 0..100 {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM push_suscripciones")
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
        if n == 0 {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    assert!(gone, "a 410 removes the subscription");
    assert_eq!(received.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn push_endpoints_must_be_public_https_in_production() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let keys = json!({"p256dh": "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY", "auth": "_ordMnz7uTCmrpBTeUV4Bw"});
    for endpoint in [
        "http://push.example.com/x",
        "https://127.0.0.1/x",
        "https://10.0.0.5/x",
        "https://localhost/x",
        "https://169.254.169.254/x",
    ] {
        let a = s
            .post(
                "/api/pri/push/suscripciones",
                Some(&t),
                json!({"endpoint": endpoint, "keys": keys}),
            )
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{endpoint}");
        assert!(a.body["fields"]["endpoint"].is_string());
    }
    let a = s
        .post(
            "/api/pri/push/suscripciones",
            Some(&t),
            json!({"endpoint": "https://fcm.googleapis.com/fcm/send/abc", "keys": keys}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let bad_keys = json!({"endpoint": "https://fcm.googleapis.com/fcm/send/abc", "keys": {"p256dh": "AAAA", "auth": "BBBB"}});
    assert_eq!(
        s.post("/api/pri/push/suscripciones", Some(&t), bad_keys)
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn the_employee_autocomplete_needs_four_characters() {
    let s = server().await;
    let t = s.login(PARTICIPANTE).await;
    let a = s
        .get(
            "/api/pri/plan_capacitacion/simulador_puesto/autocomplete/empleados?q=Jor",
            Some(&t),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = s
        .get(
            "/api/pri/plan_capacitacion/simulador_puesto/autocomplete/empleados?q=salinas",
            Some(&t),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(
        a.body
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["nombre_empleado"] == "Jorge Salinas Cantú")
    );
}
