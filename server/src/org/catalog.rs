//! Catalogue maintenance of the org structure: levels N2–N7, plants, population types
//! and positions (`estructura_puestos`, with 'crear puesto').

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Filter, Kind, Prelude, TableDef, TablePage, TableQuery};
use crate::validate::is_alphanumeric_text;

const SECCION: &str = "catalogos.estructura_puestos";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Seccion(SECCION), routes!(create_node)))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(update_node)))
        .routes(secured(state, Rule::Seccion(SECCION), routes!(table_nodes)))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(table_positions),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(create_position),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(update_position),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(table_plants),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(create_plant),
        ))
        .routes(secured(state, Rule::Sesion, routes!(list_population_types)))
        .routes(secured(state, Rule::Sesion, routes!(list_countries)))
        .routes(secured(state, Rule::Sesion, routes!(node_options)))
        .routes(secured(state, Rule::Sesion, routes!(plant_options)))
}

const ACTIVO: &[(&str, &str)] = &[("1", "SI"), ("0", "NO")];
const NIVELES: &[(&str, &str)] = &[
    ("2", "N2 Segmento"),
    ("3", "N3 Tipo de cliente"),
    ("4", "N4 Empresa"),
    ("5", "N5"),
    ("6", "N6"),
    ("7", "N7"),
];

static NODES: TableDef = TableDef {
    name: "estructura",
    from: "estructura s LEFT JOIN estructura p ON p.cve_estructura = s.cve_padre",
    count_from: None,
    columns: &[
        Column {
            nomfield: "cve_estructura",
            title: "Clave",
            expr: "s.cve_estructura",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "nivel",
            title: "Nivel",
            expr: "s.nivel",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "s.nivel",
                options: NIVELES,
            },
            sortable: true,
        },
        Column {
            nomfield: "nombre",
            title: "Nombre",
            expr: "s.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "s.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "padre",
            title: "Pertenece a",
            expr: "p.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "p.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "cve_padre",
            title: "Clave del nivel superior",
            expr: "s.cve_padre",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "s.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "s.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
    ],
    date_expr: None,
    default_order: "s.nivel, s.nombre, s.cve_estructura",
    key: "s.cve_estructura",
};

/// The structure nodes (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/estructura/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_nodes(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &NODES, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewNode {
    /// 2 to 7.
    nivel: i64,
    nombre: String,
    /// The node of the level above (none for N2).
    #[serde(default)]
    cve_padre: Option<i64>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct Node {
    cve_estructura: i64,
    nivel: i64,
    nombre: String,
    cve_padre: Option<i64>,
    activo: i64,
}

async fn node(state: &AppState, id: i64) -> AppResult<Node> {
    sqlx::query_as("SELECT cve_estructura, nivel, nombre, cve_padre, activo FROM estructura WHERE cve_estructura = ?")
        .bind(id)
        .fetch_optional(&state.db.read)
        .await?
        .ok_or_else(AppError::not_found)
}

fn check_name(fe: &mut FieldErrors, field: &str, name: &str) {
    fe.check(!name.trim().is_empty(), field, "validacion.campo_requerido");
    fe.check(
        name.trim().is_empty() || is_alphanumeric_text(name),
        field,
        "validacion.alfanumerico",
    );
    fe.check(name.chars().count() <= 120, field, "validacion.texto_largo");
}

