//! All SQL of the SCORM domain.

use sqlx::{FromRow, SqliteConnection};

use crate::table::{Column, Conteo, Filter, Kind, TableDef};

/// Tables this domain owns (see docs/architecture.md).
pub const TABLES: &[&str] = &[
    "scorm_paquetes",
    "scorm_intentos",
    "scorm_datos",
    "scorm_lanzamientos",
];
/// Tables of other domains this one reads: topic names (package list, progress table) and
/// employees (names on the progress table and for the run-time's learner name).
pub const READS: &[&str] = &["temas", "empleados"];

/// A topic's package.
#[derive(Clone, Debug, FromRow)]
pub struct Paquete {
    pub id_paquete: i64,
    pub cve_tema: i64,
    pub clave_scorm: String,
    pub version: String,
    pub edicion: Option<String>,
    pub titulo: String,
    pub revision: i64,
    pub estructura: String,
    pub dominio: Option<f64>,
    pub intentos: i64,
    pub archivos: i64,
    pub bytes: i64,
    pub archivo_nombre: Option<String>,
    pub subido_por: Option<i64>,
    pub creado: String,
    pub actualizado: String,
}

macro_rules! paquete_cols {
    () => {
        "id_paquete, cve_tema, clave_scorm, version, edicion, titulo, revision, estructura, dominio, intentos, archivos, bytes, archivo_nombre, subido_por, creado, actualizado"
    };
}

/// The content of a package as an upload leaves it.
pub struct Contenido<'a> {
    pub version: &'a str,
    pub edicion: Option<&'a str>,
    pub titulo: &'a str,
    pub estructura: &'a str,
    pub dominio: Option<f64>,
    pub archivos: i64,
    pub bytes: i64,
    pub archivo_nombre: Option<&'a str>,
    pub subido_por: i64,
}

pub async fn package_of_topic(
    conn: &mut SqliteConnection,
    cve_tema: i64,
) -> sqlx::Result<Option<Paquete>> {
    sqlx::query_as(concat!(
        "SELECT ",
        paquete_cols!(),
        " FROM scorm_paquetes WHERE cve_tema = ?"
    ))
    .bind(cve_tema)
    .fetch_optional(conn)
    .await
}

pub async fn package_by_id(
    conn: &mut SqliteConnection,
    id_paquete: i64,
) -> sqlx::Result<Option<Paquete>> {
    sqlx::query_as(concat!(
        "SELECT ",
        paquete_cols!(),
        " FROM scorm_paquetes WHERE id_paquete = ?"
    ))
    .bind(id_paquete)
    .fetch_optional(conn)
    .await
}

pub async fn package_by_key(
    conn: &mut SqliteConnection,
    clave: &str,
) -> sqlx::Result<Option<Paquete>> {
    sqlx::query_as(concat!(
        "SELECT ",
        paquete_cols!(),
        " FROM scorm_paquetes WHERE clave_scorm = ?"
    ))
    .bind(clave)
    .fetch_optional(conn)
    .await
}

