//! Company configuration (`cia`), help texts, demo clients, the trial and upgrade requests.

pub mod db;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Principal, Rule, secured};
use crate::auth::ratelimit::Limit;
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
            Rule::Seccion(SECCION_SITIO),
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
    /// Secret: write-only, never sent to a browser (see [`SECRETS`]).
    #[serde(skip_serializing)]
    #[schema(write_only)]
    pub apikey_clima: String,
    /// Secret: write-only, never sent to a browser (see [`SECRETS`]).
    #[serde(skip_serializing)]
    #[schema(write_only)]
    pub apikey_html2pdf: String,
    /// Secret: write-only, never sent to a browser (see [`SECRETS`]).
    #[serde(skip_serializing)]
    #[schema(write_only)]
    pub firebase_realtime: String,
    /// Secret: write-only, never sent to a browser (see [`SECRETS`]).
    #[serde(skip_serializing)]
    #[schema(write_only)]
    pub firebase_storage: String,
    /// Secret: write-only, never sent to a browser (see [`SECRETS`]).
    #[serde(skip_serializing)]
    #[schema(write_only)]
    pub firebase_firestore: String,
    /// Secret: write-only, never sent to a browser (see [`SECRETS`]). Microsoft Graph
    /// client secret of the Teams meetings.
    #[serde(skip_serializing)]
    #[schema(write_only)]
    pub teams_client_secret: String,
    /// Jitsi Meet server of generated meetings (empty: the public meet.jit.si).
    pub jitsi_servidor: String,
    /// Microsoft Entra tenant (directory) id of the Teams meetings.
    pub teams_tenant_id: String,
    /// Microsoft Entra application (client) id of the Teams meetings.
    pub teams_client_id: String,
    /// The user (id or principal name) who organises the Teams meetings.
    pub teams_organizador: String,
    /// "1": the daily recertification pass enrols employees whose accreditation is about to
    /// expire in the next course of the topic; "0" (default): it only offers the course.
    pub recertificacion_automatica: String,
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
            teams_client_secret: s(""),
            jitsi_servidor: s(""),
            teams_tenant_id: s(""),
            teams_client_id: s(""),
            teams_organizador: s(""),
            recertificacion_automatica: s("0"),
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

/// Keys and service settings the server uses on the company's behalf: write-only for
/// administrators (an empty value keeps the stored one, null clears it) and never
/// answered to any browser, not even the administrator's (who sees `<name>_configurado`).
pub const SECRETS: &[&str] = &[
    "apikey_clima",
    "apikey_html2pdf",
    "firebase_realtime",
    "firebase_storage",
    "firebase_firestore",
    "teams_client_secret",
];

/// What the pre-login (generic) token may read: branding, the login page and the switches
/// the shell reads before the session starts. Everything else needs a session.
const PUBLIC_FIELDS: &[&str] = &[
    "nomcia",
    "logo",
    "color_fondo_header",
    "color_fondo_logo",
    "color_texto_header",
    "color_fondo_menu",
    "color_texto_menu",
    "color_1_grafica",
    "color_2_grafica",
    "color_3_grafica",
    "moneda",
    "chatbot",
    "home_title",
    "home_subtitle",
    "home_welcome_title",
    "home_welcome_text",
    "home_logo",
    "home_background_image",
    "home_background_color",
    "home_text_color",
    "home_button_color",
    "home_button_text_color",
    "home_faq_url",
    "home_requirements_url",
    "home_contact_url",
    "home_contact_email",
    "home_terms_url",
    "home_privacy_url",
    "home_disclaimer",
    "home_copyright",
    "home_video_link",
    "home_show_register_section",
    "home_show_video_tutorial",
    "register_modal_text",
    "register_modal_video_link",
    "register_modal_video_tutorial_text",
    "show_configuration_section",
    "show_advantages_section",
    "configuration_section_content",
    "advantages_section_content",
    "enable_ecommerce",
    "ecommerce",
    "epv",
    "enable_bloques_cursos",
    "dashboard_show_header_logo",
    "dashboard_header_logo",
    "estados",
    "demo",
];

/// Fields holding a link or an image address: http(s) or a path of this site only.
const URL_FIELDS: &[&str] = &[
    "logo",
    "url_api",
    "home_logo",
    "home_background_image",
    "home_faq_url",
    "home_requirements_url",
    "home_contact_url",
    "home_terms_url",
    "home_privacy_url",
    "home_video_link",
    "register_modal_video_link",
    "dashboard_header_logo",
];

/// Who reads the configuration, and so how much of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vista {
    /// The pre-login token: [`PUBLIC_FIELDS`] only.
    Publica,
    /// A logged-in user: every field but the secrets.
    Sesion,
    /// An administrator of the site settings: also whether each secret is set.
    Administrador,
}

/// The configuration as `vista` may see it (secrets are never part of it).
pub fn view(cia: &Cia, vista: Vista) -> AppResult<serde_json::Value> {
    let mut v = serde_json::to_value(cia).map_err(AppError::internal)?;
    let Some(o) = v.as_object_mut() else {
        return Err(AppError::internal("cia is not an object"));
    };
    match vista {
        Vista::Publica => o.retain(|k, _| PUBLIC_FIELDS.contains(&k.as_str())),
        Vista::Sesion => {}
        Vista::Administrador => {
            for (name, value) in [
                ("apikey_clima", &cia.apikey_clima),
                ("apikey_html2pdf", &cia.apikey_html2pdf),
                ("firebase_realtime", &cia.firebase_realtime),
                ("firebase_storage", &cia.firebase_storage),
                ("firebase_firestore", &cia.firebase_firestore),
                ("teams_client_secret", &cia.teams_client_secret),
            ] {
                o.insert(
                    format!("{name}_configurado"),
                    serde_json::Value::Bool(!value.is_empty()),
                );
            }
        }
    }
    Ok(v)
}

