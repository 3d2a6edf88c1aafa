//! Web Push: delivery to users without a socket, removal of gone subscriptions and the
//! rules for push endpoints.

use crate::common;

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::socket::{realtime_server, session_cve};
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

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
    let s = realtime_server().await;
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
    let p = session_cve(&s, &tp).await;
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
