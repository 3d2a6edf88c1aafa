//! Block assignment (`asignacion_bloques`, package B): assigning a course block to positions
//! or employees puts every topic of the block in their plan; seats; history by blocks.
//! The block's consult table, edit, history and affected routes are the program routes of
//! `requirement_routes` (program `bloque`).

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::HOY_CTE;
use super::db::requirements as db;
use super::requirements::{self as req, NuevosRequerimientos, field_error};
use super::types::{Actor, Destino, DestinoTipo, Programa};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Bind, Prelude, TablePage, TableQuery};

/// The block-assignment routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let rule = Rule::Seccion(Programa::Bloque.seccion());
    OpenApiRouter::new()
        .routes(secured(state, rule, routes!(assign_block_route)))
        .routes(secured(state, rule, routes!(get_block_seats)))
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_BLOQUES),
            routes!(table_blocks_history),
        ))
}

/// A block's seats: (capacity, free seats; None = unlimited), 404 without the block.
async fn seats(conn: &mut SqliteConnection, id_bloque: i64) -> AppResult<(i64, i64, Option<i64>)> {
    let (capacidad, _) = crate::blocks::db::block_capacity(&mut *conn, id_bloque)
        .await?
        .ok_or_else(AppError::not_found)?;
    let asistentes = super::derive::block_assignees(&mut *conn, id_bloque).await?;
    let libres = (capacidad > 0).then(|| (capacidad - asistentes).max(0));
    Ok((capacidad, asistentes, libres))
}

/// Block assignment (409 bloque.sin_temas; 422 plan.sin_lugares when capacity > 0 and the list is not
/// smaller than the free seats).
pub async fn assign_block(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id_bloque: i64,
    destinos: Vec<Destino>,
    obligatoria: bool,
    dias_limite: Option<i64>,
    now: &str,
) -> AppResult<Vec<i64>> {
    let (_, _, libres) = seats(&mut *conn, id_bloque).await?;
    if crate::blocks::db::block_topics(&mut *conn, id_bloque)
        .await?
        .is_empty()
    {
        return Err(AppError::conflict("bloque.sin_temas"));
    }
    let n = NuevosRequerimientos {
        programa: Programa::Bloque,
        destinos,
        temas: Vec::new(),
        id_bloque: Some(id_bloque),
        obligatoria,
        dias_limite,
    };
    // Every other rule first, so a bad list is told what is wrong before the seats.
    req::review(&mut *conn, actor, &n).await?;
    if let Some(libres) = libres {
        // People the list would add: reached by the block's assignments plus the list,
        // minus those it already reaches.
        let mut todos: Vec<Destino> = db::block_destinos(&mut *conn, id_bloque)
            .await?
            .into_iter()
            .filter_map(|(tipo, id)| DestinoTipo::parse(&tipo).map(|tipo| Destino { tipo, id }))
            .collect();
        let ya = super::derive::distinct_population(&mut *conn, &todos).await?;
        todos.extend(n.destinos.iter().copied());
        let nuevos = super::derive::distinct_population(&mut *conn, &todos).await? - ya;
        if nuevos >= libres {
            return Err(
                AppError::unprocessable("plan.sin_lugares").arg("libres", libres.to_string())
            );
        }
    }
    req::create_requirements(&mut *conn, actor, &n, now).await
}

fn si() -> bool {
    true
}

/// Assigning a block to positions or employees.
#[derive(Deserialize, ToSchema)]
struct AsignacionBody {
    /// "puestos" or "empleados".
    tipo_asignacion: String,
    #[serde(default)]
    puestos: Vec<i64>,
    #[serde(default)]
    empleados: Vec<i64>,
    #[serde(default = "si")]
    obligatoria: bool,
    #[serde(default)]
    dias_limite: Option<i64>,
}

/// The requirements an assignment created.
#[derive(Serialize, ToSchema)]
struct AsignacionResp {
    resp: String,
    requerimientos: Vec<i64>,
    /// Distinct active employees the list reaches.
    empleados_alcanzados: i64,
    /// Free seats after the assignment (null = unlimited).
    lugares_libres: Option<i64>,
}

/// A block's seats.
#[derive(Serialize, ToSchema)]
struct CupoResp {
    /// 0 = unlimited.
    capacidad_asistencia: i64,
    /// Distinct active employees the block's enabled assignments reach.
    total_asistentes: i64,
    /// null = unlimited.
    libres: Option<i64>,
}

/// Assigns a block to positions or employees: every topic of the block enters their plan.
#[utoipa::path(post, path = "/api/pri/catalogos/asignacion_bloques/{id_bloque}/asignar", tag = "plans",
    request_body = AsignacionBody, params(("id_bloque" = i64, Path)),
    responses((status = 200, body = AsignacionResp), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn assign_block_route(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<AsignacionBody>,
) -> AppResult<axum::Json<AsignacionResp>> {
    let destinos: Vec<Destino> = match b.tipo_asignacion.as_str() {
        "puestos" if b.puestos.is_empty() => {
            return Err(field_error("puestos", "plan.requiere_puesto"));
        }
        "puestos" => b
            .puestos
            .iter()
            .map(|&id| Destino {
                tipo: DestinoTipo::Puesto,
                id,
            })
            .collect(),
        "empleados" if b.empleados.is_empty() => {
            return Err(field_error("empleados", "plan.requiere_empleado"));
        }
        "empleados" => b
            .empleados
            .iter()
            .map(|&id| Destino {
                tipo: DestinoTipo::Empleado,
                id,
            })
            .collect(),
        _ => return Err(field_error("tipo_asignacion", "plan.tipo_asignacion")),
    };
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let ids = assign_block(
        &mut tx,
        &Actor::from(&u),
        id,
        destinos.clone(),
        b.obligatoria,
        b.dias_limite,
        &now,
    )
    .await?;
    let alcanzados = super::derive::distinct_population(&mut tx, &destinos).await?;
    let (_, _, libres) = seats(&mut tx, id).await?;
    tx.commit().await?;
    Ok(axum::Json(AsignacionResp {
        resp: "Excelente".into(),
        requerimientos: ids,
        empleados_alcanzados: alcanzados,
        lugares_libres: libres,
    }))
}

/// A block's capacity, people assigned and free seats.
#[utoipa::path(get, path = "/api/pri/catalogos/asignacion_bloques/{id_bloque}/cupo", tag = "plans",
    params(("id_bloque" = i64, Path)),
    responses((status = 200, body = CupoResp), (status = 404, body = ErrorBody)))]
async fn get_block_seats(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<CupoResp>> {
    let mut conn = state.db.read.acquire().await?;
    let (capacidad, asistentes, libres) = seats(&mut conn, id).await?;
    Ok(axum::Json(CupoResp {
        capacidad_asistencia: capacidad,
        total_asistentes: asistentes,
        libres,
    }))
}

/// Training by blocks: each employee's progress in each block assigned to them (scope).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/historial_capacitacion_bloques/tabla", tag = "plans",
    request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_blocks_history(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let hoy = super::today(&state).format("%Y-%m-%d").to_string();
    let prelude = Prelude::default().with(HOY_CTE, vec![Bind::Text(hoy)]);
    let (prelude, conds) = crate::employees::db::list::scope_filter(prelude, u.scope);
    table::run(&state, &db::BLOCKS_HISTORY, q, prelude, conds).await
}
