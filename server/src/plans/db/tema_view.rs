//! Topic-view queries (package C): who is required to hold which topic.

use sqlx::SqliteConnection;

/// Every mandatory (employee, topic) pair of the materialised plan with the employee's
/// main plant, ordered by employee (the demo history is generated from it).
pub async fn mandatory_plan(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(i64, i64, Option<i64>)>> {
    sqlx::query_as(
        "SELECT p.cve_empleado, p.cve_tema, e.cve_planta FROM plan_empleados_temas p
         JOIN empleados e ON e.cve_empleado = p.cve_empleado
         WHERE p.obligatoria = 1 ORDER BY p.cve_empleado, p.cve_tema",
    )
    .fetch_all(&mut *conn)
    .await
}

use crate::table::{Column, Kind, TableDef};

/// Prelude CTE naming the caller alone (scope `Propio`).
pub const YO_CTE: &str = "yo(cve) AS (SELECT CAST(? AS INTEGER))";
/// Prelude CTE naming the topic of the employees table.
pub const TEMA_CTE: &str = "tema(c) AS (SELECT CAST(? AS INTEGER))";

/// Per-topic figures of the plan rows of employees matching `$alcance`.
macro_rules! por_tema {
    ($name:ident, $alcance:literal) => {
        /// Per topic: plan rows and their states.
        pub static $name: TableDef = TableDef {
            name: "tema_view",
            from: concat!(
                "(SELECT p.cve_tema, COUNT(*) AS requeridos, ",
                "SUM(CASE WHEN ",
                super::acreditado_sql!("p"),
                " THEN 1 ELSE 0 END) AS acreditados, ",
                "SUM(CASE WHEN ",
                super::vencido_sql!("p"),
                " THEN 1 ELSE 0 END) AS vencidos, ",
                "SUM(CASE WHEN ",
                super::no_acreditado_sql!("p"),
                " THEN 1 ELSE 0 END) AS no_acreditados ",
                "FROM plan_empleados_temas p WHERE TRUE",
                $alcance,
                " GROUP BY p.cve_tema) a JOIN temas t ON t.cve_tema = a.cve_tema"
            ),
            count: crate::table::Conteo::EnPagina,
            columns: TEMA_COLUMNS,
            date_expr: None,
            default_order: "t.nombre_tema",
            key: "cve_tema",
        };
    };
}

const TEMA_COLUMNS: &[Column] = &[
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
        nomfield: "porcentaje",
        title: "Avance (%)",
        expr: "ROUND(a.acreditados * 100.0 / a.requeridos, 1)",
        kind: Kind::Real,
        filter: crate::table::Filter::None,
        sortable: true,
    },
];
por_tema!(POR_TEMA, "");
por_tema!(
    POR_TEMA_EQUIPO,
    " AND p.cve_empleado IN (SELECT cve FROM equipo)"
);
por_tema!(
    POR_TEMA_PROPIO,
    " AND p.cve_empleado IN (SELECT cve FROM yo)"
);

/// The employees who must hold a topic or hold it (`tema` prelude), with their state.
pub static EMPLEADOS_TEMA: TableDef = TableDef {
    name: "tema_view_empleados",
    from: "empleados e
        LEFT JOIN plan_empleados_temas p ON p.cve_empleado = e.cve_empleado AND p.cve_tema = (SELECT c FROM tema)
        LEFT JOIN plan_estado_temas x ON x.cve_empleado = e.cve_empleado AND x.cve_tema = (SELECT c FROM tema)
        LEFT JOIN puestos pu ON pu.cve_puesto = e.cve_puesto
        LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
        LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::text("num_empleado", "Número de empleado", "e.num_empleado"),
        Column::text("nombre_empleado", "Nombre", "e.nombre_empleado"),
        Column::text("puesto", "Puesto", "pu.puesto"),
        Column::text("n4", "N4", "n4.nombre"),
        Column::text("planta", "Planta", "pl.nombre"),
        Column::fixed(
            "requerido_por_plan",
            "Requerido por plan",
            "(CASE WHEN p.cve_empleado IS NULL THEN 'NO' ELSE 'SI' END)",
            Kind::Text,
            &[("SI", "SI"), ("NO", "NO")],
        ),
        Column::plain("estado", "Estado", super::estado_sql!("x"), Kind::Text),
        Column::text("fecha_acreditacion", "Fecha de acreditación", "x.fecha_acreditacion"),
        Column::text("vigencia", "Vigencia", "x.vigencia"),
    ],
    date_expr: None,
    default_order: "e.nombre_empleado",
    key: "num_empleado",
};

/// Rows of the employees table: active, and in the plan or holding the topic.
pub const EMPLEADOS_BASE: &str = "e.activo = 1 AND e.baja_logica = 0 AND (p.cve_empleado IS NOT NULL OR x.cve_empleado IS NOT NULL)";
/// View "con": holding it today.
pub const VISTA_CON: &str = super::acreditado_sql!("x");
/// View "sin": required and not held today.
pub const VISTA_SIN: &str = concat!(
    "(p.cve_empleado IS NOT NULL AND NOT COALESCE(",
    super::acreditado_sql!("x"),
    ", FALSE))"
);

/// One topic's figures: (requeridos, acreditados, vencidos, no_acreditados, fuera de plan).
pub async fn topic_figures(
    conn: &mut SqliteConnection,
    hoy: &str,
    cve_tema: i64,
) -> sqlx::Result<(i64, i64, i64, i64, i64)> {
    sqlx::query_as(concat!(
        "WITH ",
        "hoy(d) AS (SELECT CAST(? AS TEXT)) ",
        "SELECT COUNT(*), ",
        "COALESCE(SUM(CASE WHEN ",
        super::acreditado_sql!("p"),
        " THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN ",
        super::vencido_sql!("p"),
        " THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN ",
        super::no_acreditado_sql!("p"),
        " THEN 1 ELSE 0 END), 0), ",
        "(SELECT COUNT(*) FROM plan_estado_temas x JOIN empleados e ON e.cve_empleado = x.cve_empleado ",
        "AND e.activo = 1 AND e.baja_logica = 0 WHERE x.cve_tema = ? AND ",
        super::acreditado_sql!("x"),
        " AND NOT EXISTS (SELECT 1 FROM plan_empleados_temas q WHERE q.cve_empleado = x.cve_empleado AND q.cve_tema = x.cve_tema)) ",
        "FROM plan_empleados_temas p WHERE p.cve_tema = ?"
    ))
    .bind(hoy)
    .bind(cve_tema)
    .bind(cve_tema)
    .fetch_one(&mut *conn)
    .await
}
