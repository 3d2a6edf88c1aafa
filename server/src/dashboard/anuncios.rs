//! The dashboard's announcements (spec sections 2, 3, 4, 7 and 8): the welcome slides each
//! profile sees after login until someone ticks 'No volver a mostrar.' (`lms/slides/…`),
//! the news of the header's slider (`configuracion/noticias`), and their administration
//! under Configuración with images stored under `config/slides/` and `config/noticias/`.

use axum::extract::{Multipart, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::db::anuncios::{self as db, Noticia, NoticiaDatos, SlideDatos, SlideFila};
use crate::auth::perms::{CurrentUser, Rule, secured};
use crate::contract::{
    NOTICIA_DESCRIPCION_MAX, NOTICIA_TITULO_MAX, SLIDE_TEXTO_MAX, SLIDE_TITULO_MAX,
};
use crate::error::{AppError, AppResult, ErrorBody, FieldErrors};
use crate::extract::{Json, Path};
use crate::state::AppState;
use crate::upload::{parse_datos, read_datos_form};

/// Who administers the welcome slides.
pub const SECCION_SLIDES: &str = "configuracion.slides";
/// Who administers the news.
pub const SECCION_NOTICIAS: &str = "configuracion.noticias";
/// Who sees the header's news slider ('Ver Slider Noticias').
/// (Written in two parts: a section of the dashboard, not an error code of its namespace.)
pub const SECCION_SLIDER: &str = concat!("dashboard", ".slider_noticias");
/// Most slides and news items a company keeps.
pub const ANUNCIOS_MAX: i64 = 50;

pub(super) fn router(state: &AppState) -> OpenApiRouter<AppState> {
    let slides = || Rule::Seccion(SECCION_SLIDES);
    let noticias = || Rule::Seccion(SECCION_NOTICIAS);
    OpenApiRouter::new()
        .routes(secured(state, Rule::Sesion, routes!(my_slides)))
        .routes(secured(state, Rule::Sesion, routes!(hide_slides)))
        .routes(secured(state, slides(), routes!(list_slides, create_slide)))
        .routes(secured(
            state,
            slides(),
            routes!(update_slide, delete_slide),
        ))
        .routes(secured(
            state,
            Rule::Seccion(SECCION_SLIDER),
            routes!(slider_news),
        ))
        .routes(secured(state, noticias(), routes!(list_news)))
        .routes(secured(state, noticias(), routes!(create_news)))
        .routes(secured(
            state,
            noticias(),
            routes!(update_news, delete_news),
        ))
}

// ---------------------------------------------------------------- welcome slides

/// A welcome slide as the carousel shows it (spec section 3): `contenido_slide` is the
/// image's address for `imagen`, the text itself for `texto`.
#[derive(Serialize, ToSchema, Debug)]
pub struct Slide {
    pub cve_slide: i64,
    /// imagen | texto
    pub tipo: String,
    pub titulo: String,
    pub contenido_slide: String,
}

/// A slide as its administrators see it.
#[derive(Serialize, ToSchema, Debug)]
pub struct SlideAdmin {
    pub cve_slide: i64,
    pub tipo: String,
    pub titulo: String,
    /// The image's address (imagen) or the text (texto).
    pub contenido_slide: String,
    pub orden: i64,
    pub activo: bool,
    /// The profiles that see it.
    pub perfiles: Vec<i64>,
}

fn shown(tipo: &str, contenido: &str) -> String {
    if tipo == "imagen" {
        crate::files::public_url(contenido)
    } else {
        contenido.to_string()
    }
}

fn admin_slide(f: SlideFila) -> SlideAdmin {
    SlideAdmin {
        cve_slide: f.cve_slide,
        contenido_slide: shown(&f.tipo, &f.contenido_slide),
        perfiles: serde_json::from_str(&f.perfiles).unwrap_or_default(),
        tipo: f.tipo,
        titulo: f.titulo,
        orden: f.orden,
        activo: f.activo,
    }
}

/// The active profile's name or number, as the path names it.
fn is_active_profile(state: &AppState, idperfil: i64, perfil: &str) -> bool {
    let p = perfil.trim();
    p.parse::<i64>().is_ok_and(|n| n == idperfil)
        || state
            .perms
            .profile(idperfil)
            .is_some_and(|i| i.perfil.trim().eq_ignore_ascii_case(p))
}

/// The welcome slides of one's active profile (named or numbered by `perfil_sistema`) not
/// hidden by 'No volver a mostrar.'; 400 `slides.perfil_ajeno` for another profile.
#[utoipa::path(get, path = "/api/pri/lms/slides/{perfil_sistema}", tag = "dashboard",
    params(("perfil_sistema" = String, Path, description = "the active profile's name (or number)")),
    responses((status = 200, body = Vec<Slide>), (status = 400, body = ErrorBody)))]
