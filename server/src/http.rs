//! Small pieces every domain's handlers share: the plain `resp` answer and the id of the
//! request being handled.

use serde::Serialize;
use utoipa::ToSchema;

/// Answer with only `resp`.
#[derive(Serialize, ToSchema)]
pub struct Resp {
    pub resp: String,
}

impl Resp {
    /// `{"resp": "Excelente"}`, the spec's success answer.
    pub fn ok() -> axum::Json<Resp> {
        axum::Json(Resp {
            resp: "Excelente".into(),
        })
    }
    /// `{"resp": m}`.
    pub fn msg(m: &str) -> axum::Json<Resp> {
        axum::Json(Resp { resp: m.into() })
    }
}

tokio::task_local! {
    /// The id of the request being handled, set by the request middleware.
    pub static REQUEST_ID: String;
}

/// The id of the request being handled (shown to users in 500 answers as a reference).
pub fn current_request_id() -> String {
    REQUEST_ID
        .try_with(|id| id.clone())
        .unwrap_or_else(|_| "-".into())
}
