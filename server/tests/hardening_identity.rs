//! Account identifiers (issue 10): who may change an account's e-mail, CURP or RFC, what a
//! change does to the account's credentials, self-registration that cannot squat a hire,
//! the self-service e-mail change with confirmation, the password-reset request off the
//! request path, the login back-off per account and a Supervisor's own HR record.

use crate::common;

use std::time::Duration;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const REGISTRO: &str = "/api/pri/usuarios/registro";
const RESET: &str = "/api/pri/usuarios/restablecerContrasena";
const PERFIL: &str = "/api/pri/usuarios/actualizar-perfil";
const CONFIRMAR: &str = "/api/pri/usuarios/confirmar-correo";

fn detail_path(cve: i64) -> String {
    format!("/api/pri/catalogos/empleados/{cve}")
}

/// The employee's current form as the edit screen sends it back.
async fn current_form(s: &TestServer, token: &str, cve: i64) -> Value {
    let d = s.get(&detail_path(cve), Some(token)).await;
    assert_eq!(d.status, StatusCode::OK, "{:?}", d.body);
    let b = &d.body;
    json!({
        "num_empleado": b["num_empleado"], "nombre_empleado": b["nombre_empleado"], "curp": b["curp"],
        "rfc_empleado": b["rfc_empleado"], "correo_empleado": b["correo_empleado"], "telefono": b["telefono"],
        "genero": b["genero"], "fecha_nacimiento": b["fecha_nacimiento"], "cve_puesto": b["cve_puesto"],
        "n2": b["n2"], "n3": b["n3"], "n4": b["n4"], "n5": b["n5"], "n6": b["n6"], "n7": b["n7"],
        "cve_planta": b["cve_planta"], "cve_pais": b["cve_pais"], "cve_estado": b["cve_estado"],
        "cve_tipo_poblacion": b["cve_tipo_poblacion"], "cve_supervisor": b["cve_supervisor"],
        "fecha_ingreso": b["fecha_ingreso"], "fecha_inicio_puesto": b["fecha_inicio_puesto"],
        "tipo_empleado": b["tipo_empleado"], "id_tarjeta": b["id_tarjeta"], "ocupacion": b["ocupacion"],
        "activo": b["activo"]
    })
}

async fn email_of(s: &TestServer, cve: i64) -> Option<String> {
    sqlx::query_scalar("SELECT correo_empleado FROM empleados WHERE cve_empleado = ?")
        .bind(cve)
        .fetch_one(&s.state().db.read)
        .await
        .expect("employee")
}

async fn number_and_curp(s: &TestServer, cve: i64) -> (String, String) {
    sqlx::query_as("SELECT num_empleado, curp FROM empleados WHERE cve_empleado = ?")
        .bind(cve)
        .fetch_one(&s.state().db.read)
        .await
        .expect("employee")
}

