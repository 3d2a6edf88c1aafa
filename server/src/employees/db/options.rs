//! The employee typeahead (supervisor, internal instructor).

use sqlx::SqliteExecutor;

use crate::auth::perms::Scope;
use crate::employees::types::Opcion;

/// Active employees in `scope` whose folded name contains `folded` or whose number is
/// `number`, by name, 20 at most. A supervisor also finds themself.
pub async fn search<'e>(
    db: impl SqliteExecutor<'e>,
    scope: Scope,
    folded: &str,
    number: &str,
) -> sqlx::Result<Vec<Opcion>> {
    let (cte, scope_sql) = match scope {
        Scope::Todos => (String::new(), "1 = 1"),
        Scope::Subordinados(_) => (
            format!("WITH RECURSIVE {}", super::SUBORDINATE_CTE),
            "(e.cve_empleado = ? OR e.cve_empleado IN (SELECT cve FROM equipo))",
        ),
        Scope::Propio(_) => (String::new(), "e.cve_empleado = ?"),
    };
    // SQLite-specific: `instr` (PostgreSQL: `strpos`) is an exact substring test on the
    // folded name, cheaper than LIKE and free of wildcard escaping; the table engine's
    // folded filters use it too.
    let sql = format!(
        "{cte} SELECT e.cve_empleado AS value, e.nombre_empleado || ' (' || e.num_empleado || ')' AS label,
                e.nombre_empleado AS nombre, e.correo_empleado AS correo
         FROM empleados e WHERE e.activo = 1 AND e.baja_logica = 0 AND {scope_sql}
           AND (instr(e.nombre_busqueda, ?) > 0 OR e.num_empleado = ?)
         ORDER BY e.nombre_empleado LIMIT 20"
    );
    let mut query = sqlx::query_as::<_, Opcion>(sqlx::AssertSqlSafe(sql));
    match scope {
        Scope::Todos => {}
        Scope::Subordinados(me) => query = query.bind(me).bind(me),
        Scope::Propio(me) => query = query.bind(me),
    }
    query.bind(folded).bind(number).fetch_all(db).await
}
