//! All SQL of the indicators: progress against the plans' targets computed on each call from
//! the plans, catalogues, courses and employees domains' tables, within the caller's scope
//! and the screen's filters (structure node, plant, period).

use serde::Serialize;
use sqlx::{AssertSqlSafe, FromRow, SqliteConnection};
use utoipa::ToSchema;

use crate::dashboard::db::Alcance;

/// Tables this domain owns: none (it only reads).
pub const TABLES: &[&str] = &[];
/// Tables of other domains it reads: the people and their place (empleados, estructura,
/// plantas), the catalogues that group topics (temas, grupos_temas, grupos_temas_temas,
/// bloques, bloques_temas, tipos_bloque), the plans (plan_empleados_temas,
/// plan_estado_temas, plan_acreditaciones) and the courses (cursos, cursos_inscripciones).
pub const READS: &[&str] = &[
    "empleados",
    "estructura",
    "plantas",
    "temas",
    "grupos_temas",
    "grupos_temas_temas",
    "bloques",
    "bloques_temas",
    "tipos_bloque",
    "plan_empleados_temas",
    "plan_estado_temas",
    "plan_acreditaciones",
    "cursos",
    "cursos_inscripciones",
];

/// The people and period an indicator covers.
#[derive(Clone, Debug)]
pub struct Corte {
    pub alcance: Alcance,
    /// A structure node of any level (N2–N7): its people only.
    pub nodo: Option<i64>,
    pub planta: Option<i64>,
    /// AAAA-MM-DD, inclusive.
    pub desde: String,
    pub hasta: String,
    /// The company's today (a topic is accredited when its validity reaches it).
    pub hoy: String,
    /// Only the mandatory topics of the plans.
    pub solo_obligatorios: bool,
}

impl Corte {
    /// `WITH RECURSIVE alcance…, gente(cve)` and its binds (in order).
    fn gente(&self) -> (String, Vec<Option<i64>>) {
        let (cte, b) = self.alcance.cte();
        (
            format!(
                "{cte}, gente(cve) AS (
                    SELECT e.cve_empleado FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado
                    WHERE e.activo = 1 AND e.baja_logica = 0
                      AND (? IS NULL OR e.n2 = ? OR e.n3 = ? OR e.n4 = ? OR e.n5 = ? OR e.n6 = ? OR e.n7 = ?)
                      AND (? IS NULL OR e.cve_planta = ?))"
            ),
            // The node and the plant are bound once per `?`.
            vec![
                b,
                self.nodo,
                self.nodo,
                self.nodo,
                self.nodo,
                self.nodo,
                self.nodo,
                self.nodo,
                self.planta,
                self.planta,
            ],
        )
    }

    /// `gente` plus `pares(cve_empleado, cve_tema, vigencia, reprobado, fecha_acreditacion)`:
    /// the plan's topics of those people.
    fn pares(&self) -> (String, Vec<Option<i64>>) {
        let (g, binds) = self.gente();
        (
            format!(
                "{g}, pares AS (
                    SELECT p.cve_empleado, p.cve_tema, p.vigencia, p.reprobado, x.fecha_acreditacion
                    FROM plan_empleados_temas p JOIN gente g ON g.cve = p.cve_empleado
                    LEFT JOIN plan_estado_temas x ON x.cve_empleado = p.cve_empleado AND x.cve_tema = p.cve_tema
                    WHERE p.obligatoria = 1 OR {})",
                if self.solo_obligatorios { "0" } else { "1" }
            ),
            binds,
        )
    }
}

/// Runs a query that starts with the cut's CTEs: their binds, then `tail`'s.
async fn fetch<T>(
    conn: &mut SqliteConnection,
    sql: String,
    binds: Vec<Option<i64>>,
    tail: &[&str],
) -> sqlx::Result<Vec<T>>
where
    T: for<'r> FromRow<'r, sqlx::sqlite::SqliteRow> + Send + Unpin,
{
    let mut q = sqlx::query_as::<_, T>(AssertSqlSafe(sql));
    for b in binds {
        q = q.bind(b);
    }
    for t in tail {
        q = q.bind(*t);
    }
    q.fetch_all(&mut *conn).await
}

