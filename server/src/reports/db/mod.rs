//! All SQL of the reports: saved layouts and who they are shared with, their e-mail
//! schedules and sends, background exports, and the read models (the mass report, the
//! builder's sources, the filters' options) over the other domains' tables.

pub mod consulta;
pub mod fuentes;
pub mod masivo;

use sqlx::{FromRow, SqliteConnection, SqliteExecutor};

/// Tables this domain owns.
pub const TABLES: &[&str] = &[
    "reportes_guardados",
    "reportes_guardados_perfiles",
    "reportes_programaciones",
    "reportes_programaciones_destinatarios",
    "reportes_envios",
    "reportes_exportaciones",
];

/// Tables of other domains the report read models read: people and their place, the
/// catalogues, plans and ledger, courses with their enrolments, sessions and attendance,
/// exams, course surveys and external certifications.
pub const READS: &[&str] = &[
    "empleados",
    "estructura",
    "plantas",
    "puestos",
    "perfiles",
    "temas",
    "areas_tematicas",
    "grupos_temas",
    "grupos_temas_temas",
    "bloques",
    "bloques_temas",
    "instructores",
    "plan_empleados_temas",
    "plan_estado_temas",
    "plan_acreditaciones",
    "cursos",
    "cursos_inscripciones",
    "cursos_sesiones",
    "cursos_asistencias",
    "examenes",
    "examenes_asignaciones",
    "examenes_intentos",
    "encuestas_cursos",
    "encuestas_cursos_preguntas",
    "encuestas_cursos_respuestas",
    "certificaciones_externas",
];

/// A saved layout's row.
#[derive(FromRow, Clone, Debug)]
pub struct Guardado {
    pub id_reporte: i64,
    pub nombre: String,
    pub descripcion: String,
    pub fuente: String,
    pub definicion: String,
    pub creado_por: i64,
    pub creado_por_nombre: String,
    pub actualizado: String,
    /// Comma-separated profile ids it is shared with.
    pub perfiles: String,
}

const GUARDADO: &str = "SELECT g.id_reporte, g.nombre, g.descripcion, g.fuente, g.definicion, g.creado_por,
        COALESCE((SELECT e.nombre_empleado FROM empleados e WHERE e.cve_empleado = g.creado_por), '') AS creado_por_nombre,
        g.actualizado,
        COALESCE((SELECT group_concat(gp.idperfil) FROM reportes_guardados_perfiles gp WHERE gp.id_reporte = g.id_reporte), '') AS perfiles
    FROM reportes_guardados g";

/// The layouts `cve` may run with profile `idperfil`: their own and those shared with the
/// profile; every layout when `todos`.
pub async fn visible_layouts<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    idperfil: i64,
    todos: bool,
) -> sqlx::Result<Vec<Guardado>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{GUARDADO} WHERE ? = 1 OR g.creado_por = ? OR EXISTS (SELECT 1 FROM reportes_guardados_perfiles gp
            WHERE gp.id_reporte = g.id_reporte AND gp.idperfil = ?)
         ORDER BY g.nombre COLLATE NOCASE, g.id_reporte"
    )))
    .bind(todos)
    .bind(cve)
    .bind(idperfil)
    .fetch_all(db)
    .await
}

/// One layout.
pub async fn layout<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Guardado>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{GUARDADO} WHERE g.id_reporte = ?"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Whether `cve` already has a layout called `nombre` (other than `except`).
pub async fn name_taken<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    nombre: &str,
    except: Option<i64>,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM reportes_guardados WHERE creado_por = ? AND nombre = ? AND id_reporte IS NOT ?)",
    )
    .bind(cve)
    .bind(nombre)
    .bind(except)
    .fetch_one(db)
    .await
}

/// The fields of a layout to write.
pub struct NuevoGuardado<'a> {
    pub nombre: &'a str,
    pub descripcion: &'a str,
    pub fuente: &'a str,
    pub definicion: &'a str,
    pub perfiles: &'a [i64],
}

/// Inserts a layout and its profiles; its id.
pub async fn insert_layout(
    conn: &mut SqliteConnection,
    g: &NuevoGuardado<'_>,
    cve: i64,
    now: &str,
) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO reportes_guardados (nombre, descripcion, fuente, definicion, creado_por, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id_reporte",
    )
    .bind(g.nombre)
    .bind(g.descripcion)
    .bind(g.fuente)
    .bind(g.definicion)
    .bind(cve)
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    set_profiles(conn, id, g.perfiles).await?;
    Ok(id)
}

