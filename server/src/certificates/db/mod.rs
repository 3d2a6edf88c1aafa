//! All SQL of the certificates domain: its own table, and the DC-3's read model (what the
//! form prints, gathered from the employees, org, topics, resources and courses domains'
//! tables in one read).

pub mod external;

use sqlx::{FromRow, SqliteConnection};

/// Tables this domain owns (see docs/architecture.md).
pub const TABLES: &[&str] = &[
    "certificados",
    "certificaciones_externas",
    "certificaciones_dc3_subidas",
];
/// Tables of other domains this one reads, only for the DC-3 read model (the worker, the
/// company's employer data and signatories, the course, its topic and trainer) and the
/// holder's name and scope on the verification page.
pub const READS: &[&str] = &[
    "empleados",
    "puestos",
    "ocupaciones",
    "estructura",
    "empresas_stps",
    "representantes_dc3",
    "cursos",
    "cursos_sesiones",
    "cursos_inscripciones",
    "temas",
    "areas_tematicas",
    "instructores",
    "instituciones",
];

/// Everything the DC-3 of one worker in one course prints, as stored (validated in dc3.rs).
#[derive(Clone, Debug, FromRow)]
pub struct Dc3Fila {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub curp: Option<String>,
    pub ocupacion: Option<String>,
    pub ocupacion_nombre: Option<String>,
    pub puesto: Option<String>,
    pub cve_n4: Option<i64>,
    pub empresa: Option<String>,
    pub razon_social: Option<String>,
    pub rfc: Option<String>,
    pub num_trabajadores: Option<i64>,
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub modalidad: String,
    pub estatus: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub cve_tema: i64,
    pub nombre_tema: String,
    pub meses_certificacion: i64,
    /// The topic's hours (days × hours per session), for a course without sessions.
    pub horas_tema: f64,
    pub cve_area: Option<i64>,
    pub area: Option<String>,
    pub instructor: Option<String>,
    pub instructor_interno: Option<i64>,
    pub registro_stps: Option<String>,
    pub firma_instructor: Option<String>,
    pub institucion: Option<String>,
    pub acreditado: Option<i64>,
}

/// The DC-3 data of `cve_empleado` in `cve_curso`: None when the course does not exist or
/// the employee holds no seat in it.
pub async fn dc3(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_curso: i64,
) -> sqlx::Result<Option<Dc3Fila>> {
    sqlx::query_as(
        "SELECT e.cve_empleado, e.nombre_empleado, e.curp, e.ocupacion, o.nombre AS ocupacion_nombre,
                p.puesto, e.n4 AS cve_n4, n4.nombre AS empresa, s.razon_social, s.rfc, s.num_trabajadores,
                c.cve_curso, c.nombre_corto AS nombre_curso, c.modalidad, c.estatus, c.fecha_inicio, c.fecha_fin,
                t.cve_tema, t.nombre_tema, t.meses_certificacion,
                CAST(t.dias_duracion * t.horas_sesion AS REAL) AS horas_tema, t.cve_area, a.nombre AS area,
                ins.nombre AS instructor, ins.interno AS instructor_interno, ins.registro_stps,
                ins.firma AS firma_instructor, inst.nombre AS institucion, i.acreditado
         FROM cursos c
         JOIN temas t ON t.cve_tema = c.cve_tema
         LEFT JOIN areas_tematicas a ON a.cve_area = t.cve_area
         JOIN cursos_inscripciones i ON i.cve_curso = c.cve_curso AND i.estatus = 'inscrito'
         JOIN empleados e ON e.cve_empleado = i.cve_empleado
         LEFT JOIN puestos p ON p.cve_puesto = e.cve_puesto
         LEFT JOIN ocupaciones o ON o.clave = e.ocupacion
         LEFT JOIN estructura n4 ON n4.cve_estructura = e.n4
         LEFT JOIN empresas_stps s ON s.cve_n4 = e.n4
         LEFT JOIN instructores ins ON ins.cve_instructor = c.cve_instructor
         LEFT JOIN instituciones inst ON inst.cve_institucion = ins.cve_institucion
         WHERE c.cve_curso = ? AND i.cve_empleado = ?",
    )
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await
}