/// What progress is counted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unidad {
    /// Topic groups (grupos de temas).
    Grupo,
    /// Course blocks.
    Bloque,
    /// Each topic: its target audience.
    Tema,
}

/// Progress of one group, block or topic against its target audience.
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Avance {
    /// The group's, block's or topic's key.
    pub id: i64,
    pub nombre: String,
    /// The block's type or the topic's abbreviation; empty for groups.
    pub detalle: String,
    /// Topics it holds.
    pub temas: i64,
    /// People whose plan holds at least one of its topics.
    pub audiencia: i64,
    /// Person-topic pairs required.
    pub requeridos: i64,
    /// Pairs accredited and valid today.
    pub acreditados: i64,
    /// Pairs whose accreditation expired.
    pub vencidos: i64,
    /// Pairs whose last attempt failed.
    pub reprobados: i64,
    /// Pairs without a valid accreditation.
    pub pendientes: i64,
    /// Pairs accredited (best pass) within the period.
    pub acreditados_periodo: i64,
    /// People with every one of its topics accredited.
    pub completos: i64,
    /// acreditados / requeridos, in percent with one decimal (0 without any).
    pub porcentaje: f64,
}

/// Progress per group, block or topic (topics only when someone's plan holds them; groups
/// and blocks all the active ones), by name.
pub async fn avance(
    conn: &mut SqliteConnection,
    corte: &Corte,
    unidad: Unidad,
) -> sqlx::Result<Vec<Avance>> {
    let (pares, binds) = corte.pares();
    let (key, join, units, outer) = match unidad {
        Unidad::Grupo => (
            "gt.id_grupo",
            "JOIN grupos_temas_temas gt ON gt.cve_tema = t.cve_tema",
            "SELECT g.id_grupo AS id, g.nombre AS nombre, '' AS detalle,
                (SELECT COUNT(*) FROM grupos_temas_temas x WHERE x.id_grupo = g.id_grupo) AS temas
             FROM grupos_temas g WHERE g.activo = 1",
            "LEFT",
        ),
        Unidad::Bloque => (
            "bt.id_bloque",
            "JOIN bloques_temas bt ON bt.cve_tema = t.cve_tema",
            "SELECT b.id_bloque AS id, b.nombre_bloque AS nombre, tb.nombre_tipo_bloque AS detalle,
                (SELECT COUNT(*) FROM bloques_temas x WHERE x.id_bloque = b.id_bloque) AS temas
             FROM bloques b JOIN tipos_bloque tb ON tb.id_tipo_bloque = b.id_tipo_bloque WHERE b.activo = 1",
            "LEFT",
        ),
        Unidad::Tema => (
            "t.cve_tema",
            "",
            "SELECT tm.cve_tema AS id, tm.nombre_tema AS nombre, tm.abreviatura AS detalle, 1 AS temas
             FROM temas tm",
            "",
        ),
    };
    let sql = format!(
        "{pares},
         por_persona AS (
            SELECT {key} AS u, t.cve_empleado, COUNT(*) AS req,
                SUM(CASE WHEN t.vigencia >= ? THEN 1 ELSE 0 END) AS acr,
                SUM(CASE WHEN t.vigencia < ? THEN 1 ELSE 0 END) AS venc,
                SUM(CASE WHEN t.reprobado = 1 THEN 1 ELSE 0 END) AS repr,
                SUM(CASE WHEN t.fecha_acreditacion >= ? AND t.fecha_acreditacion <= ? THEN 1 ELSE 0 END) AS per
            FROM pares t {join} GROUP BY u, t.cve_empleado),
         agg AS (
            SELECT u, COUNT(*) AS audiencia, SUM(req) AS requeridos, SUM(acr) AS acreditados,
                SUM(venc) AS vencidos, SUM(repr) AS reprobados, SUM(per) AS acreditados_periodo,
                SUM(CASE WHEN acr = req THEN 1 ELSE 0 END) AS completos
            FROM por_persona GROUP BY u),
         unidades AS ({units})
         SELECT n.id, n.nombre, n.detalle, n.temas,
            COALESCE(agg.audiencia, 0) AS audiencia, COALESCE(agg.requeridos, 0) AS requeridos,
            COALESCE(agg.acreditados, 0) AS acreditados, COALESCE(agg.vencidos, 0) AS vencidos,
            COALESCE(agg.reprobados, 0) AS reprobados,
            COALESCE(agg.requeridos - agg.acreditados, 0) AS pendientes,
            COALESCE(agg.acreditados_periodo, 0) AS acreditados_periodo,
            COALESCE(agg.completos, 0) AS completos,
            CASE WHEN COALESCE(agg.requeridos, 0) = 0 THEN 0.0
                 ELSE ROUND(agg.acreditados * 100.0 / agg.requeridos, 1) END AS porcentaje
         FROM unidades n {outer} JOIN agg ON agg.u = n.id
         ORDER BY n.nombre, n.id"
    );
    fetch(
        conn,
        sql,
        binds,
        &[
            corte.hoy.as_str(),
            corte.hoy.as_str(),
            corte.desde.as_str(),
            corte.hasta.as_str(),
        ],
    )
    .await
}

