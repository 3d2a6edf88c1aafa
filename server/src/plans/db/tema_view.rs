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
