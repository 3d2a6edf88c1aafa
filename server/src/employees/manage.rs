//! Employee maintenance: create and edit with every field, baja lógica, photo, absences,
//! the 3-step profile change and platform access. The validation and the SQL that writes
//! an employee are shared with the bulk upload (`crate::imports`).

use axum::extract::{Multipart, State};
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::Resp;
use crate::auth::check_scope;
use crate::auth::password;
use crate::auth::perms::{CurrentUser, Rule, SessionUser, secured};
use crate::auth::session;
use crate::db::exists;
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path, Query};
use crate::mail::Mail;
use crate::state::AppState;
use crate::validate::{is_curp, is_email, is_phone, is_rfc, lower, parse_date, upper};

const LEER: &str = "catalogos.empleados";
const EDITAR: &str = "catalogos.empleados.editar";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(EDITAR),
            routes!(create_employee),
        ))
        .routes(secured(
            state,
            Rule::Seccion(EDITAR),
            routes!(update_employee),
        ))
        .routes(secured(state, Rule::Seccion(EDITAR), routes!(set_baja)))
        .routes(secured(state, Rule::Seccion(EDITAR), routes!(upload_photo)))
        .routes(secured(state, Rule::Seccion(LEER), routes!(list_absences)))
        .routes(secured(state, Rule::Seccion(EDITAR), routes!(add_absence)))
        .routes(secured(
            state,
            Rule::Seccion(EDITAR),
            routes!(delete_absence),
        ))
        .routes(secured(state, Rule::Sesion, routes!(employee_options)))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.cambiar_perfil_usuario"),
            routes!(change_profiles),
        ))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.restablecer_contrasena"),
            routes!(set_access),
        ))
}

/// Employee types.
pub const TIPOS_EMPLEADO: &[&str] = &["Interno", "Externo", "Sindicalizado", "Confianza"];

/// Every field of an employee, as the form and the bulk upload send it.
#[derive(Deserialize, ToSchema, Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct EmployeeForm {
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub curp: String,
    #[serde(default)]
    pub rfc_empleado: Option<String>,
    #[serde(default)]
    pub correo_empleado: Option<String>,
    #[serde(default)]
    pub telefono: Option<String>,
    /// H or M.
    #[serde(default)]
    pub genero: Option<String>,
    #[serde(default)]
    pub fecha_nacimiento: Option<String>,
    #[serde(default)]
    pub cve_puesto: Option<i64>,
    #[serde(default)]
    pub n2: Option<i64>,
    #[serde(default)]
    pub n3: Option<i64>,
    #[serde(default)]
    pub n4: Option<i64>,
    #[serde(default)]
    pub n5: Option<i64>,
    #[serde(default)]
    pub n6: Option<i64>,
    #[serde(default)]
    pub n7: Option<i64>,
    #[serde(default)]
    pub cve_planta: Option<i64>,
    /// Plants besides the main one.
    #[serde(default)]
    #[sqlx(skip)]
    pub plantas: Vec<i64>,
    #[serde(default)]
    pub cve_pais: Option<i64>,
    #[serde(default)]
    pub cve_estado: Option<i64>,
    #[serde(default)]
    pub cve_tipo_poblacion: Option<i64>,
    #[serde(default)]
    pub cve_supervisor: Option<i64>,
    #[serde(default)]
    pub fecha_ingreso: Option<String>,
    #[serde(default)]
    pub fecha_inicio_puesto: Option<String>,
    /// Interno, Externo, Sindicalizado or Confianza.
    #[serde(default)]
    pub tipo_empleado: Option<String>,
    #[serde(default)]
    pub id_tarjeta: Option<String>,
    /// National occupation catalogue key (e.g. `06.2`).
    #[serde(default)]
    pub ocupacion: Option<String>,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

fn clean(v: &mut Option<String>) {
    if let Some(s) = v {
        let t = s.trim();
        if t.is_empty() {
            *v = None;
        } else if t.len() != s.len() {
            *v = Some(t.to_string());
        }
    }
}

