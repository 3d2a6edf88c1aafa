//! One configuration from command-line flags and their `AULA_*` environment variables.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Aula: corporate training platform (LMS) in one binary.
#[derive(Parser, Debug)]
#[command(name = "aula", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub config: Config,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the web app, the REST API and the realtime layer (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Load the demo company into the database (which must have no employees yet).
    Demo {
        /// How many employees to generate (300 by default; use 100000 for benchmarks).
        #[arg(long, default_value_t = 300)]
        empleados: usize,
    },
    /// Add the plans benchmark's requirements and ledger to a demo company, then time the
    /// expiry scan (tests/bench/plans.sh; development only).
    #[command(hide = true)]
    DatosBenchPlanes {
        /// Requirements of mixed targets to add.
        #[arg(long, default_value_t = 300)]
        requerimientos: usize,
        /// Ledger size to reach (the demo's history counts), spread over every employee.
        #[arg(long, default_value_t = 2_000_000)]
        acreditaciones: usize,
    },
    /// Add the courses benchmark's courses (1–3 sessions each over four years) to a demo
    /// company (tests/bench/courses.sh; development only).
    #[command(hide = true)]
    DatosBenchCursos {
        /// Courses to add.
        #[arg(long, default_value_t = 50_000)]
        cursos: usize,
        /// Seats to add afterwards, spread over every course (tests/bench/dashboard.sh).
        #[arg(long, default_value_t = 0)]
        inscripciones: usize,
    },
    /// Add the SCORM benchmark's package and one open attempt per learner to a demo
    /// company; writes the launch tokens, one per line (tests/bench/scorm.sh; development
    /// only).
    #[command(hide = true)]
    DatosBenchScorm {
        /// Learners with an open attempt.
        #[arg(long, default_value_t = 500)]
        aprendices: usize,
        /// File the launch tokens go to.
        #[arg(long)]
        salida: PathBuf,
    },
    /// Administration tasks.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
}

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Create an employee with the Administrador profile.
    Create {
        /// Full name.
        #[arg(long)]
        nombre: String,
        /// E-mail, used to log in.
        #[arg(long)]
        correo: String,
        /// Employee number (defaults to ADMIN-<n>).
        #[arg(long)]
        num_empleado: Option<String>,
        /// Password; read from AULA_ADMIN_PASSWORD when not given. Must follow the password rules.
        #[arg(long, env = "AULA_ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
    },
}

