//! The `temas` kind: a topic keyed by abbreviation, through the topics domain's form
//! checks and save; fields the template has no column for keep their stored value.

use sqlx::SqliteConnection;

use super::row::{Row, RowError, err, first_field_error, flag, int, real, tri};
use super::{Ctx, Outcome};
use crate::error::AppResult;
use crate::topics::{self, TemaForm};

/// Form fields of a topic and the template columns they come from.
const FIELDS: &[(&str, &str)] = &[
    ("abreviatura", "Abreviatura"),
    ("nombre_tema", "Nombre"),
    ("cve_area", "AreaTematica"),
    ("tipo", "Tipo"),
    ("modalidad", "Modalidad"),
    ("dias_duracion", "DiasDuracion"),
    ("horas_sesion", "HorasSesion"),
    ("meses_certificacion", "MesesCertificacion"),
    ("min_participantes", "MinParticipantes"),
    ("max_participantes", "MaxParticipantes"),
    ("modelo_evaluacion", "ModeloEvaluacion"),
    ("calificacion_minima", "CalificacionMinima"),
    ("calificacion_minima_practica", "CalificacionMinimaPractica"),
    ("prerrequisitos", "Prerrequisitos"),
    ("descripcion", "Descripcion"),
    ("autor", "Autor"),
    ("categoria", "Categoria"),
    ("etiquetas", "Etiquetas"),
    ("precio", "Precio"),
    ("activo", "Activo"),
];

/// Applies one topic row.
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
    now: &str,
) -> AppResult<Result<Outcome, RowError>> {
    let mut prerrequisitos = Vec::new();
    for a in row
        .get("Prerrequisitos")
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        prerrequisitos.push(tri!(
            ctx.topics
                .get(&a.to_lowercase())
                .copied()
                .ok_or_else(|| err("Prerrequisitos", a, "validacion.prerrequisitos"))
        ));
    }
    let precio = tri!(real(row, "Precio")).unwrap_or(0.0);
    let mut f = TemaForm {
        abreviatura: row.get("Abreviatura").to_string(),
        nombre_tema: row.get("Nombre").to_string(),
        cve_area: tri!(int(row, "AreaTematica", 0)),
        tipo: row.get("Tipo").to_string(),
        modalidad: row.opt("Modalidad").unwrap_or_else(|| "PRESENCIAL".into()),
        dias_duracion: tri!(int(row, "DiasDuracion", 1)),
        horas_sesion: tri!(real(row, "HorasSesion")).unwrap_or(1.0),
        meses_certificacion: tri!(int(row, "MesesCertificacion", 0)),
        prerrequisito: i64::from(!prerrequisitos.is_empty()),
        prerrequisitos,
        min_participantes: tri!(int(row, "MinParticipantes", 1)),
        max_participantes: tri!(int(row, "MaxParticipantes", 30)),
        requiere_instructor: 1,
        requiere_sala: 1,
        modelo_evaluacion: row
            .opt("ModeloEvaluacion")
            .unwrap_or_else(|| "conocimiento".into()),
        calificacion_minima: tri!(real(row, "CalificacionMinima")),
        calificacion_minima_practica: tri!(real(row, "CalificacionMinimaPractica")),
        descripcion: row.opt("Descripcion"),
        autor: row.opt("Autor"),
        video: None,
        dias_limite: 0,
        activo: tri!(flag(row, "Activo")),
        ecommerce: 0,
        categoria: row.opt("Categoria"),
        etiquetas: row
            .get("Etiquetas")
            .split(',')
            .map(|t| t.trim().to_string())
            .collect(),
        precio: (precio * 100.0).round() as i64,
    };
    let fe = f.normalize_and_check();
    if !fe.0.is_empty() {
        return Ok(Err(first_field_error(fe, FIELDS, row)));
    }
    if !ctx.areas.contains(&f.cve_area) {
        return Ok(Err(err(
            "AreaTematica",
            row.get("AreaTematica"),
            "validacion.area_tematica",
        )));
    }
    let existing = ctx.topics.get(&f.abreviatura.to_lowercase()).copied();
    if existing.is_some_and(|e| f.prerrequisitos.contains(&e)) {
        return Ok(Err(err(
            "Prerrequisitos",
            row.get("Prerrequisitos"),
            "validacion.prerrequisitos",
        )));
    }
    match existing {
        Some(cve) => {
            if let Some(current) = topics::stored(conn, cve).await? {
                // Fields the template has no column for keep their stored value.
                f.requiere_instructor = current.requiere_instructor;
                f.requiere_sala = current.requiere_sala;
                f.ecommerce = current.ecommerce;
                f.video = current.video.clone();
                f.dias_limite = current.dias_limite;
                if current == f {
                    return Ok(Ok(Outcome::SinCambios));
                }
            }
            topics::save(conn, Some(cve), &f, &topics::TopicFiles::default(), now).await?;
            Ok(Ok(Outcome::Actualizada))
        }
        None => {
            let cve = topics::save(conn, None, &f, &topics::TopicFiles::default(), now).await?;
            ctx.topics.insert(f.abreviatura.to_lowercase(), cve);
            Ok(Ok(Outcome::Insertada))
        }
    }
}