async fn my_slides(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Path(perfil): Path<String>,
) -> AppResult<axum::Json<Vec<Slide>>> {
    if !is_active_profile(&state, u.idperfil, &perfil) {
        return Err(AppError::bad_request("slides.perfil_ajeno"));
    }
    let mut conn = state.db.read.acquire().await?;
    let rows = db::slides_for(&mut conn, u.idperfil, u.cve_empleado).await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|f| Slide {
                cve_slide: f.cve_slide,
                contenido_slide: shown(&f.tipo, &f.contenido_slide),
                tipo: f.tipo,
                titulo: f.titulo,
            })
            .collect(),
    ))
}

/// One slide named by 'No volver a mostrar.'.
#[derive(Deserialize, ToSchema, Debug)]
pub struct SlideRef {
    pub cve_slide: i64,
}

/// `noMostrarSlides`' body.
#[derive(Deserialize, ToSchema, Debug)]
pub struct NoMostrar {
    pub perfil_sistema: String,
    pub slides: Vec<SlideRef>,
}

/// What `noMostrarSlides` answers: how many slides were hidden.
#[derive(Serialize, ToSchema, Debug)]
pub struct Ocultados {
    pub res: bool,
    pub ocultados: u64,
}

/// Records 'No volver a mostrar.' for slides of one's active profile (slides of other
/// profiles are ignored); they are not shown to this person again.
#[utoipa::path(post, path = "/api/pri/lms/slides/noMostrarSlides", tag = "dashboard", request_body = NoMostrar,
    responses((status = 200, body = Ocultados), (status = 400, body = ErrorBody)))]
async fn hide_slides(
    State(state): State<AppState>,
    CurrentUser(u): CurrentUser,
    Json(b): Json<NoMostrar>,
) -> AppResult<axum::Json<Ocultados>> {
    if !is_active_profile(&state, u.idperfil, &b.perfil_sistema) {
        return Err(AppError::bad_request("slides.perfil_ajeno"));
    }
    if b.slides.is_empty() || b.slides.len() > ANUNCIOS_MAX as usize {
        return Err(AppError::bad_request("validacion.datos")
            .arg("detalle", format!("slides: 1–{ANUNCIOS_MAX}")));
    }
    let ids: Vec<i64> = b.slides.iter().map(|s| s.cve_slide).collect();
    let now = state.now_iso();
    let mut conn = state.db.write.acquire().await?;
    let n = db::hide_slides(&mut conn, u.cve_empleado, u.idperfil, &ids, &now).await?;
    Ok(axum::Json(Ocultados {
        res: true,
        ocultados: n,
    }))
}

/// A slide as its administrators send it: the multipart `datos` part (an `imagen` file part
/// goes with `tipo` imagen: required on creation, optional when editing).
#[derive(Deserialize, ToSchema, Debug)]
pub struct SlideForm {
    /// imagen | texto
    pub tipo: String,
    pub titulo: String,
    /// The slide's text (tipo texto); ignored for imagen.
    #[serde(default)]
    pub contenido: String,
    /// The profiles that see it (at least one).
    pub perfiles: Vec<i64>,
    #[serde(default)]
    pub orden: i64,
    #[serde(default = "yes")]
    pub activo: bool,
}

fn yes() -> bool {
    true
}

