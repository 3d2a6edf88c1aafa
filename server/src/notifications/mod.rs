//! Notifications: stored per recipient, delivered live (`notification:new`), by e-mail
//! and by Web Push according to each profile's channels. [`notify`] is the API every
//! domain uses to create them.

pub mod db;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::Resp;
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::mail::{Mail, html_escape};
use crate::state::AppState;
use crate::table::{
    self, Bind, Column, Cond, Filter, Kind, Prelude, TableDef, TablePage, TableQuery,
};

/// The notification type that offers 'Ver Reporte'.
pub const TIPO_PROXIMAS_A_VENCER: &str = "Capacitaciones próximas a vencer";

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(pendientes)))
        .routes(secured(state, Rule::Sesion, routes!(get_notificacion)))
        .routes(secured(state, Rule::Sesion, routes!(marcar_leida)))
        .routes(secured(state, Rule::Sesion, routes!(marcar_todas)))
        .routes(secured(
            state,
            Rule::Seccion("notificaciones"),
            routes!(tabla),
        ))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.enviar_notificaciones"),
            routes!(enviar),
        ))
        .routes(secured(
            state,
            Rule::Seccion("configuracion.notificaciones"),
            routes!(get_canales, put_canales),
        ))
}

/// A notification (spec entity Notification).
#[derive(Serialize, ToSchema, Clone, Debug, sqlx::FromRow)]
pub struct Notificacion {
    pub idnotificacion: i64,
    pub titulo: String,
    pub contenido: String,
    pub tipo: String,
    pub web: i64,
    pub mobile: i64,
    pub meeting: Option<String>,
    pub fecha_hora: String,
    pub fecha: String,
    pub origen: String,
    pub destino: String,
    /// 1 unread, 2 read.
    pub estatus: i64,
    pub recurso: Option<String>,
    pub recurso_id: Option<String>,
    pub icono: Option<String>,
    pub idsolicitud: Option<i64>,
    #[sqlx(skip)]
    #[schema(value_type = Option<Object>)]
    pub solicitud: Option<serde_json::Value>,
}

const COLUMNS: &str = "idnotificacion, titulo, contenido, tipo, web, mobile, meeting, fecha_hora, substr(fecha_hora, 1, 10) AS fecha,
    origen, destino, estatus, recurso, recurso_id, icono, idsolicitud";

/// Who receives a notification.
#[derive(Deserialize, ToSchema, Clone, Debug)]
#[serde(tag = "tipo", rename_all = "snake_case")]
pub enum Destino {
    Empleado { cve_empleado: i64 },
    Lista { lista: Vec<i64> },
    Perfil { idperfil: i64 },
}

/// What a domain wants to tell.
#[derive(Deserialize, ToSchema, Clone, Debug, Default)]
pub struct Nueva {
    pub titulo: String,
    pub contenido: String,
    #[serde(default)]
    pub tipo: Option<String>,
    #[serde(default)]
    pub meeting: Option<String>,
    #[serde(default)]
    pub recurso: Option<String>,
    #[serde(default)]
    pub recurso_id: Option<String>,
    #[serde(default)]
    pub icono: Option<String>,
    #[serde(default)]
    pub idsolicitud: Option<i64>,
    /// Who or what sent it (a name or a module).
    #[serde(default)]
    pub origen: Option<String>,
}

