//! The realtime layer with real socket.io clients: the handshake and its limits,
//! presence, and sessions ended live (takeover, release, idle).

use crate::common;

use std::time::{Duration, Instant};

use common::socket::{WAIT, connect, realtime_server, session_cve, sock};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

#[tokio::test]
async fn the_handshake_checks_token_session_and_origin() {
    let s = realtime_server().await;
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
async fn presence_follows_the_last_tab_with_a_grace_period() {
    let s = realtime_server().await;
    let ta = s.login(SUPERVISOR).await;
    let tb = s.login(PARTICIPANTE).await;
    let b = session_cve(&s, &tb).await;
    let a = session_cve(&s, &ta).await;
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
    let s = realtime_server().await;
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
    let s = realtime_server().await;
    let tp = s.login(PARTICIPANTE).await;
    let p = session_cve(&s, &tp).await;
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
    let s = realtime_server().await;
    let t = s.login(ANALISTA).await;
    let so = sock(&s, &t).await;
    for _ in 0..3 {
        s.clock.advance(chrono::Duration::minutes(8));
        assert_eq!(so.call("chat:list", json!({})).await["ok"], true);
    }
    s.me(&t).await;
}
