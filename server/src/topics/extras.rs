//! Topic activities, topic groups and topics by plant.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::TemaRef;
use crate::http::Resp;
use crate::auth::perms::{Rule, secured};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::table::{self, Column, Prelude, TableDef, TablePage, TableQuery};
use crate::validate::is_alphanumeric_text;

pub fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let r = Rule::Seccion(super::SECCION);
    OpenApiRouter::new()
        .routes(secured(state, r, routes!(list_activities, create_activity)))
        .routes(secured(state, r, routes!(update_activity, delete_activity)))
        .routes(secured(state, r, routes!(table_groups)))
        .routes(secured(state, r, routes!(create_group)))
        .routes(secured(state, r, routes!(get_group, update_group)))
        .routes(secured(
            state,
            Rule::Seccion("plan.por_planta"),
            routes!(plant_topics, set_plant_topics),
        ))
}

async fn topic_exists(conn: &mut SqliteConnection, cve: i64) -> AppResult<bool> {
    crate::db::exists(conn, "SELECT cve_tema FROM temas WHERE cve_tema = ?", cve).await
}

const EVIDENCIAS: &[&str] = &["texto", "archivo", "imagen", "enlace"];

#[derive(Deserialize, Serialize, ToSchema, sqlx::FromRow)]
struct Actividad {
    #[serde(default)]
    id_actividad: i64,
    titulo: String,
    descripcion: String,
    /// Days after the course to hand it in.
    dias_entrega: i64,
    /// texto, archivo, imagen or enlace.
    tipo_evidencia: String,
    /// For texto: 1–10000 characters.
    #[serde(default)]
    limite_caracteres: Option<i64>,
}

impl Actividad {
    fn check(&mut self) -> AppResult<()> {
        let mut fe = FieldErrors::default();
        self.titulo = self.titulo.trim().into();
        self.descripcion = self.descripcion.trim().into();
        fe.check(
            !self.titulo.is_empty(),
            "titulo",
            "validacion.campo_requerido",
        );
        fe.check(
            self.titulo.chars().count() <= 150,
            "titulo",
            "validacion.texto_largo",
        );
        fe.check(
            !self.descripcion.is_empty(),
            "descripcion",
            "validacion.campo_requerido",
        );
        fe.check(
            self.descripcion.chars().count() <= 3000,
            "descripcion",
            "validacion.texto_largo",
        );
        fe.check(
            (0..=365).contains(&self.dias_entrega),
            "dias_entrega",
            "validacion.numero",
        );
        fe.check(
            EVIDENCIAS.contains(&self.tipo_evidencia.as_str()),
            "tipo_evidencia",
            "validacion.tipo_evidencia",
        );
        if self.tipo_evidencia == "texto" {
            fe.check(
                self.limite_caracteres
                    .is_some_and(|l| (1..=10_000).contains(&l)),
                "limite_caracteres",
                "validacion.limite_caracteres",
            );
        } else {
            self.limite_caracteres = None;
        }
        fe.into_result()
    }
}

/// A topic's activities.
#[utoipa::path(get, path = "/api/pri/temas/actividades_temas/{cve_tema}", tag = "topics",
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = Vec<Actividad>), (status = 404, body = ErrorBody)))]
async fn list_activities(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
) -> AppResult<axum::Json<Vec<Actividad>>> {
    let mut conn = state.db.read.acquire().await?;
    if !topic_exists(&mut conn, cve).await? {
        return Err(AppError::not_found());
    }
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT id_actividad, titulo, descripcion, dias_entrega, tipo_evidencia, limite_caracteres
             FROM actividades_temas WHERE cve_tema = ? ORDER BY dias_entrega, id_actividad",
        )
        .bind(cve)
        .fetch_all(&mut *conn)
        .await?,
    ))
}

#[derive(Serialize, ToSchema)]
struct ActividadCreada {
    resp: String,
    id_actividad: i64,
}

/// Adds an activity to a topic.
#[utoipa::path(post, path = "/api/pri/temas/actividades_temas/{cve_tema}", tag = "topics", request_body = Actividad,
    params(("cve_tema" = i64, Path)),
    responses((status = 200, body = ActividadCreada), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn create_activity(
    State(state): State<AppState>,
    Path(cve): Path<i64>,
    Json(mut b): Json<Actividad>,
) -> AppResult<axum::Json<ActividadCreada>> {
    b.check()?;
    let mut tx = state.db.begin().await?;
    if !topic_exists(&mut tx, cve).await? {
        return Err(AppError::not_found());
    }
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO actividades_temas (cve_tema, titulo, descripcion, dias_entrega, tipo_evidencia, limite_caracteres)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id_actividad",
    )
    .bind(cve)
    .bind(&b.titulo)
    .bind(&b.descripcion)
    .bind(b.dias_entrega)
    .bind(&b.tipo_evidencia)
    .bind(b.limite_caracteres)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(axum::Json(ActividadCreada {
        resp: "Excelente".into(),
        id_actividad: id,
    }))
}

