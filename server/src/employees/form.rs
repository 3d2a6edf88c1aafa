//! The employee form: every field as the screen and the bulk upload send it, its
//! normalisation and its checks (formats, catalogue references, unique identifiers).

use std::sync::LazyLock;

use regex::Regex;
use serde::Deserialize;
use sqlx::SqliteConnection;
use utoipa::ToSchema;

use crate::contract::{
    EMPLEADO_NOMBRE_MAX, EMPLEADO_PLANTAS_MAX, ID_TARJETA_MAX, NUM_EMPLEADO_MAX,
    NUM_EMPLEADO_PATTERN,
};
use crate::employees::db;
use crate::error::{AppError, AppResult, FieldErrors};
use crate::org::db as org;
use crate::validate::{is_curp, is_email, is_phone, is_rfc, lower, parse_date, pattern, upper};

static NUM_EMPLEADO: LazyLock<Regex> = LazyLock::new(|| pattern(NUM_EMPLEADO_PATTERN));

/// Employee types.
pub const TIPOS_EMPLEADO: &[&str] = &["Interno", "Externo", "Sindicalizado", "Confianza"];

/// Every field of an employee, as the form and the bulk upload send it.
#[derive(Deserialize, ToSchema, Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct EmployeeForm {
    pub num_empleado: String,
    pub nombre_empleado: String,
    pub curp: String,
    #[serde(default)]
    pub rfc_empleado: Option<String>,
    #[serde(default)]
    pub correo_empleado: Option<String>,
    #[serde(default)]
    pub telefono: Option<String>,
    /// H or M.
    #[serde(default)]
    pub genero: Option<String>,
    #[serde(default)]
    pub fecha_nacimiento: Option<String>,
    #[serde(default)]
    pub cve_puesto: Option<i64>,
    #[serde(default)]
    pub n2: Option<i64>,
    #[serde(default)]
    pub n3: Option<i64>,
    #[serde(default)]
    pub n4: Option<i64>,
    #[serde(default)]
    pub n5: Option<i64>,
    #[serde(default)]
    pub n6: Option<i64>,
    #[serde(default)]
    pub n7: Option<i64>,
    #[serde(default)]
    pub cve_planta: Option<i64>,
    /// Plants besides the main one.
    #[serde(default)]
    #[sqlx(skip)]
    pub plantas: Vec<i64>,
    #[serde(default)]
    pub cve_pais: Option<i64>,
    #[serde(default)]
    pub cve_estado: Option<i64>,
    #[serde(default)]
    pub cve_tipo_poblacion: Option<i64>,
    #[serde(default)]
    pub cve_supervisor: Option<i64>,
    #[serde(default)]
    pub fecha_ingreso: Option<String>,
    #[serde(default)]
    pub fecha_inicio_puesto: Option<String>,
    /// Interno, Externo, Sindicalizado or Confianza.
    #[serde(default)]
    pub tipo_empleado: Option<String>,
    #[serde(default)]
    pub id_tarjeta: Option<String>,
    /// National occupation catalogue key (e.g. `06.2`).
    #[serde(default)]
    pub ocupacion: Option<String>,
    #[serde(default = "crate::validate::one")]
    pub activo: i64,
}

fn clean(v: &mut Option<String>) {
    if let Some(s) = v {
        let t = s.trim();
        if t.is_empty() {
            *v = None;
        } else if t.len() != s.len() {
            *v = Some(t.to_string());
        }
    }
}

impl EmployeeForm {
    /// Trims every text, upper-cases CURP/RFC, lower-cases the e-mail, empties to None.
    pub fn normalize(&mut self) {
        self.num_empleado = self.num_empleado.trim().to_string();
        self.nombre_empleado = self
            .nombre_empleado
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.curp = upper(&self.curp);
        for v in [
            &mut self.rfc_empleado,
            &mut self.correo_empleado,
            &mut self.telefono,
            &mut self.genero,
            &mut self.fecha_nacimiento,
            &mut self.fecha_ingreso,
            &mut self.fecha_inicio_puesto,
            &mut self.tipo_empleado,
            &mut self.id_tarjeta,
            &mut self.ocupacion,
        ] {
            clean(v);
        }
        self.rfc_empleado = self.rfc_empleado.as_deref().map(upper);
        self.correo_empleado = self.correo_empleado.as_deref().map(lower);
        self.genero = self.genero.as_deref().map(upper);
        self.plantas.sort_unstable();
        self.plantas.dedup();
        if let Some(main) = self.cve_planta {
            self.plantas.retain(|p| *p != main);
        }
    }