/// Accreditations of a month (AAAA-MM): passed and failed attempts.
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Mes {
    pub mes: String,
    pub acreditados: i64,
    pub no_acreditados: i64,
}

/// The attempts recorded in the ledger within the period, per month.
pub async fn per_month(conn: &mut SqliteConnection, corte: &Corte) -> sqlx::Result<Vec<Mes>> {
    let (g, binds) = corte.gente();
    let sql = format!(
        "{g} SELECT substr(a.fecha, 1, 7) AS mes,
            SUM(CASE WHEN a.acreditado = 1 THEN 1 ELSE 0 END) AS acreditados,
            SUM(CASE WHEN a.acreditado = 1 THEN 0 ELSE 1 END) AS no_acreditados
         FROM plan_acreditaciones a JOIN gente g ON g.cve = a.cve_empleado
         WHERE a.fecha >= ? AND a.fecha <= ?
         GROUP BY mes ORDER BY mes"
    );
    fetch(
        conn,
        sql,
        binds,
        &[corte.desde.as_str(), corte.hasta.as_str()],
    )
    .await
}

/// Compliance of a group of people (a plant or a structure node).
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Cumplimiento {
    pub id: i64,
    pub nombre: String,
    pub requeridos: i64,
    pub acreditados: i64,
    pub porcentaje: f64,
}

/// How compliance is split.
#[derive(Clone, Copy, Debug)]
pub enum Reparto {
    Planta,
    /// The nodes of a level (2–7).
    Nivel(u8),
}

/// Compliance of the plans' topics per plant or per node of a level.
pub async fn compliance(
    conn: &mut SqliteConnection,
    corte: &Corte,
    reparto: Reparto,
) -> sqlx::Result<Vec<Cumplimiento>> {
    let (pares, binds) = corte.pares();
    let (col, join, name) = match reparto {
        Reparto::Planta => (
            "e.cve_planta".to_string(),
            "JOIN plantas u ON u.cve_planta = e.cve_planta".to_string(),
            "u.nombre",
        ),
        Reparto::Nivel(n) => {
            let n = n.clamp(2, 7);
            (
                format!("e.n{n}"),
                format!("JOIN estructura u ON u.cve_estructura = e.n{n}"),
                "u.nombre",
            )
        }
    };
    let sql = format!(
        "{pares} SELECT {col} AS id, {name} AS nombre, COUNT(*) AS requeridos,
            SUM(CASE WHEN t.vigencia >= ? THEN 1 ELSE 0 END) AS acreditados,
            ROUND(SUM(CASE WHEN t.vigencia >= ? THEN 1 ELSE 0 END) * 100.0 / COUNT(*), 1) AS porcentaje
         FROM pares t JOIN empleados e ON e.cve_empleado = t.cve_empleado {join}
         GROUP BY {col} ORDER BY {name}"
    );
    fetch(conn, sql, binds, &[corte.hoy.as_str(), corte.hoy.as_str()]).await
}

