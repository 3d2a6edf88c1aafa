//! The demo's dashboard: welcome slides for every profile, three news items in the header's
//! slider and a to-do list with tasks of one's own and tasks a supervisor assigned, written
//! through the dashboard domain's own functions.

use bytes::Bytes;
use chrono::{Days, NaiveDate};
use sqlx::SqliteConnection;

use crate::dashboard::db::anuncios::{self, NoticiaDatos, SlideDatos};
use crate::dashboard::db::{self, TareaFila};
use crate::error::AppResult;
use crate::state::AppState;

const SLIDE_BIENVENIDA: &[u8] = include_bytes!("anuncios/slide-bienvenida.png");
const SLIDE_PLAN: &[u8] = include_bytes!("anuncios/slide-plan.png");
const SLIDE_EQUIPO: &[u8] = include_bytes!("anuncios/slide-equipo.png");
const SLIDE_PROVEEDOR: &[u8] = include_bytes!("anuncios/slide-proveedor.png");
const NOTICIA_SEGURIDAD: &[u8] = include_bytes!("anuncios/noticia-seguridad.png");
const NOTICIA_DC3: &[u8] = include_bytes!("anuncios/noticia-dc3.png");
const NOTICIA_LIDERAZGO: &[u8] = include_bytes!("anuncios/noticia-liderazgo.png");

/// The demo's logins by profile (1 Administrador … 8 Participante).
pub struct Logins {
    pub admin: i64,
    pub supervisor: i64,
    pub participante: i64,
    pub rep: Option<i64>,
}

/// Creates the slides, the news and the tasks.
pub async fn create(
    conn: &mut SqliteConnection,
    state: &AppState,
    who: &Logins,
    team: &[i64],
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    create_slides(conn, state, now).await?;
    create_news(conn, state, hoy, now).await?;
    create_tasks(conn, who, team, hoy, now).await
}

async fn put(state: &AppState, key: &str, data: &'static [u8]) -> AppResult<()> {
    state.storage.put(key, Bytes::from_static(data)).await
}

