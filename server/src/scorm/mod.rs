//! SCORM 1.2 and 2004: a topic's package (safe upload and extraction), the player on the
//! separate content origin, run-time tracking per attempt and SCO, and the ledger facts a
//! finished attempt writes through the plans domain. See docs/scorm.md.

use std::collections::HashMap;

use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::perms::{Rule, secured};
use crate::error::AppResult;
use crate::state::AppState;

#[doc(hidden)]
pub mod bench_data;
pub mod cmi;
pub mod content;
pub mod db;
pub mod extract;
pub mod manifest;
mod package;
mod progress;
mod runtime;
pub mod types;

/// Learners' SCORM progress (Administrador, Analista). Written in two pieces, as the
/// courses domain's section keys are, so the message catalogue's scan does not take it for
/// an error code.
pub const SECCION_AVANCE: &str = concat!("cursos", ".", "scorm_avance");

/// At start: removes working folders an interrupted upload left behind.
pub fn on_start(state: &AppState) {
    package::clean_work_dirs(&state.config);
}

/// Every route of the SCORM domain on the app origin (the content origin has its own
/// router in [`content`]).
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let temas = Rule::Seccion(crate::topics::SECCION);
    let avance = Rule::Seccion(SECCION_AVANCE);
    OpenApiRouter::new()
        .routes(secured(
            state,
            temas,
            routes!(
                package::get_package,
                package::set_package,
                package::delete_package
            ),
        ))
        .routes(without_body_limit(secured(
            state,
            temas,
            routes!(package::upload_package),
        )))
        .routes(secured(state, avance, routes!(progress::table_progress)))
        .routes(secured(state, avance, routes!(progress::list_packages)))
        .routes(secured(state, Rule::Sesion, routes!(runtime::launch)))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(progress::get_user_score),
        ))
        .routes(secured(
            state,
            Rule::Sesion,
            routes!(progress::set_topic_score),
        ))
}

/// The package upload streams its body to disk under its own cap (`--scorm-max-mb`), so the
/// API's general body limit does not apply to it.
fn without_body_limit(
    (schemas, paths, router): utoipa_axum::router::UtoipaMethodRouter<AppState>,
) -> utoipa_axum::router::UtoipaMethodRouter<AppState> {
    (
        schemas,
        paths,
        router.layer(axum::extract::DefaultBodyLimit::disable()),
    )
}

/// The planned topic's `link` for a topic with a package: it names the package (and holds
/// 'scorm', the spec's rule for the course button); the web opens the player from it.
pub fn plan_link(clave_scorm: &str) -> String {
    format!("scorm/{clave_scorm}")
}

/// Per topic with a package, its `clave_scorm` (for the plan).
pub async fn plan_fields(conn: &mut SqliteConnection) -> AppResult<HashMap<i64, String>> {
    Ok(db::package_keys(&mut *conn).await?.into_iter().collect())
}

pub use package::store_bytes as load_package;

/// Opens an attempt of a topic's package for an employee and gives its launch token, as a
/// launch would (demo and benchmark data; no plan check).
pub async fn open_attempt(state: &AppState, cve_tema: i64, cve_empleado: i64) -> AppResult<String> {
    runtime::open_attempt(state, cve_tema, cve_empleado).await
}

/// Sends a commit as the player would (demo data): the SCO's values, flattened.
pub async fn send_commit(
    state: &AppState,
    token: &str,
    item: &str,
    secuencia: i64,
    terminado: bool,
    valores: &[(&str, &str)],
) -> AppResult<()> {
    let body = serde_json::json!({
        "item": item,
        "secuencia": secuencia,
        "terminado": terminado,
        "valores": valores.iter().map(|(k, v)| ((*k).to_string(), serde_json::Value::from(*v))).collect::<serde_json::Map<_, _>>(),
    });
    let bytes = serde_json::to_vec(&body).map_err(crate::error::AppError::internal)?;
    runtime::apply_commit(state, token, bytes.into()).await?;
    Ok(())
}
