//! Topics themselves: the row with every field of the spec, its prerequisites and tags,
//! the topics list and the lookups pickers and the bulk upload use.

use sqlx::{SqliteConnection, SqliteExecutor};

use crate::table::{Column, Filter, Kind, TableDef};
use crate::topics::{TemaDetalle, TemaForm, TemaRef, TopicFiles};

const MODALIDAD_OPTS: &[(&str, &str)] = &[
    ("PRESENCIAL", "Presencial"),
    ("E_LEARNING", "En línea"),
    ("STREAMING", "Streaming"),
];

/// A topic's average rating, one decimal (null without votes).
const RATING: &str =
    "(SELECT ROUND(AVG(c.rating), 1) FROM temas_calificaciones c WHERE c.cve_tema = t.cve_tema)";
/// How many employees rated a topic.
const VOTOS: &str = "(SELECT COUNT(*) FROM temas_calificaciones c WHERE c.cve_tema = t.cve_tema)";

/// The topics list (table engine).
pub static TOPICS: TableDef = TableDef {
    name: "temas",
    from: "temas t JOIN areas_tematicas a ON a.cve_area = t.cve_area",
    count: crate::table::Conteo::Aparte,
    columns: &[
        Column::int("cve_tema", "Clave", "t.cve_tema"),
        Column::text("abreviatura", "Abreviatura", "t.abreviatura"),
        Column::text("nombre_tema", "Tema", "t.nombre_tema"),
        Column::text("area", "Área temática", "a.nombre"),
        Column::text("tipo", "Tipo", "t.tipo"),
        Column::fixed(
            "modalidad",
            "Modalidad",
            "t.modalidad",
            Kind::Text,
            MODALIDAD_OPTS,
        ),
        Column {
            nomfield: "horas",
            title: "Horas",
            expr: "t.dias_duracion * t.horas_sesion",
            kind: Kind::Real,
            filter: Filter::None,
            sortable: true,
        },
        Column::int(
            "meses_certificacion",
            "Vigencia (meses)",
            "t.meses_certificacion",
        ),
        Column::int(
            "preguntas",
            "Preguntas",
            "(SELECT COUNT(*) FROM preguntas p WHERE p.cve_tema = t.cve_tema)",
        ),
        Column::int("precio", "Precio (centavos)", "t.precio"),
        Column {
            nomfield: "rating",
            title: "Calificación",
            expr: RATING,
            kind: Kind::Real,
            filter: Filter::None,
            sortable: true,
        },
        Column::int("votos", "Votos", VOTOS),
        Column::flag("ecommerce", "E-commerce", "t.ecommerce"),
        Column::flag("activo", "Activo", "t.activo"),
    ],
    date_expr: None,
    default_order: "t.nombre_tema, t.cve_tema",
    key: "t.cve_tema",
};

/// Every topic as (key, abbreviation), for rows that name topics by abbreviation.
pub async fn topic_abbreviations<'e>(
    e: impl SqliteExecutor<'e>,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT cve_tema, abreviatura FROM temas")
        .fetch_all(e)
        .await
}

/// Inserts a topic row (not its prerequisites or tags); a taken abbreviation fails with
/// a unique violation.
pub async fn insert_topic<'e>(
    e: impl SqliteExecutor<'e>,
    f: &TemaForm,
    files: &TopicFiles,
    now: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO temas (abreviatura, nombre_tema, cve_area, tipo, modalidad, dias_duracion, horas_sesion,
            meses_certificacion, prerrequisito, min_participantes, max_participantes, requiere_instructor, requiere_sala,
            modelo_evaluacion, calificacion_minima, calificacion_minima_practica, descripcion, autor, video, dias_limite,
            activo, ecommerce, categoria, precio, imagen, material_participante, material_instructor, creado, actualizado)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING cve_tema",
    )
    .bind(&f.abreviatura)
    .bind(&f.nombre_tema)
    .bind(f.cve_area)
    .bind(&f.tipo)
    .bind(&f.modalidad)
    .bind(f.dias_duracion)
    .bind(f.horas_sesion)
    .bind(f.meses_certificacion)
    .bind(f.prerrequisito)
    .bind(f.min_participantes)
    .bind(f.max_participantes)
    .bind(f.requiere_instructor)
    .bind(f.requiere_sala)
    .bind(&f.modelo_evaluacion)
    .bind(f.calificacion_minima)
    .bind(f.calificacion_minima_practica)
    .bind(&f.descripcion)
    .bind(&f.autor)
    .bind(&f.video)
    .bind(f.dias_limite)
    .bind(f.activo)
    .bind(f.ecommerce)
    .bind(&f.categoria)
    .bind(f.precio)
    .bind(&files.imagen)
    .bind(&files.material_participante)
    .bind(&files.material_instructor)
    .bind(now)
    .bind(now)
    .fetch_one(e)
    .await
}