/// Settings of a running instance.
#[derive(Args, Debug, Clone)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "AULA_ADDR", default_value = "0.0.0.0:8080", global = true)]
    pub addr: String,
    /// Folder of the database, keys and mail outbox.
    #[arg(long, env = "AULA_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// File storage: a local folder, or s3://bucket/prefix (AWS_* variables give the credentials).
    #[arg(long, env = "AULA_STORAGE", default_value = "./uploads", global = true)]
    pub storage: String,
    /// SMTP server, e.g. smtps://user:pass@smtp.example.com:465. Without it e-mails are
    /// written as .eml files to <data-dir>/outbox.
    #[arg(long, env = "AULA_SMTP_URL", hide_env_values = true, global = true)]
    pub smtp_url: Option<String>,
    /// Sender address of outgoing e-mail.
    #[arg(
        long,
        env = "AULA_MAIL_FROM",
        default_value = "Aula <no-responder@aula.local>",
        global = true
    )]
    pub mail_from: String,
    /// Public URL of this instance, used in e-mail links.
    #[arg(
        long,
        env = "AULA_PUBLIC_URL",
        default_value = "http://localhost:8080",
        global = true
    )]
    pub public_url: String,
    /// Microsoft Graph base URL of the Teams meetings.
    #[arg(
        long,
        env = "AULA_GRAPH_URL",
        default_value = "https://graph.microsoft.com",
        global = true
    )]
    pub graph_url: String,
    /// Base URL of the weather service of the dashboard's header (OpenWeatherMap's API:
    /// `{url}/data/2.5/weather?lat=&lon=&appid=` answering `main.temp` in Kelvin).
    #[arg(
        long,
        env = "AULA_WEATHER_URL",
        default_value = "https://api.openweathermap.org",
        global = true
    )]
    pub weather_url: String,
    /// Microsoft login (token) base URL of the Teams meetings.
    #[arg(
        long,
        env = "AULA_MS_LOGIN_URL",
        default_value = "https://login.microsoftonline.com",
        global = true
    )]
    pub ms_login_url: String,
    /// Load the demo company on an empty database and run in demo mode.
    #[arg(long, env = "AULA_DEMO", global = true)]
    pub demo: bool,
    /// Secret for signing tokens (at least 32 bytes). Generated once into the data dir when absent.
    #[arg(long, env = "AULA_JWT_SECRET", hide_env_values = true, global = true)]
    pub jwt_secret: Option<String>,
    /// Trust X-Forwarded-For for the client address (only behind your own proxy).
    #[arg(long, env = "AULA_TRUST_PROXY", global = true)]
    pub trust_proxy: bool,
    /// Minutes without a call after which a session ends.
    #[arg(
        long,
        env = "AULA_SESSION_IDLE_MINUTES",
        default_value_t = 10,
        global = true
    )]
    pub session_idle_minutes: i64,
    /// Reader connections to the database.
    #[arg(long, env = "AULA_DB_READERS", default_value_t = 8, global = true)]
    pub db_readers: u32,
    /// Login attempts allowed per client address every 15 minutes.
    #[arg(
        long,
        env = "AULA_LOGIN_LIMIT_PER_IP",
        default_value_t = 60,
        global = true
    )]
    pub login_limit_per_ip: i64,
    /// Socket.io connection attempts allowed per client address every minute.
    #[arg(
        long,
        env = "AULA_SOCKET_CONNECT_LIMIT_PER_IP",
        default_value_t = 120,
        global = true
    )]
    pub socket_connect_limit_per_ip: u32,
    /// Chat messages one employee may send every 10 seconds (REST and socket together).
    #[arg(
        long,
        env = "AULA_CHAT_SEND_LIMIT",
        default_value_t = 30,
        global = true
    )]
    pub chat_send_limit: u32,
    /// Milliseconds a user stays online after their last socket closes (page reloads).
    #[arg(
        long,
        env = "AULA_PRESENCE_GRACE_MS",
        default_value_t = 3000,
        global = true
    )]
    pub presence_grace_ms: u64,
    /// Accept http and private-address Web Push endpoints (development and tests only).
    #[arg(long, env = "AULA_PUSH_ALLOW_INSECURE", global = true)]
    pub push_allow_insecure: bool,
    /// Contact sent to push services with the VAPID signature.
    #[arg(
        long,
        env = "AULA_VAPID_SUBJECT",
        default_value = "mailto:no-responder@aula.local",
        global = true
    )]
    pub vapid_subject: String,
    /// Log as JSON lines instead of text.
    #[arg(long, env = "AULA_LOG_JSON", global = true)]
    pub log_json: bool,
    /// Days before an accreditation expires when 'Capacitaciones próximas a vencer' is sent:
    /// one to three windows of 1 to 365 days, comma-separated.
    #[arg(
        long,
        env = "AULA_AVISOS_VENCIMIENTO",
        default_value = "30,15,1",
        value_parser = parse_ventanas,
        global = true
    )]
    pub avisos_vencimiento: Ventanas,
    /// Address of the content origin: the second listener, the only one that serves SCORM
    /// packages and their player (behind a proxy, its own host name points here).
    #[arg(
        long,
        env = "AULA_CONTENT_ADDR",
        default_value = "0.0.0.0:8081",
        global = true
    )]
    pub content_addr: String,
    /// Public base URL of the content origin (e.g. https://contenido.example.com). Default:
    /// the host of `--public-url` with the content listener's port.
    #[arg(long, env = "AULA_CONTENT_URL", global = true)]
    pub content_url: Option<String>,
    /// Largest SCORM package accepted, in megabytes.
    #[arg(
        long,
        env = "AULA_SCORM_MAX_MB",
        default_value_t = 250,
        value_parser = clap::value_parser!(u64).range(1..=4096),
        global = true
    )]
    pub scorm_max_mb: u64,
    /// Days a finished background export stays downloadable before it is deleted.
    #[arg(
        long,
        env = "AULA_EXPORTACIONES_DIAS",
        default_value_t = 7,
        value_parser = clap::value_parser!(u32).range(1..=365),
        global = true
    )]
    pub exportaciones_dias: u32,
}

