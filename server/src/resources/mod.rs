//! Training resources (`recursos_capacitacion`): institutions, instructors (internal
//! employees, who get the Instructor profile, or external people without platform access),
//! venues with their sketch and rooms with their capacity.

pub mod db;

use axum::extract::{Multipart, State};
use axum::response::Response;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::db::exists;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Kind, Prelude, TableDef, TablePage, TableQuery};
use crate::validate::{is_alphanumeric_text, is_email, is_rfc, lower, upper};

const SECCION: &str = "catalogos.recursos";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(table_resources)))
        .routes(secured(state, r, routes!(create_resource)))
        .routes(secured(state, r, routes!(get_resource, update_resource)))
        .routes(secured(state, r, routes!(instructor_signature)))
        .routes(secured(state, r, routes!(venue_sketch)))
        .routes(secured(state, Rule::Sesion, routes!(resource_options)))
}

/// The four kinds of resource.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tipo {
    Instituciones,
    Instructores,
    Sedes,
    Salas,
}

impl Tipo {
    fn parse(s: &str) -> AppResult<Tipo> {
        match s {
            "instituciones" => Ok(Tipo::Instituciones),
            "instructores" => Ok(Tipo::Instructores),
            "sedes" => Ok(Tipo::Sedes),
            "salas" => Ok(Tipo::Salas),
            _ => Err(AppError::not_found()),
        }
    }
}

static INSTITUTIONS: TableDef = TableDef {
    name: "instituciones",
    from: "instituciones i",
    count_from: None,
    columns: &[
        Column::int("cve_institucion", "Clave", "i.cve_institucion"),
        Column::text("nombre", "Institución", "i.nombre"),
        Column::text("contacto", "Contacto", "i.contacto"),
        Column::text("telefono", "Teléfono", "i.telefono"),
        Column::text("correo", "Correo", "i.correo"),
        Column::flag("activo", "Activo", "i.activo"),
    ],
    date_expr: None,
    default_order: "i.nombre",
    key: "i.cve_institucion",
};

const INTERNO: &[(&str, &str)] = &[("1", "Interno"), ("0", "Externo")];

static INSTRUCTORS: TableDef = TableDef {
    name: "instructores",
    from: "instructores t LEFT JOIN instituciones i ON i.cve_institucion = t.cve_institucion",
    count_from: None,
    columns: &[
        Column::int("cve_instructor", "Clave", "t.cve_instructor"),
        Column::text("nombre", "Instructor", "t.nombre"),
        Column::fixed("interno", "Tipo", "t.interno", Kind::Int, INTERNO),
        Column::text("especialidad", "Especialidad", "t.especialidad"),
        Column::text("correo", "Correo", "t.correo"),
        Column::text("usuario", "Usuario", "t.usuario"),
        Column::text("rfc", "RFC", "t.rfc"),
        Column::text("registro_stps", "Registro STPS", "t.registro_stps"),
        Column::text("institucion", "Institución", "i.nombre"),
        Column::flag("tiene_firma", "Tiene firma", "(t.firma IS NOT NULL)"),
        Column::flag("activo", "Activo", "t.activo"),
    ],
    date_expr: None,
    default_order: "t.nombre",
    key: "t.cve_instructor",
};

