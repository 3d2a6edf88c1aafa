//! Plan read queries (topic facts, summaries, prerequisites, blocks, employee headers).

use sqlx::SqliteConnection;

use crate::table::{Column, Kind, TableDef};

/// What the plan screens show of a topic.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct TemaInfo {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub modalidad: String,
    pub imagen: Option<String>,
    pub horas: f64,
}

/// Facts of every active topic (the catalogue is small; one read serves a whole plan).
pub async fn active_topics(conn: &mut SqliteConnection) -> sqlx::Result<Vec<TemaInfo>> {
    sqlx::query_as(
        "SELECT cve_tema, abreviatura, nombre_tema, modalidad, imagen,
                dias_duracion * horas_sesion AS horas
         FROM temas WHERE activo = 1",
    )
    .fetch_all(&mut *conn)
    .await
}

/// One employee's ledger summary row.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct Resumen {
    pub cve_tema: i64,
    pub fecha_acreditacion: Option<String>,
    pub vigencia: Option<String>,
    pub calificacion: Option<f64>,
    pub ultimo_fecha: String,
    pub reprobado: i64,
}

/// Every summary row of an employee.
pub async fn summaries(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Vec<Resumen>> {
    sqlx::query_as(
        "SELECT cve_tema, fecha_acreditacion, vigencia, calificacion, ultimo_fecha, reprobado
         FROM plan_estado_temas WHERE cve_empleado = ?",
    )
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}

/// An employee's ledger summary of one topic, if any.
pub async fn summary_of(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
) -> sqlx::Result<Option<Resumen>> {
    sqlx::query_as(
        "SELECT cve_tema, fecha_acreditacion, vigencia, calificacion, ultimo_fecha, reprobado
         FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .fetch_optional(&mut *conn)
    .await
}

/// Every (topic, prerequisite topic) pair.
pub async fn prerequisites(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as("SELECT cve_tema, cve_requisito FROM temas_prerrequisitos")
        .fetch_all(&mut *conn)
        .await
}

/// A block as the plan shows it.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct BloqueInfo {
    pub id_bloque: i64,
    pub nombre_bloque: String,
    pub id_tipo_bloque: i64,
    pub nombre_tipo_bloque: String,
    pub descripcion: String,
    pub imagen: String,
    pub precio: i64,
    pub capacidad_asistencia: i64,
}

/// A block by id.
pub async fn block(
    conn: &mut SqliteConnection,
    id_bloque: i64,
) -> sqlx::Result<Option<BloqueInfo>> {
    sqlx::query_as(
        "SELECT b.id_bloque, b.nombre_bloque, b.id_tipo_bloque, tb.nombre_tipo_bloque, b.descripcion,
                b.imagen, b.precio, b.capacidad_asistencia
         FROM bloques b JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque
         WHERE b.id_bloque = ?",
    )
    .bind(id_bloque)
    .fetch_optional(&mut *conn)
    .await
}

/// A block's topics in order: (cve_tema, nombre_tema, modalidad, horas, activo).
pub async fn block_topics(
    conn: &mut SqliteConnection,
    id_bloque: i64,
) -> sqlx::Result<Vec<(i64, String, String, f64, i64)>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.nombre_tema, t.modalidad, t.dias_duracion * t.horas_sesion, t.activo
         FROM bloques_temas bt JOIN temas t ON t.cve_tema = bt.cve_tema
         WHERE bt.id_bloque = ? ORDER BY bt.orden",
    )
    .bind(id_bloque)
    .fetch_all(&mut *conn)
    .await
}

/// The kardex header of an employee.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct Encabezado {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub curp: Option<String>,
    pub puesto: Option<String>,
    pub n4: Option<String>,
    pub planta: Option<String>,
    pub foto_empleado: Option<String>,
    pub cve_puesto: Option<i64>,
}

/// The header of employee `cve` (None when missing or logically deleted).
pub async fn employee_header(
    conn: &mut SqliteConnection,
    cve: i64,
) -> sqlx::Result<Option<Encabezado>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.num_empleado, e.nombre_empleado, e.curp, p.puesto, n4.nombre AS n4,
                pl.nombre AS planta, e.foto_empleado, e.cve_puesto
         FROM empleados e
         LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
         LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta
         WHERE e.cve_empleado = ? AND e.baja_logica = 0",
    )
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await
}

/// A ledger row of an employee, newest first.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct AcreditacionRow {
    pub id_acreditacion: i64,
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub fecha: String,
    pub calificacion: Option<f64>,
    pub origen: String,
    pub vigencia: Option<String>,
    pub acreditado: i64,
    pub motivo: Option<String>,
    pub nota: Option<String>,
}

/// Every ledger row of an employee, newest first.
pub async fn accreditations(
    conn: &mut SqliteConnection,
    cve: i64,
) -> sqlx::Result<Vec<AcreditacionRow>> {
    sqlx::query_as(
        "SELECT a.id_acreditacion, a.cve_tema, t.abreviatura, t.nombre_tema, a.fecha, a.calificacion, a.origen,
                a.vigencia, a.acreditado, a.motivo, a.nota
         FROM plan_acreditaciones a JOIN temas t ON t.cve_tema = a.cve_tema
         WHERE a.cve_empleado = ? ORDER BY a.fecha DESC, a.id_acreditacion DESC",
    )
    .bind(cve)
    .fetch_all(&mut *conn)
    .await
}

