//! Passwords: argon2id hashing off the async threads, and the product's password rules.

use argon2::{Argon2, PasswordHasher, PasswordVerifier};

use crate::contract::CONTRASENA_MAX;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// A valid hash of a random password, verified against when the user does not exist so
/// that unknown users and wrong passwords take the same time.
static DUMMY_HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();

fn dummy_hash() -> &'static str {
    DUMMY_HASH.get_or_init(|| {
        let pw = super::token::random_secret(24);
        Argon2::default()
            .hash_password(pw.as_bytes())
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

type Job = Box<dyn FnOnce() + Send + 'static>;

/// Argon2 work runs on a fixed pair of threads: hashing stays off the async workers,
/// at most two hashes run at once (this is a 2-core product), and only these threads
/// ever hold argon2's ~19 MB working memory, which their allocator arenas then reuse.
pub struct Hasher {
    jobs: std::sync::Mutex<std::sync::mpsc::Sender<Job>>,
}

impl Hasher {
    pub fn new(threads: usize) -> Hasher {
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("aula-hash-{i}"))
                .spawn(move || {
                    loop {
                        let job = match rx.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a hashing thread");
            }
        }
        Hasher {
            jobs: std::sync::Mutex::new(tx),
        }
    }

    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> AppResult<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        self.jobs
            .lock()
            .map_err(|_| AppError::internal("hasher lock poisoned"))?
            .send(job)
            .map_err(|_| AppError::internal("hashing threads stopped"))?;
        rx.await.map_err(AppError::internal)
    }
}

/// Hashes a password with argon2id.
pub async fn hash(state: &AppState, password: &str) -> AppResult<String> {
    let pw = password.to_string();
    state
        .hasher
        .run(move || {
            Argon2::default()
                .hash_password(pw.as_bytes())
                .map(|h| h.to_string())
                .map_err(AppError::internal)
        })
        .await?
}

/// Verifies a password; `None` verifies against the dummy hash and returns false.
pub async fn verify(state: &AppState, password: &str, hash: Option<&str>) -> AppResult<bool> {
    let pw = password.to_string();
    // Accounts created by a bulk upload have no password ('!') until one is set by reset:
    // they verify against the dummy hash like unknown users (same answer, same time).
    let real = hash.is_some_and(|h| h.starts_with("$argon2"));
    let h = hash
        .filter(|_| real)
        .map(str::to_string)
        .unwrap_or_else(|| dummy_hash().to_string());
    state
        .hasher
        .run(move || {
            let ok = Argon2::default()
                .verify_password(pw.as_bytes(), h.as_str())
                .is_ok();
            ok && real
        })
        .await
}

/// Which of the section-5 rules a new password breaks (empty when it is valid).
pub fn rule_failures(
    password: &str,
    repeat: Option<&str>,
    num_empleado: &str,
) -> Vec<&'static str> {
    let mut out = Vec::new();
    let digits = password.chars().filter(|c| c.is_ascii_digit()).count();
    let special = password.chars().filter(|c| !c.is_alphanumeric()).count();
    let upper = password.chars().any(|c| c.is_uppercase());
    let lower = password.chars().any(|c| c.is_lowercase());
    if password.chars().count() < 8 || digits < 2 || special < 1 || !upper || !lower {
        out.push("validacion.contrasena");
    }
    if let Some(r) = repeat
        && r != password
    {
        out.push("validacion.contrasenas_no_coinciden");
    }
    if !num_empleado.is_empty() && password == num_empleado {
        out.push("validacion.contrasena_numero_usuario");
    }
    out
}

/// Enforces the password rules, answering 400 with the first broken rule.
pub fn check_rules(password: &str, num_empleado: &str) -> AppResult<()> {
    if password.len() > CONTRASENA_MAX {
        return Err(
            AppError::bad_request("validacion.texto_largo").arg("max", CONTRASENA_MAX.to_string())
        );
    }
    match rule_failures(password, None, num_empleado).first() {
        None => Ok(()),
        Some(&"validacion.contrasena_numero_usuario") => Err(AppError::bad_request(
            "validacion.contrasena_numero_usuario",
        )
        .arg("id", num_empleado)),
        Some(code) => Err(AppError::bad_request(code)),
    }
}

/// Hashes a password synchronously (CLI and demo loading).
pub fn hash_blocking(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_rules_follow_the_spec() {
        assert!(rule_failures("Aula.2026x", None, "123").is_empty());
        assert_eq!(
            rule_failures("aula.2026x", None, "1"),
            vec!["validacion.contrasena"]
        );
        assert_eq!(
            rule_failures("Aula.2x", None, "1"),
            vec!["validacion.contrasena"]
        );
        assert_eq!(
            rule_failures("Aula12026x", None, "1"),
            vec!["validacion.contrasena"]
        );
        assert_eq!(
            rule_failures("Aula.1abcd", None, "1"),
            vec!["validacion.contrasena"]
        );
        assert_eq!(
            rule_failures("Aula.2026x", Some("Aula.2026y"), "1"),
            vec!["validacion.contrasenas_no_coinciden"]
        );
        assert_eq!(
            rule_failures("Ab#12345", None, "Ab#12345"),
            vec!["validacion.contrasena_numero_usuario"]
        );
    }
}
