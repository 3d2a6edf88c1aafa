//! Company configuration (`cia`), help texts, demo clients, the trial and upgrade requests.

pub mod db;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::Json;
use crate::mail::{Mail, html_escape};
use crate::state::AppState;
use crate::validate;
use db::ClienteDemo;

/// Trial length in days.
pub const TRIAL_DAYS: i64 = 30;

/// The profile whose holders receive upgrade requests.
const ADMINISTRADOR: i64 = 1;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Publico, routes!(get_company)))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.sitio"),
            routes!(update_company),
        ))
        .routes(secured(state, Rule::Publico, routes!(list_help_texts)))
        .routes(secured(state, Rule::Publico, routes!(list_demo_clients)))
        .routes(secured(state, Rule::Sesion, routes!(get_trial_status)))
        .routes(secured(state, Rule::Sesion, routes!(request_upgrade)))
}

/// A titled block of the login page's configuration and advantages sections.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SeccionContenido {
    pub titulo: String,
    #[serde(default)]
    pub subtitulo: String,
    pub contenido: String,
}

/// A Mexican state for the registration form.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug, sqlx::FromRow)]
pub struct Estado {
    pub cve_estado: i64,
    pub estado: String,
}

/// Company configuration: every field of the spec's cia entity, with its defaults.
/// Flags documented as '0'/'1' in the spec are strings; the home_show_* switches are numbers.
#[derive(Serialize, Deserialize, ToSchema, Clone, Debug)]
#[serde(default, deny_unknown_fields)]
pub struct Cia {
    pub nomcia: String,
    pub logo: String,
    pub noticias: String,
    pub apikey_clima: String,
    pub apikey_html2pdf: String,
    pub firebase_realtime: String,
    pub firebase_storage: String,
    pub firebase_firestore: String,
    pub color_fondo_header: String,
    pub color_fondo_logo: String,
    pub color_texto_header: String,
    pub color_fondo_menu: String,
    pub color_texto_menu: String,
    pub color_1_grafica: String,
    pub color_2_grafica: String,
    pub color_3_grafica: String,
    pub moneda: String,
    pub tipo_cambio: f64,
    pub url_api: String,
    pub ubicacion: String,
    pub zona_horaria: String,
    pub chatbot: String,
    pub home_title: String,
    pub home_subtitle: String,
    pub home_welcome_title: String,
    pub home_welcome_text: String,
    pub home_logo: String,
    pub home_background_image: String,
    pub home_background_color: String,
    pub home_text_color: String,
    pub home_button_color: String,
    pub home_button_text_color: String,
    pub home_faq_url: String,
    pub home_requirements_url: String,
    pub home_contact_url: String,
    pub home_contact_email: String,
    pub home_terms_url: String,
    pub home_privacy_url: String,
    pub home_disclaimer: String,
    pub home_copyright: String,
    pub home_video_link: String,
    pub home_show_register_section: i64,
    pub home_show_video_tutorial: i64,
    pub register_modal_text: String,
    pub register_modal_video_link: String,
    pub register_modal_video_tutorial_text: String,
    pub show_configuration_section: i64,
    pub show_advantages_section: i64,
    pub configuration_section_content: Vec<SeccionContenido>,
    pub advantages_section_content: Vec<SeccionContenido>,
    pub enable_ecommerce: String,
    pub ecommerce: String,
    pub epv: String,
    pub enable_bloques_cursos: String,
    pub dashboard_show_header_logo: String,
    pub dashboard_header_logo: String,
    /// Read-only: the states of the registration form.
    pub estados: Vec<Estado>,
    /// Read-only: the instance runs in demo mode (the login asks for a demo entity).
    pub demo: bool,
}

