//! STPS and DC-3 data per company (N4): employer data and size (which decides who signs
//! the DC-3), the representatives with their signature images, and the establishments.

use std::sync::LazyLock;

use axum::extract::{Multipart, State};
use axum::response::Response;
use regex::Regex;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::{self, CompanyData, Empresa, EstablishmentData, TIPOS_REPRESENTANTE};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::contract::{
    DOMICILIO_MAX, NUM_TRABAJADORES, RAZON_SOCIAL_MAX, REGISTRO_PATRONAL_LEN,
    REGISTRO_PATRONAL_PATTERN, REPRESENTANTE_TEXTO_MAX,
};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::state::AppState;
use crate::table::{self, Prelude, TablePage, TableQuery};
use crate::validate::{in_range, is_alphanumeric_text, is_rfc, pattern, trimmed, upper};

static REGISTRO_PATRONAL: LazyLock<Regex> = LazyLock::new(|| pattern(REGISTRO_PATRONAL_PATTERN));

const SECCION: &str = "catalogos.datos_stps";

/// From this many workers the workers' representative signs the DC-3 too.
pub const TRABAJADORES_COMISION_MIXTA: i64 = 51;

/// The DC-3 data's routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(list_companies)))
        .routes(secured(state, r, routes!(update_employer_data)))
        .routes(secured(state, r, routes!(table_representatives)))
        .routes(secured(state, r, routes!(create_representative)))
        .routes(secured(state, r, routes!(update_representative)))
        .routes(secured(state, r, routes!(upload_signature)))
        .routes(secured(state, r, routes!(table_establishments)))
        .routes(secured(state, r, routes!(create_establishment)))
        .routes(secured(state, r, routes!(update_establishment)))
}

/// Who signs a company's DC-3 given its number of workers.
pub fn signatories(num_trabajadores: i64) -> Vec<String> {
    if num_trabajadores >= TRABAJADORES_COMISION_MIXTA {
        vec!["patron".into(), "trabajadores".into()]
    } else {
        vec!["patron".into()]
    }
}

/// 400 `validacion.estructura` unless `cve_n4` is a company (an N4 node).
async fn require_company(conn: &mut SqliteConnection, cve_n4: i64) -> AppResult<()> {
    match db::node_level_and_parent(&mut *conn, cve_n4).await? {
        Some((4, _)) => Ok(()),
        _ => Err(AppError::bad_request("validacion.estructura")),
    }
}

fn check_registro(fe: &mut FieldErrors, v: &Option<String>) {
    if let Some(r) = trimmed(v) {
        fe.check(
            r.len() == REGISTRO_PATRONAL_LEN && REGISTRO_PATRONAL.is_match(&r),
            "registro_patronal",
            "validacion.registro_patronal",
        );
    }
}

/// The companies (N4) with their employer data and DC-3 signatories.
#[utoipa::path(get, path = "/api/pri/catalogos/datos_stps/empresas", tag = "org", responses((status = 200, body = Vec<Empresa>)))]
async fn list_companies(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Empresa>>> {
    let mut rows = db::companies(&state.db.read).await?;
    for r in &mut rows {
        r.firmantes = signatories(r.num_trabajadores);
    }
    Ok(axum::Json(rows))
}

/// A company's employer data.
#[derive(Deserialize, ToSchema)]
pub struct EmpresaBody {
    #[serde(default)]
    pub razon_social: Option<String>,
    #[serde(default)]
    pub rfc: Option<String>,
    /// IMSS employer registration (11 characters).
    #[serde(default)]
    pub registro_patronal: Option<String>,
    pub num_trabajadores: i64,
}

/// Stores a company's employer data: an N4 (400 `validacion.estructura`), a valid RFC,
/// an 11-character employer registration, 0 to 10 000 000 workers.
pub async fn save_company_data(
    conn: &mut SqliteConnection,
    cve_n4: i64,
    b: &EmpresaBody,
) -> AppResult<()> {
    require_company(conn, cve_n4).await?;
    let mut fe = FieldErrors::default();
    let rfc = trimmed(&b.rfc).map(|r| upper(&r));
    if let Some(r) = &rfc {
        fe.check(is_rfc(r), "rfc", "validacion.rfc");
    }
    check_registro(&mut fe, &b.registro_patronal);
    fe.check(
        in_range(NUM_TRABAJADORES, b.num_trabajadores),
        "num_trabajadores",
        "validacion.numero",
    );
    let razon_social = trimmed(&b.razon_social);
    if let Some(r) = &razon_social {
        fe.check_len(r, RAZON_SOCIAL_MAX, "razon_social");
    }
    fe.into_result()?;
    let registro = trimmed(&b.registro_patronal).map(|r| upper(&r));
    db::upsert_company(
        &mut *conn,
        cve_n4,
        &CompanyData {
            razon_social: razon_social.as_deref(),
            rfc: rfc.as_deref(),
            registro_patronal: registro.as_deref(),
            num_trabajadores: b.num_trabajadores,
        },
    )
    .await?;
    Ok(())
}

/// Stores a company's employer data and number of workers.
#[utoipa::path(put, path = "/api/pri/catalogos/datos_stps/empresas/{cve_n4}", tag = "org", request_body = EmpresaBody,
    params(("cve_n4" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody)))]