/// Updates a topic row; a file key left None keeps the stored one. None when the topic
/// does not exist.
pub async fn update_topic<'e>(
    e: impl SqliteExecutor<'e>,
    cve: i64,
    f: &TemaForm,
    files: &TopicFiles,
    now: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "UPDATE temas SET abreviatura = ?, nombre_tema = ?, cve_area = ?, tipo = ?, modalidad = ?, dias_duracion = ?,
            horas_sesion = ?, meses_certificacion = ?, prerrequisito = ?, min_participantes = ?, max_participantes = ?,
            requiere_instructor = ?, requiere_sala = ?, modelo_evaluacion = ?, calificacion_minima = ?,
            calificacion_minima_practica = ?, descripcion = ?, autor = ?, video = ?, dias_limite = ?, activo = ?, ecommerce = ?,
            categoria = ?, precio = ?, imagen = COALESCE(?, imagen), material_participante = COALESCE(?, material_participante),
            material_instructor = COALESCE(?, material_instructor), creado = COALESCE(creado, ?), actualizado = ?
         WHERE cve_tema = ? RETURNING cve_tema",
    )
    .bind(&f.abreviatura)
    .bind(&f.nombre_tema)
    .bind(f.cve_area)
    .bind(&f.tipo)
    .bind(&f.modalidad)
    .bind(f.dias_duracion)
    .bind(f.horas_sesion)
    .bind(f.meses_certificacion)
    .bind(f.prerrequisito)
    .bind(f.min_participantes)
    .bind(f.max_participantes)
    .bind(f.requiere_instructor)
    .bind(f.requiere_sala)
    .bind(&f.modelo_evaluacion)
    .bind(f.calificacion_minima)
    .bind(f.calificacion_minima_practica)
    .bind(&f.descripcion)
    .bind(&f.autor)
    .bind(&f.video)
    .bind(f.dias_limite)
    .bind(f.activo)
    .bind(f.ecommerce)
    .bind(&f.categoria)
    .bind(f.precio)
    .bind(&files.imagen)
    .bind(&files.material_participante)
    .bind(&files.material_instructor)
    .bind(now)
    .bind(now)
    .bind(cve)
    .fetch_optional(e)
    .await
}

/// Replaces a topic's prerequisites.
pub async fn set_prerequisites(
    conn: &mut SqliteConnection,
    cve: i64,
    prerrequisitos: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM temas_prerrequisitos WHERE cve_tema = ?")
        .bind(cve)
        .execute(&mut *conn)
        .await?;
    for p in prerrequisitos {
        sqlx::query("INSERT INTO temas_prerrequisitos (cve_tema, cve_requisito) VALUES (?, ?)")
            .bind(cve)
            .bind(p)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Replaces a topic's tags.
pub async fn set_tags(
    conn: &mut SqliteConnection,
    cve: i64,
    etiquetas: &[String],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM temas_etiquetas WHERE cve_tema = ?")
        .bind(cve)
        .execute(&mut *conn)
        .await?;
    for t in etiquetas {
        sqlx::query("INSERT INTO temas_etiquetas (cve_tema, etiqueta) VALUES (?, ?)")
            .bind(cve)
            .bind(t)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A topic with its area's name and the sizes of its question bank and activities
/// (prerequisites, tags and links are filled by the caller).
pub async fn topic_detail<'e>(
    e: impl SqliteExecutor<'e>,
    cve: i64,
) -> sqlx::Result<Option<TemaDetalle>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.cve_area, a.nombre AS area, t.tipo, t.modalidad, t.dias_duracion,
                t.horas_sesion, t.meses_certificacion, t.prerrequisito, t.min_participantes, t.max_participantes,
                t.requiere_instructor, t.requiere_sala, t.modelo_evaluacion, t.calificacion_minima, t.calificacion_minima_practica,
                t.descripcion, t.autor, t.video, t.dias_limite, t.activo, t.ecommerce, t.categoria, t.precio, t.imagen,
                t.material_participante, t.material_instructor,
                (SELECT COUNT(*) FROM preguntas p WHERE p.cve_tema = t.cve_tema) AS total_preguntas,
                (SELECT COUNT(*) FROM actividades_temas x WHERE x.cve_tema = t.cve_tema) AS total_actividades,
                (SELECT ROUND(AVG(c.rating), 1) FROM temas_calificaciones c WHERE c.cve_tema = t.cve_tema) AS rating,
                (SELECT COUNT(*) FROM temas_calificaciones c WHERE c.cve_tema = t.cve_tema) AS votos
         FROM temas t JOIN areas_tematicas a ON a.cve_area = t.cve_area WHERE t.cve_tema = ?",
    )
    .bind(cve)
    .fetch_optional(e)
    .await
}

/// The prerequisite topics of a topic, by name.
pub async fn prerequisites<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<TemaRef>> {
    sqlx::query_as(
        "SELECT t.cve_tema, t.abreviatura, t.nombre_tema, t.modalidad FROM temas_prerrequisitos p
         JOIN temas t ON t.cve_tema = p.cve_requisito WHERE p.cve_tema = ? ORDER BY t.nombre_tema",
    )
    .bind(cve)
    .fetch_all(e)
    .await
}

/// The keys of a topic's prerequisites, ascending.
pub async fn prerequisite_keys<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT cve_requisito FROM temas_prerrequisitos WHERE cve_tema = ? ORDER BY cve_requisito",
    )
    .bind(cve)
    .fetch_all(e)
    .await
}