/// Whether an e-mail to `to` shows up in the outbox (after `before`) within a second.
async fn mail_arrives(s: &TestServer, to: &str, before: usize) -> Option<String> {
    for _ in 0..20 {
        if let Some(m) = s.outbox().iter().skip(before).find(|m| m.contains(to)) {
            return Some(m.clone());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// Asks for a reset link to `email` for the employee `num` and, when one arrives, sets a
/// new password with it; true when the attacker ended up with a working password.
async fn reset_through(s: &TestServer, email: &str, num: &str, cve: i64) -> bool {
    let g = s.generic().await;
    let before = s.outbox().len();
    let a = s
        .post(RESET, Some(&g), json!({"email": email, "curp": num}))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let Some(mail) = mail_arrives(s, email, before).await else {
        return false;
    };
    let jwt = reset_token(&mail);
    let r = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&jwt),
            json!({"password": "Toma.Cuenta2026", "cve_empleado": cve}),
        )
        .await;
    r.status == StatusCode::OK
        && s.try_login(email, "Toma.Cuenta2026").await.status == StatusCode::OK
}

// ---- bulk uploads -------------------------------------------------------------------

const HEAD: &[&str] = &[
    "NumEmpleado*",
    "Nombre*",
    "CURP*",
    "Correo",
    "N2*",
    "N3*",
    "N4*",
    "N5",
    "N6",
    "N7",
    "Puesto*",
];

/// (N2 … N7, Puesto) names of the Participante's place, valid for any upload row.
async fn place(s: &TestServer) -> [String; 7] {
    let (a, b, c, d, e, f, g): (String, String, String, String, String, String, String) = sqlx::query_as(
        "SELECT s2.nombre, s3.nombre, s4.nombre, COALESCE(s5.nombre, ''), COALESCE(s6.nombre, ''),
                COALESCE(s7.nombre, ''), p.puesto FROM empleados e
         JOIN estructura s2 ON s2.cve_estructura = e.n2 JOIN estructura s3 ON s3.cve_estructura = e.n3
         JOIN estructura s4 ON s4.cve_estructura = e.n4 LEFT JOIN estructura s5 ON s5.cve_estructura = e.n5
         LEFT JOIN estructura s6 ON s6.cve_estructura = e.n6 LEFT JOIN estructura s7 ON s7.cve_estructura = e.n7
         JOIN puestos p ON p.cve_puesto = e.cve_puesto WHERE e.correo_empleado = ?",
    )
    .bind(PARTICIPANTE)
    .fetch_one(&s.state().db.read)
    .await
    .expect("participant's place");
    [a, b, c, d, e, f, g]
}

fn row(num: &str, nombre: &str, curp: &str, correo: &str, p: &[String; 7]) -> Vec<String> {
    let mut r = vec![num.into(), nombre.into(), curp.into(), correo.into()];
    r.extend(p.iter().cloned());
    r
}

fn xlsx(rows: &[Vec<String>]) -> Vec<u8> {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    for (c, h) in HEAD.iter().enumerate() {
        ws.write_string(0, c as u16, *h).expect("header");
    }
    for (r, cells) in rows.iter().enumerate() {
        for (c, v) in cells.iter().enumerate() {
            if !v.is_empty() {
                ws.write_string(r as u32 + 1, c as u16, v).expect("cell");
            }
        }
    }
    wb.save_to_buffer().expect("xlsx")
}

/// Uploads employee rows and waits for the job; answers (job, [(row, column, reason)]).
async fn upload(
    s: &TestServer,
    t: &str,
    rows: &[Vec<String>],
) -> (Value, Vec<(i64, String, String)>) {
    let form = reqwest::multipart::Form::new().part("archivo", file_part("e.xlsx", &xlsx(rows)));
    let a = s
        .send_form(
            Method::POST,
            "/api/pri/cargas_masivas/empleados",
            Some(t),
            form,
        )
        .await;
    assert_eq!(a.status, StatusCode::ACCEPTED, "{:?}", a.body);
    let id = a.body["id_carga"].as_i64().expect("id_carga");
    for _ in 0..300 {
        let r = s
            .get(&format!("/api/pri/cargas_masivas/{id}"), Some(t))
            .await;
        let e = r.body["estatus"].as_str().unwrap_or("").to_string();
        if e == "terminada" || e == "fallida" {
            let errors = sqlx::query_as(
                "SELECT fila, columna, motivo FROM cargas_errores WHERE id_carga = ? ORDER BY fila",
            )
            .bind(id)
            .fetch_all(&s.state().db.read)
            .await
            .expect("row errors");
            return (r.body, errors);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the upload did not finish");
}

// ---- H1 ------------------------------------------------------------------------------

#[tokio::test]
async fn h1_an_analista_cannot_change_the_administrators_email_and_take_the_account_over() {
    let s = TestServer::start().await;
    let analista = s.login(ANALISTA).await;
    let admin_cve = s.cve_of(ADMIN).await;
    let (num, _) = number_and_curp(&s, admin_cve).await;

    let mut form = current_form(&s, &analista, admin_cve).await;
    form["correo_empleado"] = json!("atacante@correo.mx");
    let r = s
        .call(
            Method::PUT,
            &detail_path(admin_cve),
            Some(&analista),
            Some(form),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.identificadores_protegidos"),
        "{:?}",
        r.body
    );
    assert!(
        r.resp().contains("permisos"),
        "the message says why: {}",
        r.resp()
    );
    // The rest of the chain: a reset to the attacker's address never becomes a login.
    assert!(!reset_through(&s, "atacante@correo.mx", &num, admin_cve).await);
    assert_eq!(email_of(&s, admin_cve).await.as_deref(), Some(ADMIN));
    s.login(ADMIN).await;

    // CURP and RFC are identifiers too.
    for (field, value) in [
        ("curp", "ZAZA900101HNLXXX09"),
        ("rfc_empleado", "ZAZA900101AB1"),
    ] {
        let mut form = current_form(&s, &analista, admin_cve).await;
        form[field] = json!(value);
        let r = s
            .call(
                Method::PUT,
                &detail_path(admin_cve),
                Some(&analista),
                Some(form),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{field}: {:?}", r.body);
    }
    // Fields that are not identifiers still change.
    let mut form = current_form(&s, &analista, admin_cve).await;
    form["telefono"] = json!("8110000000");
    let r = s
        .call(
            Method::PUT,
            &detail_path(admin_cve),
            Some(&analista),
            Some(form),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn h1_a_bulk_upload_by_an_analista_cannot_change_the_administrators_email() {
    let s = TestServer::start().await;
    let analista = s.login(ANALISTA).await;
    let admin_cve = s.cve_of(ADMIN).await;
    let (num, curp_admin) = number_and_curp(&s, admin_cve).await;
    let p = place(&s).await;
    let (job, errors) = upload(
        &s,
        &analista,
        &[
            row(
                &num,
                "Administrador Tomado",
                &curp_admin,
                "atacante@correo.mx",
                &p,
            ),
            row(
                "NUEVO-1",
                "Persona Nueva Legítima",
                &curp(7001),
                "nuevo1@sierramadre.mx",
                &p,
            ),
        ],
    )
    .await;
    assert_eq!(
        errors,
        vec![(
            2,
            "Correo".to_string(),
            "auth.identificadores_protegidos".to_string()
        )],
        "the admin's row is refused with the reason: {job:?}"
    );
    assert_eq!(
        job["insertadas"], 1,
        "the rest of the file goes on: {job:?}"
    );
    assert_eq!(email_of(&s, admin_cve).await.as_deref(), Some(ADMIN));
    assert!(!reset_through(&s, "atacante@correo.mx", &num, admin_cve).await);
    s.login(ADMIN).await;
}

// ---- H2 ------------------------------------------------------------------------------

#[tokio::test]
async fn h2_a_supervisor_cannot_take_over_a_subordinate_who_holds_a_stronger_profile() {
    let s = TestServer::start().await;
    let target = s.cve_of(PARTICIPANTE).await;
    // The subordinate also holds the Analista profile.
    sqlx::query(
        "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado) VALUES (?, 2, 0)",
    )
    .bind(target)
    .execute(&s.state().db.write)
    .await
    .expect("extra profile");
    let (num, _) = number_and_curp(&s, target).await;
    let sup = s.login(SUPERVISOR).await;
    let mut form = current_form(&s, &sup, target).await;
    form["correo_empleado"] = json!("jefe.atacante@correo.mx");
    let r = s
        .call(Method::PUT, &detail_path(target), Some(&sup), Some(form))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.identificadores_protegidos"),
        "{:?}",
        r.body
    );
    assert!(!reset_through(&s, "jefe.atacante@correo.mx", &num, target).await);
    assert_eq!(email_of(&s, target).await.as_deref(), Some(PARTICIPANTE));
    s.login(PARTICIPANTE).await;
}

// ---- what a change does ---------------------------------------------------------------

#[tokio::test]
async fn an_identifier_change_ends_sessions_voids_the_password_and_reset_links_and_tells_both_addresses()
 {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let target = s.cve_of(PARTICIPANTE).await;
    let (num, _) = number_and_curp(&s, target).await;
    let victim = s.login(PARTICIPANTE).await;
    let live = common::socket::sock(&s, &victim).await;
    // A reset link asked for before the change.
    let g = s.generic().await;
    let before = s.outbox().len();
    s.post(RESET, Some(&g), json!({"email": PARTICIPANTE, "curp": num}))
        .await;
    let old_link = reset_token(&s.wait_mail(PARTICIPANTE, before).await);

    let before = s.outbox().len();
    let mut form = current_form(&s, &admin, target).await;
    form["correo_empleado"] = json!("nuevo.correo@sierramadre.mx");
    let r = s
        .call(Method::PUT, &detail_path(target), Some(&admin), Some(form))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let a = s
        .post("/api/pri/usuarios/login", Some(&victim), json!({}))
        .await;
    assert_eq!(a.status, StatusCode::UNAUTHORIZED, "the session ended");
    let ended = live
        .wait("session:ended", Duration::from_secs(2))
        .await
        .expect("the open tab is told at once");
    assert_eq!(ended["code"], "auth.sesion_cerrada");
    assert_eq!(
        s.try_login("nuevo.correo@sierramadre.mx", PASSWORD)
            .await
            .status,
        StatusCode::BAD_REQUEST,
        "the old password no longer works"
    );
    let r = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&old_link),
            json!({"password": "Vieja.Liga2026", "cve_empleado": target}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "the old link is void");
    let old = s.wait_mail(PARTICIPANTE, before).await;
    assert!(old.contains("nuevo.correo@sierramadre.mx"), "{old}");
    s.wait_mail("nuevo.correo@sierramadre.mx", before).await;
    // The rightful owner recovers the account through the new address.
    assert!(reset_through(&s, "nuevo.correo@sierramadre.mx", &num, target).await);
}

#[tokio::test]
async fn an_upload_that_changes_an_email_voids_the_account_and_tells_both_addresses() {
    let s = TestServer::start().await;
    let target = s.cve_of(PARTICIPANTE).await;
    let (num, curp_p) = number_and_curp(&s, target).await;
    let victim = s.login(PARTICIPANTE).await;
    let live = common::socket::sock(&s, &victim).await;
    let analista = s.login(ANALISTA).await;
    let p = place(&s).await;
    let before = s.outbox().len();
    let (job, errors) = upload(
        &s,
        &analista,
        &[row(
            &num,
            "Luis Hernández Rodríguez",
            &curp_p,
            "luis.nuevo@sierramadre.mx",
            &p,
        )],
    )
    .await;
    assert!(errors.is_empty(), "{errors:?} {job:?}");
    assert_eq!(job["actualizadas"], 1, "{job:?}");
    live.wait("session:ended", Duration::from_secs(2))
        .await
        .expect("the open tab is told once the batch commits");
    let old = s.wait_mail(PARTICIPANTE, before).await;
    assert!(old.contains("luis.nuevo@sierramadre.mx"), "{old}");
    s.wait_mail("luis.nuevo@sierramadre.mx", before).await;
    assert_eq!(
        s.try_login("luis.nuevo@sierramadre.mx", PASSWORD)
            .await
            .status,
        StatusCode::BAD_REQUEST,
        "the old password no longer works"
    );
}

// ---- H3 ------------------------------------------------------------------------------

async fn enable_registration(s: &TestServer) {
    let admin = s.login(ADMIN).await;
    let r = s
        .call(
            Method::PUT,
            "/api/pri/cia",
            Some(&admin),
            Some(json!({"home_show_register_section": 1})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

async fn registration(s: &TestServer, curp: &str, correo: &str) -> Value {
    let (_, n2, n3, n4, puesto) = s.org_of(PARTICIPANTE).await;
    json!({
        "N2": n2, "N3": n3, "N4": n4, "cve_puesto": puesto, "NombreEmpleado": "Persona Registrada",
        "GENERO": "H", "EMP_MAIL": correo, "EMP_CURP": curp, "EMP_RFC": "PERE900101AB1",
        "FechaNacimiento": "1990-01-01", "Telefono": "8112345678", "estado": 19
    })
}

#[tokio::test]
async fn h3_self_registration_cannot_choose_its_number_supervisor_or_structure() {
    let s = TestServer::start().await;
    enable_registration(&s).await;
    let sup_cve = s.cve_of(SUPERVISOR).await;
    let (sup_num, _) = number_and_curp(&s, sup_cve).await;
    let mut body = registration(&s, &curp(7100), "okupa@correo.mx").await;
    body["NumEmpleado"] = json!("CONTRATO-2027");
    body["JEFE"] = json!(sup_num);
    body["Perfiles"] = json!("Administrador");
    body["Activo"] = json!("NO");
    let g = s.generic().await;
    let a = s.post(REGISTRO, Some(&g), body).await;
    // The fields are ignored: the server chose number, boss and lower levels.
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    {
        let cve = a.body["cve_empleado"].as_i64().expect("cve");
        assert_eq!(
            a.body["num_empleado"],
            format!("WEB-{cve:06}"),
            "{:?}",
            a.body
        );
        let (num, jefe, n5, n6, n7): (String, Option<i64>, String, String, String) = sqlx::query_as(
            "SELECT e.num_empleado, e.cve_supervisor, s5.nombre, s6.nombre, s7.nombre FROM empleados e
             JOIN estructura s5 ON s5.cve_estructura = e.n5 JOIN estructura s6 ON s6.cve_estructura = e.n6
             JOIN estructura s7 ON s7.cve_estructura = e.n7 WHERE e.cve_empleado = ?",
        )
        .bind(cve)
        .fetch_one(&s.state().db.read)
        .await
        .expect("registered");
        assert_eq!(num, format!("WEB-{cve:06}"));
        assert_eq!(jefe, None, "no supervisor of their choosing");
        assert_eq!(
            (n5.as_str(), n6.as_str(), n7.as_str()),
            ("WEB", "WEB", "WEB")
        );
        let perfiles: Vec<i64> =
            sqlx::query_scalar("SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ?")
                .bind(cve)
                .fetch_all(&s.state().db.read)
                .await
                .expect("profiles");
        assert_eq!(perfiles, vec![8]);
    }
}

#[tokio::test]
async fn h3_an_upload_matching_a_self_registered_account_does_not_inherit_its_credentials() {
    let s = TestServer::start().await;
    enable_registration(&s).await;
    let hire_curp = curp(7200);
    // An outsider registers first with the future hire's CURP and their own address.
    let g = s.generic().await;
    let before = s.outbox().len();
    let a = s
        .post(
            REGISTRO,
            Some(&g),
            registration(&s, &hire_curp, "okupa@correo.mx").await,
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
    let mail = s.wait_mail("okupa@correo.mx", before).await;
    let temp = mail
        .lines()
        .find_map(|l| l.split("Contraseña temporal:").nth(1))
        .expect("temporary password")
        .trim()
        .trim_start_matches("<b>")
        .split('<')
        .next()
        .expect("password")
        .trim()
        .to_string();
    let first = s.try_login(&hire_curp, &temp).await;
    let restricted = first.body["jwt"].as_str().expect("jwt").to_string();
    let cve = first.body["cve_empleado"].as_i64().expect("cve");
    let r = s
        .post(
            "/api/pri/usuarios/restablecerUsuario",
            Some(&restricted),
            json!({"password": "Okupa.Clave2026", "cve_empleado": cve}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let squatter = s.login_with(&hire_curp, "Okupa.Clave2026").await;

    // HR uploads the real hire: same CURP, the company's number, no e-mail column change.
    let analista = s.login(ANALISTA).await;
    let p = place(&s).await;
    let (job, errors) = upload(
        &s,
        &analista,
        &[row("REAL-2027", "Contratación Real", &hire_curp, "", &p)],
    )
    .await;
    assert!(errors.is_empty(), "{errors:?} {job:?}");
    let a = s
        .post("/api/pri/usuarios/login", Some(&squatter), json!({}))
        .await;
    assert_eq!(
        a.status,
        StatusCode::UNAUTHORIZED,
        "the squatter's session ended"
    );
    let a = s.try_login(&hire_curp, "Okupa.Clave2026").await;
    assert_eq!(
        a.status,
        StatusCode::BAD_REQUEST,
        "the squatter's password is gone: {:?}",
        a.body
    );
}

// ---- M4 ------------------------------------------------------------------------------

async fn own_profile(s: &TestServer, t: &str) -> Value {
    let me = s.me(t).await;
    json!({
        "cve_empleado": me["cve_empleado"], "nombre_empleado": me["nombre_empleado"],
        "genero": "M", "correo_empleado": me["correo_empleado"], "rfc_empleado": "PAPA900101AB1",
        "fecha_nacimiento": "1990-01-01", "telefono": "8112345678"
    })
}

/// The `/confirmarCorreo/<token>` link of the e-mail sent to `to` after `before`.
async fn confirmation_link(s: &TestServer, to: &str, before: usize) -> String {
    for _ in 0..100 {
        let found = s
            .outbox()
            .into_iter()
            .skip(before)
            .find(|m| m.contains(&format!("To: {to}")) && m.contains("/confirmarCorreo/"));
        if let Some(m) = found {
            return confirm_token(&m);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no confirmation link sent to {to}");
}

/// The `/confirmarCorreo/<token>` link in an e-mail.
fn confirm_token(mail: &str) -> String {
    let i = mail
        .find("/confirmarCorreo/")
        .expect("confirmation link in the e-mail")
        + "/confirmarCorreo/".len();
    mail[i..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

#[tokio::test]
async fn m4_a_user_changes_their_email_only_with_their_password_and_from_the_new_address() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    // Settle the RFC first (with the password), so the next calls change only the e-mail.
    let mut body = own_profile(&s, &t).await;
    body["pass"] = json!(PASSWORD);
    let r = s.post(PERFIL, Some(&t), body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let mut body = own_profile(&s, &t).await;
    body["correo_empleado"] = json!("mio.nuevo@correo.mx");
    let r = s.post(PERFIL, Some(&t), body.clone()).await;
    assert_eq!(
        r.status,
        StatusCode::BAD_REQUEST,
        "no password, no change: {:?}",
        r.body
    );
    assert_eq!(email_of(&s, cve).await.as_deref(), Some(PARTICIPANTE));
    body["pass"] = json!("Otra.Clave2026");
    let r = s.post(PERFIL, Some(&t), body.clone()).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "auth.contrasena_actual")
    );

    let before = s.outbox().len();
    body["pass"] = json!(PASSWORD);
    let r = s.post(PERFIL, Some(&t), body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["correo_pendiente"], "mio.nuevo@correo.mx");
    // Pending until the new address confirms it; the old address is told.
    assert_eq!(email_of(&s, cve).await.as_deref(), Some(PARTICIPANTE));
    let old = s.wait_mail(PARTICIPANTE, before).await;
    assert!(old.contains("mio.nuevo@correo.mx"), "{old}");
    let token = confirmation_link(&s, "mio.nuevo@correo.mx", before).await;
    let g = s.generic().await;
    let r = s
        .post(CONFIRMAR, Some(&g), json!({"token": "x".repeat(40)}))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{:?}", r.body);
    let r = s.post(CONFIRMAR, Some(&g), json!({"token": token})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(
        email_of(&s, cve).await.as_deref(),
        Some("mio.nuevo@correo.mx")
    );
    let r = s.post(CONFIRMAR, Some(&g), json!({"token": token})).await;
    assert_eq!(
        r.status,
        StatusCode::BAD_REQUEST,
        "single use: {:?}",
        r.body
    );
    s.login("mio.nuevo@correo.mx").await;
}

#[tokio::test]
async fn m4_a_confirmation_link_expires_after_a_day() {
    let s = TestServer::start().await;
    let t = s.login(PARTICIPANTE).await;
    let mut body = own_profile(&s, &t).await;
    body["correo_empleado"] = json!("tarde@correo.mx");
    body["pass"] = json!(PASSWORD);
    let before = s.outbox().len();
    let r = s.post(PERFIL, Some(&t), body).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let token = confirmation_link(&s, "tarde@correo.mx", before).await;
    s.clock.advance(chrono::Duration::hours(25));
    let g = s.generic().await;
    let r = s.post(CONFIRMAR, Some(&g), json!({"token": token})).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::BAD_REQUEST, "auth.confirmacion_invalida")
    );
}

// ---- low findings ---------------------------------------------------------------------

#[tokio::test]
async fn a_password_reset_request_answers_the_same_whether_or_not_the_account_matches() {
    let s = TestServer::start().await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let (num, _) = number_and_curp(&s, cve).await;
    let g = s.generic().await;
    let before = s.outbox().len();
    let hit = s
        .post(RESET, Some(&g), json!({"email": PARTICIPANTE, "curp": num}))
        .await;
    let miss = s
        .post(
            RESET,
            Some(&g),
            json!({"email": "nadie@correo.mx", "curp": num}),
        )
        .await;
    assert_eq!(hit.status, StatusCode::OK);
    assert_eq!((hit.status, &hit.bytes), (miss.status, &miss.bytes));
    // The work happens off the request path; the mail still arrives.
    s.wait_mail(PARTICIPANTE, before).await;
    assert!(mail_arrives(&s, "nadie@correo.mx", before).await.is_none());
}

#[tokio::test]
async fn login_failures_count_per_account_whatever_identifier_is_typed_and_the_back_off_expires() {
    let s = TestServer::start().await;
    let cve = s.cve_of(SUPERVISOR).await;
    let (_, curp_sup) = number_and_curp(&s, cve).await;
    for _ in 0..5 {
        let a = s.try_login(SUPERVISOR, "Mala.Clave11").await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
    }
    // The CURP names the same account: it is held too, for a minute.
    let a = s.try_login(&curp_sup, PASSWORD).await;
    assert_eq!(
        (a.status, a.code()),
        (StatusCode::TOO_MANY_REQUESTS, "auth.demasiados_intentos"),
        "{:?}",
        a.body
    );
    let wait: i64 = a
        .headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("retry-after");
    assert!((1..=60).contains(&wait), "{wait}");
    // Other accounts are not affected.
    s.login(PARTICIPANTE).await;
    s.clock.advance(chrono::Duration::seconds(61));
    // One more failure doubles the wait; it still ends.
    assert_eq!(
        s.try_login(&curp_sup, "Mala.Clave11").await.status,
        StatusCode::BAD_REQUEST
    );
    s.clock.advance(chrono::Duration::seconds(61));
    assert_eq!(
        s.try_login(SUPERVISOR, PASSWORD).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    s.clock.advance(chrono::Duration::seconds(60));
    s.login(SUPERVISOR).await;
    // A success starts the count again.
    for _ in 0..4 {
        s.try_login(SUPERVISOR, "Mala.Clave11").await;
    }
    s.login(SUPERVISOR).await;
}

#[tokio::test]
async fn a_supervisor_cannot_edit_their_own_hr_record() {
    let s = TestServer::start().await;
    let sup = s.login(SUPERVISOR).await;
    let me = s.cve_of(SUPERVISOR).await;
    let mut form = current_form(&s, &sup, me).await;
    form["fecha_ingreso"] = json!("2010-01-01");
    let r = s
        .call(Method::PUT, &detail_path(me), Some(&sup), Some(form))
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.registro_propio"),
        "{:?}",
        r.body
    );
    // Those who administer every employee still may.
    let analista = s.login(ANALISTA).await;
    let own = s.cve_of(ANALISTA).await;
    let form = current_form(&s, &analista, own).await;
    let r = s
        .call(Method::PUT, &detail_path(own), Some(&analista), Some(form))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}