/// Adds a node to the structure under the node of the level above.
#[utoipa::path(post, path = "/api/pri/catalogos/estructura", tag = "org", request_body = NewNode,
    responses((status = 200, body = Node), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_node(
    State(state): State<AppState>,
    Json(b): Json<NewNode>,
) -> AppResult<axum::Json<Node>> {
    let mut fe = FieldErrors::default();
    fe.check((2..=7).contains(&b.nivel), "nivel", "validacion.estructura");
    check_name(&mut fe, "nombre", &b.nombre);
    fe.check(
        (b.nivel == 2) == b.cve_padre.is_none(),
        "cve_padre",
        "validacion.estructura",
    );
    fe.into_result()?;
    if let Some(p) = b.cve_padre {
        let parent = node(&state, p)
            .await
            .map_err(|_| AppError::bad_request("validacion.estructura"))?;
        if parent.nivel != b.nivel - 1 {
            return Err(AppError::bad_request("validacion.estructura"));
        }
    }
    let mut tx = state.db.begin().await?;
    let dup: Option<i64> = sqlx::query_scalar(
        "SELECT cve_estructura FROM estructura WHERE ifnull(cve_padre, 0) = ? AND nivel = ? AND nombre = ?",
    )
    .bind(b.cve_padre.unwrap_or(0))
    .bind(b.nivel)
    .bind(b.nombre.trim())
    .fetch_optional(&mut *tx)
    .await?;
    if dup.is_some() {
        return Err(AppError::conflict("duplicado.estructura"));
    }
    let id: i64 = sqlx::query_scalar("INSERT INTO estructura (nivel, nombre, cve_padre) VALUES (?, ?, ?) RETURNING cve_estructura")
        .bind(b.nivel)
        .bind(b.nombre.trim())
        .bind(b.cve_padre)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(axum::Json(node(&state, id).await?))
}

#[derive(Deserialize, ToSchema)]
struct NodeUpdate {
    nombre: String,
    activo: i64,
}

/// Renames or (de)activates a structure node.
#[utoipa::path(put, path = "/api/pri/catalogos/estructura/{cve_estructura}", tag = "org", request_body = NodeUpdate,
    params(("cve_estructura" = i64, Path)),
    responses((status = 200, body = Node), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_node(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<NodeUpdate>,
) -> AppResult<axum::Json<Node>> {
    let current = node(&state, id).await?;
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "nombre", &b.nombre);
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    let dup: Option<i64> = sqlx::query_scalar(
        "SELECT cve_estructura FROM estructura WHERE ifnull(cve_padre, 0) = ? AND nivel = ? AND nombre = ? AND cve_estructura <> ?",
    )
    .bind(current.cve_padre.unwrap_or(0))
    .bind(current.nivel)
    .bind(b.nombre.trim())
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    if dup.is_some() {
        return Err(AppError::conflict("duplicado.estructura"));
    }
    sqlx::query("UPDATE estructura SET nombre = ?, activo = ? WHERE cve_estructura = ?")
        .bind(b.nombre.trim())
        .bind(b.activo)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(axum::Json(node(&state, id).await?))
}

static POSITIONS: TableDef = TableDef {
    name: "puestos",
    from: "puestos p JOIN estructura s ON s.cve_estructura = p.cve_estructura",
    count_from: None,
    columns: &[
        Column {
            nomfield: "cve_puesto",
            title: "Clave",
            expr: "p.cve_puesto",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "puesto",
            title: "Puesto",
            expr: "p.puesto",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "p.puesto",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "estructura",
            title: "Estructura",
            expr: "s.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "s.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "nivel",
            title: "Nivel",
            expr: "s.nivel",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "s.nivel",
                options: NIVELES,
            },
            sortable: true,
        },
        Column {
            nomfield: "descripcion",
            title: "Descripción",
            expr: "p.descripcion",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "empleados",
            title: "Empleados",
            expr: "(SELECT COUNT(*) FROM empleados e WHERE e.cve_puesto = p.cve_puesto)",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "p.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "p.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
    ],
    date_expr: None,
    default_order: "p.puesto, p.cve_puesto",
    key: "p.cve_puesto",
};

/// Positions by structure (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/estructura_puestos", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_positions(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &POSITIONS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewPosition {
    puesto: String,
    cve_estructura: i64,
    #[serde(default)]
    descripcion: Option<String>,
}

#[derive(Deserialize, ToSchema)]
struct PositionUpdate {
    puesto: String,
    #[serde(default)]
    descripcion: Option<String>,
    activo: i64,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct Position {
    cve_puesto: i64,
    puesto: String,
    cve_estructura: i64,
    descripcion: Option<String>,
    activo: i64,
}

async fn position(state: &AppState, id: i64) -> AppResult<Position> {
    sqlx::query_as("SELECT cve_puesto, puesto, cve_estructura, descripcion, activo FROM puestos WHERE cve_puesto = ?")
        .bind(id)
        .fetch_optional(&state.db.read)
        .await?
        .ok_or_else(AppError::not_found)
}

async fn position_name_taken(
    tx: &mut crate::db::Tx,
    estructura: i64,
    name: &str,
    except: i64,
) -> AppResult<bool> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT cve_puesto FROM puestos WHERE cve_estructura = ? AND puesto = ? AND cve_puesto <> ?",
    )
    .bind(estructura)
    .bind(name)
    .bind(except)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(found.is_some())
}

