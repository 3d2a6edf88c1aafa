//! Employees: the form and its validation, duplicates, supervisor cycles, scope, photo,
//! absences, access, baja lógica and the profile wizard.

use crate::common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const CREATE: &str = "/api/pri/catalogos/empleados/crear";

fn detail_path(cve: i64) -> String {
    format!("/api/pri/catalogos/empleados/{cve}")
}

/// The edit form of an existing employee, built from its detail so that a PUT of it
/// changes nothing.
async fn current_form(s: &TestServer, token: &str, cve: i64, org: Org) -> Value {
    let d = s.get(&detail_path(cve), Some(token)).await;
    assert_eq!(d.status, StatusCode::OK, "{:?}", d.body);
    let mut form = employee_form(
        d.body["num_empleado"].as_str().expect("num_empleado"),
        d.body["curp"].as_str().expect("curp"),
        org,
        d.body["cve_supervisor"].as_i64(),
    );
    form["correo_empleado"] = d.body["correo_empleado"].clone();
    form["rfc_empleado"] = d.body["rfc_empleado"].clone();
    form
}

#[tokio::test]
async fn an_employee_with_invalid_fields_is_refused_naming_each_and_the_corrected_one_is_created() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let org = s.org_of(PARTICIPANTE).await;
    let outbox = s.outbox().len();

    let mut bad = employee_form("E-1", "NOPE", org, None);
    bad["rfc_empleado"] = json!("X");
    bad["correo_empleado"] = json!("no-es-correo");
    bad["telefono"] = json!("81-12");
    bad["genero"] = json!("F");
    let r = s.post(CREATE, Some(&t), bad).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    for f in [
        "curp",
        "rfc_empleado",
        "correo_empleado",
        "telefono",
        "genero",
    ] {
        assert!(
            r.body["fields"][f].is_string(),
            "{f} not reported: {:?}",
            r.body
        );
    }
    assert_eq!(
        r.body["fields"]["curp"],
        "La CURP ingresada es incorrecta (18 caracteres)"
    );

    let r = s
        .post(
            CREATE,
            Some(&t),
            employee_form("E-1", &curp(1), org, Some(org.0)),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cve = r.body["cve_empleado"].as_i64().expect("cve_empleado");
    // The new employee gets a login and the temporary password by e-mail.
    let mail = s.wait_mail("e-1@sierramadre.mx", outbox).await;
    assert!(mail.contains("Contraseña temporal"));
    let d = s.get(&detail_path(cve), Some(&t)).await;
    assert_eq!(d.body["curp"], curp(1));
    assert_eq!(d.body["tipo_empleado"], "Sindicalizado");
}