/// Whether a company URL field holds an http(s) address or a path of this site.
fn is_company_url(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    if s.chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
    {
        return false;
    }
    if let Some(rest) = s.strip_prefix('/') {
        // "//host" would be another site with the page's scheme.
        return !rest.starts_with('/');
    }
    url::Url::parse(s).is_ok_and(|u| {
        (u.scheme() == "https" || u.scheme() == "http")
            && u.host_str().is_some_and(|h| !h.is_empty())
    })
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
        if SECRETS.contains(&k.as_str()) {
            match v {
                // The form sends the secret back empty: keep what is stored.
                serde_json::Value::String(ref t) if t.is_empty() => {}
                serde_json::Value::Null => {
                    current.insert(k, serde_json::Value::String(String::new()));
                }
                other => {
                    current.insert(k, other);
                }
            }
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
            "recertificacion_automatica",
            &cia.recertificacion_automatica,
        ),
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
    let fields = serde_json::to_value(&cia).map_err(AppError::internal)?;
    for field in URL_FIELDS {
        let value = fields.get(*field).and_then(|v| v.as_str()).unwrap_or("");
        fe.check_len(value, crate::contract::URL_MAX, field);
        fe.check(is_company_url(value), field, "validacion.url");
    }
    fe.check_len(
        &cia.jitsi_servidor,
        crate::contract::URL_MAX,
        "jitsi_servidor",
    );
    fe.check(
        cia.jitsi_servidor.is_empty() || crate::resources::is_http_url(&cia.jitsi_servidor),
        "jitsi_servidor",
        "validacion.url",
    );
    for (field, value) in [
        ("teams_tenant_id", &cia.teams_tenant_id),
        ("teams_client_id", &cia.teams_client_id),
        ("teams_organizador", &cia.teams_organizador),
    ] {
        fe.check_len(value, crate::contract::CIA_TEAMS_MAX, field);
    }
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
pub const SUPPORTED_ZONES: &[&str] = &[
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

/// The section of the site settings (its holders may change them).
const SECCION_SITIO: &str = "configuracion.sitio";

/// Company configuration with its defaults. Before login only branding and the login
/// page; a session gets every field but the secrets, which no browser ever reads (the
/// site administrator sees `<secret>_configurado` instead).
#[utoipa::path(get, path = "/api/pri/cia", tag = "settings", responses((status = 200, body = Cia)))]
async fn get_company(
    State(state): State<AppState>,
    p: Principal,
) -> AppResult<axum::Json<serde_json::Value>> {
    let vista = match p {
        Principal::Usuario(u) if u.can(&state, SECCION_SITIO) => Vista::Administrador,
        Principal::Usuario(_) => Vista::Sesion,
        _ => Vista::Publica,
    };
    Ok(axum::Json(view(&load(&state).await?, vista)?))
}

/// Changes company configuration fields (any subset of cia; an empty secret keeps the
/// stored one). Answers the administrator's view.
#[utoipa::path(put, path = "/api/pri/cia", tag = "settings", request_body = Cia,
    responses((status = 200, body = Cia), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn update_company(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(patch): Json<serde_json::Value>,
) -> AppResult<axum::Json<serde_json::Value>> {
    let cia = apply_patch(&state, patch).await?;
    tracing::info!(by = u.cve_empleado, "company configuration changed");
    Ok(axum::Json(view(&cia, Vista::Administrador)?))
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

/// Upgrade requests one user may send per hour.
const UPGRADE_POR_USUARIO: Limit = Limit {
    scope: "contratar:usuario",
    max: 3,
    window_secs: 3600,
};

/// Upgrade requests the whole instance accepts per hour (many accounts, one spammer).
const UPGRADE_POR_INSTANCIA: Limit = Limit {
    scope: "contratar:instancia",
    max: 20,
    window_secs: 3600,
};

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
    responses((status = 200, body = ContratarResp), (status = 400, body = ErrorBody), (status = 429, body = ErrorBody)))]
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
    // Each request e-mails every administrator: a few per user and per hour are plenty.
    crate::auth::ratelimit::hit(
        &state,
        &[
            (UPGRADE_POR_USUARIO, &u.cve_empleado.to_string()),
            (UPGRADE_POR_INSTANCIA, "*"),
        ],
    )
    .await
    .map_err(|mut e| {
        if e.status == axum::http::StatusCode::TOO_MANY_REQUESTS {
            e.code = "cia.demasiadas_solicitudes";
            e.args.clear();
        }
        e
    })?;
    db::insert_upgrade_request(&state.db.write, &correo, u.cve_empleado, &state.now_iso()).await?;
    let admins = crate::auth::db::login::emails_with_profile(&state.db.read, ADMINISTRADOR).await?;
    let nomcia = company_name(&state).await;
    for admin in admins {
        state.mailer.send_later(Mail {
            to: admin,
            subject: format!("{nomcia}: solicitud de contratación de Aula"),
            text: format!(
                "Se recibió una solicitud para contratar la versión completa de Aula.\n\nCorreo de contacto: {correo}\nSolicitada por el empleado {}.\n",
                u.cve_empleado
            ),
            html: format!(
                "<p>Se recibió una solicitud para contratar la versión completa de Aula.</p><p>Correo de contacto: <b>{}</b><br>Solicitada por el empleado {}.</p>",
                html_escape(&correo),
                u.cve_empleado
            ),
        });
    }
    Ok(axum::Json(ContratarResp {
        res: "Excelente".into(),
    }))
}