/// Rewrites a layout and its profiles.
pub async fn update_layout(
    conn: &mut SqliteConnection,
    id: i64,
    g: &NuevoGuardado<'_>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_guardados SET nombre = ?, descripcion = ?, fuente = ?, definicion = ?, actualizado = ?
         WHERE id_reporte = ?",
    )
    .bind(g.nombre)
    .bind(g.descripcion)
    .bind(g.fuente)
    .bind(g.definicion)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    set_profiles(conn, id, g.perfiles).await
}

async fn set_profiles(conn: &mut SqliteConnection, id: i64, perfiles: &[i64]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM reportes_guardados_perfiles WHERE id_reporte = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for p in perfiles {
        sqlx::query(
            "INSERT INTO reportes_guardados_perfiles (id_reporte, idperfil) VALUES (?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(p)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Deletes a layout (its profiles, schedule and sends go with it).
pub async fn delete_layout<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM reportes_guardados WHERE id_reporte = ?")
            .bind(id)
            .execute(db)
            .await?
            .rows_affected(),
    )
}

/// Which of `ids` are profiles.
pub async fn existing_profiles<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT idperfil FROM perfiles")
        .fetch_all(db)
        .await
}

/// A layout's schedule.
#[derive(FromRow, Clone, Debug)]
pub struct Programa {
    pub id_reporte: i64,
    pub frecuencia: String,
    pub dia: i64,
    pub formato: String,
    pub desde: String,
    pub ultimo_envio: Option<String>,
}

const PROGRAMA: &str = "SELECT p.id_reporte, p.frecuencia, p.dia, p.formato, p.desde,
        (SELECT MAX(v.enviado) FROM reportes_envios v WHERE v.id_reporte = p.id_reporte AND v.estado = 'enviado') AS ultimo_envio
    FROM reportes_programaciones p";

/// The schedule of a layout, if any.
pub async fn schedule<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Programa>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PROGRAMA} WHERE p.id_reporte = ?"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Every schedule.
pub async fn schedules<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Programa>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{PROGRAMA} ORDER BY p.id_reporte"
    )))
    .fetch_all(db)
    .await
}

/// A recipient: (cve, name, e-mail).
pub type Persona = (i64, String, Option<String>);

/// The recipients of a schedule.
pub async fn recipients<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Vec<Persona>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.nombre_empleado, e.correo_empleado
         FROM reportes_programaciones_destinatarios d JOIN empleados e ON e.cve_empleado = d.cve_empleado
         WHERE d.id_reporte = ? ORDER BY e.nombre_empleado, e.cve_empleado",
    )
    .bind(id)
    .fetch_all(db)
    .await
}

/// Active, not deleted employees among `cves`, with their name and e-mail.
pub async fn people<'e>(db: impl SqliteExecutor<'e>, cves: &[i64]) -> sqlx::Result<Vec<Persona>> {
    if cves.is_empty() {
        return Ok(Vec::new());
    }
    let marks = vec!["?"; cves.len()].join(", ");
    let mut q = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT cve_empleado, nombre_empleado, correo_empleado FROM empleados
         WHERE activo = 1 AND baja_logica = 0 AND cve_empleado IN ({marks})"
    )));
    for c in cves {
        q = q.bind(c);
    }
    q.fetch_all(db).await
}

/// Sets a layout's schedule and its recipients.
#[allow(clippy::too_many_arguments)]
pub async fn set_schedule(
    conn: &mut SqliteConnection,
    id: i64,
    frecuencia: &str,
    dia: i64,
    formato: &str,
    desde: &str,
    destinatarios: &[i64],
    cve: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO reportes_programaciones (id_reporte, frecuencia, dia, formato, desde, programado_por, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id_reporte) DO UPDATE SET frecuencia = excluded.frecuencia, dia = excluded.dia,
            formato = excluded.formato, desde = excluded.desde, programado_por = excluded.programado_por,
            actualizado = excluded.actualizado",
    )
    .bind(id)
    .bind(frecuencia)
    .bind(dia)
    .bind(formato)
    .bind(desde)
    .bind(cve)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM reportes_programaciones_destinatarios WHERE id_reporte = ?")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for d in destinatarios {
        sqlx::query(
            "INSERT INTO reportes_programaciones_destinatarios (id_reporte, cve_empleado) VALUES (?, ?)
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(d)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Removes a layout's schedule.
pub async fn delete_schedule<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM reportes_programaciones WHERE id_reporte = ?")
            .bind(id)
            .execute(db)
            .await?
            .rows_affected(),
    )
}

