//! Enrolment: an analyst or a Supervisor puts employees into a course. Seats are taken
//! only through the conditional UPDATE of `db::inscripciones::tomar_lugar`, inside the
//! same BEGIN IMMEDIATE transaction as the enrolment, so a course is never oversold; when
//! it is full one employee may join the waiting list, and every freed seat promotes the
//! first in line ([`fill_seats`]).

use std::collections::HashSet;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use sqlx::SqliteConnection;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::access;
use super::db::base::CursoBase;
use super::db::inscripciones as db;
use super::s2_types::{
    CancelarInscripcionBody, InscribirBody, InscribirPendientesBody, InscripcionCancelada,
    PendientesCurso, RechazoInscripcion, ResultadoInscripcion,
};
use crate::auth::perms::{CurrentUser, Rule, Scope, SessionUser, check_scope, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::notifications::{Destino, Nueva, notify};
use crate::state::AppState;
use crate::table::{self, Bind, Prelude, TablePage, TableQuery};

/// Most employees one enrolment call takes.
const INSCRIBIR_MAX: usize = 10_000;
/// Who the course notifications come from.
pub const ORIGEN: &str = "Cursos";
/// Longest cancellation reason.
pub const MOTIVO_MAX: usize = 500;

/// The enrolment routes.
pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_INSCRIBIR),
            routes!(enrol_employees),
        ))
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_INSCRIBIR),
            routes!(enrol_pending),
        ))
        .routes(secured(state, Rule::Sesion, routes!(cancel_enrolment)))
        .routes(secured(
            state,
            Rule::Seccion(super::SECCION_LISTA),
            routes!(table_participants),
        ))
}

/// Where an enrolment put the employee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lugar {
    /// Holds a seat: the enrolment's key.
    Inscrito(i64),
    /// On the waiting list: the enrolment's key.
    Espera(i64),
}

/// The company's today: its time zone's date (a course's day is the company's day).
pub async fn hoy(state: &AppState) -> AppResult<chrono::NaiveDate> {
    let cia = crate::settings::load(state).await?;
    Ok(super::schedule::hoy_local(
        state,
        super::schedule::zona(&cia),
    ))
}

/// The company's today as AAAA-MM-DD.
pub async fn hoy_iso(state: &AppState) -> AppResult<String> {
    Ok(hoy(state).await?.format("%Y-%m-%d").to_string())
}

/// Fails unless the course takes enrolments: open (409 `cursos.cerrado` / `cursos.cancelado`)
/// and not over (422 `cursos.terminado`).
pub fn check_course_takes_people(curso: &CursoBase, hoy: &str) -> AppResult<()> {
    curso.abierto()?;
    if curso.fecha_fin.as_str() < hoy {
        return Err(AppError::unprocessable("cursos.terminado"));
    }
    Ok(())
}

/// The checks of one employee against a course (inside the writer's transaction): active,
/// not the course's instructor, not in it already, no same-topic course on those dates,
/// every prerequisite held. Answers the employee's name.
pub async fn check_employee(
    conn: &mut SqliteConnection,
    curso: &CursoBase,
    cve_empleado: i64,
    hoy: chrono::NaiveDate,
) -> AppResult<String> {
    let e = db::empleado(&mut *conn, cve_empleado)
        .await?
        .filter(|e| e.activo == 1 && e.baja_logica == 0)
        .ok_or_else(|| AppError::unprocessable("cursos.empleado_inactivo"))?;
    if curso.cve_empleado_instructor == Some(cve_empleado) {
        return Err(AppError::unprocessable("cursos.instructor_del_curso"));
    }
    if db::inscripcion_vigente(&mut *conn, curso.cve_curso, cve_empleado)
        .await?
        .is_some()
    {
        return Err(AppError::conflict("cursos.ya_inscrito"));
    }
    if let Some((nombre, fecha)) = db::conflicto_mismo_tema(
        &mut *conn,
        curso.cve_tema,
        curso.cve_curso,
        &curso.fecha_inicio,
        &curso.fecha_fin,
        cve_empleado,
    )
    .await?
    {
        return Err(AppError::conflict("cursos.mismo_tema")
            .arg("curso", nombre)
            .arg("fecha", fecha));
    }
    for (t, nombre) in db::prerrequisitos(&mut *conn, curso.cve_tema).await? {
        let estado = crate::plans::ledger::topic_state(&mut *conn, cve_empleado, t, hoy).await?;
        if !estado.completado() {
            return Err(AppError::unprocessable("cursos.prerrequisito").arg("tema", nombre));
        }
    }
    Ok(e.nombre_empleado)
}

