//! STPS and DC-3 data per company (N4): employer data and size (which decides who signs
//! the DC-3), the representatives with their signature images, and the establishments.

use axum::extract::{Multipart, State};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::Resp;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Kind, Prelude, TableDef, TablePage, TableQuery};
use crate::validate::{is_alphanumeric_text, is_rfc, upper};

const SECCION: &str = "catalogos.datos_stps";

/// From this many workers the workers' representative signs the DC-3 too.
pub const TRABAJADORES_COMISION_MIXTA: i64 = 51;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(list_companies)))
        .routes(secured(state, r, routes!(update_company)))
        .routes(secured(state, r, routes!(table_representatives)))
        .routes(secured(state, r, routes!(create_representative)))
        .routes(secured(state, r, routes!(update_representative)))
        .routes(secured(state, r, routes!(upload_signature)))
        .routes(secured(state, r, routes!(table_establishments)))
        .routes(secured(state, r, routes!(create_establishment)))
        .routes(secured(state, r, routes!(update_establishment)))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct Empresa {
    cve_n4: i64,
    nombre: String,
    razon_social: Option<String>,
    rfc: Option<String>,
    registro_patronal: Option<String>,
    num_trabajadores: i64,
    /// Who signs the DC-3: `patron`, plus `trabajadores` from 51 workers.
    #[sqlx(skip)]
    firmantes: Vec<String>,
}

/// Who signs a company's DC-3 given its number of workers.
pub fn signatories(num_trabajadores: i64) -> Vec<String> {
    if num_trabajadores >= TRABAJADORES_COMISION_MIXTA {
        vec!["patron".into(), "trabajadores".into()]
    } else {
        vec!["patron".into()]
    }
}

/// The companies (N4) with their employer data and DC-3 signatories.
#[utoipa::path(get, path = "/api/pri/catalogos/datos_stps/empresas", tag = "org", responses((status = 200, body = Vec<Empresa>)))]
async fn list_companies(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Empresa>>> {
    let mut rows: Vec<Empresa> = sqlx::query_as(
        "SELECT s.cve_estructura AS cve_n4, s.nombre, d.razon_social, d.rfc, d.registro_patronal,
                coalesce(d.num_trabajadores, 0) AS num_trabajadores
         FROM estructura s LEFT JOIN empresas_stps d ON d.cve_n4 = s.cve_estructura
         WHERE s.nivel = 4 AND s.activo = 1 ORDER BY s.nombre",
    )
    .fetch_all(&state.db.read)
    .await?;
    for r in &mut rows {
        r.firmantes = signatories(r.num_trabajadores);
    }
    Ok(axum::Json(rows))
}

#[derive(Deserialize, ToSchema)]
struct EmpresaBody {
    #[serde(default)]
    razon_social: Option<String>,
    #[serde(default)]
    rfc: Option<String>,
    /// IMSS employer registration (11 characters).
    #[serde(default)]
    registro_patronal: Option<String>,
    num_trabajadores: i64,
}

fn check_registro(fe: &mut FieldErrors, v: &Option<String>) {
    if let Some(r) = crate::validate::trimmed(v) {
        fe.check(
            r.len() == 11 && r.chars().all(|c| c.is_ascii_alphanumeric()),
            "registro_patronal",
            "validacion.registro_patronal",
        );
    }
}

async fn company(state: &AppState, cve_n4: i64) -> AppResult<()> {
    let nivel: Option<i64> =
        sqlx::query_scalar("SELECT nivel FROM estructura WHERE cve_estructura = ?")
            .bind(cve_n4)
            .fetch_optional(&state.db.read)
            .await?;
    match nivel {
        Some(4) => Ok(()),
        _ => Err(AppError::bad_request("validacion.estructura")),
    }
}

/// Stores a company's employer data and number of workers.
#[utoipa::path(put, path = "/api/pri/catalogos/datos_stps/empresas/{cve_n4}", tag = "org", request_body = EmpresaBody,
    params(("cve_n4" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody)))]
async fn update_company(
    State(state): State<AppState>,
    Path(cve_n4): Path<i64>,
    Json(b): Json<EmpresaBody>,
) -> AppResult<axum::Json<Resp>> {
    company(&state, cve_n4).await?;
    let mut fe = FieldErrors::default();
    let rfc = crate::validate::trimmed(&b.rfc).map(|r| upper(&r));
    if let Some(r) = &rfc {
        fe.check(is_rfc(r), "rfc", "validacion.rfc");
    }
    check_registro(&mut fe, &b.registro_patronal);
    fe.check(
        (0..=10_000_000).contains(&b.num_trabajadores),
        "num_trabajadores",
        "validacion.numero",
    );
    if let Some(r) = crate::validate::trimmed(&b.razon_social) {
        fe.check(
            r.chars().count() <= 200,
            "razon_social",
            "validacion.texto_largo",
        );
    }
    fe.into_result()?;
    sqlx::query(
        "INSERT INTO empresas_stps (cve_n4, razon_social, rfc, registro_patronal, num_trabajadores) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (cve_n4) DO UPDATE SET razon_social = excluded.razon_social, rfc = excluded.rfc,
             registro_patronal = excluded.registro_patronal, num_trabajadores = excluded.num_trabajadores",
    )
    .bind(cve_n4)
    .bind(crate::validate::trimmed(&b.razon_social))
    .bind(rfc)
    .bind(crate::validate::trimmed(&b.registro_patronal).map(|r| upper(&r)))
    .bind(b.num_trabajadores)
    .execute(&state.db.write)
    .await?;
    Ok(Resp::ok())
}

