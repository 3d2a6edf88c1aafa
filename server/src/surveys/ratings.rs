//! Ratings of topics: an employee who accredited a topic rates it from 0.5 to 5 in half
//! steps (spec section 9); rating again replaces their value. Topics and blocks show the
//! average.

use axum::extract::State;
use chrono::NaiveDate;
use sqlx::SqliteConnection;

use super::db::calificaciones as db;
use super::types::{RatingForm, RatingTema};
use crate::auth::perms::CurrentUser;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;

/// Whether a rating is 0.5 to 5 in half steps.
pub fn rating_valido(r: f64) -> bool {
    let dobles = r * 2.0;
    r.is_finite() && dobles.fract() == 0.0 && (1.0..=10.0).contains(&dobles)
}

/// Saves an employee's rating of a topic: 422 `encuestas.rating_invalido` off the scale,
/// 404 for an unknown topic, 409 `encuestas.rating_no_acreditado` unless their plan shows
/// the topic Acreditado on `hoy`. The topic's new (average, votes).
pub async fn rate_topic(
    conn: &mut SqliteConnection,
    cve_tema: i64,
    cve_empleado: i64,
    rating: f64,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<(f64, i64)> {
    if !rating_valido(rating) {
        return Err(AppError::unprocessable("encuestas.rating_invalido"));
    }
    crate::topics::db::require_topic(&mut *conn, cve_tema).await?;
    let estado = crate::plans::estado_de_tema(&mut *conn, cve_empleado, cve_tema, hoy).await?;
    if !estado.completado() {
        return Err(AppError::conflict("encuestas.rating_no_acreditado"));
    }
    db::guardar(&mut *conn, cve_tema, cve_empleado, rating, now).await?;
    let (promedio, votos) = db::promedio(&mut *conn, cve_tema).await?;
    Ok((promedio.unwrap_or(rating), votos))
}

/// Rates a topic the caller accredited.
#[utoipa::path(post, path = "/api/pri/temas/{cve_tema}/rating", tag = "surveys",
    params(("cve_tema" = i64, Path)), request_body = RatingForm,
    responses((status = 200, body = RatingTema), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn rate(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_tema): Path<i64>,
    Json(b): Json<RatingForm>,
) -> AppResult<axum::Json<RatingTema>> {
    let hoy = crate::plans::today(&state);
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let (rating, votos) =
        rate_topic(&mut tx, cve_tema, u.cve_empleado, b.rating, hoy, &now).await?;
    tx.commit().await?;
    Ok(axum::Json(RatingTema {
        resp: "Excelente".into(),
        rating,
        votos,
    }))
}

#[cfg(test)]
mod tests {
    use super::rating_valido;

    #[test]
    fn ratings_go_from_half_a_star_to_five_in_half_steps() {
        for ok in [0.5, 1.0, 2.5, 4.5, 5.0] {
            assert!(rating_valido(ok), "{ok}");
        }
        for bad in [0.0, 0.25, 1.2, 5.5, -1.0, f64::NAN, f64::INFINITY] {
            assert!(!rating_valido(bad), "{bad}");
        }
    }
}
