//! Aula: corporate training platform. One binary serves the web app, the REST API and
//! (in later steps) the realtime layer.

pub mod apis;
pub mod app;
pub mod assistant;
pub mod auth;
pub mod blocks;
pub mod certificates;
pub mod chat;
pub mod clock;
pub mod config;
pub mod contract;
pub mod courses;
pub mod dashboard;
pub mod db;
pub mod demo;
pub mod employees;
pub mod error;
pub mod exams;
pub mod extract;
pub mod files;
pub mod headers;
pub mod http;
pub mod i18n;
pub mod imports;
pub mod indicators;
pub mod mail;
pub mod notifications;
pub mod org;
pub mod plans;
pub mod push;
pub mod realtime;
pub mod reports;
pub mod resources;
pub mod scorm;
pub mod settings;
pub mod spa;
pub mod state;
pub mod storage;
pub mod surveys;
pub mod table;
pub mod topics;
pub mod upload;
pub mod validate;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::auth::perms::PermissionCache;
use crate::auth::token::Keys;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{Db, anyhow_like};
use crate::mail::Mailer;
use crate::state::{AppState, Inner};
use crate::storage::Storage;

/// Opens database, storage, mailer and keys into the shared state.
pub async fn build_state(config: Config, clock: Arc<dyn Clock>) -> anyhow_like::Result<AppState> {
    std::fs::create_dir_all(&config.data_dir)?;
    let db = Db::open(&config.db_path(), config.db_readers).await?;
    let storage = Storage::open(&config.storage)?;
    let mailer = Mailer::new(
        config.smtp_url.as_deref(),
        &config.outbox_dir(),
        &config.mail_from,
    )?;
    let keys = Keys::load(config.jwt_secret.as_deref(), &config.data_dir)?;
    let vapid = push::Vapid::load(&config.data_dir)?;
    let perms = PermissionCache::default();
    perms.reload(&db.read).await.map_err(|e| e.to_string())?;
    Ok(AppState {
        inner: Arc::new(Inner {
            config,
            db,
            clock,
            keys,
            storage,
            mailer,
            perms,
            hasher: crate::auth::password::Hasher::new(2),
            realtime: realtime::Realtime::default(),
            vapid,
            content_url: std::sync::OnceLock::new(),
        }),
    })
}

/// A server started by [`start`].
pub struct Running {
    pub addr: SocketAddr,
    /// Where the content origin (SCORM packages and player) listens.
    pub content_addr: SocketAddr,
    pub state: AppState,
    shutdown: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops accepting connections, lets requests in flight finish, closes the database.
    pub async fn stop(self) {
        let _ = self.shutdown.send(true);
        let _ = self.task.await;
        self.state.db.close().await;
    }

    /// Waits until the server stops by itself (signal).
    pub async fn wait(self) {
        let _ = self.task.await;
        self.state.db.close().await;
    }
}

/// Starts serving on `config.addr`; loads the demo company first when asked and the
/// database has no employees.
pub async fn start(
    config: Config,
    clock: Arc<dyn Clock>,
    stop_on_signal: bool,
) -> anyhow_like::Result<Running> {
    let state = build_state(config, clock).await?;
    if state.config.demo {
        demo::load_if_empty(&state, demo::DEFAULT_EMPLOYEES)
            .await
            .map_err(|e| e.to_string())?;
    }
    let listener = tokio::net::TcpListener::bind(&state.config.addr).await?;
    let addr = listener.local_addr()?;
    // Realtime frames are small: without TCP_NODELAY, Nagle's algorithm and delayed ACKs
    // hold some of them back ~40 ms.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp: &mut tokio::net::TcpStream| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
    });
    let content_listener = tokio::net::TcpListener::bind(&state.config.content_addr).await?;
    let content_addr = content_listener.local_addr()?;
    let _ = state
        .content_url
        .set(scorm::content::base_url(&state.config, content_addr.port()));
    let router = app::build_router(state.clone());
    let (tx, mut rx) = watch::channel(false);
    let (content_tx, mut content_stop) = watch::channel(false);
    let content_router = scorm::content::router(state.clone());
    let content_task = tokio::spawn(async move {
        if let Err(e) = axum::serve(content_listener, content_router)
            .with_graceful_shutdown(async move {
                let _ = content_stop.changed().await;
            })
            .await
        {
            tracing::error!(error = %e, "content origin error");
        }
    });
    spawn_background(&state, rx.clone());
    if let Err(e) = imports::resume(&state).await {
        tracing::warn!(error = ?e, "could not resume bulk uploads");
    }
    scorm::on_start(&state);
    if let Err(e) = plans::on_start(&state).await {
        tracing::warn!(error = ?e, "could not check the training-plan cache");
    }
    plans::expiry::spawn(&state, rx.clone());
    reports::schedule::spawn(&state, rx.clone());
    dashboard::live::spawn(&state, rx.clone());
    courses::recertification::spawn(&state, rx.clone());
    let task = tokio::spawn(async move {
        let shutdown = async move {
            if stop_on_signal {
                tokio::select! {
                    _ = wait_signal() => {},
                    _ = rx.changed() => {},
                }
            } else {
                let _ = rx.changed().await;
            }
            tracing::info!("shutting down");
        };
        if let Err(e) = axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown)
        .await
        {
            tracing::error!(error = %e, "server error");
        }
        let _ = content_tx.send(true);
        let _ = content_task.await;
    });
    tracing::info!(%addr, %content_addr, "Aula is listening");
    Ok(Running {
        addr,
        content_addr,
        state,
        shutdown: tx,
        task,
    })
}

async fn wait_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

/// Periodic work: ends idle sessions so the active-session list stays true, and
/// checkpoints the WAL.
fn spawn_background(state: &AppState, mut stop: watch::Receiver<bool>) {
    let db = state.db.clone();
    let mut stop_checkpoints = stop.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    if let Err(e) = db.checkpoint().await {
                        tracing::warn!(error = %e, "checkpoint failed");
                    }
                }
                _ = stop_checkpoints.changed() => break,
            }
        }
    });
    let state = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(30));
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    if let Err(e) = auth::session::end_idle(&state).await {
                        tracing::warn!(error = %e, "ending idle sessions failed");
                    }
                }
                _ = stop.changed() => break,
            }
        }
    });
}
