//! Employees: the list (table engine), detail and favourites.

pub mod db;
pub mod manage;
pub mod registration;

use axum::extract::State;
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::check_scope;
use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, secured};
use crate::auth::user::PerfilUsuario;
use crate::http::Resp;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{
    self, Bind, Column, Cond, Filter, Kind, Prelude, TableDef, TablePage, TableQuery,
};

const SECCION: &str = "catalogos.empleados";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(list_employees),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(get_employee),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION),
            routes!(add_favourite, remove_favourite),
        ))
        .merge(registration::router(state))
        .merge(manage::router(state))
}

const ACTIVO: &[(&str, &str)] = &[("1", "SI"), ("0", "NO")];

/// Columns of the employees table.
pub static EMPLOYEES: TableDef = TableDef {
    name: "empleados",
    from: "empleados e
        LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
        LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
        LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta",
    // Filters and scope conditions of this table use only `e`.
    count_from: Some("empleados e"),
    columns: &[
        Column {
            nomfield: "cve_empleado",
            title: "Clave",
            expr: "e.cve_empleado",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "num_empleado",
            title: "Número de empleado",
            expr: "e.num_empleado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.num_empleado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "nombre_empleado",
            title: "Nombre",
            expr: "e.nombre_empleado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.nombre_busqueda",
                folded: true,
            },
            sortable: true,
        },
        Column {
            nomfield: "curp",
            title: "CURP",
            expr: "e.curp",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.curp",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "rfc_empleado",
            title: "RFC",
            expr: "e.rfc_empleado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.rfc_empleado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "correo_empleado",
            title: "Correo",
            expr: "e.correo_empleado",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "e.correo_empleado",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "puesto",
            title: "Puesto",
            expr: "p.puesto",
            kind: Kind::Text,
            filter: Filter::Select {
                expr: "e.cve_puesto",
                options_sql: "SELECT cve_puesto, puesto FROM puestos WHERE activo = 1 ORDER BY puesto",
            },
            sortable: true,
        },
        Column {
            nomfield: "n4",
            title: "Empresa",
            expr: "n4.nombre",
            kind: Kind::Text,
            filter: Filter::Select {
                expr: "e.n4",
                options_sql: "SELECT cve_estructura, nombre FROM estructura WHERE nivel = 4 AND activo = 1 ORDER BY nombre",
            },
            sortable: true,
        },
        Column {
            nomfield: "planta",
            title: "Planta",
            expr: "pl.nombre",
            kind: Kind::Text,
            filter: Filter::Select {
                expr: "e.cve_planta",
                options_sql: "SELECT cve_planta, nombre FROM plantas WHERE activo = 1 ORDER BY nombre",
            },
            sortable: true,
        },
        Column {
            nomfield: "fecha_ingreso",
            title: "Fecha de ingreso",
            expr: "e.fecha_ingreso",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "activo",
            title: "Activo",
            expr: "e.activo",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "e.activo",
                options: ACTIVO,
            },
            sortable: true,
        },
        Column {
            nomfield: "sesion_activa",
            title: "Sesión activa",
            expr: "EXISTS (SELECT 1 FROM sesiones s WHERE s.cve_empleado = e.cve_empleado AND s.fin IS NULL)",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "baja_logica",
            title: "Baja",
            expr: "e.baja_logica",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "e.baja_logica",
                options: ACTIVO,
            },
            sortable: true,
        },
        Column {
            nomfield: "acceso",
            title: "Acceso",
            expr: "coalesce((SELECT u.acceso FROM usuarios u WHERE u.cve_empleado = e.cve_empleado), 0)",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
        Column {
            nomfield: "favorito",
            title: "Favorito",
            expr: "e.cve_empleado IN (SELECT cve FROM mis_favoritos)",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: false,
        },
    ],
    date_expr: None,
    default_order: "e.nombre_empleado ASC, e.cve_empleado",
    key: "e.cve_empleado",
};

/// The WHERE condition and prelude that limit a query on `empleados e` to the caller's scope.
pub fn scope_filter(prelude: Prelude, scope: Scope) -> (Prelude, Vec<Cond>) {
    match scope {
        Scope::Todos => (prelude, Vec::new()),
        Scope::Subordinados(me) => (
            prelude.with(db::SUBORDINATE_CTE, vec![Bind::Int(me)]),
            vec![Cond::new(
                "e.cve_empleado IN (SELECT cve FROM equipo)",
                vec![],
            )],
        ),
        Scope::Propio(me) => (
            prelude,
            vec![Cond::new("e.cve_empleado = ?", vec![Bind::Int(me)])],
        ),
    }
}

