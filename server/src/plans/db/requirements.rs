//! Requirement and event SQL (package B): requirements and their events, the consult
//! tables of every program, the names of targets for messages, and plant requirements.

use serde::Serialize;
use sqlx::{AssertSqlSafe, SqliteConnection, SqliteExecutor};
use utoipa::ToSchema;

use crate::table::{Column, Filter, Kind, TableDef};
use crate::topics::TemaRef;

/// SI/NO as text (the requirement tables show them as words).
const SI_NO_TEXT: &[(&str, &str)] = &[("SI", "SI"), ("NO", "NO")];

/// The consult table of requirements (every program; the program is a condition).
/// `e` is the target employee of individual requirements, so scope filters apply to it.
pub static REQUIREMENTS: TableDef = TableDef {
    name: "requerimientos",
    from: "plan_requerimientos r
        LEFT JOIN temas t ON t.cve_tema = r.cve_tema
        LEFT JOIN bloques b ON b.id_bloque = r.id_bloque
        LEFT JOIN empleados e ON r.destino_tipo = 'empleado' AND e.cve_empleado = r.destino_id
        LEFT JOIN empleados cr ON cr.cve_empleado = r.creado_por",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("id_requerimiento", "Requerimiento", "r.id_requerimiento"),
        Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::text("nombre_bloque", "Bloque", "b.nombre_bloque"),
        Column {
            nomfield: "destino_tipo",
            title: "Tipo de destino",
            expr: "r.destino_tipo",
            kind: Kind::Text,
            filter: Filter::Fixed {
                expr: "r.destino_tipo",
                options: &[
                    ("estructura", "Estructura"),
                    ("puesto", "Puesto"),
                    ("planta", "Planta"),
                    ("empleado", "Empleado"),
                ],
            },
            sortable: true,
        },
        Column::int("destino_nivel", "Nivel", "r.destino_nivel"),
        Column {
            nomfield: "destino_nombre",
            title: "Destino",
            expr: DESTINO_NOMBRE_EXPR,
            kind: Kind::Text,
            filter: Filter::Text {
                expr: DESTINO_NOMBRE_EXPR,
                folded: false,
            },
            sortable: true,
        },
        Column::fixed(
            "obligatoria",
            "Obligatoria",
            "(CASE WHEN r.obligatoria = 1 THEN 'SI' ELSE 'NO' END)",
            Kind::Text,
            SI_NO_TEXT,
        ),
        Column::int("dias_limite", "Días límite", "r.dias_limite"),
        Column::fixed(
            "habilitado",
            "Habilitado",
            "(CASE WHEN r.habilitado = 1 THEN 'SI' ELSE 'NO' END)",
            Kind::Text,
            SI_NO_TEXT,
        ),
        Column::plain("alcanzados", "Alcanzados", ALCANZADOS_EXPR, Kind::Int),
        Column::text("creado", "Creado", "r.creado"),
        Column::text("creado_por", "Creado por", "cr.nombre_empleado"),
    ],
    date_expr: None,
    default_order: "r.id_requerimiento DESC",
    key: "id_requerimiento",
};

/// Name of a requirement's target, whatever its kind.
const DESTINO_NOMBRE_EXPR: &str = concat!(
    "(CASE r.destino_tipo ",
    "WHEN 'estructura' THEN (SELECT s.nombre FROM estructura s WHERE s.cve_estructura = r.destino_id) ",
    "WHEN 'puesto' THEN (SELECT pu.puesto FROM puestos pu WHERE pu.cve_puesto = r.destino_id) ",
    "WHEN 'planta' THEN (SELECT pl.nombre FROM plantas pl WHERE pl.cve_planta = r.destino_id) ",
    "ELSE (SELECT de.nombre_empleado FROM empleados de WHERE de.cve_empleado = r.destino_id) END)"
);
/// Employees reached at the requirement's last event.
const ALCANZADOS_EXPR: &str = concat!(
    "(SELECT ev.afectados FROM plan_requerimientos_eventos ev ",
    "WHERE ev.id_requerimiento = r.id_requerimiento ORDER BY ev.id_evento DESC LIMIT 1)"
);

