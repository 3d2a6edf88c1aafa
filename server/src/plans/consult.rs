//! Plan consultation (`consultar_plan_capacitacion`): an employee's pending and completed
//! topics, their blocks and the summary the dashboard shows — for me, or for an employee
//! within my scope.

use std::collections::{BTreeSet, HashMap};

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Days, NaiveDate};
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::consult as db;
use super::derive::{self, PlanEntry};
use super::rules::{self, Estado, Tenencia};
use super::types::{BloquePlan, TemaDeBloque, TemaPlaneado};
use crate::auth::perms::{CurrentUser, Rule, check_scope, secured};
use crate::contract::PLAN_BUSCAR_MAX;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::validate::fold;

/// Days ahead an accreditation counts as about to expire on the summary.
const PROXIMOS_DIAS: u64 = 30;

/// The plan consultation routes.
pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = || Rule::Seccion(super::SECCION_MI_PLAN);
    OpenApiRouter::new()
        .routes(secured(state, r(), routes!(list_planned_topics)))
        .routes(secured(state, r(), routes!(list_plan_blocks)))
        .routes(secured(state, r(), routes!(get_plan_summary)))
        .routes(secured(state, r(), routes!(get_plan_history)))
}

/// One topic of the plan with its state.
struct Fila {
    entry: PlanEntry,
    estado: Estado,
    tema: TemaPlaneado,
}

/// The employee's plan now, each topic with its state and the Planned-topic shape.
async fn plan_of(conn: &mut SqliteConnection, cve: i64, hoy: NaiveDate) -> AppResult<Vec<Fila>> {
    let Some(p) = derive::placement(&mut *conn, cve).await? else {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "plan.empleado_no_encontrado",
        ));
    };
    let entries = derive::plan_topics(&mut *conn, &p).await?;
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let temas: HashMap<i64, db::TemaInfo> = db::active_topics(&mut *conn)
        .await?
        .into_iter()
        .map(|t| (t.cve_tema, t))
        .collect();
    let resumen: HashMap<i64, db::Resumen> = db::summaries(&mut *conn, cve)
        .await?
        .into_iter()
        .map(|r| (r.cve_tema, r))
        .collect();
    let estado_de = |t: i64| {
        let ten = resumen.get(&t).map(|r| Tenencia {
            vigencia: r.vigencia.as_deref().and_then(rules::parse_fecha),
            reprobado: r.reprobado == 1,
        });
        rules::estado(ten.as_ref(), hoy)
    };
    let cursos = crate::courses::plan_fields::plan_fields(&mut *conn, cve, hoy).await?;
    let examenes = crate::exams::plan_fields::plan_exams(&mut *conn, cve).await?;
    let encuestas = crate::surveys::plan_fields(&mut *conn, cve, hoy).await?;
    let paquetes = crate::scorm::plan_fields(&mut *conn).await?;
    let mut requisitos: HashMap<i64, Vec<i64>> = HashMap::new();
    for (t, r) in db::prerequisites(&mut *conn).await? {
        requisitos.entry(t).or_default().push(r);
    }
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let Some(t) = temas.get(&e.cve_tema) else {
            continue;
        };
        let estado = estado_de(e.cve_tema);
        let r = resumen.get(&e.cve_tema);
        let falta_requisito = requisitos
            .get(&e.cve_tema)
            .is_some_and(|rs| rs.iter().any(|q| !estado_de(*q).completado()));
        let fecha_limite = match (e.dias_limite, rules::parse_fecha(&e.desde)) {
            (Some(d), Some(desde)) => u64::try_from(d)
                .ok()
                .and_then(|d| desde.checked_add_days(Days::new(d)))
                .map(rules::fecha_iso),
            _ => None,
        };
        let tema = TemaPlaneado {
            cve_tema: t.cve_tema,
            cve_curso: None,
            cve_inscripcion_ai: None,
            nombre: t.nombre_tema.clone(),
            abreviatura: t.abreviatura.clone(),
            link_img: t.imagen.as_deref().map(crate::files::public_url),
            link: None,
            obligatoria: i64::from(e.obligatoria),
            prerrequisito: if falta_requisito { "1" } else { "0" }.into(),
            material: None,
            meeting: None,
            accion: None,
            presentar_examen: None,
            intentos: None,
            intentos_disponibles: None,
            confirmado: None,
            calificacion: r.and_then(|r| r.calificacion),
            fecha_curso: None,
            estatus_material: None,
            manual_participante: None,
            tipo_manual_participante: None,
            clave_scorm: None,
            modalidad: t.modalidad.clone(),
            horas: t.horas,
            estado: estado.etiqueta().into(),
            fecha_acreditacion: r.and_then(|r| r.fecha_acreditacion.clone()),
            vigencia: r.and_then(|r| r.vigencia.clone()),
            fecha_limite,
            requerido_por: e.programas.clone(),
            acceso: false,
            dias_acceso: None,
            turno_espera: None,
            curso_cerrado: None,
            modalidad_curso: None,
            hora_curso: None,
            encuesta_pendiente: false,
            mi_rating: encuestas.ratings.get(&e.cve_tema).copied(),
        };
        let tema = match cursos.get(&e.cve_tema) {
            Some(c) => with_course(tema, c),
            None => tema,
        };
        let mut tema = with_exam(tema, &examenes);
        tema.encuesta_pendiente = tema
            .cve_curso
            .is_some_and(|c| encuestas.pendientes.contains(&c));
        if let Some(clave) = paquetes.get(&e.cve_tema) {
            tema.link = tema
                .meeting
                .clone()
                .or_else(|| Some(crate::scorm::plan_link(clave)));
            tema.clave_scorm = Some(clave.clone());
        }
        out.push(Fila {
            entry: e,
            estado,
            tema,
        });
    }
    // Mandatory first, then the nearest deadline (none last), then the name.
    out.sort_by(|a, b| {
        b.tema
            .obligatoria
            .cmp(&a.tema.obligatoria)
            .then_with(|| match (&a.tema.fecha_limite, &b.tema.fecha_limite) {
                (Some(x), Some(y)) => x.cmp(y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            })
            .then_with(|| a.tema.nombre.cmp(&b.tema.nombre))
    });
    Ok(out)
}

