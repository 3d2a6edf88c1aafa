//! SQL of the courses benchmark data (development only).

use sqlx::{QueryBuilder, Sqlite, SqliteConnection};

/// A session: fecha, hora_inicio, hora_fin, inicio (UTC), fin (UTC).
pub type SesionBench = (String, String, String, String, String);

/// A generated course and its sessions (fecha, hora_inicio, hora_fin, inicio, fin).
pub struct CursoBench {
    pub cve_curso: i64,
    pub cve_tema: i64,
    pub nombre_corto: String,
    pub modalidad: String,
    pub modelo_evaluacion: String,
    pub cve_sede: Option<i64>,
    pub cve_sala: Option<i64>,
    pub cve_instructor: Option<i64>,
    pub sesiones: Vec<SesionBench>,
}

/// Active topics: (cve_tema, abreviatura, modalidad, modelo_evaluacion).
pub async fn temas(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(i64, String, String, String)>> {
    sqlx::query_as("SELECT cve_tema, abreviatura, modalidad, modelo_evaluacion FROM temas WHERE activo = 1 ORDER BY cve_tema")
        .fetch_all(&mut *conn)
        .await
}

/// Rooms with their venue: (cve_sala, cve_sede).
pub async fn salas(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as("SELECT cve_sala, cve_sede FROM salas ORDER BY cve_sala")
        .fetch_all(&mut *conn)
        .await
}

/// Instructors' keys.
pub async fn instructores(conn: &mut SqliteConnection) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT cve_instructor FROM instructores ORDER BY cve_instructor")
        .fetch_all(&mut *conn)
        .await
}

/// The next free course key.
pub async fn siguiente_curso(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(MAX(cve_curso), 0) + 1 FROM cursos")
        .fetch_one(&mut *conn)
        .await
}

/// Inserts a batch of courses and their sessions with two multi-row statements.
pub async fn insertar(
    conn: &mut SqliteConnection,
    lote: &[CursoBench],
    now: &str,
) -> sqlx::Result<u64> {
    let mut q: QueryBuilder<Sqlite> = QueryBuilder::new(
        "INSERT INTO cursos (cve_curso, cve_tema, nombre_corto, modalidad, fecha_inicio, fecha_fin, cve_sede, cve_sala,
            cve_instructor, capacidad, modelo_evaluacion, creado, actualizado) ",
    );
    q.push_values(lote, |mut b, c| {
        let (ini, fin) = (
            c.sesiones.first().map(|s| s.0.clone()).unwrap_or_default(),
            c.sesiones.last().map(|s| s.0.clone()).unwrap_or_default(),
        );
        b.push_bind(c.cve_curso)
            .push_bind(c.cve_tema)
            .push_bind(c.nombre_corto.clone())
            .push_bind(c.modalidad.clone())
            .push_bind(ini)
            .push_bind(fin)
            .push_bind(c.cve_sede)
            .push_bind(c.cve_sala)
            .push_bind(c.cve_instructor)
            .push_bind(20)
            .push_bind(c.modelo_evaluacion.clone())
            .push_bind(now.to_string())
            .push_bind(now.to_string());
    });
    let mut n = q.build().execute(&mut *conn).await?.rows_affected();
    let filas: Vec<(&CursoBench, usize, &SesionBench)> = lote
        .iter()
        .flat_map(|c| c.sesiones.iter().enumerate().map(move |(i, s)| (c, i, s)))
        .collect();
    let mut q: QueryBuilder<Sqlite> = QueryBuilder::new(
        "INSERT INTO cursos_sesiones (cve_curso, numero, fecha, hora_inicio, hora_fin, inicio, fin, cve_sala, cve_instructor) ",
    );
    q.push_values(filas, |mut b, (c, i, s)| {
        b.push_bind(c.cve_curso)
            .push_bind(i as i64 + 1)
            .push_bind(s.0.clone())
            .push_bind(s.1.clone())
            .push_bind(s.2.clone())
            .push_bind(s.3.clone())
            .push_bind(s.4.clone())
            .push_bind(c.cve_sala)
            .push_bind(c.cve_instructor);
    });
    n += q.build().execute(&mut *conn).await?.rows_affected();
    Ok(n)
}

/// The courses and their end dates, and the active employees (benchmark enrolments).
pub async fn cursos_y_empleados(
    conn: &mut SqliteConnection,
) -> sqlx::Result<(Vec<(i64, String)>, Vec<i64>)> {
    let cursos = sqlx::query_as(
        "SELECT cve_curso, fecha_fin FROM cursos WHERE estatus <> 'cancelado' ORDER BY cve_curso",
    )
    .fetch_all(&mut *conn)
    .await?;
    let empleados = sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE activo = 1 AND baja_logica = 0 ORDER BY cve_empleado",
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok((cursos, empleados))
}

/// Inserts a batch of seats (cve_curso, cve_empleado, acreditado) with one multi-row
/// statement, skipping any the employee already holds in that course.
pub async fn insertar_inscripciones(
    conn: &mut SqliteConnection,
    lote: &[(i64, i64, Option<i64>)],
    now: &str,
) -> sqlx::Result<u64> {
    let mut q: QueryBuilder<Sqlite> = QueryBuilder::new(
        "INSERT OR IGNORE INTO cursos_inscripciones (cve_curso, cve_empleado, estatus, origen, acreditado, creado, actualizado) ",
    );
    q.push_values(lote, |mut b, (curso, empleado, acreditado)| {
        b.push_bind(*curso)
            .push_bind(*empleado)
            .push_bind("inscrito")
            .push_bind("analista")
            .push_bind(*acreditado)
            .push_bind(now.to_string())
            .push_bind(now.to_string());
    });
    Ok(q.build().execute(&mut *conn).await?.rows_affected())
}

/// Sets every course's seat counter to its seats (capacity raised where needed).
pub async fn contar_inscritos(conn: &mut SqliteConnection) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE cursos SET capacidad = MAX(capacidad, n), inscritos = n
         FROM (SELECT cve_curso AS c, COUNT(*) AS n FROM cursos_inscripciones WHERE estatus = 'inscrito' GROUP BY cve_curso)
         WHERE cursos.cve_curso = c",
    )
    .execute(&mut *conn)
    .await?
    .rows_affected())
}