/// A new package at revision 1.
pub async fn insert_package(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    clave: &str,
    c: &Contenido<'_>,
    now: &str,
) -> sqlx::Result<i64> {
    let r = sqlx::query(
        "INSERT INTO scorm_paquetes (cve_tema, clave_scorm, version, edicion, titulo, revision, estructura, dominio, archivos, bytes, archivo_nombre, subido_por, creado, actualizado) \
         VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(cve_tema)
    .bind(clave)
    .bind(c.version)
    .bind(c.edicion)
    .bind(c.titulo)
    .bind(c.estructura)
    .bind(c.dominio)
    .bind(c.archivos)
    .bind(c.bytes)
    .bind(c.archivo_nombre)
    .bind(c.subido_por)
    .bind(now)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(r.last_insert_rowid())
}

/// New content for a package still at revision `antes`: its revision becomes `revision`
/// (attempts stay). False when another upload changed it first.
pub async fn replace_content(
    conn: &mut SqliteConnection,
    id_paquete: i64,
    antes: i64,
    revision: i64,
    c: &Contenido<'_>,
    now: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE scorm_paquetes SET version = ?, edicion = ?, titulo = ?, revision = ?, estructura = ?, dominio = ?, \
         archivos = ?, bytes = ?, archivo_nombre = ?, subido_por = ?, actualizado = ? WHERE id_paquete = ? AND revision = ?",
    )
    .bind(c.version)
    .bind(c.edicion)
    .bind(c.titulo)
    .bind(revision)
    .bind(c.estructura)
    .bind(c.dominio)
    .bind(c.archivos)
    .bind(c.bytes)
    .bind(c.archivo_nombre)
    .bind(c.subido_por)
    .bind(now)
    .bind(id_paquete)
    .bind(antes)
    .execute(conn)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn set_attempts(
    conn: &mut SqliteConnection,
    id_paquete: i64,
    intentos: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE scorm_paquetes SET intentos = ?, actualizado = ? WHERE id_paquete = ?")
        .bind(intentos)
        .bind(now)
        .bind(id_paquete)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn delete_package(conn: &mut SqliteConnection, id_paquete: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM scorm_paquetes WHERE id_paquete = ?")
        .bind(id_paquete)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn count_attempts(conn: &mut SqliteConnection, id_paquete: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM scorm_intentos WHERE id_paquete = ?")
        .bind(id_paquete)
        .fetch_one(conn)
        .await
}

/// Every package with its topic's name, by topic name.
pub async fn packages_list(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(i64, String, String, String, String)>> {
    sqlx::query_as(
        "SELECT p.cve_tema, t.nombre_tema, p.clave_scorm, p.version, p.titulo FROM scorm_paquetes p \
         JOIN temas t ON t.cve_tema = p.cve_tema ORDER BY t.nombre_tema",
    )
    .fetch_all(conn)
    .await
}

/// (cve_tema, clave_scorm) of every package.
pub async fn package_keys(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT cve_tema, clave_scorm FROM scorm_paquetes")
        .fetch_all(conn)
        .await
}

/// A learner's attempt.
#[derive(Clone, Debug, FromRow)]
pub struct Intento {
    pub id_intento: i64,
    pub id_paquete: i64,
    pub cve_empleado: i64,
    pub numero: i64,
    pub estado: String,
    pub calificacion: Option<f64>,
    pub tiempo_total_seg: i64,
    pub ultimo_item: Option<String>,
    pub iniciado: String,
    pub ultimo_acceso: String,
    pub terminado: Option<String>,
}

macro_rules! intento_cols {
    () => {
        "id_intento, id_paquete, cve_empleado, numero, estado, calificacion, tiempo_total_seg, ultimo_item, iniciado, ultimo_acceso, terminado"
    };
}

/// A learner's attempts at a package, first to last.
pub async fn attempts_of(
    conn: &mut SqliteConnection,
    id_paquete: i64,
    cve_empleado: i64,
) -> sqlx::Result<Vec<Intento>> {
    sqlx::query_as(concat!(
        "SELECT ",
        intento_cols!(),
        " FROM scorm_intentos WHERE id_paquete = ? AND cve_empleado = ? ORDER BY numero"
    ))
    .bind(id_paquete)
    .bind(cve_empleado)
    .fetch_all(conn)
    .await
}

pub async fn attempt(
    conn: &mut SqliteConnection,
    id_intento: i64,
) -> sqlx::Result<Option<Intento>> {
    sqlx::query_as(concat!(
        "SELECT ",
        intento_cols!(),
        " FROM scorm_intentos WHERE id_intento = ?"
    ))
    .bind(id_intento)
    .fetch_optional(conn)
    .await
}

/// Opens the learner's next attempt (numbered after their last one).
pub async fn insert_attempt(
    conn: &mut SqliteConnection,
    id_paquete: i64,
    cve_empleado: i64,
    now: &str,
) -> sqlx::Result<i64> {
    let r = sqlx::query(
        "INSERT INTO scorm_intentos (id_paquete, cve_empleado, numero, iniciado, ultimo_acceso) \
         SELECT ?, ?, COALESCE(MAX(numero), 0) + 1, ?, ? FROM scorm_intentos WHERE id_paquete = ? AND cve_empleado = ?",
    )
    .bind(id_paquete)
    .bind(cve_empleado)
    .bind(now)
    .bind(now)
    .bind(id_paquete)
    .bind(cve_empleado)
    .execute(conn)
    .await?;
    Ok(r.last_insert_rowid())
}

/// The attempt's state as its SCOs' data now say.
#[allow(clippy::too_many_arguments)]
pub async fn update_attempt(
    conn: &mut SqliteConnection,
    id_intento: i64,
    estado: &str,
    calificacion: Option<f64>,
    tiempo_total_seg: i64,
    ultimo_item: &str,
    now: &str,
    terminado: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE scorm_intentos SET estado = ?, calificacion = ?, tiempo_total_seg = ?, ultimo_item = ?, ultimo_acceso = ?, \
         terminado = CASE WHEN ? THEN COALESCE(terminado, ?) ELSE NULL END WHERE id_intento = ?",
    )
    .bind(estado)
    .bind(calificacion)
    .bind(tiempo_total_seg)
    .bind(ultimo_item)
    .bind(now)
    .bind(terminado)
    .bind(now)
    .bind(id_intento)
    .execute(conn)
    .await?;
    Ok(())
}

/// A live launch with what it is bound to.
#[derive(Clone, Debug, FromRow)]
pub struct Lanzamiento {
    pub id_lanzamiento: i64,
    pub id_intento: i64,
    pub modo: String,
    pub expira: String,
    pub cve_empleado: i64,
    pub id_paquete: i64,
    pub numero: i64,
}

pub async fn insert_launch(
    conn: &mut SqliteConnection,
    token_hash: &str,
    id_intento: i64,
    modo: &str,
    now: &str,
    expira: &str,
) -> sqlx::Result<i64> {
    let r = sqlx::query(
        "INSERT INTO scorm_lanzamientos (token_hash, id_intento, modo, creado, expira) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(token_hash)
    .bind(id_intento)
    .bind(modo)
    .bind(now)
    .bind(expira)
    .execute(conn)
    .await?;
    Ok(r.last_insert_rowid())
}

/// The launch of a token hash, when it has not expired.
pub async fn live_launch(
    conn: &mut SqliteConnection,
    token_hash: &str,
    now: &str,
) -> sqlx::Result<Option<Lanzamiento>> {
    sqlx::query_as(
        "SELECT l.id_lanzamiento, l.id_intento, l.modo, l.expira, i.cve_empleado, i.id_paquete, i.numero \
         FROM scorm_lanzamientos l JOIN scorm_intentos i ON i.id_intento = l.id_intento \
         WHERE l.token_hash = ? AND l.expira > ?",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(conn)
    .await
}

pub async fn renew_launch(
    conn: &mut SqliteConnection,
    id_lanzamiento: i64,
    expira: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE scorm_lanzamientos SET expira = ? WHERE id_lanzamiento = ? AND expira < ?")
        .bind(expira)
        .bind(id_lanzamiento)
        .bind(expira)
        .execute(conn)
        .await?;
    Ok(())
}

/// Forgets launches that expired before `now`.
pub async fn delete_expired_launches(conn: &mut SqliteConnection, now: &str) -> sqlx::Result<u64> {
    Ok(
        sqlx::query("DELETE FROM scorm_lanzamientos WHERE expira <= ?")
            .bind(now)
            .execute(conn)
            .await?
            .rows_affected(),
    )
}

/// The run-time data of one SCO in one attempt.
#[derive(Clone, Debug, Default, FromRow)]
pub struct Datos {
    pub id_intento: i64,
    pub item: String,
    pub id_lanzamiento: i64,
    pub secuencia: i64,
    pub estado: String,
    pub completado: i64,
    pub exito: Option<String>,
    pub puntaje_raw: Option<f64>,
    pub puntaje_min: Option<f64>,
    pub puntaje_max: Option<f64>,
    pub puntaje_escalado: Option<f64>,
    pub ubicacion: Option<String>,
    pub datos_suspendidos: Option<String>,
    pub salida: Option<String>,
    pub tiempo_previo_seg: i64,
    pub tiempo_sesion_seg: i64,
    pub valores: String,
    pub actualizado: String,
}

macro_rules! datos_cols {
    () => {
        "id_intento, item, id_lanzamiento, secuencia, estado, completado, exito, puntaje_raw, puntaje_min, puntaje_max, puntaje_escalado, ubicacion, datos_suspendidos, salida, tiempo_previo_seg, tiempo_sesion_seg, valores, actualizado"
    };
}

pub async fn data_of_attempt(
    conn: &mut SqliteConnection,
    id_intento: i64,
) -> sqlx::Result<Vec<Datos>> {
    sqlx::query_as(concat!(
        "SELECT ",
        datos_cols!(),
        " FROM scorm_datos WHERE id_intento = ?"
    ))
    .bind(id_intento)
    .fetch_all(conn)
    .await
}

/// What an attempt's state is summed from, per SCO (no values or suspend data: this runs
/// inside every commit's write transaction).
#[derive(Clone, Debug, FromRow)]
pub struct Resumen {
    pub item: String,
    pub estado: String,
    pub puntaje_raw: Option<f64>,
    pub puntaje_min: Option<f64>,
    pub puntaje_max: Option<f64>,
    pub puntaje_escalado: Option<f64>,
    pub tiempo_previo_seg: i64,
    pub tiempo_sesion_seg: i64,
}

pub async fn summary_of_attempt(
    conn: &mut SqliteConnection,
    id_intento: i64,
) -> sqlx::Result<Vec<Resumen>> {
    sqlx::query_as(
        "SELECT item, estado, puntaje_raw, puntaje_min, puntaje_max, puntaje_escalado, tiempo_previo_seg, tiempo_sesion_seg \
         FROM scorm_datos WHERE id_intento = ?",
    )
    .bind(id_intento)
    .fetch_all(conn)
    .await
}

/// Writes a commit's data when it is newer than what is stored: a later launch (whose
/// start folds the previous launch's time into `tiempo_previo_seg`), or the same launch
/// with a higher sequence number. A session's last commit comes with its time in
/// `tiempo_previo_seg` (added to the earlier time) and 0 in `tiempo_sesion_seg`; other
/// commits with 0 and the session's time so far. Whether it was applied.
pub async fn apply_data(conn: &mut SqliteConnection, d: &Datos) -> sqlx::Result<bool> {
    let r = sqlx::query(concat!(
        "INSERT INTO scorm_datos (",
        datos_cols!(),
        ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
         ON CONFLICT (id_intento, item) DO UPDATE SET \
           tiempo_previo_seg = CASE WHEN excluded.id_lanzamiento > scorm_datos.id_lanzamiento \
             THEN scorm_datos.tiempo_previo_seg + scorm_datos.tiempo_sesion_seg ELSE scorm_datos.tiempo_previo_seg END \
             + excluded.tiempo_previo_seg, \
           id_lanzamiento = excluded.id_lanzamiento, secuencia = excluded.secuencia, estado = excluded.estado, \
           completado = excluded.completado, exito = excluded.exito, puntaje_raw = excluded.puntaje_raw, \
           puntaje_min = excluded.puntaje_min, puntaje_max = excluded.puntaje_max, puntaje_escalado = excluded.puntaje_escalado, \
           ubicacion = excluded.ubicacion, datos_suspendidos = excluded.datos_suspendidos, salida = excluded.salida, \
           tiempo_sesion_seg = excluded.tiempo_sesion_seg, valores = excluded.valores, actualizado = excluded.actualizado \
         WHERE excluded.id_lanzamiento > scorm_datos.id_lanzamiento \
            OR (excluded.id_lanzamiento = scorm_datos.id_lanzamiento AND excluded.secuencia > scorm_datos.secuencia)"
    ))
    .bind(d.id_intento)
    .bind(&d.item)
    .bind(d.id_lanzamiento)
    .bind(d.secuencia)
    .bind(&d.estado)
    .bind(d.completado)
    .bind(&d.exito)
    .bind(d.puntaje_raw)
    .bind(d.puntaje_min)
    .bind(d.puntaje_max)
    .bind(d.puntaje_escalado)
    .bind(&d.ubicacion)
    .bind(&d.datos_suspendidos)
    .bind(&d.salida)
    .bind(d.tiempo_previo_seg)
    .bind(d.tiempo_sesion_seg)
    .bind(&d.valores)
    .bind(&d.actualizado)
    .execute(conn)
    .await?;
    Ok(r.rows_affected() > 0)
}

/// The learner's name and number (the run-time's `student_name` / `learner_id`).
pub async fn learner(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Option<(String, Option<String>, Option<String>)>> {
    sqlx::query_as(
        "SELECT nombre_empleado, num_empleado, correo_empleado FROM empleados WHERE cve_empleado = ?",
    )
    .bind(cve_empleado)
    .fetch_optional(conn)
    .await
}

/// States of an attempt (the progress table's filter).
const ESTADOS: &[(&str, &str)] = &[
    ("incomplete", "En curso"),
    ("completed", "Completado"),
    ("passed", "Aprobado"),
    ("failed", "Reprobado"),
];

/// Up to `n` active employees (benchmark data).
pub async fn some_learners(conn: &mut SqliteConnection, n: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE activo = 1 ORDER BY cve_empleado LIMIT ?",
    )
    .bind(n)
    .fetch_all(conn)
    .await
}

/// Learners' attempts for analysts (table engine, export).
pub static AVANCE: TableDef = TableDef {
    name: "avance_scorm",
    from: "scorm_intentos i JOIN scorm_paquetes p ON p.id_paquete = i.id_paquete
           JOIN temas t ON t.cve_tema = p.cve_tema
           JOIN empleados e ON e.cve_empleado = i.cve_empleado",
    count: Conteo::Aparte,
    columns: &[
        Column::int("id_intento", "Intento (clave)", "i.id_intento"),
        Column {
            nomfield: "cve_tema",
            title: "Tema (clave)",
            expr: "p.cve_tema",
            kind: Kind::Int,
            filter: Filter::Select {
                expr: "p.cve_tema",
                options_sql: "SELECT p.cve_tema, t.nombre_tema FROM scorm_paquetes p JOIN temas t ON t.cve_tema = p.cve_tema ORDER BY t.nombre_tema",
            },
            sortable: true,
        },
        Column::text("num_empleado", "Número", "e.num_empleado"),
        Column::text("participante", "Participante", "e.nombre_empleado"),
        Column::text("tema", "Tema", "t.nombre_tema"),
        Column::text("version", "Versión", "p.version"),
        Column::int("intento", "Intento", "i.numero"),
        Column::plain(
            "intentos_usados",
            "Intentos",
            "(SELECT COUNT(*) FROM scorm_intentos x WHERE x.id_paquete = i.id_paquete AND x.cve_empleado = i.cve_empleado)",
            Kind::Int,
        ),
        Column::fixed("estado", "Estado", "i.estado", Kind::Text, ESTADOS),
        Column::sorted("calificacion", "Calificación", "i.calificacion", Kind::Real),
        Column::plain(
            "tiempo_total",
            "Tiempo",
            "CASE WHEN i.tiempo_total_seg < 36000 THEN '0' ELSE '' END || (i.tiempo_total_seg / 3600) || ':' \
             || CASE WHEN (i.tiempo_total_seg / 60) % 60 < 10 THEN '0' ELSE '' END || ((i.tiempo_total_seg / 60) % 60) || ':' \
             || CASE WHEN i.tiempo_total_seg % 60 < 10 THEN '0' ELSE '' END || (i.tiempo_total_seg % 60)",
            Kind::Text,
        ),
        Column::sorted("iniciado", "Inicio", "i.iniciado", Kind::Text),
        Column::sorted(
            "ultimo_acceso",
            "Último acceso",
            "i.ultimo_acceso",
            Kind::Text,
        ),
    ],
    date_expr: Some("substr(i.ultimo_acceso, 1, 10)"),
    default_order: "i.ultimo_acceso DESC",
    key: "i.id_intento",
};