static VENUES: TableDef = TableDef {
    name: "sedes",
    from: "sedes s",
    count_from: None,
    columns: &[
        Column::int("cve_sede", "Clave", "s.cve_sede"),
        Column::text("nombre", "Sede", "s.nombre"),
        Column::text("direccion", "Dirección", "s.direccion"),
        Column::plain("url_mapa", "Mapa", "s.url_mapa", Kind::Text),
        Column::int(
            "salas",
            "Salas",
            "(SELECT COUNT(*) FROM salas x WHERE x.cve_sede = s.cve_sede)",
        ),
        Column::flag("tiene_croquis", "Tiene croquis", "(s.croquis IS NOT NULL)"),
        Column::flag("activo", "Activo", "s.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre",
    key: "s.cve_sede",
};

static ROOMS: TableDef = TableDef {
    name: "salas",
    from: "salas r JOIN sedes s ON s.cve_sede = r.cve_sede",
    count_from: None,
    columns: &[
        Column::int("cve_sala", "Clave", "r.cve_sala"),
        Column::text("nombre", "Sala", "r.nombre"),
        Column::text("sede", "Sede", "s.nombre"),
        Column::plain("cve_sede", "Clave de sede", "r.cve_sede", Kind::Int),
        Column::int("capacidad", "Capacidad", "r.capacidad"),
        Column::flag("activo", "Activo", "r.activo"),
    ],
    date_expr: None,
    default_order: "s.nombre, r.nombre",
    key: "r.cve_sala",
};

/// A kind of resource (table engine): `instituciones`, `instructores`, `sedes` or `salas`.
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/tabla", tag = "resources", request_body = TableQuery,
    params(("tipo" = String, Path, description = "instituciones | instructores | sedes | salas")),
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn table_resources(
    State(state): State<AppState>,
    Path(tipo): Path<String>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let def = match Tipo::parse(&tipo)? {
        Tipo::Instituciones => &INSTITUTIONS,
        Tipo::Instructores => &INSTRUCTORS,
        Tipo::Sedes => &VENUES,
        Tipo::Salas => &ROOMS,
    };
    table::run(&state, def, q, Prelude::default(), Vec::new()).await
}

fn check_name(fe: &mut FieldErrors, field: &str, v: &str, max: usize) {
    let t = v.trim();
    fe.check(!t.is_empty(), field, "validacion.campo_requerido");
    fe.check(
        t.is_empty() || is_alphanumeric_text(t),
        field,
        "validacion.alfanumerico",
    );
    fe.check(t.chars().count() <= max, field, "validacion.texto_largo");
}

fn check_flag(fe: &mut FieldErrors, v: i64) {
    fe.check(v == 0 || v == 1, "activo", "validacion.bandera");
}

/// Institution: name, contact, phone and e-mail required.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
struct Institucion {
    #[serde(default)]
    cve_institucion: i64,
    nombre: String,
    contacto: String,
    /// Digits and dashes.
    telefono: String,
    correo: String,
    #[serde(default = "crate::validate::one")]
    activo: i64,
}

impl Institucion {
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, 150);
        check_name(&mut fe, "contacto", &self.contacto, 150);
        let tel = self.telefono.trim();
        fe.check(
            tel.chars().filter(char::is_ascii_digit).count() >= 7
                && tel.len() <= 20
                && tel.chars().all(|c| c.is_ascii_digit() || c == '-'),
            "telefono",
            "validacion.telefono_guiones",
        );
        self.correo = lower(&self.correo);
        fe.check(is_email(&self.correo), "correo", "validacion.correo");
        check_flag(&mut fe, self.activo);
        self.nombre = self.nombre.trim().into();
        self.contacto = self.contacto.trim().into();
        self.telefono = tel.into();
        fe.into_result()
    }
}

/// Instructor: internal (an employee) or external (no platform access).
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
struct Instructor {
    #[serde(default)]
    cve_instructor: i64,
    /// 1 internal (an employee), 0 external.
    interno: i64,
    #[serde(default)]
    cve_empleado: Option<i64>,
    /// Letters only.
    nombre: String,
    correo: String,
    usuario: String,
    especialidad: String,
    rfc: String,
    /// STPS registration number of the instructor or training agent.
    #[serde(default)]
    registro_stps: Option<String>,
    #[serde(default)]
    cve_institucion: Option<i64>,
    #[serde(default = "crate::validate::one")]
    activo: i64,
    #[serde(default, skip_deserializing)]
    #[sqlx(default)]
    firma_url: Option<String>,
    #[serde(skip)]
    #[sqlx(default)]
    firma: Option<String>,
}