/// Every welcome slide with its profiles, in showing order.
#[utoipa::path(get, path = "/api/pri/configuracion/slides", tag = "dashboard",
    responses((status = 200, body = Vec<SlideAdmin>)))]
async fn list_slides(State(state): State<AppState>) -> AppResult<axum::Json<Vec<SlideAdmin>>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(
        db::slides(&mut conn)
            .await?
            .into_iter()
            .map(admin_slide)
            .collect(),
    ))
}

fn check_slide(state: &AppState, f: &SlideForm, has_image: bool, creating: bool) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    fe.check(
        f.tipo == "imagen" || f.tipo == "texto",
        "tipo",
        "validacion.tipo_anuncio",
    );
    let titulo = f.titulo.trim();
    fe.check(!titulo.is_empty(), "titulo", "validacion.campo_requerido");
    fe.check_len(titulo, SLIDE_TITULO_MAX, "titulo");
    if f.tipo == "texto" {
        let texto = f.contenido.trim();
        fe.check(!texto.is_empty(), "contenido", "validacion.campo_requerido");
        fe.check_len(texto, SLIDE_TEXTO_MAX, "contenido");
        fe.check(!has_image, "imagen", "validacion.datos");
    } else if f.tipo == "imagen" && creating {
        fe.check(has_image, "imagen", "validacion.campo_requerido");
    }
    fe.check(
        !f.perfiles.is_empty() && f.perfiles.iter().all(|p| state.perms.profile(*p).is_some()),
        "perfiles",
        "validacion.perfiles",
    );
    fe.check((0..=999).contains(&f.orden), "orden", "validacion.orden");
    fe.into_result()
}

/// What creating or editing an announcement answers.
#[derive(Serialize, ToSchema, Debug)]
pub struct AnuncioGuardado {
    pub resp: String,
    pub id: i64,
}

fn saved(id: i64) -> axum::Json<AnuncioGuardado> {
    axum::Json(AnuncioGuardado {
        resp: "Excelente".into(),
        id,
    })
}

/// Reads a slide's multipart form, stores its image and writes it (`own`: the slide
/// edited). The new image is removed when the write fails, the replaced one once it is
/// committed.
async fn receive_slide(state: &AppState, own: Option<i64>, multipart: Multipart) -> AppResult<i64> {
    let form = read_datos_form(multipart).await?;
    let f: SlideForm = parse_datos(&form.datos)?;
    let imagen = only_image(&form.files)?;
    check_slide(state, &f, imagen.is_some(), own.is_none())?;
    let mut conn = state.db.read.acquire().await?;
    let before = match own {
        Some(id) => Some(
            db::slide(&mut conn, id)
                .await?
                .ok_or_else(AppError::not_found)?,
        ),
        None => {
            if db::slides(&mut conn).await?.len() as i64 >= ANUNCIOS_MAX {
                return Err(
                    AppError::conflict("anuncios.limite").arg("max", ANUNCIOS_MAX.to_string())
                );
            }
            None
        }
    };
    drop(conn);
    // An image slide edited without a new image keeps the one it had.
    let kept = before
        .as_ref()
        .filter(|b| b.tipo == "imagen" && f.tipo == "imagen" && imagen.is_none())
        .map(|b| b.contenido_slide.clone());
    if f.tipo == "imagen" && imagen.is_none() && kept.is_none() {
        return Err(FieldErrors::single("imagen", "validacion.campo_requerido"));
    }
    let key = match imagen {
        Some(d) => Some(crate::files::store_image(state, "config/slides", "slide", d).await?),
        None => None,
    };
    let contenido = match (&key, &kept) {
        (Some(k), _) => k.clone(),
        (None, Some(k)) => k.clone(),
        (None, None) => f.contenido.trim().to_string(),
    };
    let datos = SlideDatos {
        tipo: &f.tipo,
        titulo: f.titulo.trim(),
        contenido: &contenido,
        orden: f.orden,
        activo: f.activo,
        perfiles: &f.perfiles,
    };
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let written = match own {
        None => db::insert_slide(&mut tx, &datos, &now)
            .await
            .map(|id| (id, Some(None))),
        Some(id) => db::update_slide(&mut tx, id, &datos, &now)
            .await
            .map(|b| (id, b.map(|(tipo, c)| (tipo == "imagen").then_some(c)))),
    };
    let (id, replaced) = kept_or_discarded(state, key.as_deref(), written).await?;
    match key {
        Some(k) => crate::files::settle_upload(state, tx, &k, replaced).await?,
        None => {
            tx.commit().await?;
            // A slide that turned from image to text drops its image.
            if let Some(Some(old)) = replaced
                && f.tipo == "texto"
            {
                discard(state, Some(&old)).await;
            }
        }
    }
    Ok(id)
}

