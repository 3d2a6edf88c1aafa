//! Progress and population-control tables (package B), over the materialised plan
//! (`plan_empleados_temas`) and the ledger summary, with the state macros of `plans::db`.
//! Every table needs the `hoy` prelude; the per-program ones also the `pares` prelude.

use crate::table::{Column, Kind, TableDef};

/// Prelude CTE: the program's flag (bound to `Programa::bit`).
pub const PROGRAMA_CTE: &str = "prog(bit) AS (SELECT CAST(? AS INTEGER))";

/// Per topic of a program: the (employee, topic) plan rows the program reaches (its flag in
/// the cache's `programas`) and their states.
pub static AVANCE_TEMA: TableDef = TableDef {
    name: "avance_tema",
    from: concat!(
        "(SELECT x.cve_tema, COUNT(*) AS requeridos, ",
        "SUM(CASE WHEN ",
        super::acreditado_sql!("x"),
        " THEN 1 ELSE 0 END) AS acreditados, ",
        "SUM(CASE WHEN ",
        super::vencido_sql!("x"),
        " THEN 1 ELSE 0 END) AS vencidos, ",
        "SUM(CASE WHEN ",
        super::no_acreditado_sql!("x"),
        " THEN 1 ELSE 0 END) AS no_acreditados ",
        "FROM plan_empleados_temas x WHERE (x.programas & (SELECT bit FROM prog)) <> 0 ",
        "GROUP BY x.cve_tema) a JOIN temas t ON t.cve_tema = a.cve_tema"
    ),
    count: crate::table::Conteo::EnPagina,
    columns: &[
        Column::int("cve_tema", "Clave", "t.cve_tema"),
        Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::int("requeridos", "Requeridos", "a.requeridos"),
        Column::int("acreditados", "Acreditados", "a.acreditados"),
        Column::int("vencidos", "Vencidos", "a.vencidos"),
        Column::int("no_acreditados", "No acreditados", "a.no_acreditados"),
        Column::int(
            "pendientes",
            "Pendientes",
            "(a.requeridos - a.acreditados - a.vencidos - a.no_acreditados)",
        ),
        Column {
            kind: Kind::Real,
            ..Column::int(
                "porcentaje",
                "Avance (%)",
                "ROUND(a.acreditados * 100.0 / a.requeridos, 1)",
            )
        },
    ],
    date_expr: None,
    default_order: "t.nombre_tema",
    key: "cve_tema",
};

/// Per position: its people's mandatory plan rows held or expired (each employee's rows
/// summed first, streaming the cache's per-employee index, then grouped by position), and
/// the topics the position's own formation requirements ask for.
pub static AVANCE_CONSOLIDADO: TableDef = TableDef {
    name: "avance_consolidado",
    from: concat!(
        "(SELECT e.cve_puesto, COUNT(*) AS empleados, SUM(pe.requeridos) AS requeridos, ",
        "SUM(pe.acreditados) AS acreditados, SUM(pe.vencidos) AS vencidos ",
        "FROM (SELECT p.cve_empleado, COUNT(*) AS requeridos, SUM(CASE WHEN ",
        super::acreditado_sql!("p"),
        " THEN 1 ELSE 0 END) AS acreditados, SUM(CASE WHEN ",
        super::vencido_sql!("p"),
        " THEN 1 ELSE 0 END) AS vencidos ",
        "FROM plan_empleados_temas p WHERE p.obligatoria = 1 GROUP BY p.cve_empleado) pe ",
        "JOIN empleados e ON e.cve_empleado = pe.cve_empleado ",
        "WHERE e.cve_puesto IS NOT NULL GROUP BY e.cve_puesto) a ",
        "JOIN puestos pu ON pu.cve_puesto = a.cve_puesto JOIN estructura s ON s.cve_estructura = pu.cve_estructura ",
        "LEFT JOIN (SELECT r.destino_id AS cve_puesto, COUNT(DISTINCT t.cve_tema) AS temas ",
        "FROM plan_requerimientos r LEFT JOIN bloques_temas bt ON bt.id_bloque = r.id_bloque ",
        "JOIN temas t ON t.cve_tema = COALESCE(r.cve_tema, bt.cve_tema) AND t.activo = 1 ",
        "WHERE r.habilitado = 1 AND r.destino_tipo = 'puesto' GROUP BY r.destino_id) tp ",
        "ON tp.cve_puesto = a.cve_puesto"
    ),
    count: crate::table::Conteo::EnPagina,
    columns: &[
        Column::int("cve_puesto", "Clave", "pu.cve_puesto"),
        Column::text("puesto", "Puesto", "pu.puesto"),
        Column::text("estructura", "Estructura", "s.nombre"),
        Column::int("empleados", "Empleados", "a.empleados"),
        Column::int("temas", "Temas del puesto", "COALESCE(tp.temas, 0)"),
        Column::int("requeridos", "Requeridos", "a.requeridos"),
        Column::int("acreditados", "Acreditados", "a.acreditados"),
        Column::int("vencidos", "Vencidos", "a.vencidos"),
        Column {
            kind: Kind::Real,
            ..Column::int(
                "porcentaje",
                "Avance (%)",
                "ROUND(a.acreditados * 100.0 / a.requeridos, 1)",
            )
        },
    ],
    date_expr: None,
    default_order: "pu.puesto",
    key: "cve_puesto",
};