impl EmployeeForm {
    /// Trims every text, upper-cases CURP/RFC, lower-cases the e-mail, empties to None.
    pub fn normalize(&mut self) {
        self.num_empleado = self.num_empleado.trim().to_string();
        self.nombre_empleado = self
            .nombre_empleado
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.curp = upper(&self.curp);
        for v in [
            &mut self.rfc_empleado,
            &mut self.correo_empleado,
            &mut self.telefono,
            &mut self.genero,
            &mut self.fecha_nacimiento,
            &mut self.fecha_ingreso,
            &mut self.fecha_inicio_puesto,
            &mut self.tipo_empleado,
            &mut self.id_tarjeta,
            &mut self.ocupacion,
        ] {
            clean(v);
        }
        self.rfc_empleado = self.rfc_empleado.as_deref().map(upper);
        self.correo_empleado = self.correo_empleado.as_deref().map(lower);
        self.genero = self.genero.as_deref().map(upper);
        self.plantas.sort_unstable();
        self.plantas.dedup();
        if let Some(main) = self.cve_planta {
            self.plantas.retain(|p| *p != main);
        }
    }

    /// The checks that need no database: formats, lengths and required fields.
    pub fn check(&self, today: chrono::NaiveDate) -> FieldErrors {
        let mut fe = FieldErrors::default();
        let num_ok = !self.num_empleado.is_empty()
            && self.num_empleado.chars().count() <= 30
            && self
                .num_empleado
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-');
        fe.check(num_ok, "num_empleado", "validacion.num_empleado");
        fe.check(
            !self.nombre_empleado.is_empty(),
            "nombre_empleado",
            "validacion.campo_requerido",
        );
        fe.check(
            self.nombre_empleado.chars().count() <= 120,
            "nombre_empleado",
            "validacion.texto_largo",
        );
        fe.check(is_curp(&self.curp), "curp", "validacion.curp");
        if let Some(r) = &self.rfc_empleado {
            fe.check(is_rfc(r), "rfc_empleado", "validacion.rfc");
        }
        if let Some(c) = &self.correo_empleado {
            fe.check(is_email(c), "correo_empleado", "validacion.correo");
        }
        if let Some(t) = &self.telefono {
            fe.check(is_phone(t), "telefono", "validacion.telefono");
        }
        if let Some(g) = &self.genero {
            fe.check(g == "H" || g == "M", "genero", "validacion.genero");
        }
        for (field, v) in [
            ("fecha_nacimiento", &self.fecha_nacimiento),
            ("fecha_ingreso", &self.fecha_ingreso),
            ("fecha_inicio_puesto", &self.fecha_inicio_puesto),
        ] {
            if let Some(d) = v {
                fe.check(
                    parse_date(d).is_some_and(|d| d <= today),
                    field,
                    "validacion.fecha",
                );
            }
        }
        fe.check(self.cve_puesto.is_some(), "cve_puesto", "validacion.puesto");
        for (field, v) in [("n2", self.n2), ("n3", self.n3), ("n4", self.n4)] {
            fe.check(v.is_some(), field, "validacion.estructura");
        }
        fe.check(
            !(self.n6.is_some() && self.n5.is_none() || self.n7.is_some() && self.n6.is_none()),
            "n5",
            "validacion.estructura",
        );
        if let Some(t) = &self.tipo_empleado {
            fe.check(
                TIPOS_EMPLEADO.contains(&t.as_str()),
                "tipo_empleado",
                "validacion.tipo_empleado",
            );
        }
        if let Some(t) = &self.id_tarjeta {
            fe.check(
                t.chars().count() <= 40,
                "id_tarjeta",
                "validacion.texto_largo",
            );
        }
        fe.check(
            self.activo == 0 || self.activo == 1,
            "activo",
            "validacion.bandera",
        );
        fe.check(self.plantas.len() <= 50, "plantas", "validacion.planta");
        fe
    }
}

