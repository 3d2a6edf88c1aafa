//! Derivation SQL: one employee's plan live (§2.2a), a population's plan set-wise into the
//! cache `plan_empleados_temas` (§2.2b), and the requirement history of employees. Every
//! population statement is one static string per kind of population, built by a macro from
//! the same template, so the cache and the live derivation cannot drift.

use sqlx::SqliteConnection;

/// Where an employee sits: (cve_empleado, activo, baja_logica, n2..n7, cve_puesto, cve_planta).
pub type PlacementRow = (
    i64,
    i64,
    i64,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

/// Where employee `cve` sits now.
pub async fn placement_row(
    conn: &mut SqliteConnection,
    cve: i64,
) -> sqlx::Result<Option<PlacementRow>> {
    sqlx::query_as(
        "SELECT cve_empleado, activo, baja_logica, n2, n3, n4, n5, n6, n7, cve_puesto, cve_planta
         FROM empleados WHERE cve_empleado = ?",
    )
    .bind(cve)
    .fetch_optional(&mut *conn)
    .await
}

/// Every employee id (test support: the cache comparison).
pub async fn all_employee_ids(conn: &mut SqliteConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT cve_empleado FROM empleados ORDER BY cve_empleado")
        .fetch_all(&mut *conn)
        .await
}

/// One reaching (requirement, topic) of the live derivation.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct PlanRow {
    pub id_requerimiento: i64,
    pub programa: String,
    pub id_bloque: Option<i64>,
    pub cve_tema: i64,
    pub obligatoria: i64,
    pub dias_limite: Option<i64>,
    pub creado: String,
}

/// The destinos of one placement: n2..n7, position, main plant, extra plants, the employee.
/// NULL destinos match nothing.
macro_rules! destinos_cte {
    () => {
        "WITH destinos(tipo, id) AS (
            SELECT 'estructura', CAST(? AS INTEGER) UNION ALL SELECT 'estructura', CAST(? AS INTEGER)
            UNION ALL SELECT 'estructura', CAST(? AS INTEGER) UNION ALL SELECT 'estructura', CAST(? AS INTEGER)
            UNION ALL SELECT 'estructura', CAST(? AS INTEGER) UNION ALL SELECT 'estructura', CAST(? AS INTEGER)
            UNION ALL SELECT 'puesto', CAST(? AS INTEGER)
            UNION ALL SELECT 'planta', CAST(? AS INTEGER)
            UNION ALL SELECT 'planta', ep.cve_planta FROM empleados_plantas ep WHERE ep.cve_empleado = ?
            UNION ALL SELECT 'empleado', CAST(? AS INTEGER)) "
    };
}

/// §2.2a: the enabled requirements reaching one placement, one row per (requirement, topic);
/// a block requirement yields one row per topic of the block; inactive topics drop out.
pub const PLAN_EMPLEADO_SQL: &str = concat!(
    destinos_cte!(),
    "SELECT r.id_requerimiento, r.programa, r.id_bloque, COALESCE(r.cve_tema, bt.cve_tema) AS cve_tema,
            r.obligatoria, r.dias_limite, r.creado
     FROM destinos d
     JOIN plan_requerimientos r ON r.destino_tipo = d.tipo AND r.destino_id = d.id AND r.habilitado = 1
     LEFT JOIN bloques_temas bt ON bt.id_bloque = r.id_bloque
     JOIN temas t ON t.cve_tema = COALESCE(r.cve_tema, bt.cve_tema) AND t.activo = 1
     ORDER BY 4, r.id_requerimiento"
);

/// The enabled requirements reaching one placement, whatever their topics (the snapshot).
pub const REQUERIMIENTOS_EMPLEADO_SQL: &str = concat!(
    destinos_cte!(),
    "SELECT DISTINCT r.id_requerimiento
     FROM destinos d
     JOIN plan_requerimientos r ON r.destino_tipo = d.tipo AND r.destino_id = d.id AND r.habilitado = 1
     ORDER BY r.id_requerimiento"
);

/// The binds of [`destinos_cte`] for a placement.
fn bind_destinos<'q, O>(
    mut q: sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments>,
    niveles: &[Option<i64>; 6],
    cve_puesto: Option<i64>,
    cve_planta: Option<i64>,
    cve_empleado: i64,
) -> sqlx::query::QueryAs<'q, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments> {
    for n in niveles {
        q = q.bind(*n);
    }
    q.bind(cve_puesto)
        .bind(cve_planta)
        .bind(cve_empleado)
        .bind(cve_empleado)
}