const FAVOURITES_CTE: &str =
    "mis_favoritos(cve) AS (SELECT cve_favorito FROM empleados_favoritos WHERE cve_empleado = ?)";

/// Employees in the caller's scope: `filtersEXT.vista` = todos | favoritos | nuevos
/// (joined in the last 30 days).
#[utoipa::path(post, path = "/api/pri/catalogos/empleados", tag = "employees", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
async fn list_employees(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let favourites = Prelude::default().with(FAVOURITES_CTE, vec![Bind::Int(u.cve_empleado)]);
    let (prelude, mut conds) = scope_filter(favourites, u.scope);
    let vista = q
        .filters_ext
        .get("vista")
        .and_then(|v| v.as_str())
        .unwrap_or("todos");
    match vista {
        "todos" | "" => {}
        "favoritos" => conds.push(Cond::new(
            "e.cve_empleado IN (SELECT cve FROM mis_favoritos)",
            vec![],
        )),
        "nuevos" => {
            let since = (state.clock.now() - chrono::Duration::days(30))
                .format("%Y-%m-%d")
                .to_string();
            conds.push(Cond::new("e.fecha_ingreso >= ?", vec![Bind::Text(since)]));
        }
        other => {
            return Err(
                AppError::bad_request("tabla.filtro").arg("filtro", format!("vista={other}"))
            );
        }
    }
    table::run(&state, &EMPLOYEES, q, prelude, conds).await
}

#[derive(Serialize, ToSchema, sqlx::FromRow)]
struct EmployeeDetail {
    cve_empleado: i64,
    num_empleado: String,
    nombre_empleado: String,
    correo_empleado: Option<String>,
    rfc_empleado: Option<String>,
    curp: Option<String>,
    telefono: Option<String>,
    genero: Option<String>,
    fecha_nacimiento: Option<String>,
    foto_empleado: Option<String>,
    /// Same as `foto_empleado`.
    foto_url: Option<String>,
    cve_estado: Option<i64>,
    estado: Option<String>,
    cve_puesto: Option<i64>,
    puesto: Option<String>,
    /// Structure keys N2–N7 (the names are in `n2_nombre` … `n7_nombre`).
    n2: Option<i64>,
    n3: Option<i64>,
    n4: Option<i64>,
    n5: Option<i64>,
    n6: Option<i64>,
    n7: Option<i64>,
    n2_nombre: Option<String>,
    n3_nombre: Option<String>,
    n4_nombre: Option<String>,
    n5_nombre: Option<String>,
    n6_nombre: Option<String>,
    n7_nombre: Option<String>,
    cve_planta: Option<i64>,
    planta: Option<String>,
    /// Plants besides the main one.
    #[sqlx(skip)]
    plantas: Vec<i64>,
    cve_pais: Option<i64>,
    pais: Option<String>,
    cve_tipo_poblacion: Option<i64>,
    tipo_poblacion: Option<String>,
    cve_supervisor: Option<i64>,
    supervisor: Option<String>,
    nombre_supervisor: Option<String>,
    id_tarjeta: Option<String>,
    tipo_empleado: String,
    ocupacion: Option<String>,
    fecha_ingreso: Option<String>,
    fecha_inicio_puesto: Option<String>,
    activo: i64,
    baja_logica: i64,
    /// 1 Activo, 0 Sin Acceso (no login or access switched off).
    acceso: i64,
    sesion_activa: i64,
    favorito: i64,
    #[sqlx(skip)]
    perfiles: Vec<PerfilUsuario>,
    #[sqlx(skip)]
    subordinados: i64,
    #[sqlx(skip)]
    ausencias: Vec<manage::Ausencia>,
}

