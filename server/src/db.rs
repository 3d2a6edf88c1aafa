//! Database pools: many readers, one writer (SQLite allows one writer at a time; a pool
//! of one plus BEGIN IMMEDIATE makes writers queue instead of failing with SQLITE_BUSY).

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Sqlite, Transaction};

use crate::error::AppResult;

/// The embedded migrations of `migrations/`.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// Creates a folder (and its parents) and makes it private to the server's user (0700):
/// the data dir holds the database, the keys and mail with live reset links. A folder
/// whose mode cannot be changed (not ours) is left as it is, with a warning.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Err(e) = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)) {
            tracing::warn!(dir = %dir.display(), error = %e, "could not make the folder private");
        }
    }
    Ok(())
}

/// Makes an existing file private to the server's user (0600).
pub fn private_file(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Creates `path` empty with mode 0600 when it does not exist yet, and makes an existing
/// one 0600 (databases from before this rule).
fn create_private_file(path: &Path) -> std::io::Result<()> {
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    opts.open(path)?;
    private_file(path)?;
    for suffix in ["-wal", "-shm"] {
        let mut side = path.as_os_str().to_owned();
        side.push(suffix);
        let side = Path::new(&side);
        if side.exists() {
            private_file(side)?;
        }
    }
    Ok(())
}

/// Reader and writer pools over the same database file, and a connection that runs
/// WAL checkpoints in the background (so writers never wait for a checkpoint's fsync).
#[derive(Clone, Debug)]
pub struct Db {
    pub read: SqlitePool,
    pub write: SqlitePool,
    checkpointer: SqlitePool,
    /// The committed changes of the watched tables, for the realtime layer.
    pub changes: tokio::sync::broadcast::Sender<std::sync::Arc<Cambios>>,
}

/// Tables whose committed changes are published (the dashboard refreshes from them): the
/// accreditation ledger (results of courses, exams, SCORM, external certifications) and
/// the course seats (enrolments, cancellations, attendance).
pub const WATCHED: &[&str] = &["plan_acreditaciones", "cursos_inscripciones"];
/// Most rows a committed change lists; past it the change only says `desbordado`.
const WATCH_MAX: usize = 5_000;

/// What one committed transaction changed in the watched tables.
#[derive(Debug, Default, Clone)]
pub struct Cambios {
    /// (table of WATCHED, rowid) inserted or updated; deleted rows are left out.
    pub filas: Vec<(&'static str, i64)>,
    /// More rows changed than are listed.
    pub desbordado: bool,
}

/// Installs on the writer connection the hooks that collect the watched rows a transaction
/// writes and publish them when it commits (dropped on rollback).
async fn watch_changes(
    conn: &mut sqlx::SqliteConnection,
    tx: tokio::sync::broadcast::Sender<std::sync::Arc<Cambios>>,
) -> Result<(), sqlx::Error> {
    use std::sync::{Arc, Mutex};
    let pending: Arc<Mutex<Cambios>> = Arc::default();
    let mut handle = conn.lock_handle().await?;
    let on_update = pending.clone();
    handle.set_update_hook(move |u| {
        if matches!(u.operation, sqlx::sqlite::SqliteOperation::Delete) {
            return;
        }
        let Some(table) = WATCHED.iter().find(|t| **t == u.table) else {
            return;
        };
        if let Ok(mut p) = on_update.lock() {
            if p.filas.len() < WATCH_MAX {
                p.filas.push((table, u.rowid));
            } else {
                p.desbordado = true;
            }
        }
    });
    let on_commit = pending.clone();
    handle.set_commit_hook(move || {
        if let Ok(mut p) = on_commit.lock()
            && (!p.filas.is_empty() || p.desbordado)
        {
            // Nobody listening is not an error.
            let _ = tx.send(Arc::new(std::mem::take(&mut *p)));
        }
        true
    });
    let on_rollback = pending;
    handle.set_rollback_hook(move || {
        if let Ok(mut p) = on_rollback.lock() {
            *p = Cambios::default();
        }
    });
    Ok(())
}

pub type Tx = Transaction<'static, Sqlite>;

impl Db {
    /// Opens (creating when missing) the database and applies the migrations.
    pub async fn open(path: &Path, readers: u32) -> anyhow_like::Result<Db> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            private_dir(parent)?;
        }
        // Created private before SQLite opens it: SQLite gives the -wal and -shm files
        // the database file's mode, so none of the three is ever world-readable.
        create_private_file(path)?;
        let url = format!("sqlite://{}", path.display());
        let base = SqliteConnectOptions::from_str(&url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            .pragma("temp_store", "memory")
            .pragma("cache_size", "-16000")
            // Reads through a memory map skip a copy per page on table scans.
            .pragma("mmap_size", "268435456");
        let (changes, _) = tokio::sync::broadcast::channel(256);
        let hooks = changes.clone();
        let write = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .after_connect(move |conn, _| {
                let tx = hooks.clone();
                Box::pin(async move { watch_changes(conn, tx).await })
            })
            .connect_with(base.clone().pragma("wal_autocheckpoint", "0"))
            .await?;
        let checkpointer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .connect_with(base.clone().pragma("wal_autocheckpoint", "0"))
            .await?;
        MIGRATOR.run(&write).await?;
        let read = SqlitePoolOptions::new()
            .max_connections(readers.max(1))
            .min_connections(1)
            .connect_with(base.read_only(true).pragma("wal_autocheckpoint", "0"))
            .await?;
        Ok(Db {
            read,
            write,
            checkpointer,
            changes,
        })
    }

    /// Copies committed WAL pages into the database file without blocking writers.
    pub async fn checkpoint(&self) -> AppResult<()> {
        sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&self.checkpointer)
            .await?;
        Ok(())
    }

    /// Whether a reader connection answers (the health check).
    pub async fn ping(&self) -> bool {
        sqlx::query_scalar::<_, i64>("SELECT 1")
            .fetch_one(&self.read)
            .await
            .is_ok()
    }

    /// Starts a write transaction that takes the write lock up front.
    pub async fn begin(&self) -> AppResult<Tx> {
        Ok(self.write.begin_with("BEGIN IMMEDIATE").await?)
    }

    /// Closes both pools, letting in-flight work finish.
    pub async fn close(&self) {
        let _ = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&self.checkpointer)
            .await;
        self.read.close().await;
        self.write.close().await;
        self.checkpointer.close().await;
    }
}

/// A tiny boxed-error result for start-up code, where any failure ends the process
/// with its message.
pub mod anyhow_like {
    pub type Error = Box<dyn std::error::Error + Send + Sync + 'static>;
    pub type Result<T> = std::result::Result<T, Error>;
}

/// Maps a UNIQUE constraint failure of a write to 409 with `code`; other errors pass.
pub fn unique_violation<T>(r: sqlx::Result<T>, code: &'static str) -> AppResult<T> {
    match r {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
            Err(crate::error::AppError::conflict(code))
        }
        other => Ok(other?),
    }
}

/// Whether `sql` (selecting by one key `?`) finds a row.
pub async fn exists(
    conn: &mut sqlx::SqliteConnection,
    sql: &'static str,
    id: i64,
) -> AppResult<bool> {
    let found: Option<i64> = sqlx::query_scalar(sql)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// 404 unless `sql` (selecting by one key `?`) finds a row.
pub async fn require(db: &Db, sql: &'static str, id: i64) -> AppResult<()> {
    let mut conn = db.read.acquire().await?;
    if exists(&mut conn, sql, id).await? {
        Ok(())
    } else {
        Err(crate::error::AppError::not_found())
    }
}