/// Gives the employee a seat, or (with `lista_espera`) the last place on the waiting list;
/// 422 `cursos.sin_lugares` when full. Run inside the writer's transaction after
/// [`check_employee`].
pub async fn place(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    cve_empleado: i64,
    origen: &str,
    por: Option<i64>,
    lista_espera: bool,
    now: &str,
) -> AppResult<Lugar> {
    if db::tomar_lugar(&mut *conn, cve_curso, now).await? {
        let id = crate::db::unique_violation(
            db::insertar_inscrito(&mut *conn, cve_curso, cve_empleado, origen, por, now).await,
            "cursos.ya_inscrito",
        )?;
        return Ok(Lugar::Inscrito(id));
    }
    if !lista_espera {
        return Err(AppError::unprocessable("cursos.sin_lugares"));
    }
    let (id, _) = crate::db::unique_violation(
        db::insertar_espera(&mut *conn, cve_curso, cve_empleado, origen, por, now).await,
        "cursos.ya_inscrito",
    )?;
    Ok(Lugar::Espera(id))
}

/// Promotes the first in line while seats are free; answers the promoted employees
/// (`cve_empleado`) in order. Run inside the writer's transaction; tell them after commit
/// with [`notify_promoted`].
pub async fn fill_seats(
    state: &AppState,
    conn: &mut SqliteConnection,
    cve_curso: i64,
) -> AppResult<Vec<i64>> {
    let now = state.now_iso();
    let mut promovidos = Vec::new();
    while let Some((id, cve)) = db::primero_en_espera(&mut *conn, cve_curso).await? {
        if !db::tomar_lugar(&mut *conn, cve_curso, &now).await? {
            break;
        }
        db::promover(&mut *conn, id, &now).await?;
        promovidos.push(cve);
    }
    Ok(promovidos)
}

/// Stores and delivers a notification; a failure to notify never undoes what was committed.
pub async fn avisar(state: &AppState, lista: Vec<i64>, n: Nueva) {
    if lista.is_empty() {
        return;
    }
    if let Err(e) = notify(state, &Destino::Lista { lista }, &n).await {
        tracing::warn!(error = %e, titulo = n.titulo, "a course notification was not sent");
    }
}

/// The site path of a course's detail.
pub fn ruta_curso(cve_curso: i64) -> String {
    format!("/menu/curso/{cve_curso}")
}

/// Tells employees promoted from the waiting list that they have a seat.
pub async fn notify_promoted(state: &AppState, curso: &CursoBase, promovidos: &[i64]) {
    avisar(
        state,
        promovidos.to_vec(),
        Nueva {
            titulo: "Tienes lugar en el curso".into(),
            contenido: format!(
                "Se liberó un lugar y quedaste inscrito en el curso {} que inicia el {}.",
                curso.nombre_corto, curso.fecha_inicio
            ),
            tipo: Some("curso".into()),
            recurso: Some(ruta_curso(curso.cve_curso)),
            origen: Some(ORIGEN.into()),
            ..Nueva::default()
        },
    )
    .await;
}

/// Tells employees they were enrolled or put on the waiting list.
pub async fn notify_enrolled(
    state: &AppState,
    curso: &CursoBase,
    inscritos: &[i64],
    en_espera: &[i64],
) {
    avisar(
        state,
        inscritos.to_vec(),
        Nueva {
            titulo: "Inscripción a curso".into(),
            contenido: format!(
                "Quedaste inscrito en el curso {} que inicia el {}.",
                curso.nombre_corto, curso.fecha_inicio
            ),
            tipo: Some("curso".into()),
            recurso: Some(ruta_curso(curso.cve_curso)),
            origen: Some(ORIGEN.into()),
            meeting: curso.reunion_url.clone(),
            ..Nueva::default()
        },
    )
    .await;
    avisar(
        state,
        en_espera.to_vec(),
        Nueva {
            titulo: "Lista de espera".into(),
            contenido: format!(
                "El curso {} está lleno: quedaste en la lista de espera y te avisaremos si se libera un lugar.",
                curso.nombre_corto
            ),
            tipo: Some("curso".into()),
            recurso: Some(ruta_curso(curso.cve_curso)),
            origen: Some(ORIGEN.into()),
            ..Nueva::default()
        },
    )
    .await;
}