/// One employee in the caller's scope.
#[utoipa::path(get, path = "/api/pri/catalogos/empleados/{cve_empleado}", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = EmployeeDetail), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_employee(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<EmployeeDetail>> {
    in_scope(&state, &u, cve).await?;
    let mut d: EmployeeDetail = sqlx::query_as(
        "SELECT e.cve_empleado, e.num_empleado, e.nombre_empleado, e.correo_empleado, e.rfc_empleado, e.curp, e.telefono,
                e.genero, e.fecha_nacimiento, e.foto_empleado, e.foto_empleado AS foto_url, e.cve_estado, es.estado, e.cve_puesto, p.puesto,
                e.n2, e.n3, e.n4, e.n5, e.n6, e.n7,
                s2.nombre AS n2_nombre, s3.nombre AS n3_nombre, s4.nombre AS n4_nombre, s5.nombre AS n5_nombre,
                s6.nombre AS n6_nombre, s7.nombre AS n7_nombre,
                e.cve_planta, pl.nombre AS planta, e.cve_pais, pa.pais, e.cve_tipo_poblacion, tp.nombre AS tipo_poblacion,
                e.cve_supervisor, sup.nombre_empleado AS supervisor, sup.nombre_empleado AS nombre_supervisor,
                e.id_tarjeta, e.tipo_empleado, e.ocupacion, e.fecha_ingreso, e.fecha_inicio_puesto, e.activo, e.baja_logica,
                coalesce((SELECT u.acceso FROM usuarios u WHERE u.cve_empleado = e.cve_empleado), 0) AS acceso,
                EXISTS (SELECT 1 FROM sesiones s WHERE s.cve_empleado = e.cve_empleado AND s.fin IS NULL) AS sesion_activa,
                EXISTS (SELECT 1 FROM empleados_favoritos f WHERE f.cve_empleado = ? AND f.cve_favorito = e.cve_empleado) AS favorito
         FROM empleados e
         LEFT JOIN estados es ON es.cve_estado = e.cve_estado
         LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         LEFT JOIN estructura s2 ON s2.cve_estructura = e.n2 LEFT JOIN estructura s3 ON s3.cve_estructura = e.n3
         LEFT JOIN estructura s4 ON s4.cve_estructura = e.n4 LEFT JOIN estructura s5 ON s5.cve_estructura = e.n5
         LEFT JOIN estructura s6 ON s6.cve_estructura = e.n6 LEFT JOIN estructura s7 ON s7.cve_estructura = e.n7
         LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta LEFT JOIN paises pa ON pa.cve_pais = e.cve_pais
         LEFT JOIN tipos_poblacion tp ON tp.cve_tipo_poblacion = e.cve_tipo_poblacion
         LEFT JOIN empleados sup ON sup.cve_empleado = e.cve_supervisor
         WHERE e.cve_empleado = ?",
    )
    .bind(u.cve_empleado)
    .bind(cve)
    .fetch_optional(&state.db.read)
    .await?
    .ok_or_else(AppError::not_found)?;
    d.perfiles = crate::auth::user::profiles_of(&state, cve).await?;
    d.plantas = sqlx::query_scalar(
        "SELECT cve_planta FROM empleados_plantas WHERE cve_empleado = ? ORDER BY cve_planta",
    )
    .bind(cve)
    .fetch_all(&state.db.read)
    .await?;
    d.ausencias = manage::absences_of(&state, cve).await?;
    d.subordinados = sqlx::query_scalar("SELECT COUNT(*) FROM empleados WHERE cve_supervisor = ?")
        .bind(cve)
        .fetch_one(&state.db.read)
        .await?;
    Ok(axum::Json(d))
}

async fn in_scope(state: &AppState, u: &SessionUser, cve: i64) -> AppResult<()> {
    let exists: Option<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE cve_empleado = ?")
            .bind(cve)
            .fetch_optional(&state.db.read)
            .await?;
    if exists.is_none() {
        return Err(AppError::not_found());
    }
    check_scope(state, u.scope, cve).await
}

/// Marks an employee as a favourite of the caller.
#[utoipa::path(post, path = "/api/pri/catalogos/empleados/favoritos/{cve_empleado}", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn add_favourite(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    in_scope(&state, &u, cve).await?;
    sqlx::query("INSERT OR IGNORE INTO empleados_favoritos (cve_empleado, cve_favorito, creado) VALUES (?, ?, ?)")
        .bind(u.cve_empleado)
        .bind(cve)
        .bind(state.now_iso())
        .execute(&state.db.write)
        .await?;
    Ok(Resp::ok())
}

/// Removes an employee from the caller's favourites.
#[utoipa::path(delete, path = "/api/pri/catalogos/empleados/favoritos/{cve_empleado}", tag = "employees",
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = Resp)))]
async fn remove_favourite(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    sqlx::query("DELETE FROM empleados_favoritos WHERE cve_empleado = ? AND cve_favorito = ?")
        .bind(u.cve_empleado)
        .bind(cve)
        .execute(&state.db.write)
        .await?;
    Ok(Resp::ok())
}