/// A course's sessions: (fecha, hora_inicio, hora_fin), company-local.
pub async fn sessions(
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> sqlx::Result<Vec<(String, String, String)>> {
    sqlx::query_as(
        "SELECT fecha, hora_inicio, hora_fin FROM cursos_sesiones WHERE cve_curso = ? ORDER BY numero",
    )
    .bind(cve_curso)
    .fetch_all(&mut *conn)
    .await
}

/// A company's active DC-3 representative of a kind ('patron' | 'trabajadores'): the first
/// one entered. (nombre, puesto, firma)
pub async fn representative(
    conn: &mut SqliteConnection,
    cve_n4: i64,
    tipo: &str,
) -> sqlx::Result<Option<(String, Option<String>, Option<String>)>> {
    sqlx::query_as(
        "SELECT nombre, puesto, firma FROM representantes_dc3
         WHERE cve_n4 = ? AND tipo = ? AND activo = 1 ORDER BY cve_representante LIMIT 1",
    )
    .bind(cve_n4)
    .bind(tipo)
    .fetch_optional(&mut *conn)
    .await
}

/// One issued certificate.
#[derive(Clone, Debug, FromRow)]
pub struct Certificado {
    pub id_certificado: i64,
    pub codigo: String,
    pub tipo: String,
    pub cve_empleado: i64,
    pub cve_curso: Option<i64>,
    pub id_bloque: Option<i64>,
    pub titulo: String,
    pub titular: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub vigencia: String,
    pub emitido: String,
    pub entregado: Option<String>,
    pub revocado: Option<String>,
    pub motivo_revocacion: Option<String>,
}

macro_rules! certificado_cols {
    () => {
        "id_certificado, codigo, tipo, cve_empleado, cve_curso, id_bloque, titulo, titular,
         fecha_inicio, fecha_fin, vigencia, emitido, entregado, revocado, motivo_revocacion"
    };
}

/// The valid (not revoked) certificate of a kind for a holder and course.
pub async fn valid_for_course(
    conn: &mut SqliteConnection,
    tipo: &str,
    cve_curso: i64,
    cve_empleado: i64,
) -> sqlx::Result<Option<Certificado>> {
    sqlx::query_as(concat!(
        "SELECT ",
        certificado_cols!(),
        " FROM certificados WHERE tipo = ? AND cve_curso = ? AND cve_empleado = ? AND revocado IS NULL"
    ))
    .bind(tipo)
    .bind(cve_curso)
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await
}

/// A certificate by its public code.
pub async fn by_code(
    conn: &mut SqliteConnection,
    codigo: &str,
) -> sqlx::Result<Option<Certificado>> {
    sqlx::query_as(concat!(
        "SELECT ",
        certificado_cols!(),
        " FROM certificados WHERE codigo = ?"
    ))
    .bind(codigo)
    .fetch_optional(&mut *conn)
    .await
}

/// What a new certificate records.
#[derive(Clone, Copy)]
pub struct NuevoCertificado<'a> {
    pub codigo: &'a str,
    pub tipo: &'a str,
    pub cve_empleado: i64,
    pub cve_curso: Option<i64>,
    pub id_bloque: Option<i64>,
    pub titulo: &'a str,
    pub titular: &'a str,
    pub fecha_inicio: &'a str,
    pub fecha_fin: &'a str,
    pub vigencia: &'a str,
    pub emitido: &'a str,
    pub emitido_por: Option<i64>,
}

/// Inserts a certificate; false when the code is taken (the caller draws another).
pub async fn insert(conn: &mut SqliteConnection, c: &NuevoCertificado<'_>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO certificados (codigo, tipo, cve_empleado, cve_curso, id_bloque, titulo, titular,
             fecha_inicio, fecha_fin, vigencia, emitido, emitido_por)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (codigo) DO NOTHING",
    )
    .bind(c.codigo)
    .bind(c.tipo)
    .bind(c.cve_empleado)
    .bind(c.cve_curso)
    .bind(c.id_bloque)
    .bind(c.titulo)
    .bind(c.titular)
    .bind(c.fecha_inicio)
    .bind(c.fecha_fin)
    .bind(c.vigencia)
    .bind(c.emitido)
    .bind(c.emitido_por)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records the first delivery of a certificate (later ones keep the first).
pub async fn mark_delivered(
    conn: &mut SqliteConnection,
    id_certificado: i64,
    cuando: &str,
    medio: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE certificados SET entregado = ?, medio_entrega = ?
         WHERE id_certificado = ? AND entregado IS NULL",
    )
    .bind(cuando)
    .bind(medio)
    .bind(id_certificado)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Revokes the valid certificates of a course (every kind, every holder, or one holder);
/// returns how many.
pub async fn revoke_for_course(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: Option<i64>,
    cuando: &str,
    motivo: &str,
) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "UPDATE certificados SET revocado = ?, motivo_revocacion = ?
         WHERE cve_curso = ? AND revocado IS NULL AND (? IS NULL OR cve_empleado = ?)",
    )
    .bind(cuando)
    .bind(motivo)
    .bind(cve_curso)
    .bind(cve_empleado)
    .bind(cve_empleado)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected())
}