    /// The checks that need no database: formats, lengths and required fields.
    pub fn check(&self, today: chrono::NaiveDate) -> FieldErrors {
        let mut fe = FieldErrors::default();
        let num_ok = self.num_empleado.chars().count() <= NUM_EMPLEADO_MAX
            && NUM_EMPLEADO.is_match(&self.num_empleado);
        fe.check(num_ok, "num_empleado", "validacion.num_empleado");
        fe.check(
            !self.nombre_empleado.is_empty(),
            "nombre_empleado",
            "validacion.campo_requerido",
        );
        fe.check_len(
            &self.nombre_empleado,
            EMPLEADO_NOMBRE_MAX,
            "nombre_empleado",
        );
        fe.check(is_curp(&self.curp), "curp", "validacion.curp");
        if let Some(r) = &self.rfc_empleado {
            fe.check(is_rfc(r), "rfc_empleado", "validacion.rfc");
        }
        if let Some(c) = &self.correo_empleado {
            fe.check(is_email(c), "correo_empleado", "validacion.correo");
        }
        if let Some(t) = &self.telefono {
            fe.check(is_phone(t), "telefono", "validacion.telefono");
        }
        if let Some(g) = &self.genero {
            fe.check(g == "H" || g == "M", "genero", "validacion.genero");
        }
        for (field, v) in [
            ("fecha_nacimiento", &self.fecha_nacimiento),
            ("fecha_ingreso", &self.fecha_ingreso),
            ("fecha_inicio_puesto", &self.fecha_inicio_puesto),
        ] {
            if let Some(d) = v {
                fe.check(
                    parse_date(d).is_some_and(|d| d <= today),
                    field,
                    "validacion.fecha",
                );
            }
        }
        fe.check(self.cve_puesto.is_some(), "cve_puesto", "validacion.puesto");
        for (field, v) in [("n2", self.n2), ("n3", self.n3), ("n4", self.n4)] {
            fe.check(v.is_some(), field, "validacion.estructura");
        }
        fe.check(
            !(self.n6.is_some() && self.n5.is_none() || self.n7.is_some() && self.n6.is_none()),
            "n5",
            "validacion.estructura",
        );
        if let Some(t) = &self.tipo_empleado {
            fe.check(
                TIPOS_EMPLEADO.contains(&t.as_str()),
                "tipo_empleado",
                "validacion.tipo_empleado",
            );
        }
        if let Some(t) = &self.id_tarjeta {
            fe.check_len(t, ID_TARJETA_MAX, "id_tarjeta");
        }
        fe.check(
            self.activo == 0 || self.activo == 1,
            "activo",
            "validacion.bandera",
        );
        fe.check(
            self.plantas.len() <= EMPLEADO_PLANTAS_MAX,
            "plantas",
            "validacion.planta",
        );
        fe
    }
}

/// The checks against the catalogues: the structure chain, position, plants, state,
/// country, population type, occupation and supervisor.
pub async fn check_references(
    conn: &mut SqliteConnection,
    f: &EmployeeForm,
    own: Option<i64>,
) -> AppResult<()> {
    let mut fe = FieldErrors::default();
    let mut parent: Option<i64> = None;
    for (nivel, field, v) in [
        (2, "n2", f.n2),
        (3, "n3", f.n3),
        (4, "n4", f.n4),
        (5, "n5", f.n5),
        (6, "n6", f.n6),
        (7, "n7", f.n7),
    ] {
        let Some(id) = v else { break };
        let row = org::node_level_and_parent(&mut *conn, id).await?;
        let ok = row.is_some_and(|(n, p)| n == nivel && (nivel == 2 || p == parent));
        fe.check(ok, field, "validacion.estructura");
        if !ok {
            break;
        }
        parent = Some(id);
    }
    if let Some(p) = f.cve_puesto {
        fe.check(
            org::active_position_exists(&mut *conn, p).await?,
            "cve_puesto",
            "validacion.puesto",
        );
    }
    for p in f.cve_planta.iter().chain(f.plantas.iter()) {
        let field = if Some(*p) == f.cve_planta {
            "cve_planta"
        } else {
            "plantas"
        };
        fe.check(
            org::plant_exists(&mut *conn, *p).await?,
            field,
            "validacion.planta",
        );
    }
    if let Some(e) = f.cve_estado {
        fe.check(
            org::state_exists(&mut *conn, e).await?,
            "cve_estado",
            "validacion.estado",
        );
    }
    if let Some(p) = f.cve_pais {
        fe.check(
            org::country_exists(&mut *conn, p).await?,
            "cve_pais",
            "validacion.pais",
        );
    }
    if let Some(t) = f.cve_tipo_poblacion {
        fe.check(
            org::population_type_exists(&mut *conn, t).await?,
            "cve_tipo_poblacion",
            "validacion.tipo_poblacion",
        );
    }
    if let Some(o) = &f.ocupacion {
        fe.check(
            org::occupation_exists(&mut *conn, o).await?,
            "ocupacion",
            "validacion.ocupacion",
        );
    }
    if let Some(s) = f.cve_supervisor {
        let ok = Some(s) != own && db::detail::exists(&mut *conn, s).await?;
        // A supervisor cannot be one of the employee's own subordinates (no cycles).
        let cycle = match own {
            Some(me) if ok => db::is_subordinate(&mut *conn, me, s).await?,
            _ => false,
        };
        fe.check(ok && !cycle, "cve_supervisor", "validacion.supervisor");
    }
    fe.into_result()
}

/// 409 when the number, CURP, RFC or e-mail belongs to another employee.
pub async fn check_unique(
    conn: &mut SqliteConnection,
    f: &EmployeeForm,
    own: Option<i64>,
) -> AppResult<()> {
    for (col, value, code) in [
        (
            "num_empleado",
            Some(f.num_empleado.as_str()),
            "duplicado.num_empleado",
        ),
        ("curp", Some(f.curp.as_str()), "duplicado.curp"),
        ("rfc_empleado", f.rfc_empleado.as_deref(), "duplicado.rfc"),
        (
            "correo_empleado",
            f.correo_empleado.as_deref(),
            "duplicado.correo",
        ),
    ] {
        if let Some(v) = value
            && db::unique_conflict(&mut *conn, col, v, own).await?
        {
            return Err(AppError::conflict(code));
        }
    }
    Ok(())
}