impl Default for Cia {
    fn default() -> Self {
        let s = |v: &str| v.to_string();
        Cia {
            nomcia: s("Aula"),
            logo: s(""),
            noticias: s("0"),
            apikey_clima: s(""),
            apikey_html2pdf: s(""),
            firebase_realtime: s(""),
            firebase_storage: s(""),
            firebase_firestore: s(""),
            color_fondo_header: s("#0B3D91"),
            color_fondo_logo: s("#FFFFFF"),
            color_texto_header: s("#FFFFFF"),
            color_fondo_menu: s("#F4F6FA"),
            color_texto_menu: s("#1F2937"),
            color_1_grafica: s("#0B3D91"),
            color_2_grafica: s("#2CA58D"),
            color_3_grafica: s("#F2A541"),
            moneda: s("PESOS"),
            tipo_cambio: 18.5,
            url_api: s("/api/pri/"),
            ubicacion: s("México"),
            zona_horaria: s("America/Mexico_City"),
            chatbot: s("0"),
            home_title: s("Aula"),
            home_subtitle: s("Plataforma de capacitación corporativa"),
            home_welcome_title: s("Bienvenido"),
            home_welcome_text: s(
                "Ingresa con tu CURP, RFC o correo electrónico para consultar tu plan de capacitación, tomar tus cursos y descargar tus constancias.",
            ),
            home_logo: s(""),
            home_background_image: s(""),
            home_background_color: s("#0B3D91"),
            home_text_color: s("#FFFFFF"),
            home_button_color: s("#2CA58D"),
            home_button_text_color: s("#FFFFFF"),
            home_faq_url: s("/FAQ"),
            home_requirements_url: s("/FAQ#requisitos"),
            home_contact_url: s(""),
            home_contact_email: s(""),
            home_terms_url: s(""),
            home_privacy_url: s(""),
            home_disclaimer: s(
                "El uso de esta plataforma está sujeto a los lineamientos de capacitación de tu empresa. Tu información se trata conforme al aviso de privacidad.",
            ),
            home_copyright: s("© Aula"),
            home_video_link: s(""),
            home_show_register_section: 0,
            home_show_video_tutorial: 0,
            register_modal_text: s(
                "Captura tus datos para crear tu cuenta de participante. Recibirás tus datos de acceso por correo electrónico.",
            ),
            register_modal_video_link: s(""),
            register_modal_video_tutorial_text: s(
                "Mira el video tutorial para conocer la plataforma.",
            ),
            show_configuration_section: 0,
            show_advantages_section: 0,
            configuration_section_content: Vec::new(),
            advantages_section_content: Vec::new(),
            enable_ecommerce: s("0"),
            ecommerce: s("0"),
            epv: s("0"),
            enable_bloques_cursos: s("0"),
            dashboard_show_header_logo: s("0"),
            dashboard_header_logo: s(""),
            estados: Vec::new(),
            demo: false,
        }
    }
}

/// Reads the configuration with its defaults filled in.
pub async fn load(state: &AppState) -> AppResult<Cia> {
    let raw = db::cia_json(&state.db.read)
        .await?
        .unwrap_or_else(|| "{}".into());
    let mut cia: Cia = serde_json::from_str(&raw).map_err(AppError::internal)?;
    cia.estados = crate::org::db::states(&state.db.read).await?;
    cia.demo = state.config.demo;
    Ok(cia)
}

/// The company's name for e-mails (falls back to "Aula").
pub async fn company_name(state: &AppState) -> String {
    load(state)
        .await
        .map(|c| c.nomcia)
        .unwrap_or_else(|_| "Aula".into())
}

