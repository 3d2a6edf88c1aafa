//! Creating and editing an employee: the handlers of the form and the domain functions
//! that write an employee, shared with the bulk upload and the demo loader.

use axum::extract::State;
use serde::Serialize;
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::form::{EmployeeForm, check_references, check_unique};
use super::{accounts, check_write_scope, db, ensure_exists};
use crate::auth::identity::{self, Aftermath, Identifiers};
use crate::auth::password;
use crate::auth::perms::{CurrentUser, Rule, Scope, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::mail::{Mail, html_escape};
use crate::state::AppState;

const EDITAR: &str = "catalogos.empleados.editar";

/// The routes that create and edit employees.
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
}

/// Writes an employee (insert when `own` is None) and, with `replace_plants`, its extra
/// plants; answers its key. The caller has run the form's checks.
pub async fn save(
    conn: &mut SqliteConnection,
    own: Option<i64>,
    f: &EmployeeForm,
    now: &str,
    replace_plants: bool,
) -> AppResult<i64> {
    // The training plan follows where the employee sits: what reached them before the change.
    let before = match own {
        None => crate::plans::PlanSnapshot::default(),
        Some(cve) => crate::plans::snapshot(&mut *conn, cve).await?,
    };
    let cve = match own {
        None => db::employee::insert(&mut *conn, f, now).await?,
        Some(cve) => db::employee::update(&mut *conn, cve, f, now)
            .await?
            .ok_or_else(AppError::not_found)?,
    };
    if replace_plants {
        db::employee::replace_extra_plants(&mut *conn, cve, &f.plantas).await?;
    }
    crate::plans::employee_changed(&mut *conn, cve, before, now).await?;
    Ok(cve)
}

/// The stored fields of an employee, to tell whether a bulk-upload row changes anything.
pub async fn stored(conn: &mut SqliteConnection, cve: i64) -> AppResult<Option<EmployeeForm>> {
    Ok(db::employee::stored(conn, cve).await?)
}

#[derive(Serialize, ToSchema)]
struct Created {
    resp: String,
    cve_empleado: i64,
}

/// The company's today, for the form's date checks.
pub(crate) fn today(state: &AppState) -> chrono::NaiveDate {
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
    let temp = accounts::temporary_password();
    let hash = password::hash(&state, &temp).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    check_references(&mut tx, &f, None).await?;
    check_unique(&mut tx, &f, None).await?;
    let cve = save(&mut tx, None, &f, &now, true).await?;
    accounts::create_login(&mut tx, cve, Some(&hash), &now).await?;
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
                html_escape(&f.nombre_empleado),
                html_escape(correo),
                html_escape(&f.curp),
                html_escape(&temp),
                html_escape(&url),
                html_escape(&url)
            ),
        });
    }
    tracing::info!(cve_empleado = cve, by = u.cve_empleado, "employee created");
    Ok(axum::Json(Created {
        resp: "Excelente".into(),
        cve_empleado: cve,
    }))
}

/// The login identifiers a form carries.
pub fn identifiers_of(f: &EmployeeForm) -> Identifiers {
    Identifiers::new(
        f.correo_empleado.as_deref(),
        Some(f.curp.as_str()),
        f.rfc_empleado.as_deref(),
    )
}

/// Edits every field of an employee in the caller's scope. Changing the e-mail, CURP or
/// RFC needs every permission the employee's profiles hold, and voids their credentials.
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
    // A Supervisor's reach is their team: their own HR record is edited by those who
    // administer every employee (their own data goes through `usuarios/actualizar-perfil`).
    if cve == u.cve_empleado && !matches!(u.scope, Scope::Todos) {
        return Err(AppError::forbidden("auth.registro_propio"));
    }
    f.normalize();
    f.check(today(&state)).into_result()?;
    check_write_scope(&state, &u, Some(cve), None).await?;
    if !matches!(u.scope, Scope::Todos) {
        check_write_scope(&state, &u, None, Some(&f)).await?;
    }
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let before = stored(&mut tx, cve)
        .await?
        .ok_or_else(AppError::not_found)?;
    let (old_ids, new_ids) = (identifiers_of(&before), identifiers_of(&f));
    let changed = new_ids.first_change(&old_ids).is_some();
    if changed {
        identity::check_may_change(&mut tx, &[u.idperfil], cve).await?;
    }
    check_references(&mut tx, &f, Some(cve)).await?;
    check_unique(&mut tx, &f, Some(cve)).await?;
    save(&mut tx, Some(cve), &f, &now, true).await?;
    let aftermath = if changed {
        Some(Aftermath {
            sessions: identity::void_account(&mut tx, cve, state.now(), &now).await?,
            nombre: f.nombre_empleado.clone(),
            before: old_ids,
            after: new_ids,
        })
    } else {
        None
    };
    tx.commit().await?;
    if let Some(a) = aftermath {
        tracing::info!(
            cve_empleado = cve,
            by = u.cve_empleado,
            "login identifiers changed"
        );
        identity::announce(&state, a).await;
    }
    Ok(axum::Json(Created {
        resp: "Excelente".into(),
        cve_empleado: cve,
    }))
}
