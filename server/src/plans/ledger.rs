//! The accreditation ledger: every fact of an employee holding (or failing) a topic, written
//! only through [`record_accreditation`] (one fact, with its summary and plan-cache rows) or
//! [`bulk_load_accreditations`] (demo, bench; summaries rebuilt after). Also the manual
//! accreditation of the kardex and the read-only validity preview.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::ledger as db;
use super::rules::{self, Estado, Tenencia};
use super::types::{NuevaAcreditacion, Origen, Registro};
use crate::auth::perms::{CurrentUser, Rule, check_scope, secured};
use crate::contract::{PLAN_MOTIVO_MAX, PLAN_NOTA_MAX};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;
use crate::topics::db::ReglasTema;

/// Longest `referencia` a source may give (an id or a short key of its own record).
const REFERENCIA_MAX: usize = 200;

/// The ledger routes: manual accreditation and the validity preview.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_KARDEX_ACREDITAR),
            routes!(create_manual_accreditation),
        ))
        .routes(secured(state, Rule::Sesion, routes!(preview_validity)))
}

/// A 400 with `code` as the answer's code and as `field`'s message.
pub(crate) fn field_error(
    code: &'static str,
    field: &str,
    args: Vec<(&'static str, String)>,
) -> AppError {
    let mut e = AppError::bad_request(code);
    for (k, v) in &args {
        e = e.arg(k, v.clone());
    }
    e.fields.insert(field.to_string(), code);
    e.field_args.insert(field.to_string(), args);
    e
}

/// Formats a scale bound without a needless ".0".
fn bound(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        v.to_string()
    }
}

/// Checks one fact against its topic's rules and today, and computes what it says: the row
/// to write. Pure, so the bulk loader applies exactly the same rules.
fn check<'a>(
    a: &NuevaAcreditacion<'a>,
    reglas: Option<&ReglasTema>,
    hoy: chrono::NaiveDate,
) -> AppResult<db::Fila<'a>> {
    let Some(t) = reglas else {
        return Err(field_error("plan.tema_no_encontrado", "cve_tema", vec![]));
    };
    if t.activo != 1 && a.origen != Origen::Historial {
        return Err(field_error(
            "plan.tema_inactivo",
            "cve_tema",
            vec![("tema", t.nombre_tema.clone())],
        ));
    }
    let motivo = a.motivo.map(str::trim).filter(|m| !m.is_empty());
    if a.origen == Origen::Manual && motivo.is_none() {
        return Err(field_error("plan.motivo_requerido", "motivo", vec![]));
    }
    if motivo.is_some_and(|m| m.chars().count() > PLAN_MOTIVO_MAX) {
        return Err(field_error(
            "validacion.texto_largo",
            "motivo",
            vec![("max", PLAN_MOTIVO_MAX.to_string())],
        ));
    }
    let nota = a.nota.map(str::trim).filter(|n| !n.is_empty());
    if nota.is_some_and(|n| n.chars().count() > PLAN_NOTA_MAX) {
        return Err(field_error(
            "validacion.texto_largo",
            "nota",
            vec![("max", PLAN_NOTA_MAX.to_string())],
        ));
    }
    if a.referencia.chars().count() > REFERENCIA_MAX {
        return Err(field_error(
            "validacion.texto_largo",
            "referencia",
            vec![("max", REFERENCIA_MAX.to_string())],
        ));
    }
    if a.fecha > hoy {
        return Err(field_error("plan.fecha_futura", "fecha", vec![]));
    }
    if let Some(c) = a.calificacion {
        match rules::escala(&t.modelo_evaluacion) {
            None => {
                return Err(field_error(
                    "plan.calificacion_no_aplica",
                    "calificacion",
                    vec![],
                ));
            }
            Some((min, max)) if !c.is_finite() || c < min || c > max => {
                return Err(field_error(
                    "plan.calificacion_fuera_de_escala",
                    "calificacion",
                    vec![("min", bound(min)), ("max", bound(max))],
                ));
            }
            Some(_) => {}
        }
    }
    let acreditado = a.resultado.unwrap_or_else(|| {
        rules::aprobado(&t.modelo_evaluacion, t.calificacion_minima, a.calificacion)
    });
    Ok(db::Fila {
        cve_empleado: a.cve_empleado,
        cve_tema: a.cve_tema,
        fecha: rules::fecha_iso(a.fecha),
        calificacion: a.calificacion,
        acreditado,
        vigencia: acreditado
            .then(|| rules::fecha_iso(rules::vigencia(a.fecha, Some(t.meses_certificacion)))),
        meses_certificacion: Some(t.meses_certificacion),
        origen: a.origen.as_str(),
        referencia: a.referencia,
        motivo,
        nota,
        registrado_por: a.registrado_por,
    })
}

