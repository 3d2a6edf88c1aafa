//! All SQL of the dashboard: figures computed on each call from the courses, plans and
//! employees domains' tables (never stored counters that drift), within the caller's scope.

use serde::Serialize;
use sqlx::{AssertSqlSafe, FromRow, SqliteConnection};
use utoipa::ToSchema;

pub mod anuncios;

/// Tables this domain owns (see docs/architecture.md).
pub const TABLES: &[&str] = &["tareas"];

/// Tables of other domains this one reads: the people in scope and their place (empleados,
/// estructura, estados, puestos, plantas — the plant's city for the weather; the default
/// profile's name from usuarios_perfiles and
/// perfiles), the courses and their seats (cursos, cursos_inscripciones), the plans
/// (plan_empleados_temas, plan_estado_temas) and the accreditation ledger
/// (plan_acreditaciones).
pub const READS: &[&str] = &[
    "empleados",
    "estructura",
    "estados",
    "puestos",
    "plantas",
    "usuarios_perfiles",
    "perfiles",
    "cursos",
    "cursos_inscripciones",
    "plan_empleados_temas",
    "plan_estado_temas",
    "plan_acreditaciones",
    "plan_ranking",
];

/// Who a query covers: every active employee, or a list given by a CTE named `alcance(cve)`.
#[derive(Clone, Copy, Debug)]
pub enum Alcance {
    Todos,
    /// The direct and indirect subordinates of this employee.
    Equipo(i64),
    /// This employee alone.
    Uno(i64),
}

impl Alcance {
    /// `WITH RECURSIVE …` naming `alcance(cve)`, and its one bind (NULL for Todos).
    pub fn cte(self) -> (&'static str, Option<i64>) {
        match self {
            Alcance::Todos => (
                // The placeholder takes the NULL every variant binds, so that all take one.
                "WITH RECURSIVE alcance(cve) AS (SELECT cve_empleado FROM empleados
                    WHERE activo = 1 AND baja_logica = 0 AND ? IS NULL)",
                None,
            ),
            Alcance::Equipo(me) => (
                "WITH RECURSIVE equipo(cve) AS (
                    SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
                    UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve
                 ), alcance(cve) AS (SELECT e.cve_empleado FROM empleados e JOIN equipo q ON q.cve = e.cve_empleado
                    WHERE e.activo = 1 AND e.baja_logica = 0)",
                Some(me),
            ),
            Alcance::Uno(me) => ("WITH RECURSIVE alcance(cve) AS (SELECT ?)", Some(me)),
        }
    }

    /// The courses condition on `c`: every course for Todos, else those with a seat of
    /// someone in scope.
    fn cursos(self) -> &'static str {
        match self {
            Alcance::Todos => "1 = 1",
            _ => {
                "EXISTS (SELECT 1 FROM cursos_inscripciones i JOIN alcance a ON a.cve = i.cve_empleado
                   WHERE i.cve_curso = c.cve_curso AND i.estatus = 'inscrito')"
            }
        }
    }
}

/// One figure of a query that starts with the scope's CTE: the scope's bind, then `binds`.
async fn figure<T>(
    conn: &mut SqliteConnection,
    sql: &str,
    alcance: Alcance,
    binds: &[Option<&str>],
) -> sqlx::Result<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite> + Send + Unpin,
{
    let mut q = sqlx::query_scalar::<_, T>(sqlx::AssertSqlSafe(sql)).bind(alcance.cte().1);
    for b in binds {
        q = q.bind(*b);
    }
    q.fetch_one(&mut *conn).await
}

/// Courses not cancelled overlapping [desde, hasta], of a modality when given.
pub async fn courses_between(
    conn: &mut SqliteConnection,
    alcance: Alcance,
    desde: &str,
    hasta: &str,
    modalidad: Option<&str>,
) -> sqlx::Result<i64> {
    let sql = format!(
        "{} SELECT COUNT(*) FROM cursos c
         WHERE c.estatus <> 'cancelado' AND c.fecha_inicio <= ? AND c.fecha_fin >= ?
           AND (? IS NULL OR c.modalidad = ?) AND {}",
        alcance.cte().0,
        alcance.cursos()
    );
    let binds = [Some(hasta), Some(desde), modalidad, modalidad];
    figure(conn, &sql, alcance, &binds).await
}

