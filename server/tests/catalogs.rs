//! Catalogues: employees (CRUD, absences, photo, baja lógica, access, profile wizard),
//! DC-3 data, training resources, topics with question bank and activities, topic groups,
//! topics by plant and course blocks — happy paths, validation, uniqueness, permissions.

mod common;

use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn org_of(s: &TestServer, correo: &str) -> (i64, i64, i64, i64, i64) {
    sqlx::query_as(
        "SELECT cve_empleado, n2, n3, n4, cve_puesto FROM empleados WHERE correo_empleado = ?",
    )
    .bind(correo)
    .fetch_one(&s.state().db.read)
    .await
    .expect("demo employee")
}

fn employee(
    num: &str,
    curp: &str,
    org: (i64, i64, i64, i64, i64),
    supervisor: Option<i64>,
) -> Value {
    json!({
        "num_empleado": num, "nombre_empleado": "Rosa Elena Cantú Salinas", "curp": curp,
        "rfc_empleado": "CASR900101AB1", "correo_empleado": format!("{}@sierramadre.mx", num.to_lowercase()),
        "telefono": "8112345678", "genero": "M", "fecha_nacimiento": "1990-01-01",
        "cve_puesto": org.4, "n2": org.1, "n3": org.2, "n4": org.3, "cve_estado": 19,
        "cve_supervisor": supervisor, "fecha_ingreso": "2024-02-01", "tipo_empleado": "Sindicalizado",
        "ocupacion": "06.2", "activo": 1
    })
}

#[tokio::test]
async fn employees_are_created_edited_and_validated_with_duplicates_rejected() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let org = org_of(&s, PARTICIPANTE).await;
    let outbox = s.outbox().len();

    // Validation: every bad field is named, with the spec's messages.
    let mut bad = employee("E-1", "NOPE", org, None);
    bad["rfc_empleado"] = json!("X");
    bad["correo_empleado"] = json!("no-es-correo");
    bad["telefono"] = json!("81-12");
    bad["genero"] = json!("F");
    let r = s
        .post("/api/pri/catalogos/empleados/crear", Some(&t), bad)
        .await;
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
    // A structure chain that does not hang together is refused.
    let mut wrong = employee("E-2", &curp(1), org, None);
    wrong["n3"] = json!(org.3);
    let r = s
        .post("/api/pri/catalogos/empleados/crear", Some(&t), wrong)
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["fields"]["n3"].is_string());

    let r = s
        .post(
            "/api/pri/catalogos/empleados/crear",
            Some(&t),
            employee("E-100", &curp(100), org, Some(org.0)),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cve = r.body["cve_empleado"].as_i64().unwrap();
    // The new employee gets a login and the temporary password by e-mail.
    let mail = s.wait_mail("e-100@sierramadre.mx", outbox).await;
    assert!(mail.contains("Contraseña temporal"));
    let d = s
        .get(&format!("/api/pri/catalogos/empleados/{cve}"), Some(&t))
        .await;
    assert_eq!(d.body["curp"], curp(100));
    assert_eq!(d.body["tipo_empleado"], "Sindicalizado");

    // Duplicates: number, CURP, e-mail.
    let r = s
        .post(
            "/api/pri/catalogos/empleados/crear",
            Some(&t),
            employee("E-100", &curp(101), org, None),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.num_empleado")
    );
    let r = s
        .post(
            "/api/pri/catalogos/empleados/crear",
            Some(&t),
            employee("E-101", &curp(100), org, None),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.curp")
    );
    assert_eq!(r.resp(), "Ya existe un empleado con esa CURP");

    // Edit every field through PUT; supervisor cycles are refused.
    let mut e = employee("E-100B", &curp(100), org, Some(org.0));
    e["nombre_empleado"] = json!("Rosa Elena Cantú de Garza");
    e["plantas"] = json!([]);
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/empleados/{cve}"),
            Some(&t),
            Some(e),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let d = s
        .get(&format!("/api/pri/catalogos/empleados/{cve}"), Some(&t))
        .await;
    assert_eq!(d.body["num_empleado"], "E-100B");
    assert_eq!(d.body["nombre_empleado"], "Rosa Elena Cantú de Garza");
    let mut cyc = employee("P-1", &curp(7), org, Some(cve));
    cyc["correo_empleado"] = json!(PARTICIPANTE);
    let boss = sqlx::query_scalar::<_, String>(
        "SELECT num_empleado FROM empleados WHERE cve_empleado = ?",
    )
    .bind(org.0)
    .fetch_one(&s.state().db.read)
    .await
    .unwrap();
    cyc["num_empleado"] = json!(boss);
    cyc["curp"] = json!(
        sqlx::query_scalar::<_, String>("SELECT curp FROM empleados WHERE cve_empleado = ?")
            .bind(org.0)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap()
    );
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/empleados/{}", org.0),
            Some(&t),
            Some(cyc),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body["fields"]["cve_supervisor"].is_string(),
        "{:?}",
        r.body
    );
}