const TIPOS_REPRESENTANTE: &[(&str, &str)] = &[
    ("patron", "Patrón o representante legal"),
    ("trabajadores", "Representante de los trabajadores"),
];

static REPRESENTATIVES: TableDef = TableDef {
    name: "representantes_DC3",
    from: "representantes_dc3 r JOIN estructura s ON s.cve_estructura = r.cve_n4",
    count_from: None,
    columns: &[
        Column::int("cve_representante", "Clave", "r.cve_representante"),
        Column::text("empresa", "Empresa", "s.nombre"),
        Column::plain("cve_n4", "Clave de empresa", "r.cve_n4", Kind::Int),
        Column::fixed("tipo", "Tipo", "r.tipo", Kind::Text, TIPOS_REPRESENTANTE),
        Column::text("nombre", "Nombre", "r.nombre"),
        Column::text("puesto", "Puesto", "r.puesto"),
        Column::flag("tiene_firma", "Tiene firma", "(r.firma IS NOT NULL)"),
        Column::flag("activo", "Activo", "r.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre, r.tipo, r.nombre",
    key: "r.cve_representante",
};

/// DC-3 representatives (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/representantes_DC3/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_representatives(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &REPRESENTATIVES, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NuevoRepresentante {
    cve_n4: i64,
    /// patron or trabajadores.
    tipo: String,
    nombre: String,
    #[serde(default)]
    puesto: Option<String>,
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
    fe.check(
        nombre.chars().count() <= 150,
        "nombre",
        "validacion.texto_largo",
    );
    if let Some(p) = crate::validate::trimmed(puesto) {
        fe.check(p.chars().count() <= 150, "puesto", "validacion.texto_largo");
    }
}

/// Adds a DC-3 representative to a company; an active one per company and type.
#[utoipa::path(post, path = "/api/pri/catalogos/representantes_DC3", tag = "org", request_body = NuevoRepresentante,
    responses((status = 200, body = RepresentanteCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_representative(
    State(state): State<AppState>,
    Json(b): Json<NuevoRepresentante>,
) -> AppResult<axum::Json<RepresentanteCreado>> {
    let mut fe = FieldErrors::default();
    fe.check(
        TIPOS_REPRESENTANTE.iter().any(|(k, _)| *k == b.tipo),
        "tipo",
        "validacion.tipo_representante",
    );
    check_person(&mut fe, &b.nombre, &b.puesto);
    fe.into_result()?;
    company(&state, b.cve_n4).await?;
    let mut tx = state.db.begin().await?;
    let dup: Option<i64> = sqlx::query_scalar(
        "SELECT cve_representante FROM representantes_dc3 WHERE cve_n4 = ? AND tipo = ? AND activo = 1",
    )
    .bind(b.cve_n4)
    .bind(&b.tipo)
    .fetch_optional(&mut *tx)
    .await?;
    if dup.is_some() {
        return Err(AppError::conflict("duplicado.representante"));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO representantes_dc3 (cve_n4, tipo, nombre, puesto) VALUES (?, ?, ?, ?) RETURNING cve_representante",
    )
    .bind(b.cve_n4)
    .bind(&b.tipo)
    .bind(b.nombre.trim())
    .bind(crate::validate::trimmed(&b.puesto))
    .fetch_one(&mut *tx)
    .await?;
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
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT cve_n4, tipo FROM representantes_dc3 WHERE cve_representante = ?")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let (n4, tipo) = row.ok_or_else(AppError::not_found)?;
    if b.activo == 1 {
        let dup: Option<i64> = sqlx::query_scalar(
            "SELECT cve_representante FROM representantes_dc3 WHERE cve_n4 = ? AND tipo = ? AND activo = 1 AND cve_representante <> ?",
        )
        .bind(n4)
        .bind(&tipo)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if dup.is_some() {
            return Err(AppError::conflict("duplicado.representante"));
        }
    }
    sqlx::query("UPDATE representantes_dc3 SET nombre = ?, puesto = ?, activo = ? WHERE cve_representante = ?")
        .bind(b.nombre.trim())
        .bind(crate::validate::trimmed(&b.puesto))
        .bind(b.activo)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Resp::ok())
}

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
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT cve_representante FROM representantes_dc3 WHERE cve_representante = ?",
    )
    .bind(id)
    .fetch_optional(&state.db.read)
    .await?;
    found.ok_or_else(AppError::not_found)?;
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key =
        crate::files::store_image(&state, "firmas/representantes", &id.to_string(), data).await?;
    sqlx::query("UPDATE representantes_dc3 SET firma = ? WHERE cve_representante = ?")
        .bind(&key)
        .bind(id)
        .execute(&state.db.write)
        .await?;
    Ok(axum::Json(FirmaResp {
        resp: "Excelente".into(),
        firma_url: crate::files::signed_url(&state, u.cve_empleado, &key).unwrap_or_default(),
    }))
}