#[tokio::test]
async fn a_structure_chain_that_does_not_hang_together_is_refused_and_a_coherent_one_is_accepted() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let org = s.org_of(PARTICIPANTE).await;
    let mut wrong = employee_form("E-2", &curp(2), org, None);
    wrong["n3"] = json!(org.3);
    let r = s.post(CREATE, Some(&t), wrong).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["fields"]["n3"].is_string(), "{:?}", r.body);

    let r = s
        .post(CREATE, Some(&t), employee_form("E-2", &curp(2), org, None))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_duplicate_number_curp_or_email_is_refused_with_its_message_and_fresh_ones_are_accepted()
{
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let org = s.org_of(PARTICIPANTE).await;
    let r = s
        .post(
            CREATE,
            Some(&t),
            employee_form("E-100", &curp(100), org, None),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    let mut fresh = employee_form("E-101", &curp(101), org, None);
    fresh["rfc_empleado"] = json!("CASR900101AB2");

    let mut same_number = fresh.clone();
    same_number["num_empleado"] = json!("E-100");
    let r = s.post(CREATE, Some(&t), same_number).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.num_empleado")
    );
    let mut same_curp = fresh.clone();
    same_curp["curp"] = json!(curp(100));
    let r = s.post(CREATE, Some(&t), same_curp).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.curp")
    );
    assert_eq!(r.resp(), "Ya existe un empleado con esa CURP");
    let mut same_email = fresh.clone();
    same_email["correo_empleado"] = json!("e-100@sierramadre.mx");
    let r = s.post(CREATE, Some(&t), same_email).await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.correo")
    );

    let r = s.post(CREATE, Some(&t), fresh).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn an_employee_is_edited_through_put_and_a_supervisor_cycle_is_refused() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let org = s.org_of(PARTICIPANTE).await;
    // A new employee who reports to the Participante.
    let r = s
        .post(
            CREATE,
            Some(&t),
            employee_form("E-100", &curp(100), org, Some(org.0)),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cve = r.body["cve_empleado"].as_i64().expect("cve_empleado");

    let mut e = employee_form("E-100B", &curp(100), org, Some(org.0));
    e["nombre_empleado"] = json!("Rosa Elena Cantú de Garza");
    e["plantas"] = json!([]);
    let r = s
        .call(Method::PUT, &detail_path(cve), Some(&t), Some(e))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let d = s.get(&detail_path(cve), Some(&t)).await;
    assert_eq!(d.body["num_empleado"], "E-100B");
    assert_eq!(d.body["nombre_empleado"], "Rosa Elena Cantú de Garza");

    // The Participante may not report to the one who reports to them…
    let mut cycle = current_form(&s, &t, org.0, org).await;
    let own_boss = cycle["cve_supervisor"].clone();
    cycle["cve_supervisor"] = json!(cve);
    let r = s
        .call(
            Method::PUT,
            &detail_path(org.0),
            Some(&t),
            Some(cycle.clone()),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body["fields"]["cve_supervisor"].is_string(),
        "{:?}",
        r.body
    );
    // …but the same form with their own supervisor is saved.
    cycle["cve_supervisor"] = own_boss;
    let r = s
        .call(Method::PUT, &detail_path(org.0), Some(&t), Some(cycle))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_participante_cannot_list_employees_and_an_analista_can() {
    let s = TestServer::start().await;
    let body = json!({"page": 1, "cantPP": 10});
    let part = s.login(PARTICIPANTE).await;
    let r = s
        .post("/api/pri/catalogos/empleados", Some(&part), body.clone())
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let analista = s.login(ANALISTA).await;
    let r = s
        .post("/api/pri/catalogos/empleados", Some(&analista), body)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn a_supervisor_edits_and_records_absences_inside_their_team_only() {
    let s = TestServer::start().await;
    let sup = s.login(SUPERVISOR).await;
    let org = s.org_of(PARTICIPANTE).await;
    let outsider = s.cve_of(HISE).await;
    let absence =
        json!({"fecha_inicio": "2026-05-01", "fecha_fin": "2026-05-02", "motivo": "Permiso"});

    let r = s
        .post(
            &format!("/api/pri/catalogos/empleados/{outsider}/ausencias"),
            Some(&sup),
            absence.clone(),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.fuera_de_alcance")
    );
    let edit = s
        .call(
            Method::PUT,
            &detail_path(outsider),
            Some(&sup),
            Some(employee_form("HISE-1", &curp(55), org, Some(org.0))),
        )
        .await;
    assert_eq!(
        (edit.status, edit.code()),
        (StatusCode::FORBIDDEN, "auth.fuera_de_alcance")
    );

    // Inside the team the same Supervisor edits and records an absence.
    let own = current_form(&s, &sup, org.0, org).await;
    let r = s
        .call(Method::PUT, &detail_path(org.0), Some(&sup), Some(own))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            &format!("/api/pri/catalogos/empleados/{}/ausencias", org.0),
            Some(&sup),
            absence,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
}

#[tokio::test]
async fn an_employee_photo_must_be_an_image_and_is_served_back() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let path = format!("/api/pri/catalogos/empleados/{cve}/foto");
    let form = reqwest::multipart::Form::new().part("foto", file_part("f.png", b"texto plano"));
    let r = s.send_form(Method::POST, &path, Some(&admin), form).await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let form = reqwest::multipart::Form::new().part("foto", file_part("f.png", PNG));
    let r = s.send_form(Method::POST, &path, Some(&admin), form).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let url = r.body["foto_url"].as_str().expect("foto_url");
    assert_eq!(s.get(url, None).await.bytes, PNG);
}

#[tokio::test]
async fn absences_are_periods_without_overlap_that_can_be_deleted() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let path = format!("/api/pri/catalogos/empleados/{cve}/ausencias");
    let count = || async {
        s.get(&path, Some(&admin))
            .await
            .body
            .as_array()
            .map_or(0, Vec::len)
    };
    let before = count().await;
    let r = s
        .post(&path, Some(&admin), json!({"fecha_inicio": "2026-10-05", "fecha_fin": "2026-10-09", "motivo": "Vacaciones"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id_ausencia"].as_i64().expect("id_ausencia");

    // A period that shares a day is refused; the one starting the day after is not.
    let r = s
        .post(
            &path,
            Some(&admin),
            json!({"fecha_inicio": "2026-10-09", "fecha_fin": "2026-10-12", "motivo": "Otra"}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.ausencia")
    );
    let r = s
        .post(
            &path,
            Some(&admin),
            json!({"fecha_inicio": "2026-10-10", "fecha_fin": "2026-10-12", "motivo": "Otra"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    // An end before the start is refused; the same day as start and end is a period.
    let r = s
        .post(
            &path,
            Some(&admin),
            json!({"fecha_inicio": "2026-10-20", "fecha_fin": "2026-10-19", "motivo": "x"}),
        )
        .await;
    assert_eq!(
        r.body["fields"]["fecha_fin"],
        "La fecha final no puede ser anterior a la inicial"
    );
    let r = s
        .post(
            &path,
            Some(&admin),
            json!({"fecha_inicio": "2026-10-20", "fecha_fin": "2026-10-20", "motivo": "x"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(count().await, before + 3);

    let r = s
        .call(Method::DELETE, &format!("{path}/{id}"), Some(&admin), None)
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(count().await, before + 2);
}

#[tokio::test]
async fn switching_access_off_ends_the_session_until_an_administrator_switches_it_on() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let sup = s.login(SUPERVISOR).await;
    let part = s.login(PARTICIPANTE).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let path = format!("/api/pri/usuarios/{cve}/acceso");

    // Only administrators switch access.
    let r = s
        .call(Method::PUT, &path, Some(&sup), Some(json!({"acceso": 0})))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(
        s.post("/api/pri/usuarios/login", Some(&part), json!({}))
            .await
            .status,
        StatusCode::OK
    );

    let r = s
        .call(Method::PUT, &path, Some(&admin), Some(json!({"acceso": 0})))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        s.post("/api/pri/usuarios/login", Some(&part), json!({}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.code(),
        "auth.usuario_inactivo"
    );
    let r = s
        .call(Method::PUT, &path, Some(&admin), Some(json!({"acceso": 1})))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_baja_logica_deactivates_an_employee_until_reactivated() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let path = format!("/api/pri/catalogos/empleados/{cve}/baja");
    let r = s.post(&path, Some(&admin), json!({"baja_logica": 1})).await;
    assert_eq!(r.status, StatusCode::OK);
    let d = s.get(&detail_path(cve), Some(&admin)).await;
    assert_eq!(
        (d.body["baja_logica"].as_i64(), d.body["activo"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.code(),
        "auth.usuario_inactivo"
    );
    let r = s.post(&path, Some(&admin), json!({"baja_logica": 0})).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_profile_wizard_names_what_is_missing_and_gives_the_chosen_profiles_one_default() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let cve = s.cve_of(PARTICIPANTE).await;
    let path = "/api/pri/configuracion/cambiar_perfil_usuario";
    let r = s
        .post(
            path,
            Some(&admin),
            json!({"empleados": [], "perfiles": [], "predeterminado": null}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["fields"]["empleados"],
        "Selecciona al menos un usuario"
    );
    assert_eq!(
        r.body["fields"]["perfiles"],
        "Selecciona al menos un perfil"
    );
    assert_eq!(
        r.body["fields"]["predeterminado"],
        "Selecciona el perfil predeterminado"
    );
    // The default must be one of the chosen profiles.
    let r = s
        .post(
            path,
            Some(&admin),
            json!({"empleados": [cve], "perfiles": [8, 5], "predeterminado": 2}),
        )
        .await;
    assert_eq!(
        r.body["fields"]["predeterminado"],
        "Selecciona el perfil predeterminado"
    );
    let r = s
        .post(
            path,
            Some(&admin),
            json!({"empleados": [cve], "perfiles": [8, 5], "predeterminado": 5}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["actualizados"], 1);
    let perfiles: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT idperfil, predeterminado FROM usuarios_perfiles WHERE cve_empleado = ? ORDER BY idperfil",
    )
    .bind(cve)
    .fetch_all(&s.state().db.read)
    .await
    .expect("profiles");
    assert_eq!(perfiles, vec![(5, 1), (8, 0)]);

    // Only the administrator has the section.
    let sup = s.login(SUPERVISOR).await;
    let r = s
        .post(
            path,
            Some(&sup),
            json!({"empleados": [cve], "perfiles": [8], "predeterminado": 8}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