/// The one `imagen` file part a form may carry.
fn only_image(files: &[(String, bytes::Bytes)]) -> AppResult<Option<bytes::Bytes>> {
    if files.iter().any(|(n, _)| n != "imagen") || files.len() > 1 {
        return Err(FieldErrors::single("imagen", "validacion.datos"));
    }
    Ok(files.first().map(|(_, d)| d.clone()))
}

/// The result of a write that goes with a new image; on failure the image is removed.
async fn kept_or_discarded<T>(
    state: &AppState,
    key: Option<&str>,
    written: sqlx::Result<T>,
) -> AppResult<T> {
    if written.is_err() {
        discard(state, key).await;
    }
    Ok(written?)
}

/// Removes a stored file no row points to (a failure is only logged).
async fn discard(state: &AppState, key: Option<&str>) {
    if let Some(k) = key
        && let Err(e) = state.storage.delete(k).await
    {
        tracing::warn!(key = k, error = ?e, "an announcement's image left in storage");
    }
}

/// Adds a welcome slide: multipart `datos` (SlideForm JSON) and, for `imagen`, the image
/// (png, jpeg or gif, ≤ 8 MB).
#[utoipa::path(post, path = "/api/pri/configuracion/slides", tag = "dashboard",
    request_body(content_type = "multipart/form-data", description = "`datos` (SlideForm JSON) and `imagen` for image slides"),
    responses((status = 200, body = AnuncioGuardado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn create_slide(
    State(state): State<AppState>,
    multipart: Multipart,
) -> AppResult<axum::Json<AnuncioGuardado>> {
    let id = receive_slide(&state, None, multipart).await?;
    Ok(saved(id))
}

/// Edits a welcome slide (same multipart; the image is optional and kept when missing).
#[utoipa::path(put, path = "/api/pri/configuracion/slides/{id}", tag = "dashboard",
    params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "`datos` (SlideForm JSON) and an optional `imagen`"),
    responses((status = 200, body = AnuncioGuardado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn update_slide(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<AnuncioGuardado>> {
    let id = receive_slide(&state, Some(id), multipart).await?;
    Ok(saved(id))
}

/// Deletes a welcome slide and its image.
#[utoipa::path(delete, path = "/api/pri/configuracion/slides/{id}", tag = "dashboard",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 404, body = ErrorBody)))]
async fn delete_slide(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let gone = {
        let mut conn = state.db.write.acquire().await?;
        db::delete_slide(&mut conn, id).await?
    }
    .ok_or_else(AppError::not_found)?;
    if gone.0 == "imagen" {
        discard(&state, Some(&gone.1)).await;
    }
    Ok(crate::http::Resp::ok())
}

// ---------------------------------------------------------------- news

/// A news item of the slider (spec section 3: imagen, titulo, descripcion_corta).
#[derive(Serialize, ToSchema, Debug)]
pub struct NoticiaVista {
    pub cve_noticia: i64,
    /// The image's address.
    pub imagen: String,
    pub titulo: String,
    pub descripcion_corta: String,
    /// An http(s) link to read more, or empty.
    pub enlace: String,
    pub fecha_inicio: String,
    pub fecha_fin: String,
    pub orden: i64,
    pub activa: bool,
}

fn vista(n: Noticia) -> NoticiaVista {
    NoticiaVista {
        imagen: crate::files::public_url(&n.imagen_key),
        cve_noticia: n.cve_noticia,
        titulo: n.titulo,
        descripcion_corta: n.descripcion_corta,
        enlace: n.enlace,
        fecha_inicio: n.fecha_inicio,
        fecha_fin: n.fecha_fin,
        orden: n.orden,
        activa: n.activa,
    }
}

/// The news the header's slider shows today: none while the company's `noticias` is off.
#[utoipa::path(get, path = "/api/pri/configuracion/noticias", tag = "dashboard",
    responses((status = 200, body = Vec<NoticiaVista>)))]
async fn slider_news(State(state): State<AppState>) -> AppResult<axum::Json<Vec<NoticiaVista>>> {
    if crate::settings::load(&state).await?.noticias.trim() != "1" {
        return Ok(axum::Json(Vec::new()));
    }
    let hoy = crate::courses::enrolment::hoy(&state).await?;
    let mut conn = state.db.read.acquire().await?;
    let rows = db::published_news(&mut conn, &hoy.format("%Y-%m-%d").to_string()).await?;
    Ok(axum::Json(rows.into_iter().map(vista).collect()))
}

/// Every news item, published or not, for its administrators.
#[utoipa::path(get, path = "/api/pri/configuracion/noticias/todas", tag = "dashboard",
    responses((status = 200, body = Vec<NoticiaVista>)))]
