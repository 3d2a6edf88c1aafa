//! SQL of the chat domain. 1:1 conversations and their messages.

/// The tables this domain owns: only this db module writes them.
pub const TABLES: &[&str] = &["chats", "chat_mensajes"];

/// Tables of other domains that this domain's list definitions and read models join.
pub const READS: &[&str] = &[
    // the conversation list and the employee autocomplete show names and photos
    "empleados",
    // the conversation list shows when the other person was last seen
    "presencia",
];

use sqlx::{SqliteConnection, SqliteExecutor};

use super::types::EmpleadoSugerido;

/// A stored message with its recipient (the other member of the pair).
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct MessageRow {
    pub id: i64,
    pub chat_id: i64,
    pub de: i64,
    pub para: i64,
    pub tipo: String,
    pub mensaje: String,
    pub archivo: Option<String>,
    pub fecha: String,
    pub estatus: i64,
}

/// A message to store (the pair's conversation is created on the first one).
pub struct NewMessage<'a> {
    pub de: i64,
    pub para: i64,
    /// `text` or `img`.
    pub tipo: &'a str,
    pub mensaje: &'a str,
    /// Object-storage key of an image message.
    pub archivo: Option<&'a str>,
    pub fecha: &'a str,
    /// 1 unread, 2 read.
    pub estatus: i64,
}

/// The pair as stored: the smaller employee key first (one conversation per pair).
pub fn ordered(x: i64, y: i64) -> (i64, i64) {
    if x < y { (x, y) } else { (y, x) }
}

/// Stores a message, creating the pair's conversation when needed and making the message
/// its latest; returns the stored row. Run it inside the caller's transaction.
pub async fn insert_message(
    conn: &mut SqliteConnection,
    m: &NewMessage<'_>,
) -> sqlx::Result<MessageRow> {
    let (a, b) = ordered(m.de, m.para);
    let chat_id: i64 = sqlx::query_scalar(
        "INSERT INTO chats (empleado1, empleado2, creado, actualizado) VALUES (?, ?, ?, ?)
         ON CONFLICT (empleado1, empleado2) DO UPDATE SET actualizado = excluded.actualizado RETURNING id",
    )
    .bind(a)
    .bind(b)
    .bind(m.fecha)
    .bind(m.fecha)
    .fetch_one(&mut *conn)
    .await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO chat_mensajes (chat_id, de, tipo, mensaje, archivo, fecha, estatus)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(chat_id)
    .bind(m.de)
    .bind(m.tipo)
    .bind(m.mensaje)
    .bind(m.archivo)
    .bind(m.fecha)
    .bind(m.estatus)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query("UPDATE chats SET ultimo_mensaje_id = ? WHERE id = ?")
        .bind(id)
        .bind(chat_id)
        .execute(&mut *conn)
        .await?;
    Ok(MessageRow {
        id,
        chat_id,
        de: m.de,
        para: m.para,
        tipo: m.tipo.to_string(),
        mensaje: m.mensaje.to_string(),
        archivo: m.archivo.map(str::to_string),
        fecha: m.fecha.to_string(),
        estatus: m.estatus,
    })
}

/// The conversation of a pair, if they ever wrote to each other.
pub async fn chat_between<'e>(
    db: impl SqliteExecutor<'e>,
    x: i64,
    y: i64,
) -> sqlx::Result<Option<i64>> {
    let (a, b) = ordered(x, y);
    sqlx::query_scalar("SELECT id FROM chats WHERE empleado1 = ? AND empleado2 = ?")
        .bind(a)
        .bind(b)
        .fetch_optional(db)
        .await
}

/// Messages of a conversation older than message `before`, newest first, `limit` at most.
pub async fn messages_before<'e>(
    db: impl SqliteExecutor<'e>,
    chat_id: i64,
    before: i64,
    limit: i64,
) -> sqlx::Result<Vec<MessageRow>> {
    sqlx::query_as(
        "SELECT m.id, m.chat_id, m.de,
                CASE WHEN c.empleado1 = m.de THEN c.empleado2 ELSE c.empleado1 END AS para,
                m.tipo, m.mensaje, m.archivo, m.fecha, m.estatus
         FROM chat_mensajes m JOIN chats c ON c.id = m.chat_id
         WHERE m.chat_id = ? AND m.id < ? ORDER BY m.id DESC LIMIT ?",
    )
    .bind(chat_id)
    .bind(before)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Marks read the unread messages `de` sent in a conversation; returns their ids.
pub async fn mark_read<'e>(
    db: impl SqliteExecutor<'e>,
    chat_id: i64,
    de: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "UPDATE chat_mensajes SET estatus = 2 WHERE chat_id = ? AND de = ? AND estatus = 1 RETURNING id",
    )
    .bind(chat_id)
    .bind(de)
    .fetch_all(db)
    .await
}