/// Creates notifications for the recipients, honouring each one's profile channels
/// (web, e-mail, mobile push). Returns how many were stored.
pub async fn notify(state: &AppState, destino: &Destino, n: &Nueva) -> AppResult<usize> {
    let mut fe = FieldErrors::default();
    fe.check(
        !n.titulo.trim().is_empty(),
        "titulo",
        "validacion.campo_requerido",
    );
    fe.check(
        n.titulo.chars().count() <= 150,
        "titulo",
        "validacion.texto_largo",
    );
    fe.check(
        !n.contenido.trim().is_empty(),
        "contenido",
        "validacion.campo_requerido",
    );
    fe.check(
        n.contenido.chars().count() <= 2000,
        "contenido",
        "validacion.texto_largo",
    );
    for (field, v) in [("meeting", &n.meeting), ("recurso", &n.recurso)] {
        if let Some(u) = v.as_deref().filter(|u| !u.is_empty()) {
            let ok = url::Url::parse(u).is_ok_and(|p| matches!(p.scheme(), "https" | "http"))
                || u.starts_with('/');
            fe.check(ok, field, "validacion.url");
        }
    }
    fe.into_result()?;
    // Each recipient with the channels of the profile that decides them.
    type Recipient = (i64, String, Option<String>, i64, i64, i64);
    let (sql, destino_txt): (&'static str, String) = match destino {
        Destino::Empleado { cve_empleado } => (
            "SELECT e.cve_empleado, e.nombre_empleado, e.correo_empleado, ifnull(c.web, 1), ifnull(c.correo, 0), ifnull(c.movil, 0)
             FROM empleados e
             LEFT JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.predeterminado = 1
             LEFT JOIN perfiles_canales c ON c.idperfil = up.idperfil
             WHERE e.activo = 1 AND e.baja_logica = 0 AND e.cve_empleado IN (SELECT value FROM json_each(?))",
            format!("empleado:{cve_empleado}"),
        ),
        Destino::Lista { lista } => (
            "SELECT e.cve_empleado, e.nombre_empleado, e.correo_empleado, ifnull(c.web, 1), ifnull(c.correo, 0), ifnull(c.movil, 0)
             FROM empleados e
             LEFT JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.predeterminado = 1
             LEFT JOIN perfiles_canales c ON c.idperfil = up.idperfil
             WHERE e.activo = 1 AND e.baja_logica = 0 AND e.cve_empleado IN (SELECT value FROM json_each(?))",
            format!("lista:{}", lista.len()),
        ),
        Destino::Perfil { idperfil } => (
            "SELECT e.cve_empleado, e.nombre_empleado, e.correo_empleado, ifnull(c.web, 1), ifnull(c.correo, 0), ifnull(c.movil, 0)
             FROM empleados e
             JOIN usuarios_perfiles up ON up.cve_empleado = e.cve_empleado AND up.idperfil = ?2
             LEFT JOIN perfiles_canales c ON c.idperfil = up.idperfil
             WHERE e.activo = 1 AND e.baja_logica = 0 AND ?1 = ?1",
            format!("perfil:{idperfil}"),
        ),
    };
    let ids = match destino {
        Destino::Empleado { cve_empleado } => serde_json::json!([cve_empleado]),
        Destino::Lista { lista } => serde_json::json!(lista),
        Destino::Perfil { .. } => serde_json::json!([]),
    };
    let idperfil = match destino {
        Destino::Perfil { idperfil } => *idperfil,
        _ => 0,
    };
    let recipients: Vec<Recipient> = sqlx::query_as(sql)
        .bind(ids.to_string())
        .bind(idperfil)
        .fetch_all(&state.db.read)
        .await?;
    if recipients.is_empty() {
        return Err(AppError::unprocessable("notificaciones.sin_destinatarios"));
    }
    let now = state.now_iso();
    let origen = n.origen.clone().unwrap_or_default();
    let tipo = n.tipo.clone().unwrap_or_default();
    let mut stored: Vec<(i64, Recipient)> = Vec::with_capacity(recipients.len());
    let mut tx = state.db.begin().await?;
    for r in recipients {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO notificaciones (cve_empleado, titulo, contenido, tipo, web, mobile, correo, meeting, recurso, recurso_id,
                icono, origen, destino, idsolicitud, fecha_hora)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING idnotificacion",
        )
        .bind(r.0)
        .bind(n.titulo.trim())
        .bind(n.contenido.trim())
        .bind(&tipo)
        .bind(r.3)
        .bind(r.5)
        .bind(r.4)
        .bind(n.meeting.as_deref().filter(|s| !s.is_empty()))
        .bind(n.recurso.as_deref().filter(|s| !s.is_empty()))
        .bind(n.recurso_id.as_deref())
        .bind(n.icono.as_deref())
        .bind(&origen)
        .bind(&destino_txt)
        .bind(n.idsolicitud)
        .bind(&now)
        .fetch_one(&mut *tx)
        .await?;
        stored.push((id, r));
    }
    tx.commit().await?;
    let count = stored.len();
    let nomcia = crate::settings::company_name(state).await;
    for (id, (cve, nombre, correo, web, mail, movil)) in stored {
        let Some(notif) = load(state, id).await? else {
            continue;
        };
        if web == 1 {
            state
                .realtime
                .to_employee(cve, "notification:new", &notif)
                .await;
        }
        if mail == 1
            && let Some(to) = correo
        {
            let link = format!(
                "{}/menu/notificaciones",
                state.config.public_url.trim_end_matches('/')
            );
            state.mailer.send_later(Mail {
                to,
                subject: format!("{nomcia}: {}", notif.titulo),
                text: format!("Hola {nombre}:\n\n{}\n\n{}\n\nConsulta tus notificaciones en {link}\n", notif.titulo, notif.contenido),
                html: format!(
                    "<p>Hola {}:</p><h3>{}</h3><p>{}</p><p><a href=\"{}\">Ver mis notificaciones</a></p>",
                    html_escape(&nombre),
                    html_escape(&notif.titulo),
                    html_escape(&notif.contenido),
                    html_escape(&link)
                ),
            });
        }
        if movil == 1 && !state.realtime.is_online(cve) {
            crate::push::send_to_employee(
                state,
                cve,
                crate::push::Payload {
                    titulo: notif.titulo.clone(),
                    contenido: notif.contenido.clone(),
                    url: format!("/menu/notificaciones?id={id}"),
                    tipo: "notificacion".into(),
                    id,
                },
            );
        }
    }
    Ok(count)
}

