//! The `empleados` kind: one employee per row, keyed by number (or CURP), through the
//! employees domain's form checks and save; a new employee gets a login without password.
//! A row that changes an account's e-mail, CURP or RFC needs an uploader who holds every
//! permission of that account and voids its credentials; a row that matches a
//! self-registered account never inherits that account's password or sessions.

use sqlx::SqliteConnection;

use super::row::{Row, RowError, conflict_to_row, date, err, first_field_error, flag, path, tri};
use super::{Ctx, Outcome};
use crate::auth::identity::{self, Aftermath};
use crate::employees::accounts::create_login;
use crate::employees::db::detail::{find_by_number, find_by_number_or_curp};
use crate::employees::edit::{identifiers_of, save, stored};
use crate::employees::form::{EmployeeForm, check_unique};
use crate::error::AppResult;
use crate::validate::fold;

/// Form fields and the template columns they come from.
const FIELDS: &[(&str, &str)] = &[
    ("num_empleado", "NumEmpleado"),
    ("nombre_empleado", "Nombre"),
    ("curp", "CURP"),
    ("rfc_empleado", "RFC"),
    ("correo_empleado", "Correo"),
    ("telefono", "Telefono"),
    ("genero", "Genero"),
    ("fecha_nacimiento", "FechaNacimiento"),
    ("fecha_ingreso", "FechaIngreso"),
    ("fecha_inicio_puesto", "FechaInicioPuesto"),
    ("cve_puesto", "Puesto"),
    ("n2", "N2"),
    ("n3", "N3"),
    ("n4", "N4"),
    ("n5", "N5"),
    ("tipo_empleado", "TipoEmpleado"),
    ("id_tarjeta", "IDTarjeta"),
    ("activo", "Activo"),
];

/// Applies one employee row.
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
    now: &str,
) -> AppResult<Result<Outcome, RowError>> {
    let nodes = tri!(path(ctx, row, 3));
    let n4 = nodes[2];
    let puesto_name = fold(row.get("Puesto"));
    let cve_puesto = if puesto_name.is_empty() {
        None
    } else {
        let found = nodes
            .iter()
            .rev()
            .find_map(|n| ctx.positions.get(&(*n, puesto_name.clone())).copied());
        Some(tri!(found.ok_or_else(|| err(
            "Puesto",
            row.get("Puesto"),
            "validacion.puesto"
        ))))
    };
    let cve_planta = match row.opt("Planta") {
        None => None,
        Some(p) => Some(tri!(
            ctx.plants.get(&(n4, fold(&p))).copied().ok_or_else(|| err(
                "Planta",
                &p,
                "validacion.planta"
            ))
        )),
    };
    let cve_estado = match row.opt("Estado") {
        None => None,
        Some(e) => Some(tri!(ctx.states.get(&fold(&e)).copied().ok_or_else(|| err(
            "Estado",
            &e,
            "validacion.estado"
        )))),
    };
    let cve_tipo_poblacion = match row.opt("TipoPoblacion") {
        None => None,
        Some(e) => {
            Some(tri!(ctx.population.get(&fold(&e)).copied().ok_or_else(
                || err("TipoPoblacion", &e, "validacion.tipo_poblacion")
            )))
        }
    };
    if let Some(o) = row.opt("Ocupacion")
        && !ctx.occupations.contains(&o)
    {
        return Ok(Err(err("Ocupacion", &o, "validacion.ocupacion")));
    }
    let cve_supervisor = match row.opt("JefeNumEmpleado") {
        None => None,
        Some(j) => {
            let found = find_by_number(&mut *conn, &j).await?;
            Some(tri!(found.ok_or_else(|| err(
                "JefeNumEmpleado",
                &j,
                "validacion.supervisor"
            ))))
        }
    };
    let mut f = EmployeeForm {
        num_empleado: row.get("NumEmpleado").to_string(),
        nombre_empleado: row.get("Nombre").to_string(),
        curp: row.get("CURP").to_string(),
        rfc_empleado: row.opt("RFC"),
        correo_empleado: row.opt("Correo"),
        telefono: row.opt("Telefono"),
        genero: row.opt("Genero"),
        fecha_nacimiento: tri!(date(row, "FechaNacimiento")),
        cve_puesto,
        n2: nodes.first().copied(),
        n3: nodes.get(1).copied(),
        n4: nodes.get(2).copied(),
        n5: nodes.get(3).copied(),
        n6: nodes.get(4).copied(),
        n7: nodes.get(5).copied(),
        cve_planta,
        plantas: Vec::new(),
        cve_pais: Some(1),
        cve_estado,
        cve_tipo_poblacion,
        cve_supervisor,
        fecha_ingreso: tri!(date(row, "FechaIngreso")),
        fecha_inicio_puesto: tri!(date(row, "FechaInicioPuesto")),
        tipo_empleado: row.opt("TipoEmpleado"),
        id_tarjeta: row.opt("IDTarjeta"),
        ocupacion: row.opt("Ocupacion"),
        activo: tri!(flag(row, "Activo")),
    };
    f.normalize();
    if f.tipo_empleado.is_none() {
        f.tipo_empleado = Some("Interno".into());
    }
    let fe = f.check(ctx.today);
    if !fe.0.is_empty() {
        return Ok(Err(first_field_error(fe, FIELDS, row)));
    }
    let existing = find_by_number_or_curp(&mut *conn, &f.num_empleado, &f.curp).await?;
    if existing.is_some() && existing == f.cve_supervisor {
        return Ok(Err(err(
            "JefeNumEmpleado",
            row.get("JefeNumEmpleado"),
            "validacion.supervisor",
        )));
    }
    if let Err(e) = check_unique(conn, &f, existing).await {
        let col = match e.code {
            "duplicado.curp" => "CURP",
            "duplicado.rfc" => "RFC",
            "duplicado.correo" => "Correo",
            _ => "NumEmpleado",
        };
        return Ok(Err(conflict_to_row(e, col, row)?));
    }
    match existing {
        Some(cve) => {
            let Some(current) = stored(conn, cve).await? else {
                return Ok(Ok(Outcome::SinCambios));
            };
            if f.fecha_ingreso.is_none() {
                f.fecha_ingreso = current.fecha_ingreso.clone();
            }
            let self_registered = identity::is_self_registered(conn, cve).await?;
            if current == f && !self_registered {
                return Ok(Ok(Outcome::SinCambios));
            }
            let (before, after) = (identifiers_of(&current), identifiers_of(&f));
            let changed = after.first_change(&before);
            if let Some(which) = changed
                && !identity::may_change(conn, &ctx.uploader_profiles, cve).await?
            {
                let col = match which {
                    "correo" => "Correo",
                    "curp" => "CURP",
                    _ => "RFC",
                };
                return Ok(Err(err(col, row.get(col), identity::PROTEGIDOS)));
            }
            save(conn, Some(cve), &f, now, false).await?;
            // Whoever registered first does not keep the hire's account.
            if changed.is_some() || self_registered {
                let sessions =
                    identity::void_account(conn, cve, identity::unix_of(now), now).await?;
                ctx.after_commit.push(Aftermath {
                    sessions,
                    nombre: f.nombre_empleado.clone(),
                    before,
                    after,
                });
            }
            Ok(Ok(Outcome::Actualizada))
        }
        None => {
            let cve = save(conn, None, &f, now, false).await?;
            // No password yet: the employee sets one with 'restablecer contraseña'.
            create_login(conn, cve, None, now).await?;
            Ok(Ok(Outcome::Insertada))
        }
    }
}
