//! The participant's material: open from the course's first day through `dias_acceso`
//! days later, end of day inclusive (SCORM links always), and 'Material Completado'.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Days, NaiveDate};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::access;
use super::db::asistencias as db;
use super::db::inscripciones as idb;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::Path;
use crate::http::Resp;
use crate::state::AppState;

/// The material routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(secured(
        state,
        Rule::Seccion(crate::plans::SECCION_MI_PLAN),
        routes!(complete_material),
    ))
}

/// Whether the material may be opened today (spec: today between the course date and the
/// course date plus `dias_acceso` days, end of day; SCORM links always).
pub fn acceso_material(
    hoy: NaiveDate,
    fecha_inicio: NaiveDate,
    dias_acceso: i64,
    es_scorm: bool,
) -> bool {
    if es_scorm {
        return true;
    }
    let Ok(dias) = u64::try_from(dias_acceso) else {
        return false;
    };
    let fin = fecha_inicio
        .checked_add_days(Days::new(dias))
        .unwrap_or(NaiveDate::MAX);
    hoy >= fecha_inicio && hoy <= fin
}

/// Whether a material link is a SCORM package.
pub fn es_scorm(link: Option<&str>) -> bool {
    link.is_some_and(|l| l.to_ascii_lowercase().contains("scorm"))
}

/// Marks the participant's own material completed ('Material Completado') while the
/// material is open to them.
#[utoipa::path(put, path = "/api/pri/mobile/temas/material/completado/{cve_inscripcion_ai}", tag = "courses",
    params(("cve_inscripcion_ai" = i64, Path)),
    responses((status = 200, body = Resp), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn complete_material(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    let hoy = super::enrolment::hoy(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let ins = idb::inscripcion(&mut tx, id)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.inscripcion_no_encontrada"))?;
    if ins.cve_empleado != u.cve_empleado {
        return Err(AppError::forbidden("auth.fuera_de_alcance"));
    }
    if ins.estatus != "inscrito" {
        return Err(AppError::unprocessable("cursos.no_inscrito"));
    }
    let curso = access::load(&mut tx, ins.cve_curso).await?;
    if curso.cancelado() {
        return Err(AppError::conflict("cursos.cancelado"));
    }
    let material = idb::material_tema(&mut tx, curso.cve_tema)
        .await?
        .and_then(|m| m.0);
    let inicio = NaiveDate::parse_from_str(&curso.fecha_inicio, "%Y-%m-%d")
        .map_err(|e| AppError::internal(format!("course date: {e}")))?;
    if !acceso_material(
        hoy,
        inicio,
        curso.dias_acceso,
        es_scorm(material.as_deref()),
    ) {
        return Err(AppError::unprocessable("cursos.material_sin_acceso"));
    }
    db::material_completado(&mut tx, id, &now).await?;
    tx.commit().await?;
    Ok(Resp::msg("Material Completado"))
}

#[cfg(test)]
mod tests {
    use super::{acceso_material, es_scorm};
    use chrono::NaiveDate;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn the_window_opens_on_the_course_day_and_closes_after_day_n() {
        let inicio = d("2026-03-10");
        assert!(
            !acceso_material(d("2026-03-09"), inicio, 5, false),
            "before start"
        );
        assert!(acceso_material(d("2026-03-10"), inicio, 5, false), "day 0");
        assert!(
            acceso_material(d("2026-03-15"), inicio, 5, false),
            "day N, end of day"
        );
        assert!(
            !acceso_material(d("2026-03-16"), inicio, 5, false),
            "day N+1"
        );
        assert!(
            acceso_material(d("2026-03-10"), inicio, 0, false),
            "0 days: the course day"
        );
        assert!(!acceso_material(d("2026-03-11"), inicio, 0, false));
        assert!(!acceso_material(d("2026-03-10"), inicio, -1, false));
    }

    #[test]
    fn scorm_links_are_always_open() {
        let inicio = d("2026-03-10");
        assert!(acceso_material(d("2026-01-01"), inicio, 0, true));
        assert!(acceso_material(d("2027-01-01"), inicio, 0, true));
        assert!(es_scorm(Some("https://lms.example.com/SCORM/paquete")));
        assert!(!es_scorm(Some("https://lms.example.com/manual.pdf")));
        assert!(!es_scorm(None));
    }
}