/// Replaces stored fields with those of `patch` (a partial cia object), validating the result.
pub async fn apply_patch(state: &AppState, patch: serde_json::Value) -> AppResult<Cia> {
    let serde_json::Value::Object(patch) = patch else {
        return Err(
            AppError::bad_request("http.json_campos").arg("detalle", "se esperaba un objeto")
        );
    };
    let raw = db::cia_json(&state.db.read)
        .await?
        .unwrap_or_else(|| "{}".into());
    let mut current: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&raw).map_err(AppError::internal)?;
    let known = serde_json::to_value(Cia::default()).map_err(AppError::internal)?;
    let mut fe = FieldErrors::default();
    for (k, v) in patch {
        if k == "estados" || k == "demo" {
            continue;
        }
        if known.get(&k).is_none() {
            return Err(AppError::bad_request("validacion.campo_desconocido").arg("campo", k));
        }
        current.insert(k, v);
    }
    let merged = serde_json::Value::Object(current);
    let cia: Cia = serde_json::from_value(merged.clone())
        .map_err(|e| AppError::bad_request("http.json_campos").arg("detalle", e.to_string()))?;
    for (field, value) in [
        ("color_fondo_header", &cia.color_fondo_header),
        ("color_fondo_logo", &cia.color_fondo_logo),
        ("color_texto_header", &cia.color_texto_header),
        ("color_fondo_menu", &cia.color_fondo_menu),
        ("color_texto_menu", &cia.color_texto_menu),
        ("color_1_grafica", &cia.color_1_grafica),
        ("color_2_grafica", &cia.color_2_grafica),
        ("color_3_grafica", &cia.color_3_grafica),
        ("home_background_color", &cia.home_background_color),
        ("home_text_color", &cia.home_text_color),
        ("home_button_color", &cia.home_button_color),
        ("home_button_text_color", &cia.home_button_text_color),
    ] {
        fe.check(is_color(value), field, "validacion.color");
    }
    for (field, value) in [
        ("noticias", &cia.noticias),
        ("chatbot", &cia.chatbot),
        ("enable_ecommerce", &cia.enable_ecommerce),
        ("ecommerce", &cia.ecommerce),
        ("epv", &cia.epv),
        ("enable_bloques_cursos", &cia.enable_bloques_cursos),
        (
            "dashboard_show_header_logo",
            &cia.dashboard_show_header_logo,
        ),
    ] {
        fe.check(value == "0" || value == "1", field, "validacion.bandera");
    }
    for (field, value) in [
        ("home_show_register_section", cia.home_show_register_section),
        ("home_show_video_tutorial", cia.home_show_video_tutorial),
        ("show_configuration_section", cia.show_configuration_section),
        ("show_advantages_section", cia.show_advantages_section),
    ] {
        fe.check(value == 0 || value == 1, field, "validacion.bandera");
    }
    fe.check(
        cia.tipo_cambio.is_finite() && cia.tipo_cambio > 0.0,
        "tipo_cambio",
        "validacion.numero",
    );
    fe.check(
        !cia.nomcia.trim().is_empty(),
        "nomcia",
        "validacion.campo_requerido",
    );
    fe.check(
        !cia.moneda.trim().is_empty(),
        "moneda",
        "validacion.campo_requerido",
    );
    fe.check(
        SUPPORTED_ZONES.contains(&cia.zona_horaria.as_str()),
        "zona_horaria",
        "validacion.datos",
    );
    if let Some(email) = Some(&cia.home_contact_email).filter(|e| !e.is_empty()) {
        fe.check(
            validate::is_email(email),
            "home_contact_email",
            "validacion.correo",
        );
    }
    fe.into_result()?;
    let mut stored = merged;
    if let Some(o) = stored.as_object_mut() {
        o.remove("estados");
        o.remove("demo");
    }
    db::save_cia_json(&state.db.write, &stored.to_string(), &state.now_iso()).await?;
    load(state).await
}