/// A closed course for the DC-3 follow-up: its accredited participants and how many of them
/// already have their DC-3 delivered.
#[derive(Clone, Debug, FromRow)]
pub struct CursoSeguimiento {
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub modalidad: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub acreditados: i64,
    pub entregadas: i64,
}

/// Closed courses that ended in `[desde, hasta]` with at least one accredited participant
/// within the scope (`supervisor` = None for everyone, else the employee and their
/// subordinates, direct and indirect), newest first.
pub async fn follow_up(
    conn: &mut SqliteConnection,
    desde: &str,
    hasta: &str,
    supervisor: Option<i64>,
) -> sqlx::Result<Vec<CursoSeguimiento>> {
    sqlx::query_as(
        "WITH RECURSIVE equipo(cve) AS (
             SELECT ? WHERE ? IS NOT NULL
             UNION SELECT e.cve_empleado FROM empleados e JOIN equipo q ON e.cve_supervisor = q.cve
         )
         SELECT c.cve_curso, c.nombre_corto AS nombre_curso, c.modalidad, c.fecha_inicio, c.fecha_fin,
                COUNT(i.cve_empleado) AS acreditados,
                COUNT(ce.id_certificado) AS entregadas
         FROM cursos c
         JOIN cursos_inscripciones i ON i.cve_curso = c.cve_curso AND i.estatus = 'inscrito' AND i.acreditado = 1
         LEFT JOIN certificados ce ON ce.tipo = 'dc3' AND ce.cve_curso = c.cve_curso
              AND ce.cve_empleado = i.cve_empleado AND ce.revocado IS NULL AND ce.entregado IS NOT NULL
         WHERE c.estatus = 'cerrado' AND c.fecha_fin BETWEEN ? AND ?
           AND (? IS NULL OR i.cve_empleado IN (SELECT cve FROM equipo))
         GROUP BY c.cve_curso
         ORDER BY c.fecha_fin DESC, c.cve_curso DESC",
    )
    .bind(supervisor)
    .bind(supervisor)
    .bind(desde)
    .bind(hasta)
    .bind(supervisor)
    .fetch_all(&mut *conn)
    .await
}

/// An accredited participant of a course and their DC-3, if issued.
#[derive(Clone, Debug, FromRow)]
pub struct ParticipanteDc3 {
    pub cve_empleado: i64,
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
    pub codigo: Option<String>,
    pub entregado: Option<String>,
    pub medio_entrega: Option<String>,
}

/// The accredited participants of a course within the scope, by name.
pub async fn accredited(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    supervisor: Option<i64>,
) -> sqlx::Result<Vec<ParticipanteDc3>> {
    sqlx::query_as(
        "WITH RECURSIVE equipo(cve) AS (
             SELECT ? WHERE ? IS NOT NULL
             UNION SELECT e.cve_empleado FROM empleados e JOIN equipo q ON e.cve_supervisor = q.cve
         )
         SELECT e.cve_empleado, e.num_empleado, e.nombre_empleado, e.correo_empleado,
                ce.codigo, ce.entregado, ce.medio_entrega
         FROM cursos_inscripciones i
         JOIN empleados e ON e.cve_empleado = i.cve_empleado
         LEFT JOIN certificados ce ON ce.tipo = 'dc3' AND ce.cve_curso = i.cve_curso
              AND ce.cve_empleado = i.cve_empleado AND ce.revocado IS NULL
         WHERE i.cve_curso = ? AND i.estatus = 'inscrito' AND i.acreditado = 1
           AND (? IS NULL OR i.cve_empleado IN (SELECT cve FROM equipo))
         ORDER BY e.nombre_empleado",
    )
    .bind(supervisor)
    .bind(supervisor)
    .bind(cve_curso)
    .bind(supervisor)
    .fetch_all(&mut *conn)
    .await
}

/// The closed courses an employee passed, newest first: (cve_curso, modalidad).
pub async fn passed_courses(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT c.cve_curso, c.modalidad FROM cursos_inscripciones i
         JOIN cursos c ON c.cve_curso = i.cve_curso
         WHERE i.cve_empleado = ? AND i.estatus = 'inscrito' AND i.acreditado = 1 AND c.estatus = 'cerrado'
         ORDER BY c.fecha_fin DESC, c.cve_curso DESC",
    )
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}

/// The names and end dates of the closed courses an employee passed, newest first (what the
/// help assistant lists as one's certificates).
pub async fn passed_course_names(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT c.nombre_corto, c.fecha_fin FROM cursos_inscripciones i
         JOIN cursos c ON c.cve_curso = i.cve_curso
         WHERE i.cve_empleado = ? AND i.estatus = 'inscrito' AND i.acreditado = 1 AND c.estatus = 'cerrado'
         ORDER BY c.fecha_fin DESC, c.cve_curso DESC",
    )
    .bind(cve_empleado)
    .fetch_all(&mut *conn)
    .await
}