/// Courses of a modality within the period that people in the cut attended.
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Modalidad {
    pub modalidad: String,
    pub cursos: i64,
    /// Seats of people in the cut.
    pub participantes: i64,
    /// Training hours of those seats (the topic's days × hours per session).
    pub horas: f64,
}

/// Courses not cancelled starting within the period with seats of people in the cut, per
/// modality.
pub async fn per_modality(
    conn: &mut SqliteConnection,
    corte: &Corte,
) -> sqlx::Result<Vec<Modalidad>> {
    let (g, binds) = corte.gente();
    let sql = format!(
        "{g} SELECT c.modalidad, COUNT(DISTINCT c.cve_curso) AS cursos, COUNT(*) AS participantes,
            COALESCE(SUM(t.dias_duracion * t.horas_sesion), 0.0) AS horas
         FROM cursos_inscripciones i JOIN gente g ON g.cve = i.cve_empleado
         JOIN cursos c ON c.cve_curso = i.cve_curso JOIN temas t ON t.cve_tema = c.cve_tema
         WHERE i.estatus = 'inscrito' AND c.estatus <> 'cancelado'
           AND c.fecha_inicio >= ? AND c.fecha_inicio <= ?
         GROUP BY c.modalidad ORDER BY c.modalidad"
    );
    fetch(
        conn,
        sql,
        binds,
        &[corte.desde.as_str(), corte.hasta.as_str()],
    )
    .await
}

/// A structure node one may filter by.
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Nodo {
    pub cve_estructura: i64,
    pub nivel: i64,
    pub nombre: String,
    pub cve_padre: Option<i64>,
}

/// A plant one may filter by.
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Planta {
    pub cve_planta: i64,
    pub nombre_planta: String,
}

/// The nodes and plants where the people in scope are.
pub async fn options(
    conn: &mut SqliteConnection,
    alcance: Alcance,
) -> sqlx::Result<(Vec<Nodo>, Vec<Planta>)> {
    let (cte, b) = alcance.cte();
    let nodos = sqlx::query_as::<_, Nodo>(AssertSqlSafe(format!(
        "{cte}, usados(cve) AS (
            SELECT e.n2 FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado
            UNION SELECT e.n3 FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado
            UNION SELECT e.n4 FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado
            UNION SELECT e.n5 FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado
            UNION SELECT e.n6 FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado
            UNION SELECT e.n7 FROM empleados e JOIN alcance a ON a.cve = e.cve_empleado)
         SELECT s.cve_estructura, s.nivel, s.nombre, s.cve_padre FROM estructura s
         JOIN usados u ON u.cve = s.cve_estructura
         WHERE s.activo = 1 ORDER BY s.nivel, s.nombre"
    )))
    .bind(b)
    .fetch_all(&mut *conn)
    .await?;
    let plantas = sqlx::query_as::<_, Planta>(AssertSqlSafe(format!(
        "{cte} SELECT DISTINCT p.cve_planta, p.nombre AS nombre_planta FROM plantas p
         JOIN empleados e ON e.cve_planta = p.cve_planta JOIN alcance a ON a.cve = e.cve_empleado
         ORDER BY nombre_planta"
    )))
    .bind(b)
    .fetch_all(&mut *conn)
    .await?;
    Ok((nodos, plantas))
}