/// The costs in pesos of the courses not cancelled that start within [desde, hasta]: each
/// course's total is in centavos of its currency, times its exchange rate when not MXN.
pub async fn course_costs(
    conn: &mut SqliteConnection,
    alcance: Alcance,
    desde: &str,
    hasta: &str,
) -> sqlx::Result<f64> {
    let sql = format!(
        "{} SELECT COALESCE(SUM(c.costo_total * (CASE WHEN c.moneda = 'MXN' THEN 1.0 ELSE c.tipo_cambio END)), 0.0) / 100.0 FROM cursos c
         WHERE c.estatus <> 'cancelado' AND c.fecha_inicio >= ? AND c.fecha_inicio <= ? AND {}",
        alcance.cte().0,
        alcance.cursos()
    );
    figure(conn, &sql, alcance, &[Some(desde), Some(hasta)]).await
}

/// Valid accreditations of people in scope whose validity ends within [desde, hasta]
/// (never-expiring ones left out).
pub async fn expiring(
    conn: &mut SqliteConnection,
    alcance: Alcance,
    desde: &str,
    hasta: &str,
) -> sqlx::Result<i64> {
    // A validity is set only with a passed row (id_vigente): the range is read from the
    // validity index alone; everyone's active people are checked row by row rather than
    // gathered first.
    let sql = match alcance {
        Alcance::Todos => format!(
            "{} SELECT COUNT(*) FROM plan_estado_temas x
             JOIN empleados e ON e.cve_empleado = x.cve_empleado AND e.activo = 1 AND e.baja_logica = 0
             WHERE x.vigencia >= ? AND x.vigencia <= ? AND x.vigencia <> '9999-12-31'",
            alcance.cte().0
        ),
        _ => format!(
            "{} SELECT COUNT(*) FROM plan_estado_temas x JOIN alcance a ON a.cve = x.cve_empleado
             WHERE x.vigencia >= ? AND x.vigencia <= ? AND x.vigencia <> '9999-12-31'",
            alcance.cte().0
        ),
    };
    figure(conn, &sql, alcance, &[Some(desde), Some(hasta)]).await
}