async fn load(state: &AppState, id: i64) -> AppResult<Option<Notificacion>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM notificaciones WHERE idnotificacion = ?"
    )))
    .bind(id)
    .fetch_optional(&state.db.read)
    .await?)
}

async fn unread_count(state: &AppState, cve: i64) -> AppResult<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM notificaciones WHERE cve_empleado = ? AND estatus = 1 AND web = 1",
    )
    .bind(cve)
    .fetch_one(&state.db.read)
    .await?)
}

/// The caller's unread notifications, newest first.
#[utoipa::path(get, path = "/api/pri/notificaciones/web/{cve_empleado}/pendientes", tag = "notifications",
    params(("cve_empleado" = i64, Path)), responses((status = 200, body = Vec<Notificacion>), (status = 403, body = ErrorBody)))]
async fn pendientes(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Notificacion>>> {
    if cve != u.cve_empleado {
        return Err(AppError::forbidden("auth.fuera_de_alcance"));
    }
    let rows = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM notificaciones WHERE cve_empleado = ? AND estatus = 1 AND web = 1 ORDER BY idnotificacion DESC LIMIT 500"
    )))
    .bind(cve)
    .fetch_all(&state.db.read)
    .await?;
    Ok(axum::Json(rows))
}

async fn own(state: &AppState, cve: i64, id: i64) -> AppResult<Notificacion> {
    let owner: Option<i64> =
        sqlx::query_scalar("SELECT cve_empleado FROM notificaciones WHERE idnotificacion = ?")
            .bind(id)
            .fetch_optional(&state.db.read)
            .await?;
    match owner {
        Some(o) if o == cve => load(state, id).await?.ok_or_else(gone),
        _ => Err(gone()),
    }
}

fn gone() -> AppError {
    AppError::new(StatusCode::NOT_FOUND, "notificaciones.no_disponible")
}