/// The checks against the catalogues: the structure chain, position, plants, state,
/// country, population type, occupation and supervisor.
pub async fn check_references(
    conn: &mut SqliteConnection,
    f: &EmployeeForm,
    own: Option<i64>,
) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    let mut parent: Option<i64> = None;
    for (nivel, field, v) in [
        (2, "n2", f.n2),
        (3, "n3", f.n3),
        (4, "n4", f.n4),
        (5, "n5", f.n5),
        (6, "n6", f.n6),
        (7, "n7", f.n7),
    ] {
        let Some(id) = v else { break };
        let row: Option<(i64, Option<i64>)> =
            sqlx::query_as("SELECT nivel, cve_padre FROM estructura WHERE cve_estructura = ?")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
        let ok = row.is_some_and(|(n, p)| n == nivel && (nivel == 2 || p == parent));
        fe.check(ok, field, "validacion.estructura");
        if !ok {
            break;
        }
        parent = Some(id);
    }
    if let Some(p) = f.cve_puesto {
        fe.check(
            exists(
                conn,
                "SELECT cve_puesto FROM puestos WHERE cve_puesto = ? AND activo = 1",
                p,
            )
            .await?,
            "cve_puesto",
            "validacion.puesto",
        );
    }
    for p in f.cve_planta.iter().chain(f.plantas.iter()) {
        let ok = exists(
            conn,
            "SELECT cve_planta FROM plantas WHERE cve_planta = ?",
            *p,
        )
        .await?;
        fe.check(
            ok,
            if Some(*p) == f.cve_planta {
                "cve_planta"
            } else {
                "plantas"
            },
            "validacion.planta",
        );
    }
    if let Some(e) = f.cve_estado {
        fe.check(
            exists(
                conn,
                "SELECT cve_estado FROM estados WHERE cve_estado = ?",
                e,
            )
            .await?,
            "cve_estado",
            "validacion.estado",
        );
    }
    if let Some(p) = f.cve_pais {
        fe.check(
            exists(conn, "SELECT cve_pais FROM paises WHERE cve_pais = ?", p).await?,
            "cve_pais",
            "validacion.pais",
        );
    }
    if let Some(t) = f.cve_tipo_poblacion {
        fe.check(
            exists(
                conn,
                "SELECT cve_tipo_poblacion FROM tipos_poblacion WHERE cve_tipo_poblacion = ?",
                t,
            )
            .await?,
            "cve_tipo_poblacion",
            "validacion.tipo_poblacion",
        );
    }
    if let Some(o) = &f.ocupacion {
        let found: Option<String> =
            sqlx::query_scalar("SELECT clave FROM ocupaciones WHERE clave = ?")
                .bind(o)
                .fetch_optional(&mut *conn)
                .await?;
        fe.check(found.is_some(), "ocupacion", "validacion.ocupacion");
    }
    if let Some(s) = f.cve_supervisor {
        let ok = Some(s) != own
            && exists(
                conn,
                "SELECT cve_empleado FROM empleados WHERE cve_empleado = ?",
                s,
            )
            .await?;
        // A supervisor cannot be one of the employee's own subordinates (no cycles).
        let cycle = match own {
            Some(me) if ok => {
                let sql = format!(
                    "WITH RECURSIVE {} SELECT 1 FROM equipo WHERE cve = ? LIMIT 1",
                    super::db::SUBORDINATE_CTE
                );
                let hit: Option<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                    .bind(me)
                    .bind(s)
                    .fetch_optional(&mut *conn)
                    .await?;
                hit.is_some()
            }
            _ => false,
        };
        fe.check(ok && !cycle, "cve_supervisor", "validacion.supervisor");
    }
    fe.into_result()
}

/// 409 when the number, CURP, RFC or e-mail belongs to another employee.
pub async fn check_unique(
    conn: &mut SqliteConnection,
    f: &EmployeeForm,
    own: Option<i64>,
) -> AppResult<()> {
    for (col, value, code) in [
        (
            "num_empleado",
            Some(f.num_empleado.as_str()),
            "duplicado.num_empleado",
        ),
        ("curp", Some(f.curp.as_str()), "duplicado.curp"),
        ("rfc_empleado", f.rfc_empleado.as_deref(), "duplicado.rfc"),
        (
            "correo_empleado",
            f.correo_empleado.as_deref(),
            "duplicado.correo",
        ),
    ] {
        if let Some(v) = value
            && super::db::unique_conflict(&mut *conn, col, v, own).await?
        {
            return Err(AppError::conflict(code));
        }
    }
    Ok(())
}

