//! The `historial` kind: a company's past accreditations (employee by number or CURP, topic
//! by abbreviation, date, grade, source note), written to the plans ledger through
//! `plans::record_accreditation` with origin `historial`. The same fact uploaded again
//! changes nothing; a corrected grade or note updates it.

use sqlx::SqliteConnection;

use super::row::{Row, RowError, date, err, real, rejected, tri};
use super::{Ctx, Outcome};
use crate::error::AppResult;
use crate::plans::{NuevaAcreditacion, Origen, Registro};

/// Ledger fields and the template columns they come from.
const FIELDS: &[(&str, &str)] = &[
    ("cve_empleado", "NumEmpleado"),
    ("cve_tema", "Abreviatura"),
    ("fecha", "FechaAcreditacion"),
    ("calificacion", "Calificacion"),
    ("nota", "Nota"),
];

/// The employee a row names by number, CURP or both (both must be the same person).
async fn employee(conn: &mut SqliteConnection, row: &Row<'_>) -> AppResult<Result<i64, RowError>> {
    use crate::employees::db::detail::{find_by_number, find_by_number_or_curp};
    let num = row.get("NumEmpleado");
    let curp = row.get("CURP");
    if num.is_empty() && curp.is_empty() {
        return Ok(Err(err("NumEmpleado", "", "plan.identificador_empleado")));
    }
    let by_num = if num.is_empty() {
        None
    } else {
        match find_by_number(&mut *conn, num).await? {
            Some(id) => Some(id),
            None => return Ok(Err(err("NumEmpleado", num, "plan.empleado_no_encontrado"))),
        }
    };
    let by_curp = if curp.is_empty() {
        None
    } else {
        // No employee has an empty number, so this finds by CURP only.
        match find_by_number_or_curp(&mut *conn, "", &curp.to_uppercase()).await? {
            Some(id) => Some(id),
            None => return Ok(Err(err("CURP", curp, "plan.empleado_no_encontrado"))),
        }
    };
    Ok(match (by_num, by_curp) {
        (Some(a), Some(b)) if a != b => Err(err("CURP", curp, "plan.empleado_ambiguo")),
        (Some(a), _) | (None, Some(a)) => Ok(a),
        (None, None) => Err(err("NumEmpleado", "", "plan.identificador_empleado")),
    })
}

/// Applies one historical accreditation row.
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
    now: &str,
) -> AppResult<Result<Outcome, RowError>> {
    let cve_empleado = tri!(employee(&mut *conn, row).await?);
    let abreviatura = row.get("Abreviatura");
    let Some(&cve_tema) = ctx.topics.get(&abreviatura.to_lowercase()) else {
        let code = if abreviatura.is_empty() {
            "validacion.campo_requerido"
        } else {
            "plan.tema_no_encontrado"
        };
        return Ok(Err(err("Abreviatura", abreviatura, code)));
    };
    let fecha = match tri!(date(row, "FechaAcreditacion")) {
        Some(f) => f,
        None => {
            return Ok(Err(err(
                "FechaAcreditacion",
                "",
                "validacion.campo_requerido",
            )));
        }
    };
    let Ok(fecha) = chrono::NaiveDate::parse_from_str(&fecha, "%Y-%m-%d") else {
        return Ok(Err(err("FechaAcreditacion", &fecha, "validacion.fecha")));
    };
    let calificacion = tri!(real(row, "Calificacion"));
    let nota = row.opt("Nota");
    let a = NuevaAcreditacion {
        cve_empleado,
        cve_tema,
        fecha,
        calificacion,
        origen: Origen::Historial,
        referencia: "",
        motivo: None,
        nota: nota.as_deref(),
        registrado_por: ctx.uploader,
        resultado: None,
    };
    match crate::plans::record_accreditation(&mut *conn, &a, ctx.today, now).await {
        Ok(Registro::Insertada(_)) => Ok(Ok(Outcome::Insertada)),
        Ok(Registro::Actualizada(_)) => Ok(Ok(Outcome::Actualizada)),
        Ok(Registro::SinCambios(_)) => Ok(Ok(Outcome::SinCambios)),
        Err(e) => Ok(Err(rejected(e, FIELDS, "Abreviatura", row)?)),
    }
}