/// 'Crear puesto': adds a position to a structure node (name unique per structure).
#[utoipa::path(post, path = "/api/pri/catalogos/estructura_puestos/crear", tag = "org", request_body = NewPosition,
    responses((status = 200, body = Position), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_position(
    State(state): State<AppState>,
    Json(b): Json<NewPosition>,
) -> AppResult<axum::Json<Position>> {
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "puesto", &b.puesto);
    fe.check(
        b.descripcion
            .as_deref()
            .is_none_or(|d| d.chars().count() <= 500),
        "descripcion",
        "validacion.texto_largo",
    );
    fe.into_result()?;
    node(&state, b.cve_estructura)
        .await
        .map_err(|_| AppError::bad_request("validacion.estructura"))?;
    let mut tx = state.db.begin().await?;
    if position_name_taken(&mut tx, b.cve_estructura, b.puesto.trim(), 0).await? {
        return Err(AppError::conflict("duplicado.puesto"));
    }
    let id: i64 = sqlx::query_scalar("INSERT INTO puestos (puesto, cve_estructura, descripcion) VALUES (?, ?, ?) RETURNING cve_puesto")
        .bind(b.puesto.trim())
        .bind(b.cve_estructura)
        .bind(b.descripcion.as_deref().map(str::trim).filter(|d| !d.is_empty()))
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(axum::Json(position(&state, id).await?))
}

/// Renames, describes or (de)activates a position.
#[utoipa::path(put, path = "/api/pri/catalogos/estructura_puestos/{cve_puesto}", tag = "org", request_body = PositionUpdate,
    params(("cve_puesto" = i64, Path)),
    responses((status = 200, body = Position), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_position(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<PositionUpdate>,
) -> AppResult<axum::Json<Position>> {
    let current = position(&state, id).await?;
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "puesto", &b.puesto);
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    if position_name_taken(&mut tx, current.cve_estructura, b.puesto.trim(), id).await? {
        return Err(AppError::conflict("duplicado.puesto"));
    }
    sqlx::query("UPDATE puestos SET puesto = ?, descripcion = ?, activo = ? WHERE cve_puesto = ?")
        .bind(b.puesto.trim())
        .bind(
            b.descripcion
                .as_deref()
                .map(str::trim)
                .filter(|d| !d.is_empty()),
        )
        .bind(b.activo)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(axum::Json(position(&state, id).await?))
}