impl Instructor {
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        self.nombre = self.nombre.split_whitespace().collect::<Vec<_>>().join(" ");
        fe.check(
            !self.nombre.is_empty(),
            "nombre",
            "validacion.campo_requerido",
        );
        fe.check(
            self.nombre.is_empty()
                || self
                    .nombre
                    .chars()
                    .all(|c| c.is_alphabetic() || c == ' ' || c == '.' || c == '\''),
            "nombre",
            "validacion.solo_letras",
        );
        fe.check(
            self.nombre.chars().count() <= 150,
            "nombre",
            "validacion.texto_largo",
        );
        self.correo = lower(&self.correo);
        fe.check(is_email(&self.correo), "correo", "validacion.correo");
        self.usuario = self.usuario.trim().into();
        fe.check(
            !self.usuario.is_empty()
                && self.usuario.len() <= 60
                && self
                    .usuario
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._-@".contains(c)),
            "usuario",
            "validacion.usuario",
        );
        check_name(&mut fe, "especialidad", &self.especialidad, 150);
        self.especialidad = self.especialidad.trim().into();
        self.rfc = upper(&self.rfc);
        fe.check(is_rfc(&self.rfc), "rfc", "validacion.rfc");
        self.registro_stps = crate::validate::trimmed(&self.registro_stps);
        if let Some(r) = &self.registro_stps {
            fe.check(
                r.len() <= 40
                    && r.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '/'),
                "registro_stps",
                "validacion.registro_stps",
            );
        }
        fe.check(
            self.interno == 0 || self.interno == 1,
            "interno",
            "validacion.bandera",
        );
        fe.check(
            (self.interno == 1) == self.cve_empleado.is_some(),
            "cve_empleado",
            "validacion.instructor_interno",
        );
        check_flag(&mut fe, self.activo);
        fe.into_result()
    }
}

/// Venue: name, Google Maps (or any http/https) URL, address, sketch image.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
struct Sede {
    #[serde(default)]
    cve_sede: i64,
    nombre: String,
    #[serde(default)]
    url_mapa: Option<String>,
    #[serde(default)]
    direccion: Option<String>,
    #[serde(default = "crate::validate::one")]
    activo: i64,
    #[serde(default, skip_deserializing)]
    #[sqlx(default)]
    croquis_url: Option<String>,
    #[serde(skip)]
    #[sqlx(default)]
    croquis: Option<String>,
}

pub fn is_http_url(s: &str) -> bool {
    url::Url::parse(s)
        .is_ok_and(|u| (u.scheme() == "https" || u.scheme() == "http") && u.host().is_some())
        && s.len() <= 500
}

impl Sede {
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, 150);
        self.nombre = self.nombre.trim().into();
        self.url_mapa = crate::validate::trimmed(&self.url_mapa);
        if let Some(u) = &self.url_mapa {
            fe.check(is_http_url(u), "url_mapa", "validacion.url");
        }
        self.direccion = crate::validate::trimmed(&self.direccion);
        if let Some(d) = &self.direccion {
            fe.check(
                d.chars().count() <= 300,
                "direccion",
                "validacion.texto_largo",
            );
        }
        check_flag(&mut fe, self.activo);
        fe.into_result()
    }
}

/// Room of a venue: name and capacity.
#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
struct Sala {
    #[serde(default)]
    cve_sala: i64,
    cve_sede: i64,
    nombre: String,
    capacidad: i64,
    #[serde(default = "crate::validate::one")]
    activo: i64,
}

impl Sala {
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        check_name(&mut fe, "nombre", &self.nombre, 100);
        self.nombre = self.nombre.trim().into();
        fe.check(
            (1..=10_000).contains(&self.capacidad),
            "capacidad",
            "validacion.capacidad",
        );
        check_flag(&mut fe, self.activo);
        fe.into_result()
    }
}

fn parse<T: DeserializeOwned>(v: serde_json::Value) -> AppResult<T> {
    serde_json::from_value(v).map_err(|e| {
        AppError::bad_request("validacion.datos").arg(
            "detalle",
            e.to_string().chars().take(200).collect::<String>(),
        )
    })
}

#[derive(Serialize, ToSchema)]
struct Creado {
    resp: String,
    id: i64,
}