/// Courses not cancelled starting in a year, per month and modality: (month 1–12,
/// modalidad, count).
pub async fn courses_per_month(
    conn: &mut SqliteConnection,
    alcance: Alcance,
    anio: i32,
) -> sqlx::Result<Vec<(i64, String, i64)>> {
    let sql = format!(
        "{} SELECT CAST(substr(c.fecha_inicio, 6, 2) AS INTEGER) AS mes, c.modalidad, COUNT(*) FROM cursos c
         WHERE c.estatus <> 'cancelado' AND c.fecha_inicio >= ? AND c.fecha_inicio <= ? AND {}
         GROUP BY mes, c.modalidad",
        alcance.cte().0,
        alcance.cursos()
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(alcance.cte().1)
        .bind(format!("{anio:04}-01-01"))
        .bind(format!("{anio:04}-12-31"))
        .fetch_all(&mut *conn)
        .await
}

/// A ranking row (spec section 3) before its badge.
#[derive(FromRow, Debug)]
pub struct Clasificado {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub tipo_usuario: Option<String>,
    pub puesto: Option<String>,
    pub total_cursos: i64,
}

/// The people in scope with the most passed accreditations dated in a period (its key in
/// `plan_ranking`, the ledger's counts kept by triggers), most first (ties by name), `limite`
/// at most. For everyone, the `limite`-th count among active people is found down the
/// counts' index first, so that only those reaching it are sorted by name.
pub async fn ranking(
    conn: &mut SqliteConnection,
    alcance: Alcance,
    periodo: &str,
    limite: i64,
) -> sqlx::Result<Vec<Clasificado>> {
    const COLS: &str = "SELECT e.cve_empleado, e.nombre_empleado, pf.perfil AS tipo_usuario, p.puesto, r.total AS total_cursos";
    const JOINS: &str = "LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         LEFT JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.predeterminado = 1
         LEFT JOIN perfiles pf ON pf.idperfil = up.idperfil";
    const ORDEN: &str = "ORDER BY r.total DESC, e.nombre_empleado, e.cve_empleado LIMIT ?";
    match alcance {
        Alcance::Todos => {
            let sql = format!(
                "WITH corte(t) AS (SELECT COALESCE((
                    SELECT r.total FROM plan_ranking r JOIN empleados e ON e.cve_empleado = r.cve_empleado
                    WHERE r.periodo = ? AND e.activo = 1 AND e.baja_logica = 0
                    ORDER BY r.total DESC LIMIT 1 OFFSET ?), 1))
                 {COLS} FROM plan_ranking r JOIN empleados e ON e.cve_empleado = r.cve_empleado {JOINS}
                 WHERE r.periodo = ? AND r.total >= (SELECT t FROM corte) AND e.activo = 1 AND e.baja_logica = 0
                 {ORDEN}"
            );
            sqlx::query_as(AssertSqlSafe(sql))
                .bind(periodo)
                .bind((limite - 1).max(0))
                .bind(periodo)
                .bind(limite)
                .fetch_all(&mut *conn)
                .await
        }
        _ => {
            let sql = format!(
                "{} {COLS} FROM alcance s JOIN plan_ranking r ON r.periodo = ? AND r.cve_empleado = s.cve
                 JOIN empleados e ON e.cve_empleado = s.cve {JOINS} {ORDEN}",
                alcance.cte().0
            );
            sqlx::query_as(AssertSqlSafe(sql))
                .bind(alcance.cte().1)
                .bind(periodo)
                .bind(limite)
                .fetch_all(&mut *conn)
                .await
        }
    }
}

/// One's place among all active people by passed accreditations dated in a period (its key
/// in `plan_ranking`): one more than the active people with more; people with as many share
/// the place. None without any. Counted down the counts' index, the inactive among those
/// ahead found through their own partial index.
pub async fn place_of(
    conn: &mut SqliteConnection,
    cve: i64,
    periodo: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "WITH yo(total) AS (
            SELECT r.total FROM plan_ranking r
            JOIN empleados e ON e.cve_empleado = r.cve_empleado AND e.activo = 1 AND e.baja_logica = 0
            WHERE r.periodo = ?1 AND r.cve_empleado = ?2)
         SELECT 1 + (SELECT COUNT(*) FROM plan_ranking r WHERE r.periodo = ?1 AND r.total > yo.total)
                  - (SELECT COUNT(*) FROM empleados e
                     JOIN plan_ranking r ON r.periodo = ?1 AND r.cve_empleado = e.cve_empleado
                     WHERE NOT (e.activo = 1 AND e.baja_logica = 0) AND r.total > yo.total)
         FROM yo",
    )
    .bind(periodo)
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await
}

/// Compliance of a group: its required topics and how many are accredited today.
#[derive(FromRow, Debug)]
pub struct Avance {
    pub grupo: String,
    pub requeridos: i64,
    pub acreditados: i64,
}

