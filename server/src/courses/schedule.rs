//! Scheduling a course: the topic's defaults for the form, create, edit and cancel. Sessions
//! are entered in the company's time zone and stored as entered and in UTC; a room or an
//! instructor is never in two overlapping sessions of courses that are not cancelled (the
//! check and the write share one BEGIN IMMEDIATE transaction).

use axum::extract::State;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;
use sqlx::SqliteConnection;

use super::db::cursos::{self as db, FilaCurso, FilaSesion, TemaCurso};
use super::meetings::Evento;
use super::types::{CancelarCurso, CursoBody, CursoGuardado, CursoValores};
use crate::auth::perms::{CurrentUser, SessionUser};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::http::Resp;
use crate::notifications::{Destino, Nueva, notify};
use crate::settings::Cia;
use crate::state::AppState;
use crate::validate::{in_range, parse_date};

/// Most sessions a course may have.
pub const SESIONES_MAX: usize = 60;
/// Seats a course may have.
pub const CAPACIDAD: (i64, i64) = (1, 10_000);
/// Days of material access a course may give.
pub const DIAS_ACCESO: (i64, i64) = (0, 3650);
/// Largest cost, in centavos.
pub const COSTO_MAX: i64 = 100_000_000_000;
/// Longest short name.
pub const NOMBRE_CORTO_MAX: usize = 120;
/// Longest cancellation reason.
pub const MOTIVO_MAX: usize = 500;

/// The company's time zone (Mexico City when the setting is not a known zone).
pub fn zona(cia: &Cia) -> Tz {
    cia.zona_horaria
        .parse()
        .unwrap_or(chrono_tz::America::Mexico_City)
}

/// The company-local date of a unix time.
pub fn hoy_local(state: &AppState, tz: Tz) -> NaiveDate {
    chrono::DateTime::from_timestamp(state.now(), 0)
        .unwrap_or_default()
        .with_timezone(&tz)
        .date_naive()
}

/// A company-local date and time as a UTC instant `AAAA-MM-DDTHH:MM:SSZ`; None when the
/// local time does not exist (a daylight-saving gap).
pub fn a_utc(tz: Tz, local: NaiveDateTime) -> Option<String> {
    tz.from_local_datetime(&local).earliest().map(|d| {
        d.with_timezone(&chrono::Utc)
            .format("%Y-%m-%dT%H:%M:%SZ")
            .to_string()
    })
}

fn hora(s: &str) -> Option<NaiveTime> {
    let s = s.trim();
    (s.len() == 5)
        .then(|| NaiveTime::parse_from_str(s, "%H:%M").ok())
        .flatten()
}

/// The company currency as a course currency (PESOS → MXN).
pub fn moneda_curso(cia: &Cia) -> String {
    match cia.moneda.trim().to_uppercase().as_str() {
        "USD" | "DOLARES" | "DÓLARES" => "USD".into(),
        _ => "MXN".into(),
    }
}

