//! Recertification: employees whose accreditation of a topic expires soon, the course
//! offered to them, and what was done (once per employee, topic and accreditation).

use sqlx::SqliteConnection;

/// An accreditation expiring soon: (cve_empleado, cve_tema, vigencia).
pub async fn por_vencer(
    conn: &mut SqliteConnection,
    hoy: &str,
    hasta: &str,
) -> sqlx::Result<Vec<(i64, i64, String)>> {
    sqlx::query_as(
        "SELECT p.cve_empleado, p.cve_tema, p.vigencia
           FROM plan_estado_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
          WHERE p.vigencia IS NOT NULL AND p.vigencia >= ? AND p.vigencia <= ?
            AND e.activo = 1 AND e.baja_logica = 0
            AND NOT EXISTS (
                SELECT 1 FROM cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso
                 WHERE i.cve_empleado = p.cve_empleado AND c.cve_tema = p.cve_tema
                   AND i.estatus IN ('inscrito', 'espera') AND c.estatus <> 'cancelado'
                   AND c.fecha_fin >= ?)
            AND NOT EXISTS (
                SELECT 1 FROM cursos_recertificaciones r
                 WHERE r.cve_empleado = p.cve_empleado AND r.cve_tema = p.cve_tema
                   AND r.fecha >= COALESCE(p.fecha_acreditacion, ''))
          ORDER BY p.vigencia, p.cve_empleado, p.cve_tema",
    )
    .bind(hoy)
    .bind(hasta)
    .bind(hoy)
    .fetch_all(&mut *conn)
    .await
}

/// The course to offer: the next open course of the topic with free seats starting after
/// today, preferring those that start before the expiry.
pub async fn curso_para(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    hoy: &str,
    vigencia: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT cve_curso FROM cursos
          WHERE cve_tema = ? AND estatus = 'programado' AND fecha_inicio > ? AND inscritos < capacidad
          ORDER BY CASE WHEN fecha_inicio <= ? THEN 0 ELSE 1 END, fecha_inicio, cve_curso
          LIMIT 1",
    )
    .bind(cve_tema)
    .bind(hoy)
    .bind(vigencia)
    .fetch_optional(&mut *conn)
    .await
}

/// Records what was done ('ofrecida' | 'inscrito').
pub async fn registrar(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
    cve_curso: i64,
    accion: &str,
    fecha: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT OR IGNORE INTO cursos_recertificaciones (cve_empleado, cve_tema, cve_curso, accion, fecha)
         VALUES (?, ?, ?, ?, ?)",
    )
    .bind(cve_empleado)
    .bind(cve_tema)
    .bind(cve_curso)
    .bind(accion)
    .bind(fecha)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
