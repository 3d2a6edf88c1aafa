//! Ledger and summary SQL: `plan_acreditaciones` (every fact) and `plan_estado_temas` (per
//! employee and topic: the best pass and the last attempt), plus the plan-cache copy of the
//! summary. The summary statement is one template, run for one pair after each write and for
//! everyone by `rebuild_summaries`.

use sqlx::{AssertSqlSafe, SqliteConnection};

/// A ledger row as the write path compares it.
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct Existente {
    pub id_acreditacion: i64,
    pub calificacion: Option<f64>,
    pub acreditado: i64,
    pub vigencia: Option<String>,
    pub motivo: Option<String>,
    pub nota: Option<String>,
}

/// The row with the idempotency key (employee, topic, origin, date, reference), if any.
pub async fn find(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
    origen: &str,
    fecha: &str,
    referencia: &str,
) -> sqlx::Result<Option<Existente>> {
    sqlx::query_as(
        "SELECT id_acreditacion, calificacion, acreditado, vigencia, motivo, nota FROM plan_acreditaciones
         WHERE cve_empleado = ? AND cve_tema = ? AND origen = ? AND fecha = ? AND referencia = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .bind(origen)
    .bind(fecha)
    .bind(referencia)
    .fetch_optional(&mut *conn)
    .await
}

/// A ledger row to write.
#[derive(Clone, Debug)]
pub struct Fila<'a> {
    pub cve_empleado: i64,
    pub cve_tema: i64,
    pub fecha: String,
    pub calificacion: Option<f64>,
    pub acreditado: bool,
    pub vigencia: Option<String>,
    pub meses_certificacion: Option<i64>,
    pub origen: &'a str,
    pub referencia: &'a str,
    pub motivo: Option<&'a str>,
    pub nota: Option<&'a str>,
    pub registrado_por: Option<i64>,
}

/// Inserts one ledger row; its id.
pub async fn insert(conn: &mut SqliteConnection, f: &Fila<'_>, now: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO plan_acreditaciones (cve_empleado, cve_tema, fecha, calificacion, acreditado, vigencia,
             meses_certificacion, origen, referencia, motivo, nota, registrado_por, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id_acreditacion",
    )
    .bind(f.cve_empleado)
    .bind(f.cve_tema)
    .bind(&f.fecha)
    .bind(f.calificacion)
    .bind(i64::from(f.acreditado))
    .bind(&f.vigencia)
    .bind(f.meses_certificacion)
    .bind(f.origen)
    .bind(f.referencia)
    .bind(f.motivo)
    .bind(f.nota)
    .bind(f.registrado_por)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
}

