//! Login, sessions, passwords and their limits, over HTTP against a real server.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn login_accepts_email_curp_and_rfc_in_any_case() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let me = s.me(&t).await;
    assert_eq!(me["perfil_sistema"], "Administrador");
    assert!(
        t.len() > 100,
        "tokens are longer than the spec's 100-character threshold"
    );
    let curp = me["curp"].as_str().unwrap().to_lowercase();
    let rfc = me["rfc_empleado"].as_str().unwrap().to_lowercase();
    for ident in [curp.as_str(), rfc.as_str(), "ADMIN@SierraMadre.MX"] {
        let a = s.try_login(ident, PASSWORD).await;
        assert_eq!(a.status, StatusCode::OK, "{ident}: {:?}", a.body);
        assert_eq!(a.body["resp"], "Excelente");
    }
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_user_get_the_same_answer_and_the_right_password_logs_in() {
    let s = TestServer::start().await;
    let wrong = s.try_login(ADMIN, "Otra.Clave99").await;
    let unknown = s.try_login("nadie@ninguna.mx", "Otra.Clave99").await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.status, unknown.status);
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(wrong.code(), "auth.credenciales_invalidas");
    assert_eq!(s.try_login(ADMIN, PASSWORD).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_generic_token_opens_only_pre_login_calls() {
    let s = TestServer::start().await;
    let g = s.generic().await;
    assert_eq!(s.get("/api/pri/cia", Some(&g)).await.status, StatusCode::OK);
    let a = s.post("/api/pri/usuarios/login", Some(&g), json!({})).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    // The same call with a session token is answered.
    let t = s.login(PARTICIPANTE).await;
    let a = s.post("/api/pri/usuarios/login", Some(&t), json!({})).await;
    assert_eq!(a.status, StatusCode::OK);
    let a = s.get("/api/pri/cia", None).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.sin_token");
    let a = s.get("/api/pri/cia", Some("not-a-token")).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.token_invalido");
}

#[tokio::test]
async fn a_new_login_ends_the_previous_session() {
    let s = TestServer::start().await;
    let first = s.login(PARTICIPANTE).await;
    s.me(&first).await;
    let second = s.login(PARTICIPANTE).await;
    let a = s
        .post("/api/pri/usuarios/login", Some(&first), json!({}))
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.sesion_reemplazada");
    assert_eq!(a.resp(), "Otra persona está utilizando este usuario");
    s.me(&second).await;
}

#[tokio::test]
async fn ten_idle_minutes_end_a_session_and_activity_keeps_it_alive() {
    let s = TestServer::start().await;
    let t = s.login(SUPERVISOR).await;
    for _ in 0..3 {
        s.clock.advance(chrono::Duration::minutes(9));
        s.me(&t).await;
    }
    s.clock
        .advance(chrono::Duration::minutes(10) + chrono::Duration::seconds(30));
    let a = s.post("/api/pri/usuarios/login", Some(&t), json!({})).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.sesion_caducada");
}

#[tokio::test]
async fn idle_sessions_leave_the_active_list() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let _p = s.login(PARTICIPANTE).await;
    let list = s
        .get("/api/pri/usuarios/sesiones/activas", Some(&admin))
        .await;
    assert_eq!(list.status, StatusCode::OK);
    let names: Vec<String> = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nombre"].as_str().unwrap().to_string())
        .collect();
    assert!(
        names.contains(&"Luis Hernández Rodríguez".to_string()),
        "{names:?}"
    );
    s.clock.advance(chrono::Duration::minutes(11));
    aula::auth::session::end_idle(s.state()).await.unwrap();
    let admin = s.login(ADMIN).await;
    let list = s
        .get("/api/pri/usuarios/sesiones/activas", Some(&admin))
        .await;
    let names: Vec<String> = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nombre"].as_str().unwrap().to_string())
        .collect();
    assert!(
        !names.contains(&"Luis Hernández Rodríguez".to_string()),
        "{names:?}"
    );
}

#[tokio::test]
async fn logout_ends_the_own_session() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let me = s.me(&t).await;
    let cve = me["cve_empleado"].as_i64().unwrap();
    let a = s
        .call(
            Method::DELETE,
            &format!("/api/pri/usuarios/sesiones/eliminar/{cve}/web"),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let a = s.post("/api/pri/usuarios/login", Some(&t), json!({})).await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.sesion_cerrada");
}

