//! The demo's DC-3 deliveries, so that the follow-up looks like a company mid-year: the
//! DC-3s of courses that ended more than two months ago were all handed over, those of the
//! course before last about half (late now), and the last course's are still due within
//! their 20 working days. Issued through the certificates domain's own functions.

use chrono::NaiveDate;
use sqlx::SqliteConnection;

use super::courses::Creados;
use crate::certificates::{db, dc3, issue};
use crate::error::AppResult;

/// Issues and records the delivery of the demo's handed-over DC-3s.
pub async fn create(
    conn: &mut SqliteConnection,
    creados: &Creados,
    analista: i64,
    hoy: NaiveDate,
    now: &str,
) -> AppResult<()> {
    for (_, cve_curso) in &creados.cerrados {
        let people = db::accredited(&mut *conn, *cve_curso, None).await?;
        for (i, p) in people.iter().enumerate() {
            let Ok(d) = dc3::gather(&mut *conn, p.cve_empleado, *cve_curso).await else {
                continue;
            };
            if !dc3::missing(&d).is_empty() {
                continue;
            }
            let Ok(fin) = NaiveDate::parse_from_str(&d.fila.fecha_fin, "%Y-%m-%d") else {
                continue;
            };
            let dias = (hoy - fin).num_days();
            let entregada = dias > 60 || (dias > 30 && i % 2 == 0);
            if !entregada {
                continue;
            }
            let c = issue::for_course(
                &mut *conn,
                &issue::DeCurso {
                    tipo: "dc3",
                    cve_empleado: p.cve_empleado,
                    cve_curso: *cve_curso,
                    titulo: &d.fila.nombre_curso,
                    titular: &d.fila.nombre_empleado,
                    fecha_inicio: &d.fila.fecha_inicio,
                    fecha_fin: &d.fila.fecha_fin,
                    meses_certificacion: d.fila.meses_certificacion,
                },
                now,
                Some(analista),
            )
            .await?;
            let medio = if i % 3 == 0 { "correo" } else { "descarga" };
            db::mark_delivered(&mut *conn, c.id_certificado, now, medio).await?;
        }
    }
    Ok(())
}