/// An employee's topics still to take on `hoy`, in the plan's order (mandatory first, then
/// the nearest deadline): what the help assistant answers about. Empty for someone without a
/// place in the structure.
pub async fn pending_topics(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    hoy: NaiveDate,
) -> AppResult<Vec<TemaPlaneado>> {
    match plan_of(&mut *conn, cve_empleado, hoy).await {
        Ok(plan) => Ok(plan
            .into_iter()
            .filter(|f| !f.estado.completado())
            .map(|f| f.tema)
            .collect()),
        Err(e) if e.status == StatusCode::NOT_FOUND => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// One topic of an employee's plan as the plan shows it (None when the topic is not in it):
/// what other domains check before opening a topic's content (SCORM).
pub async fn planned_topic(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
    hoy: NaiveDate,
) -> AppResult<Option<TemaPlaneado>> {
    Ok(plan_of(&mut *conn, cve_empleado, hoy)
        .await?
        .into_iter()
        .find(|f| f.entry.cve_tema == cve_tema)
        .map(|f| f.tema))
}

/// The state an employee's plan shows for a topic on `hoy` (Acreditado, Vencido, No
/// acreditado or Pendiente), from the accreditation ledger: what other domains ask before
/// acting on a completed topic (rating it).
pub async fn estado_de_tema(
    conn: &mut SqliteConnection,
    cve_empleado: i64,
    cve_tema: i64,
    hoy: NaiveDate,
) -> AppResult<Estado> {
    let r = db::summary_of(&mut *conn, cve_empleado, cve_tema).await?;
    let ten = r.map(|r| Tenencia {
        vigencia: r.vigencia.as_deref().and_then(rules::parse_fecha),
        reprobado: r.reprobado == 1,
    });
    Ok(rules::estado(ten.as_ref(), hoy))
}

/// A planned topic with the course fields of the employee's course of that topic.
fn with_course(t: TemaPlaneado, c: &crate::courses::plan_fields::CursoDelPlan) -> TemaPlaneado {
    TemaPlaneado {
        cve_curso: Some(c.cve_curso),
        cve_inscripcion_ai: c.cve_inscripcion_ai,
        link: c.link.clone(),
        material: c.material.clone(),
        meeting: c.meeting.clone(),
        accion: Some(c.accion.clone()),
        confirmado: c.confirmado.clone(),
        calificacion: c.calificacion.or(t.calificacion),
        fecha_curso: Some(c.fecha_curso.clone()),
        estatus_material: c.estatus_material.clone(),
        manual_participante: c.manual_participante.clone(),
        tipo_manual_participante: c.tipo_manual_participante.clone(),
        acceso: c.acceso,
        dias_acceso: Some(c.dias_acceso),
        turno_espera: c.turno_espera,
        curso_cerrado: Some(c.curso_cerrado.clone()),
        modalidad_curso: Some(c.modalidad_curso.clone()),
        hora_curso: c.hora_curso.clone(),
        ..t
    }
}

/// A planned topic with its exam: the active exam of its course, else (no course) a
/// self-service exam of the topic, which the plan offers as the action 'examen'.
fn with_exam(
    t: TemaPlaneado,
    (por_curso, por_tema): &(
        HashMap<i64, crate::exams::plan_fields::ExamenDelPlan>,
        HashMap<i64, crate::exams::plan_fields::ExamenDelPlan>,
    ),
) -> TemaPlaneado {
    let (x, autoservicio) = match t.cve_curso {
        Some(c) => (por_curso.get(&c), false),
        None => (por_tema.get(&t.cve_tema), true),
    };
    let Some(x) = x else {
        return t;
    };
    TemaPlaneado {
        presentar_examen: Some(x.presentar_examen.clone()),
        intentos: Some(x.intentos),
        intentos_disponibles: Some(x.intentos_disponibles),
        accion: if autoservicio {
            Some("examen".into())
        } else {
            t.accion.clone()
        },
        acceso: t.acceso || autoservicio,
        ..t
    }
}

/// Compliance of a plan: mandatory Acreditado over mandatory.
fn compliance(plan: &[Fila]) -> Option<f64> {
    let obligatorias = plan.iter().filter(|f| f.entry.obligatoria).count();
    let hechas = plan
        .iter()
        .filter(|f| f.entry.obligatoria && f.estado.completado())
        .count();
    rules::cumplimiento(obligatorias as i64, hechas as i64)
}

/// The search of the plan calls.
#[derive(Deserialize, ToSchema, Default)]
pub struct BuscarBody {
    /// Part of a topic's (or block's) name or abbreviation; accents and case do not matter.
    #[serde(default)]
    pub buscar: Option<String>,
}

impl BuscarBody {
    fn folded(&self) -> AppResult<Option<String>> {
        let Some(b) = self
            .buscar
            .as_deref()
            .map(str::trim)
            .filter(|b| !b.is_empty())
        else {
            return Ok(None);
        };
        if b.chars().count() > PLAN_BUSCAR_MAX {
            return Err(super::ledger::field_error(
                "validacion.texto_largo",
                "buscar",
                vec![("max", PLAN_BUSCAR_MAX.to_string())],
            ));
        }
        Ok(Some(fold(b)))
    }
}

/// Pending or completed topics of an employee's plan.
#[derive(Serialize, ToSchema)]
pub struct PlanPlaneado {
    pub resp: String,
    /// pendientes | completados
    pub location: String,
    pub cumplimiento: Option<f64>,
    pub total_pendientes: i64,
    pub total_completados: i64,
    pub temas: Vec<TemaPlaneado>,
}

/// The employee's plan: `Pendientes` (pending, failed and expired) or `Completados` (accredited).
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/{cve_empleado}/{location}",
    tag = "plans", request_body = BuscarBody,
    params(("cve_empleado" = i64, Path), ("location" = String, Path, description = "Pendientes | Completados")),
    responses((status = 200, body = PlanPlaneado), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn list_planned_topics(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path((cve, location)): Path<(i64, String)>,
    Json(b): Json<BuscarBody>,
) -> AppResult<axum::Json<PlanPlaneado>> {
    let completados = match location.to_lowercase().as_str() {
        "pendientes" => false,
        "completados" => true,
        _ => return Err(AppError::bad_request("plan.ubicacion")),
    };
    let buscar = b.folded()?;
    check_scope(&state, u.scope, cve).await?;
    let mut conn = state.db.read.acquire().await?;
    let plan = plan_of(&mut conn, cve, super::today(&state)).await?;
    let total_completados = plan.iter().filter(|f| f.estado.completado()).count() as i64;
    let cumplimiento = compliance(&plan);
    let total = plan.len() as i64;
    let temas = plan
        .into_iter()
        .filter(|f| f.estado.completado() == completados)
        .filter(|f| {
            buscar.as_ref().is_none_or(|q| {
                fold(&f.tema.nombre).contains(q.as_str())
                    || fold(&f.tema.abreviatura).contains(q.as_str())
            })
        })
        .map(|f| f.tema)
        .collect();
    Ok(axum::Json(PlanPlaneado {
        resp: "Excelente".into(),
        location: if completados {
            "completados"
        } else {
            "pendientes"
        }
        .into(),
        cumplimiento,
        total_pendientes: total - total_completados,
        total_completados,
        temas,
    }))
}

/// The blocks of an employee's plan.
#[derive(Serialize, ToSchema)]
pub struct PlanBloques {
    pub resp: String,
    /// One item per block; empty = 'Sin bloques'.
    pub items: Vec<BloquePlan>,
}

/// The blocks assigned to the employee, each topic Acreditado ("1") or Pendiente ("0").
async fn blocks_of(
    conn: &mut SqliteConnection,
    plan: &[Fila],
    cve: i64,
    hoy: NaiveDate,
) -> AppResult<Vec<BloquePlan>> {
    let ids: BTreeSet<i64> = plan
        .iter()
        .flat_map(|f| f.entry.bloques.iter().copied())
        .collect();
    let resumen: HashMap<i64, db::Resumen> = db::summaries(&mut *conn, cve)
        .await?
        .into_iter()
        .map(|r| (r.cve_tema, r))
        .collect();
    let mut out = Vec::new();
    for id in ids {
        let Some(b) = db::block(&mut *conn, id).await? else {
            continue;
        };
        let topics: Vec<_> = db::block_topics(&mut *conn, id)
            .await?
            .into_iter()
            .filter(|t| t.4 == 1)
            .collect();
        let temas: Vec<TemaDeBloque> = topics
            .iter()
            .map(|(cve_tema, nombre, modalidad, _, _)| {
                let ten = resumen.get(cve_tema).map(|r| Tenencia {
                    vigencia: r.vigencia.as_deref().and_then(rules::parse_fecha),
                    reprobado: r.reprobado == 1,
                });
                let estado = rules::estado(ten.as_ref(), hoy);
                TemaDeBloque {
                    cve_tema: *cve_tema,
                    nombre: nombre.clone(),
                    modalidad: modalidad.clone(),
                    acreditado: if estado.completado() { "1" } else { "0" }.into(),
                    estado: estado.etiqueta().into(),
                }
            })
            .collect();
        let hechos = temas.iter().filter(|t| t.acreditado == "1").count() as i64;
        let total = temas.len() as i64;
        out.push(BloquePlan {
            id_bloque: b.id_bloque,
            nombre_bloque: b.nombre_bloque,
            tipo_bloque: b.nombre_tipo_bloque.clone(),
            id_tipo_bloque: b.id_tipo_bloque,
            nombre_tipo_bloque: b.nombre_tipo_bloque,
            descripcion: b.descripcion,
            imagen_url: Some(crate::files::public_url(&b.imagen)),
            precio: b.precio,
            rating: None,
            total_horas: topics.iter().map(|t| t.3).sum(),
            estatus: if total > 0 && hechos == total {
                "1"
            } else {
                "0"
            }
            .into(),
            porcentaje_avance: rules::porcentaje(hechos, total),
            modalidad: crate::blocks::derived_modality(topics.iter().map(|t| t.2.as_str()))
                .map(str::to_string),
            temas,
            comprado: "0".into(),
            capacidad_asistencia: b.capacidad_asistencia,
            total_asistentes: derive::block_assignees(&mut *conn, id).await?,
        });
    }
    Ok(out)
}

/// The employee's plan by blocks.
#[utoipa::path(post, path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/planeada/por-bloques/{cve_empleado}/dat",
    tag = "plans", request_body = BuscarBody,
    params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = PlanBloques), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn list_plan_blocks(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
    Json(b): Json<BuscarBody>,
) -> AppResult<axum::Json<PlanBloques>> {
    let buscar = b.folded()?;
    check_scope(&state, u.scope, cve).await?;
    let hoy = super::today(&state);
    let mut conn = state.db.read.acquire().await?;
    let plan = plan_of(&mut conn, cve, hoy).await?;
    let items = blocks_of(&mut conn, &plan, cve, hoy)
        .await?
        .into_iter()
        .filter(|b| {
            buscar.as_ref().is_none_or(|q| {
                fold(&b.nombre_bloque).contains(q.as_str())
                    || b.temas.iter().any(|t| fold(&t.nombre).contains(q.as_str()))
            })
        })
        .collect();
    Ok(axum::Json(PlanBloques {
        resp: "Excelente".into(),
        items,
    }))
}

/// What the dashboard shows of a plan.
#[derive(Serialize, ToSchema)]
pub struct ResumenPlan {
    pub cumplimiento: Option<f64>,
    pub cursos_pendientes: i64,
    pub cursos_terminados: i64,
    /// Accredited topics whose validity ends within 30 days.
    pub proximos_vencer: i64,
    /// Blocks assigned.
    pub bloques: i64,
}

/// The summary of an employee's plan (dashboard cards).
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/resumen/{cve_empleado}",
    tag = "plans", params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = ResumenPlan), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_plan_summary(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<ResumenPlan>> {
    check_scope(&state, u.scope, cve).await?;
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(
        plan_summary(&mut conn, cve, super::today(&state)).await?,
    ))
}

/// The summary of an employee's plan on `hoy` (the plan page's and the dashboard's cards).
/// 404 when the employee has no place in the structure.
pub async fn plan_summary(
    conn: &mut SqliteConnection,
    cve: i64,
    hoy: NaiveDate,
) -> AppResult<ResumenPlan> {
    let limite = rules::fecha_iso(
        hoy.checked_add_days(Days::new(PROXIMOS_DIAS))
            .unwrap_or(hoy),
    );
    let plan = plan_of(&mut *conn, cve, hoy).await?;
    let terminados = plan.iter().filter(|f| f.estado.completado()).count() as i64;
    let bloques: BTreeSet<i64> = plan
        .iter()
        .flat_map(|f| f.entry.bloques.iter().copied())
        .collect();
    Ok(ResumenPlan {
        cumplimiento: compliance(&plan),
        cursos_pendientes: plan.len() as i64 - terminados,
        cursos_terminados: terminados,
        proximos_vencer: plan
            .iter()
            .filter(|f| {
                f.estado.completado()
                    && f.tema
                        .vigencia
                        .as_deref()
                        .is_some_and(|v| v <= limite.as_str())
            })
            .count() as i64,
        bloques: bloques.len() as i64,
    })
}

/// One accreditation of the employee's history.
#[derive(Serialize, ToSchema)]
pub struct Acreditacion {
    pub id_acreditacion: i64,
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub fecha: String,
    pub calificacion: Option<f64>,
    /// curso | examen | scorm | certificacion_externa | historial | manual
    pub origen: String,
    pub vigencia: Option<String>,
    /// What this accreditation says today: Acreditado, Vencido or No acreditado.
    pub estado: String,
    pub motivo: Option<String>,
    pub nota: Option<String>,
}

/// A requirement the employee no longer has.
#[derive(Serialize, ToSchema)]
pub struct RequerimientoAnterior {
    pub id_requerimiento: i64,
    pub programa: String,
    pub abreviatura: Option<String>,
    pub nombre_tema: Option<String>,
    pub nombre_bloque: Option<String>,
    /// deshabilitado | cambio_adscripcion | baja
    pub motivo: String,
    pub fecha: String,
    /// The topic's state for the employee today (null for a block).
    pub estado: Option<String>,
}

/// An employee's plan history.
#[derive(Serialize, ToSchema)]
pub struct HistorialPlan {
    pub acreditaciones: Vec<Acreditacion>,
    pub requerimientos_anteriores: Vec<RequerimientoAnterior>,
}

/// The employee's accreditations and the requirements they stopped having.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/consultar_plan_capacitacion/historial/{cve_empleado}",
    tag = "plans", params(("cve_empleado" = i64, Path)),
    responses((status = 200, body = HistorialPlan), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_plan_history(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<HistorialPlan>> {
    check_scope(&state, u.scope, cve).await?;
    let hoy = super::today(&state);
    let hoy_iso = rules::fecha_iso(hoy);
    let mut conn = state.db.read.acquire().await?;
    if derive::placement(&mut conn, cve).await?.is_none() {
        return Err(AppError::new(
            StatusCode::NOT_FOUND,
            "plan.empleado_no_encontrado",
        ));
    }
    let acreditaciones = db::accreditations(&mut conn, cve)
        .await?
        .into_iter()
        .map(|a| {
            let estado = match (&a.vigencia, a.acreditado) {
                (Some(v), 1) if v.as_str() >= hoy_iso.as_str() => Estado::Acreditado,
                (_, 1) => Estado::Vencido,
                _ => Estado::NoAcreditado,
            };
            Acreditacion {
                id_acreditacion: a.id_acreditacion,
                cve_tema: a.cve_tema,
                abreviatura: a.abreviatura,
                nombre_tema: a.nombre_tema,
                fecha: a.fecha,
                calificacion: a.calificacion,
                origen: a.origen,
                vigencia: a.vigencia,
                estado: estado.etiqueta().into(),
                motivo: a.motivo,
                nota: a.nota,
            }
        })
        .collect();
    let mut requerimientos_anteriores = Vec::new();
    for r in db::former_requirements(&mut conn, cve).await? {
        let estado = match r.cve_tema {
            Some(t) => Some(
                super::ledger::topic_state(&mut conn, cve, t, hoy)
                    .await?
                    .etiqueta()
                    .to_string(),
            ),
            None => None,
        };
        requerimientos_anteriores.push(RequerimientoAnterior {
            id_requerimiento: r.id_requerimiento,
            programa: r.programa,
            abreviatura: r.abreviatura,
            nombre_tema: r.nombre_tema,
            nombre_bloque: r.nombre_bloque,
            motivo: r.motivo,
            fecha: r.fecha,
            estado,
        });
    }
    Ok(axum::Json(HistorialPlan {
        acreditaciones,
        requerimientos_anteriores,
    }))
}

/// A block an employee completed: every topic of it accredited and valid.
#[derive(Clone, Debug)]
pub struct BloqueCompletado {
    pub id_bloque: i64,
    pub nombre_bloque: String,
    pub total_horas: f64,
    /// The block's topics, in its order.
    pub temas: Vec<String>,
    /// The first and last accreditation dates of its topics (AAAA-MM-DD).
    pub desde: String,
    pub hasta: String,
    /// The earliest validity of its topics ('9999-12-31' when none expires).
    pub vigencia: String,
}

/// The blocks of the employee's plan whose every topic is accredited and valid today (for
/// the block certificate). 404 when the employee has no place in the structure.
pub async fn completed_blocks(
    conn: &mut SqliteConnection,
    cve: i64,
    hoy: NaiveDate,
) -> AppResult<Vec<BloqueCompletado>> {
    let plan = plan_of(&mut *conn, cve, hoy).await?;
    let resumen: HashMap<i64, db::Resumen> = db::summaries(&mut *conn, cve)
        .await?
        .into_iter()
        .map(|r| (r.cve_tema, r))
        .collect();
    let mut out = Vec::new();
    for b in blocks_of(&mut *conn, &plan, cve, hoy).await? {
        if b.estatus != "1" || b.temas.is_empty() {
            continue;
        }
        let fechas: Vec<&str> = b
            .temas
            .iter()
            .filter_map(|t| resumen.get(&t.cve_tema))
            .filter_map(|r| r.fecha_acreditacion.as_deref())
            .collect();
        let vigencias: Vec<&str> = b
            .temas
            .iter()
            .filter_map(|t| resumen.get(&t.cve_tema))
            .filter_map(|r| r.vigencia.as_deref())
            .collect();
        let (Some(desde), Some(hasta)) = (fechas.iter().min(), fechas.iter().max()) else {
            continue;
        };
        out.push(BloqueCompletado {
            id_bloque: b.id_bloque,
            nombre_bloque: b.nombre_bloque,
            total_horas: b.total_horas,
            temas: b.temas.iter().map(|t| t.nombre.clone()).collect(),
            desde: desde.to_string(),
            hasta: hasta.to_string(),
            vigencia: vigencias
                .iter()
                .min()
                .map_or_else(|| "9999-12-31".to_string(), |v| v.to_string()),
        });
    }
    Ok(out)
}