/// Employees a requirement stopped reaching (disabling, moves, bajas).
pub static AFFECTED: TableDef = TableDef {
    name: "afectados",
    from: "plan_historial_empleados h
        JOIN empleados e ON e.cve_empleado = h.cve_empleado
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
        Column::text("fecha", "Fecha", "h.fecha"),
        Column::fixed(
            "motivo",
            "Motivo",
            "h.motivo",
            Kind::Text,
            &[
                ("deshabilitado", "Deshabilitado"),
                ("cambio_adscripcion", "Cambio de adscripción"),
                ("baja", "Baja"),
            ],
        ),
    ],
    date_expr: Some("h.fecha"),
    default_order: "h.id DESC",
    key: "num_empleado",
};

/// One requirement as the screens show it (same fields as the consult table's rows).
#[derive(Serialize, ToSchema, sqlx::FromRow, Clone, Debug)]
pub struct Requerimiento {
    pub id_requerimiento: i64,
    pub programa: String,
    pub cve_tema: Option<i64>,
    pub id_bloque: Option<i64>,
    pub abreviatura: Option<String>,
    pub nombre_tema: Option<String>,
    pub nombre_bloque: Option<String>,
    pub destino_tipo: String,
    pub destino_id: i64,
    pub destino_nivel: Option<i64>,
    pub destino_nombre: Option<String>,
    /// SI / NO
    pub obligatoria: String,
    pub dias_limite: Option<i64>,
    /// SI / NO
    pub habilitado: String,
    pub alcanzados: Option<i64>,
    pub creado: String,
    pub creado_por: Option<String>,
}

/// One requirement by id.
pub async fn requirement(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Option<Requerimiento>> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT r.id_requerimiento, r.programa, r.cve_tema, r.id_bloque, t.abreviatura, t.nombre_tema,
                b.nombre_bloque, r.destino_tipo, r.destino_id, r.destino_nivel, {DESTINO_NOMBRE_EXPR} AS destino_nombre,
                CASE WHEN r.obligatoria = 1 THEN 'SI' ELSE 'NO' END AS obligatoria, r.dias_limite,
                CASE WHEN r.habilitado = 1 THEN 'SI' ELSE 'NO' END AS habilitado,
                {ALCANZADOS_EXPR} AS alcanzados, r.creado, cr.nombre_empleado AS creado_por
         FROM plan_requerimientos r
         LEFT JOIN temas t ON t.cve_tema = r.cve_tema
         LEFT JOIN bloques b ON b.id_bloque = r.id_bloque
         LEFT JOIN empleados cr ON cr.cve_empleado = r.creado_por
         WHERE r.id_requerimiento = ?"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// The raw fields of a requirement the rules need.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct RequirementRow {
    pub id_requerimiento: i64,
    pub programa: String,
    pub destino_tipo: String,
    pub destino_id: i64,
    pub obligatoria: i64,
    pub dias_limite: Option<i64>,
    pub habilitado: i64,
}