/// Validates and writes one ledger fact, then its summary row and its plan-cache row.
/// Same (cve_empleado, cve_tema, origen, fecha, referencia): updates grade/nota/motivo (Actualizada)
/// or nothing (SinCambios); for origen Manual a repeat is 409 plan.acreditacion_duplicada.
/// Nothing is written when it fails. Scope is the caller's job.
pub async fn record_accreditation(
    conn: &mut SqliteConnection,
    a: &NuevaAcreditacion<'_>,
    hoy: chrono::NaiveDate,
    now: &str,
) -> AppResult<Registro> {
    if !crate::employees::db::detail::exists_not_gone(&mut *conn, a.cve_empleado).await? {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "plan.empleado_no_encontrado",
        ));
    }
    let reglas = crate::topics::db::topic_rules(&mut *conn, a.cve_tema).await?;
    let fila = check(a, reglas.as_ref(), hoy)?;
    let existente = db::find(
        &mut *conn,
        a.cve_empleado,
        a.cve_tema,
        fila.origen,
        &fila.fecha,
        fila.referencia,
    )
    .await?;
    let registro = match existente {
        None => Registro::Insertada(db::insert(&mut *conn, &fila, now).await?),
        Some(_) if a.origen == Origen::Manual => {
            let tema = reglas.map(|t| t.nombre_tema).unwrap_or_default();
            return Err(AppError::conflict("plan.acreditacion_duplicada")
                .arg("tema", tema)
                .arg("fecha", fila.fecha.clone()));
        }
        Some(e) => {
            let same = e.calificacion == fila.calificacion
                && e.acreditado == i64::from(fila.acreditado)
                && e.vigencia == fila.vigencia
                && e.motivo.as_deref() == fila.motivo
                && e.nota.as_deref() == fila.nota;
            if same {
                return Ok(Registro::SinCambios(e.id_acreditacion));
            }
            db::update(&mut *conn, e.id_acreditacion, &fila, now).await?;
            Registro::Actualizada(e.id_acreditacion)
        }
    };
    db::refresh_pair(&mut *conn, a.cve_empleado, a.cve_tema).await?;
    Ok(registro)
}

/// Withdraws every ledger fact a source record wrote (`origen` + `referencia`, e.g. a
/// reopened course's `curso:{id}`), then refreshes the summaries and plan-cache rows of the
/// pairs it touched. The number of facts withdrawn.
pub async fn withdraw_accreditations(
    conn: &mut SqliteConnection,
    origen: Origen,
    referencia: &str,
) -> AppResult<usize> {
    let pares = db::delete_by_source(&mut *conn, origen.as_str(), referencia).await?;
    let n = pares.len();
    let mut unicos = pares;
    unicos.sort_unstable();
    unicos.dedup();
    for (cve_empleado, cve_tema) in unicos {
        db::refresh_pair(&mut *conn, cve_empleado, cve_tema).await?;
    }
    Ok(n)
}

