//! Per-program requirement screens (package B): institucional, formacion, especifica and
//! temas_empleados — consulta tables, alta, validar (dry run), baja, edit, history, affected.
//! Paths are written out per program (thin wrappers over the shared functions below); a
//! requirement of another program under a prefix is a 404.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::requirements::{self as db, EventoRequerimiento, Requerimiento, TemaEspecifica};
use super::requirements::{self as req, Duplicado, NuevosRequerimientos, field_error};
use super::types::{Actor, Destino, DestinoTipo, Programa};
use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::table::{self, Bind, Cond, Prelude, TablePage, TableQuery};

/// The requirement routes of every program.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let inst = Rule::Seccion(Programa::Institucional.seccion());
    let form = Rule::Seccion(Programa::Formacion.seccion());
    let esp = Rule::Seccion(Programa::Especifica.seccion());
    let emp = Rule::Seccion(Programa::Empleado.seccion());
    let blq = Rule::Seccion(Programa::Bloque.seccion());
    let pla = Rule::Seccion(Programa::Planta.seccion());
    OpenApiRouter::new()
        .merge(institucional::router(state, inst))
        .merge(formacion::router(state, form))
        .merge(especifica::router(state, esp))
        .merge(empleado::router(state, emp))
        .merge(bloque::router(state, blq))
        .merge(planta::router(state, pla))
        .routes(secured(
            state,
            inst,
            routes!(create_institutional_requirements),
        ))
        .routes(secured(state, esp, routes!(create_specific_requirements)))
        .routes(secured(state, esp, routes!(list_specific_topics)))
        .routes(secured(state, form, routes!(create_formation_requirements)))
        .routes(secured(
            state,
            form,
            routes!(validate_formation_requirements),
        ))
        .routes(secured(
            state,
            form,
            routes!(disable_formation_requirements),
        ))
        .routes(secured(state, emp, routes!(create_employee_requirements)))
}

fn si() -> bool {
    true
}

/// Reads a present `null` as `Some(None)` (clear the value) and an absent key as `None`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Ok(Some(Option::deserialize(d)?))
}

/// Alta by structure nodes (institucional, específica).
#[derive(Deserialize, ToSchema)]
struct EstructurasBody {
    /// Structure nodes (N2-N7): everyone under each.
    #[serde(default)]
    estructuras: Vec<i64>,
    #[serde(default)]
    temas: Vec<i64>,
    #[serde(default = "si")]
    obligatoria: bool,
    #[serde(default)]
    dias_limite: Option<i64>,
}

/// The formation-plan wizard: assignment type, positions or employees, topics.
#[derive(Deserialize, ToSchema)]
struct FormacionBody {
    /// "puestos" or "empleados".
    tipo_asignacion: String,
    #[serde(default)]
    puestos: Vec<i64>,
    #[serde(default)]
    empleados: Vec<i64>,
    #[serde(default)]
    temas: Vec<i64>,
    #[serde(default = "si")]
    obligatoria: bool,
    #[serde(default)]
    dias_limite: Option<i64>,
}

/// Alta of individual requirements.
#[derive(Deserialize, ToSchema)]
struct EmpleadosBody {
    #[serde(default)]
    empleados: Vec<i64>,
    #[serde(default)]
    temas: Vec<i64>,
    #[serde(default = "si")]
    obligatoria: bool,
    #[serde(default)]
    dias_limite: Option<i64>,
}

/// Requirements created by an alta.
#[derive(Serialize, ToSchema)]
struct AltaResp {
    resp: String,
    requerimientos: Vec<i64>,
    /// Distinct active employees the new requirements reach.
    empleados_alcanzados: i64,
}

/// The wizard's dry run.
#[derive(Serialize, ToSchema)]
struct ValidarResp {
    resp: String,
    /// Requirements the alta would create.
    nuevos: usize,
    /// Existing requirements of the same topic and target (the alta would be refused).
    duplicados: Vec<Duplicado>,
    empleados_alcanzados: i64,
}

/// Bulk baja of formation requirements.
#[derive(Deserialize, ToSchema)]
#[schema(as = BajaRequerimientosBody)]
struct BajaBody {
    requerimientos: Vec<i64>,
    #[serde(default)]
    motivo: Option<String>,
}

/// Requirements a baja disabled.
#[derive(Serialize, ToSchema)]
struct BajaResp {
    resp: String,
    deshabilitados: usize,
}