/// The storage key of an image message and the pair it belongs to.
#[derive(sqlx::FromRow, Debug)]
pub struct ImageRow {
    pub archivo: Option<String>,
    pub empleado1: i64,
    pub empleado2: i64,
}

/// The image of message `id` and its pair.
pub async fn image_of<'e>(db: impl SqliteExecutor<'e>, id: i64) -> sqlx::Result<Option<ImageRow>> {
    sqlx::query_as(
        "SELECT m.archivo, c.empleado1, c.empleado2
         FROM chat_mensajes m JOIN chats c ON c.id = m.chat_id WHERE m.id = ?",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Everyone `cve` has a conversation with.
pub async fn partners_of<'e>(db: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT CASE WHEN empleado1 = ? THEN empleado2 ELSE empleado1 END
         FROM chats WHERE empleado1 = ? OR empleado2 = ?",
    )
    .bind(cve)
    .bind(cve)
    .bind(cve)
    .fetch_all(db)
    .await
}

/// One line of the conversation list (read model: names, photos, last message, unread
/// count and the other person's last presence change).
#[derive(sqlx::FromRow, Debug)]
pub struct ChatListRow {
    pub id: i64,
    pub empleado1: i64,
    pub nombre1: String,
    pub foto1: Option<String>,
    pub empleado2: i64,
    pub nombre2: String,
    pub foto2: Option<String>,
    pub ultimo_de: Option<i64>,
    pub ultimo_mensaje: Option<String>,
    pub ultimo_tipo: Option<String>,
    pub ultimo_fecha: Option<String>,
    pub ultimo_estatus: Option<i64>,
    pub no_leidos: i64,
    pub ultima_conexion: Option<String>,
}

/// The newest `per_side` conversations where `me` is the first member plus the newest
/// `per_side` where `me` is the second, newest first.
pub async fn conversations<'e>(
    db: impl SqliteExecutor<'e>,
    me: i64,
    per_side: i64,
) -> sqlx::Result<Vec<ChatListRow>> {
    sqlx::query_as(
        "SELECT c.id,
            c.empleado1, e1.nombre_empleado AS nombre1, e1.foto_empleado AS foto1,
            c.empleado2, e2.nombre_empleado AS nombre2, e2.foto_empleado AS foto2,
            m.de AS ultimo_de, m.mensaje AS ultimo_mensaje, m.tipo AS ultimo_tipo,
            m.fecha AS ultimo_fecha, m.estatus AS ultimo_estatus,
            (SELECT COUNT(*) FROM chat_mensajes u WHERE u.chat_id = c.id AND u.de <> ? AND u.estatus = 1) AS no_leidos,
            p.last_changed AS ultima_conexion
         FROM chats c
         JOIN empleados e1 ON e1.cve_empleado = c.empleado1
         JOIN empleados e2 ON e2.cve_empleado = c.empleado2
         LEFT JOIN chat_mensajes m ON m.id = c.ultimo_mensaje_id
         LEFT JOIN presencia p ON p.cve_empleado = CASE WHEN c.empleado1 = ? THEN c.empleado2 ELSE c.empleado1 END
         WHERE c.id IN (
            SELECT id FROM (SELECT id FROM chats WHERE empleado1 = ? ORDER BY actualizado DESC LIMIT ?) AS primeros
            UNION SELECT id FROM (SELECT id FROM chats WHERE empleado2 = ? ORDER BY actualizado DESC LIMIT ?) AS segundos)
         ORDER BY c.actualizado DESC, c.id DESC",
    )
    .bind(me)
    .bind(me)
    .bind(me)
    .bind(per_side)
    .bind(me)
    .bind(per_side)
    .fetch_all(db)
    .await
}

/// Active employees other than `me` whose folded name contains `folded` or whose number
/// is `number`, by name, 10 at most.
pub async fn suggest_employees<'e>(
    db: impl SqliteExecutor<'e>,
    me: i64,
    folded: &str,
    number: &str,
) -> sqlx::Result<Vec<EmpleadoSugerido>> {
    // SQLite-specific: `instr` (PostgreSQL: `strpos`) is an exact substring test on the
    // folded name, free of LIKE wildcard escaping; the employees typeahead uses it too.
    sqlx::query_as(
        "SELECT cve_empleado, nombre_empleado, foto_empleado FROM empleados
         WHERE activo = 1 AND baja_logica = 0 AND cve_empleado <> ?
           AND (instr(nombre_busqueda, ?) > 0 OR num_empleado = ?)
         ORDER BY nombre_empleado LIMIT 10",
    )
    .bind(me)
    .bind(folded)
    .bind(number)
    .fetch_all(db)
    .await
}