/// Checks every rule of a course body that needs no database and converts its sessions.
pub fn check(b: &mut CursoBody, cia: &Cia, tz: Tz) -> (FieldErrors, Vec<FilaSesion>) {
    let mut fe = FieldErrors::default();
    b.nombre_corto = b
        .nombre_corto
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    if let Some(n) = &b.nombre_corto {
        fe.check_len(n, NOMBRE_CORTO_MAX, "nombre_corto");
    }
    b.modalidad = b.modalidad.trim().to_uppercase();
    fe.check(
        [
            "PRESENCIAL",
            "VIRTUAL",
            "STREAMING",
            "E_LEARNING",
            "AUTOESTUDIO",
        ]
        .contains(&b.modalidad.as_str()),
        "modalidad",
        "validacion.modalidad",
    );
    let mut sesiones = Vec::new();
    if b.sesiones.is_empty() || b.sesiones.len() > SESIONES_MAX {
        fe.add_with(
            "sesiones",
            "cursos.sesiones_numero",
            vec![("max", SESIONES_MAX.to_string())],
        );
    } else {
        let mut previa: Option<NaiveDateTime> = None;
        for s in &b.sesiones {
            let (Some(f), Some(i), Some(t)) = (
                parse_date(s.fecha.trim()),
                hora(&s.hora_inicio),
                hora(&s.hora_fin),
            ) else {
                fe.add("sesiones", "cursos.sesion_invalida");
                break;
            };
            if t <= i {
                fe.add("sesiones", "cursos.sesion_horario");
                break;
            }
            let (li, lf) = (f.and_time(i), f.and_time(t));
            if previa.is_some_and(|p| li < p) {
                fe.add("sesiones", "cursos.sesiones_traslapadas");
                break;
            }
            previa = Some(lf);
            let (Some(ui), Some(uf)) = (a_utc(tz, li), a_utc(tz, lf)) else {
                fe.add("sesiones", "cursos.hora_inexistente");
                break;
            };
            sesiones.push(FilaSesion {
                fecha: f.format("%Y-%m-%d").to_string(),
                hora_inicio: i.format("%H:%M").to_string(),
                hora_fin: t.format("%H:%M").to_string(),
                inicio: ui,
                fin: uf,
            });
        }
    }
    fe.check(
        in_range(CAPACIDAD, b.capacidad),
        "capacidad",
        "validacion.capacidad",
    );
    fe.check(
        in_range(DIAS_ACCESO, b.dias_acceso),
        "dias_acceso",
        "cursos.dias_acceso",
    );
    fe.check(!b.epv || cia.epv == "1", "epv", "cursos.epv_deshabilitado");
    b.moneda = b.moneda.trim().to_uppercase();
    fe.check(
        b.moneda == "MXN" || b.moneda == "USD",
        "moneda",
        "cursos.moneda",
    );
    fe.check(
        b.tipo_cambio.is_finite() && b.tipo_cambio > 0.0 && b.tipo_cambio < 1_000_000.0,
        "tipo_cambio",
        "cursos.tipo_cambio",
    );
    for (field, v) in [
        ("costo_instructor", b.costo_instructor),
        ("costo_coffee_break", b.costo_coffee_break),
        ("costo_impresiones", b.costo_impresiones),
        ("costo_renta_sala", b.costo_renta_sala),
        ("costo_otros", b.costo_otros),
    ] {
        fe.check(in_range((0, COSTO_MAX), v), field, "cursos.costo");
    }
    b.reunion_tipo = b.reunion_tipo.trim().to_lowercase();
    fe.check(
        ["ninguna", "manual", "jitsi", "teams"].contains(&b.reunion_tipo.as_str()),
        "reunion_tipo",
        "cursos.reunion_tipo",
    );
    fe.check(
        b.reunion_tipo == "ninguna" || b.modalidad == "VIRTUAL" || b.modalidad == "STREAMING",
        "reunion_tipo",
        "cursos.reunion_no_aplica",
    );
    b.reunion_url = b
        .reunion_url
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    if b.reunion_tipo == "manual" {
        let url = b.reunion_url.as_deref().unwrap_or("");
        fe.check_len(url, crate::contract::URL_MAX, "reunion_url");
        fe.check(
            crate::resources::is_http_url(url),
            "reunion_url",
            "validacion.url",
        );
    }
    (fe, sesiones)
}