/// Changes to one requirement.
#[derive(Deserialize, ToSchema)]
pub(super) struct CambioBody {
    #[serde(default)]
    habilitado: Option<bool>,
    #[serde(default)]
    obligatoria: Option<bool>,
    /// `null` clears the deadline.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    dias_limite: Option<Option<i64>>,
    #[serde(default)]
    motivo: Option<String>,
}

/// A requirement and its events.
#[derive(Serialize, ToSchema)]
pub(super) struct HistorialResp {
    requerimiento: Requerimiento,
    eventos: Vec<EventoRequerimiento>,
}

/// The `q` of the specific-training topics call.
#[derive(Deserialize, utoipa::IntoParams)]
struct TemasQuery {
    #[serde(default)]
    q: Option<String>,
}

/// Creates a batch in one transaction and answers with the employees it reaches.
async fn create(
    state: &AppState,
    u: &SessionUser,
    n: NuevosRequerimientos,
) -> AppResult<axum::Json<AltaResp>> {
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let ids = req::create_requirements(&mut tx, &Actor::from(u), &n, &now).await?;
    let alcanzados = super::derive::distinct_population(&mut tx, &n.destinos).await?;
    tx.commit().await?;
    Ok(axum::Json(AltaResp {
        resp: "Excelente".into(),
        requerimientos: ids,
        empleados_alcanzados: alcanzados,
    }))
}

fn destinos(tipo: DestinoTipo, ids: &[i64]) -> Vec<Destino> {
    ids.iter().map(|&id| Destino { tipo, id }).collect()
}

fn by_structure(programa: Programa, b: EstructurasBody) -> NuevosRequerimientos {
    NuevosRequerimientos {
        programa,
        destinos: destinos(DestinoTipo::Estructura, &b.estructuras),
        temas: b.temas,
        id_bloque: None,
        obligatoria: b.obligatoria,
        dias_limite: b.dias_limite,
    }
}

/// The wizard's batch; 400 plan.tipo_asignacion / requiere_puesto / requiere_empleado.
fn formation(b: FormacionBody) -> AppResult<NuevosRequerimientos> {
    let destinos = match b.tipo_asignacion.as_str() {
        "puestos" if b.puestos.is_empty() => {
            return Err(field_error("puestos", "plan.requiere_puesto"));
        }
        "puestos" => destinos(DestinoTipo::Puesto, &b.puestos),
        "empleados" if b.empleados.is_empty() => {
            return Err(field_error("empleados", "plan.requiere_empleado"));
        }
        "empleados" => destinos(DestinoTipo::Empleado, &b.empleados),
        _ => return Err(field_error("tipo_asignacion", "plan.tipo_asignacion")),
    };
    Ok(NuevosRequerimientos {
        programa: Programa::Formacion,
        destinos,
        temas: b.temas,
        id_bloque: None,
        obligatoria: b.obligatoria,
        dias_limite: b.dias_limite,
    })
}

/// Institutional training: topics for structure nodes (everyone under each).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/capacitacion_institucional/alta_requerimientos",
    tag = "plans", request_body = EstructurasBody,
    responses((status = 200, body = AltaResp), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_institutional_requirements(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<EstructurasBody>,
) -> AppResult<axum::Json<AltaResp>> {
    create(&state, &u, by_structure(Programa::Institucional, b)).await
}

/// Specific training: topics for structure nodes.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/capacitacion_especifica/alta_requerimientos/por_estructuras",
    tag = "plans", request_body = EstructurasBody,
    responses((status = 200, body = AltaResp), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_specific_requirements(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<EstructurasBody>,
) -> AppResult<axum::Json<AltaResp>> {
    create(&state, &u, by_structure(Programa::Especifica, b)).await
}

/// The active topics the specific-training alta offers (`q` of 3+ characters filters).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/capacitacion_especifica/alta_requerimientos/por_estructuras/temas",
    tag = "plans", params(TemasQuery),
    responses((status = 200, body = Vec<TemaEspecifica>), (status = 400, body = ErrorBody)))]
async fn list_specific_topics(
    State(state): State<AppState>,
    Query(q): Query<TemasQuery>,
) -> AppResult<axum::Json<Vec<TemaEspecifica>>> {
    let filtro =
        q.q.as_deref()
            .map(str::trim)
            .filter(|v| v.chars().count() >= 3);
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(db::active_topics(&mut conn, filtro).await?))
}