async fn update_employer_data(
    State(state): State<AppState>,
    Path(cve_n4): Path<i64>,
    Json(b): Json<EmpresaBody>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    save_company_data(&mut tx, cve_n4, &b).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// DC-3 representatives (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/representantes_DC3/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_representatives(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(
        &state,
        &db::REPRESENTATIVES,
        q,
        Prelude::default(),
        Vec::new(),
    )
    .await
}

/// A new DC-3 representative.
#[derive(Deserialize, ToSchema)]
pub struct NuevoRepresentante {
    pub cve_n4: i64,
    /// patron or trabajadores.
    pub tipo: String,
    pub nombre: String,
    #[serde(default)]
    pub puesto: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct RepresentanteCreado {
    resp: String,
    cve_representante: i64,
}

fn check_person(fe: &mut FieldErrors, nombre: &str, puesto: &Option<String>) {
    fe.check(
        !nombre.trim().is_empty(),
        "nombre",
        "validacion.campo_requerido",
    );
    fe.check(
        nombre.trim().is_empty() || is_alphanumeric_text(nombre),
        "nombre",
        "validacion.alfanumerico",
    );
    fe.check_len(nombre, REPRESENTANTE_TEXTO_MAX, "nombre");
    if let Some(p) = trimmed(puesto) {
        fe.check_len(&p, REPRESENTANTE_TEXTO_MAX, "puesto");
    }
}

/// Adds a representative: a known `tipo`, a valid name and position, an N4
/// (400 `validacion.estructura`) without an active representative of that kind
/// (409 `duplicado.representante`).
pub async fn add_representative(
    conn: &mut SqliteConnection,
    b: &NuevoRepresentante,
) -> AppResult<i64> {
    let mut fe = FieldErrors::default();
    fe.check(
        TIPOS_REPRESENTANTE.iter().any(|(k, _)| *k == b.tipo),
        "tipo",
        "validacion.tipo_representante",
    );
    check_person(&mut fe, &b.nombre, &b.puesto);
    fe.into_result()?;
    require_company(conn, b.cve_n4).await?;
    if db::active_representative(&mut *conn, b.cve_n4, &b.tipo, 0)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("duplicado.representante"));
    }
    Ok(db::insert_representative(
        &mut *conn,
        b.cve_n4,
        &b.tipo,
        b.nombre.trim(),
        trimmed(&b.puesto).as_deref(),
    )
    .await?)
}