static ESTABLISHMENTS: TableDef = TableDef {
    name: "establecimientos_STPS",
    from: "establecimientos_stps e JOIN estructura s ON s.cve_estructura = e.cve_n4 LEFT JOIN estados es ON es.cve_estado = e.cve_estado",
    count_from: None,
    columns: &[
        Column::int("cve_establecimiento", "Clave", "e.cve_establecimiento"),
        Column::text("empresa", "Empresa", "s.nombre"),
        Column::plain("cve_n4", "Clave de empresa", "e.cve_n4", Kind::Int),
        Column::text("nombre", "Establecimiento", "e.nombre"),
        Column::text(
            "registro_patronal",
            "Registro patronal",
            "e.registro_patronal",
        ),
        Column::text("domicilio", "Domicilio", "e.domicilio"),
        Column::text("estado", "Estado", "es.estado"),
        Column::plain("cve_estado", "Clave de estado", "e.cve_estado", Kind::Int),
        Column::flag("activo", "Activo", "e.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre, e.nombre",
    key: "e.cve_establecimiento",
};

/// STPS establishments (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/establecimientos_STPS/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_establishments(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &ESTABLISHMENTS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct Establecimiento {
    cve_n4: i64,
    nombre: String,
    #[serde(default)]
    registro_patronal: Option<String>,
    #[serde(default)]
    domicilio: Option<String>,
    #[serde(default)]
    cve_estado: Option<i64>,
    #[serde(default = "crate::validate::one")]
    activo: i64,
}

#[derive(Serialize, ToSchema)]
struct EstablecimientoCreado {
    resp: String,
    cve_establecimiento: i64,
}

async fn check_establishment(state: &AppState, b: &Establecimiento) -> AppResult<()> {
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
    if let Some(d) = crate::validate::trimmed(&b.domicilio) {
        fe.check(
            d.chars().count() <= 300,
            "domicilio",
            "validacion.texto_largo",
        );
    }
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    if let Some(e) = b.cve_estado {
        let ok: Option<i64> =
            sqlx::query_scalar("SELECT cve_estado FROM estados WHERE cve_estado = ?")
                .bind(e)
                .fetch_optional(&state.db.read)
                .await?;
        fe.check(ok.is_some(), "cve_estado", "validacion.estado");
    }
    fe.into_result()?;
    company(state, b.cve_n4).await
}

/// Adds an establishment to a company (name unique per company).
#[utoipa::path(post, path = "/api/pri/catalogos/establecimientos_STPS", tag = "org", request_body = Establecimiento,
    responses((status = 200, body = EstablecimientoCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_establishment(
    State(state): State<AppState>,
    Json(b): Json<Establecimiento>,
) -> AppResult<axum::Json<EstablecimientoCreado>> {
    check_establishment(&state, &b).await?;
    let r = sqlx::query_scalar(
        "INSERT INTO establecimientos_stps (cve_n4, nombre, registro_patronal, domicilio, cve_estado, activo)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING cve_establecimiento",
    )
    .bind(b.cve_n4)
    .bind(b.nombre.trim())
    .bind(crate::validate::trimmed(&b.registro_patronal).map(|r| upper(&r)))
    .bind(crate::validate::trimmed(&b.domicilio))
    .bind(b.cve_estado)
    .bind(b.activo)
    .fetch_one(&state.db.write)
    .await;
    let id: i64 = crate::db::unique_violation(r, "duplicado.establecimiento")?;
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
    check_establishment(&state, &b).await?;
    let r = sqlx::query(
        "UPDATE establecimientos_stps SET cve_n4 = ?, nombre = ?, registro_patronal = ?, domicilio = ?, cve_estado = ?, activo = ?
         WHERE cve_establecimiento = ?",
    )
    .bind(b.cve_n4)
    .bind(b.nombre.trim())
    .bind(crate::validate::trimmed(&b.registro_patronal).map(|r| upper(&r)))
    .bind(crate::validate::trimmed(&b.domicilio))
    .bind(b.cve_estado)
    .bind(b.activo)
    .bind(id)
    .execute(&state.db.write)
    .await;
    let done = crate::db::unique_violation(r, "duplicado.establecimiento")?;
    if done.rows_affected() == 0 {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}