/// Edits an activity.
#[utoipa::path(put, path = "/api/pri/temas/actividades_temas/{cve_tema}/{id_actividad}", tag = "topics", request_body = Actividad,
    params(("cve_tema" = i64, Path), ("id_actividad" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update_activity(
    State(state): State<AppState>,
    Path((cve, id)): Path<(i64, i64)>,
    Json(mut b): Json<Actividad>,
) -> AppResult<axum::Json<Resp>> {
    b.check()?;
    let done = sqlx::query(
        "UPDATE actividades_temas SET titulo = ?, descripcion = ?, dias_entrega = ?, tipo_evidencia = ?, limite_caracteres = ?
         WHERE id_actividad = ? AND cve_tema = ?",
    )
    .bind(&b.titulo)
    .bind(&b.descripcion)
    .bind(b.dias_entrega)
    .bind(&b.tipo_evidencia)
    .bind(b.limite_caracteres)
    .bind(id)
    .bind(cve)
    .execute(&state.db.write)
    .await?;
    if done.rows_affected() == 0 {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}

/// Deletes an activity.
#[utoipa::path(delete, path = "/api/pri/temas/actividades_temas/{cve_tema}/{id_actividad}", tag = "topics",
    params(("cve_tema" = i64, Path), ("id_actividad" = i64, Path)),
    responses((status = 200, body = Resp), (status = 404, body = ErrorBody)))]
async fn delete_activity(
    State(state): State<AppState>,
    Path((cve, id)): Path<(i64, i64)>,
) -> AppResult<axum::Json<Resp>> {
    let done = sqlx::query("DELETE FROM actividades_temas WHERE id_actividad = ? AND cve_tema = ?")
        .bind(id)
        .bind(cve)
        .execute(&state.db.write)
        .await?;
    if done.rows_affected() == 0 {
        return Err(AppError::not_found());
    }
    Ok(Resp::ok())
}

static GROUPS: TableDef = TableDef {
    name: "grupos_temas",
    from: "grupos_temas g",
    count_from: None,
    columns: &[
        Column::int("id_grupo", "Clave", "g.id_grupo"),
        Column::text("nombre", "Grupo", "g.nombre"),
        Column::text("descripcion", "Descripción", "g.descripcion"),
        Column::int(
            "total_temas",
            "Temas",
            "(SELECT COUNT(*) FROM grupos_temas_temas x WHERE x.id_grupo = g.id_grupo)",
        ),
        Column::flag("activo", "Activo", "g.activo"),
    ],
    date_expr: None,
    default_order: "g.nombre",
    key: "g.id_grupo",
};

/// Topic groups (table engine).
#[utoipa::path(post, path = "/api/pri/catalogos/grupos_temas/tabla", tag = "topics", request_body = TableQuery,
    responses((status = 200, body = TablePage), (status = 400, body = ErrorBody)))]
async fn table_groups(
    State(state): State<AppState>,
    Json(q): Json<TableQuery>,
) -> AppResult<Response> {
    table::run(&state, &GROUPS, q, Prelude::default(), Vec::new()).await
}

#[derive(Deserialize, ToSchema)]
struct GrupoForm {
    nombre: String,
    #[serde(default)]
    descripcion: Option<String>,
    #[serde(default)]
    temas: Vec<i64>,
    #[serde(default = "crate::validate::one")]
    activo: i64,
}

async fn save_group(state: &AppState, own: Option<i64>, mut b: GrupoForm) -> AppResult<i64> {
    let mut fe = FieldErrors::default();
    b.nombre = b.nombre.trim().into();
    fe.check(!b.nombre.is_empty(), "nombre", "validacion.campo_requerido");
    fe.check(
        b.nombre.is_empty() || is_alphanumeric_text(&b.nombre),
        "nombre",
        "validacion.alfanumerico",
    );
    fe.check(
        b.nombre.chars().count() <= 150,
        "nombre",
        "validacion.texto_largo",
    );
    b.descripcion = b
        .descripcion
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty());
    if let Some(d) = &b.descripcion {
        fe.check(
            d.chars().count() <= 1000,
            "descripcion",
            "validacion.texto_largo",
        );
    }
    fe.check(
        b.activo == 0 || b.activo == 1,
        "activo",
        "validacion.bandera",
    );
    b.temas.sort_unstable();
    b.temas.dedup();
    fe.into_result()?;
    let mut tx = state.db.begin().await?;
    for t in &b.temas {
        if !topic_exists(&mut tx, *t).await? {
            let mut fe = FieldErrors::default();
            fe.add("temas", "validacion.tema");
            fe.into_result()?;
        }
    }
    let r = match own {
        None => sqlx::query_scalar(
            "INSERT INTO grupos_temas (nombre, descripcion, activo, id_grupo) VALUES (?, ?, ?, ?) RETURNING id_grupo",
        ),
        Some(_) => sqlx::query_scalar(
            "UPDATE grupos_temas SET nombre = ?, descripcion = ?, activo = ? WHERE id_grupo = ? RETURNING id_grupo",
        ),
    }
    .bind(&b.nombre)
    .bind(&b.descripcion)
    .bind(b.activo)
    .bind(own)
    .fetch_optional(&mut *tx)
    .await;
    let id: i64 =
        crate::db::unique_violation(r, "duplicado.grupo")?.ok_or_else(AppError::not_found)?;
    sqlx::query("DELETE FROM grupos_temas_temas WHERE id_grupo = ?")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for t in &b.temas {
        sqlx::query("INSERT INTO grupos_temas_temas (id_grupo, cve_tema) VALUES (?, ?)")
            .bind(id)
            .bind(t)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(id)
}