async fn create_slides(conn: &mut SqliteConnection, state: &AppState, now: &str) -> AppResult<()> {
    let images: [(&str, &'static [u8], &str, &[i64]); 4] = [
        (
            "config/slides/demo-bienvenida.png",
            SLIDE_BIENVENIDA,
            "Bienvenido a Universidad Sierra Madre",
            &[1, 2, 3, 5, 6, 7, 8],
        ),
        (
            "config/slides/demo-plan.png",
            SLIDE_PLAN,
            "Revisa tu plan de capacitación",
            &[3, 5, 8],
        ),
        (
            "config/slides/demo-equipo.png",
            SLIDE_EQUIPO,
            "El avance de tu equipo, en vivo",
            &[1, 2, 3, 6],
        ),
        (
            "config/slides/demo-proveedor.png",
            SLIDE_PROVEEDOR,
            "Carga las certificaciones de tu personal",
            &[4],
        ),
    ];
    for (orden, (key, data, titulo, perfiles)) in images.into_iter().enumerate() {
        put(state, key, data).await?;
        anuncios::insert_slide(
            conn,
            &SlideDatos {
                tipo: "imagen",
                titulo,
                contenido: key,
                orden: orden as i64 * 10,
                activo: true,
                perfiles,
            },
            now,
        )
        .await?;
    }
    let texts: [(&str, &str, &[i64]); 2] = [
        (
            "Tu opinión cuenta",
            "Al terminar cada curso contesta la encuesta de satisfacción: con tus respuestas \
             mejoramos los cursos, los materiales y a los instructores.",
            &[5, 8],
        ),
        (
            "Constancias DC-3 a tiempo",
            "Tienes 20 días hábiles desde el fin de cada curso presencial para entregar las \
             DC-3. Consulta el seguimiento en Cursos → Constancias.",
            &[1, 2],
        ),
    ];
    for (titulo, texto, perfiles) in texts {
        anuncios::insert_slide(
            conn,
            &SlideDatos {
                tipo: "texto",
                titulo,
                contenido: texto,
                orden: 50,
                activo: true,
                perfiles,
            },
            now,
        )
        .await?;
    }
    Ok(())
}

/// A demo news item: (image key, image, title, short description, link, start date).
type Noticia = (
    &'static str,
    &'static [u8],
    &'static str,
    &'static str,
    &'static str,
    String,
);

async fn create_news(
    conn: &mut SqliteConnection,
    state: &AppState,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    let iso = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
    let days_ago = |n: u64| iso(hoy.checked_sub_days(Days::new(n)).unwrap_or(hoy));
    let news: [Noticia; 3] = [
        (
            "config/noticias/demo-seguridad.png",
            NOTICIA_SEGURIDAD,
            "Semana de la Seguridad",
            "Simulacros, talleres y la feria de equipo de protección personal en cada planta.",
            "",
            days_ago(3),
        ),
        (
            "config/noticias/demo-dc3.png",
            NOTICIA_DC3,
            "Tus constancias DC-3, en línea",
            "Descárgalas desde Mis constancias o verifica el folio de cualquier constancia.",
            "",
            days_ago(10),
        ),
        (
            "config/noticias/demo-liderazgo.png",
            NOTICIA_LIDERAZGO,
            "Programa de Liderazgo 2027",
            "Inscripciones abiertas para supervisores: seis módulos con mentoría.",
            "https://www.gob.mx/stps",
            days_ago(20),
        ),
    ];
    for (orden, (key, data, titulo, descripcion, enlace, inicio)) in news.into_iter().enumerate() {
        put(state, key, data).await?;
        anuncios::insert_news(
            conn,
            &NoticiaDatos {
                titulo,
                descripcion_corta: descripcion,
                imagen: key,
                enlace,
                fecha_inicio: &inicio,
                fecha_fin: "",
                orden: orden as i64,
                activa: true,
            },
            now,
        )
        .await?;
    }
    Ok(())
}

async fn create_tasks(
    conn: &mut SqliteConnection,
    who: &Logins,
    team: &[i64],
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    let iso = |n: i64| {
        let d = if n >= 0 {
            hoy.checked_add_days(Days::new(n as u64))
        } else {
            hoy.checked_sub_days(Days::new(n.unsigned_abs()))
        };
        d.unwrap_or(hoy).format("%Y-%m-%d").to_string()
    };
    // (whose, written by, title, description, due in days, done)
    let mut tasks: Vec<(i64, i64, &str, &str, i64, bool)> = vec![
        (
            who.admin,
            who.admin,
            "Revisar las DC-3 por entregar",
            "Enviar por correo las constancias de los cursos que cerraron este mes.",
            5,
            false,
        ),
        (
            who.admin,
            who.admin,
            "Publicar la noticia de la Semana de la Seguridad",
            "",
            -2,
            true,
        ),
        (
            who.admin,
            who.admin,
            "Presupuesto de capacitación 2027",
            "Consolidar los costos por planta y enviarlos a Dirección.",
            25,
            false,
        ),
        (
            who.supervisor,
            who.supervisor,
            "Reunión de seguimiento con el equipo",
            "Revisar los cursos obligatorios pendientes de cada persona.",
            3,
            false,
        ),
        (
            who.participante,
            who.supervisor,
            "Terminar el curso de Trabajo en alturas",
            "Tu constancia vence pronto: termina el material y presenta la evaluación.",
            10,
            false,
        ),
        (
            who.participante,
            who.participante,
            "Descargar mi DC-3 de Seguridad industrial",
            "",
            -5,
            true,
        ),
    ];
    if let Some(&otro) = team.iter().find(|c| **c != who.participante) {
        tasks.push((
            otro,
            who.supervisor,
            "Inscribirte al curso de Primeros auxilios",
            "Hay lugares en el grupo del próximo mes.",
            14,
            false,
        ));
    }
    if let Some(rep) = who.rep {
        tasks.push((
            rep,
            rep,
            "Cargar las certificaciones del personal nuevo",
            "Subir las DC-3 de los soldadores que ingresaron en noviembre.",
            7,
            false,
        ));
    }
    for (cve, por, titulo, descripcion, dias, hecha) in tasks {
        db::insert_task(
            conn,
            &TareaFila {
                cve_empleado: cve,
                titulo,
                descripcion,
                fecha_limite: &iso(dias),
                hecha,
            },
            por,
            now,
        )
        .await?;
    }
    Ok(())
}
