//! SQL of the notifications domain. Notifications and the channels each profile receives.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["notificaciones", "perfiles_canales"];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[
    // the recipients read model: who is active, their name and e-mail for the message
    "empleados",
    // the recipients read model: the default profile decides the channels, and sending
    // to a profile means everyone holding it
    "usuarios_perfiles",
    // the channels screen lists every profile by name, set or not
    "perfiles",
];

use sqlx::{QueryBuilder, Sqlite, SqliteExecutor};

use super::types::{Canales, Notificacion};
use crate::table::{Bind, Column, Cond, Filter, Kind, TableDef};

const COLUMNS: &str = "idnotificacion, titulo, contenido, tipo, web, mobile, meeting, fecha_hora,
    substr(fecha_hora, 1, 10) AS fecha, origen, destino, estatus, recurso, recurso_id, icono, idsolicitud";

/// One notification.
pub async fn load<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<Notificacion>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM notificaciones WHERE idnotificacion = ?"
    )))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Who a notification was sent to.
pub async fn owner_of<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT cve_empleado FROM notificaciones WHERE idnotificacion = ?")
        .bind(id)
        .fetch_optional(db)
        .await
}

/// An employee's unread web notifications, newest first, `limit` at most.
pub async fn pending<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    limit: i64,
) -> sqlx::Result<Vec<Notificacion>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM notificaciones WHERE cve_empleado = ? AND estatus = 1 AND web = 1
         ORDER BY idnotificacion DESC LIMIT ?"
    )))
    .bind(cve)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// How many unread web notifications an employee has.
pub async fn unread_count<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM notificaciones WHERE cve_empleado = ? AND estatus = 1 AND web = 1",
    )
    .bind(cve)
    .fetch_one(db)
    .await
}

/// Marks one notification read (once: the first reading date stays).
pub async fn mark_read<'e>(db: impl SqliteExecutor<'e>, id: i64, now: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE notificaciones SET estatus = 2, leida = ? WHERE idnotificacion = ? AND estatus = 1",
    )
    .bind(now)
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Marks all of an employee's unread notifications read.
pub async fn mark_all_read<'e>(
    db: impl SqliteExecutor<'e>,
    cve: i64,
    now: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE notificaciones SET estatus = 2, leida = ? WHERE cve_empleado = ? AND estatus = 1",
    )
    .bind(now)
    .bind(cve)
    .execute(db)
    .await?;
    Ok(())
}

/// A notification row to store.
pub struct NewNotification<'a> {
    pub cve_empleado: i64,
    pub titulo: &'a str,
    pub contenido: &'a str,
    pub tipo: &'a str,
    /// The channels it goes by (1/0).
    pub web: i64,
    pub mobile: i64,
    pub correo: i64,
    pub meeting: Option<&'a str>,
    pub recurso: Option<&'a str>,
    pub recurso_id: Option<&'a str>,
    pub icono: Option<&'a str>,
    pub origen: &'a str,
    /// How it was addressed (`empleado:<cve>`, `lista:<n>`, `perfil:<id>`).
    pub destino: &'a str,
    pub idsolicitud: Option<i64>,
    /// 1 unread, 2 read.
    pub estatus: i64,
    pub fecha_hora: &'a str,
}

/// Stores a notification; returns its id.
pub async fn insert<'e>(db: impl SqliteExecutor<'e>, n: &NewNotification<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO notificaciones (cve_empleado, titulo, contenido, tipo, web, mobile, correo, meeting, recurso,
            recurso_id, icono, origen, destino, idsolicitud, estatus, fecha_hora)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING idnotificacion",
    )
    .bind(n.cve_empleado)
    .bind(n.titulo)
    .bind(n.contenido)
    .bind(n.tipo)
    .bind(n.web)
    .bind(n.mobile)
    .bind(n.correo)
    .bind(n.meeting)
    .bind(n.recurso)
    .bind(n.recurso_id)
    .bind(n.icono)
    .bind(n.origen)
    .bind(n.destino)
    .bind(n.idsolicitud)
    .bind(n.estatus)
    .bind(n.fecha_hora)
    .fetch_one(db)
    .await
}

/// A recipient with the channels of the profile that decides them (1/0 each).
#[derive(sqlx::FromRow, Debug, Clone)]
pub struct Recipient {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub correo_empleado: Option<String>,
    pub web: i64,
    pub correo: i64,
    pub movil: i64,
}