/// A refusal of one employee, its message in the request's language.
pub fn rechazo(cve_empleado: i64, nombre_empleado: String, e: &AppError) -> RechazoInscripcion {
    let args: Vec<(&str, String)> = e.args.iter().map(|(k, v)| (*k, v.clone())).collect();
    RechazoInscripcion {
        cve_empleado,
        nombre_empleado,
        code: e.code.to_string(),
        motivo: crate::i18n::message(e.code, crate::i18n::current_lang(), &args),
    }
}

/// How an enrolment by this caller is recorded.
pub fn origen_de(u: &SessionUser) -> &'static str {
    match u.scope {
        Scope::Subordinados(_) => "supervisor",
        _ => "analista",
    }
}

/// Enrols employees: each is checked on its own (refusals listed, not failing the call);
/// a list needs more free seats than it has people (422 `cursos.inscripcion_masiva_cupo`);
/// one employee into a full course joins the waiting list with `lista_espera`, else 422
/// `cursos.sin_lugares`. A Supervisor enrols only their subordinados.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/inscribir", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = InscribirBody,
    responses((status = 200, body = ResultadoInscripcion), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn enrol_employees(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<InscribirBody>,
) -> AppResult<axum::Json<ResultadoInscripcion>> {
    let mut seen = HashSet::new();
    let empleados: Vec<i64> = b
        .empleados
        .into_iter()
        .filter(|e| seen.insert(*e))
        .collect();
    let mut fe = FieldErrors::default();
    fe.check(
        !empleados.is_empty(),
        "empleados",
        "validacion.campo_requerido",
    );
    fe.check(
        empleados.len() <= INSCRIBIR_MAX,
        "empleados",
        "validacion.datos",
    );
    fe.into_result()?;
    let res = enrol(&state, &u, cve_curso, &empleados, b.lista_espera).await?;
    Ok(axum::Json(res))
}

/// Whoever schedules courses may still record who took one that has ended and is not
/// closed yet (capturing a past course); others only enrol before it ends.
fn check_open_for(
    state: &AppState,
    u: &SessionUser,
    curso: &CursoBase,
    hoy: &str,
) -> AppResult<()> {
    if u.can(state, super::SECCION_PROGRAMAR) {
        curso.abierto()
    } else {
        check_course_takes_people(curso, hoy)
    }
}

/// The enrolment of [`enrol_employees`], also used by the pending-people bulk enrolment.
pub async fn enrol(
    state: &AppState,
    u: &SessionUser,
    cve_curso: i64,
    empleados: &[i64],
    lista_espera: bool,
) -> AppResult<ResultadoInscripcion> {
    let mut fuera = HashSet::new();
    for e in empleados {
        if check_scope(state, u.scope, *e).await.is_err() {
            fuera.insert(*e);
        }
    }
    let hoy_d = hoy(state).await?;
    let hoy = hoy_iso(state).await?;
    let now = state.now_iso();
    let origen = origen_de(u);
    let mut res = ResultadoInscripcion {
        resp: "Excelente".into(),
        ..ResultadoInscripcion::default()
    };
    // One employee into a full course, without the waiting list: refused on a reader when
    // nothing else would refuse them, so a burst of attempts on the last seats queues at the
    // writer only while seats may be left. (The writer decides again for those it takes.)
    if let [cve] = empleados
        && !lista_espera
        && !fuera.contains(cve)
    {
        let mut rc = state.db.read.acquire().await?;
        let curso = access::load(&mut rc, cve_curso).await?;
        check_open_for(state, u, &curso, &hoy)?;
        if curso.inscritos >= curso.capacidad
            && check_employee(&mut rc, &curso, *cve, hoy_d).await.is_ok()
        {
            return Err(AppError::unprocessable("cursos.sin_lugares"));
        }
    }
    let mut tx = state.db.begin().await?;
    let curso = access::load(&mut tx, cve_curso).await?;
    check_open_for(state, u, &curso, &hoy)?;
    let masiva = empleados.len() > 1;
    if masiva {
        let libres = curso.capacidad - curso.inscritos;
        if empleados.len() as i64 >= libres {
            return Err(AppError::unprocessable("cursos.inscripcion_masiva_cupo")
                .arg("libres", libres.max(0).to_string()));
        }
    }
    for cve in empleados.iter().copied() {
        if fuera.contains(&cve) {
            let nombre = db::nombre_empleado(&mut tx, cve).await?;
            res.rechazados.push(rechazo(
                cve,
                nombre,
                &AppError::forbidden("auth.fuera_de_alcance"),
            ));
            continue;
        }
        let nombre = match check_employee(&mut tx, &curso, cve, hoy_d).await {
            Ok(n) => n,
            Err(e) if e.status.is_client_error() => {
                let nombre = db::nombre_empleado(&mut tx, cve).await?;
                res.rechazados.push(rechazo(cve, nombre, &e));
                continue;
            }
            Err(e) => return Err(e),
        };
        match place(
            &mut tx,
            cve_curso,
            cve,
            origen,
            Some(u.cve_empleado),
            lista_espera && !masiva,
            &now,
        )
        .await
        {
            Ok(Lugar::Inscrito(_)) => res.inscritos.push(cve),
            Ok(Lugar::Espera(_)) => res.en_espera.push(cve),
            Err(e) if !masiva => return Err(e),
            Err(e) if e.status.is_client_error() => res.rechazados.push(rechazo(cve, nombre, &e)),
            Err(e) => return Err(e),
        }
    }
    tx.commit().await?;
    notify_enrolled(state, &curso, &res.inscritos, &res.en_espera).await;
    Ok(res)
}

/// Cancels an enrolment (or a place on the waiting list): a holder of cursos.inscribir
/// within their scope, or the participant themselves before the course starts. A freed
/// seat goes to the first in line, who is told; so is the cancelled participant.
#[utoipa::path(post, path = "/api/pri/cursos/inscripciones/{cve_inscripcion_ai}/cancelar", tag = "courses",
    params(("cve_inscripcion_ai" = i64, Path)), request_body = CancelarInscripcionBody,
    responses((status = 200, body = InscripcionCancelada), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn cancel_enrolment(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
    Json(b): Json<CancelarInscripcionBody>,
) -> AppResult<axum::Json<InscripcionCancelada>> {
    let motivo = b.motivo.as_deref().map(str::trim).filter(|m| !m.is_empty());
    let mut fe = FieldErrors::default();
    fe.check_len(motivo.unwrap_or_default(), MOTIVO_MAX, "motivo");
    fe.into_result()?;
    let hoy = hoy_iso(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let ins = db::inscripcion(&mut tx, id)
        .await?
        .ok_or_else(|| AppError::new(StatusCode::NOT_FOUND, "cursos.inscripcion_no_encontrada"))?;
    let curso = access::load(&mut tx, ins.cve_curso).await?;
    if ins.cve_empleado == u.cve_empleado {
        if curso.fecha_inicio.as_str() <= hoy.as_str() {
            return Err(AppError::unprocessable("cursos.ya_inicio"));
        }
    } else {
        if !u.can(&state, super::SECCION_INSCRIBIR) {
            return Err(AppError::forbidden("auth.sin_permiso").arg(
                "seccion",
                state.perms.section_name(super::SECCION_INSCRIBIR),
            ));
        }
        check_scope(&state, u.scope, ins.cve_empleado).await?;
    }
    curso.abierto()?;
    if ins.estatus == "cancelada" {
        return Err(AppError::conflict("cursos.inscripcion_cancelada"));
    }
    db::cancelar(&mut tx, id, u.cve_empleado, motivo, &now).await?;
    let promovidos = if ins.estatus == "inscrito" {
        db::liberar_lugar(&mut tx, curso.cve_curso, &now).await?;
        fill_seats(&state, &mut tx, curso.cve_curso).await?
    } else {
        Vec::new()
    };
    tx.commit().await?;
    avisar(
        &state,
        vec![ins.cve_empleado],
        Nueva {
            titulo: "Inscripción cancelada".into(),
            contenido: format!(
                "Tu inscripción al curso {} fue cancelada.{}",
                curso.nombre_corto,
                motivo.map(|m| format!(" Motivo: {m}")).unwrap_or_default()
            ),
            tipo: Some("curso".into()),
            origen: Some(ORIGEN.into()),
            ..Nueva::default()
        },
    )
    .await;
    notify_promoted(&state, &curso, &promovidos).await;
    Ok(axum::Json(InscripcionCancelada {
        resp: "Excelente".into(),
        promovido: promovidos.first().copied(),
    }))
}

/// A course's participants and waiting list (table engine). The course's instructor and
/// the whole-company profiles see everyone; a Supervisor only their subordinados.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/participantes/tabla", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn table_participants(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let curso = {
        let mut conn = state.db.read.acquire().await?;
        access::load(&mut conn, cve_curso).await?
    };
    let prelude = Prelude::default().with(db::CURSO_CTE, vec![Bind::Int(cve_curso)]);
    let scope = if curso.es_instructor(&u) {
        Scope::Todos
    } else {
        u.scope
    };
    let (prelude, mut conds) = crate::employees::db::list::scope_filter(prelude, scope);
    conds.push(table::Cond::new(db::PARTICIPANTES_DEL_CURSO, Vec::new()));
    table::run(&state, &db::PARTICIPANTES, q, prelude, conds).await
}

/// Everyone in a structure, plant or position whose plan has the course's topic not
/// Acreditado, minus those already in the course (a Supervisor: their subordinados only).
/// With `vista_previa` only counts them; else enrols them under the bulk rule (the list
/// must be smaller than the free seats).
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/inscribir_pendientes", tag = "courses",
    params(("cve_curso" = i64, Path)), request_body = InscribirPendientesBody,
    responses((status = 200, body = PendientesCurso), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn enrol_pending(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<InscribirPendientesBody>,
) -> AppResult<axum::Json<PendientesCurso>> {
    let filtro = crate::plans::course_candidates::Filtro {
        niveles: [b.n2, b.n3, b.n4, b.n5, b.n6, b.n7],
        cve_planta: b.cve_planta,
        cve_puesto: b.cve_puesto,
    };
    let (curso, candidatos) = {
        let mut conn = state.db.read.acquire().await?;
        let curso = access::load(&mut conn, cve_curso).await?;
        let todos = crate::plans::course_candidates::pending_for_topic(
            &mut conn,
            curso.cve_tema,
            hoy(&state).await?,
            &filtro,
        )
        .await?;
        let mut fuera = Vec::with_capacity(todos.len());
        for e in todos {
            if db::inscripcion_vigente(&mut conn, cve_curso, e)
                .await?
                .is_none()
            {
                fuera.push(e);
            }
        }
        (curso, fuera)
    };
    let mut candidatos_en_alcance = Vec::with_capacity(candidatos.len());
    for e in candidatos {
        if check_scope(&state, u.scope, e).await.is_ok() {
            candidatos_en_alcance.push(e);
        }
    }
    let libres = (curso.capacidad - curso.inscritos).max(0);
    if b.vista_previa || candidatos_en_alcance.is_empty() {
        return Ok(axum::Json(PendientesCurso {
            resp: "Excelente".into(),
            candidatos: candidatos_en_alcance.len() as i64,
            libres,
            empleados: candidatos_en_alcance,
            inscritos: None,
            rechazados: Vec::new(),
        }));
    }
    let res = enrol(&state, &u, cve_curso, &candidatos_en_alcance, false).await?;
    Ok(axum::Json(PendientesCurso {
        resp: "Excelente".into(),
        candidatos: candidatos_en_alcance.len() as i64,
        libres,
        empleados: res.inscritos.clone(),
        inscritos: Some(res.inscritos.len() as i64),
        rechazados: res.rechazados,
    }))
}
