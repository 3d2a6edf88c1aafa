//! Notifications: live delivery over socket.io with unread counts and channels.

use crate::common;

use std::time::Duration;

use common::socket::{WAIT, realtime_server, session_cve, sock};
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn notifications_arrive_live_with_unread_counts_and_channels() {
    let s = realtime_server().await;
    let tp = s.login(PARTICIPANTE).await;
    let p = session_cve(&s, &tp).await;
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