/// Checks the references of a course (topic, room, venue, instructor, plant, analyst) and
/// builds its row; 400 with the fields at fault, 422 for an inactive topic or a room too small.
async fn fila(
    conn: &mut SqliteConnection,
    b: &CursoBody,
    sesiones: &[FilaSesion],
    u: &SessionUser,
    mut fe: FieldErrors,
) -> AppResult<(FilaCurso, TemaCurso)> {
    let tema = db::tema(&mut *conn, b.cve_tema).await?;
    fe.check(tema.is_some(), "cve_tema", "validacion.tema");
    let mut cve_sede = b.cve_sede;
    let mut sala_cap = None;
    if let Some(s) = b.cve_sala {
        match db::sala(&mut *conn, s).await? {
            Some((sede, cap, 1)) if b.cve_sede.is_none_or(|x| x == sede) => {
                cve_sede = Some(sede);
                sala_cap = Some(cap);
            }
            _ => fe.add("cve_sala", "cursos.sala_invalida"),
        }
    }
    if let Some(s) = cve_sede {
        fe.check(
            db::sede_activa(&mut *conn, s).await?,
            "cve_sede",
            "validacion.sede",
        );
    }
    if let Some(i) = b.cve_instructor {
        fe.check(
            db::instructor_activo(&mut *conn, i).await?,
            "cve_instructor",
            "cursos.instructor_invalido",
        );
    }
    if let Some(p) = b.cve_planta {
        fe.check(
            db::planta_activa(&mut *conn, p).await?,
            "cve_planta",
            "validacion.planta",
        );
    }
    let analista = b.cve_analista.unwrap_or(u.cve_empleado);
    fe.check(
        db::empleado_existe(&mut *conn, analista).await?,
        "cve_analista",
        "cursos.analista_invalido",
    );
    if let Some(t) = &tema {
        fe.check(
            !(t.requiere_sala == 1 && b.modalidad == "PRESENCIAL" && b.cve_sala.is_none()),
            "cve_sala",
            "cursos.sala_requerida",
        );
        fe.check(
            !(t.requiere_instructor == 1 && b.cve_instructor.is_none()),
            "cve_instructor",
            "cursos.instructor_requerido",
        );
    }
    fe.into_result()?;
    let Some(tema) = tema else {
        return Err(AppError::bad_request("validacion.tema"));
    };
    if tema.activo != 1 {
        return Err(AppError::unprocessable("cursos.tema_inactivo").arg("tema", tema.nombre_tema));
    }
    if let Some(cap) = sala_cap
        && b.capacidad > cap
    {
        return Err(
            AppError::unprocessable("cursos.capacidad_sala").arg("capacidad", cap.to_string())
        );
    }
    let (Some(primera), Some(ultima)) = (sesiones.first(), sesiones.last()) else {
        return Err(AppError::bad_request("cursos.sesiones_numero"));
    };
    let c = [
        b.costo_instructor,
        b.costo_coffee_break,
        b.costo_impresiones,
        b.costo_renta_sala,
        b.costo_otros,
    ];
    let fila = FilaCurso {
        cve_tema: tema.cve_tema,
        nombre_corto: b
            .nombre_corto
            .clone()
            .unwrap_or_else(|| tema.nombre_tema.clone()),
        modalidad: b.modalidad.clone(),
        fecha_inicio: primera.fecha.clone(),
        fecha_fin: ultima.fecha.clone(),
        cve_planta: b.cve_planta,
        cve_sede,
        cve_sala: b.cve_sala,
        cve_instructor: b.cve_instructor,
        cve_analista: Some(analista),
        capacidad: b.capacidad,
        dias_acceso: b.dias_acceso,
        modelo_evaluacion: tema.modelo_evaluacion.clone(),
        calificacion_minima: tema.calificacion_minima,
        calificacion_minima_practica: tema.calificacion_minima_practica,
        autoinscripcion: i64::from(b.autoinscripcion),
        epv: i64::from(b.epv),
        moneda: b.moneda.clone(),
        tipo_cambio: b.tipo_cambio,
        costos: c,
        reunion_tipo: b.reunion_tipo.clone(),
        reunion_url: None,
        reunion_id: None,
        cve_solicitud_curso: b.cve_solicitud_curso,
        copia_de: b.copia_de,
    };
    Ok((fila, tema))
}

/// 409 when the room or the instructor is taken in any of the sessions by another course.
async fn sin_choques(
    conn: &mut SqliteConnection,
    f: &FilaCurso,
    sesiones: &[FilaSesion],
    propio: i64,
) -> AppResult<()> {
    for s in sesiones {
        if let Some(sala) = f.cve_sala
            && let Some(c) = db::choque_sala(&mut *conn, sala, &s.inicio, &s.fin, propio).await?
        {
            return Err(choque("cursos.sala_ocupada", c));
        }
        if let Some(ins) = f.cve_instructor
            && let Some(c) =
                db::choque_instructor(&mut *conn, ins, &s.inicio, &s.fin, propio).await?
        {
            return Err(choque("cursos.instructor_ocupado", c));
        }
    }
    Ok(())
}

fn choque(code: &'static str, c: db::Choque) -> AppError {
    AppError::conflict(code)
        .arg("curso", format!("{} ({})", c.nombre_corto, c.cve_curso))
        .arg("fecha", c.fecha)
        .arg("hora", format!("{}–{}", c.hora_inicio, c.hora_fin))
}

/// The meeting event of a course: its name and first and last instants.
fn evento(f: &FilaCurso, sesiones: &[FilaSesion]) -> Evento {
    Evento {
        titulo: f.nombre_corto.clone(),
        inicio: sesiones
            .first()
            .map(|s| s.inicio.clone())
            .unwrap_or_default(),
        fin: sesiones.last().map(|s| s.fin.clone()).unwrap_or_default(),
    }
}

