//! The mass report (`reporte_masivo`) on the table engine: one row per employee and topic —
//! every topic of their plan and every topic they hold a result of — with the plan's
//! requirement, their last enrolment, the grade, accreditation, validity and state.

use crate::table::{Column, Conteo, Filter, Kind, TableDef};

/// The pairs: the plan's topics, then topics with a result that the plan does not hold
/// (UNION ALL with NOT EXISTS streams without a temporary index).
const FROM: &str = "(SELECT p.cve_empleado, p.cve_tema FROM plan_empleados_temas p
      UNION ALL
      SELECT x.cve_empleado, x.cve_tema FROM plan_estado_temas x
      WHERE NOT EXISTS (SELECT 1 FROM plan_empleados_temas q WHERE q.cve_empleado = x.cve_empleado AND q.cve_tema = x.cve_tema)) r
    JOIN empleados e ON e.cve_empleado = r.cve_empleado
    JOIN temas t ON t.cve_tema = r.cve_tema
    LEFT JOIN plan_empleados_temas p ON p.cve_empleado = r.cve_empleado AND p.cve_tema = r.cve_tema
    LEFT JOIN plan_estado_temas x ON x.cve_empleado = r.cve_empleado AND x.cve_tema = r.cve_tema";

/// The state of a pair today, the plans' rule (needs `hoy`).
pub const ESTADO: &str = crate::plans::db::estado_sql!("x");
/// obligatorio | opcional | no_requerido
pub const REQUERIMIENTO: &str = "(CASE WHEN p.cve_empleado IS NULL THEN 'no_requerido' WHEN p.obligatoria = 1 THEN 'obligatorio' ELSE 'opcional' END)";

/// The employee's last enrolment in a course of the topic (not cancelled).
macro_rules! ultima {
    () => {
        "(SELECT i2.cve_inscripcion_ai FROM cursos_inscripciones i2 JOIN cursos c2 ON c2.cve_curso = i2.cve_curso
          WHERE i2.cve_empleado = r.cve_empleado AND c2.cve_tema = r.cve_tema AND i2.estatus <> 'cancelada'
          ORDER BY c2.fecha_inicio DESC, i2.cve_inscripcion_ai DESC LIMIT 1)"
    };
}

const ESTADOS: &[(&str, &str)] = &[
    ("Acreditado", "Acreditado"),
    ("No acreditado", "No acreditado"),
    ("Vencido", "Vencido"),
    ("Pendiente", "Pendiente"),
];
const REQUERIMIENTOS: &[(&str, &str)] = &[
    ("obligatorio", "Obligatorio"),
    ("opcional", "Opcional"),
    ("no_requerido", "No requerido"),
];
const MODALIDADES: &[(&str, &str)] = &[
    ("PRESENCIAL", "Presencial"),
    ("E_LEARNING", "E-learning"),
    ("STREAMING", "Streaming"),
];

/// The mass report's table.
pub static MASIVO: TableDef = TableDef {
    name: "reporte_masivo",
    from: FROM,
    count: Conteo::Aparte,
    columns: &[
        Column::text("num_empleado", "Núm. empleado", "e.num_empleado"),
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
        Column::sorted(
            "puesto",
            "Puesto",
            "(SELECT pu.puesto FROM puestos pu WHERE pu.cve_puesto = e.cve_puesto)",
            Kind::Text,
        ),
        Column::sorted(
            "planta",
            "Planta",
            "(SELECT pl.nombre FROM plantas pl WHERE pl.cve_planta = e.cve_planta)",
            Kind::Text,
        ),
        Column::sorted(
            "n2",
            "Dirección (N2)",
            "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n2)",
            Kind::Text,
        ),
        Column::sorted(
            "n4",
            "Empresa (N4)",
            "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n4)",
            Kind::Text,
        ),
        Column::text("abreviatura", "Clave del tema", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::fixed(
            "modalidad",
            "Modalidad",
            "t.modalidad",
            Kind::Text,
            MODALIDADES,
        ),
        Column::fixed(
            "requerimiento",
            "Requerimiento",
            REQUERIMIENTO,
            Kind::Text,
            REQUERIMIENTOS,
        ),
        Column::plain(
            "curso",
            "Última inscripción",
            concat!(
                "(SELECT c.nombre_corto FROM cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso WHERE i.cve_inscripcion_ai = ",
                ultima!(),
                ")"
            ),
            Kind::Text,
        ),
        Column::plain(
            "estatus_inscripcion",
            "Estatus de la inscripción",
            concat!(
                "(SELECT i.estatus FROM cursos_inscripciones i WHERE i.cve_inscripcion_ai = ",
                ultima!(),
                ")"
            ),
            Kind::Text,
        ),
        Column::sorted("calificacion", "Calificación", "x.calificacion", Kind::Real),
        Column::sorted(
            "fecha_acreditacion",
            "Fecha de acreditación",
            "x.fecha_acreditacion",
            Kind::Text,
        ),
        Column::sorted(
            "vigencia",
            "Vigencia",
            "NULLIF(x.vigencia, '9999-12-31')",
            Kind::Text,
        ),
        Column::fixed("estado", "Estado", ESTADO, Kind::Text, ESTADOS),
    ],
    date_expr: Some("x.fecha_acreditacion"),
    default_order: "e.nombre_empleado, t.nombre_tema, r.cve_empleado, r.cve_tema",
    key: "r.cve_empleado, r.cve_tema",
};