/// A topic's tags, sorted.
pub async fn tags<'e>(e: impl SqliteExecutor<'e>, cve: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT etiqueta FROM temas_etiquetas WHERE cve_tema = ? ORDER BY etiqueta")
        .bind(cve)
        .fetch_all(e)
        .await
}

/// A topic's own fields as the form has them (without prerequisites and tags).
pub async fn topic_form<'e>(
    e: impl SqliteExecutor<'e>,
    cve: i64,
) -> sqlx::Result<Option<TemaForm>> {
    sqlx::query_as(
        "SELECT abreviatura, nombre_tema, cve_area, tipo, modalidad, dias_duracion, horas_sesion, meses_certificacion,
                prerrequisito, min_participantes, max_participantes, requiere_instructor, requiere_sala, modelo_evaluacion,
                calificacion_minima, calificacion_minima_practica, descripcion, autor, video, dias_limite, activo, ecommerce,
                categoria, precio FROM temas WHERE cve_tema = ?",
    )
    .bind(cve)
    .fetch_optional(e)
    .await
}

/// Active topics of a thematic area (0 = every area), by name.
pub async fn active_topics<'e>(
    e: impl SqliteExecutor<'e>,
    area: i64,
) -> sqlx::Result<Vec<TemaRef>> {
    sqlx::query_as(
        "SELECT cve_tema, abreviatura, nombre_tema, modalidad FROM temas
         WHERE activo = 1 AND (? = 0 OR cve_area = ?) ORDER BY nombre_tema",
    )
    .bind(area)
    .bind(area)
    .fetch_all(e)
    .await
}

/// Up to 20 active topics whose name contains `q` (ignoring ASCII case) or whose
/// abbreviation is exactly `q`.
pub async fn search_topics<'e>(
    e: impl SqliteExecutor<'e>,
    q: &str,
) -> sqlx::Result<Vec<crate::topics::types::TemaBuscado>> {
    // LIKE with `%` and `_` escaped is a portable "contains".
    let pattern = format!(
        "%{}%",
        q.replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    sqlx::query_as(
        "SELECT cve_tema, abreviatura, nombre_tema, modalidad, meses_certificacion FROM temas
         WHERE activo = 1 AND (lower(nombre_tema) LIKE lower(?) ESCAPE '\\' OR abreviatura = ?)
         ORDER BY nombre_tema LIMIT 20",
    )
    .bind(pattern)
    .bind(q)
    .fetch_all(e)
    .await
}

/// What the ledger needs of a topic: whether it is active, its certification months, its
/// evaluation model and pass mark, and its hours (days × hours per session).
#[derive(sqlx::FromRow, Clone, Debug)]
pub struct ReglasTema {
    pub cve_tema: i64,
    pub abreviatura: String,
    pub nombre_tema: String,
    pub activo: i64,
    pub meses_certificacion: i64,
    pub modelo_evaluacion: String,
    pub calificacion_minima: Option<f64>,
    pub horas: f64,
}

const REGLAS_SQL: &str = "SELECT cve_tema, abreviatura, nombre_tema, activo, meses_certificacion,
        modelo_evaluacion, calificacion_minima, dias_duracion * horas_sesion AS horas FROM temas";

/// The ledger rules of topic `cve`.
pub async fn topic_rules<'e>(
    e: impl SqliteExecutor<'e>,
    cve: i64,
) -> sqlx::Result<Option<ReglasTema>> {
    sqlx::query_as(
        "SELECT cve_tema, abreviatura, nombre_tema, activo, meses_certificacion,
            modelo_evaluacion, calificacion_minima, dias_duracion * horas_sesion AS horas
         FROM temas WHERE cve_tema = ?",
    )
    .bind(cve)
    .fetch_optional(e)
    .await
}

/// The ledger rules of every topic (bulk loaders).
pub async fn all_topic_rules<'e>(e: impl SqliteExecutor<'e>) -> sqlx::Result<Vec<ReglasTema>> {
    sqlx::query_as(REGLAS_SQL).fetch_all(e).await
}
