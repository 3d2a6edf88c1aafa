//! List definitions of courses: the course grid and the EPV grid (table engine).

use crate::table::{Bind, Column, Cond, Conteo, Filter, Kind, TableDef};

const MODALIDADES: &[(&str, &str)] = &[
    ("PRESENCIAL", "Presencial"),
    ("VIRTUAL", "Virtual"),
    ("STREAMING", "Streaming"),
    ("E_LEARNING", "E-learning"),
    ("AUTOESTUDIO", "Autoestudio"),
];

const ESTATUS: &[(&str, &str)] = &[
    ("programado", "Programado"),
    ("cerrado", "Cerrado"),
    ("cancelado", "Cancelado"),
];

const ESTATUS_EPV: &[(&str, &str)] = &[("0", "Borrador"), ("1", "Publicado"), ("2", "Cerrado")];

const FROM: &str = "cursos c JOIN temas t ON t.cve_tema = c.cve_tema
    LEFT JOIN instructores i ON i.cve_instructor = c.cve_instructor
    LEFT JOIN sedes se ON se.cve_sede = c.cve_sede
    LEFT JOIN salas sa ON sa.cve_sala = c.cve_sala
    LEFT JOIN plantas p ON p.cve_planta = c.cve_planta";

const EN_ESPERA: &str = "(SELECT COUNT(*) FROM cursos_inscripciones x WHERE x.cve_curso = c.cve_curso AND x.estatus = 'espera')";

macro_rules! columnas_cursos {
    ($($extra:expr),*) => {
        &[
            Column::int("cve_curso", "Clave", "c.cve_curso"),
            Column::text("nombre_corto", "Curso", "c.nombre_corto"),
            Column {
                nomfield: "nombre_tema",
                title: "Tema",
                expr: "t.nombre_tema",
                kind: Kind::Text,
                filter: Filter::Select {
                    expr: "c.cve_tema",
                    options_sql: "SELECT cve_tema, nombre_tema FROM temas WHERE activo = 1 ORDER BY nombre_tema",
                },
                sortable: true,
            },
            Column::fixed("modalidad", "Modalidad", "c.modalidad", Kind::Text, MODALIDADES),
            Column::text("fecha_inicio", "Inicio", "c.fecha_inicio"),
            Column::text("fecha_fin", "Fin", "c.fecha_fin"),
            Column {
                nomfield: "instructor",
                title: "Instructor",
                expr: "i.nombre",
                kind: Kind::Text,
                filter: Filter::Select {
                    expr: "c.cve_instructor",
                    options_sql: "SELECT cve_instructor, nombre FROM instructores WHERE activo = 1 ORDER BY nombre",
                },
                sortable: true,
            },
            Column::text("sede", "Sede", "se.nombre"),
            Column::text("sala", "Sala", "sa.nombre"),
            Column {
                nomfield: "planta",
                title: "Planta",
                expr: "p.nombre",
                kind: Kind::Text,
                filter: Filter::Select {
                    expr: "c.cve_planta",
                    options_sql: "SELECT cve_planta, nombre FROM plantas WHERE activo = 1 ORDER BY nombre",
                },
                sortable: true,
            },
            Column::int("inscritos", "Inscritos", "c.inscritos"),
            Column::int("capacidad", "Capacidad", "c.capacidad"),
            Column::plain("en_espera", "En espera", EN_ESPERA, Kind::Int),
            Column::fixed("estatus", "Estatus", "c.estatus", Kind::Text, ESTATUS),
            Column::plain(
                "curso_cerrado",
                "Cerrado",
                "CASE WHEN c.estatus = 'cerrado' THEN '1' ELSE '0' END",
                Kind::Text,
            ),
            Column::int("costo_total", "Costo total (centavos)", "c.costo_total"),
            Column::text("moneda", "Moneda", "c.moneda"),
            $($extra),*
        ]
    };
}

/// The course grid.
pub static CURSOS: TableDef = TableDef {
    name: "cursos",
    from: FROM,
    count: Conteo::Aparte,
    columns: columnas_cursos!(),
    date_expr: Some("c.fecha_inicio"),
    default_order: "c.fecha_inicio DESC, c.cve_curso DESC",
    key: "c.cve_curso",
};

/// The EPV course grid (courses open to people outside the company's staff).
pub static CURSOS_EPV: TableDef = TableDef {
    name: "cursos_epv",
    from: FROM,
    count: Conteo::Aparte,
    columns: columnas_cursos!(Column::fixed(
        "estatus_epv",
        "Estatus EPV",
        "c.estatus_epv",
        Kind::Int,
        ESTATUS_EPV
    )),
    date_expr: Some("c.fecha_inicio"),
    default_order: "c.fecha_inicio DESC, c.cve_curso DESC",
    key: "c.cve_curso",
};

/// Only the courses an employee teaches (an Instructor's own scope).
pub fn solo_del_instructor(cve_empleado: i64) -> Cond {
    Cond::new(
        "c.cve_instructor IN (SELECT cve_instructor FROM instructores WHERE cve_empleado = ?)",
        vec![Bind::Int(cve_empleado)],
    )
}

/// Only EPV courses.
pub fn solo_epv() -> Cond {
    Cond::new("c.epv = 1", Vec::new())
}