/// The live derivation rows of a placement.
pub async fn plan_rows(
    conn: &mut SqliteConnection,
    niveles: &[Option<i64>; 6],
    cve_puesto: Option<i64>,
    cve_planta: Option<i64>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<PlanRow>> {
    bind_destinos(
        sqlx::query_as(PLAN_EMPLEADO_SQL),
        niveles,
        cve_puesto,
        cve_planta,
        cve_empleado,
    )
    .fetch_all(&mut *conn)
    .await
}

/// The enabled requirement ids reaching a placement.
pub async fn requirement_ids(
    conn: &mut SqliteConnection,
    niveles: &[Option<i64>; 6],
    cve_puesto: Option<i64>,
    cve_planta: Option<i64>,
    cve_empleado: i64,
) -> sqlx::Result<Vec<i64>> {
    let rows: Vec<(i64,)> = bind_destinos(
        sqlx::query_as(REQUERIMIENTOS_EMPLEADO_SQL),
        niveles,
        cve_puesto,
        cve_planta,
        cve_empleado,
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// A population of employees whose cache rows are rebuilt together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Poblacion {
    /// Everyone.
    Todos,
    /// Under a structure node of level 2..=7.
    Nivel(u8, i64),
    Puesto(i64),
    /// Main or extra plant.
    Planta(i64),
    Empleado(i64),
}

/// The statements of one kind of population (its condition on `empleados` is static).
pub struct PobSql {
    /// Removes the population's cache rows.
    borrar: &'static str,
    /// Inserts the population's cache rows from the derivation (§2.2b).
    insertar: &'static str,
    /// `borrar` for some topics only.
    borrar_temas: &'static str,
    /// `insertar` for some topics only (only those topics' requirements, an index lookup per
    /// kind of target).
    insertar_temas: &'static str,
    /// Counts the population's active employees.
    contar: &'static str,
    /// Records that a requirement being disabled reached each active employee.
    historial: &'static str,
    /// How many binds the condition takes (the same id each time).
    binds: usize,
}

/// The derivation's INSERT for the employees matching `$cond`. Employee-first (each person's
/// targets, then the requirements on them): cheap for one person or a small population. The
/// topic-restricted `insertar_temas` below goes requirement-first (`alcance_sql`), cheap when
/// few requirements carry the topics however many people they reach; both give the same rows
/// (the plans tests compare the cache with the live derivation after each change).
macro_rules! insertar_sql {
    ($cond:literal) => {
        concat!(
            "WITH pob AS (SELECT cve_empleado, n2, n3, n4, n5, n6, n7, cve_puesto, cve_planta FROM empleados
                 WHERE activo = 1 AND baja_logica = 0 AND (",
            $cond,
            ")),
             destinos(cve_empleado, tipo, id) AS (
                 SELECT cve_empleado, 'estructura', n2 FROM pob WHERE n2 IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'estructura', n3 FROM pob WHERE n3 IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'estructura', n4 FROM pob WHERE n4 IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'estructura', n5 FROM pob WHERE n5 IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'estructura', n6 FROM pob WHERE n6 IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'estructura', n7 FROM pob WHERE n7 IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'puesto', cve_puesto FROM pob WHERE cve_puesto IS NOT NULL
                 UNION ALL SELECT cve_empleado, 'planta', cve_planta FROM pob WHERE cve_planta IS NOT NULL
                 UNION ALL SELECT ep.cve_empleado, 'planta', ep.cve_planta FROM empleados_plantas ep
                     JOIN pob ON pob.cve_empleado = ep.cve_empleado
                 UNION ALL SELECT cve_empleado, 'empleado', cve_empleado FROM pob)
             INSERT INTO plan_empleados_temas (cve_empleado, cve_tema, obligatoria, dias_limite, desde, vigencia, reprobado, programas)
             SELECT d.cve_empleado, t.cve_tema, MAX(r.obligatoria), MIN(r.dias_limite), MIN(r.creado),
                    MAX(x.vigencia), MAX(COALESCE(x.reprobado, 0)), SUM(DISTINCT ",
            super::programa_bit_sql!("r"),
            ")
             FROM plan_requerimientos r
             JOIN destinos d ON d.tipo = r.destino_tipo AND d.id = r.destino_id
             LEFT JOIN bloques_temas bt ON bt.id_bloque = r.id_bloque
             JOIN temas t ON t.cve_tema = COALESCE(r.cve_tema, bt.cve_tema) AND t.activo = 1
             LEFT JOIN plan_estado_temas x ON x.cve_empleado = d.cve_empleado AND x.cve_tema = t.cve_tema
             WHERE r.habilitado = 1
             GROUP BY d.cve_empleado, t.cve_tema"
        )
    };
}

/// Topic restriction of the `*_temas` statements: a JSON array of topic keys, bound last.
macro_rules! solo_temas {
    ($col:literal) => {
        concat!(" AND ", $col, " IN (SELECT value FROM json_each(?))")
    };
}

macro_rules! pob_sql {
    ($cond:literal, $binds:literal) => {
        PobSql {
            borrar: concat!(
                "DELETE FROM plan_empleados_temas WHERE cve_empleado IN (SELECT cve_empleado FROM empleados WHERE ",
                $cond,
                ")"
            ),
            insertar: insertar_sql!($cond),
            borrar_temas: concat!(
                "DELETE FROM plan_empleados_temas WHERE cve_empleado IN (SELECT cve_empleado FROM empleados WHERE ",
                $cond,
                ")",
                solo_temas!("cve_tema")
            ),
            insertar_temas: concat!(
                "WITH rt AS (",
                super::requerimientos_temas_sql!(" AND t.cve_tema IN (SELECT value FROM json_each(?))"),
                "), pob AS (SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND (",
                $cond,
                ")), alcance(cve_empleado, cve_tema, obligatoria, dias_limite, creado, programa) AS (",
                super::alcance_sql!("rt"),
                ") INSERT INTO plan_empleados_temas (cve_empleado, cve_tema, obligatoria, dias_limite, desde, vigencia, reprobado, programas)
                 SELECT a.cve_empleado, a.cve_tema, MAX(a.obligatoria), MIN(a.dias_limite), MIN(a.creado),
                        MAX(x.vigencia), MAX(COALESCE(x.reprobado, 0)), SUM(DISTINCT ",
                super::programa_bit_sql!("a"),
                ")
                 FROM alcance a
                 LEFT JOIN plan_estado_temas x ON x.cve_empleado = a.cve_empleado AND x.cve_tema = a.cve_tema
                 WHERE a.cve_empleado IN (SELECT cve_empleado FROM pob)
                 GROUP BY a.cve_empleado, a.cve_tema"
            ),
            contar: concat!(
                "SELECT COUNT(*) FROM empleados WHERE activo = 1 AND baja_logica = 0 AND (",
                $cond,
                ")"
            ),
            historial: concat!(
                "INSERT INTO plan_historial_empleados (cve_empleado, id_requerimiento, motivo, id_evento, fecha)
                 SELECT cve_empleado, CAST(? AS INTEGER), 'deshabilitado', CAST(? AS INTEGER), CAST(? AS TEXT)
                 FROM empleados WHERE activo = 1 AND baja_logica = 0 AND (",
                $cond,
                ")"
            ),
            binds: $binds,
        }
    };
}

static TODOS: PobSql = pob_sql!("1 = 1", 0);
static N2: PobSql = pob_sql!("n2 = ?", 1);
static N3: PobSql = pob_sql!("n3 = ?", 1);
static N4: PobSql = pob_sql!("n4 = ?", 1);
static N5: PobSql = pob_sql!("n5 = ?", 1);
static N6: PobSql = pob_sql!("n6 = ?", 1);
static N7: PobSql = pob_sql!("n7 = ?", 1);
static PUESTO: PobSql = pob_sql!("cve_puesto = ?", 1);
static PLANTA: PobSql = pob_sql!(
    "cve_planta = ? OR cve_empleado IN (SELECT ep.cve_empleado FROM empleados_plantas ep WHERE ep.cve_planta = ?)",
    2
);
static EMPLEADO: PobSql = pob_sql!("cve_empleado = ?", 1);

impl Poblacion {
    fn sql(self) -> (&'static PobSql, i64) {
        match self {
            Poblacion::Todos => (&TODOS, 0),
            Poblacion::Nivel(2, id) => (&N2, id),
            Poblacion::Nivel(3, id) => (&N3, id),
            Poblacion::Nivel(4, id) => (&N4, id),
            Poblacion::Nivel(5, id) => (&N5, id),
            Poblacion::Nivel(6, id) => (&N6, id),
            // Levels are checked 2..=7 by the table's CHECK; 7 is the last.
            Poblacion::Nivel(_, id) => (&N7, id),
            Poblacion::Puesto(id) => (&PUESTO, id),
            Poblacion::Planta(id) => (&PLANTA, id),
            Poblacion::Empleado(id) => (&EMPLEADO, id),
        }
    }
}

/// Rebuilds the cache rows of a population set-wise; returns the rows inserted.
pub async fn rebuild_population(conn: &mut SqliteConnection, p: Poblacion) -> sqlx::Result<u64> {
    let (s, id) = p.sql();
    let mut q = sqlx::query(s.borrar);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    q.execute(&mut *conn).await?;
    let mut q = sqlx::query(s.insertar);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    Ok(q.execute(&mut *conn).await?.rows_affected())
}

/// Rebuilds the cache rows of a population for some topics only (what one requirement or
/// one topic can change): far fewer rows than [`rebuild_population`] on a large population.
pub async fn rebuild_population_topics(
    conn: &mut SqliteConnection,
    p: Poblacion,
    temas: &[i64],
) -> sqlx::Result<u64> {
    if temas.is_empty() {
        return Ok(0);
    }
    let (s, id) = p.sql();
    let lista = serde_json::to_string(temas).unwrap_or_else(|_| "[]".into());
    let mut q = sqlx::query(s.borrar_temas);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    q.bind(&lista).execute(&mut *conn).await?;
    // The topic list is the first CTE's bind, then the population's.
    let mut q = sqlx::query(s.insertar_temas).bind(&lista);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    Ok(q.execute(&mut *conn).await?.rows_affected())
}

/// The topics a requirement plans: its own, or its block's.
pub async fn requirement_topics(
    conn: &mut SqliteConnection,
    id_requerimiento: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT cve_tema FROM plan_requerimientos WHERE id_requerimiento = ? AND cve_tema IS NOT NULL
         UNION SELECT bt.cve_tema FROM plan_requerimientos r JOIN bloques_temas bt ON bt.id_bloque = r.id_bloque
         WHERE r.id_requerimiento = ?",
    )
    .bind(id_requerimiento)
    .bind(id_requerimiento)
    .fetch_all(&mut *conn)
    .await
}

/// Active employees of a population.
pub async fn count_population(conn: &mut SqliteConnection, p: Poblacion) -> sqlx::Result<i64> {
    let (s, id) = p.sql();
    let mut q = sqlx::query_scalar(s.contar);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    q.fetch_one(&mut *conn).await
}

/// Stores every active employee of a population as affected by disabling a requirement.
pub async fn record_disabled_history(
    conn: &mut SqliteConnection,
    p: Poblacion,
    id_requerimiento: i64,
    id_evento: i64,
    fecha: &str,
) -> sqlx::Result<u64> {
    let (s, id) = p.sql();
    let mut q = sqlx::query(s.historial)
        .bind(id_requerimiento)
        .bind(id_evento)
        .bind(fecha);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    Ok(q.execute(&mut *conn).await?.rows_affected())
}

/// Active employee ids of a population (block seats across several targets).
pub async fn population_ids(conn: &mut SqliteConnection, p: Poblacion) -> sqlx::Result<Vec<i64>> {
    let sql = match p {
        Poblacion::Todos => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0",
        Poblacion::Nivel(2, _) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n2 = ?",
        Poblacion::Nivel(3, _) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n3 = ?",
        Poblacion::Nivel(4, _) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n4 = ?",
        Poblacion::Nivel(5, _) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n5 = ?",
        Poblacion::Nivel(6, _) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n6 = ?",
        Poblacion::Nivel(_, _) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND n7 = ?",
        Poblacion::Puesto(_) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND cve_puesto = ?",
        Poblacion::Planta(_) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0
             AND (cve_planta = ? OR cve_empleado IN (SELECT ep.cve_empleado FROM empleados_plantas ep WHERE ep.cve_planta = ?))",
        Poblacion::Empleado(_) => "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 AND cve_empleado = ?",
    };
    let (s, id) = p.sql();
    let mut q = sqlx::query_scalar(sql);
    for _ in 0..s.binds {
        q = q.bind(id);
    }
    q.fetch_all(&mut *conn).await
}

/// Deletes the whole cache (before a full rebuild).
pub async fn clear_cache(conn: &mut SqliteConnection) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM plan_empleados_temas")
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A requirement's target: (destino_tipo, destino_id, destino_nivel, id_bloque).
pub async fn requirement_target(
    conn: &mut SqliteConnection,
    id_requerimiento: i64,
) -> sqlx::Result<Option<(String, i64, Option<i64>, Option<i64>)>> {
    sqlx::query_as(
        "SELECT destino_tipo, destino_id, destino_nivel, id_bloque FROM plan_requerimientos
         WHERE id_requerimiento = ?",
    )
    .bind(id_requerimiento)
    .fetch_optional(&mut *conn)
    .await
}

/// The targets of a block's enabled assignments: (destino_tipo, destino_id, destino_nivel).
pub async fn block_targets(
    conn: &mut SqliteConnection,
    id_bloque: i64,
) -> sqlx::Result<Vec<(String, i64, Option<i64>)>> {
    sqlx::query_as(
        "SELECT destino_tipo, destino_id, destino_nivel FROM plan_requerimientos
         WHERE id_bloque = ? AND habilitado = 1 ORDER BY id_requerimiento",
    )
    .bind(id_bloque)
    .fetch_all(&mut *conn)
    .await
}

/// The targets of every enabled requirement reaching a topic, directly or through a block.
pub async fn topic_targets(
    conn: &mut SqliteConnection,
    cve_tema: i64,
) -> sqlx::Result<Vec<(String, i64, Option<i64>)>> {
    sqlx::query_as(
        "SELECT DISTINCT destino_tipo, destino_id, destino_nivel FROM plan_requerimientos
         WHERE habilitado = 1 AND (cve_tema = ?
            OR id_bloque IN (SELECT id_bloque FROM bloques_temas WHERE cve_tema = ?))",
    )
    .bind(cve_tema)
    .bind(cve_tema)
    .fetch_all(&mut *conn)
    .await
}

/// Distinct active employees an enabled block's assignments reach.
pub async fn count_block_assignees(
    conn: &mut SqliteConnection,
    id_bloque: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM (
             SELECT e.cve_empleado FROM plan_requerimientos r
             JOIN empleados e ON e.cve_puesto = r.destino_id
             WHERE r.id_bloque = ? AND r.habilitado = 1 AND r.destino_tipo = 'puesto'
               AND e.activo = 1 AND e.baja_logica = 0
             UNION
             SELECT e.cve_empleado FROM plan_requerimientos r
             JOIN empleados e ON e.cve_empleado = r.destino_id
             WHERE r.id_bloque = ? AND r.habilitado = 1 AND r.destino_tipo = 'empleado'
               AND e.activo = 1 AND e.baja_logica = 0)",
    )
    .bind(id_bloque)
    .bind(id_bloque)
    .fetch_one(&mut *conn)
    .await
}

/// Records requirements an employee stopped having.
pub async fn record_lost(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    requerimientos: &[i64],
    motivo: &str,
    fecha: &str,
) -> sqlx::Result<()> {
    for id in requerimientos {
        sqlx::query(
            "INSERT INTO plan_historial_empleados (cve_empleado, id_requerimiento, motivo, fecha)
             VALUES (?, ?, ?, ?)",
        )
        .bind(cve_empleado)
        .bind(id)
        .bind(motivo)
        .bind(fecha)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// An employee's cache rows: (cve_tema, obligatoria, dias_limite, desde, vigencia, reprobado).
pub async fn cached_plan(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, i64, Option<i64>, String, Option<String>, i64, i64)>> {
    sqlx::query_as(
        "SELECT cve_tema, obligatoria, dias_limite, desde, vigencia, reprobado, programas
         FROM plan_empleados_temas WHERE cve_empleado = ? ORDER BY cve_tema",
    )
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}

/// Employees with cache rows (test support).
pub async fn cached_employees(conn: &mut SqliteConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT DISTINCT cve_empleado FROM plan_empleados_temas ORDER BY cve_empleado",
    )
    .fetch_all(&mut *conn)
    .await
}

/// The stored cache version, if any.
pub async fn cache_version(conn: &mut SqliteConnection) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT valor FROM plan_mantenimiento WHERE clave = 'cache_version'")
        .fetch_optional(&mut *conn)
        .await
}

/// Stores the cache version.
pub async fn set_cache_version(conn: &mut SqliteConnection, version: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO plan_mantenimiento (clave, valor) VALUES ('cache_version', ?)
         ON CONFLICT (clave) DO UPDATE SET valor = excluded.valor",
    )
    .bind(version)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