/// The raw fields of one requirement.
pub async fn requirement_row(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Option<RequirementRow>> {
    sqlx::query_as(
        "SELECT id_requerimiento, programa, destino_tipo, destino_id, obligatoria, dias_limite, habilitado
         FROM plan_requerimientos WHERE id_requerimiento = ?",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
}

/// The requirement of a topic (or block) for a target, enabled or not: its id.
pub async fn existing_requirement(
    conn: &mut SqliteConnection,
    cve_tema: Option<i64>,
    id_bloque: Option<i64>,
    destino_tipo: &str,
    destino_id: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT id_requerimiento FROM plan_requerimientos
         WHERE ((cve_tema = ? AND id_bloque IS NULL) OR (id_bloque = ? AND cve_tema IS NULL))
           AND destino_tipo = ? AND destino_id = ?",
    )
    .bind(cve_tema)
    .bind(id_bloque)
    .bind(destino_tipo)
    .bind(destino_id)
    .fetch_optional(&mut *conn)
    .await
}

/// A target's display name and whether it is active (None when it does not exist).
pub async fn destino_info(
    conn: &mut SqliteConnection,
    tipo: &str,
    id: i64,
) -> sqlx::Result<Option<(String, i64)>> {
    let sql = match tipo {
        "estructura" => "SELECT nombre, activo FROM estructura WHERE cve_estructura = ?",
        "puesto" => "SELECT puesto, activo FROM puestos WHERE cve_puesto = ?",
        "planta" => "SELECT nombre, activo FROM plantas WHERE cve_planta = ?",
        _ => {
            "SELECT nombre_empleado, activo FROM empleados WHERE cve_empleado = ? AND baja_logica = 0"
        }
    };
    sqlx::query_as(sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// A new requirement; its id.
#[allow(clippy::too_many_arguments)]
pub async fn insert_requirement(
    conn: &mut SqliteConnection,
    programa: &str,
    cve_tema: Option<i64>,
    id_bloque: Option<i64>,
    destino_tipo: &str,
    destino_id: i64,
    destino_nivel: Option<i64>,
    obligatoria: bool,
    dias_limite: Option<i64>,
    creado_por: Option<i64>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plan_requerimientos (programa, cve_tema, id_bloque, destino_tipo, destino_id,
             destino_nivel, obligatoria, dias_limite, habilitado, creado, creado_por, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) RETURNING id_requerimiento",
    )
    .bind(programa)
    .bind(cve_tema)
    .bind(id_bloque)
    .bind(destino_tipo)
    .bind(destino_id)
    .bind(destino_nivel)
    .bind(i64::from(obligatoria))
    .bind(dias_limite)
    .bind(now)
    .bind(creado_por)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Sets obligatoria and dias_limite.
pub async fn update_terms(
    conn: &mut SqliteConnection,
    id: i64,
    obligatoria: bool,
    dias_limite: Option<i64>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE plan_requerimientos SET obligatoria = ?, dias_limite = ?, actualizado = ?
         WHERE id_requerimiento = ?",
    )
    .bind(i64::from(obligatoria))
    .bind(dias_limite)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Stores the changed fields of an 'editar' event.
pub async fn set_event_detail(
    conn: &mut SqliteConnection,
    id_evento: i64,
    detalle: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE plan_requerimientos_eventos SET detalle = ? WHERE id_evento = ?")
        .bind(detalle)
        .bind(id_evento)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// One event of a requirement as the history shows it.
#[derive(Serialize, ToSchema, sqlx::FromRow, Clone, Debug)]
pub struct EventoRequerimiento {
    pub id_evento: i64,
    pub accion: String,
    pub fecha: String,
    pub actor: Option<String>,
    pub motivo: Option<String>,
    pub afectados: i64,
    /// 'editar': JSON of the changed fields.
    pub detalle: Option<String>,
}

/// The events of a requirement, oldest first.
pub async fn events(
    conn: &mut SqliteConnection,
    id: i64,
) -> sqlx::Result<Vec<EventoRequerimiento>> {
    sqlx::query_as(
        "SELECT ev.id_evento, ev.accion, ev.fecha, a.nombre_empleado AS actor, ev.motivo, ev.afectados, ev.detalle
         FROM plan_requerimientos_eventos ev LEFT JOIN empleados a ON a.cve_empleado = ev.cve_actor
         WHERE ev.id_requerimiento = ? ORDER BY ev.id_evento",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
}

/// An active topic the specific-training alta offers.
#[derive(Serialize, ToSchema, sqlx::FromRow, Clone, Debug)]
pub struct TemaEspecifica {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub modalidad: Option<String>,
    pub horas: Option<f64>,
    pub meses_certificacion: Option<i64>,
}

/// Active topics whose name or abbreviation contains `q` (every active topic when None).
pub async fn active_topics(
    conn: &mut SqliteConnection,
    q: Option<&str>,
) -> sqlx::Result<Vec<TemaEspecifica>> {
    sqlx::query_as(
        "SELECT cve_tema, abreviatura, nombre_tema, modalidad,
                CAST(dias_duracion * horas_sesion AS REAL) AS horas, meses_certificacion
         FROM temas
         WHERE activo = 1 AND (? IS NULL OR lower(nombre_tema) LIKE ? OR lower(abreviatura) LIKE ?)
         ORDER BY nombre_tema",
    )
    .bind(q)
    .bind(q.map(|v| format!("%{}%", v.to_lowercase())))
    .bind(q.map(|v| format!("%{}%", v.to_lowercase())))
    .fetch_all(&mut *conn)
    .await
}

/// The enabled topics of a plant, by name.
pub async fn plant_topics<'e>(
    e: impl SqliteExecutor<'e>,
    cve_planta: i64,
) -> sqlx::Result<Vec<TemaRef>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM plan_requerimientos r
         JOIN temas t ON t.cve_tema = r.cve_tema
         WHERE r.destino_tipo = 'planta' AND r.destino_id = ? AND r.habilitado = 1
         ORDER BY t.nombre_tema",
    )
    .bind(cve_planta)
    .fetch_all(e)
    .await
}

/// Every topic requirement of a plant, enabled or not: (id_requerimiento, cve_tema, habilitado).
pub async fn plant_requirement_rows(
    conn: &mut SqliteConnection,
    cve_planta: i64,
) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT id_requerimiento, cve_tema, habilitado FROM plan_requerimientos
         WHERE destino_tipo = 'planta' AND destino_id = ? AND cve_tema IS NOT NULL
         ORDER BY id_requerimiento",
    )
    .bind(cve_planta)
    .fetch_all(&mut *conn)
    .await
}