/// Recipient columns; an employee whose default profile has no channels set gets web only.
const RECIPIENT_COLUMNS: &str = "SELECT e.cve_empleado, e.nombre_empleado, e.correo_empleado,
        COALESCE(c.web, 1) AS web, COALESCE(c.correo, 0) AS correo, COALESCE(c.movil, 0) AS movil
     FROM empleados e";

/// Employees listed in one query at most (a bound parameter each).
const IN_CHUNK: usize = 500;

/// The active employees among `claves`, each with their default profile's channels.
pub async fn recipients_among(
    conn: &mut sqlx::SqliteConnection,
    claves: &[i64],
) -> sqlx::Result<Vec<Recipient>> {
    let mut unique = claves.to_vec();
    unique.sort_unstable();
    unique.dedup();
    let mut out = Vec::with_capacity(unique.len());
    for chunk in unique.chunks(IN_CHUNK) {
        let mut q = QueryBuilder::<Sqlite>::new(RECIPIENT_COLUMNS);
        q.push(
            " LEFT JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.predeterminado = 1
              LEFT JOIN perfiles_canales c ON c.idperfil = up.idperfil
              WHERE e.activo = 1 AND e.baja_logica = 0 AND e.cve_empleado IN (",
        );
        let mut list = q.separated(", ");
        for cve in chunk {
            list.push_bind(*cve);
        }
        q.push(")");
        out.extend(
            q.build_query_as::<Recipient>()
                .fetch_all(&mut *conn)
                .await?,
        );
    }
    Ok(out)
}

/// The active employees holding a profile, with that profile's channels.
pub async fn recipients_with_profile<'e>(
    db: impl SqliteExecutor<'e>,
    idperfil: i64,
) -> sqlx::Result<Vec<Recipient>> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{RECIPIENT_COLUMNS}
         JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.idperfil = ?
         LEFT JOIN perfiles_canales c ON c.idperfil = up.idperfil
         WHERE e.activo = 1 AND e.baja_logica = 0"
    )))
    .bind(idperfil)
    .fetch_all(db)
    .await
}

/// Every profile with its channels (all on when never set).
pub async fn channels<'e>(db: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<Canales>> {
    sqlx::query_as(
        "SELECT p.idperfil, p.perfil, COALESCE(c.web, 1) AS web, COALESCE(c.correo, 1) AS correo,
                COALESCE(c.movil, 1) AS movil
         FROM perfiles p LEFT JOIN perfiles_canales c ON c.idperfil = p.idperfil ORDER BY p.idperfil",
    )
    .fetch_all(db)
    .await
}

/// Sets a profile's channels; false when there is no such profile.
pub async fn set_channels<'e>(db: impl SqliteExecutor<'e>, c: &Canales) -> sqlx::Result<bool> {
    let res = sqlx::query(
        "INSERT INTO perfiles_canales (idperfil, web, correo, movil)
         SELECT idperfil, ?, ?, ? FROM perfiles WHERE idperfil = ?
         ON CONFLICT (idperfil) DO UPDATE SET web = excluded.web, correo = excluded.correo, movil = excluded.movil",
    )
    .bind(c.web)
    .bind(c.correo)
    .bind(c.movil)
    .bind(c.idperfil)
    .execute(db)
    .await?;
    Ok(res.rows_affected() > 0)
}

const ESTATUS: &[(&str, &str)] = &[("1", "No leída"), ("2", "Leída")];

/// The caller's notifications list screen.
pub static NOTIFICACIONES: TableDef = TableDef {
    name: "notificaciones",
    from: "notificaciones n",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("idnotificacion", "Folio", "n.idnotificacion"),
        Column {
            nomfield: "fecha_hora",
            title: "Fecha",
            expr: "n.fecha_hora",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column::text("titulo", "Título", "n.titulo"),
        Column {
            nomfield: "contenido",
            title: "Contenido",
            expr: "n.contenido",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "n.contenido",
                folded: false,
            },
            sortable: false,
        },
        Column::text("tipo", "Tipo", "n.tipo"),
        Column::text("origen", "Origen", "n.origen"),
        Column::fixed("estatus", "Estatus", "n.estatus", Kind::Int, ESTATUS),
    ],
    date_expr: Some("n.fecha_hora"),
    default_order: "n.idnotificacion DESC",
    key: "n.idnotificacion",
};

/// Limits the list screen to an employee's web notifications.
pub fn web_of(cve: i64) -> Cond {
    Cond::new("n.cve_empleado = ? AND n.web = 1", vec![Bind::Int(cve)])
}