/// Claims a period's sends of a schedule: one row per recipient, only once ever.
pub async fn claim_sends<'e>(
    db: impl SqliteExecutor<'e>,
    id: i64,
    periodo: &str,
    now: &str,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "INSERT INTO reportes_envios (id_reporte, periodo, cve_empleado, creado)
         SELECT id_reporte, ?, cve_empleado, ? FROM reportes_programaciones_destinatarios WHERE id_reporte = ?
         ON CONFLICT (id_reporte, periodo, cve_empleado) DO NOTHING",
    )
    .bind(periodo)
    .bind(now)
    .bind(id)
    .execute(db)
    .await?
    .rows_affected())
}

/// Whether a period of a schedule was claimed.
pub async fn period_claimed<'e>(
    db: impl SqliteExecutor<'e>,
    id: i64,
    periodo: &str,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM reportes_envios WHERE id_reporte = ? AND periodo = ?)",
    )
    .bind(id)
    .bind(periodo)
    .fetch_one(db)
    .await
}

/// A send waiting to go.
#[derive(FromRow, Debug)]
pub struct Envio {
    pub id_envio: i64,
    pub id_reporte: i64,
    pub periodo: String,
    pub cve_empleado: i64,
    /// Attempts made so far.
    pub intentos: i64,
}

/// Sends claimed and not yet made whose next attempt may start at `now`.
pub async fn pending_sends<'e>(db: impl SqliteExecutor<'e>, now: &str) -> sqlx::Result<Vec<Envio>> {
    sqlx::query_as(
        "SELECT id_envio, id_reporte, periodo, cve_empleado, intentos FROM reportes_envios
         WHERE estado = 'pendiente' AND (reintentar IS NULL OR reintentar <= ?) ORDER BY id_envio",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// Records a failed attempt of a send that is tried again from `reintentar`.
pub async fn retry_send<'e>(
    db: impl SqliteExecutor<'e>,
    id_envio: i64,
    error: &str,
    reintentar: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_envios SET intentos = intentos + 1, error = ?, reintentar = ?
         WHERE id_envio = ? AND estado = 'pendiente'",
    )
    .bind(error)
    .bind(reintentar)
    .bind(id_envio)
    .execute(db)
    .await?;
    Ok(())
}

/// Records how a send ended.
pub async fn finish_send<'e>(
    db: impl SqliteExecutor<'e>,
    id_envio: i64,
    estado: &str,
    filas: Option<i64>,
    error: Option<&str>,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_envios SET estado = ?, filas = ?, error = ?, enviado = ?, intentos = intentos + 1, reintentar = NULL
         WHERE id_envio = ? AND estado = 'pendiente'",
    )
    .bind(estado)
    .bind(filas)
    .bind(error)
    .bind(now)
    .bind(id_envio)
    .execute(db)
    .await?;
    Ok(())
}

/// A background export's row.
#[derive(FromRow, Clone, Debug)]
pub struct Trabajo {
    pub id_exportacion: i64,
    pub cve_empleado: i64,
    pub idperfil: i64,
    pub nombre: String,
    pub origen: String,
    pub peticion: String,
    pub formato: String,
    pub idioma: String,
    pub estado: String,
    pub filas: i64,
    pub total: Option<i64>,
    pub archivo: Option<String>,
    pub bytes: Option<i64>,
    pub error: Option<String>,
    pub creado: String,
    pub terminado: Option<String>,
    pub expira: Option<String>,
}

const TRABAJO: &str = "SELECT id_exportacion, cve_empleado, idperfil, nombre, origen, peticion, formato, idioma, estado,
        filas, total, archivo, bytes, error, creado, terminado, expira
    FROM reportes_exportaciones";

/// The fields of a new background export.
pub struct NuevoTrabajo<'a> {
    pub cve: i64,
    pub idperfil: i64,
    pub nombre: &'a str,
    pub origen: &'a str,
    pub peticion: &'a str,
    pub formato: &'a str,
    pub idioma: &'a str,
}

/// Records a background export; its id.
pub async fn insert_job<'e>(
    db: impl SqliteExecutor<'e>,
    t: &NuevoTrabajo<'_>,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO reportes_exportaciones (cve_empleado, idperfil, nombre, origen, peticion, formato, idioma, creado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id_exportacion",
    )
    .bind(t.cve)
    .bind(t.idperfil)
    .bind(t.nombre)
    .bind(t.origen)
    .bind(t.peticion)
    .bind(t.formato)
    .bind(t.idioma)
    .bind(now)
    .fetch_one(db)
    .await
}

/// One background export.
pub async fn job<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Trabajo>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{TRABAJO} WHERE id_exportacion = ?"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// An employee's background exports, newest first (the last 100).
pub async fn jobs_of<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<Trabajo>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{TRABAJO} WHERE cve_empleado = ? ORDER BY id_exportacion DESC LIMIT 100"
    )))
    .bind(cve)
    .fetch_all(db)
    .await
}

