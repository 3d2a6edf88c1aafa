//! What each bulk upload kind expects (template columns) and how a row is applied, one
//! file per kind. Rows go through the owning domains' own validating functions, so that
//! a row obeys the same rules as the form.

mod employees;
mod historial;
mod positions;
mod questions;
pub mod row;
mod structure;
mod topics;

use std::collections::{HashMap, HashSet};

use sqlx::SqliteConnection;

pub use self::row::{Row, RowError};
use crate::error::AppResult;
use crate::validate::fold;

/// The upload kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Empleados,
    Puestos,
    Estructura,
    Temas,
    Preguntas,
    /// Past accreditations into the plans ledger.
    Historial,
}

impl Kind {
    /// The kind named in a URL (`empleados`, `puestos`, …).
    pub fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "empleados" => Kind::Empleados,
            "puestos" => Kind::Puestos,
            "estructura" => Kind::Estructura,
            "temas" => Kind::Temas,
            "preguntas" => Kind::Preguntas,
            "historial" => Kind::Historial,
            _ => return None,
        })
    }

    /// The kind's name in URLs, file names and the history.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Empleados => "empleados",
            Kind::Puestos => "puestos",
            Kind::Estructura => "estructura",
            Kind::Temas => "temas",
            Kind::Preguntas => "preguntas",
            Kind::Historial => "historial",
        }
    }

    /// Template columns: (header, required, help, example).
    pub fn columns(self) -> &'static [(&'static str, bool, &'static str, &'static str)] {
        match self {
            Kind::Empleados => &[
                (
                    "NumEmpleado",
                    true,
                    "Número de empleado (clave de la carga)",
                    "10045",
                ),
                (
                    "Nombre",
                    true,
                    "Nombre completo",
                    "María Fernanda López Ruiz",
                ),
                ("CURP", true, "18 caracteres", "LORM900512MJCPZR07"),
                ("RFC", false, "12 o 13 caracteres", "LORM900512AB1"),
                (
                    "Correo",
                    false,
                    "Correo electrónico",
                    "maria.lopez@empresa.mx",
                ),
                ("Telefono", false, "Solo dígitos", "3312345678"),
                ("Genero", false, "H o M", "M"),
                ("FechaNacimiento", false, "AAAA-MM-DD", "1990-05-12"),
                ("N2", true, "Segmento (nombre)", "Manufactura"),
                ("N3", true, "Tipo de cliente (nombre)", "Corporativo"),
                ("N4", true, "Empresa (nombre)", "Sierra Madre Aceros"),
                ("N5", false, "Nivel 5 (nombre)", ""),
                ("N6", false, "Nivel 6 (nombre)", ""),
                ("N7", false, "Nivel 7 (nombre)", ""),
                (
                    "Puesto",
                    true,
                    "Puesto de la estructura",
                    "Operador de montacargas",
                ),
                ("Planta", false, "Planta de la empresa", ""),
                ("TipoPoblacion", false, "Tipo de población", ""),
                ("Estado", false, "Estado de la república", "Jalisco"),
                ("JefeNumEmpleado", false, "Número de empleado del jefe", ""),
                ("FechaIngreso", false, "AAAA-MM-DD", "2024-01-15"),
                ("FechaInicioPuesto", false, "AAAA-MM-DD", "2024-01-15"),
                (
                    "TipoEmpleado",
                    false,
                    "Interno, Externo, Sindicalizado o Confianza",
                    "Sindicalizado",
                ),
                ("IDTarjeta", false, "Tarjeta de acceso", ""),
                (
                    "Ocupacion",
                    false,
                    "Clave del catálogo nacional de ocupaciones",
                    "06.2",
                ),
                ("Activo", false, "SI o NO (SI por omisión)", "SI"),
            ],
            Kind::Puestos => &[
                ("N2", true, "Segmento (nombre)", "Manufactura"),
                ("N3", true, "Tipo de cliente (nombre)", "Corporativo"),
                ("N4", true, "Empresa (nombre)", "Sierra Madre Aceros"),
                ("N5", false, "Nivel 5 (nombre)", ""),
                ("N6", false, "Nivel 6 (nombre)", ""),
                ("N7", false, "Nivel 7 (nombre)", ""),
                (
                    "Puesto",
                    true,
                    "Nombre del puesto (único en la estructura)",
                    "Supervisor de calidad",
                ),
                (
                    "Descripcion",
                    false,
                    "Descripción",
                    "Supervisa la inspección de producto terminado",
                ),
                ("Activo", false, "SI o NO (SI por omisión)", "SI"),
            ],
            Kind::Estructura => &[
                ("N2", true, "Segmento", "Manufactura"),
                ("N3", false, "Tipo de cliente", "Corporativo"),
                ("N4", false, "Empresa", "Sierra Madre Aceros"),
                ("N5", false, "Nivel 5", "Dirección de Operaciones"),
                ("N6", false, "Nivel 6", "Gerencia de Producción"),
                ("N7", false, "Nivel 7", "Línea 1"),
            ],
            Kind::Temas => &[
                ("Abreviatura", true, "Única, hasta 20 caracteres", "SEG-101"),
                (
                    "Nombre",
                    true,
                    "Nombre del tema",
                    "Uso seguro de montacargas",
                ),
                ("AreaTematica", true, "Clave STPS: 1000 a 9000", "6000"),
                (
                    "Tipo",
                    true,
                    "Curso, Taller, Diplomado, Seminario, Plática o Certificación",
                    "Curso",
                ),
                (
                    "Modalidad",
                    false,
                    "PRESENCIAL, E_LEARNING o STREAMING",
                    "PRESENCIAL",
                ),
                ("DiasDuracion", false, "Días", "1"),
                ("HorasSesion", false, "Horas por sesión", "4"),
                ("MesesCertificacion", false, "0 = sin vencimiento", "12"),
                ("MinParticipantes", false, "Mínimo", "5"),
                ("MaxParticipantes", false, "Máximo", "20"),
                (
                    "ModeloEvaluacion",
                    false,
                    "conocimiento, teorico_practico o ninguno",
                    "conocimiento",
                ),
                ("CalificacionMinima", false, "70 (0-100) o 7 (1-10)", "80"),
                (
                    "CalificacionMinimaPractica",
                    false,
                    "3 (1-5), solo teórico-práctico",
                    "",
                ),
                (
                    "Prerrequisitos",
                    false,
                    "Abreviaturas separadas por coma",
                    "",
                ),
                (
                    "Descripcion",
                    false,
                    "Descripción",
                    "Operación segura conforme a la NOM-006-STPS",
                ),
                ("Autor", false, "Autor", "Seguridad Industrial"),
                ("Categoria", false, "Categoría", "Seguridad"),
                (
                    "Etiquetas",
                    false,
                    "Separadas por coma",
                    "montacargas, NOM-006",
                ),
                ("Precio", false, "Pesos (0 = gratis)", "0"),
                ("Activo", false, "SI o NO (SI por omisión)", "SI"),
            ],
            Kind::Historial => &[
                (
                    "NumEmpleado",
                    false,
                    "Número de empleado (o la CURP)",
                    "10045",
                ),
                (
                    "CURP",
                    false,
                    "18 caracteres (o el número de empleado)",
                    "LORM900512MJCPZR07",
                ),
                ("Abreviatura", true, "Abreviatura del tema", "NOM-035"),
                (
                    "FechaAcreditacion",
                    true,
                    "AAAA-MM-DD (o DD/MM/AAAA), no posterior a hoy",
                    "2024-05-20",
                ),
                (
                    "Calificacion",
                    false,
                    "En la escala del tema (0-100 o 1-10); vacía si no se evalúa",
                    "90",
                ),
                (
                    "Nota",
                    false,
                    "Fuente del registro (hasta 500 caracteres)",
                    "Lista de asistencia 2024, proveedor X",
                ),
            ],
            Kind::Preguntas => &[
                ("Abreviatura", true, "Abreviatura del tema", "SEG-101"),
                (
                    "Pregunta",
                    true,
                    "Texto de la pregunta",
                    "¿Cuál es la capacidad máxima indicada en la placa?",
                ),
                ("Tipo", true, "unica, multiple o abierta", "unica"),
                (
                    "Respuesta1",
                    false,
                    "Opción 1",
                    "La de la placa del fabricante",
                ),
                (
                    "Respuesta2",
                    false,
                    "Opción 2",
                    "La que indique el operador",
                ),
                ("Respuesta3", false, "Opción 3", ""),
                ("Respuesta4", false, "Opción 4", ""),
                ("Respuesta5", false, "Opción 5", ""),
                ("Respuesta6", false, "Opción 6", ""),
                (
                    "Correctas",
                    false,
                    "Números de las opciones correctas, separados por coma",
                    "1",
                ),
            ],
        }
    }
}

