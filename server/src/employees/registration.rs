//! Registration: self-registration from the login page (creates a Participante) and
//! `lms/empleados/alta`, the same payload sent by another system with an API key.
//! Self-registration never chooses its employee number, supervisor, lower structure
//! levels, profiles or active flag: the server assigns the spec's defaults (WEB-nnnnnn,
//! no supervisor, N5–N7 WEB, Participante, active), so that nobody squats a future hire's
//! number or team; the account is marked self-registered for the bulk upload.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::accounts::{self, PARTICIPANTE};
use super::db;
use super::form::EmployeeForm;
use crate::auth::db as auth_db;
use crate::auth::perms::{Principal, Rule, secured};
use crate::auth::{password, ratelimit as rl, token::random_secret};
use crate::contract::{REGISTRO_NOMBRE_MAX, REGISTRO_NUM_EMPLEADO_MAX};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{ClientIp, Json};
use crate::mail::{Mail, html_escape};
use crate::org::db as org_db;
use crate::state::AppState;
use crate::validate;

/// The registration routes: the public form and the API-key call.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Publico, routes!(register_self)))
        .routes(secured(state, Rule::ApiKey, routes!(register_from_api)))
}

/// The registration payload (spec: Registration payload).
#[derive(Deserialize, ToSchema, Debug)]
pub struct RegistroBody {
    /// Structure levels: the id of an existing node, or (API only) a name to find or create.
    #[serde(rename = "N2", default)]
    #[schema(value_type = Option<Object>)]
    pub n2: Option<Value>,
    #[serde(rename = "N3", default)]
    #[schema(value_type = Option<Object>)]
    pub n3: Option<Value>,
    #[serde(rename = "N4", default)]
    #[schema(value_type = Option<Object>)]
    pub n4: Option<Value>,
    #[serde(rename = "N5", default)]
    #[schema(value_type = Option<Object>)]
    pub n5: Option<Value>,
    #[serde(rename = "N6", default)]
    #[schema(value_type = Option<Object>)]
    pub n6: Option<Value>,
    #[serde(rename = "N7", default)]
    #[schema(value_type = Option<Object>)]
    pub n7: Option<Value>,
    #[serde(rename = "Puesto", default)]
    pub puesto: Option<String>,
    #[serde(default)]
    pub cve_puesto: Option<i64>,
    /// Employee number; -1 or absent assigns one.
    #[serde(rename = "NumEmpleado", default)]
    #[schema(value_type = Option<Object>)]
    pub num_empleado: Option<Value>,
    #[serde(rename = "NombreEmpleado")]
    pub nombre_empleado: String,
    #[serde(rename = "FechaIngreso", default)]
    pub fecha_ingreso: Option<String>,
    #[serde(rename = "IDTarjeta", default)]
    pub id_tarjeta: Option<String>,
    /// Employee number of the supervisor.
    #[serde(rename = "JEFE", default)]
    #[schema(value_type = Option<Object>)]
    pub jefe: Option<Value>,
    #[serde(rename = "GENERO")]
    pub genero: String,
    #[serde(rename = "EMP_MAIL")]
    pub correo: String,
    #[serde(rename = "EMP_CURP")]
    pub curp: String,
    #[serde(rename = "EMP_RFC")]
    pub rfc: String,
    #[serde(rename = "TipoDeEmpleado", default)]
    pub tipo_empleado: Option<String>,
    #[serde(rename = "FechaNacimiento")]
    pub fecha_nacimiento: String,
    #[serde(rename = "FechaInicioPuesto", default)]
    pub fecha_inicio_puesto: Option<String>,
    /// SI or NO (default SI).
    #[serde(rename = "Activo", default)]
    pub activo: Option<String>,
    /// Profile names (default Participante); ignored for self-registration.
    #[serde(rename = "Perfiles", default)]
    #[schema(value_type = Option<Object>)]
    pub perfiles: Option<Value>,
    #[serde(rename = "Telefono")]
    pub telefono: String,
    #[serde(default)]
    pub nombre_cia: Option<String>,
    #[serde(default)]
    pub cia_logo: Option<String>,
    #[serde(default)]
    pub color_fondo: Option<String>,
    #[serde(default)]
    pub cia_url: Option<String>,
    /// State key (cve_estado).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub estado: Option<Value>,
}

/// The answer to a registration.
#[derive(Serialize, ToSchema)]
pub struct RegistroResp {
    pub resp: String,
    pub message: String,
    pub cve_empleado: i64,
    pub num_empleado: String,
}

