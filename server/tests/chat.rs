//! Chat over HTTP and socket.io: messages with read receipts, history pages, images
//! shared only with the pair, and the employee autocomplete of the new-chat dialog.

use crate::common;

use common::socket::{WAIT, realtime_server, session_cve, sock};
use common::*;
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn messages_are_stored_delivered_and_read_receipts_come_back() {
    let s = realtime_server().await;
    // A pair with no demo conversation yet.
    let ta = s.login(ANALISTA).await;
    let tb = s.login(PARTICIPANTE).await;
    let (a, b) = (session_cve(&s, &ta).await, session_cve(&s, &tb).await);
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
    let s = realtime_server().await;
    let ta = s.login(ANALISTA).await;
    let tb = s.login(HISE).await;
    let b = session_cve(&s, &tb).await;
    for i in 0..120 {
        // 30 messages per 10 s is the sending limit (issue 10).
        if i > 0 && i % 30 == 0 {
            s.clock.advance(chrono::Duration::seconds(10));
        }
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
    let a = session_cve(&s, &ta).await;
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
    let s = realtime_server().await;
    let ta = s.login(SUPERVISOR).await;
    let tb = s.login(PARTICIPANTE).await;
    let b = session_cve(&s, &tb).await;
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
    let c = session_cve(&s, &tc).await;
    let hist = s
        .get(&format!("/api/pri/chat/mensajes/{c}"), Some(&tc))
        .await;
    assert_eq!(hist.body["mensajes"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn the_employee_autocomplete_needs_four_characters() {
    let s = realtime_server().await;
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