/// Adds a DC-3 representative to a company; an active one per company and type.
#[utoipa::path(post, path = "/api/pri/catalogos/representantes_DC3", tag = "org", request_body = NuevoRepresentante,
    responses((status = 200, body = RepresentanteCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_representative(
    State(state): State<AppState>,
    Json(b): Json<NuevoRepresentante>,
) -> AppResult<axum::Json<RepresentanteCreado>> {
    let mut tx = state.db.begin().await?;
    let id = add_representative(&mut tx, &b).await?;
    tx.commit().await?;
    Ok(axum::Json(RepresentanteCreado {
        resp: "Excelente".into(),
        cve_representante: id,
    }))
}

#[derive(Deserialize, ToSchema)]
struct RepresentanteUpdate {
    nombre: String,
    #[serde(default)]
    puesto: Option<String>,
    activo: i64,
}

/// Edits a representative (name, position, active).
#[utoipa::path(put, path = "/api/pri/catalogos/representantes_DC3/{cve_representante}", tag = "org", request_body = RepresentanteUpdate,
    params(("cve_representante" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_representative(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<RepresentanteUpdate>,
) -> AppResult<axum::Json<Resp>> {
    let mut fe = FieldErrors::default();
    check_person(&mut fe, &b.nombre, &b.puesto);
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    let (n4, tipo) = db::representative_company_and_type(&mut *tx, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    if b.activo == 1
        && db::active_representative(&mut *tx, n4, &tipo, id)
            .await?
            .is_some()
    {
        return Err(AppError::conflict("duplicado.representante"));
    }
    db::update_representative(
        &mut *tx,
        id,
        b.nombre.trim(),
        trimmed(&b.puesto).as_deref(),
        b.activo,
    )
    .await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

/// The answer to a signature upload.
#[derive(Serialize, ToSchema)]
pub struct FirmaResp {
    pub resp: String,
    pub firma_url: String,
}

/// A representative's signature image (png, gif or jpeg under 8 MB), multipart `firma`.
#[utoipa::path(post, path = "/api/pri/catalogos/representantes_DC3/{cve_representante}/firma", tag = "org",
    params(("cve_representante" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `firma`: the image"),
    responses((status = 200, body = FirmaResp), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn upload_signature(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<FirmaResp>> {
    // Nothing is stored for an unknown representative or a bad form.
    if !db::representative_exists(&state.db.read, id).await? {
        return Err(AppError::not_found());
    }
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key =
        crate::files::store_image(&state, "firmas/representantes", &id.to_string(), data).await?;
    let mut tx = state.db.begin().await?;
    let replaced = db::set_representative_signature(&mut tx, id, &key).await?;
    crate::files::settle_upload(&state, tx, &key, replaced).await?;
    Ok(axum::Json(FirmaResp {
        resp: "Excelente".into(),
        firma_url: crate::files::signed_url(&state, u.cve_empleado, &key).unwrap_or_default(),
    }))
}

/// STPS establishments (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/establecimientos_STPS/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_establishments(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(
        &state,
        &db::ESTABLISHMENTS,
        q,
        Prelude::default(),
        Vec::new(),
    )
    .await
}

/// An establishment of a company.
#[derive(Deserialize, ToSchema)]
pub struct Establecimiento {
    pub cve_n4: i64,
    pub nombre: String,
    #[serde(default)]
    pub registro_patronal: Option<String>,
    #[serde(default)]
    pub domicilio: Option<String>,
    #[serde(default)]
    pub cve_estado: Option<i64>,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

#[derive(Serialize, ToSchema)]
struct EstablecimientoCreado {
    resp: String,
    cve_establecimiento: i64,
}

async fn check_establishment(conn: &mut SqliteConnection, b: &Establecimiento) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    fe.check(
        !b.nombre.trim().is_empty(),
        "nombre",
        "validacion.campo_requerido",
    );
    fe.check(
        b.nombre.trim().is_empty() || is_alphanumeric_text(&b.nombre),
        "nombre",
        "validacion.alfanumerico",
    );
    check_registro(&mut fe, &b.registro_patronal);
    if let Some(d) = trimmed(&b.domicilio) {
        fe.check_len(&d, DOMICILIO_MAX, "domicilio");
    }
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    if let Some(e) = b.cve_estado {
        fe.check(
            db::state_exists(&mut *conn, e).await?,
            "cve_estado",
            "validacion.estado",
        );
    }
    fe.into_result()?;
    require_company(conn, b.cve_n4).await
}

/// Writes an establishment (insert when `id` is None): a valid name, registration,
/// address, state and company; a name already used in the company is 409
/// `duplicado.establecimiento`; an unknown `id` is 404.
pub async fn save_establishment(
    conn: &mut SqliteConnection,
    id: Option<i64>,
    b: &Establecimiento,
) -> AppResult<i64> {
    check_establishment(conn, b).await?;
    let registro = trimmed(&b.registro_patronal).map(|r| upper(&r));
    let domicilio = trimmed(&b.domicilio);
    let data = EstablishmentData {
        cve_n4: b.cve_n4,
        nombre: b.nombre.trim(),
        registro_patronal: registro.as_deref(),
        domicilio: domicilio.as_deref(),
        cve_estado: b.cve_estado,
        activo: b.activo,
    };
    match id {
        None => {
            let r = db::insert_establishment(&mut *conn, &data).await;
            crate::db::unique_violation(r, "duplicado.establecimiento")
        }
        Some(id) => {
            let r = db::update_establishment(&mut *conn, id, &data).await;
            if crate::db::unique_violation(r, "duplicado.establecimiento")? {
                Ok(id)
            } else {
                Err(AppError::not_found())
            }
        }
    }
}

/// Adds an establishment to a company (name unique per company).
#[utoipa::path(post, path = "/api/pri/catalogos/establecimientos_STPS", tag = "org", request_body = Establecimiento,
    responses((status = 200, body = EstablecimientoCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_establishment(
    State(state): State<AppState>,
    Json(b): Json<Establecimiento>,
) -> AppResult<axum::Json<EstablecimientoCreado>> {
    let mut tx = state.db.begin().await?;
    let id = save_establishment(&mut tx, None, &b).await?;
    tx.commit().await?;
    Ok(axum::Json(EstablecimientoCreado {
        resp: "Excelente".into(),
        cve_establecimiento: id,
    }))
}

/// Edits an establishment.
#[utoipa::path(put, path = "/api/pri/catalogos/establecimientos_STPS/{cve_establecimiento}", tag = "org", request_body = Establecimiento,
    params(("cve_establecimiento" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_establishment(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<Establecimiento>,
) -> AppResult<axum::Json<Resp>> {
    let mut tx = state.db.begin().await?;
    save_establishment(&mut tx, Some(id), &b).await?;
    tx.commit().await?;
    Ok(Resp::ok())
}