/// Bulk loader (demo, bench): same checks in Rust against preloaded topic rules, multi-row INSERTs
/// (ON CONFLICT DO NOTHING), no summary/cache upkeep: call rebuild_summaries + derive::rebuild_all after.
/// The employees must exist (a missing one fails the whole call).
pub async fn bulk_load_accreditations(
    conn: &mut SqliteConnection,
    rows: &[NuevaAcreditacion<'_>],
    hoy: chrono::NaiveDate,
    now: &str,
) -> AppResult<u64> {
    let reglas: HashMap<i64, ReglasTema> = crate::topics::db::all_topic_rules(&mut *conn)
        .await?
        .into_iter()
        .map(|t| (t.cve_tema, t))
        .collect();
    let mut filas = Vec::with_capacity(rows.len());
    for a in rows {
        filas.push(check(a, reglas.get(&a.cve_tema), hoy)?);
    }
    Ok(db::insert_many(&mut *conn, &filas, now).await?)
}

/// Recomputes plan_estado_temas from the ledger set-wise (ROW_NUMBER() windows).
pub async fn rebuild_summaries(conn: &mut SqliteConnection) -> AppResult<u64> {
    Ok(db::rebuild_all(&mut *conn).await?)
}

/// The state of an employee's topic now, from the summary.
pub async fn topic_state(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
    hoy: chrono::NaiveDate,
) -> AppResult<Estado> {
    let t =
        db::summary(&mut *conn, cve_empleado, cve_tema)
            .await?
            .map(|(vigencia, reprobado, _)| Tenencia {
                vigencia: vigencia.as_deref().and_then(rules::parse_fecha),
                reprobado: reprobado == 1,
            });
    Ok(rules::estado(t.as_ref(), hoy))
}

/// A manual accreditation from the kardex.
#[derive(Deserialize, ToSchema)]
pub struct AcreditacionManualBody {
    pub cve_tema: i64,
    /// AAAA-MM-DD, not after today.
    pub fecha: String,
    /// On the topic's scale; omitted when the topic is not graded.
    #[serde(default)]
    pub calificacion: Option<f64>,
    /// Why it is entered by hand (required).
    #[serde(default)]
    pub motivo: Option<String>,
}

/// What a manual accreditation recorded.
#[derive(Serialize, ToSchema)]
pub struct AcreditacionRegistrada {
    pub resp: String,
    pub id_acreditacion: i64,
    /// Validity of this accreditation (null when the grade failed).
    pub vigencia: Option<String>,
    /// The topic's state for the employee now.
    pub estado: Estado,
}

/// Records a manual accreditation (reason required; validity computed from the topic).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/ver_kardex_capacitacion/{cve_empleado}/acreditaciones",
    tag = "plans", request_body = AcreditacionManualBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = AcreditacionRegistrada), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_manual_accreditation(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<AcreditacionManualBody>,
) -> AppResult<axum::Json<AcreditacionRegistrada>> {
    check_scope(&state, u.scope, cve).await?;
    let Some(fecha) = crate::validate::parse_date(b.fecha.trim()) else {
        return Err(field_error("validacion.fecha", "fecha", vec![]));
    };
    let hoy = super::today(&state);
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let r = record_accreditation(
        &mut tx,
        &NuevaAcreditacion {
            cve_empleado: cve,
            cve_tema: b.cve_tema,
            fecha,
            calificacion: b.calificacion,
            origen: Origen::Manual,
            referencia: "",
            motivo: b.motivo.as_deref(),
            nota: None,
            registrado_por: Some(u.cve_empleado),
            resultado: None,
        },
        hoy,
        &now,
    )
    .await?;
    let fila = db::find(
        &mut tx,
        cve,
        b.cve_tema,
        Origen::Manual.as_str(),
        &rules::fecha_iso(fecha),
        "",
    )
    .await?;
    let estado = topic_state(&mut tx, cve, b.cve_tema, hoy).await?;
    tx.commit().await?;
    Ok(axum::Json(AcreditacionRegistrada {
        resp: "Excelente".into(),
        id_acreditacion: r.id(),
        vigencia: fila.and_then(|f| f.vigencia),
        estado,
    }))
}

/// The validity preview's query.
#[derive(Deserialize, IntoParams)]
pub struct VigenciaQuery {
    /// The topic (its certification months); without it the default 2 years apply.
    #[serde(default)]
    pub cve_tema: Option<i64>,
    /// Accreditation date, AAAA-MM-DD.
    pub fecha: String,
}

/// A validity date.
#[derive(Serialize, ToSchema)]
pub struct Vigencia {
    /// AAAA-MM-DD; 9999-12-31 = no expiry.
    pub vigencia: String,
}

/// The validity an accreditation of that date would get (read-only preview).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/vigencia", tag = "plans", params(VigenciaQuery),
    responses((status = 200, body = Vigencia), (status = 400, body = ErrorBody)))]
async fn preview_validity(
    State(state): State<AppState>,
    Query(q): Query<VigenciaQuery>,
) -> AppResult<axum::Json<Vigencia>> {
    let Some(fecha) = crate::validate::parse_date(q.fecha.trim()) else {
        return Err(field_error("validacion.fecha", "fecha", vec![]));
    };
    let meses = match q.cve_tema {
        None => None,
        Some(cve) => {
            let mut conn = state.db.read.acquire().await?;
            match crate::topics::db::topic_rules(&mut *conn, cve).await? {
                Some(t) => Some(t.meses_certificacion),
                None => return Err(field_error("plan.tema_no_encontrado", "cve_tema", vec![])),
            }
        }
    };
    Ok(axum::Json(Vigencia {
        vigencia: rules::fecha_iso(rules::vigencia(fecha, meses)),
    }))
}