#[tokio::test]
async fn employee_scope_photo_absences_baja_and_access() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let sup = s.login(SUPERVISOR).await;
    let part = s.login(PARTICIPANTE).await;
    let org = org_of(&s, PARTICIPANTE).await;
    // A Participante cannot list employees; a Supervisor cannot edit outside their team.
    let r = s
        .post(
            "/api/pri/catalogos/empleados",
            Some(&part),
            json!({"page": 1, "cantPP": 10}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let (outsider,): (i64,) =
        sqlx::query_as("SELECT cve_empleado FROM empleados WHERE correo_empleado = ?")
            .bind(HISE)
            .fetch_one(&s.state().db.read)
            .await
            .unwrap();
    let r = s
        .post(
            &format!("/api/pri/catalogos/empleados/{outsider}/ausencias"),
            Some(&sup),
            json!({"fecha_inicio": "2026-05-01", "fecha_fin": "2026-05-02", "motivo": "Permiso"}),
        )
        .await;
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::FORBIDDEN, "auth.fuera_de_alcance")
    );
    let edit = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/empleados/{outsider}"),
            Some(&sup),
            Some(employee("HISE-1", &curp(55), org, Some(org.0))),
        )
        .await;
    assert_eq!(
        (edit.status, edit.code()),
        (StatusCode::FORBIDDEN, "auth.fuera_de_alcance")
    );
    // Inside the team the same Supervisor edits.
    let mine = s
        .get(
            &format!("/api/pri/catalogos/empleados/{}", org.0),
            Some(&sup),
        )
        .await;
    assert_eq!(mine.status, StatusCode::OK);
    let mut own = employee(
        mine.body["num_empleado"].as_str().unwrap(),
        mine.body["curp"].as_str().unwrap(),
        org,
        mine.body["cve_supervisor"].as_i64(),
    );
    own["correo_empleado"] = json!(PARTICIPANTE);
    own["rfc_empleado"] = mine.body["rfc_empleado"].clone();
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/empleados/{}", org.0),
            Some(&sup),
            Some(own),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);

    // Photo: images only.
    let form = reqwest::multipart::Form::new().part("foto", file_part("f.png", PNG));
    let r = s
        .send_form(
            Method::POST,
            &format!("/api/pri/catalogos/empleados/{}/foto", org.0),
            Some(&admin),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let url = r.body["foto_url"].as_str().unwrap().to_string();
    let img = s.get(&url, None).await;
    assert_eq!(img.bytes, PNG);
    let form = reqwest::multipart::Form::new().part("foto", file_part("f.png", b"texto plano"));
    let r = s
        .send_form(
            Method::POST,
            &format!("/api/pri/catalogos/empleados/{}/foto", org.0),
            Some(&admin),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // Absences: periods, no overlap, ordered, deletable.
    let path = format!("/api/pri/catalogos/empleados/{}/ausencias", org.0);
    let before = s
        .get(&path, Some(&admin))
        .await
        .body
        .as_array()
        .unwrap()
        .len();
    let r = s
        .post(&path, Some(&sup), json!({"fecha_inicio": "2026-10-05", "fecha_fin": "2026-10-09", "motivo": "Vacaciones"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id_ausencia"].as_i64().unwrap();
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
            json!({"fecha_inicio": "2026-10-20", "fecha_fin": "2026-10-19", "motivo": "x"}),
        )
        .await;
    assert_eq!(
        r.body["fields"]["fecha_fin"],
        "La fecha final no puede ser anterior a la inicial"
    );
    assert_eq!(
        s.get(&path, Some(&admin))
            .await
            .body
            .as_array()
            .unwrap()
            .len(),
        before + 1
    );
    let r = s
        .call(Method::DELETE, &format!("{path}/{id}"), Some(&admin), None)
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        s.get(&path, Some(&admin))
            .await
            .body
            .as_array()
            .unwrap()
            .len(),
        before
    );

    // Access off: the session ends and login is refused; on again: login works.
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/usuarios/{}/acceso", org.0),
            Some(&admin),
            Some(json!({"acceso": 0})),
        )
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
    s.call(
        Method::PUT,
        &format!("/api/pri/usuarios/{}/acceso", org.0),
        Some(&admin),
        Some(json!({"acceso": 1})),
    )
    .await;
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.status,
        StatusCode::OK
    );
    // Only administrators switch access.
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/usuarios/{}/acceso", org.0),
            Some(&sup),
            Some(json!({"acceso": 0})),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);

    // Baja lógica: inactive, cannot sign in, reactivation restores it.
    let r = s
        .post(
            &format!("/api/pri/catalogos/empleados/{}/baja", org.0),
            Some(&admin),
            json!({"baja_logica": 1}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let d = s
        .get(
            &format!("/api/pri/catalogos/empleados/{}", org.0),
            Some(&admin),
        )
        .await;
    assert_eq!(
        (d.body["baja_logica"].as_i64(), d.body["activo"].as_i64()),
        (Some(1), Some(0))
    );
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.code(),
        "auth.usuario_inactivo"
    );
    s.post(
        &format!("/api/pri/catalogos/empleados/{}/baja", org.0),
        Some(&admin),
        json!({"baja_logica": 0}),
    )
    .await;
    assert_eq!(
        s.try_login(PARTICIPANTE, PASSWORD).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_profile_wizard_replaces_profiles_with_one_default() {
    let s = TestServer::start().await;
    let admin = s.login(ADMIN).await;
    let org = org_of(&s, PARTICIPANTE).await;
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
    let r = s
        .post(
            path,
            Some(&admin),
            json!({"empleados": [org.0], "perfiles": [8, 5], "predeterminado": 2}),
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
            json!({"empleados": [org.0], "perfiles": [8, 5], "predeterminado": 5}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    assert_eq!(r.body["actualizados"], 1);
    let perfiles: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT idperfil, predeterminado FROM usuarios_perfiles WHERE cve_empleado = ? ORDER BY idperfil",
    )
    .bind(org.0)
    .fetch_all(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(perfiles, vec![(5, 1), (8, 0)]);
    // Only the administrator has the section.
    let sup = s.login(SUPERVISOR).await;
    let r = s
        .post(
            path,
            Some(&sup),
            json!({"empleados": [org.0], "perfiles": [8], "predeterminado": 8}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn training_resources_follow_the_label_rules() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let base = "/api/pri/catalogos/recursos_capacitacion";
    let r = s
        .post(
            &format!("{base}/instituciones"),
            Some(&t),
            json!({"nombre": "", "contacto": "Ana <script>", "telefono": "81 ABC", "correo": "x"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    for f in ["nombre", "contacto", "telefono", "correo"] {
        assert!(r.body["fields"][f].is_string(), "{f}: {:?}", r.body);
    }
    let inst = json!({"nombre": "Capacitación Técnica del Golfo", "contacto": "Ing. Luis Ortega", "telefono": "229-155-0101", "correo": "Cursos@CTG.mx"});
    let r = s
        .post(&format!("{base}/instituciones"), Some(&t), inst.clone())
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id"].as_i64().unwrap();
    assert_eq!(
        s.post(&format!("{base}/instituciones"), Some(&t), inst)
            .await
            .code(),
        "duplicado.institucion"
    );
    let g = s.get(&format!("{base}/instituciones/{id}"), Some(&t)).await;
    assert_eq!(g.body["correo"], "cursos@ctg.mx");

    // Instructors: name letters only; internal ones get the Instructor profile.
    let org = org_of(&s, PARTICIPANTE).await;
    let mut ins = json!({"interno": 1, "cve_empleado": org.0, "nombre": "Luis 2", "correo": "luis@ctg.mx", "usuario": "lortega",
        "especialidad": "Soldadura", "rfc": "OELU800101AB1", "registro_stps": "OELU800101AB1-001", "cve_institucion": id});
    let r = s
        .post(&format!("{base}/instructores"), Some(&t), ins.clone())
        .await;
    assert_eq!(r.body["fields"]["nombre"], "El nombre solo admite letras");
    ins["nombre"] = json!("Luis Ortega Díaz");
    let r = s.post(&format!("{base}/instructores"), Some(&t), ins).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let ins_id = r.body["id"].as_i64().unwrap();
    let has: Option<i64> = sqlx::query_scalar(
        "SELECT idperfil FROM usuarios_perfiles WHERE cve_empleado = ? AND idperfil = 5",
    )
    .bind(org.0)
    .fetch_optional(&s.state().db.read)
    .await
    .unwrap();
    assert_eq!(has, Some(5));
    let r = s
        .post(&format!("{base}/instructores"), Some(&t),
            json!({"interno": 0, "cve_empleado": org.0, "nombre": "Externo Uno", "correo": "e@x.mx", "usuario": "ext1",
                   "especialidad": "Calidad", "rfc": "EXUN800101AB1"}))
        .await;
    assert!(
        r.body["fields"]["cve_empleado"].as_str().is_some(),
        "{:?}",
        r.body
    );
    let form = reqwest::multipart::Form::new().part("firma", file_part("firma.png", PNG));
    let r = s
        .send_form(
            Method::POST,
            &format!("{base}/instructores/{ins_id}/firma"),
            Some(&t),
            form,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    // The signature is private: only the signed link serves it.
    let url = r.body["url"].as_str().unwrap();
    assert!(url.contains("firma="));
    assert_eq!(s.get(url, None).await.bytes, PNG);
    assert_eq!(
        s.get(url.split('?').next().unwrap(), None).await.status,
        StatusCode::NOT_FOUND
    );

    // Venues with a maps URL and sketch; rooms with capacity.
    let r = s
        .post(
            &format!("{base}/sedes"),
            Some(&t),
            json!({"nombre": "Sede Veracruz", "url_mapa": "javascript:alert(1)"}),
        )
        .await;
    assert!(r.body["fields"]["url_mapa"].as_str().is_some());
    let r = s.post(&format!("{base}/sedes"), Some(&t), json!({"nombre": "Sede Veracruz", "url_mapa": "https://maps.google.com/?q=19.17,-96.13"})).await;
    let sede = r.body["id"].as_i64().unwrap();
    let r = s
        .post(
            &format!("{base}/salas"),
            Some(&t),
            json!({"cve_sede": sede, "nombre": "Aula 1", "capacidad": 0}),
        )
        .await;
    assert!(r.body["fields"]["capacidad"].is_string());
    let r = s
        .post(
            &format!("{base}/salas"),
            Some(&t),
            json!({"cve_sede": sede, "nombre": "Aula 1", "capacidad": 24}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let opts = s.get(&format!("{base}/salas/opciones"), Some(&t)).await;
    assert!(
        opts.body
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["label"] == "Sede Veracruz — Aula 1 (24)")
    );
    let tabla = s
        .post(
            &format!("{base}/salas/tabla"),
            Some(&t),
            json!({"page": 1, "cantPP": 50}),
        )
        .await;
    assert!(
        tabla.body["result"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["nombre"] == "Aula 1" && r["sede"] == "Sede Veracruz")
    );
    // A Participante has no access.
    let p = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.post(&format!("{base}/sedes/tabla"), Some(&p), json!({"page": 1}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn company_size_decides_the_dc3_signatories() {
    let s = TestServer::start().await;
    let t = s.login(ADMIN).await;
    let org = org_of(&s, PARTICIPANTE).await;
    let r = s
        .call(Method::PUT, &format!("/api/pri/catalogos/datos_stps/empresas/{}", org.3), Some(&t),
            Some(json!({"razon_social": "Aceros S.A. de C.V.", "rfc": "ACE980312KT4", "registro_patronal": "Y5412345670", "num_trabajadores": 50})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let firmantes = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|e| e["cve_n4"] == org.3)
            .unwrap()["firmantes"]
            .clone()
    };
    let e = s
        .get("/api/pri/catalogos/datos_stps/empresas", Some(&t))
        .await;
    assert_eq!(firmantes(&e.body), json!(["patron"]));
    s.call(
        Method::PUT,
        &format!("/api/pri/catalogos/datos_stps/empresas/{}", org.3),
        Some(&t),
        Some(json!({"num_trabajadores": 51})),
    )
    .await;
    let e = s
        .get("/api/pri/catalogos/datos_stps/empresas", Some(&t))
        .await;
    assert_eq!(firmantes(&e.body), json!(["patron", "trabajadores"]));
    let r = s
        .call(
            Method::PUT,
            &format!("/api/pri/catalogos/datos_stps/empresas/{}", org.3),
            Some(&t),
            Some(json!({"registro_patronal": "123", "num_trabajadores": 5})),
        )
        .await;
    assert_eq!(
        r.body["fields"]["registro_patronal"],
        "El registro patronal debe tener 11 caracteres"
    );

    // One active representative per company and type; signatures are images.
    let r = s
        .post(
            "/api/pri/catalogos/representantes_DC3",
            Some(&t),
            json!({"cve_n4": org.3, "tipo": "trabajadores", "nombre": "Pedro Salas Guerra"}),
        )
        .await;
    // The demo already has a workers' representative for the main company.
    assert_eq!(
        (r.status, r.code()),
        (StatusCode::CONFLICT, "duplicado.representante")
    );
    let r = s.post("/api/pri/catalogos/representantes_DC3/tabla", Some(&t),
        json!({"page": 1, "cantPP": 50, "columns_with_selects": [{"column": "tipo", "nomfield": "tipo", "input": "trabajadores"}]})).await;
    let rep = r.body["result"][0]["cve_representante"].as_i64().unwrap();
    assert_eq!(r.body["result"][0]["tiene_firma"], 0);
    let form =
        reqwest::multipart::Form::new().part("firma", file_part("f.gif", b"no es una imagen"));
    let bad = s
        .send_form(
            Method::POST,
            &format!("/api/pri/catalogos/representantes_DC3/{rep}/firma"),
            Some(&t),
            form,
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let form = reqwest::multipart::Form::new().part("firma", file_part("f.png", PNG));
    let ok = s
        .send_form(
            Method::POST,
            &format!("/api/pri/catalogos/representantes_DC3/{rep}/firma"),
            Some(&t),
            form,
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let r = s.post("/api/pri/catalogos/representantes_DC3/tabla", Some(&t),
        json!({"page": 1, "cantPP": 50, "columns_with_selects": [{"column": "tipo", "nomfield": "tipo", "input": "trabajadores"}]})).await;
    assert_eq!(r.body["result"][0]["tiene_firma"], 1);

    let r = s.post("/api/pri/catalogos/establecimientos_STPS", Some(&t),
        json!({"cve_n4": org.3, "nombre": "Centro de distribución Apodaca", "registro_patronal": "Y5499999990", "cve_estado": 19})).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let r = s
        .post(
            "/api/pri/catalogos/establecimientos_STPS",
            Some(&t),
            json!({"cve_n4": org.3, "nombre": "Centro de distribución Apodaca"}),
        )
        .await;
    assert_eq!(r.code(), "duplicado.establecimiento");
}

fn topic(abbr: &str) -> Value {
    json!({"abreviatura": abbr, "nombre_tema": "Soldadura segura", "cve_area": 6000, "tipo": "Taller", "modalidad": "PRESENCIAL",
           "dias_duracion": 2, "horas_sesion": 4, "meses_certificacion": 0, "min_participantes": 5, "max_participantes": 15,
           "modelo_evaluacion": "teorico_practico", "etiquetas": ["soldadura", " soldadura ", "EPP"], "precio": 0})
}

async fn create_topic(s: &TestServer, t: &str, datos: Value, image: bool) -> Answer {
    let mut form = reqwest::multipart::Form::new().text("datos", datos.to_string());
    if image {
        form = form.part("imagen", file_part("portada.png", PNG));
    }
    s.send_form(
        Method::POST,
        "/api/pri/catalogos/temas/crear_tema",
        Some(t),
        form,
    )
    .await
}

#[tokio::test]
async fn topics_questions_activities_groups_and_plants() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let r = create_topic(&s, &t, topic("SOL-01"), false).await;
    assert_eq!(
        r.body["fields"]["imagen"],
        "La imagen principal es obligatoria"
    );
    let mut bad = topic("SOL-01");
    bad["max_participantes"] = json!(2);
    bad["modelo_evaluacion"] = json!("conocimiento");
    bad["calificacion_minima"] = json!(120);
    let r = create_topic(&s, &t, bad, true).await;
    assert!(
        r.body["fields"]["max_participantes"].is_string()
            && r.body["fields"]["calificacion_minima"].is_string(),
        "{:?}",
        r.body
    );
    let r = create_topic(&s, &t, topic("SOL-01"), true).await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let cve = r.body["cve_tema"].as_i64().unwrap();
    let r = create_topic(&s, &t, topic("sol-01"), true).await;
    assert_eq!(
        (r.status, r.resp()),
        (
            StatusCode::CONFLICT,
            "Ya existe un tema con esa abreviatura"
        )
    );
    let v = s
        .get(
            &format!("/api/pri/catalogos/temas/ver_tema/{cve}"),
            Some(&t),
        )
        .await;
    // Pass marks default to section 9: 7 (1-10) and 3 (1-5); tags are trimmed and unique.
    assert_eq!(
        (
            v.body["calificacion_minima"].as_f64(),
            v.body["calificacion_minima_practica"].as_f64()
        ),
        (Some(7.0), Some(3.0))
    );
    assert_eq!(v.body["etiquetas"], json!(["EPP", "soldadura"]));
    assert_eq!(
        s.get(v.body["imagen_url"].as_str().unwrap(), None)
            .await
            .bytes,
        PNG
    );

    // Question bank.
    let q = format!("/api/pri/temas/preguntas/{cve}");
    let r = s.post(&q, Some(&t), json!({"pregunta": "¿Qué EPP se usa?", "tipo": "unica",
        "respuestas": [{"texto": "Careta", "correcta": true}, {"texto": "Guantes", "correcta": true}]})).await;
    assert_eq!(
        r.body["fields"]["respuestas"],
        "Marca exactamente una respuesta correcta"
    );
    let r = s.post(&q, Some(&t), json!({"pregunta": "¿Qué EPP se usa?", "tipo": "multiple",
        "respuestas": [{"texto": "Careta", "correcta": true}, {"texto": "Guantes", "correcta": 1}, {"texto": "Sandalias", "correcta": 0}]})).await;
    assert_eq!(r.status, StatusCode::OK);
    let r = s.post(&q, Some(&t), json!({"pregunta": "Describe el procedimiento de bloqueo.", "tipo": "abierta", "respuestas": [{"texto": "ignorada"}]})).await;
    assert_eq!(r.status, StatusCode::OK);
    let list = s.get(&q, Some(&t)).await;
    assert_eq!(list.body.as_array().unwrap().len(), 2);
    assert_eq!(list.body[0]["respuestas"].as_array().unwrap().len(), 3);
    assert_eq!(list.body[0]["respuestas"][1]["correcta"], true);
    assert_eq!(list.body[0]["respuestas"][2]["correcta"], false);
    assert_eq!(list.body[1]["respuestas"], json!([]));

    // Activities.
    let a = format!("/api/pri/temas/actividades_temas/{cve}");
    let r = s.post(&a, Some(&t), json!({"titulo": "Bitácora", "descripcion": "Registra tu práctica", "dias_entrega": 5, "tipo_evidencia": "texto"})).await;
    assert!(r.body["fields"]["limite_caracteres"].as_str().is_some());
    let r = s.post(&a, Some(&t), json!({"titulo": "Bitácora", "descripcion": "Registra tu práctica", "dias_entrega": 5, "tipo_evidencia": "texto", "limite_caracteres": 800})).await;
    assert_eq!(r.status, StatusCode::OK);
    let v = s
        .get(
            &format!("/api/pri/catalogos/temas/ver_tema/{cve}"),
            Some(&t),
        )
        .await;
    assert_eq!(
        (
            v.body["total_preguntas"].as_i64(),
            v.body["total_actividades"].as_i64()
        ),
        (Some(2), Some(1))
    );

    // Groups and plants.
    let r = s
        .post(
            "/api/pri/catalogos/grupos_temas",
            Some(&t),
            json!({"nombre": "Oficios", "temas": [cve, cve]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let g = s
        .get(
            &format!("/api/pri/catalogos/grupos_temas/{}", r.body["id_grupo"]),
            Some(&t),
        )
        .await;
    assert_eq!(g.body["temas"].as_array().unwrap().len(), 1);
    assert_eq!(
        s.post(
            "/api/pri/catalogos/grupos_temas",
            Some(&t),
            json!({"nombre": "Oficios"})
        )
        .await
        .code(),
        "duplicado.grupo"
    );
    let plant: i64 = sqlx::query_scalar("SELECT min(cve_planta) FROM plantas")
        .fetch_one(&s.state().db.read)
        .await
        .unwrap();
    let p = format!("/api/pri/plan_capacitacion/plantas_temas/{plant}");
    let r = s
        .call(
            Method::PUT,
            &p,
            Some(&t),
            Some(json!({"temas": [cve, 999999]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    s.call(Method::PUT, &p, Some(&t), Some(json!({"temas": [cve]})))
        .await;
    assert_eq!(
        s.get(&p, Some(&t)).await.body,
        json!([{"cve_tema": cve, "abreviatura": "SOL-01", "nombre_tema": "Soldadura segura", "modalidad": "PRESENCIAL"}])
    );

    // Topic search and permissions.
    let r = s
        .post(
            "/api/pri/catalogos/temas/getTemaNombre",
            Some(&t),
            json!({"nombre_tema": "solda"}),
        )
        .await;
    assert_eq!(r.body["list"][0]["cve_tema"], cve);
    let part = s.login(PARTICIPANTE).await;
    assert_eq!(
        s.post(
            "/api/pri/catalogos/temas/tabla",
            Some(&part),
            json!({"page": 1})
        )
        .await
        .status,
        StatusCode::FORBIDDEN
    );
}

async fn block_form(
    s: &TestServer,
    t: &str,
    method: Method,
    path: &str,
    datos: Value,
    image: bool,
) -> Answer {
    let mut form = reqwest::multipart::Form::new().text("datos", datos.to_string());
    if image {
        form = form.part("imagen", file_part("b.png", PNG));
    }
    s.send_form(method, path, Some(t), form).await
}

#[tokio::test]
async fn blocks_derive_their_modality_and_need_topics_to_enrol() {
    let s = TestServer::start().await;
    let t = s.login(ANALISTA).await;
    let datos = json!({"nombre_bloque": "Ruta del soldador", "id_tipo_bloque": 1, "precio": 150000, "descripcion": "Programa completo",
        "fecha_inicio": "2026-12-01", "fecha_fin": "2026-11-01", "capacidad_asistencia": 20, "video": "https://videos.example.mx/soldador"});
    let r = block_form(
        &s,
        &t,
        Method::POST,
        "/api/pri/catalogos/bloques_cursos/crear_bloque",
        datos.clone(),
        false,
    )
    .await;
    assert!(
        r.body["fields"]["imagen"].is_string() && r.body["fields"]["fecha_fin"].is_string(),
        "{:?}",
        r.body
    );
    let mut ok = datos.clone();
    ok["fecha_fin"] = json!("2027-01-31");
    let r = block_form(
        &s,
        &t,
        Method::POST,
        "/api/pri/catalogos/bloques_cursos/crear_bloque",
        ok,
        true,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{:?}", r.body);
    let id = r.body["id_bloque"].as_i64().unwrap();
    let r = s
        .get(
            &format!("/api/pri/catalogos/asignacion_bloques/{id}/temas"),
            Some(&t),
        )
        .await;
    assert_eq!(
        (r.status, r.resp()),
        (
            StatusCode::CONFLICT,
            "Debe asignar temas al bloque para poder inscribir personal"
        )
    );

    let by_abbr = |a: &'static str| {
        let db = s.state().db.read.clone();
        async move {
            sqlx::query_scalar::<_, i64>("SELECT cve_tema FROM temas WHERE abreviatura = ?")
                .bind(a)
                .fetch_one(&db)
                .await
                .unwrap()
        }
    };
    let (virt1, virt2, pres) = (
        by_abbr("IND-01").await,
        by_abbr("ETI-01").await,
        by_abbr("NOM-006").await,
    );
    let temas = format!("/api/pri/catalogos/bloques_cursos/{id}/temas");
    s.call(
        Method::PUT,
        &temas,
        Some(&t),
        Some(json!({"temas": [virt2, virt1]})),
    )
    .await;
    let b = s
        .get(&format!("/api/pri/catalogos/bloques_cursos/{id}"), Some(&t))
        .await;
    assert_eq!(b.body["modalidad"], "Virtual");
    assert_eq!(b.body["temas"][0]["cve_tema"], virt2);
    s.call(
        Method::PUT,
        &temas,
        Some(&t),
        Some(json!({"temas": [pres, virt1]})),
    )
    .await;
    let b = s
        .get(&format!("/api/pri/catalogos/bloques_cursos/{id}"), Some(&t))
        .await;
    assert_eq!(b.body["modalidad"], "Mixto");
    assert_eq!(b.body["total_horas"].as_f64(), Some(9.0));
    let r = s
        .call(
            Method::PUT,
            &temas,
            Some(&t),
            Some(json!({"temas": [pres, pres]})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = s
        .get(
            &format!("/api/pri/catalogos/asignacion_bloques/{id}/temas"),
            Some(&t),
        )
        .await;
    assert_eq!(r.body.as_array().unwrap().len(), 2);
    // The table shows the derived modality; a duplicate name is refused.
    let tb = s
        .post(
            "/api/pri/catalogos/bloques_cursos/tabla",
            Some(&t),
            json!({"page": 1, "cantPP": 50}),
        )
        .await;
    assert!(
        tb.body["result"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["nombre_bloque"] == "Ruta del soldador" && r["modalidad"] == "Mixto")
    );
    let mut dup = datos;
    dup["fecha_fin"] = json!("2027-01-31");
    let r = block_form(
        &s,
        &t,
        Method::POST,
        "/api/pri/catalogos/bloques_cursos/crear_bloque",
        dup,
        true,
    )
    .await;
    assert_eq!(r.code(), "duplicado.bloque");
}

#[test]
fn every_error_code_in_the_server_has_a_message() {
    let fallback = aula::i18n::message("__desconocido__", aula::i18n::Lang::Es, &[]);
    let re =
        regex::Regex::new(r#""((?:validacion|duplicado|carga|perfiles|bloque|archivo)\.[a-z_]+)""#)
            .unwrap();
    let mut missing = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let src = std::fs::read_to_string(&p).unwrap();
                for c in re.captures_iter(&src) {
                    let code = &c[1];
                    for lang in [
                        aula::i18n::Lang::Es,
                        aula::i18n::Lang::En,
                        aula::i18n::Lang::Pt,
                    ] {
                        if aula::i18n::message(code, lang, &[])
                            == aula::i18n::message("__desconocido__", lang, &[])
                            && code != "archivo.xlsx"
                        {
                            missing.push(format!("{code} in {}", p.display()));
                        }
                    }
                }
            }
        }
    }
    assert!(!fallback.is_empty());
    assert!(missing.is_empty(), "codes without a message: {missing:?}");
}
