//! SQL of running a course: attendance confirmation, attendance per session, the signed
//! list, grades and the participant's material.

use sqlx::SqliteConnection;

/// Marks an enrolment's attendance confirmed; false when it already was.
pub async fn confirmar(conn: &mut SqliteConnection, id: i64, now: &str) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE cursos_inscripciones SET confirmado = 1, fecha_confirmacion = ?, actualizado = ?
          WHERE cve_inscripcion_ai = ? AND confirmado = 0",
    )
    .bind(now)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// A session of a course.
#[derive(Clone, Debug, sqlx::FromRow, serde::Serialize, utoipa::ToSchema)]
#[schema(as = SesionAsistencia)]
pub struct Sesion {
    pub id_sesion: i64,
    pub numero: i64,
    pub fecha: String,
    pub hora_inicio: String,
    pub hora_fin: String,
    /// UTC start (AAAA-MM-DDTHH:MM:SSZ).
    pub inicio: String,
}

/// A course's sessions in order.
pub async fn sesiones(conn: &mut SqliteConnection, cve_curso: i64) -> sqlx::Result<Vec<Sesion>> {
    sqlx::query_as(
        "SELECT id_sesion, numero, fecha, hora_inicio, hora_fin, inicio FROM cursos_sesiones
          WHERE cve_curso = ? ORDER BY numero",
    )
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// The enrolled participants of a course: (cve_inscripcion_ai, cve_empleado, nombre_empleado).
pub async fn inscritos(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> sqlx::Result<Vec<(i64, i64, String)>> {
    sqlx::query_as(
        "SELECT i.cve_inscripcion_ai, i.cve_empleado, e.nombre_empleado FROM cursos_inscripciones i
           JOIN empleados e ON e.cve_empleado = i.cve_empleado
          WHERE i.cve_curso = ? AND i.estatus = 'inscrito' ORDER BY e.nombre_empleado, i.cve_inscripcion_ai",
    )
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// Every attendance mark of a course: (cve_inscripcion_ai, id_sesion, asistencia).
pub async fn marcas(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> sqlx::Result<Vec<(i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT a.cve_inscripcion_ai, a.id_sesion, a.asistencia FROM cursos_asistencias a
           JOIN cursos_sesiones s ON s.id_sesion = a.id_sesion WHERE s.cve_curso = ?",
    )
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// Records (or changes) one attendance mark.
pub async fn marcar(
    conn: &mut SqliteConnection,
    cve_inscripcion_ai: i64,
    id_sesion: i64,
    asistencia: i64,
    por: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO cursos_asistencias (cve_inscripcion_ai, id_sesion, asistencia, registrado_por, actualizado)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (cve_inscripcion_ai, id_sesion) DO UPDATE SET asistencia = excluded.asistencia,
             registrado_por = excluded.registrado_por, actualizado = excluded.actualizado",
    )
    .bind(cve_inscripcion_ai)
    .bind(id_sesion)
    .bind(asistencia)
    .bind(por)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Sets the storage key of a course's signed attendance list; the key it held before
/// (None when the course does not exist).
pub async fn set_lista(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    key: &str,
    now: &str,
) -> sqlx::Result<Option<Option<String>>> {
    let old: Option<Option<String>> =
        sqlx::query_scalar("SELECT lista_asistencia FROM cursos WHERE cve_curso = ?")
            .bind(cve_curso)
            .fetch_optional(&mut *conn)
            .await?;
    if old.is_some() {
        sqlx::query("UPDATE cursos SET lista_asistencia = ?, actualizado = ? WHERE cve_curso = ?")
            .bind(key)
            .bind(now)
            .bind(cve_curso)
            .execute(&mut *conn)
            .await?;
    }
    Ok(old)
}

/// The storage key of a course's signed attendance list.
pub async fn lista(conn: &mut SqliteConnection, cve_curso: i64) -> sqlx::Result<Option<String>> {
    let k: Option<Option<String>> =
        sqlx::query_scalar("SELECT lista_asistencia FROM cursos WHERE cve_curso = ?")
            .bind(cve_curso)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(k.flatten())
}

/// Writes the grades of one enrolment (None clears a grade).
pub async fn calificar(
    conn: &mut SqliteConnection,
    id: i64,
    calificacion: Option<f64>,
    practica: Option<f64>,
    salida: Option<i64>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos_inscripciones SET calificacion = ?, calificacion_practica = ?, calificacion_salida = ?,
                actualizado = ? WHERE cve_inscripcion_ai = ?",
    )
    .bind(calificacion)
    .bind(practica)
    .bind(salida)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Sets the grade (theory part) of an enrolment from its exam result.
pub async fn calificar_examen(
    conn: &mut SqliteConnection,
    id: i64,
    calificacion: Option<f64>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos_inscripciones SET calificacion = ?, actualizado = ? WHERE cve_inscripcion_ai = ?",
    )
    .bind(calificacion)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Marks the participant's material completed.
pub async fn material_completado(
    conn: &mut SqliteConnection,
    id: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE cursos_inscripciones SET estatus_material = 'Material_Completado',
                fecha_material = COALESCE(fecha_material, ?), actualizado = ?
          WHERE cve_inscripcion_ai = ?",
    )
    .bind(now)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
