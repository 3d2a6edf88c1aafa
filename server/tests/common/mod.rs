//! Test harness: a real Aula server on a random port with a temporary data dir, a
//! clock the test can move, and a small HTTP client.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use aula::clock::ManualClock;
use aula::config::Config;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

pub const PASSWORD: &str = aula::demo::DEMO_PASSWORD;
pub const ADMIN: &str = "admin@sierramadre.mx";
pub const ANALISTA: &str = "analista@sierramadre.mx";
pub const SUPERVISOR: &str = "supervisor@sierramadre.mx";
pub const INSTRUCTOR: &str = "instructor@sierramadre.mx";
pub const PARTICIPANTE: &str = "participante@sierramadre.mx";
pub const CONTRATISTA: &str = "contratista@mmnorte.mx";
pub const REP: &str = "rep.empresa@mmnorte.mx";
pub const HISE: &str = "hise@sierramadre.mx";

/// (idperfil, login) of every profile.
pub const PROFILES: &[(i64, &str)] = &[
    (1, ADMIN),
    (2, ANALISTA),
    (3, SUPERVISOR),
    (4, CONTRATISTA),
    (5, INSTRUCTOR),
    (6, REP),
    (7, HISE),
    (8, PARTICIPANTE),
];

pub struct TestServer {
    pub running: Option<aula::Running>,
    pub base: String,
    /// The content origin (SCORM player and packages), e.g. `http://127.0.0.1:41234`.
    pub content: String,
    pub clock: Arc<ManualClock>,
    pub dir: tempfile::TempDir,
    pub http: reqwest::Client,
    pub config: Config,
}

/// An answer: status and JSON body (Null when the body is not JSON).
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
    pub headers: reqwest::header::HeaderMap,
    pub bytes: Vec<u8>,
}

impl Answer {
    pub fn code(&self) -> &str {
        self.body.get("code").and_then(Value::as_str).unwrap_or("")
    }
    pub fn resp(&self) -> &str {
        self.body.get("resp").and_then(Value::as_str).unwrap_or("")
    }
}

impl TestServer {
    /// A server with the demo company (60 employees) loaded.
    pub async fn start() -> TestServer {
        Self::start_with(|_| {}).await
    }