/// What a row did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Insertada,
    Actualizada,
    SinCambios,
}

/// Lookups loaded once per job and kept current as rows create things.
#[derive(Default)]
pub struct Ctx {
    nodes: HashMap<(i64, i64, String), i64>,
    positions: HashMap<(i64, String), i64>,
    plants: HashMap<(i64, String), i64>,
    states: HashMap<String, i64>,
    population: HashMap<String, i64>,
    occupations: HashSet<String>,
    areas: HashSet<i64>,
    topics: HashMap<String, i64>,
    /// The company's today, for the forms' date checks.
    pub today: chrono::NaiveDate,
    /// Who uploaded the file (recorded on the ledger rows a `historial` upload writes).
    pub uploader: Option<i64>,
    /// Every profile the uploader holds: a row changes an account's login identifiers only
    /// when these hold all of that account's permissions.
    pub uploader_profiles: Vec<i64>,
    /// Identifier changes of the batch being applied, announced once it commits.
    pub after_commit: Vec<crate::auth::identity::Aftermath>,
}

impl Ctx {
    /// Loads the lookups from the owning domains.
    pub async fn load(conn: &mut SqliteConnection, today: chrono::NaiveDate) -> AppResult<Ctx> {
        use crate::org::db as org;
        let mut c = Ctx {
            today,
            ..Ctx::default()
        };
        for (id, nivel, padre, nombre) in org::all_nodes(&mut *conn).await? {
            c.nodes
                .insert((nivel, padre.unwrap_or(0), fold(&nombre)), id);
        }
        for (id, s, p) in org::all_positions(&mut *conn).await? {
            c.positions.insert((s, fold(&p)), id);
        }
        for p in org::all_plants(&mut *conn).await? {
            c.plants
                .insert((p.cve_n4.unwrap_or(0), fold(&p.nombre)), p.cve_planta);
        }
        for e in org::states(&mut *conn).await? {
            c.states.insert(fold(&e.estado), e.cve_estado);
            c.states.insert(e.cve_estado.to_string(), e.cve_estado);
        }
        for t in org::population_types(&mut *conn).await? {
            c.population.insert(fold(&t.nombre), t.cve_tipo_poblacion);
        }
        c.occupations = org::occupations(&mut *conn)
            .await?
            .into_iter()
            .map(|o| o.clave)
            .collect();
        c.areas = org::thematic_areas(&mut *conn)
            .await?
            .into_iter()
            .map(|a| a.cve_area)
            .collect();
        for (id, a) in crate::topics::db::topic_abbreviations(&mut *conn).await? {
            c.topics.insert(a.to_lowercase(), id);
        }
        Ok(c)
    }
}

/// Applies one row of a kind. The outer error is a database failure (the batch rolls
/// back); the inner one a rejected row (nothing of it was written).
pub async fn apply(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    kind: Kind,
    row: &Row<'_>,
    now: &str,
) -> AppResult<Result<Outcome, RowError>> {
    match kind {
        Kind::Empleados => employees::apply(conn, ctx, row, now).await,
        Kind::Puestos => positions::apply(conn, ctx, row).await,
        Kind::Estructura => structure::apply(conn, ctx, row).await,
        Kind::Temas => topics::apply(conn, ctx, row, now).await,
        Kind::Preguntas => questions::apply(conn, ctx, row).await,
        Kind::Historial => historial::apply(conn, ctx, row, now).await,
    }
}