/// Prelude CTE: each employee's plan in figures (rows, mandatory, held, expired).
pub const POR_EMP_CTE: &str = concat!(
    "por_emp(cve_empleado, filas, requeridos, acreditados, con_acreditado, vencidos) AS (",
    "SELECT p.cve_empleado, COUNT(*), SUM(p.obligatoria), ",
    "SUM(CASE WHEN p.obligatoria = 1 AND ",
    super::acreditado_sql!("p"),
    " THEN 1 ELSE 0 END), SUM(CASE WHEN ",
    super::acreditado_sql!("p"),
    " THEN 1 ELSE 0 END), SUM(CASE WHEN p.obligatoria = 1 AND ",
    super::vencido_sql!("p"),
    " THEN 1 ELSE 0 END) FROM plan_empleados_temas p GROUP BY p.cve_empleado)"
);

/// The population figures of one group (`a`) of employees.
macro_rules! poblacion_select {
    ($grupo:literal) => {
        concat!(
            "(SELECT ",
            $grupo,
            " AS cve, COUNT(*) AS plantilla, ",
            "SUM(CASE WHEN pe.filas > 0 THEN 1 ELSE 0 END) AS con_plan, ",
            "SUM(CASE WHEN pe.con_acreditado > 0 THEN 1 ELSE 0 END) AS capacitados, ",
            "SUM(CASE WHEN pe.requeridos > 0 AND pe.acreditados = pe.requeridos THEN 1 ELSE 0 END) AS cumplen, ",
            "SUM(CASE WHEN pe.vencidos > 0 THEN 1 ELSE 0 END) AS con_vencidos, ",
            "COALESCE(SUM(pe.requeridos), 0) AS requeridos, COALESCE(SUM(pe.acreditados), 0) AS acreditados ",
            "FROM empleados e LEFT JOIN por_emp pe ON pe.cve_empleado = e.cve_empleado ",
            "WHERE e.activo = 1 AND e.baja_logica = 0 AND ",
            $grupo,
            " IS NOT NULL GROUP BY ",
            $grupo,
            ") a"
        )
    };
}

/// The columns every population table has (compliance early, as the screen shows it).
const POBLACION_COLUMNS: &[Column] = &[
    Column::int("cve", "Clave", "a.cve"),
    Column::text("nombre", "Nombre", "g.nombre"),
    Column::int("plantilla", "Plantilla", "a.plantilla"),
    Column {
        nomfield: "porcentaje",
        title: "Cumplimiento (%)",
        expr: "(CASE WHEN a.requeridos = 0 THEN NULL ELSE ROUND(a.acreditados * 100.0 / a.requeridos, 1) END)",
        kind: Kind::Real,
        filter: crate::table::Filter::None,
        sortable: true,
    },
    Column::int("con_plan", "Con plan", "a.con_plan"),
    Column::int("capacitados", "Capacitados", "a.capacitados"),
    Column::int("cumplen", "Cumplen", "a.cumplen"),
    Column::int("con_vencidos", "Con vencidos", "a.con_vencidos"),
    Column::int("requeridos", "Requeridos", "a.requeridos"),
    Column::int("acreditados", "Acreditados", "a.acreditados"),
];

/// A population table grouped by a structure level.
macro_rules! poblacion_nivel {
    ($name:ident, $col:literal) => {
        /// Population control grouped by this structure level.
        pub static $name: TableDef = TableDef {
            name: "control_poblacion",
            from: concat!(
                poblacion_select!($col),
                " JOIN estructura g ON g.cve_estructura = a.cve"
            ),
            count: crate::table::Conteo::EnPagina,
            columns: POBLACION_COLUMNS,
            date_expr: None,
            default_order: "g.nombre",
            key: "cve",
        };
    };
}
poblacion_nivel!(POBLACION_N2, "e.n2");
poblacion_nivel!(POBLACION_N3, "e.n3");
poblacion_nivel!(POBLACION_N4, "e.n4");
poblacion_nivel!(POBLACION_N5, "e.n5");
poblacion_nivel!(POBLACION_N6, "e.n6");
poblacion_nivel!(POBLACION_N7, "e.n7");

/// Population control grouped by main plant.
pub static POBLACION_PLANTA: TableDef = TableDef {
    name: "control_poblacion",
    from: concat!(
        poblacion_select!("e.cve_planta"),
        " JOIN plantas g ON g.cve_planta = a.cve"
    ),
    count: crate::table::Conteo::EnPagina,
    columns: POBLACION_COLUMNS,
    date_expr: None,
    default_order: "g.nombre",
    key: "cve",
};

/// The employees of a population node with their plan figures.
pub static POBLACION_EMPLEADOS: TableDef = TableDef {
    name: "control_poblacion_empleados",
    from: "empleados e LEFT JOIN por_emp pe ON pe.cve_empleado = e.cve_empleado
        LEFT JOIN puestos pu ON pu.cve_puesto = e.cve_puesto
        LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::text("num_empleado", "Número de empleado", "e.num_empleado"),
        Column::text("nombre_empleado", "Nombre", "e.nombre_empleado"),
        Column {
            nomfield: "porcentaje",
            title: "Cumplimiento (%)",
            expr: "(CASE WHEN COALESCE(pe.requeridos, 0) = 0 THEN NULL ELSE ROUND(pe.acreditados * 100.0 / pe.requeridos, 1) END)",
            kind: Kind::Real,
            filter: crate::table::Filter::None,
            sortable: true,
        },
        Column::text("puesto", "Puesto", "pu.puesto"),
        Column::text("planta", "Planta", "pl.nombre"),
        Column::int("requeridos", "Requeridos", "COALESCE(pe.requeridos, 0)"),
        Column::int("acreditados", "Acreditados", "COALESCE(pe.acreditados, 0)"),
        Column::int("vencidos", "Vencidos", "COALESCE(pe.vencidos, 0)"),
    ],
    date_expr: None,
    default_order: "e.nombre_empleado",
    key: "num_empleado",
};
