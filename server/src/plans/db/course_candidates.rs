//! SQL of the people still pending a topic (the course's bulk enrolment).

use sqlx::SqliteConnection;

/// Where to look for pending people: structure levels n2..n7, a plant, a position.
#[derive(Clone, Debug, Default)]
pub struct Filtro {
    pub niveles: [Option<i64>; 6],
    pub cve_planta: Option<i64>,
    pub cve_puesto: Option<i64>,
}

/// Active employees whose plan has the topic and do not hold it today (`hoy` AAAA-MM-DD), by name.
pub async fn pending(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    hoy: &str,
    f: &Filtro,
) -> sqlx::Result<Vec<i64>> {
    let mut q = sqlx::query_scalar(
        "SELECT p.cve_empleado FROM plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado
          WHERE p.cve_tema = ? AND (p.vigencia IS NULL OR p.vigencia < ?) AND e.activo = 1 AND e.baja_logica = 0
            AND (? IS NULL OR e.n2 = ?) AND (? IS NULL OR e.n3 = ?) AND (? IS NULL OR e.n4 = ?)
            AND (? IS NULL OR e.n5 = ?) AND (? IS NULL OR e.n6 = ?) AND (? IS NULL OR e.n7 = ?)
            AND (? IS NULL OR e.cve_planta = ?) AND (? IS NULL OR e.cve_puesto = ?)
          ORDER BY e.nombre_empleado, e.cve_empleado",
    )
    .bind(cve_tema)
    .bind(hoy);
    for v in f.niveles.iter().chain([&f.cve_planta, &f.cve_puesto]) {
        q = q.bind(*v).bind(*v);
    }
    q.fetch_all(&mut *conn).await
}