async fn list_news(State(state): State<AppState>) -> AppResult<axum::Json<Vec<NoticiaVista>>> {
    let mut conn = state.db.read.acquire().await?;
    Ok(axum::Json(
        db::news(&mut conn).await?.into_iter().map(vista).collect(),
    ))
}

/// A news item as its administrators send it: the multipart `datos` part, with an `imagen`
/// file part (required on creation, optional when editing).
#[derive(Deserialize, ToSchema, Debug)]
pub struct NoticiaForm {
    pub titulo: String,
    #[serde(default)]
    pub descripcion_corta: String,
    /// An optional http(s) link.
    #[serde(default)]
    pub enlace: String,
    /// AAAA-MM-DD; today when missing.
    #[serde(default)]
    pub fecha_inicio: Option<String>,
    /// AAAA-MM-DD or empty (no end).
    #[serde(default)]
    pub fecha_fin: Option<String>,
    #[serde(default)]
    pub orden: i64,
    #[serde(default = "yes")]
    pub activa: bool,
}

/// Checks a news form; (fecha_inicio, fecha_fin) as stored.
fn check_news(f: &NoticiaForm, hoy: chrono::NaiveDate) -> AppResult<(String, String)> {
    let mut fe = FieldErrors::default();
    let titulo = f.titulo.trim();
    fe.check(!titulo.is_empty(), "titulo", "validacion.campo_requerido");
    fe.check_len(titulo, NOTICIA_TITULO_MAX, "titulo");
    fe.check_len(
        f.descripcion_corta.trim(),
        NOTICIA_DESCRIPCION_MAX,
        "descripcion_corta",
    );
    let enlace = f.enlace.trim();
    fe.check(
        enlace.is_empty() || crate::resources::is_http_url(enlace),
        "enlace",
        "validacion.url",
    );
    let date =
        |v: &Option<String>, field: &str, fe: &mut FieldErrors| -> Option<chrono::NaiveDate> {
            let v = v.as_deref().map(str::trim).filter(|s| !s.is_empty())?;
            let d = crate::validate::parse_date(v);
            if d.is_none() {
                fe.add(field, "validacion.fecha");
            }
            d
        };
    let inicio = date(&f.fecha_inicio, "fecha_inicio", &mut fe).unwrap_or(hoy);
    let fin = date(&f.fecha_fin, "fecha_fin", &mut fe);
    if let Some(fin) = fin {
        fe.check(fin >= inicio, "fecha_fin", "validacion.rango_fechas");
    }
    fe.check((0..=999).contains(&f.orden), "orden", "validacion.orden");
    fe.into_result()?;
    let iso = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    Ok((iso(inicio), fin.map(iso).unwrap_or_default()))
}