/// Writes a resource (insert when `id` is None); answers its key.
async fn write(
    state: &AppState,
    tipo: Tipo,
    id: Option<i64>,
    body: serde_json::Value,
) -> AppResult<i64> {
    let mut tx = state.db.begin().await?;
    let key = match tipo {
        Tipo::Instituciones => {
            let mut b: Institucion = parse(body)?;
            b.check()?;
            let r = match id {
                None => sqlx::query_scalar(
                    "INSERT INTO instituciones (nombre, contacto, telefono, correo, activo) VALUES (?, ?, ?, ?, ?) RETURNING cve_institucion",
                ),
                Some(_) => sqlx::query_scalar(
                    "UPDATE instituciones SET nombre = ?, contacto = ?, telefono = ?, correo = ?, activo = ? WHERE cve_institucion = ?
                     RETURNING cve_institucion",
                ),
            }
            .bind(&b.nombre)
            .bind(&b.contacto)
            .bind(&b.telefono)
            .bind(&b.correo)
            .bind(b.activo)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await;
            crate::db::unique_violation(r, "duplicado.institucion")?
        }
        Tipo::Instructores => {
            let mut b: Instructor = parse(body)?;
            b.check()?;
            if let Some(e) = b.cve_empleado
                && !exists(
                    &mut tx,
                    "SELECT cve_empleado FROM empleados WHERE cve_empleado = ? AND baja_logica = 0",
                    e,
                )
                .await?
            {
                let mut fe = FieldErrors::default();
                fe.add("cve_empleado", "validacion.instructor_interno");
                fe.into_result()?;
            }
            if let Some(i) = b.cve_institucion
                && !exists(
                    &mut tx,
                    "SELECT cve_institucion FROM instituciones WHERE cve_institucion = ?",
                    i,
                )
                .await?
            {
                let mut fe = FieldErrors::default();
                fe.add("cve_institucion", "validacion.institucion");
                fe.into_result()?;
            }
            let r = match id {
                None => sqlx::query_scalar(
                    "INSERT INTO instructores (interno, cve_empleado, nombre, correo, usuario, especialidad, rfc, registro_stps,
                        cve_institucion, activo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cve_instructor",
                ),
                Some(_) => sqlx::query_scalar(
                    "UPDATE instructores SET interno = ?, cve_empleado = ?, nombre = ?, correo = ?, usuario = ?, especialidad = ?,
                        rfc = ?, registro_stps = ?, cve_institucion = ?, activo = ? WHERE cve_instructor = ? RETURNING cve_instructor",
                ),
            }
            .bind(b.interno)
            .bind(b.cve_empleado)
            .bind(&b.nombre)
            .bind(&b.correo)
            .bind(&b.usuario)
            .bind(&b.especialidad)
            .bind(&b.rfc)
            .bind(&b.registro_stps)
            .bind(b.cve_institucion)
            .bind(b.activo)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await;
            let key = crate::db::unique_violation(r, "duplicado.instructor")?;
            // Internal instructors work in the platform with the Instructor profile.
            if let (Some(e), Some(_)) = (b.cve_empleado, key) {
                sqlx::query(
                    "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado)
                     SELECT ?, 5, 0 WHERE EXISTS (SELECT 1 FROM usuarios WHERE cve_empleado = ?)
                     ON CONFLICT DO NOTHING",
                )
                .bind(e)
                .bind(e)
                .execute(&mut *tx)
                .await?;
            }
            key
        }
        Tipo::Sedes => {
            let mut b: Sede = parse(body)?;
            b.check()?;
            let r = match id {
                None => sqlx::query_scalar(
                    "INSERT INTO sedes (nombre, url_mapa, direccion, activo) VALUES (?, ?, ?, ?) RETURNING cve_sede",
                ),
                Some(_) => sqlx::query_scalar(
                    "UPDATE sedes SET nombre = ?, url_mapa = ?, direccion = ?, activo = ? WHERE cve_sede = ? RETURNING cve_sede",
                ),
            }
            .bind(&b.nombre)
            .bind(&b.url_mapa)
            .bind(&b.direccion)
            .bind(b.activo)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await;
            crate::db::unique_violation(r, "duplicado.sede")?
        }
        Tipo::Salas => {
            let mut b: Sala = parse(body)?;
            b.check()?;
            if !exists(
                &mut tx,
                "SELECT cve_sede FROM sedes WHERE cve_sede = ?",
                b.cve_sede,
            )
            .await?
            {
                let mut fe = FieldErrors::default();
                fe.add("cve_sede", "validacion.sede");
                fe.into_result()?;
            }
            let r = match id {
                None => sqlx::query_scalar(
                    "INSERT INTO salas (cve_sede, nombre, capacidad, activo) VALUES (?, ?, ?, ?) RETURNING cve_sala",
                ),
                Some(_) => sqlx::query_scalar(
                    "UPDATE salas SET cve_sede = ?, nombre = ?, capacidad = ?, activo = ? WHERE cve_sala = ? RETURNING cve_sala",
                ),
            }
            .bind(b.cve_sede)
            .bind(&b.nombre)
            .bind(b.capacidad)
            .bind(b.activo)
            .bind(id)
            .fetch_optional(&mut *tx)
            .await;
            crate::db::unique_violation(r, "duplicado.sala")?
        }
    };
    let key = key.ok_or_else(AppError::not_found)?;
    tx.commit().await?;
    Ok(key)
}