/// One of the caller's notifications (a list whose first item is it).
#[utoipa::path(get, path = "/api/pri/notificaciones/{idnotificacion}", tag = "notifications",
    params(("idnotificacion" = i64, Path)), responses((status = 200, body = Vec<Notificacion>), (status = 404, body = ErrorBody)))]
async fn get_notificacion(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<Notificacion>>> {
    Ok(axum::Json(vec![own(&state, u.cve_empleado, id).await?]))
}

async fn changed(state: &AppState, cve: i64) -> AppResult<()> {
    let pendientes = unread_count(state, cve).await?;
    state
        .realtime
        .to_employee(
            cve,
            "notifications:changed",
            &serde_json::json!({"pendientes": pendientes}),
        )
        .await;
    Ok(())
}

/// Marks a notification read.
#[utoipa::path(put, path = "/api/pri/notificaciones/{idnotificacion}/leida", tag = "notifications",
    params(("idnotificacion" = i64, Path)), responses((status = 200, body = Resp), (status = 404, body = ErrorBody)))]
async fn marcar_leida(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Resp>> {
    own(&state, u.cve_empleado, id).await?;
    sqlx::query(
        "UPDATE notificaciones SET estatus = 2, leida = ? WHERE idnotificacion = ? AND estatus = 1",
    )
    .bind(state.now_iso())
    .bind(id)
    .execute(&state.db.write)
    .await?;
    changed(&state, u.cve_empleado).await?;
    Ok(Resp::ok())
}

/// Marks all of the caller's notifications read.
#[utoipa::path(put, path = "/api/pri/notificaciones/leidas", tag = "notifications", responses((status = 200, body = Resp)))]
async fn marcar_todas(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
) -> AppResult<axum::Json<Resp>> {
    sqlx::query(
        "UPDATE notificaciones SET estatus = 2, leida = ? WHERE cve_empleado = ? AND estatus = 1",
    )
    .bind(state.now_iso())
    .bind(u.cve_empleado)
    .execute(&state.db.write)
    .await?;
    changed(&state, u.cve_empleado).await?;
    Ok(Resp::ok())
}

const ESTATUS: &[(&str, &str)] = &[("1", "No leída"), ("2", "Leída")];

static NOTIFICACIONES: TableDef = TableDef {
    name: "notificaciones",
    from: "notificaciones n",
    count_from: None,
    columns: &[
        Column {
            nomfield: "idnotificacion",
            title: "Folio",
            expr: "n.idnotificacion",
            kind: Kind::Int,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "fecha_hora",
            title: "Fecha",
            expr: "n.fecha_hora",
            kind: Kind::Text,
            filter: Filter::None,
            sortable: true,
        },
        Column {
            nomfield: "titulo",
            title: "Título",
            expr: "n.titulo",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "n.titulo",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "contenido",
            title: "Contenido",
            expr: "n.contenido",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "n.contenido",
                folded: false,
            },
            sortable: false,
        },
        Column {
            nomfield: "tipo",
            title: "Tipo",
            expr: "n.tipo",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "n.tipo",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "origen",
            title: "Origen",
            expr: "n.origen",
            kind: Kind::Text,
            filter: Filter::Text {
                expr: "n.origen",
                folded: false,
            },
            sortable: true,
        },
        Column {
            nomfield: "estatus",
            title: "Estatus",
            expr: "n.estatus",
            kind: Kind::Int,
            filter: Filter::Fixed {
                expr: "n.estatus",
                options: ESTATUS,
            },
            sortable: true,
        },
    ],
    date_expr: Some("n.fecha_hora"),
    default_order: "n.idnotificacion DESC",
    key: "n.idnotificacion",
};

/// All of the caller's notifications (table engine).
#[utoipa::path(post, path = "/api/pri/notificaciones/tabla", tag = "notifications", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn tabla(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    let conds = vec![Cond::new(
        "n.cve_empleado = ? AND n.web = 1",
        vec![Bind::Int(u.cve_empleado)],
    )];
    table::run(&state, &NOTIFICACIONES, q, Prelude::default(), conds).await
}