/// A new mandatory plant requirement; its id.
pub async fn insert_plant_requirement(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    cve_planta: i64,
    creado_por: Option<i64>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plan_requerimientos (programa, cve_tema, destino_tipo, destino_id, obligatoria,
             habilitado, creado, creado_por, actualizado)
         VALUES ('planta', ?, 'planta', ?, 1, 1, ?, ?, ?) RETURNING id_requerimiento",
    )
    .bind(cve_tema)
    .bind(cve_planta)
    .bind(now)
    .bind(creado_por)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Enables or disables a requirement.
pub async fn set_requirement_enabled(
    conn: &mut SqliteConnection,
    id: i64,
    habilitado: bool,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE plan_requerimientos SET habilitado = ?, actualizado = ? WHERE id_requerimiento = ?",
    )
    .bind(i64::from(habilitado))
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A requirement event; its id.
pub async fn insert_event(
    conn: &mut SqliteConnection,
    id_requerimiento: i64,
    accion: &str,
    fecha: &str,
    cve_actor: Option<i64>,
    motivo: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plan_requerimientos_eventos (id_requerimiento, accion, fecha, cve_actor, motivo)
         VALUES (?, ?, ?, ?, ?) RETURNING id_evento",
    )
    .bind(id_requerimiento)
    .bind(accion)
    .bind(fecha)
    .bind(cve_actor)
    .bind(motivo)
    .fetch_one(&mut *conn)
    .await
}

/// Stores how many employees an event affected.
pub async fn set_event_affected(
    conn: &mut SqliteConnection,
    id_evento: i64,
    afectados: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE plan_requerimientos_eventos SET afectados = ? WHERE id_evento = ?")
        .bind(afectados)
        .bind(id_evento)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A block's name (None without the block).
pub async fn block_name(
    conn: &mut SqliteConnection,
    id_bloque: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT nombre_bloque FROM bloques WHERE id_bloque = ?")
        .bind(id_bloque)
        .fetch_optional(&mut *conn)
        .await
}

/// Enabled targets of a block's assignments: (destino_tipo, destino_id).
pub async fn block_destinos(
    conn: &mut SqliteConnection,
    id_bloque: i64,
) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT destino_tipo, destino_id FROM plan_requerimientos
         WHERE id_bloque = ? AND habilitado = 1 ORDER BY id_requerimiento",
    )
    .bind(id_bloque)
    .fetch_all(&mut *conn)
    .await
}