async fn receive_news(state: &AppState, own: Option<i64>, multipart: Multipart) -> AppResult<i64> {
    let form = read_datos_form(multipart).await?;
    let f: NoticiaForm = parse_datos(&form.datos)?;
    let imagen = only_image(&form.files)?;
    let (inicio, fin) = check_news(&f, crate::courses::enrolment::hoy(state).await?)?;
    let mut conn = state.db.read.acquire().await?;
    let before = match own {
        Some(id) => Some(
            db::news_item(&mut conn, id)
                .await?
                .ok_or_else(AppError::not_found)?,
        ),
        None => {
            if imagen.is_none() {
                return Err(FieldErrors::single("imagen", "validacion.campo_requerido"));
            }
            if db::news(&mut conn).await?.len() as i64 >= ANUNCIOS_MAX {
                return Err(
                    AppError::conflict("anuncios.limite").arg("max", ANUNCIOS_MAX.to_string())
                );
            }
            None
        }
    };
    drop(conn);
    let key = match imagen {
        Some(d) => Some(crate::files::store_image(state, "config/noticias", "noticia", d).await?),
        None => None,
    };
    let imagen_key = key
        .clone()
        .or_else(|| before.as_ref().map(|b| b.imagen_key.clone()))
        .unwrap_or_default();
    let datos = NoticiaDatos {
        titulo: f.titulo.trim(),
        descripcion_corta: f.descripcion_corta.trim(),
        imagen: &imagen_key,
        enlace: f.enlace.trim(),
        fecha_inicio: &inicio,
        fecha_fin: &fin,
        orden: f.orden,
        activa: f.activa,
    };
    let now = state.now_iso();
    let mut tx = state.db.begin().await?;
    let written = match own {
        None => db::insert_news(&mut tx, &datos, &now)
            .await
            .map(|id| (id, Some(None))),
        Some(id) => db::update_news(&mut tx, id, &datos, &now)
            .await
            .map(|b| (id, b.map(Some))),
    };
    let (id, replaced) = kept_or_discarded(state, key.as_deref(), written).await?;
    match key {
        Some(k) => crate::files::settle_upload(state, tx, &k, replaced).await?,
        None => tx.commit().await?,
    }
    Ok(id)
}

/// Adds a news item: multipart `datos` (NoticiaForm JSON) and `imagen` (png, jpeg or gif,
/// ≤ 8 MB).
#[utoipa::path(post, path = "/api/pri/configuracion/noticias", tag = "dashboard",
    request_body(content_type = "multipart/form-data", description = "`datos` (NoticiaForm JSON) and `imagen`"),
    responses((status = 200, body = AnuncioGuardado), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn create_news(
    State(state): State<AppState>,
    multipart: Multipart,
) -> AppResult<axum::Json<AnuncioGuardado>> {
    let id = receive_news(&state, None, multipart).await?;
    Ok(saved(id))
}

/// Edits a news item (same multipart; the image is kept when none is sent).
#[utoipa::path(put, path = "/api/pri/configuracion/noticias/{id}", tag = "dashboard",
    params(("id" = i64, Path)),
    request_body(content_type = "multipart/form-data", description = "`datos` (NoticiaForm JSON) and an optional `imagen`"),
    responses((status = 200, body = AnuncioGuardado), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
async fn update_news(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    multipart: Multipart,
) -> AppResult<axum::Json<AnuncioGuardado>> {
    let id = receive_news(&state, Some(id), multipart).await?;
    Ok(saved(id))
}

/// Deletes a news item and its image.
#[utoipa::path(delete, path = "/api/pri/configuracion/noticias/{id}", tag = "dashboard",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::Resp), (status = 404, body = ErrorBody)))]
async fn delete_news(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<crate::http::Resp>> {
    let key = {
        let mut conn = state.db.write.acquire().await?;
        db::delete_news(&mut conn, id).await?
    }
    .ok_or_else(AppError::not_found)?;
    discard(&state, Some(&key)).await;
    Ok(crate::http::Resp::ok())
}