/// Writes an employee (insert when `own` is None) and its extra plants; answers its key.
pub async fn save(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    f: &EmployeeForm,
    now: &str,
    replace_plants: bool,
) -> AppResult<i64> {
    let today = &now[..10];
    let q = match own {
        None => sqlx::query_scalar(
            "INSERT INTO empleados (num_empleado, nombre_empleado, nombre_busqueda, correo_empleado, rfc_empleado, curp,
                telefono, genero, fecha_nacimiento, cve_puesto, n2, n3, n4, n5, n6, n7, cve_planta, cve_pais, cve_estado,
                cve_tipo_poblacion, cve_supervisor, fecha_ingreso, fecha_inicio_puesto, tipo_empleado, id_tarjeta, ocupacion,
                activo, creado, actualizado, cve_empleado)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, ?), ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING cve_empleado",
        ),
        Some(_) => sqlx::query_scalar(
            "UPDATE empleados SET num_empleado = ?, nombre_empleado = ?, nombre_busqueda = ?, correo_empleado = ?,
                rfc_empleado = ?, curp = ?, telefono = ?, genero = ?, fecha_nacimiento = ?, cve_puesto = ?, n2 = ?, n3 = ?,
                n4 = ?, n5 = ?, n6 = ?, n7 = ?, cve_planta = ?, cve_pais = ?, cve_estado = ?, cve_tipo_poblacion = ?,
                cve_supervisor = ?, fecha_ingreso = coalesce(?, fecha_ingreso, ?), fecha_inicio_puesto = ?, tipo_empleado = ?,
                id_tarjeta = ?, ocupacion = ?, activo = ?, creado = coalesce(creado, ?), actualizado = ?
             WHERE cve_empleado = ? RETURNING cve_empleado",
        ),
    };
    let cve: i64 = q
        .bind(&f.num_empleado)
        .bind(&f.nombre_empleado)
        .bind(super::db::search_text(&f.nombre_empleado))
        .bind(&f.correo_empleado)
        .bind(&f.rfc_empleado)
        .bind(&f.curp)
        .bind(&f.telefono)
        .bind(&f.genero)
        .bind(&f.fecha_nacimiento)
        .bind(f.cve_puesto)
        .bind(f.n2)
        .bind(f.n3)
        .bind(f.n4)
        .bind(f.n5)
        .bind(f.n6)
        .bind(f.n7)
        .bind(f.cve_planta)
        .bind(f.cve_pais.or(Some(1)))
        .bind(f.cve_estado)
        .bind(f.cve_tipo_poblacion)
        .bind(f.cve_supervisor)
        .bind(&f.fecha_ingreso)
        .bind(today)
        .bind(&f.fecha_inicio_puesto)
        .bind(f.tipo_empleado.as_deref().unwrap_or("Interno"))
        .bind(&f.id_tarjeta)
        .bind(&f.ocupacion)
        .bind(f.activo)
        .bind(now)
        .bind(now)
        .bind(own)
        .fetch_one(&mut *conn)
        .await?;
    if !replace_plants {
        return Ok(cve);
    }
    sqlx::query("DELETE FROM empleados_plantas WHERE cve_empleado = ?")
        .bind(cve)
        .execute(&mut *conn)
        .await?;
    for p in &f.plantas {
        sqlx::query("INSERT INTO empleados_plantas (cve_empleado, cve_planta) VALUES (?, ?)")
            .bind(cve)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    Ok(cve)
}

/// A login for a new employee: Participante, a temporary password e-mailed when the
/// employee has an e-mail, otherwise no password until one is set by reset.
pub async fn create_login(
    conn: &mut SqliteConnection,
    cve: i64,
    password_hash: &str,
    now: &str,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO usuarios (cve_empleado, password_hash, cambio_credenciales, actualizado) VALUES (?, ?, 1, ?)
         ON CONFLICT (cve_empleado) DO NOTHING",
    )
    .bind(cve)
    .bind(password_hash)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado) VALUES (?, 8, 1)
         ON CONFLICT DO NOTHING",
    )
    .bind(cve)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Supervisors and company representatives write only inside their team: the employee
/// (or the supervisor a new one will report to) must be theirs.
async fn check_write_scope(
    state: &AppState,
    u: &SessionUser,
    target: Option<i64>,
    f: Option<&EmployeeForm>,
) -> AppResult<()> {
    if let Some(t) = target {
        check_scope(state, u.scope, t).await?;
    }
    if let Some(f) = f
        && !matches!(u.scope, crate::auth::perms::Scope::Todos)
    {
        match f.cve_supervisor {
            Some(s) => check_scope(state, u.scope, s).await?,
            None => return Err(AppError::forbidden("auth.fuera_de_alcance")),
        }
    }
    Ok(())
}

#[derive(Serialize, ToSchema)]
struct Created {
    resp: String,
    cve_empleado: i64,
}

fn today(state: &AppState) -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp(state.now(), 0)
        .unwrap_or_default()
        .date_naive()
}