    pub async fn start_with(tweak: impl FnOnce(&mut Config)) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_dir(dir.path().join("data"));
        config.storage = dir.path().join("uploads").to_string_lossy().into_owned();
        tweak(&mut config);
        let clock = Arc::new(ManualClock::default());
        let running = aula::start(config.clone(), clock.clone(), false)
            .await
            .expect("server starts");
        if !config.demo {
            aula::demo::load(&running.state, 60)
                .await
                .expect("demo loads");
        }
        let base = format!("http://{}", running.addr);
        let content = format!("http://{}", running.content_addr);
        TestServer {
            running: Some(running),
            base,
            content,
            clock,
            dir,
            http: reqwest::Client::new(),
            config,
        }
    }

    /// Stops the server and starts a new one on the same data dir.
    pub async fn restart(&mut self) {
        if let Some(r) = self.running.take() {
            r.stop().await;
        }
        let running = aula::start(self.config.clone(), self.clock.clone(), false)
            .await
            .expect("server restarts");
        self.base = format!("http://{}", running.addr);
        self.content = format!("http://{}", running.content_addr);
        self.running = Some(running);
    }

    pub fn state(&self) -> &aula::state::AppState {
        &self.running.as_ref().expect("running").state
    }

    pub fn data_dir(&self) -> PathBuf {
        self.config.data_dir.clone()
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let mut req = self.http.request(method, format!("{}{}", self.base, path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        Self::answer(req.send().await.expect("request sent")).await
    }

    pub async fn answer(res: reqwest::Response) -> Answer {
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = res.bytes().await.expect("body").to_vec();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer {
            status,
            body,
            headers,
            bytes,
        }
    }

    /// Sends a multipart form.
    pub async fn send_form(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        form: reqwest::multipart::Form,
    ) -> Answer {
        let mut req = self
            .http
            .request(method, format!("{}{}", self.base, path))
            .multipart(form);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        Self::answer(req.send().await.expect("request sent")).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn generic(&self) -> String {
        let a = self.get("/api/pub/token/generico", None).await;
        assert_eq!(a.status, StatusCode::OK);
        a.body["token"].as_str().expect("token").to_string()
    }

    pub async fn try_login(&self, usuario: &str, password: &str) -> Answer {
        let g = self.generic().await;
        self.post(
            "/api/pri/login",
            Some(&g),
            json!({"usuario": usuario, "password": password, "navegador": "test", "sistema_operativo": "linux", "empresa": "", "tokenfcm": ""}),
        )
        .await
    }

    /// Logs in with the demo password and returns the session token.
    pub async fn login(&self, usuario: &str) -> String {
        self.login_with(usuario, PASSWORD).await
    }

    /// Logs in and returns the session token.
    pub async fn login_with(&self, usuario: &str, password: &str) -> String {
        let a = self.try_login(usuario, password).await;
        assert_eq!(a.status, StatusCode::OK, "login of {usuario}: {:?}", a.body);
        assert_eq!(a.body["resp"], "Excelente");
        a.body["jwt"].as_str().expect("jwt").to_string()
    }

    /// The user object of a session.
    pub async fn me(&self, token: &str) -> Value {
        let a = self
            .post("/api/pri/usuarios/login", Some(token), json!({}))
            .await;
        assert_eq!(a.status, StatusCode::OK, "{:?}", a.body);
        a.body[0].clone()
    }

    /// The e-mails written to the outbox so far, as text, newest last.
    pub fn outbox(&self) -> Vec<String> {
        let dir = self.config.outbox_dir();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .map(|raw| decode_mail(&raw))
            .collect()
    }

    /// Waits (briefly) for an e-mail to `to` and returns its decoded text.
    pub async fn wait_mail(&self, to: &str, count_before: usize) -> String {
        for _ in 0..100 {
            let mails = self.outbox();
            if let Some(m) = mails.iter().skip(count_before).find(|m| m.contains(to)) {
                return m.clone();
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no e-mail to {to} in the outbox");
    }
}

/// Decodes the quoted-printable and base64 parts of a raw e-mail into plain text.
pub fn decode_mail(raw: &str) -> String {
    use base64::Engine;
    let mut out = String::new();
    let marker = "Content-Transfer-Encoding: base64\r\n\r\n";
    let mut rest = raw;
    while let Some(i) = rest.find(marker) {
        let body = &rest[i + marker.len()..];
        let end = body.find("\r\n--").unwrap_or(body.len());
        let clean: String = body[..end].chars().filter(|c| !c.is_whitespace()).collect();
        if let Ok(b) = base64::engine::general_purpose::STANDARD.decode(clean) {
            out.push_str(&String::from_utf8_lossy(&b));
            out.push('\n');
        }
        rest = &body[end..];
    }
    // Quoted-printable: soft line breaks and =HH bytes.
    let bytes = raw.as_bytes();
    let mut qp = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() + 1 {
            if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') {
                i += 3;
                continue;
            }
            let hex = std::str::from_utf8(&bytes[i + 1..(i + 3).min(bytes.len())]).unwrap_or("");
            if let Ok(v) = u8::from_str_radix(hex, 16) {
                qp.push(v);
                i += 3;
                continue;
            }
        }
        qp.push(bytes[i]);
        i += 1;
    }
    out.push_str(&String::from_utf8_lossy(&qp));
    out
}

/// Finds the `/restorePassword/<jwt>` link in an e-mail.
pub fn reset_token(mail: &str) -> String {
    let i = mail
        .find("/restorePassword/")
        .expect("reset link in the e-mail")
        + "/restorePassword/".len();
    mail[i..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-' || *c == '_')
        .collect()
}

pub mod socket;

/// Where a demo employee sits: (cve_empleado, n2, n3, n4, cve_puesto).
pub type Org = (i64, i64, i64, i64, i64);

impl TestServer {
    /// The employee number and place in the structure of the demo employee with `correo`.
    pub async fn org_of(&self, correo: &str) -> Org {
        sqlx::query_as(
            "SELECT cve_empleado, n2, n3, n4, cve_puesto FROM empleados WHERE correo_empleado = ?",
        )
        .bind(correo)
        .fetch_one(&self.state().db.read)
        .await
        .expect("demo employee")
    }

    /// The `cve_empleado` of the demo employee with `correo`.
    pub async fn cve_of(&self, correo: &str) -> i64 {
        self.org_of(correo).await.0
    }
}

/// A valid employee form placed like `org`; the e-mail follows the number.
pub fn employee_form(num: &str, curp: &str, org: Org, supervisor: Option<i64>) -> Value {
    json!({
        "num_empleado": num, "nombre_empleado": "Rosa Elena Cantú Salinas", "curp": curp,
        "rfc_empleado": "CASR900101AB1", "correo_empleado": format!("{}@sierramadre.mx", num.to_lowercase()),
        "telefono": "8112345678", "genero": "M", "fecha_nacimiento": "1990-01-01",
        "cve_puesto": org.4, "n2": org.1, "n3": org.2, "n4": org.3, "cve_estado": 19,
        "cve_supervisor": supervisor, "fecha_ingreso": "2024-02-01", "tipo_empleado": "Sindicalizado",
        "ocupacion": "06.2", "activo": 1
    })
}

/// The multipart form of topics and blocks: `datos` as JSON and, if asked, a PNG image.
pub fn datos_form(datos: &Value, image: bool) -> reqwest::multipart::Form {
    let form = reqwest::multipart::Form::new().text("datos", datos.to_string());
    if image {
        form.part("imagen", file_part("imagen.png", PNG))
    } else {
        form
    }
}

/// The rows of a table answer (`result`).
pub fn rows(a: &Answer) -> &[Value] {
    a.body["result"].as_array().map_or(&[], Vec::as_slice)
}

/// A valid 1×1 PNG.
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0x50, 0x32, 0x6A, 0x00,
    0x00, 0x01, 0xE4, 0x00, 0xC5, 0x0B, 0x2D, 0x2A, 0x26, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
    0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A file part.
pub fn file_part(name: &str, data: &[u8]) -> reqwest::multipart::Part {
    reqwest::multipart::Part::bytes(data.to_vec()).file_name(name.to_string())
}

/// A CURP in the official format, different for every `i` below 1,757,600.
pub fn curp(i: usize) -> String {
    const L: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const C: &[u8] = b"BCDFGHJKLMNPQRSTVWXZ";
    let c = |n: usize| L[n % 26] as char;
    format!(
        "{}A{}{}{:02}0{}{:02}HNL{}{}{}0{}",
        c(i),
        c(i / 26),
        c(i / 676),
        (i / 17_576) % 100,
        1 + (i % 9),
        1 + (i % 28),
        C[i % 20] as char,
        C[(i / 20) % 20] as char,
        C[(i / 400) % 20] as char,
        i % 10
    )
}