/// Exports a stopped server left unfinished.
pub async fn unfinished_jobs<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT id_exportacion FROM reportes_exportaciones WHERE estado IN ('pendiente', 'procesando')
         ORDER BY id_exportacion",
    )
    .fetch_all(db)
    .await
}

/// Marks an export as running, with its row count.
pub async fn start_job<'e>(db: impl SqliteExecutor<'e>, id: i64, total: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_exportaciones SET estado = 'procesando', total = ?, filas = 0 WHERE id_exportacion = ?",
    )
    .bind(total)
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Records an export's progress.
pub async fn job_progress<'e>(
    db: impl SqliteExecutor<'e>,
    id: i64,
    filas: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_exportaciones SET filas = ? WHERE id_exportacion = ? AND estado = 'procesando'",
    )
    .bind(filas)
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Records a finished export.
pub async fn finish_job<'e>(
    db: impl SqliteExecutor<'e>,
    id: i64,
    filas: i64,
    archivo: &str,
    bytes: i64,
    now: &str,
    expira: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_exportaciones SET estado = 'terminada', filas = ?, total = ?, archivo = ?, bytes = ?,
            terminado = ?, expira = ?, error = NULL
         WHERE id_exportacion = ?",
    )
    .bind(filas)
    .bind(filas)
    .bind(archivo)
    .bind(bytes)
    .bind(now)
    .bind(expira)
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Records a failed export with the error's message.
pub async fn fail_job<'e>(
    db: impl SqliteExecutor<'e>,
    id: i64,
    error: &str,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_exportaciones SET estado = 'fallida', error = ?, terminado = ? WHERE id_exportacion = ?",
    )
    .bind(error)
    .bind(now)
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Finished exports whose time is up: (id, file key).
pub async fn expired_jobs<'e>(
    db: impl SqliteExecutor<'e>,
    now: &str,
) -> sqlx::Result<Vec<(i64, Option<String>)>> {
    sqlx::query_as(
        "SELECT id_exportacion, archivo FROM reportes_exportaciones WHERE estado = 'terminada' AND expira <= ?",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// Marks an export as expired (its file is gone).
pub async fn expire_job<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE reportes_exportaciones SET estado = 'expirada', archivo = NULL WHERE id_exportacion = ?",
    )
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// (value, label) rows of an options query.
type Par = (i64, String);

/// The option lists of the reports' filters: structure nodes (id, name, level), plants,
/// positions, topics, groups and blocks (active ones).
pub async fn options(
    conn: &mut SqliteConnection,
) -> sqlx::Result<(Vec<(i64, String, i64)>, [Vec<Par>; 5])> {
    let estructura = sqlx::query_as(
        "SELECT cve_estructura, nombre, nivel FROM estructura WHERE activo = 1 ORDER BY nivel, nombre",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut listas: [Vec<Par>; 5] = Default::default();
    for (i, sql) in [
        "SELECT cve_planta, nombre FROM plantas WHERE activo = 1 ORDER BY nombre",
        "SELECT cve_puesto, puesto FROM puestos WHERE activo = 1 ORDER BY puesto",
        "SELECT cve_tema, abreviatura || ' — ' || nombre_tema FROM temas ORDER BY abreviatura",
        "SELECT id_grupo, nombre FROM grupos_temas WHERE activo = 1 ORDER BY nombre",
        "SELECT id_bloque, nombre_bloque FROM bloques WHERE activo = 1 ORDER BY nombre_bloque",
    ]
    .into_iter()
    .enumerate()
    {
        listas[i] = sqlx::query_as(sql).fetch_all(&mut *conn).await?;
    }
    Ok((estructura, listas))
}

/// The mass report's extra conditions (filtersEXT): SQL written here, values bound.
pub mod condiciones {
    /// The employee sits under a structure node of any level.
    pub const NODO: &str = "(e.n2 = ? OR e.n3 = ? OR e.n4 = ? OR e.n5 = ? OR e.n6 = ? OR e.n7 = ?)";
    pub const PLANTA: &str = "e.cve_planta = ?";
    pub const PUESTO: &str = "e.cve_puesto = ?";
    pub const TEMA: &str = "r.cve_tema = ?";
    pub const GRUPO: &str =
        "r.cve_tema IN (SELECT g.cve_tema FROM grupos_temas_temas g WHERE g.id_grupo = ?)";
    pub const BLOQUE: &str =
        "r.cve_tema IN (SELECT b.cve_tema FROM bloques_temas b WHERE b.id_bloque = ?)";
    pub const MODALIDAD: &str = "t.modalidad = ?";
    pub const NO_BORRADOS: &str = "e.baja_logica = 0";
    pub use crate::plans::db::HOY_CTE as HOY;
}