/// A requirement an employee stopped having.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct AnteriorRow {
    pub id_requerimiento: i64,
    pub programa: String,
    pub cve_tema: Option<i64>,
    pub abreviatura: Option<String>,
    pub nombre_tema: Option<String>,
    pub nombre_bloque: Option<String>,
    pub motivo: String,
    pub fecha: String,
}

/// The requirements an employee stopped having, newest first.
pub async fn former_requirements(
    conn: &mut SqliteConnection,
    cve: i64,
) -> sqlx::Result<Vec<AnteriorRow>> {
    sqlx::query_as(
        "SELECT h.id_requerimiento, r.programa, r.cve_tema, t.abreviatura, t.nombre_tema, b.nombre_bloque,
                h.motivo, h.fecha
         FROM plan_historial_empleados h
         JOIN plan_requerimientos r ON r.id_requerimiento = h.id_requerimiento
         LEFT JOIN temas t ON t.cve_tema = r.cve_tema
         LEFT JOIN bloques b ON b.id_bloque = r.id_bloque
         WHERE h.cve_empleado = ? ORDER BY h.fecha DESC, h.id DESC",
    )
    .bind(cve)
    .fetch_all(&mut *conn)
    .await
}

/// State of one ledger row today (needs `HOY_CTE`).
const ESTADO_FILA: &str = "(CASE WHEN a.acreditado = 1 AND a.vigencia >= (SELECT d FROM hoy) THEN 'Acreditado' \
     WHEN a.acreditado = 1 THEN 'Vencido' ELSE 'No acreditado' END)";

/// An employee's kardex: every ledger row (the caller adds `a.cve_empleado = ?`).
pub static KARDEX: TableDef = TableDef {
    name: "Kardex de capacitación",
    from: "plan_acreditaciones a JOIN temas t ON t.cve_tema = a.cve_tema
           LEFT JOIN plan_empleados_temas p ON p.cve_empleado = a.cve_empleado AND p.cve_tema = a.cve_tema
           LEFT JOIN empleados r ON r.cve_empleado = a.registrado_por",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("id_acreditacion", "Folio", "a.id_acreditacion"),
        Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::text("fecha", "Fecha", "a.fecha"),
        Column::plain("calificacion", "Calificación", "a.calificacion", Kind::Real),
        Column::text("origen", "Origen", "a.origen"),
        Column::text("vigencia", "Vigencia", "a.vigencia"),
        Column::plain("estado", "Estado", ESTADO_FILA, Kind::Text),
        Column::plain(
            "requerido_por_plan",
            "Requerido por plan",
            "(CASE WHEN p.cve_tema IS NULL THEN 'NO' ELSE 'SI' END)",
            Kind::Text,
        ),
        Column::plain("motivo", "Motivo", "a.motivo", Kind::Text),
        Column::plain("nota", "Nota", "a.nota", Kind::Text),
        Column::plain("registrado_por", "Registró", "r.nombre_empleado", Kind::Text),
    ],
    date_expr: Some("a.fecha"),
    default_order: "a.fecha DESC, a.id_acreditacion DESC",
    key: "a.id_acreditacion",
};

/// The general history: every ledger row of the employees in scope (alias `e`).
pub static HISTORIAL_GENERAL: TableDef = TableDef {
    name: "Historial de capacitación",
    from: "plan_acreditaciones a JOIN empleados e ON e.cve_empleado = a.cve_empleado
           JOIN temas t ON t.cve_tema = a.cve_tema
           LEFT JOIN puestos pu ON pu.cve_puesto = e.cve_puesto
           LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
           LEFT JOIN plantas pl ON pl.cve_planta = e.cve_planta",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::text("num_empleado", "Número de empleado", "e.num_empleado"),
        Column::text("nombre_empleado", "Empleado", "e.nombre_empleado"),
        Column::text("puesto", "Puesto", "pu.puesto"),
        Column::text("n4", "Empresa", "n4.nombre"),
        Column::text("planta", "Planta", "pl.nombre"),
        Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::text("fecha", "Fecha", "a.fecha"),
        Column::plain("calificacion", "Calificación", "a.calificacion", Kind::Real),
        Column::text("origen", "Origen", "a.origen"),
        Column::text("vigencia", "Vigencia", "a.vigencia"),
        Column::plain("estado", "Estado", ESTADO_FILA, Kind::Text),
    ],
    date_expr: Some("a.fecha"),
    default_order: "a.fecha DESC, a.id_acreditacion DESC",
    key: "a.id_acreditacion",
};

/// An employee's name and current position (id and name), for the position simulator.
pub async fn employee_position(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Option<(String, Option<i64>, Option<String>)>> {
    sqlx::query_as(
        "SELECT e.nombre_empleado, e.cve_puesto, p.puesto
         FROM empleados e LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         WHERE e.cve_empleado = ?",
    )
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await
}

/// An active position's name and the name of the structure node it belongs to.
pub async fn position_named(
    conn: &mut SqliteConnection,
    cve_puesto: i64,
) -> sqlx::Result<Option<(String, Option<String>)>> {
    sqlx::query_as(
        "SELECT p.puesto, s.nombre
         FROM puestos p LEFT JOIN estructura s ON s.cve_estructura = p.cve_estructura
         WHERE p.cve_puesto = ? AND p.activo = 1",
    )
    .bind(cve_puesto)
    .fetch_optional(&mut *conn)
    .await
}