/// Creates a resource of a kind (the kind's fields, see the API contract).
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}", tag = "resources",
    params(("tipo" = String, Path, description = "instituciones | instructores | sedes | salas")),
    request_body(content = serde_json::Value, description = "Institucion, Instructor, Sede or Sala"),
    responses((status = 200, body = Creado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_resource(
    State(state): State<AppState>,
    Path(tipo): Path<String>,
    Json(body): Json<serde_json::Value>,
) -> AppResult<axum::Json<Creado>> {
    let id = write(&state, Tipo::parse(&tipo)?, None, body).await?;
    Ok(axum::Json(Creado {
        resp: "Excelente".into(),
        id,
    }))
}

/// Edits a resource.
#[utoipa::path(put, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/{id}", tag = "resources",
    params(("tipo" = String, Path), ("id" = i64, Path)),
    request_body(content = serde_json::Value, description = "Institucion, Instructor, Sede or Sala"),
    responses((status = 200, body = Creado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_resource(
    State(state): State<AppState>,
    Path((tipo, id)): Path<(String, i64)>,
    Json(body): Json<serde_json::Value>,
) -> AppResult<axum::Json<Creado>> {
    let id = write(&state, Tipo::parse(&tipo)?, Some(id), body).await?;
    Ok(axum::Json(Creado {
        resp: "Excelente".into(),
        id,
    }))
}

/// One resource with every field (`firma_url` / `croquis_url` for its images).
#[utoipa::path(get, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/{id}", tag = "resources",
    params(("tipo" = String, Path), ("id" = i64, Path)),
    responses((status = 200, body = serde_json::Value), (status = 404, body = ErrorBody)))]
async fn get_resource(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((tipo, id)): Path<(String, i64)>,
) -> AppResult<axum::Json<serde_json::Value>> {
    let db = &state.db.read;
    let v = match Tipo::parse(&tipo)? {
        Tipo::Instituciones => {
            let r: Option<Institucion> = sqlx::query_as(
                "SELECT cve_institucion, nombre, contacto, telefono, correo, activo FROM instituciones WHERE cve_institucion = ?",
            )
            .bind(id)
            .fetch_optional(db)
            .await?;
            serde_json::to_value(r.ok_or_else(AppError::not_found)?)
        }
        Tipo::Instructores => {
            let r: Option<Instructor> = sqlx::query_as(
                "SELECT cve_instructor, interno, cve_empleado, nombre, correo, usuario, especialidad, rfc, registro_stps,
                        cve_institucion, activo, firma FROM instructores WHERE cve_instructor = ?",
            )
            .bind(id)
            .fetch_optional(db)
            .await?;
            let mut r = r.ok_or_else(AppError::not_found)?;
            r.firma_url = r
                .firma
                .as_deref()
                .and_then(|k| crate::files::signed_url(&state, u.cve_empleado, k));
            serde_json::to_value(r)
        }
        Tipo::Sedes => {
            let r: Option<Sede> = sqlx::query_as(
                "SELECT cve_sede, nombre, url_mapa, direccion, activo, croquis FROM sedes WHERE cve_sede = ?",
            )
            .bind(id)
            .fetch_optional(db)
            .await?;
            let mut r = r.ok_or_else(AppError::not_found)?;
            r.croquis_url = r.croquis.as_deref().map(crate::files::public_url);
            serde_json::to_value(r)
        }
        Tipo::Salas => {
            let r: Option<Sala> = sqlx::query_as(
                "SELECT cve_sala, cve_sede, nombre, capacidad, activo FROM salas WHERE cve_sala = ?",
            )
            .bind(id)
            .fetch_optional(db)
            .await?;
            serde_json::to_value(r.ok_or_else(AppError::not_found)?)
        }
    };
    Ok(axum::Json(v.map_err(AppError::internal)?))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct Opcion {
    value: i64,
    label: String,
}

/// Active resources of a kind as options (instructor, room, venue, institution pickers).
#[utoipa::path(get, path = "/api/pri/catalogos/recursos_capacitacion/{tipo}/opciones", tag = "resources",
    params(("tipo" = String, Path)),
    responses((status = 200, body = Vec<Opcion>), (status = 404, body = ErrorBody)))]
async fn resource_options(
    State(state): State<AppState>,
    Path(tipo): Path<String>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    let sql = match Tipo::parse(&tipo)? {
        Tipo::Instituciones => {
            "SELECT cve_institucion AS value, nombre AS label FROM instituciones WHERE activo = 1 ORDER BY nombre"
        }
        Tipo::Instructores => {
            "SELECT cve_instructor AS value, nombre || CASE interno WHEN 1 THEN '' ELSE ' (externo)' END AS label
             FROM instructores WHERE activo = 1 ORDER BY nombre"
        }
        Tipo::Sedes => "SELECT cve_sede AS value, nombre AS label FROM sedes WHERE activo = 1 ORDER BY nombre",
        Tipo::Salas => {
            "SELECT r.cve_sala AS value, s.nombre || ' — ' || r.nombre || ' (' || r.capacidad || ')' AS label
             FROM salas r JOIN sedes s ON s.cve_sede = r.cve_sede WHERE r.activo = 1 AND s.activo = 1 ORDER BY s.nombre, r.nombre"
        }
    };
    Ok(axum::Json(
        sqlx::query_as(sql).fetch_all(&state.db.read).await?,
    ))
}

#[derive(Serialize, ToSchema)]
struct ImagenResp {
    resp: String,
    url: String,
}

/// An instructor's signature image (multipart `firma`; png, gif or jpeg under 8 MB).
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/instructores/{id}/firma", tag = "resources",
    params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `firma`: the image"),
    responses((status = 200, body = ImagenResp), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn instructor_signature(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<ImagenResp>> {
    let mut conn = state.db.read.acquire().await?;
    if !exists(
        &mut conn,
        "SELECT cve_instructor FROM instructores WHERE cve_instructor = ?",
        id,
    )
    .await?
    {
        return Err(AppError::not_found());
    }
    drop(conn);
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key =
        crate::files::store_image(&state, "firmas/instructores", &id.to_string(), data).await?;
    sqlx::query("UPDATE instructores SET firma = ? WHERE cve_instructor = ?")
        .bind(&key)
        .bind(id)
        .execute(&state.db.write)
        .await?;
    Ok(axum::Json(ImagenResp {
        resp: "Excelente".into(),
        url: crate::files::signed_url(&state, u.cve_empleado, &key).unwrap_or_default(),
    }))
}

/// A venue's sketch image (multipart `croquis`).
#[utoipa::path(post, path = "/api/pri/catalogos/recursos_capacitacion/sedes/{id}/croquis", tag = "resources",
    params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `croquis`: the image"),
    responses((status = 200, body = ImagenResp), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn venue_sketch(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<ImagenResp>> {
    let mut conn = state.db.read.acquire().await?;
    if !exists(
        &mut conn,
        "SELECT cve_sede FROM sedes WHERE cve_sede = ?",
        id,
    )
    .await?
    {
        return Err(AppError::not_found());
    }
    drop(conn);
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key = crate::files::store_image(&state, "catalogos/sedes", &id.to_string(), data).await?;
    sqlx::query("UPDATE sedes SET croquis = ? WHERE cve_sede = ?")
        .bind(&key)
        .bind(id)
        .execute(&state.db.write)
        .await?;
    Ok(axum::Json(ImagenResp {
        resp: "Excelente".into(),
        url: crate::files::public_url(&key),
    }))
}