/// Creates an employee with a login (Participante; the temporary password goes by e-mail).
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/crear", tag = "employees", request_body = EmployeeForm,
    responses((status = 200, body = Created), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_employee(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(mut f): Json<EmployeeForm>,
) -> AppResult<axum::Json<Created>> {
    f.normalize();
    f.check(today(&state)).into_result()?;
    check_write_scope(&state, &u, None, Some(&f)).await?;
    let temp = super::registration::temporary_password();
    let hash = password::hash(&state, &temp).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    check_references(&mut tx, &f, None).await?;
    check_unique(&mut tx, &f, None).await?;
    let cve = save(&mut tx, None, &f, &now, true).await?;
    create_login(&mut tx, cve, &hash, &now).await?;
    tx.commit().await?;
    if let Some(correo) = &f.correo_empleado {
        let nomcia = crate::settings::company_name(&state).await;
        let url = state.config.public_url.trim_end_matches('/').to_string();
        state.mailer.send_later(Mail {
            to: correo.clone(),
            subject: format!("{nomcia}: tu cuenta de capacitación"),
            text: format!(
                "Hola {}:\n\nSe creó tu cuenta de capacitación.\n\nUsuario: {} (también puedes usar tu CURP {})\nContraseña temporal: {}\n\nIngresa en {}/login; al entrar te pediremos cambiar la contraseña.\n",
                f.nombre_empleado, correo, f.curp, temp, url
            ),
            html: format!(
                "<p>Hola {}:</p><p>Se creó tu cuenta de capacitación.</p><ul><li>Usuario: <b>{}</b> (también puedes usar tu CURP {})</li><li>Contraseña temporal: <b>{}</b></li></ul><p>Ingresa en <a href=\"{}/login\">{}/login</a>; al entrar te pediremos cambiar la contraseña.</p>",
                crate::mail::html_escape(&f.nombre_empleado),
                crate::mail::html_escape(correo),
                crate::mail::html_escape(&f.curp),
                crate::mail::html_escape(&temp),
                crate::mail::html_escape(&url),
                crate::mail::html_escape(&url)
            ),
        });
    }
    tracing::info!(cve_empleado = cve, by = u.cve_empleado, "employee created");
    Ok(axum::Json(Created {
        resp: "Excelente".into(),
        cve_empleado: cve,
    }))
}

/// Edits every field of an employee in the caller's scope.
#[utoipa::path(put, path = "/api/pri/catalogos/empleados/{cve_empleado}", tag = "employees", request_body = EmployeeForm,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Created), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_employee(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(mut f): Json<EmployeeForm>,
) -> AppResult<axum::Json<Created>> {
    ensure_exists(&state, cve).await?;
    f.normalize();
    f.check(today(&state)).into_result()?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    if !matches!(u.scope, crate::auth::perms::Scope::Todos) && cve != u.cve_empleado {
        check_write_scope(&state, &u, None, Some(&f)).await?;
    }
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    check_references(&mut tx, &f, Some(cve)).await?;
    check_unique(&mut tx, &f, Some(cve)).await?;
    save(&mut tx, Some(cve), &f, &now, true).await?;
    tx.commit().await?;
    Ok(axum::Json(Created {
        resp: "Excelente".into(),
        cve_empleado: cve,
    }))
}

async fn ensure_exists(state: &AppState, cve: i64) -> AppResult<()> {
    crate::db::require(
        &state.db,
        "SELECT cve_empleado FROM empleados WHERE cve_empleado = ?",
        cve,
    )
    .await
}

#[derive(Deserialize, ToSchema)]
struct BajaBody {
    /// 1 = baja lógica (the employee left), 0 = reactivate.
    baja_logica: i64,
}

/// Baja lógica: the employee stays with their history, cannot sign in and leaves the
/// active lists; their open session ends at once. 0 reactivates.
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/{cve_empleado}/baja", tag = "employees", request_body = BajaBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_baja(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<BajaBody>,
) -> AppResult<axum::Json<Resp>> {
    ensure_exists(&state, cve).await?;
    let mut fe = FieldErrors::default();
    fe.check(
        b.baja_logica == 0 || b.baja_logica == 1,
        "baja_logica",
        "validacion.bandera",
    );
    fe.check(
        cve != u.cve_empleado,
        "cve_empleado",
        "validacion.baja_propia",
    );
    fe.into_result()?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let now = state.now_iso();
    sqlx::query(
        "UPDATE empleados SET baja_logica = ?, activo = ?, baja_fecha = CASE WHEN ? = 1 THEN ? ELSE NULL END, actualizado = ?
         WHERE cve_empleado = ?",
    )
    .bind(b.baja_logica)
    .bind(1 - b.baja_logica)
    .bind(b.baja_logica)
    .bind(&now[..10])
    .bind(&now)
    .bind(cve)
    .execute(&state.db.write)
    .await?;
    if b.baja_logica == 1 {
        session::end_for_employee(&state, cve, "liberada").await?;
    }
    Ok(Resp::ok())
}