/// One line of the DC-4: an accredited worker of a company in a closed course that carries a
/// DC-3, and the code of their DC-3 when issued.
#[derive(Clone, Debug, FromRow)]
pub struct FilaDc4 {
    pub nombre_empleado: String,
    pub curp: Option<String>,
    pub ocupacion: Option<String>,
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub modalidad: String,
    pub cve_area: Option<i64>,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    /// Minutes of the course's sessions (0 without sessions).
    pub minutos: i64,
    pub horas_tema: f64,
    pub instructor: Option<String>,
    pub instructor_interno: Option<i64>,
    pub registro_stps: Option<String>,
    pub institucion: Option<String>,
    pub codigo: Option<String>,
}

/// The DC-4's lines of company `cve_n4` for courses that ended in `[desde, hasta]`, by course
/// end date and worker name.
pub async fn dc4(
    conn: &mut SqliteConnection,
    cve_n4: i64,
    desde: &str,
    hasta: &str,
) -> sqlx::Result<Vec<FilaDc4>> {
    sqlx::query_as(
        "SELECT e.nombre_empleado, e.curp, e.ocupacion, c.cve_curso, c.nombre_corto AS nombre_curso,
                c.modalidad, t.cve_area, c.fecha_inicio, c.fecha_fin,
                COALESCE((SELECT SUM((CAST(substr(s.hora_fin, 1, 2) AS INTEGER) * 60 + CAST(substr(s.hora_fin, 4, 2) AS INTEGER))
                                   - (CAST(substr(s.hora_inicio, 1, 2) AS INTEGER) * 60 + CAST(substr(s.hora_inicio, 4, 2) AS INTEGER)))
                          FROM cursos_sesiones s WHERE s.cve_curso = c.cve_curso), 0) AS minutos,
                CAST(t.dias_duracion * t.horas_sesion AS REAL) AS horas_tema,
                ins.nombre AS instructor, ins.interno AS instructor_interno, ins.registro_stps,
                inst.nombre AS institucion, ce.codigo
         FROM cursos c
         JOIN temas t ON t.cve_tema = c.cve_tema
         JOIN cursos_inscripciones i ON i.cve_curso = c.cve_curso AND i.estatus = 'inscrito' AND i.acreditado = 1
         JOIN empleados e ON e.cve_empleado = i.cve_empleado AND e.n4 = ?
         LEFT JOIN instructores ins ON ins.cve_instructor = c.cve_instructor
         LEFT JOIN instituciones inst ON inst.cve_institucion = ins.cve_institucion
         LEFT JOIN certificados ce ON ce.tipo = 'dc3' AND ce.cve_curso = c.cve_curso
              AND ce.cve_empleado = i.cve_empleado AND ce.revocado IS NULL
         WHERE c.estatus = 'cerrado' AND c.fecha_fin BETWEEN ? AND ?
         ORDER BY c.fecha_fin, c.cve_curso, e.nombre_empleado",
    )
    .bind(cve_n4)
    .bind(desde)
    .bind(hasta)
    .fetch_all(&mut *conn)
    .await
}

/// A company's employer data for the DC-4 header: (name, razón social, RFC, registro patronal).
pub async fn employer(
    conn: &mut SqliteConnection,
    cve_n4: i64,
) -> sqlx::Result<Option<(String, Option<String>, Option<String>, Option<String>)>> {
    sqlx::query_as(
        "SELECT n.nombre, s.razon_social, s.rfc, s.registro_patronal FROM estructura n
         LEFT JOIN empresas_stps s ON s.cve_n4 = n.cve_estructura
         WHERE n.cve_estructura = ? AND n.nivel = 4",
    )
    .bind(cve_n4)
    .fetch_optional(&mut *conn)
    .await
}

/// The valid (not revoked) block certificate of a holder.
pub async fn valid_for_block(
    conn: &mut SqliteConnection,
    id_bloque: i64,
    cve_empleado: i64,
) -> sqlx::Result<Option<Certificado>> {
    sqlx::query_as(concat!(
        "SELECT ",
        certificado_cols!(),
        " FROM certificados WHERE tipo = 'bloque' AND id_bloque = ? AND cve_empleado = ? AND revocado IS NULL"
    ))
    .bind(id_bloque)
    .bind(cve_empleado)
    .fetch_optional(&mut *conn)
    .await
}

/// An employee's name.
pub async fn holder_name(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT nombre_empleado FROM empleados WHERE cve_empleado = ?")
        .bind(cve_empleado)
        .fetch_optional(&mut *conn)
        .await
}