/// Required topics of the people in scope and those accredited on `hoy`, per N2 node
/// (`por` = "n2") or per state (`por` = "estado").
pub async fn compliance_by(
    conn: &mut SqliteConnection,
    alcance: Alcance,
    por: Agrupar,
    hoy: &str,
) -> sqlx::Result<Vec<Avance>> {
    let (join, grupo) = match por {
        Agrupar::N2 => ("JOIN estructura g ON g.cve_estructura = e.n2", "g.nombre"),
        Agrupar::Estado => ("JOIN estados g ON g.cve_estado = e.cve_estado", "g.estado"),
    };
    let sql = format!(
        "{} SELECT {grupo} AS grupo, COUNT(*) AS requeridos,
                SUM(CASE WHEN p.vigencia >= ? THEN 1 ELSE 0 END) AS acreditados
         FROM plan_empleados_temas p JOIN alcance a ON a.cve = p.cve_empleado
         JOIN empleados e ON e.cve_empleado = p.cve_empleado {join}
         WHERE p.obligatoria = 1
         GROUP BY {grupo} ORDER BY {grupo}",
        alcance.cte().0
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(alcance.cte().1)
        .bind(hoy)
        .fetch_all(&mut *conn)
        .await
}

/// How compliance is grouped.
#[derive(Clone, Copy, Debug)]
pub enum Agrupar {
    N2,
    Estado,
}

/// A course one passed (spec section 3, Accredited course).
#[derive(Serialize, ToSchema, FromRow, Debug)]
pub struct CursoAcreditado {
    pub nombre: String,
    pub cve_curso: i64,
    pub cve_empleado: i64,
    /// The course's modality code (1 presencial, 2 virtual, 3 streaming, 4 e-learning,
    /// 5 autoestudio).
    pub cve_sap_modalidad: i64,
}

/// The closed courses an employee passed, newest first.
pub async fn passed_courses(
    conn: &mut SqliteConnection,
    cve: i64,
) -> sqlx::Result<Vec<CursoAcreditado>> {
    sqlx::query_as(
        "SELECT c.nombre_corto AS nombre, c.cve_curso, i.cve_empleado,
                CASE c.modalidad WHEN 'PRESENCIAL' THEN 1 WHEN 'VIRTUAL' THEN 2 WHEN 'STREAMING' THEN 3
                                 WHEN 'E_LEARNING' THEN 4 ELSE 5 END AS cve_sap_modalidad
         FROM cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso
         WHERE i.cve_empleado = ? AND i.estatus = 'inscrito' AND i.acreditado = 1 AND c.estatus = 'cerrado'
         ORDER BY c.fecha_fin DESC, c.cve_curso DESC",
    )
    .bind(cve)
    .fetch_all(&mut *conn)
    .await
}

/// A task (spec section 3, Task).
#[derive(Serialize, ToSchema, FromRow, Debug, Clone)]
pub struct Tarea {
    pub id: i64,
    pub title: String,
    pub description: String,
    /// AAAA-MM-DD.
    #[serde(rename = "dueDate")]
    #[sqlx(rename = "fecha_limite")]
    pub due_date: String,
    /// Whose task it is.
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    /// Who wrote it.
    pub creado_por: i64,
    pub nombre_creador: String,
    /// pendiente | terminada
    pub status: String,
    pub done: bool,
}

const TAREA_COLS: &str =
    "SELECT t.id, t.titulo AS title, t.descripcion AS description, t.fecha_limite,
        t.cve_empleado, e.nombre_empleado, t.creado_por, c.nombre_empleado AS nombre_creador,
        CASE WHEN t.hecha = 1 THEN 'terminada' ELSE 'pendiente' END AS status, t.hecha = 1 AS done
     FROM tareas t JOIN empleados e ON e.cve_empleado = t.cve_empleado
     JOIN empleados c ON c.cve_empleado = t.creado_por";

/// One's tasks and those one assigned to others: pending first, by due date.
pub async fn tasks_of(conn: &mut SqliteConnection, cve: i64) -> sqlx::Result<Vec<Tarea>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{TAREA_COLS} WHERE t.cve_empleado = ? OR t.creado_por = ?
         ORDER BY t.hecha, t.fecha_limite, t.id"
    )))
    .bind(cve)
    .bind(cve)
    .fetch_all(&mut *conn)
    .await
}

/// One task.
pub async fn task(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Tarea>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{TAREA_COLS} WHERE t.id = ?")))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// What a task's form writes.
pub struct TareaFila<'a> {
    pub cve_empleado: i64,
    pub titulo: &'a str,
    pub descripcion: &'a str,
    pub fecha_limite: &'a str,
    pub hecha: bool,
}