/// 'programar_curso' form defaults from a topic.
#[utoipa::path(get, path = "/api/pri/cursos/programar/valores/{cve_tema}", tag = "courses",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = CursoValores), (status = 404, body = ErrorBody)))]
pub(super) async fn values(
    State(state): State<AppState>,
    Path(cve_tema): Path<i64>,
) -> AppResult<axum::Json<CursoValores>> {
    let t = db::tema(&state.db.read, cve_tema)
        .await?
        .ok_or_else(AppError::not_found)?;
    let cia = crate::settings::load(&state).await?;
    let autoestudio = t.modalidad == "E_LEARNING";
    Ok(axum::Json(CursoValores {
        cve_tema: t.cve_tema,
        nombre_tema: t.nombre_tema,
        abreviatura: t.abreviatura,
        modalidad: t.modalidad,
        capacidad: t.max_participantes,
        min_participantes: t.min_participantes,
        modelo_evaluacion: t.modelo_evaluacion,
        calificacion_minima: t.calificacion_minima,
        calificacion_minima_practica: t.calificacion_minima_practica,
        dias_acceso: if autoestudio { 30 } else { 0 },
        tipo_cambio: cia.tipo_cambio,
        moneda: moneda_curso(&cia),
        requiere_sala: t.requiere_sala == 1,
        requiere_instructor: t.requiere_instructor == 1,
        horas_sesion: t.horas_sesion,
        dias_duracion: t.dias_duracion,
        zona_horaria: zona(&cia).name().to_string(),
    }))
}

/// Checks a new course and writes it with its sessions and its topic's activities, inside
/// the caller's transaction; `reunion` is the meeting already created at its provider (the
/// demo data and the scheduling call both come through here).
pub async fn write_course(
    conn: &mut SqliteConnection,
    cia: &Cia,
    b: &mut CursoBody,
    u: &SessionUser,
    reunion: Option<&super::meetings::Reunion>,
    now: &str,
) -> AppResult<(i64, FilaCurso)> {
    let (fe, sesiones) = check(b, cia, zona(cia));
    let (mut f, _tema) = fila(&mut *conn, b, &sesiones, u, fe).await?;
    sin_choques(&mut *conn, &f, &sesiones, 0).await?;
    if let Some(r) = reunion {
        f.reunion_url = Some(r.url.clone());
        f.reunion_id = r.id.clone();
    }
    let id = db::insert_curso(&mut *conn, &f, u.cve_empleado, now).await?;
    db::write_sesiones(&mut *conn, id, &sesiones, f.cve_sala, f.cve_instructor).await?;
    db::copy_actividades(&mut *conn, id, f.cve_tema, &f.fecha_inicio).await?;
    Ok((id, f))
}