/// Rewrites the grade (and what follows from it), the note and the reason of a row.
pub async fn update(
    conn: &mut SqliteConnection,
    id: i64,
    f: &Fila<'_>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE plan_acreditaciones SET calificacion = ?, acreditado = ?, vigencia = ?, meses_certificacion = ?,
             motivo = ?, nota = ?, registrado_por = COALESCE(?, registrado_por), actualizado = ?
         WHERE id_acreditacion = ?",
    )
    .bind(f.calificacion)
    .bind(i64::from(f.acreditado))
    .bind(&f.vigencia)
    .bind(f.meses_certificacion)
    .bind(f.motivo)
    .bind(f.nota)
    .bind(f.registrado_por)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Rows per multi-row INSERT of the bulk loader (14 binds each, under SQLite's 32,766).
pub const LOTE: usize = 500;

/// Inserts many ledger rows at once, skipping those whose key exists; rows inserted.
pub async fn insert_many(
    conn: &mut SqliteConnection,
    filas: &[Fila<'_>],
    now: &str,
) -> sqlx::Result<u64> {
    let mut total = 0;
    for chunk in filas.chunks(LOTE) {
        // Only placeholders are repeated; every value is bound.
        let mut sql = String::from(
            "INSERT INTO plan_acreditaciones (cve_empleado, cve_tema, fecha, calificacion, acreditado, vigencia,
                 meses_certificacion, origen, referencia, motivo, nota, registrado_por, creado, actualizado) VALUES ",
        );
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push(',');
            }
            sql.push_str("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        }
        sql.push_str(" ON CONFLICT (cve_empleado, cve_tema, origen, fecha, referencia) DO NOTHING");
        let mut q = sqlx::query(AssertSqlSafe(sql));
        for f in chunk {
            q = q
                .bind(f.cve_empleado)
                .bind(f.cve_tema)
                .bind(f.fecha.clone())
                .bind(f.calificacion)
                .bind(i64::from(f.acreditado))
                .bind(f.vigencia.clone())
                .bind(f.meses_certificacion)
                .bind(f.origen.to_string())
                .bind(f.referencia.to_string())
                .bind(f.motivo.map(str::to_string))
                .bind(f.nota.map(str::to_string))
                .bind(f.registrado_por)
                .bind(now.to_string())
                .bind(now.to_string());
        }
        total += q.execute(&mut *conn).await?.rows_affected();
    }
    Ok(total)
}

/// The summary of the ledger rows matching `$cond` (on alias-free `plan_acreditaciones`):
/// best pass = passed row with the latest vigencia (ties: later fecha, higher id); last
/// attempt = latest fecha, then id; reprobado = the last attempt failed and is not older than
/// the best pass.
macro_rules! resumen_sql {
    ($cond:literal) => {
        concat!(
            "INSERT INTO plan_estado_temas (cve_empleado, cve_tema, id_vigente, fecha_acreditacion, vigencia,
                 calificacion, ultimo_fecha, ultimo_acreditado, reprobado)
             WITH mejor AS (
                 SELECT cve_empleado, cve_tema, id_acreditacion, fecha, vigencia, calificacion,
                        ROW_NUMBER() OVER (PARTITION BY cve_empleado, cve_tema
                                           ORDER BY vigencia DESC, fecha DESC, id_acreditacion DESC) AS n
                 FROM plan_acreditaciones WHERE acreditado = 1 AND (",
            $cond,
            ")),
             ultimo AS (
                 SELECT cve_empleado, cve_tema, fecha, acreditado, calificacion,
                        ROW_NUMBER() OVER (PARTITION BY cve_empleado, cve_tema
                                           ORDER BY fecha DESC, id_acreditacion DESC) AS n
                 FROM plan_acreditaciones WHERE (",
            $cond,
            "))
             SELECT u.cve_empleado, u.cve_tema, m.id_acreditacion, m.fecha, m.vigencia,
                    CASE WHEN m.id_acreditacion IS NULL THEN u.calificacion ELSE m.calificacion END,
                    u.fecha, u.acreditado,
                    CASE WHEN u.acreditado = 0 AND (m.id_acreditacion IS NULL OR u.fecha >= m.fecha) THEN 1 ELSE 0 END
             FROM ultimo u
             LEFT JOIN mejor m ON m.cve_empleado = u.cve_empleado AND m.cve_tema = u.cve_tema AND m.n = 1
             WHERE u.n = 1"
        )
    };
}

const RESUMEN_PAR_SQL: &str = resumen_sql!("cve_empleado = ? AND cve_tema = ?");
const RESUMEN_TODOS_SQL: &str = resumen_sql!("1 = 1");

/// Deletes the facts of one source record; the (employee, topic) of each deleted row.
pub async fn delete_by_source(
    conn: &mut SqliteConnection,
    origen: &str,
    referencia: &str,
) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "DELETE FROM plan_acreditaciones WHERE origen = ? AND referencia = ? RETURNING cve_empleado, cve_tema",
    )
    .bind(origen)
    .bind(referencia)
    .fetch_all(&mut *conn)
    .await
}

/// Recomputes the summary of one employee and topic, and copies it into their plan-cache row.
pub async fn refresh_pair(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM plan_estado_temas WHERE cve_empleado = ? AND cve_tema = ?")
        .bind(cve_empleado)
        .bind(cve_tema)
        .execute(&mut *conn)
        .await?;
    sqlx::query(RESUMEN_PAR_SQL)
        .bind(cve_empleado)
        .bind(cve_tema)
        .bind(cve_empleado)
        .bind(cve_tema)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "UPDATE plan_empleados_temas SET
             vigencia = (SELECT x.vigencia FROM plan_estado_temas x
                         WHERE x.cve_empleado = plan_empleados_temas.cve_empleado
                           AND x.cve_tema = plan_empleados_temas.cve_tema),
             reprobado = COALESCE((SELECT x.reprobado FROM plan_estado_temas x
                         WHERE x.cve_empleado = plan_empleados_temas.cve_empleado
                           AND x.cve_tema = plan_empleados_temas.cve_tema), 0)
         WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Recomputes every summary row from the ledger; rows written.
pub async fn rebuild_all(conn: &mut SqliteConnection) -> sqlx::Result<u64> {
    sqlx::query("DELETE FROM plan_estado_temas")
        .execute(&mut *conn)
        .await?;
    Ok(sqlx::query(RESUMEN_TODOS_SQL)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// The summary of one employee and topic: (vigencia, reprobado, fecha_acreditacion).
pub async fn summary(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
) -> sqlx::Result<Option<(Option<String>, i64, Option<String>)>> {
    sqlx::query_as(
        "SELECT vigencia, reprobado, fecha_acreditacion FROM plan_estado_temas
         WHERE cve_empleado = ? AND cve_tema = ?",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .fetch_optional(&mut *conn)
    .await
}

/// Rows in the ledger.
pub async fn count(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM plan_acreditaciones")
        .fetch_one(&mut *conn)
        .await
}