/// Self-registration from the login page (only when the company enabled it).
#[utoipa::path(post, path = "/api/pri/usuarios/registro", tag = "employees", request_body = RegistroBody,
    responses((status = 200, body = RegistroResp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn register_self(
    State(state): State<AppState>,
    _p: Principal,
    ClientIp(ip): ClientIp,
    Json(body): Json<RegistroBody>,
) -> AppResult<axum::Json<RegistroResp>> {
    let cia = crate::settings::load(&state).await?;
    if cia.home_show_register_section != 1 {
        return Err(AppError::forbidden("auth.registro_deshabilitado"));
    }
    rl::hit(&state, &[(rl::REGISTRO_POR_IP, &ip)]).await?;
    register(&state, body, false).await.map(axum::Json)
}

/// Registers an employee from another system, authenticated with an API key.
#[utoipa::path(post, path = "/api/pri/lms/empleados/alta", tag = "employees", request_body = RegistroBody,
    responses((status = 200, body = RegistroResp), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn register_from_api(
    State(state): State<AppState>,
    p: Principal,
    Json(body): Json<RegistroBody>,
) -> AppResult<axum::Json<RegistroResp>> {
    if let Principal::Api { id } = p {
        tracing::info!(api = id, "employee registration through the API");
        // The key's allow-list of profiles (issue 10, M3), before anything is stored.
        crate::apis::check_registration(&state, id, body.perfiles.as_ref()).await?;
    }
    register(&state, body, true).await.map(axum::Json)
}

fn as_id(v: &Option<Value>) -> Option<Result<i64, String>> {
    match v {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => n.as_i64().map(Ok),
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(s.trim().parse::<i64>().map_err(|_| s.trim().to_string())),
        Some(other) => Some(Err(other.to_string())),
    }
}

fn as_text(v: &Option<Value>) -> Option<String> {
    match v {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

/// Finds a structure node by id (must be a child of `parent` at `nivel`) or, when
/// `create` is set, by name, creating it when missing with org's rules (an invalid name
/// gets org's field error).
async fn resolve_node(
    conn: &mut SqliteConnection,
    value: &Option<Value>,
    nivel: i64,
    parent: Option<i64>,
    create: bool,
    default_name: Option<&str>,
) -> AppResult<Option<i64>> {
    let spec = match as_id(value) {
        Some(x) => Some(x),
        None => default_name.map(|n| Err(n.to_string())),
    };
    match spec {
        None => Ok(None),
        Some(Ok(id)) => {
            if org_db::is_node_at(&mut *conn, id, nivel, parent).await? {
                Ok(Some(id))
            } else {
                Err(estructura_error(nivel))
            }
        }
        Some(Err(name)) => {
            if name.chars().count() > crate::org::NAME_MAX {
                return Err(estructura_error(nivel));
            }
            match org_db::find_node(&mut *conn, nivel, &name, parent).await? {
                Some(id) => Ok(Some(id)),
                None if create || default_name == Some(name.as_str()) => Ok(Some(
                    crate::org::create_node(conn, nivel, &name, parent).await?,
                )),
                None => Err(estructura_error(nivel)),
            }
        }
    }
}

fn estructura_error(nivel: i64) -> AppError {
    let mut fe = std::collections::BTreeMap::new();
    fe.insert(format!("N{nivel}"), "validacion.estructura");
    AppError::invalid_fields(fe)
}

/// Validates and stores a registration; e-mails the account details.
pub async fn register(
    state: &AppState,
    b: RegistroBody,
    from_api: bool,
) -> AppResult<RegistroResp> {
    let b = if from_api {
        b
    } else {
        RegistroBody {
            num_empleado: None,
            jefe: None,
            n5: None,
            n6: None,
            n7: None,
            perfiles: None,
            activo: None,
            ..b
        }
    };
    let nombre = b.nombre_empleado.trim().to_string();
    let correo = validate::lower(&b.correo);
    let curp = validate::upper(&b.curp);
    let rfc = validate::upper(&b.rfc);
    let tel = b.telefono.trim().to_string();
    let mut fe = FieldErrors::default();
    fe.check(
        !nombre.is_empty(),
        "NombreEmpleado",
        "validacion.campo_requerido",
    );
    fe.check_len(&nombre, REGISTRO_NOMBRE_MAX, "NombreEmpleado");
    fe.check(
        b.genero == "H" || b.genero == "M",
        "GENERO",
        "validacion.genero",
    );
    fe.check(validate::is_email(&correo), "EMP_MAIL", "validacion.correo");
    fe.check(validate::is_curp(&curp), "EMP_CURP", "validacion.curp");
    fe.check(validate::is_rfc(&rfc), "EMP_RFC", "validacion.rfc");
    fe.check(validate::is_phone(&tel), "Telefono", "validacion.telefono");
    fe.check(
        validate::parse_date(&b.fecha_nacimiento).is_some(),
        "FechaNacimiento",
        "validacion.fecha",
    );
    for (field, v) in [
        ("FechaIngreso", &b.fecha_ingreso),
        ("FechaInicioPuesto", &b.fecha_inicio_puesto),
    ] {
        if let Some(d) = v.as_deref().filter(|d| !d.is_empty()) {
            fe.check(validate::parse_date(d).is_some(), field, "validacion.fecha");
        }
    }
    let estado = as_id(&b.estado).and_then(Result::ok);
    if !from_api {
        fe.check(as_id(&b.n2).is_some(), "N2", "validacion.campo_requerido");
        fe.check(as_id(&b.n3).is_some(), "N3", "validacion.campo_requerido");
        fe.check(as_id(&b.n4).is_some(), "N4", "validacion.campo_requerido");
        fe.check(b.cve_puesto.is_some(), "cve_puesto", "validacion.puesto");
        fe.check(estado.is_some(), "estado", "validacion.estado");
    }
    let activo = match b
        .activo
        .as_deref()
        .map(str::trim)
        .map(str::to_uppercase)
        .as_deref()
    {
        None | Some("") | Some("SI") | Some("1") => 1,
        Some("NO") | Some("0") => 0,
        Some(_) => {
            fe.add("Activo", "validacion.bandera");
            1
        }
    };
    fe.into_result()?;

    let now_iso = state.now_iso();
    let temp_password = accounts::temporary_password();
    let hash = password::hash(state, &temp_password).await?;
    let mut tx = state.db.begin().await?;
    if let Some(e) = estado
        && !org_db::state_exists(&mut *tx, e).await?
    {
        let mut fe = FieldErrors::default();
        fe.add("estado", "validacion.estado");
        fe.into_result()?;
    }
    let n2 = resolve_node(&mut tx, &b.n2, 2, None, from_api, None).await?;
    let n3 = resolve_node(&mut tx, &b.n3, 3, n2, from_api, None).await?;
    let n4 = resolve_node(&mut tx, &b.n4, 4, n3, from_api, None).await?;
    // Registration defaults: N5, N6 and N7 are WEB when not given.
    let n5 = if n4.is_some() {
        resolve_node(&mut tx, &b.n5, 5, n4, from_api, Some("WEB")).await?
    } else {
        None
    };
    let n6 = if n5.is_some() {
        resolve_node(&mut tx, &b.n6, 6, n5, from_api, Some("WEB")).await?
    } else {
        None
    };
    let n7 = if n6.is_some() {
        resolve_node(&mut tx, &b.n7, 7, n6, from_api, Some("WEB")).await?
    } else {
        None
    };

    let cve_puesto = match (
        b.cve_puesto,
        b.puesto.as_deref().map(str::trim).filter(|s| !s.is_empty()),
    ) {
        (Some(id), _) => {
            if !org_db::active_position_exists(&mut *tx, id).await? {
                let mut fe = FieldErrors::default();
                fe.add("cve_puesto", "validacion.puesto");
                fe.into_result()?;
            }
            Some(id)
        }
        (None, Some(name)) => match n4.or(n3).or(n2) {
            Some(node) => match org_db::find_position(&mut *tx, name, node).await? {
                Some(id) => Some(id),
                None => Some(crate::org::create_position(&mut tx, name, node, None, 1).await?),
            },
            None => None,
        },
        (None, None) => None,
    };

    for (col, value, code) in [
        ("curp", curp.as_str(), "duplicado.curp"),
        ("rfc_empleado", rfc.as_str(), "duplicado.rfc"),
        ("correo_empleado", correo.as_str(), "duplicado.correo"),
    ] {
        if db::unique_conflict(&mut *tx, col, value, None).await? {
            return Err(AppError::conflict(code));
        }
    }
    let requested_num = as_text(&b.num_empleado).filter(|n| n != "-1");
    if let Some(n) = &requested_num {
        let mut fe = FieldErrors::default();
        fe.check_len(n, REGISTRO_NUM_EMPLEADO_MAX, "NumEmpleado");
        fe.into_result()?;
        if db::unique_conflict(&mut *tx, "num_empleado", n, None).await? {
            return Err(AppError::conflict("duplicado.num_empleado"));
        }
    }
    let jefe: Option<i64> = match as_text(&b.jefe).filter(|j| j != "-1" && j != "0") {
        Some(num) => db::detail::find_by_number(&mut *tx, &num).await?,
        None => None,
    };
    // A temporary number keeps the UNIQUE column valid until the key is known.
    let temp_num = requested_num
        .clone()
        .unwrap_or_else(|| format!("tmp-{}", random_secret(9)));
    let blank_to_none = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let employee = EmployeeForm {
        num_empleado: temp_num,
        nombre_empleado: nombre.clone(),
        curp: curp.clone(),
        rfc_empleado: Some(rfc),
        correo_empleado: Some(correo.clone()),
        telefono: Some(tel),
        genero: Some(b.genero.clone()),
        fecha_nacimiento: Some(b.fecha_nacimiento.clone()),
        cve_puesto,
        n2,
        n3,
        n4,
        n5,
        n6,
        n7,
        cve_pais: Some(1),
        cve_estado: estado,
        cve_supervisor: jefe,
        fecha_ingreso: b.fecha_ingreso.clone().filter(|s| !s.is_empty()),
        fecha_inicio_puesto: b.fecha_inicio_puesto.clone().filter(|s| !s.is_empty()),
        tipo_empleado: blank_to_none(&b.tipo_empleado),
        id_tarjeta: blank_to_none(&b.id_tarjeta),
        activo,
        ..EmployeeForm::default()
    };
    let cve = db::employee::insert(&mut *tx, &employee, &now_iso).await?;
    crate::plans::employee_changed(
        &mut tx,
        cve,
        crate::plans::PlanSnapshot::default(),
        &now_iso,
    )
    .await?;
    let num = match requested_num {
        Some(n) => n,
        None => {
            let n = format!("WEB-{cve:06}");
            db::employee::set_number(&mut *tx, cve, &n).await?;
            n
        }
    };
    // Profiles: Participante by default; the API may name others.
    let mut perfiles: Vec<i64> = Vec::new();
    if from_api {
        let names: Vec<String> = match &b.perfiles {
            Some(Value::String(s)) => s
                .split(',')
                .map(|p| p.trim().to_string())
                .filter(|p| !p.is_empty())
                .collect(),
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|v| v.as_str().map(|s| s.trim().to_string()))
                .collect(),
            _ => Vec::new(),
        };
        for name in names {
            match auth_db::profile_named(&mut tx, &name).await? {
                Some(id) if !perfiles.contains(&id) => perfiles.push(id),
                Some(_) => {}
                None => {
                    let mut fe = FieldErrors::default();
                    fe.add("Perfiles", "validacion.perfil");
                    fe.into_result()?;
                }
            }
        }
    }
    if perfiles.is_empty() {
        perfiles.push(PARTICIPANTE);
    }
    auth_db::create_account(&mut tx, cve, Some(&hash), true, &now_iso).await?;
    for (i, p) in perfiles.iter().enumerate() {
        auth_db::add_profile(&mut tx, cve, *p, i == 0).await?;
    }
    if !from_api {
        auth_db::identity::mark_self_registered(&mut tx, cve).await?;
    }
    tx.commit().await?;

    let nomcia = crate::settings::company_name(state).await;
    let url = state.config.public_url.trim_end_matches('/').to_string();
    state.mailer.send_later(Mail {
        to: correo.clone(),
        subject: format!("{nomcia}: tu cuenta de capacitación"),
        text: format!(
            "Hola {nombre}:\n\nTu cuenta fue creada.\n\nUsuario: {correo} (también puedes usar tu CURP {curp})\nContraseña temporal: {temp_password}\nNúmero de empleado: {num}\n\nIngresa en {url}/login; al entrar te pediremos cambiar la contraseña.\n"
        ),
        html: format!(
            "<p>Hola {}:</p><p>Tu cuenta fue creada.</p><ul><li>Usuario: <b>{}</b> (también puedes usar tu CURP {})</li><li>Contraseña temporal: <b>{}</b></li><li>Número de empleado: {}</li></ul><p>Ingresa en <a href=\"{}/login\">{}/login</a>; al entrar te pediremos cambiar la contraseña.</p>",
            html_escape(&nombre),
            html_escape(&correo),
            html_escape(&curp),
            html_escape(&temp_password),
            html_escape(&num),
            html_escape(&url),
            html_escape(&url)
        ),
    });
    tracing::info!(cve_empleado = cve, from_api, "employee registered");
    Ok(RegistroResp {
        resp: "Excelente".into(),
        message: "Usuario registrado. Revisa tu correo (también la carpeta de spam) para conocer tus datos de acceso.".into(),
        cve_empleado: cve,
        num_empleado: num,
    })
}
