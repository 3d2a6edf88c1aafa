//! The employee list screen: its table definition and the conditions of its views
//! (favourites, newcomers) and of the caller's scope.

use crate::auth::perms::Scope;
use crate::table::{Bind, Column, Cond, Filter, Kind, Prelude, TableDef};

const ACTIVO: &[(&str, &str)] = &[("1", "SI"), ("0", "NO")];

/// Columns of the employees table.
pub static EMPLOYEES: TableDef = TableDef {
    name: "empleados",
    from: "empleados e
        LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
        LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
        LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta",
    // Filters and scope conditions of this table use only `e`.
    count: crate::table::Conteo::Desde("empleados e"),
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
            prelude.with(super::SUBORDINATE_CTE, vec![Bind::Int(me)]),
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

/// The prelude that names the caller's favourites (`mis_favoritos`), which the
/// `favorito` column reads.
pub fn with_favourites(me: i64) -> Prelude {
    Prelude::default().with(FAVOURITES_CTE, vec![Bind::Int(me)])
}

/// Only the caller's favourites (needs [`with_favourites`]).
pub fn only_favourites() -> Cond {
    Cond::new("e.cve_empleado IN (SELECT cve FROM mis_favoritos)", vec![])
}

/// Only employees who joined on or after `date` (YYYY-MM-DD).
pub fn joined_since(date: String) -> Cond {
    Cond::new("e.fecha_ingreso >= ?", vec![Bind::Text(date)])
}