#[derive(Deserialize, ToSchema)]
struct Envio {
    #[serde(flatten)]
    nueva: Nueva,
    destino: Destino,
}

#[derive(Serialize, ToSchema)]
struct EnvioResp {
    resp: String,
    enviadas: usize,
}

/// Sends a notification to one employee, a list or everyone with a profile.
#[utoipa::path(post, path = "/api/pri/notificaciones", tag = "notifications", request_body = Envio,
    responses((status = 200, body = EnvioResp), (status = 400, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn enviar(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(mut e): Json<Envio>,
) -> AppResult<axum::Json<EnvioResp>> {
    if e.nueva.origen.as_deref().is_none_or(str::is_empty) {
        let nombre: String =
            sqlx::query_scalar("SELECT nombre_empleado FROM empleados WHERE cve_empleado = ?")
                .bind(u.cve_empleado)
                .fetch_one(&state.db.read)
                .await?;
        e.nueva.origen = Some(nombre);
    }
    if let Destino::Lista { lista } = &e.destino
        && (lista.is_empty() || lista.len() > 5000)
    {
        return Err(AppError::bad_request("notificaciones.lista"));
    }
    let enviadas = notify(&state, &e.destino, &e.nueva).await?;
    Ok(axum::Json(EnvioResp {
        resp: "Excelente".into(),
        enviadas,
    }))
}

/// The notification channels of a profile.
#[derive(Serialize, Deserialize, ToSchema, sqlx::FromRow)]
struct Canales {
    idperfil: i64,
    #[serde(default)]
    perfil: String,
    web: i64,
    correo: i64,
    movil: i64,
}

/// Channels per profile.
#[utoipa::path(get, path = "/api/pri/configuracion/notificaciones/canales", tag = "notifications",
    responses((status = 200, body = Vec<Canales>)))]
async fn get_canales(State(state): State<AppState>) -> AppResult<axum::Json<Vec<Canales>>> {
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT p.idperfil, p.perfil, ifnull(c.web, 1) AS web, ifnull(c.correo, 1) AS correo, ifnull(c.movil, 1) AS movil
             FROM perfiles p LEFT JOIN perfiles_canales c ON c.idperfil = p.idperfil ORDER BY p.idperfil",
        )
        .fetch_all(&state.db.read)
        .await?,
    ))
}

/// Changes the channels of one or more profiles.
#[utoipa::path(put, path = "/api/pri/configuracion/notificaciones/canales", tag = "notifications",
    request_body = Vec<Canales>, responses((status = 200, body = Vec<Canales>), (status = 400, body = ErrorBody)))]
async fn put_canales(
    State(state): State<AppState>,
    Json(rows): Json<Vec<Canales>>,
) -> AppResult<axum::Json<Vec<Canales>>> {
    let mut fe = FieldErrors::default();
    for r in &rows {
        for (f, v) in [("web", r.web), ("correo", r.correo), ("movil", r.movil)] {
            fe.check(v == 0 || v == 1, f, "validacion.bandera");
        }
    }
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    for r in &rows {
        let res = sqlx::query(
            "INSERT INTO perfiles_canales (idperfil, web, correo, movil) SELECT idperfil, ?, ?, ? FROM perfiles WHERE idperfil = ?
             ON CONFLICT (idperfil) DO UPDATE SET web = excluded.web, correo = excluded.correo, movil = excluded.movil",
        )
        .bind(r.web)
        .bind(r.correo)
        .bind(r.movil)
        .bind(r.idperfil)
        .execute(&mut *tx)
        .await?;
        if res.rows_affected() == 0 {
            return Err(AppError::bad_request("validacion.perfil"));
        }
    }
    tx.commit().await?;
    get_canales(State(state)).await
}