/// The formation-plan wizard: topics for positions or employees.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/plan_formacion/alta_requerimientos",
    tag = "plans", request_body = FormacionBody,
    responses((status = 200, body = AltaResp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn create_formation_requirements(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<FormacionBody>,
) -> AppResult<axum::Json<AltaResp>> {
    create(&state, &u, formation(b)?).await
}

/// The wizard's confirm step: checks every rule, lists duplicates and the employees
/// reached, and writes nothing.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/plan_formacion/alta_requerimientos/validar",
    tag = "plans", request_body = FormacionBody,
    responses((status = 200, body = ValidarResp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn validate_formation_requirements(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<FormacionBody>,
) -> AppResult<axum::Json<ValidarResp>> {
    let n = formation(b)?;
    let mut conn = state.db.read.acquire().await?;
    let revision = req::review(&mut conn, &Actor::from(&u), &n).await?;
    let alcanzados = super::derive::distinct_population(&mut conn, &n.destinos).await?;
    Ok(axum::Json(ValidarResp {
        resp: "Excelente".into(),
        nuevos: revision.nuevos(),
        duplicados: revision.duplicados,
        empleados_alcanzados: alcanzados,
    }))
}

/// Baja of formation requirements: disables them all (history and affected kept) or none.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/plan_formacion/baja_requerimientos",
    tag = "plans", request_body = BajaBody,
    responses((status = 200, body = BajaResp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn disable_formation_requirements(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<BajaBody>,
) -> AppResult<axum::Json<BajaResp>> {
    let mut ids = b.requerimientos;
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(field_error("requerimientos", "validacion.campo_requerido"));
    }
    let actor = Actor::from(&u);
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let mut deshabilitados = 0;
    for id in ids {
        let row = req::managed_requirement(&mut tx, &actor, id, Some(Programa::Formacion)).await?;
        if row.habilitado == 1 {
            req::set_enabled(&mut tx, &actor, id, false, b.motivo.as_deref(), &now).await?;
            deshabilitados += 1;
        }
    }
    tx.commit().await?;
    Ok(axum::Json(BajaResp {
        resp: "Excelente".into(),
        deshabilitados,
    }))
}

/// Individual requirements (Supervisor and Rep. Empresa: only their people).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/temas_empleados/alta_requerimientos",
    tag = "plans", request_body = EmpleadosBody,
    responses((status = 200, body = AltaResp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn create_employee_requirements(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<EmpleadosBody>,
) -> AppResult<axum::Json<AltaResp>> {
    let n = NuevosRequerimientos {
        programa: Programa::Empleado,
        destinos: destinos(DestinoTipo::Empleado, &b.empleados),
        temas: b.temas,
        id_bloque: None,
        obligatoria: b.obligatoria,
        dias_limite: b.dias_limite,
    };
    create(&state, &u, n).await
}

/// The `habilitado` view of the consult tables (filtersEXT).
fn habilitado_filter(q: &TableQuery) -> AppResult<Option<i64>> {
    match q.filters_ext.get("habilitado") {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => match v
            .as_i64()
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        {
            Some(h @ (0 | 1)) => Ok(Some(h)),
            _ => Err(field_error("habilitado", "validacion.datos")),
        },
    }
}

/// A program's requirements table, limited to the caller's scope.
pub(super) async fn consult_table(
    state: &AppState,
    u: &SessionUser,
    programa: Programa,
    q: TableQuery,
) -> AppResult<Response> {
    let habilitado = habilitado_filter(&q)?;
    let (prelude, mut conds) = scope_conds(u.scope);
    conds.push(Cond::new(
        "r.programa = ?",
        vec![Bind::Text(programa.as_str().into())],
    ));
    if let Some(h) = habilitado {
        conds.push(Cond::new("r.habilitado = ?", vec![Bind::Int(h)]));
    }
    table::run(state, &db::REQUIREMENTS, q, prelude, conds).await
}

/// Outside `Todos`, only rows whose employee `e` is in scope.
fn scope_conds(scope: Scope) -> (Prelude, Vec<Cond>) {
    crate::employees::db::list::scope_filter(Prelude::default(), scope)
}

/// Applies a change to one requirement and answers with it.
pub(super) async fn change(
    state: &AppState,
    u: &SessionUser,
    programa: Programa,
    id: i64,
    b: CambioBody,
) -> AppResult<axum::Json<Requerimiento>> {
    let actor = Actor::from(u);
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    req::managed_requirement(&mut tx, &actor, id, Some(programa)).await?;
    if b.obligatoria.is_some() || b.dias_limite.is_some() {
        req::update_requirement(&mut tx, &actor, id, b.obligatoria, b.dias_limite, &now).await?;
    }
    if let Some(h) = b.habilitado {
        req::set_enabled(&mut tx, &actor, id, h, b.motivo.as_deref(), &now).await?;
    }
    let row = db::requirement(&mut tx, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    tx.commit().await?;
    Ok(axum::Json(row))
}

/// A requirement with its events.
pub(super) async fn history(
    state: &AppState,
    u: &SessionUser,
    programa: Programa,
    id: i64,
) -> AppResult<axum::Json<HistorialResp>> {
    let mut conn = state.db.read.acquire().await?;
    req::managed_requirement(&mut conn, &Actor::from(u), id, Some(programa)).await?;
    let requerimiento = db::requirement(&mut conn, id)
        .await?
        .ok_or_else(AppError::not_found)?;
    let eventos = db::events(&mut conn, id).await?;
    Ok(axum::Json(HistorialResp {
        requerimiento,
        eventos,
    }))
}

/// The employees a requirement stopped reaching (filtersEXT `{id_evento}` narrows to one event).
pub(super) async fn affected_table(
    state: &AppState,
    u: &SessionUser,
    programa: Programa,
    id: i64,
    q: TableQuery,
) -> AppResult<Response> {
    {
        let mut conn = state.db.read.acquire().await?;
        req::managed_requirement(&mut conn, &Actor::from(u), id, Some(programa)).await?;
    }
    let (prelude, mut conds) = scope_conds(u.scope);
    conds.push(Cond::new("h.id_requerimiento = ?", vec![Bind::Int(id)]));
    match q.filters_ext.get("id_evento") {
        None | Some(serde_json::Value::Null) => {}
        Some(v) => {
            let ev = v
                .as_i64()
                .ok_or_else(|| field_error("id_evento", "validacion.datos"))?;
            conds.push(Cond::new("h.id_evento = ?", vec![Bind::Int(ev)]));
        }
    }
    table::run(state, &db::AFFECTED, q, prelude, conds).await
}

/// The consult table, edit, history and affected routes of one program: the paths are
/// written out (the API contract lists each), the bodies are the shared functions above.
macro_rules! program_routes {
    ($m:ident, $prog:expr, $tabla:tt, $uno:tt, $hist:tt, $afect:tt,
     $f_tabla:ident, $f_put:ident, $f_hist:ident, $f_afect:ident) => {
        mod $m {
            use super::*;

            pub(super) fn router(state: &AppState, rule: Rule) -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(secured(state, rule, routes!($f_tabla)))
                    .routes(secured(state, rule, routes!($f_put)))
                    .routes(secured(state, rule, routes!($f_hist)))
                    .routes(secured(state, rule, routes!($f_afect)))
            }

            /// The program's requirements (filtersEXT `{habilitado?: 1|0}`).
            #[utoipa::path(post, path = $tabla, tag = "plans", request_body = TableQuery,
                responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
            pub(super) async fn $f_tabla(
                State(state): State<AppState>,
                CurrentUser(u): CurrentUser,
                Json(q): Json<TableQuery>,
            ) -> AppResult<Response> {
                consult_table(&state, &u, $prog, q).await
            }

            /// Enables, disables (with a reason) or edits a requirement of the program.
            #[utoipa::path(put, path = $uno, tag = "plans", request_body = CambioBody,
                params(("id_requerimiento" = i64, Path)),
                responses((status = 200, body = Requerimiento), (status = 400, body = ErrorBody),
                    (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
            pub(super) async fn $f_put(
                State(state): State<AppState>,
                CurrentUser(u): CurrentUser,
                Path(id): Path<i64>,
                Json(b): Json<CambioBody>,
            ) -> AppResult<axum::Json<Requerimiento>> {
                change(&state, &u, $prog, id, b).await
            }

            /// A requirement of the program and its events.
            #[utoipa::path(get, path = $hist, tag = "plans",
                params(("id_requerimiento" = i64, Path)),
                responses((status = 200, body = HistorialResp), (status = 403, body = ErrorBody),
                    (status = 404, body = ErrorBody)))]
            pub(super) async fn $f_hist(
                State(state): State<AppState>,
                CurrentUser(u): CurrentUser,
                Path(id): Path<i64>,
            ) -> AppResult<axum::Json<HistorialResp>> {
                history(&state, &u, $prog, id).await
            }

            /// The employees a requirement of the program stopped reaching.
            #[utoipa::path(post, path = $afect, tag = "plans", request_body = TableQuery,
                params(("id_requerimiento" = i64, Path)),
                responses((status = 200, body = TablePage), (status = 400, body = ErrorBody),
                    (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
            pub(super) async fn $f_afect(
                State(state): State<AppState>,
                CurrentUser(u): CurrentUser,
                Path(id): Path<i64>,
                Json(q): Json<TableQuery>,
            ) -> AppResult<Response> {
                affected_table(&state, &u, $prog, id, q).await
            }
        }
    };
}

program_routes!(
    institucional,
    Programa::Institucional,
    "/api/pri/plan_capacitacion/capacitacion_institucional/consulta_requerimientos/tabla",
    "/api/pri/plan_capacitacion/capacitacion_institucional/requerimientos/{id_requerimiento}",
    "/api/pri/plan_capacitacion/capacitacion_institucional/requerimientos/{id_requerimiento}/historial",
    "/api/pri/plan_capacitacion/capacitacion_institucional/requerimientos/{id_requerimiento}/afectados/tabla",
    table_institutional_requirements,
    update_institutional_requirement,
    get_institutional_requirement_history,
    table_institutional_affected
);
program_routes!(
    formacion,
    Programa::Formacion,
    "/api/pri/plan_capacitacion/plan_formacion/consulta_requerimientos/tabla",
    "/api/pri/plan_capacitacion/plan_formacion/requerimientos/{id_requerimiento}",
    "/api/pri/plan_capacitacion/plan_formacion/requerimientos/{id_requerimiento}/historial",
    "/api/pri/plan_capacitacion/plan_formacion/requerimientos/{id_requerimiento}/afectados/tabla",
    table_formation_requirements,
    update_formation_requirement,
    get_formation_requirement_history,
    table_formation_affected
);
program_routes!(
    especifica,
    Programa::Especifica,
    "/api/pri/plan_capacitacion/capacitacion_especifica/consulta_requerimientos/tabla",
    "/api/pri/plan_capacitacion/capacitacion_especifica/requerimientos/{id_requerimiento}",
    "/api/pri/plan_capacitacion/capacitacion_especifica/requerimientos/{id_requerimiento}/historial",
    "/api/pri/plan_capacitacion/capacitacion_especifica/requerimientos/{id_requerimiento}/afectados/tabla",
    table_specific_requirements,
    update_specific_requirement,
    get_specific_requirement_history,
    table_specific_affected
);
program_routes!(
    empleado,
    Programa::Empleado,
    "/api/pri/plan_capacitacion/temas_empleados/consulta_requerimientos/tabla",
    "/api/pri/plan_capacitacion/temas_empleados/requerimientos/{id_requerimiento}",
    "/api/pri/plan_capacitacion/temas_empleados/requerimientos/{id_requerimiento}/historial",
    "/api/pri/plan_capacitacion/temas_empleados/requerimientos/{id_requerimiento}/afectados/tabla",
    table_employee_requirements,
    update_employee_requirement,
    get_employee_requirement_history,
    table_employee_affected
);
program_routes!(
    bloque,
    Programa::Bloque,
    "/api/pri/catalogos/asignacion_bloques/tabla",
    "/api/pri/catalogos/asignacion_bloques/requerimientos/{id_requerimiento}",
    "/api/pri/catalogos/asignacion_bloques/requerimientos/{id_requerimiento}/historial",
    "/api/pri/catalogos/asignacion_bloques/requerimientos/{id_requerimiento}/afectados/tabla",
    table_block_requirements,
    update_block_requirement,
    get_block_requirement_history,
    table_block_affected
);
program_routes!(
    planta,
    Programa::Planta,
    "/api/pri/plan_capacitacion/plantas_temas/tabla",
    "/api/pri/plan_capacitacion/plantas_temas/requerimientos/{id_requerimiento}",
    "/api/pri/plan_capacitacion/plantas_temas/requerimientos/{id_requerimiento}/historial",
    "/api/pri/plan_capacitacion/plantas_temas/requerimientos/{id_requerimiento}/afectados/tabla",
    table_plant_requirements,
    update_plant_requirement,
    get_plant_requirement_history,
    table_plant_affected
);