static PLANTS: TableDef = TableDef {
    name: "plantas",
    from: "plantas pl LEFT JOIN estructura s ON s.cve_estructura = pl.cve_n4 LEFT JOIN estados es ON es.cve_estado = pl.cve_estado",
    count_from: None,
    columns: &[
        Column {
            nomfield: "cve_planta",
            title: "Clave",
            expr: "pl.cve_planta",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "nombre",
            title: "Planta",
            expr: "pl.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "pl.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "empresa",
            title: "Empresa",
            expr: "s.nombre",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "s.nombre",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "estado",
            title: "Estado",
            expr: "es.estado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "es.estado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "ciudad",
            title: "Ciudad",
            expr: "pl.ciudad",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "pl.ciudad",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "pl.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "pl.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
    ],
    date_expr: None,
    default_order: "pl.nombre, pl.cve_planta",
    key: "pl.cve_planta",
};

/// Plants (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/plantas/tabla", tag = "org", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_plants(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &PLANTS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct NewPlant {
    nombre: String,
    /// The company (N4) the plant belongs to.
    cve_n4: i64,
    cve_estado: i64,
    #[serde(default)]
    ciudad: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct PlantCreated {
    resp: String,
    cve_planta: i64,
}

/// Adds a plant to a company (name unique per company).
#[utoipa::path(post, path = "/api/pri/catalogos/plantas", tag = "org", request_body = NewPlant,
    responses((status = 200, body = PlantCreated), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_plant(
    State(state): State<AppState>,
    Json(b): Json<NewPlant>,
) -> AppResult<axum::Json<PlantCreated>> {
    let mut fe = FieldErrors::default();
    check_name(&mut fe, "nombre", &b.nombre);
    fe.into_result()?;
    let company = node(&state, b.cve_n4)
        .await
        .map_err(|_| AppError::bad_request("validacion.estructura"))?;
    if company.nivel != 4 {
        return Err(AppError::bad_request("validacion.estructura"));
    }
    let estado: Option<i64> =
        sqlx::query_scalar("SELECT cve_estado FROM estados WHERE cve_estado = ?")
            .bind(b.cve_estado)
            .fetch_optional(&state.db.read)
            .await?;
    if estado.is_none() {
        return Err(AppError::bad_request("validacion.estado"));
    }
    let mut tx = state.db.begin().await?;
    let dup: Option<i64> =
        sqlx::query_scalar("SELECT cve_planta FROM plantas WHERE cve_n4 = ? AND nombre = ?")
            .bind(b.cve_n4)
            .bind(b.nombre.trim())
            .fetch_optional(&mut *tx)
            .await?;
    if dup.is_some() {
        return Err(AppError::conflict("duplicado.planta"));
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO plantas (nombre, cve_n4, cve_pais, cve_estado, ciudad) VALUES (?, ?, 1, ?, ?) RETURNING cve_planta",
    )
    .bind(b.nombre.trim())
    .bind(b.cve_n4)
    .bind(b.cve_estado)
    .bind(b.ciudad.as_deref().map(str::trim).filter(|c| !c.is_empty()))
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(axum::Json(PlantCreated {
        resp: "Excelente".into(),
        cve_planta: id,
    }))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct PopulationType {
    cve_tipo_poblacion: i64,
    nombre: String,
}

/// Population types.
#[utoipa::path(get, path = "/api/pri/catalogos/tipos_poblacion", tag = "org", responses((status = 200, body = Vec<PopulationType>)))]
async fn list_population_types(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<PopulationType>>> {
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT cve_tipo_poblacion, nombre FROM tipos_poblacion ORDER BY cve_tipo_poblacion",
        )
        .fetch_all(&state.db.read)
        .await?,
    ))
}

#[derive(Deserialize, utoipa::IntoParams)]
struct NodeOptionsQuery {
    /// 2 to 7.
    nivel: i64,
    /// The parent node (required from N3 on).
    #[serde(default)]
    padre: Option<i64>,
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct Opcion {
    pub value: i64,
    pub label: String,
}

/// Active structure nodes of a level under a parent, for the cascading selects.
#[utoipa::path(get, path = "/api/pri/catalogos/estructura/opciones", tag = "org", params(NodeOptionsQuery),
    responses((status = 200, body = Vec<Opcion>), (status = 400, body = ErrorBody)))]
async fn node_options(
    State(state): State<AppState>,
    crate::extract::Query(q): crate::extract::Query<NodeOptionsQuery>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    if !(2..=7).contains(&q.nivel) || (q.nivel > 2 && q.padre.is_none()) {
        return Err(AppError::bad_request("validacion.estructura"));
    }
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT cve_estructura AS value, nombre AS label FROM estructura
             WHERE nivel = ? AND ifnull(cve_padre, 0) = ? AND activo = 1 ORDER BY nombre",
        )
        .bind(q.nivel)
        .bind(q.padre.unwrap_or(0))
        .fetch_all(&state.db.read)
        .await?,
    ))
}

#[derive(Deserialize, utoipa::IntoParams)]
struct PlantOptionsQuery {
    /// Only the plants of this company.
    #[serde(default)]
    cve_n4: Option<i64>,
}

/// Active plants (of a company, when given).
#[utoipa::path(get, path = "/api/pri/catalogos/plantas/opciones", tag = "org", params(PlantOptionsQuery),
    responses((status = 200, body = Vec<Opcion>)))]
async fn plant_options(
    State(state): State<AppState>,
    crate::extract::Query(q): crate::extract::Query<PlantOptionsQuery>,
) -> AppResult<axum::Json<Vec<Opcion>>> {
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT cve_planta AS value, nombre AS label FROM plantas
             WHERE activo = 1 AND (? IS NULL OR cve_n4 = ?) ORDER BY nombre",
        )
        .bind(q.cve_n4)
        .bind(q.cve_n4)
        .fetch_all(&state.db.read)
        .await?,
    ))
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct Pais {
    cve_pais: i64,
    pais: String,
    /// ISO 3166-1 alpha-2.
    codigo: String,
}

/// Countries.
#[utoipa::path(get, path = "/api/pri/catalogos/paises", tag = "org", responses((status = 200, body = Vec<Pais>)))]
async fn list_countries(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Pais>>> {
    Ok(axum::Json(
        sqlx::query_as("SELECT cve_pais, pais, codigo FROM paises ORDER BY cve_pais")
            .fetch_all(&state.db.read)
            .await?,
    ))
}