#[derive(Serialize, ToSchema)]
struct GrupoCreado {
    resp: String,
    id_grupo: i64,
}

/// Creates a topic group (name unique).
#[utoipa::path(post, path = "/api/pri/catalogos/grupos_temas", tag = "topics", request_body = GrupoForm,
    responses((status = 200, body = GrupoCreado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create_group(
    State(state): State<AppState>,
    Json(b): Json<GrupoForm>,
) -> AppResult<axum::Json<GrupoCreado>> {
    let id = save_group(&state, None, b).await?;
    Ok(axum::Json(GrupoCreado {
        resp: "Excelente".into(),
        id_grupo: id,
    }))
}

/// Edits a topic group and replaces its topics.
#[utoipa::path(put, path = "/api/pri/catalogos/grupos_temas/{id_grupo}", tag = "topics", request_body = GrupoForm,
    params(("id_grupo" = i64, Path)),
    responses((status = 200, body = GrupoCreado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update_group(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(b): Json<GrupoForm>,
) -> AppResult<axum::Json<GrupoCreado>> {
    let id = save_group(&state, Some(id), b).await?;
    Ok(axum::Json(GrupoCreado {
        resp: "Excelente".into(),
        id_grupo: id,
    }))
}

#[derive(Serialize, ToSchema)]
struct Grupo {
    id_grupo: i64,
    nombre: String,
    descripcion: Option<String>,
    activo: i64,
    temas: Vec<TemaRef>,
}

/// A topic group with its topics.
#[utoipa::path(get, path = "/api/pri/catalogos/grupos_temas/{id_grupo}", tag = "topics",
    params(("id_grupo" = i64, Path)),
    responses((status = 200, body = Grupo), (status = 404, body = ErrorBody)))]
async fn get_group(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Grupo>> {
    let row: Option<(String, Option<String>, i64)> =
        sqlx::query_as("SELECT nombre, descripcion, activo FROM grupos_temas WHERE id_grupo = ?")
            .bind(id)
            .fetch_optional(&state.db.read)
            .await?;
    let (nombre, descripcion, activo) = row.ok_or_else(AppError::not_found)?;
    let temas = sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM grupos_temas_temas g
         JOIN temas t ON t.cve_tema = g.cve_tema WHERE g.id_grupo = ? ORDER BY t.nombre_tema",
    )
    .bind(id)
    .fetch_all(&state.db.read)
    .await?;
    Ok(axum::Json(Grupo {
        id_grupo: id,
        nombre,
        descripcion,
        activo,
        temas,
    }))
}

async fn plant_exists(state: &AppState, id: i64) -> AppResult<()> {
    crate::db::require(
        &state.db,
        "SELECT cve_planta FROM plantas WHERE cve_planta = ?",
        id,
    )
    .await
}

/// The topics of a plant.
#[utoipa::path(get, path = "/api/pri/plan_capacitacion/plantas_temas/{cve_planta}", tag = "topics",
    params(("cve_planta" = i64, Path)),
    responses((status = 200, body = Vec<TemaRef>), (status = 404, body = ErrorBody)))]
async fn plant_topics(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<TemaRef>>> {
    plant_exists(&state, id).await?;
    Ok(axum::Json(
        sqlx::query_as(
            "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM plantas_temas p
             JOIN temas t ON t.cve_tema = p.cve_tema WHERE p.cve_planta = ? ORDER BY t.nombre_tema",
        )
        .bind(id)
        .fetch_all(&state.db.read)
        .await?,
    ))
}

#[derive(Deserialize, ToSchema)]
struct TemasBody {
    temas: Vec<i64>,
}

/// Replaces the topics of a plant.
#[utoipa::path(put, path = "/api/pri/plan_capacitacion/plantas_temas/{cve_planta}", tag = "topics", request_body = TemasBody,
    params(("cve_planta" = i64, Path)),
    responses((status = 200, body = Resp), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_plant_topics(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Json(mut b): Json<TemasBody>,
) -> AppResult<axum::Json<Resp>> {
    plant_exists(&state, id).await?;
    b.temas.sort_unstable();
    b.temas.dedup();
    let mut tx = state.db.begin().await?;
    for t in &b.temas {
        if !topic_exists(&mut tx, *t).await? {
            let mut fe = FieldErrors::default();
            fe.add("temas", "validacion.tema");
            fe.into_result()?;
        }
    }
    sqlx::query("DELETE FROM plantas_temas WHERE cve_planta = ?")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for t in &b.temas {
        sqlx::query("INSERT INTO plantas_temas (cve_planta, cve_tema) VALUES (?, ?)")
            .bind(id)
            .bind(t)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(Resp::ok())
}