#[derive(Serialize, ToSchema)]
struct FotoResp {
    resp: String,
    foto_url: String,
}

/// Changes an employee's photo: multipart `foto` (png, gif or jpeg, under 8 MB).
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/{cve_empleado}/foto", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "field `foto`: the image"),
    responses((status = 200, body = FotoResp), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn upload_photo(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<FotoResp>> {
    ensure_exists(&state, cve).await?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let data = crate::upload::read_form(multipart).await?.file()?;
    let key = crate::files::store_image(&state, "employees/photos", &cve.to_string(), data).await?;
    let url = crate::files::public_url(&key);
    sqlx::query("UPDATE empleados SET foto_empleado = ?, actualizado = ? WHERE cve_empleado = ?")
        .bind(&url)
        .bind(state.now_iso())
        .bind(cve)
        .execute(&state.db.write)
        .await?;
    Ok(axum::Json(FotoResp {
        resp: "Excelente".into(),
        foto_url: url,
    }))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Ausencia {
    id_ausencia: i64,
    fecha_inicio: String,
    fecha_fin: String,
    motivo: String,
    creado: String,
}

/// An employee's absences, newest first.
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/{cve_empleado}/ausencias", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Vec<Ausencia>), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_absences(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Ausencia>>> {
    ensure_exists(&state, cve).await?;
    check_scope(&state, u.scope, cve).await?;
    Ok(axum::Json(absences_of(&state, cve).await?))
}

pub async fn absences_of(state: &AppState, cve: i64) -> AppResult<Vec<Ausencia>> {
    Ok(sqlx::query_as(
        "SELECT id_ausencia, fecha_inicio, fecha_fin, motivo, creado FROM ausencias WHERE cve_empleado = ?
         ORDER BY fecha_inicio DESC, id_ausencia DESC",
    )
    .bind(cve)
    .fetch_all(&state.db.read)
    .await?)
}

#[derive(Deserialize, ToSchema)]
struct NuevaAusencia {
    fecha_inicio: String,
    fecha_fin: String,
    motivo: String,
}

#[derive(Serialize, ToSchema)]
struct AusenciaCreada {
    resp: String,
    id_ausencia: i64,
}

/// Records an absence (a period with its reason); periods of one employee cannot overlap.
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/{cve_empleado}/ausencias", tag = "employees", request_body = NuevaAusencia,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = AusenciaCreada), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn add_absence(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<NuevaAusencia>,
) -> AppResult<axum::Json<AusenciaCreada>> {
    ensure_exists(&state, cve).await?;
    let inicio = parse_date(b.fecha_inicio.trim());
    let fin = parse_date(b.fecha_fin.trim());
    let motivo = b.motivo.trim();
    let mut fe = FieldErrors::default();
    fe.check(inicio.is_some(), "fecha_inicio", "validacion.fecha");
    fe.check(fin.is_some(), "fecha_fin", "validacion.fecha");
    if let (Some(i), Some(f)) = (inicio, fin) {
        fe.check(f >= i, "fecha_fin", "validacion.rango_fechas");
    }
    fe.check(!motivo.is_empty(), "motivo", "validacion.campo_requerido");
    fe.check(
        motivo.chars().count() <= 200,
        "motivo",
        "validacion.texto_largo",
    );
    fe.into_result()?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let (i, f) = (b.fecha_inicio.trim(), b.fecha_fin.trim());
    let mut tx = state.db.begin().await?;
    let overlap: Option<i64> = sqlx::query_scalar(
        "SELECT id_ausencia FROM ausencias WHERE cve_empleado = ? AND fecha_inicio <= ? AND fecha_fin >= ? LIMIT 1",
    )
    .bind(cve)
    .bind(f)
    .bind(i)
    .fetch_optional(&mut *tx)
    .await?;
    if overlap.is_some() {
        return Err(AppError::conflict("duplicado.ausencia"));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO ausencias (cve_empleado, fecha_inicio, fecha_fin, motivo, creado_por, creado) VALUES (?, ?, ?, ?, ?, ?)
         RETURNING id_ausencia",
    )
    .bind(cve)
    .bind(i)
    .bind(f)
    .bind(motivo)
    .bind(u.cve_empleado)
    .bind(state.now_iso())
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(axum::Json(AusenciaCreada {
        resp: "Excelente".into(),
        id_ausencia: id,
    }))
}

/// Deletes an absence.
#[utoipa::path(delete, path = "/api/pri/catalogos/empleados/{cve_empleado}/ausencias/{id_ausencia}", tag = "employees",
    params(("cve_empleado" = i64, Path), ("id_ausencia" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete_absence(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve, id)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Resp>> {
    ensure_exists(&state, cve).await?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    let done = sqlx::query("DELETE FROM ausencias WHERE id_ausencia = ? AND cve_empleado = ?")
        .bind(id)
        .bind(cve)
        .execute(&state.db.write)
        .await?;
    if done.rows_affected() == 0 {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}

#[derive(Deserialize, IntoParams)]
struct OptionsQuery {
    /// At least 4 characters of the name or the employee number.
    q: String,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Opcion {
    pub value: i64,
    pub label: String,
    pub nombre: String,
    pub correo: Option<String>,
}

/// Employee typeahead (supervisor, internal instructor): active employees in the caller's
/// scope whose name or number contains `q` (4 characters or more), 20 at most.
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/opciones", tag = "employees", params(OptionsQuery),
    responses((status = 200, body = Vec<Opcion>), (status = 400, body = ErrorBody)))]
async fn employee_options(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Query(q): Query<OptionsQuery>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    let text = q.q.trim();
    if text.chars().count() < 4 {
        return Err(AppError::bad_request("validacion.busqueda_corta"));
    }
    let folded = crate::validate::fold(text);
    let (cte, scope_sql, me) = match u.scope {
        crate::auth::perms::Scope::Todos => (String::new(), "1 = 1", 0),
        crate::auth::perms::Scope::Subordinados(me) => (
            format!("WITH RECURSIVE {}", super::db::SUBORDINATE_CTE),
            "(e.cve_empleado = ? OR e.cve_empleado IN (SELECT cve FROM equipo))",
            me,
        ),
        crate::auth::perms::Scope::Propio(me) => (String::new(), "e.cve_empleado = ?", me),
    };
    let sql = format!(
        "{cte} SELECT e.cve_empleado AS value, e.nombre_empleado || ' (' || e.num_empleado || ')' AS label,
                e.nombre_empleado AS nombre, e.correo_empleado AS correo
         FROM empleados e WHERE e.activo = 1 AND e.baja_logica = 0 AND {scope_sql}
           AND (instr(e.nombre_busqueda, ?) > 0 OR e.num_empleado = ?)
         ORDER BY e.nombre_empleado LIMIT 20"
    );
    let mut query = sqlx::query_as::<_, Opcion>(sqlx::AssertSqlSafe(sql));
    match u.scope {
        crate::auth::perms::Scope::Todos => {}
        crate::auth::perms::Scope::Subordinados(_) => query = query.bind(me).bind(me),
        crate::auth::perms::Scope::Propio(_) => query = query.bind(me),
    }
    Ok(axum::Json(
        query
            .bind(&folded)
            .bind(text)
            .fetch_all(&state.db.read)
            .await?,
    ))
}

#[derive(Deserialize, ToSchema)]
struct CambioPerfiles {
    empleados: Vec<i64>,
    perfiles: Vec<i64>,
    /// One of `perfiles`.
    #[serde(default)]
    predeterminado: Option<i64>,
}

#[derive(Serialize, ToSchema)]
struct CambioPerfilesResp {
    resp: String,
    actualizados: u64,
}

/// Step 3 of 'Cambiar perfil de usuario': the chosen profiles replace the selected
/// employees' profiles, with one default. Open sessions on a removed profile end.
#[utoipa::path(post, path = "/api/pri/configuracion/cambiar_perfil_usuario", tag = "employees", request_body = CambioPerfiles,
    responses((status = 200, body = CambioPerfilesResp), (status = 400, body = ErrorBody)))]
async fn change_profiles(
    State(state): State<AppState>,
    Json(mut b): Json<CambioPerfiles>,
) -> AppResult<axum::Json<CambioPerfilesResp>> {
    b.empleados.sort_unstable();
    b.empleados.dedup();
    b.perfiles.sort_unstable();
    b.perfiles.dedup();
    let mut fe = FieldErrors::default();
    fe.check(
        !b.empleados.is_empty(),
        "empleados",
        "perfiles.sin_usuarios",
    );
    fe.check(
        b.empleados.len() <= 15_000,
        "empleados",
        "perfiles.demasiados",
    );
    fe.check(!b.perfiles.is_empty(), "perfiles", "perfiles.sin_perfiles");
    fe.check(
        b.predeterminado.is_some_and(|p| b.perfiles.contains(&p)),
        "predeterminado",
        "perfiles.sin_predeterminado",
    );
    for p in &b.perfiles {
        if state.perms.profile(*p).is_none() {
            fe.add("perfiles", "validacion.perfil");
        }
    }
    fe.into_result()?;
    let default = b.predeterminado.unwrap_or_default();
    let mut tx = state.db.begin().await?;
    let mut ended: Vec<String> = Vec::new();
    let mut n = 0;
    for cve in &b.empleados {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT cve_empleado FROM usuarios WHERE cve_empleado = ?")
                .bind(cve)
                .fetch_optional(&mut *tx)
                .await?;
        if found.is_none() {
            let mut fe = FieldErrors::default();
            fe.add("empleados", "perfiles.usuario_inexistente");
            fe.into_result()?;
        }
        sqlx::query("DELETE FROM usuarios_perfiles WHERE cve_empleado = ?")
            .bind(cve)
            .execute(&mut *tx)
            .await?;
        for p in &b.perfiles {
            sqlx::query(
                "INSERT INTO usuarios_perfiles (cve_empleado, idperfil, predeterminado) VALUES (?, ?, ?)",
            )
            .bind(cve)
            .bind(p)
            .bind(i64::from(*p == default))
            .execute(&mut *tx)
            .await?;
        }
        // A session working with a profile the user no longer has must start again.
        let placeholders = vec!["?"; b.perfiles.len()].join(", ");
        let sql = format!(
            "UPDATE sesiones SET fin = ?, motivo_fin = 'liberada' WHERE cve_empleado = ? AND fin IS NULL
             AND idperfil NOT IN ({placeholders}) RETURNING id"
        );
        let mut q = sqlx::query_scalar::<_, String>(sqlx::AssertSqlSafe(sql))
            .bind(state.now())
            .bind(cve);
        for p in &b.perfiles {
            q = q.bind(p);
        }
        ended.extend(q.fetch_all(&mut *tx).await?);
        n += 1;
    }
    tx.commit().await?;
    session::announce_ended(&state, &ended, "liberada").await;
    Ok(axum::Json(CambioPerfilesResp {
        resp: "Excelente".into(),
        actualizados: n,
    }))
}

#[derive(Deserialize, ToSchema)]
struct AccesoBody {
    /// 1 Activo, 0 Sin Acceso.
    acceso: i64,
}

/// Switches an employee's platform access off (their session ends) or on again.
#[utoipa::path(put, path = "/api/pri/usuarios/{cve_empleado}/acceso", tag = "employees", request_body = AccesoBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_access(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<AccesoBody>,
) -> AppResult<axum::Json<Resp>> {
    let mut fe = FieldErrors::default();
    fe.check(
        b.acceso == 0 || b.acceso == 1,
        "acceso",
        "validacion.bandera",
    );
    fe.check(
        cve != u.cve_empleado,
        "cve_empleado",
        "validacion.baja_propia",
    );
    fe.into_result()?;
    check_scope(&state, u.scope, cve).await?;
    let done =
        sqlx::query("UPDATE usuarios SET acceso = ?, actualizado = ? WHERE cve_empleado = ?")
            .bind(b.acceso)
            .bind(state.now_iso())
            .bind(cve)
            .execute(&state.db.write)
            .await?;
    if done.rows_affected() == 0 {
        return Err(AppError::not_found());
    }
    if b.acceso == 0 {
        session::end_for_employee(&state, cve, "liberada").await?;
    }
    Ok(Resp::ok())
}

/// The stored fields of an employee, to tell whether a bulk-upload row changes anything.
pub async fn stored(conn: &mut SqliteConnection, cve: i64) -> AppResult<Option<EmployeeForm>> {
    Ok(sqlx::query_as(
        "SELECT num_empleado, nombre_empleado, coalesce(curp, '') AS curp, rfc_empleado, correo_empleado, telefono, genero,
                fecha_nacimiento, cve_puesto, n2, n3, n4, n5, n6, n7, cve_planta, cve_pais, cve_estado, cve_tipo_poblacion,
                cve_supervisor, fecha_ingreso, fecha_inicio_puesto, tipo_empleado, id_tarjeta, ocupacion, activo
         FROM empleados WHERE cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await?)
}