/// Schedules a course from a topic: sessions, room, instructor, seats, costs, meeting.
#[utoipa::path(post, path = "/api/pri/cursos/programar", tag = "courses", request_body = CursoBody,
    responses((status = 200, body = CursoGuardado), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn create(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(mut b): Json<CursoBody>,
) -> AppResult<axum::Json<CursoGuardado>> {
    let cia = crate::settings::load(&state).await?;
    let tz = zona(&cia);
    let (fe, sesiones) = check(&mut b, &cia, tz);
    let now = state.now_iso();
    // Checked first on a reader, so that a meeting provider's HTTP call never holds the
    // writer; checked again in the writer's transaction (a room may be taken meanwhile).
    let previa = {
        let mut rc = state.db.read.acquire().await?;
        let (f, _tema) = fila(&mut rc, &b, &sesiones, &u, fe).await?;
        if let Some(c) = b.copia_de {
            super::access::load(&mut rc, c).await?;
        }
        if let Some(sol) = b.cve_solicitud_curso {
            super::date_requests::check_pending(&mut rc, sol).await?;
        }
        sin_choques(&mut rc, &f, &sesiones, 0).await?;
        f
    };
    let creada = super::meetings::create_before_saving(
        &state,
        &cia,
        &previa.reunion_tipo,
        b.reunion_url.as_deref(),
        &evento(&previa, &sesiones),
    )
    .await?;
    let reunion = creada.as_ref().map(|(_, r)| r);
    let written = async {
        let mut tx = state.db.begin().await?;
        let (id, f) = write_course(&mut tx, &cia, &mut b, &u, reunion, &now).await?;
        // A course-date request answered by this course: its people get a seat (or a
        // place on the waiting list); anyone the rules refuse is left for the analyst.
        let mut lugares = (Vec::new(), Vec::new());
        let mut curso = None;
        if let Some(sol) = b.cve_solicitud_curso {
            let gente = super::date_requests::accept_date_request(
                &mut tx,
                sol,
                id,
                Some(u.cve_empleado),
                &now,
            )
            .await?;
            let base = super::access::load(&mut tx, id).await?;
            let hoy = super::enrolment::hoy(&state).await?;
            for cve in gente {
                if super::enrolment::check_employee(&mut tx, &base, cve, hoy)
                    .await
                    .is_err()
                {
                    continue;
                }
                match super::enrolment::place(
                    &mut tx,
                    id,
                    cve,
                    "solicitud",
                    Some(u.cve_empleado),
                    true,
                    &now,
                )
                .await?
                {
                    super::enrolment::Lugar::Inscrito(_) => lugares.0.push(cve),
                    super::enrolment::Lugar::Espera(_) => lugares.1.push(cve),
                }
            }
            curso = Some(base);
        }
        tx.commit().await?;
        if let Some(base) = &curso {
            super::enrolment::notify_enrolled(&state, base, &lugares.0, &lugares.1).await;
        }
        Ok::<(i64, Option<String>), AppError>((id, f.reunion_url))
    }
    .await;
    match written {
        Ok((id, reunion_url)) => Ok(axum::Json(CursoGuardado {
            resp: "Excelente".into(),
            cve_curso: id,
            reunion_url,
        })),
        Err(e) => {
            super::meetings::undo(&creada).await;
            Err(e)
        }
    }
}

/// What an edit is checked against: the course, its stored detail, the new row and the
/// meeting's id at its provider.
struct Edicion {
    base: super::db::base::CursoBase,
    actual: super::types::CursoDetalle,
    fila: FilaCurso,
    reunion_id: Option<String>,
}

/// Checks an edit of an open course: references, the topic fixed once anyone is enrolled or
/// waiting, seats not below those taken, and no room or instructor clash.
async fn check_edit(
    conn: &mut SqliteConnection,
    cve_curso: i64,
    b: &CursoBody,
    sesiones: &[FilaSesion],
    u: &SessionUser,
    fe: FieldErrors,
) -> AppResult<Edicion> {
    let base = super::access::load(&mut *conn, cve_curso).await?;
    base.abierto()?;
    let actual = db::detalle(&mut *conn, cve_curso)
        .await?
        .ok_or_else(AppError::not_found)?;
    let (f, _tema) = fila(&mut *conn, b, sesiones, u, fe).await?;
    let espera = db::en_espera(&mut *conn, cve_curso).await?;
    if f.cve_tema != base.cve_tema && (base.inscritos > 0 || espera > 0) {
        return Err(AppError::unprocessable("cursos.tema_con_inscritos"));
    }
    if f.capacidad < base.inscritos {
        return Err(AppError::unprocessable("cursos.capacidad_menor_inscritos")
            .arg("inscritos", base.inscritos.to_string()));
    }
    sin_choques(&mut *conn, &f, sesiones, cve_curso).await?;
    let reunion_id = db::reunion_id(&mut *conn, cve_curso).await?;
    Ok(Edicion {
        base,
        actual,
        fila: f,
        reunion_id,
    })
}

/// Edits an open course (same body). The topic cannot change once anyone is enrolled or
/// waiting, nor the seats drop below those taken. A changed meeting type replaces the
/// meeting at its provider.
#[utoipa::path(put, path = "/api/pri/cursos/{cve_curso}", tag = "courses", request_body = CursoBody,
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = CursoGuardado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(super) async fn update(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(mut b): Json<CursoBody>,
) -> AppResult<axum::Json<CursoGuardado>> {
    let cia = crate::settings::load(&state).await?;
    let tz = zona(&cia);
    let (fe, sesiones) = check(&mut b, &cia, tz);
    let now = state.now_iso();
    // Checked first on a reader, so that a meeting provider's HTTP call never holds the
    // writer; checked again in the writer's transaction (a seat or a room may be taken
    // meanwhile).
    let previa = {
        let mut rc = state.db.read.acquire().await?;
        check_edit(&mut rc, cve_curso, &b, &sesiones, &u, fe).await?
    };
    // The meeting: kept when the type (and a manual link) stays, else replaced.
    let misma = previa.actual.reunion_tipo == previa.fila.reunion_tipo
        && (previa.fila.reunion_tipo != "manual" || previa.actual.reunion_url == b.reunion_url);
    let creada = if misma {
        None
    } else {
        super::meetings::create_before_saving(
            &state,
            &cia,
            &previa.fila.reunion_tipo,
            b.reunion_url.as_deref(),
            &evento(&previa.fila, &sesiones),
        )
        .await?
    };
    let written = async {
        let mut tx = state.db.begin().await?;
        // The reader's pass answered any field error: none are left to report here.
        let e = check_edit(
            &mut tx,
            cve_curso,
            &b,
            &sesiones,
            &u,
            FieldErrors::default(),
        )
        .await?;
        let mut f = e.fila;
        if misma {
            f.reunion_url = e.actual.reunion_url.clone();
            f.reunion_id = e.reunion_id.clone();
        } else if let Some((_, r)) = &creada {
            f.reunion_url = Some(r.url.clone());
            f.reunion_id = r.id.clone();
        }
        db::update_curso(&mut tx, cve_curso, &f, &now).await?;
        db::write_sesiones(&mut tx, cve_curso, &sesiones, f.cve_sala, f.cve_instructor).await?;
        db::refresh_actividades(
            &mut tx,
            cve_curso,
            f.cve_tema,
            f.cve_tema != e.base.cve_tema,
            &f.fecha_inicio,
        )
        .await?;
        // More seats: the waiting list moves up.
        let promovidos = super::enrolment::fill_seats(&state, &mut tx, cve_curso).await?;
        tx.commit().await?;
        Ok::<_, AppError>((promovidos, e.base, e.actual, e.reunion_id, f.reunion_url))
    }
    .await;
    let (promovidos, base, actual, reunion_id_actual, reunion_url) = match written {
        Ok(w) => w,
        Err(e) => {
            super::meetings::undo(&creada).await;
            return Err(e);
        }
    };
    if !promovidos.is_empty() {
        super::enrolment::notify_promoted(&state, &base, &promovidos).await;
    }
    if !misma {
        super::meetings::delete_quietly(
            &state,
            &cia,
            &actual.reunion_tipo,
            reunion_id_actual.as_deref(),
        )
        .await;
    }
    Ok(axum::Json(CursoGuardado {
        resp: "Excelente".into(),
        cve_curso,
        reunion_url,
    }))
}

/// Cancels a course: its room and instructor are freed, enrolments and the waiting list
/// cancelled, pending requests rejected, the meeting deleted, and the people told.
#[utoipa::path(post, path = "/api/pri/cursos/{cve_curso}/cancelar", tag = "courses", request_body = CancelarCurso,
    params(("cve_curso" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub(super) async fn cancel(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve_curso): Path<i64>,
    Json(b): Json<CancelarCurso>,
) -> AppResult<axum::Json<Resp>> {
    let motivo = b.motivo.trim();
    let mut fe = FieldErrors::default();
    fe.check(!motivo.is_empty(), "motivo", "validacion.campo_requerido");
    fe.check_len(motivo, MOTIVO_MAX, "motivo");
    fe.into_result()?;
    let cia = crate::settings::load(&state).await?;
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let base = super::access::load(&mut tx, cve_curso).await?;
    base.abierto()?;
    let reunion = db::reunion_id(&mut *tx, cve_curso).await?;
    let tipo = db::detalle(&mut *tx, cve_curso)
        .await?
        .map(|d| d.reunion_tipo)
        .unwrap_or_default();
    let gente = db::cancel_curso(&mut tx, cve_curso, motivo, u.cve_empleado, &now).await?;
    tx.commit().await?;
    super::meetings::delete_quietly(&state, &cia, &tipo, reunion.as_deref()).await;
    if !gente.is_empty() {
        let n = Nueva {
            titulo: format!("Curso cancelado: {}", base.nombre_corto),
            contenido: format!(
                "El curso {} del {} fue cancelado. Motivo: {motivo}",
                base.nombre_corto, base.fecha_inicio
            ),
            origen: Some("Programación de capacitación".into()),
            ..Default::default()
        };
        if let Err(e) = notify(&state, &Destino::Lista { lista: gente }, &n).await {
            tracing::warn!(error = ?e, "course cancellation not notified");
        }
    }
    Ok(Resp::ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_local_time_becomes_utc_in_the_company_zone() {
        let tz: Tz = "America/Mexico_City".parse().expect("zone");
        let d = NaiveDate::from_ymd_opt(2026, 3, 10)
            .and_then(|d| d.and_hms_opt(9, 0, 0))
            .expect("date");
        assert_eq!(a_utc(tz, d).as_deref(), Some("2026-03-10T15:00:00Z"));
        let tz: Tz = "America/Tijuana".parse().expect("zone");
        // 2026-03-08 02:30 does not exist in Tijuana (clocks jump from 02:00 to 03:00).
        let gap = NaiveDate::from_ymd_opt(2026, 3, 8)
            .and_then(|d| d.and_hms_opt(2, 30, 0))
            .expect("date");
        assert_eq!(a_utc(tz, gap), None);
    }
}