fn is_color(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// Time zones the company may choose (those of Mexico and Latin America, plus UTC).
const SUPPORTED_ZONES: &[&str] = &[
    "America/Mexico_City",
    "America/Monterrey",
    "America/Merida",
    "America/Cancun",
    "America/Chihuahua",
    "America/Hermosillo",
    "America/Mazatlan",
    "America/Tijuana",
    "America/Matamoros",
    "America/Ojinaga",
    "America/Bahia_Banderas",
    "America/Guatemala",
    "America/Bogota",
    "America/Lima",
    "America/Santiago",
    "America/Argentina/Buenos_Aires",
    "America/Sao_Paulo",
    "America/Costa_Rica",
    "America/New_York",
    "America/Los_Angeles",
    "Europe/Madrid",
    "UTC",
];

/// Company configuration with its defaults (readable before login).
#[utoipa::path(get, path = "/api/pri/cia", tag = "settings", responses((status = 200, body = Cia)))]
async fn get_company(State(state): State<AppState>) -> AppResult<axum::Json<Cia>> {
    Ok(axum::Json(load(&state).await?))
}

/// Changes company configuration fields (any subset of cia).
#[utoipa::path(put, path = "/api/pri/cia", tag = "settings", request_body = Cia,
    responses((status = 200, body = Cia), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn update_company(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(patch): Json<serde_json::Value>,
) -> AppResult<axum::Json<Cia>> {
    let cia = apply_patch(&state, patch).await?;
    tracing::info!(by = u.cve_empleado, "company configuration changed");
    Ok(axum::Json(cia))
}

/// A help text (FAQ entries and the contextual help of each screen).
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TextoAyuda {
    pub id_traduccion: i64,
    pub clave: String,
    pub titulo: String,
    pub contenido: String,
    pub titulo_ingles: String,
    pub contenido_ingles: String,
    pub titulo_portugues: String,
    pub contenido_portugues: String,
    pub status: i64,
}

/// Help texts in Spanish, English and Portuguese.
#[utoipa::path(get, path = "/api/pri/tooltips", tag = "settings", responses((status = 200, body = Vec<TextoAyuda>)))]
async fn list_help_texts(State(state): State<AppState>) -> AppResult<axum::Json<Vec<TextoAyuda>>> {
    Ok(axum::Json(db::help_texts(&state.db.read).await?))
}

#[derive(Serialize, ToSchema)]
struct ClientesDemoResp {
    #[serde(rename = "clientesDemo")]
    clientes_demo: Vec<ClienteDemo>,
}

/// The demo entities offered on the login page in demo mode.
#[utoipa::path(get, path = "/api/pri/clientesDemo", tag = "settings", responses((status = 200, body = ClientesDemoResp)))]
async fn list_demo_clients(
    State(state): State<AppState>,
) -> AppResult<axum::Json<ClientesDemoResp>> {
    Ok(axum::Json(ClientesDemoResp {
        clientes_demo: db::demo_clients(&state.db.read).await?,
    }))
}

#[derive(Serialize, ToSchema)]
struct TrialResp {
    res: String,
    /// Whether the instance is still in its trial period.
    trial: bool,
    /// Days since the trial started (the banner shows 30 − dias).
    dias: i64,
}

/// Trial state of the instance.
#[utoipa::path(get, path = "/api/pri/dashboard/trial", tag = "settings", responses((status = 200, body = TrialResp)))]
async fn get_trial_status(State(state): State<AppState>) -> AppResult<axum::Json<TrialResp>> {
    let rows = db::settings(&state.db.read, &["trial_inicio", "licencia"]).await?;
    let get = |k: &str| rows.iter().find(|(c, _)| c == k).map(|(_, v)| v.clone());
    let start = get("trial_inicio")
        .and_then(|s| chrono::DateTime::parse_from_rfc3339(&s).ok())
        .map(|d| d.with_timezone(&chrono::Utc))
        .unwrap_or_else(|| state.clock.now());
    let dias = (state.clock.now() - start).num_days().max(0);
    let licensed = get("licencia").is_some_and(|v| v == "activa");
    Ok(axum::Json(TrialResp {
        res: "Excelente".into(),
        trial: !licensed && dias < TRIAL_DAYS,
        dias,
    }))
}

#[derive(Deserialize, ToSchema)]
struct ContratarBody {
    correo_cliente: String,
}

#[derive(Serialize, ToSchema)]
struct ContratarResp {
    res: String,
}

/// Records an upgrade request and e-mails the administrators.
#[utoipa::path(post, path = "/api/pri/contratarLMSEDK", tag = "settings", request_body = ContratarBody,
    responses((status = 200, body = ContratarResp), (status = 400, body = ErrorBody)))]
async fn request_upgrade(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(body): Json<ContratarBody>,
) -> AppResult<axum::Json<ContratarResp>> {
    let correo = validate::lower(&body.correo_cliente);
    let mut fe = FieldErrors::default();
    fe.check(
        validate::is_email(&correo),
        "correo_cliente",
        "validacion.correo",
    );
    fe.into_result()?;
    db::insert_upgrade_request(&state.db.write, &correo, u.cve_empleado, &state.now_iso()).await?;
    let admins = crate::auth::db::login::emails_with_profile(&state.db.read, ADMINISTRADOR).await?;
    let nomcia = company_name(&state).await;
    for admin in admins {
        state.mailer.send_later(Mail {
            to: admin,
            subject: format!("{nomcia}: solicitud de contratación de Aula"),
            text: format!(
                "Se recibió una solicitud para request_upgrade la versión completa de Aula.\n\nCorreo de contacto: {correo}\nSolicitada por el empleado {}.\n",
                u.cve_empleado
            ),
            html: format!(
                "<p>Se recibió una solicitud para request_upgrade la versión completa de Aula.</p><p>Correo de contacto: <b>{}</b><br>Solicitada por el empleado {}.</p>",
                html_escape(&correo),
                u.cve_empleado
            ),
        });
    }
    Ok(axum::Json(ContratarResp {
        res: "Excelente".into(),
    }))
}
