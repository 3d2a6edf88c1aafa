//! The demo's saved reports: three layouts an analyst wrote and shared with the profiles
//! that use them, one of them e-mailed every Monday to the supervisor.

use sqlx::SqliteConnection;

use crate::error::{AppError, AppResult};
use crate::reports::db::{self, NuevoGuardado};
use crate::reports::types::{DefinicionReporte, FiltroReporte, OrdenReporte, TotalReporte};

fn total(columna: &str, funcion: &str) -> TotalReporte {
    TotalReporte {
        columna: columna.into(),
        funcion: funcion.into(),
    }
}

/// Saves the layouts (author: the analyst) and the supervisor's weekly e-mail.
pub async fn create(
    conn: &mut SqliteConnection,
    analista: i64,
    supervisor: i64,
    hoy: chrono::NaiveDate,
    now: &str,
) -> AppResult<()> {
    let layouts = [
        (
            "Cumplimiento NOM-035 por planta",
            "Personas con el tema NOM-035 en su plan y el porcentaje que lo tiene acreditado y vigente, por planta.",
            DefinicionReporte {
                fuente: "plan".into(),
                columnas: vec!["planta".into(), "tema".into(), "acreditado".into()],
                filtros: vec![FiltroReporte {
                    columna: "tema_clave".into(),
                    operador: "igual".into(),
                    valor: Some("NOM-035".into()),
                    valor2: None,
                }],
                agrupar: vec!["planta".into()],
                totales: vec![total("acreditado", "porcentaje")],
                orden: None,
            },
            vec![1, 2, 3, 6, 7],
        ),
        (
            "Vencimientos del trimestre",
            "Acreditaciones de los planes que vencen en los próximos 90 días, de la más próxima a la más lejana.",
            DefinicionReporte {
                fuente: "plan".into(),
                columnas: vec![
                    "num_empleado".into(),
                    "nombre_empleado".into(),
                    "planta".into(),
                    "tema".into(),
                    "vigencia".into(),
                    "supervisor".into(),
                ],
                filtros: vec![FiltroReporte {
                    columna: "vigencia".into(),
                    operador: "proximos_dias".into(),
                    valor: Some("90".into()),
                    valor2: None,
                }],
                agrupar: vec![],
                totales: vec![],
                orden: Some(OrdenReporte {
                    columna: "vigencia".into(),
                    descendente: false,
                }),
            },
            vec![1, 2, 3, 6, 7],
        ),
        (
            "Costos de capacitación por dirección",
            "Cursos no cancelados por dirección (N2) de su planta: cuántos, sus horas y su costo total y promedio.",
            DefinicionReporte {
                fuente: "cursos".into(),
                columnas: vec!["direccion".into(), "horas".into(), "costo_total".into()],
                filtros: vec![FiltroReporte {
                    columna: "estatus".into(),
                    operador: "distinto".into(),
                    valor: Some("cancelado".into()),
                    valor2: None,
                }],
                agrupar: vec!["direccion".into()],
                totales: vec![
                    total("horas", "suma"),
                    total("costo_total", "suma"),
                    total("costo_total", "promedio"),
                ],
                orden: None,
            },
            vec![1, 2],
        ),
    ];
    let mut ids = Vec::new();
    for (nombre, descripcion, def, perfiles) in layouts {
        let definicion = serde_json::to_string(&def).map_err(AppError::internal)?;
        ids.push(
            db::insert_layout(
                conn,
                &NuevoGuardado {
                    nombre,
                    descripcion,
                    fuente: &def.fuente,
                    definicion: &definicion,
                    perfiles: &perfiles,
                },
                analista,
                now,
            )
            .await?,
        );
    }
    if let Some(vencimientos) = ids.get(1) {
        db::set_schedule(
            conn,
            *vencimientos,
            "semanal",
            1,
            "xlsx",
            &hoy.format("%Y-%m-%d").to_string(),
            &[supervisor],
            analista,
            now,
        )
        .await?;
    }
    Ok(())
}