/// The expiry notice windows, in days, ascending and without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ventanas(Vec<i64>);

impl Ventanas {
    /// The windows, ascending.
    pub fn dias(&self) -> &[i64] {
        &self.0
    }
}

impl Default for Ventanas {
    fn default() -> Self {
        Ventanas(vec![1, 15, 30])
    }
}

impl std::str::FromStr for Ventanas {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_ventanas(s)
    }
}

/// "30,15,1" → [1, 15, 30]; one to three whole numbers of days from 1 to 365.
fn parse_ventanas(s: &str) -> Result<Ventanas, String> {
    let mut dias = Vec::new();
    for parte in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let d: i64 = parte
            .parse()
            .map_err(|_| format!("'{parte}' is not a number of days"))?;
        if !(1..=365).contains(&d) {
            return Err(format!("{d}: each window must be 1 to 365 days"));
        }
        dias.push(d);
    }
    dias.sort_unstable();
    dias.dedup();
    if dias.is_empty() || dias.len() > 3 {
        return Err("give one to three windows, e.g. 30,15,1".into());
    }
    Ok(Ventanas(dias))
}

impl Config {
    /// A configuration for tests and embedding: everything under `data_dir`.
    pub fn for_dir(data_dir: PathBuf) -> Config {
        Config {
            addr: "127.0.0.1:0".into(),
            storage: data_dir.join("uploads").to_string_lossy().into_owned(),
            data_dir,
            smtp_url: None,
            mail_from: "Aula <no-responder@aula.local>".into(),
            public_url: "http://localhost:8080".into(),
            graph_url: "https://graph.microsoft.com".into(),
            weather_url: "https://api.openweathermap.org".into(),
            ms_login_url: "https://login.microsoftonline.com".into(),
            demo: false,
            jwt_secret: None,
            trust_proxy: false,
            session_idle_minutes: 10,
            db_readers: 4,
            login_limit_per_ip: 60,
            socket_connect_limit_per_ip: 120,
            chat_send_limit: 30,
            presence_grace_ms: 3000,
            push_allow_insecure: false,
            vapid_subject: "mailto:no-responder@aula.local".into(),
            log_json: false,
            avisos_vencimiento: Ventanas::default(),
            content_addr: "127.0.0.1:0".into(),
            content_url: None,
            scorm_max_mb: 250,
            exportaciones_dias: 7,
        }
    }

    pub fn db_path(&self) -> PathBuf {
        self.data_dir.join("aula.db")
    }

    /// Scratch files of exports being written (removed once stored or sent).
    pub fn tmp_dir(&self) -> PathBuf {
        self.data_dir.join("tmp")
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notice_windows_are_one_to_three_days_counts_from_1_to_365() {
        assert_eq!(parse_ventanas("30,15,1"), Ok(Ventanas(vec![1, 15, 30])));
        assert_eq!(parse_ventanas(" 7 , 7 "), Ok(Ventanas(vec![7])));
        assert_eq!(parse_ventanas("30,15,1").ok(), Some(Ventanas::default()));
        for bad in ["", "0", "366", "30,x", "60,30,15,1", "-5"] {
            assert!(parse_ventanas(bad).is_err(), "{bad:?}");
        }
    }
}