/// Inserts a task written by `por`; its id.
pub async fn insert_task(
    conn: &mut SqliteConnection,
    t: &TareaFila<'_>,
    por: i64,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tareas (cve_empleado, creado_por, titulo, descripcion, fecha_limite, hecha, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(t.cve_empleado)
    .bind(por)
    .bind(t.titulo)
    .bind(t.descripcion)
    .bind(t.fecha_limite)
    .bind(t.hecha)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Rewrites a task.
pub async fn update_task(
    conn: &mut SqliteConnection,
    id: i64,
    t: &TareaFila<'_>,
    now: &str,
) -> sqlx::Result<bool> {
    Ok(sqlx::query(
        "UPDATE tareas SET cve_empleado = ?, titulo = ?, descripcion = ?, fecha_limite = ?, hecha = ?,
             actualizado = ? WHERE id = ?",
    )
    .bind(t.cve_empleado)
    .bind(t.titulo)
    .bind(t.descripcion)
    .bind(t.fecha_limite)
    .bind(t.hecha)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?
    .rows_affected()
        == 1)
}

/// Deletes a task.
pub async fn delete_task(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM tareas WHERE id = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        == 1)
}

/// A supervised employee (spec section 3).
#[derive(Serialize, ToSchema, FromRow, Debug)]
pub struct Supervisado {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
}

/// One's active direct and indirect subordinates by name, `limite` at most.
pub async fn supervised(
    conn: &mut SqliteConnection,
    boss: i64,
    limite: i64,
) -> sqlx::Result<Vec<Supervisado>> {
    sqlx::query_as(
        "WITH RECURSIVE equipo(cve) AS (
            SELECT cve_empleado FROM empleados WHERE cve_supervisor = ?
            UNION SELECT e.cve_empleado FROM empleados e JOIN equipo ON e.cve_supervisor = equipo.cve)
         SELECT e.cve_empleado, e.nombre_empleado FROM empleados e JOIN equipo q ON q.cve = e.cve_empleado
         WHERE e.activo = 1 AND e.baja_logica = 0 ORDER BY e.nombre_empleado LIMIT ?",
    )
    .bind(boss)
    .bind(limite)
    .fetch_all(&mut *conn)
    .await
}

/// An employee's name.
pub async fn name_of(conn: &mut SqliteConnection, cve: i64) -> sqlx::Result<String> {
    Ok(sqlx::query_scalar::<_, String>(
        "SELECT nombre_empleado FROM empleados WHERE cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await?
    .unwrap_or_default())
}

/// Where an employee works: their plant's city and coordinates (spec: `ciudades/empleado`).
#[derive(Serialize, ToSchema, FromRow, Debug, Clone, Default)]
pub struct Ciudad {
    /// '' when the plant has no city.
    pub nomciudad: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// The city of an employee's plant; None for an unknown employee.
pub async fn city_of(conn: &mut SqliteConnection, cve: i64) -> sqlx::Result<Option<Ciudad>> {
    sqlx::query_as(
        "SELECT COALESCE(p.ciudad, '') AS nomciudad, p.latitud AS latitude, p.longitud AS longitude
         FROM empleados e LEFT JOIN plantas p ON p.cve_planta = e.cve_planta WHERE e.cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await
}

/// The employees of ledger rows (`plan_acreditaciones`) and course seats
/// (`cursos_inscripciones`) given by rowid, for the live refresh.
pub async fn employees_of_rows(
    conn: &mut SqliteConnection,
    acreditaciones: &[i64],
    inscripciones: &[i64],
) -> sqlx::Result<Vec<(i64, &'static str)>> {
    let mut out = Vec::new();
    for (ids, sql, que) in [
        (
            acreditaciones,
            "SELECT DISTINCT cve_empleado FROM plan_acreditaciones WHERE id_acreditacion IN (SELECT value FROM json_each(?))",
            "plan",
        ),
        (
            inscripciones,
            "SELECT DISTINCT cve_empleado FROM cursos_inscripciones WHERE cve_inscripcion_ai IN (SELECT value FROM json_each(?))",
            "cursos",
        ),
    ] {
        for chunk in ids.chunks(500) {
            let json = serde_json::to_string(chunk).unwrap_or_else(|_| "[]".into());
            let cves: Vec<i64> = sqlx::query_scalar(sql)
                .bind(json)
                .fetch_all(&mut *conn)
                .await?;
            out.extend(cves.into_iter().map(|c| (c, que)));
        }
    }
    Ok(out)
}