/// Active topics of a block in `eb`, and those the employee holds today (needs `hoy`).
const BLOQUE_TOTAL: &str = "(SELECT COUNT(*) FROM bloques_temas bt JOIN temas tt ON tt.cve_tema = bt.cve_tema AND tt.activo = 1 WHERE bt.id_bloque = eb.id_bloque)";
/// Topics of the block in `eb` the employee holds today.
const BLOQUE_ACREDITADOS: &str = concat!(
    "(SELECT COUNT(*) FROM bloques_temas bt JOIN temas tt ON tt.cve_tema = bt.cve_tema AND tt.activo = 1 ",
    "JOIN plan_estado_temas x ON x.cve_empleado = eb.cve_empleado AND x.cve_tema = bt.cve_tema ",
    "WHERE bt.id_bloque = eb.id_bloque AND ",
    crate::plans::db::acreditado_sql!("x"),
    ")"
);
/// Progress percent, one decimal.
const BLOQUE_PORCENTAJE: &str = concat!(
    "(SELECT CASE WHEN tot = 0 THEN 0.0 ELSE ROUND(acr * 100.0 / tot, 1) END FROM (SELECT ",
    "(SELECT COUNT(*) FROM bloques_temas bt JOIN temas tt ON tt.cve_tema = bt.cve_tema AND tt.activo = 1 WHERE bt.id_bloque = eb.id_bloque) AS tot, ",
    "(SELECT COUNT(*) FROM bloques_temas bt JOIN temas tt ON tt.cve_tema = bt.cve_tema AND tt.activo = 1 ",
    "JOIN plan_estado_temas x ON x.cve_empleado = eb.cve_empleado AND x.cve_tema = bt.cve_tema ",
    "WHERE bt.id_bloque = eb.id_bloque AND ",
    crate::plans::db::acreditado_sql!("x"),
    ") AS acr))"
);
/// "1" when every topic of the block is held.
const BLOQUE_ESTATUS: &str = concat!(
    "(SELECT CASE WHEN tot > 0 AND acr = tot THEN '1' ELSE '0' END FROM (SELECT ",
    "(SELECT COUNT(*) FROM bloques_temas bt JOIN temas tt ON tt.cve_tema = bt.cve_tema AND tt.activo = 1 WHERE bt.id_bloque = eb.id_bloque) AS tot, ",
    "(SELECT COUNT(*) FROM bloques_temas bt JOIN temas tt ON tt.cve_tema = bt.cve_tema AND tt.activo = 1 ",
    "JOIN plan_estado_temas x ON x.cve_empleado = eb.cve_empleado AND x.cve_tema = bt.cve_tema ",
    "WHERE bt.id_bloque = eb.id_bloque AND ",
    crate::plans::db::acreditado_sql!("x"),
    ") AS acr))"
);

/// Training by blocks: every active employee an enabled block assignment reaches (by
/// position or individually, counted once) with their progress in it. Needs `hoy`.
pub static BLOCKS_HISTORY: TableDef = TableDef {
    name: "capacitacion_bloques",
    from: "(SELECT DISTINCT em.cve_empleado, r.id_bloque FROM plan_requerimientos r
            JOIN empleados em ON em.activo = 1 AND em.baja_logica = 0
             AND ((r.destino_tipo = 'puesto' AND em.cve_puesto = r.destino_id)
               OR (r.destino_tipo = 'empleado' AND em.cve_empleado = r.destino_id))
            WHERE r.id_bloque IS NOT NULL AND r.habilitado = 1) eb
        JOIN empleados e ON e.cve_empleado = eb.cve_empleado
        JOIN bloques b ON b.id_bloque = eb.id_bloque
        LEFT JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::text("num_empleado", "Número de empleado", "e.num_empleado"),
        Column::text("nombre_empleado", "Nombre", "e.nombre_empleado"),
        Column::text("nombre_bloque", "Bloque", "b.nombre_bloque"),
        Column::text(
            "nombre_tipo_bloque",
            "Tipo de bloque",
            "tb.nombre_tipo_bloque",
        ),
        Column::plain("total_temas", "Temas", BLOQUE_TOTAL, Kind::Int),
        Column::plain("acreditados", "Acreditados", BLOQUE_ACREDITADOS, Kind::Int),
        Column::plain(
            "porcentaje_avance",
            "Avance (%)",
            BLOQUE_PORCENTAJE,
            Kind::Real,
        ),
        Column::plain("estatus", "Terminado", BLOQUE_ESTATUS, Kind::Text),
    ],
    date_expr: None,
    default_order: "e.nombre_empleado, b.nombre_bloque",
    key: "num_empleado",
};