#[tokio::test]
async fn session_release_follows_the_profile_and_its_scope() {
    let s = TestServer::start().await;
    // Rep. Empresa may release only their subordinates.
    let contractor = s.login(CONTRATISTA).await;
    let contractor_cve = s.me(&contractor).await["cve_empleado"].as_i64().unwrap();
    let participant = s.login(PARTICIPANTE).await;
    let participant_cve = s.me(&participant).await["cve_empleado"].as_i64().unwrap();
    let rep = s.login(REP).await;
    let path = |c: i64| format!("/api/pri/usuarios/sesiones/eliminar/{c}/web");
    let a = s
        .call(Method::DELETE, &path(participant_cve), Some(&rep), None)
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN, "{:?}", a.body);
    let a = s
        .call(Method::DELETE, &path(contractor_cve), Some(&rep), None)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.resp(), "Sesión liberada con exito!");
    let a = s
        .post("/api/pri/usuarios/login", Some(&contractor), json!({}))
        .await;
    assert_eq!(a.code(), "auth.sesion_liberada");
    // An Analista may not release sessions; HISE may release anyone's.
    let analista = s.login(ANALISTA).await;
    let a = s
        .call(
            Method::DELETE,
            &path(participant_cve),
            Some(&analista),
            None,
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(a.code(), "auth.sin_permiso");
    let hise = s.login(HISE).await;
    let a = s
        .call(Method::DELETE, &path(participant_cve), Some(&hise), None)
        .await;
    assert_eq!(a.status, StatusCode::OK);
    // Nothing left to release.
    let a = s
        .call(Method::DELETE, &path(participant_cve), Some(&hise), None)
        .await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn login_failures_hold_the_account_and_the_hold_survives_a_restart() {
    let mut s = TestServer::start().await;
    // Five failures hold the account for a minute (growing with each further failure).
    for _ in 0..5 {
        let a = s.try_login(SUPERVISOR, "Mala.Clave11").await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
    }
    let a = s.try_login(SUPERVISOR, PASSWORD).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(a.code(), "auth.demasiados_intentos");
    assert!(a.headers.get("retry-after").is_some());
    // Other users are not affected.
    s.login(PARTICIPANTE).await;
    s.restart().await;
    let a = s.try_login(SUPERVISOR, PASSWORD).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    s.clock.advance(chrono::Duration::minutes(16));
    s.login(SUPERVISOR).await;
}

#[tokio::test]
async fn login_attempts_are_limited_per_client_address() {
    let s = TestServer::start().await;
    for i in 0..60 {
        let a = s
            .try_login(&format!("nadie{i}@ninguna.mx"), "Mala.Clave11")
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
    }
    let a = s.try_login(ADMIN, PASSWORD).await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
    // Once the fifteen-minute window has passed the same address logs in again.
    s.clock.advance(chrono::Duration::minutes(16));
    s.login(ADMIN).await;
}

#[tokio::test]
async fn password_recovery_sends_a_single_use_link_that_sets_a_new_password() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let me = s.me(&t).await;
    let g = s.generic().await;
    let before = s.outbox().len();
    // Unknown combinations get the same answer and no e-mail.
    let a = s
        .post(
            "/api/pri/usuarios/restablecerContrasena",
            Some(&g),
            json!({"email": PARTICIPANTE, "curp": "XXXX000000HDFXXX00"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.resp(), "Excelente");
    let a = s
        .post(
            "/api/pri/usuarios/restablecerContrasena",
            Some(&g),
            json!({"email": PARTICIPANTE, "curp": me["curp"]}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let mail = s.wait_mail(PARTICIPANTE, before).await;
    assert_eq!(
        s.outbox().len(),
        before + 1,
        "only the matching request sent mail"
    );
    let jwt = reset_token(&mail);
    let cve = me["cve_empleado"].as_i64().unwrap();
    // The rules hold on the server too.
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&jwt),
            json!({"password": "corta", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.code(), "validacion.contrasena");
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&jwt),
            json!({"password": "Nueva.Clave42", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    // The reset ended the open session, and the link works once.
    assert_eq!(
        s.post("/api/pri/usuarios/login", Some(&t), json!({}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&jwt),
            json!({"password": "Otra.Clave43", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    assert_eq!(a.code(), "auth.enlace_invalido");
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        s.try_login(PARTICIPANTE, "Nueva.Clave42").await.status,
        StatusCode::OK
    );
    // The reset token opens nothing else.
    assert_eq!(
        s.get("/api/pri/cia", Some(&jwt)).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_reset_link_older_than_thirty_minutes_is_refused_and_a_fresh_one_works() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let me = s.me(&t).await;
    let link = || async {
        let g = s.generic().await;
        let before = s.outbox().len();
        let a = s
            .post(
                "/api/pri/usuarios/restablecerContrasena",
                Some(&g),
                json!({"email": ANALISTA, "curp": me["num_empleado"]}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        reset_token(&s.wait_mail(ANALISTA, before).await)
    };
    let body = json!({"password": "Nueva.Clave42", "cve_empleado": me["cve_empleado"]});
    let old = link().await;
    s.clock.advance(chrono::Duration::minutes(31));
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&old),
            body.clone(),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED);
    let fresh = link().await;
    s.clock.advance(chrono::Duration::minutes(29));
    let a = s
        .post("/api/pri/usuarios/restablecerUsuario", Some(&fresh), body)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}

#[tokio::test]
async fn reset_requests_are_validated_and_limited() {
    let s = TestServer::start().await;
    let g = s.generic().await;
    let a = s
        .post(
            "/api/pri/usuarios/restablecerContrasena",
            Some(&g),
            json!({"email": "no-es-correo", "curp": "ABC"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.body["fields"]["email"].is_string());
    let a = s
        .post(
            "/api/pri/usuarios/restablecerContrasena",
            Some(&g),
            json!({"email": "a@b.mx", "curp": "ABC-123"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(a.body["fields"]["curp"].is_string());
    for _ in 0..5 {
        let a = s
            .post(
                "/api/pri/usuarios/restablecerContrasena",
                Some(&g),
                json!({"email": HISE, "curp": "ABC123"}),
            )
            .await;
        assert_eq!(a.status, StatusCode::OK);
    }
    let a = s
        .post(
            "/api/pri/usuarios/restablecerContrasena",
            Some(&g),
            json!({"email": HISE, "curp": "ABC123"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn a_user_flagged_for_a_credentials_change_must_set_a_new_password() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let t = s.login(INSTRUCTOR).await;
    let cve = s.me(&t).await["cve_empleado"].as_i64().unwrap();
    // An administrator sets a temporary password: the user must change it.
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&admin),
            json!({"password": "Temporal.2026", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let a = s.try_login(INSTRUCTOR, "Temporal.2026").await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["resp"], "Cambio de credenciales");
    let restricted = a.body["jwt"].as_str().unwrap().to_string();
    assert_eq!(
        s.post("/api/pri/usuarios/login", Some(&restricted), json!({}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&restricted),
            json!({"password": "Definitiva.2026", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    let a = s.try_login(INSTRUCTOR, "Definitiva.2026").await;
    assert_eq!(a.body["resp"], "Excelente");
    // Someone without the section cannot set passwords.
    let p = s.login(PARTICIPANTE).await;
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&p),
            json!({"password": "Otra.Clave2026", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn changing_the_password_checks_the_current_one_and_the_rules() {
    let s = TestServer::start().await;
    let t = s.login(HISE).await;
    let me = s.me(&t).await;
    let path = "/api/pri/usuarios/cambiarContrasena";
    let a = s
        .post(
            path,
            Some(&t),
            json!({"pass": "Mala.Clave11", "newPass": "Nueva.Clave42"}),
        )
        .await;
    assert_eq!(a.code(), "auth.contrasena_actual");
    let a = s
        .post(
            path,
            Some(&t),
            json!({"pass": "", "newPass": "Nueva.Clave42"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    for weak in [
        "nueva.clave42",
        "NUEVA.CLAVE42",
        "Nueva.Clave4",
        "NuevaClave42",
        "Nu.42",
    ] {
        let a = s
            .post(path, Some(&t), json!({"pass": PASSWORD, "newPass": weak}))
            .await;
        assert_eq!(a.code(), "validacion.contrasena", "{weak}");
    }
    let num = me["num_empleado"].as_str().unwrap();
    let a = s
        .post(path, Some(&t), json!({"pass": PASSWORD, "newPass": num}))
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    let a = s
        .post(
            path,
            Some(&t),
            json!({"pass": PASSWORD, "newPass": "Nueva.Clave42"}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(
        s.try_login(HISE, "Nueva.Clave42").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_password_may_not_equal_the_employee_number() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    // Give someone an employee number that satisfies every other rule.
    sqlx::query("UPDATE empleados SET num_empleado = 'Ab#12345' WHERE correo_empleado = ?")
        .bind(HISE)
        .execute(&s.state().db.write)
        .await
        .unwrap();
    let cve: i64 =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE correo_empleado = ?")
            .bind(HISE)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&admin),
            json!({"password": "Ab#12345", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.code(), "validacion.contrasena_numero_usuario");
    assert_eq!(
        a.resp(),
        "Favor de revisar que la contraseña no sea igual al numero de usuario: Ab#12345"
    );
    let a = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&admin),
            json!({"password": "Ab#12346", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
}

#[tokio::test]
async fn switching_profile_changes_the_permissions_of_the_session() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let me = s.me(&t).await;
    assert_eq!(me["perfiles_sistema"].as_array().unwrap().len(), 2);
    assert!(
        me["secciones"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k == "configuracion.apis")
    );
    assert_eq!(
        s.get("/api/pri/apis", Some(&t)).await.status,
        StatusCode::OK
    );
    let a = s
        .post(
            "/api/pri/perfiles/cambiar_perfil",
            Some(&t),
            json!({"perfil": 2}),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["usuario"]["perfil_sistema"], "Analista");
    let t2 = a.body["token"].as_str().unwrap().to_string();
    assert_eq!(
        s.get("/api/pri/apis", Some(&t2)).await.status,
        StatusCode::FORBIDDEN
    );
    let a = s
        .post(
            "/api/pri/perfiles/cambiar_perfil",
            Some(&t2),
            json!({"perfil": 7}),
        )
        .await;
    assert_eq!(a.status, StatusCode::FORBIDDEN);
    assert_eq!(a.code(), "auth.perfil_no_asignado");
}

#[tokio::test]
async fn the_profile_update_validates_and_saves_with_a_photo() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let me = s.me(&t).await;
    let cve = me["cve_empleado"].as_i64().unwrap();
    // A text file is not a photo, whatever it is called.
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(b"no soy una imagen".to_vec()).file_name("foto.png"),
    );
    let res = s
        .http
        .post(format!("{}/api/pri/usuarios/foto", s.base))
        .bearer_auth(&t)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let a = TestServer::answer(res).await;
    assert_eq!(a.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(a.code(), "archivo.tipo_imagen");
    // Over 8 MB is refused.
    let mut big = vec![0u8; 8 * 1024 * 1024 + 10];
    big[..8].copy_from_slice(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]);
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(big).file_name("g.png"),
    );
    let res = s
        .http
        .post(format!("{}/api/pri/usuarios/foto", s.base))
        .bearer_auth(&t)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // A real PNG is stored and served.
    let png: Vec<u8> = vec![
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0,
        0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44,
        0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
        0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ];
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(png.clone()).file_name("yo.png"),
    );
    let res = s
        .http
        .post(format!("{}/api/pri/usuarios/foto", s.base))
        .bearer_auth(&t)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let a = TestServer::answer(res).await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let url = a.body["url"].as_str().unwrap().to_string();
    let img = s.get(&url, None).await;
    assert_eq!(img.status, StatusCode::OK);
    assert_eq!(img.bytes, png);
    assert_eq!(img.headers["content-type"], "image/png");

    let mut body = json!({
        "cve_empleado": cve, "nombre_empleado": "Luis Hernández Rodríguez", "genero": "H",
        "correo_empleado": PARTICIPANTE, "rfc_empleado": me["rfc_empleado"], "fecha_nacimiento": "1990-05-04",
        "telefono": "8112345678", "foto_empleado": url,
    });
    body["telefono"] = json!("81-1234-5678");
    body["rfc_empleado"] = json!("ABC");
    let a = s
        .post(
            "/api/pri/usuarios/actualizar-perfil",
            Some(&t),
            body.clone(),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert!(
        a.body["fields"]["telefono"].is_string() && a.body["fields"]["rfc_empleado"].is_string()
    );
    body["telefono"] = json!("8112345678");
    body["rfc_empleado"] = me["rfc_empleado"].clone();
    body["correo_empleado"] = json!(ADMIN);
    // Changing the e-mail needs the current password (tests/hardening_identity.rs).
    body["pass"] = json!(PASSWORD);
    let a = s
        .post(
            "/api/pri/usuarios/actualizar-perfil",
            Some(&t),
            body.clone(),
        )
        .await;
    assert_eq!(a.status, StatusCode::CONFLICT);
    assert_eq!(a.code(), "duplicado.correo");
    body["correo_empleado"] = json!(PARTICIPANTE);
    let a = s
        .post("/api/pri/usuarios/actualizar-perfil", Some(&t), body)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    assert_eq!(a.body["user"][0]["telefono"], "8112345678");
    assert_eq!(a.body["user"][0]["foto_empleado"], url.as_str());
    assert!(a.body["user"][0]["token"].as_str().unwrap().len() > 100);
}
