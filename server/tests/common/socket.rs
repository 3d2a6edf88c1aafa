//! A socket.io test client (rust_socketio) that records every event it receives.
#![allow(dead_code)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::FutureExt;
use rust_socketio::asynchronous::{Client, ClientBuilder};
use rust_socketio::{Event, Payload};
use serde_json::Value;
use tokio::sync::Notify;

#[derive(Clone, Default)]
struct Log {
    events: Arc<Mutex<Vec<(String, Value)>>>,
    notify: Arc<Notify>,
}

impl Log {
    fn push(&self, name: String, v: Value) {
        if let Ok(mut e) = self.events.lock() {
            e.push((name, v));
        }
        self.notify.notify_waiters();
    }
}

fn first_value(p: &Payload) -> Value {
    match p {
        // Acks arrive as the argument list itself; events as their arguments.
        Payload::Text(values) => match values.first().cloned().unwrap_or(Value::Null) {
            Value::Array(mut inner) if inner.len() == 1 && values.len() == 1 => inner.remove(0),
            v => v,
        },
        #[allow(deprecated)]
        Payload::String(s) => serde_json::from_str(s).unwrap_or(Value::String(s.clone())),
        Payload::Binary(_) => Value::Null,
    }
}

/// A connected (or refused) socket.
pub struct Sock {
    pub client: Client,
    log: Log,
}

/// Connects with a token; `origin` sets the Origin header. Err carries the server's
/// refusal (the connect_error message).
pub async fn connect(base: &str, token: &str, origin: Option<&str>) -> Result<Sock, String> {
    let log = Log::default();
    let l1 = log.clone();
    let l2 = log.clone();
    let l3 = log.clone();
    let mut b = ClientBuilder::new(base.to_string())
        .auth(serde_json::json!({ "token": token }))
        .reconnect(false)
        .on(Event::Connect, move |_, _| {
            let l = l1.clone();
            async move { l.push("connect".into(), Value::Null) }.boxed()
        })
        .on(Event::Error, move |p, _| {
            let l = l2.clone();
            async move {
                let text = match &p {
                    Payload::Text(v) => v
                        .iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(" "),
                    #[allow(deprecated)]
                    Payload::String(s) => s.clone(),
                    Payload::Binary(_) => String::new(),
                };
                l.push("error".into(), Value::String(text))
            }
            .boxed()
        })
        .on_any(move |event, p, _| {
            let l = l3.clone();
            async move {
                if let Event::Custom(name) = event {
                    l.push(name, first_value(&p));
                }
            }
            .boxed()
        });
    if let Some(o) = origin {
        b = b.opening_header("Origin", o);
    }
    let client = b.connect().await.map_err(|e| e.to_string())?;
    let sock = Sock { client, log };
    // Wait for the namespace connection or its refusal.
    for _ in 0..100 {
        if let Some(err) = sock.find("error") {
            return Err(err.as_str().unwrap_or_default().to_string());
        }
        if sock.find("connect").is_some() {
            return Ok(sock);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Err("no answer to the connection".into())
}

impl std::fmt::Debug for Sock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sock")
    }
}

impl Sock {
    /// The first recorded event with that name.
    pub fn find(&self, name: &str) -> Option<Value> {
        self.log
            .events
            .lock()
            .ok()?
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// Every recorded event with that name.
    pub fn all(&self, name: &str) -> Vec<Value> {
        self.log
            .events
            .lock()
            .map(|e| {
                e.iter()
                    .filter(|(n, _)| n == name)
                    .map(|(_, v)| v.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits for the `n`-th (1-based) event with that name.
    pub async fn wait_nth(&self, name: &str, n: usize, timeout: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let got = self.all(name);
            if got.len() >= n {
                return Some(got[n - 1].clone());
            }
            let notified = self.log.notify.notified();
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let got = self.all(name);
                return (got.len() >= n).then(|| got[n - 1].clone());
            }
        }
    }

    /// Waits for the first event with that name.
    pub async fn wait(&self, name: &str, timeout: Duration) -> Option<Value> {
        self.wait_nth(name, 1, timeout).await
    }

    /// Emits with an ack and returns the ack's payload.
    pub async fn call(&self, event: &str, data: Value) -> Value {
        let (tx, rx) = tokio::sync::oneshot::channel::<Value>();
        let tx = Arc::new(Mutex::new(Some(tx)));
        let sent = self
            .client
            .emit_with_ack(
                event.to_string(),
                data,
                Duration::from_secs(5),
                move |p, _| {
                    let tx = tx.clone();
                    async move {
                        if let Some(tx) = tx.lock().ok().and_then(|mut t| t.take()) {
                            let _ = tx.send(first_value(&p));
                        }
                    }
                    .boxed()
                },
            )
            .await;
        if let Err(e) = sent {
            // A socket the server already closed cannot send: no answer.
            eprintln!("emit failed: {e}");
            return Value::Null;
        }
        match tokio::time::timeout(Duration::from_secs(5), rx).await {
            Ok(Ok(v)) => v,
            _ => Value::Null,
        }
    }

    pub async fn close(self) {
        let _ = self.client.disconnect().await;
    }
}

/// How long a test waits for an event that should come.
pub const WAIT: Duration = Duration::from_secs(3);

/// A server with a short presence grace period that accepts plain-http push services.
pub async fn realtime_server() -> super::TestServer {
    super::TestServer::start_with(|c| {
        c.presence_grace_ms = 300;
        c.push_allow_insecure = true;
    })
    .await
}

/// The `cve_empleado` of the session `token`.
pub async fn session_cve(s: &super::TestServer, token: &str) -> i64 {
    s.me(token).await["cve_empleado"]
        .as_i64()
        .expect("cve_empleado")
}

/// A socket connected with `token`.
pub async fn sock(s: &super::TestServer, token: &str) -> Sock {
    connect(&s.base, token, None)
        .await
        .expect("socket connects")
}
