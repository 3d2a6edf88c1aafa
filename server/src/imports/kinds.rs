//! What each bulk upload kind expects (template columns) and how a row is applied.

use std::collections::{HashMap, HashSet};

use sqlx::SqliteConnection;

use crate::employees::manage::{self as emp, EmployeeForm};
use crate::error::{AppError, AppResult};
use crate::topics::{self, TemaForm, questions};
use crate::validate::{fold, is_alphanumeric_text, parse_date};

/// The upload kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Empleados,
    Puestos,
    Estructura,
    Temas,
    Preguntas,
}

impl Kind {
    pub fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "empleados" => Kind::Empleados,
            "puestos" => Kind::Puestos,
            "estructura" => Kind::Estructura,
            "temas" => Kind::Temas,
            "preguntas" => Kind::Preguntas,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Empleados => "empleados",
            Kind::Puestos => "puestos",
            Kind::Estructura => "estructura",
            Kind::Temas => "temas",
            Kind::Preguntas => "preguntas",
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

/// Why a row was rejected.
#[derive(Debug, Clone)]
pub struct RowError {
    pub columna: String,
    pub valor: String,
    pub codigo: &'static str,
}

fn err(columna: &str, valor: &str, codigo: &'static str) -> RowError {
    RowError {
        columna: columna.to_string(),
        valor: valor.chars().take(200).collect(),
        codigo,
    }
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
    pub today: chrono::NaiveDate,
}

impl Ctx {
    pub async fn load(conn: &mut SqliteConnection, today: chrono::NaiveDate) -> AppResult<Ctx> {
        let mut c = Ctx {
            today,
            ..Ctx::default()
        };
        let rows: Vec<(i64, i64, Option<i64>, String)> =
            sqlx::query_as("SELECT cve_estructura, nivel, cve_padre, nombre FROM estructura")
                .fetch_all(&mut *conn)
                .await?;
        for (id, nivel, padre, nombre) in rows {
            c.nodes
                .insert((nivel, padre.unwrap_or(0), fold(&nombre)), id);
        }
        let rows: Vec<(i64, i64, String)> =
            sqlx::query_as("SELECT cve_puesto, cve_estructura, puesto FROM puestos")
                .fetch_all(&mut *conn)
                .await?;
        for (id, s, p) in rows {
            c.positions.insert((s, fold(&p)), id);
        }
        let rows: Vec<(i64, Option<i64>, String)> =
            sqlx::query_as("SELECT cve_planta, cve_n4, nombre FROM plantas")
                .fetch_all(&mut *conn)
                .await?;
        for (id, n4, p) in rows {
            c.plants.insert((n4.unwrap_or(0), fold(&p)), id);
        }
        let rows: Vec<(i64, String)> = sqlx::query_as("SELECT cve_estado, estado FROM estados")
            .fetch_all(&mut *conn)
            .await?;
        for (id, e) in rows {
            c.states.insert(fold(&e), id);
            c.states.insert(id.to_string(), id);
        }
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT cve_tipo_poblacion, nombre FROM tipos_poblacion")
                .fetch_all(&mut *conn)
                .await?;
        for (id, e) in rows {
            c.population.insert(fold(&e), id);
        }
        c.occupations = sqlx::query_scalar("SELECT clave FROM ocupaciones")
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .collect();
        c.areas = sqlx::query_scalar("SELECT cve_area FROM areas_tematicas")
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .collect();
        let rows: Vec<(i64, String)> = sqlx::query_as("SELECT cve_tema, abreviatura FROM temas")
            .fetch_all(&mut *conn)
            .await?;
        for (id, a) in rows {
            c.topics.insert(a.to_lowercase(), id);
        }
        Ok(c)
    }
}

/// A row with its columns by header.
pub struct Row<'a> {
    pub cells: &'a [String],
    pub index: &'a HashMap<&'static str, usize>,
}

impl Row<'_> {
    pub fn get(&self, col: &str) -> &str {
        self.index
            .get(col)
            .and_then(|&i| self.cells.get(i))
            .map(|s| s.trim())
            .unwrap_or("")
    }

    fn opt(&self, col: &str) -> Option<String> {
        let v = self.get(col);
        (!v.is_empty()).then(|| v.to_string())
    }
}

fn flag(row: &Row<'_>, col: &str) -> Result<i64, RowError> {
    match fold(row.get(col)).as_str() {
        "" | "si" | "1" | "s" | "true" => Ok(1),
        "no" | "0" | "n" | "false" => Ok(0),
        v => Err(err(col, v, "validacion.bandera")),
    }
}

fn date(row: &Row<'_>, col: &str) -> Result<Option<String>, RowError> {
    let v = row.get(col);
    if v.is_empty() {
        return Ok(None);
    }
    if parse_date(v).is_some() {
        return Ok(Some(v.to_string()));
    }
    chrono::NaiveDate::parse_from_str(v, "%d/%m/%Y")
        .map(|d| Some(d.format("%Y-%m-%d").to_string()))
        .map_err(|_| err(col, v, "validacion.fecha"))
}

fn int(row: &Row<'_>, col: &str, default: i64) -> Result<i64, RowError> {
    let v = row.get(col);
    if v.is_empty() {
        return Ok(default);
    }
    v.parse::<f64>()
        .ok()
        .filter(|f| f.fract() == 0.0)
        .map(|f| f as i64)
        .ok_or_else(|| err(col, v, "validacion.numero"))
}

fn real(row: &Row<'_>, col: &str) -> Result<Option<f64>, RowError> {
    let v = row.get(col);
    if v.is_empty() {
        return Ok(None);
    }
    v.replace(',', ".")
        .parse::<f64>()
        .map(Some)
        .map_err(|_| err(col, v, "validacion.numero"))
}

/// The structure path N2..N7 of a row, resolved against existing nodes.
fn path(ctx: &Ctx, row: &Row<'_>, required: usize) -> Result<Vec<i64>, RowError> {
    let mut out = Vec::new();
    let mut parent = 0;
    for (i, col) in ["N2", "N3", "N4", "N5", "N6", "N7"].iter().enumerate() {
        let v = row.get(col);
        if v.is_empty() {
            if i < required {
                return Err(err(col, v, "validacion.campo_requerido"));
            }
            break;
        }
        let Some(&id) = ctx.nodes.get(&(i as i64 + 2, parent, fold(v))) else {
            return Err(err(col, v, "validacion.estructura"));
        };
        out.push(id);
        parent = id;
    }
    Ok(out)
}

/// The first field error of a form, as a row error on the matching template column.
fn first_field_error(
    fe: crate::error::FieldErrors,
    columns: &[(&str, &str)],
    row: &Row<'_>,
) -> RowError {
    let (field, code) =
        fe.0.into_iter()
            .next()
            .unwrap_or(("".into(), "validacion.datos"));
    let col = columns
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, c)| *c)
        .unwrap_or("");
    err(
        if col.is_empty() { &field } else { col },
        row.get(col),
        code,
    )
}

fn conflict_to_row(e: AppError, col: &str, row: &Row<'_>) -> AppResult<RowError> {
    if e.status == axum::http::StatusCode::CONFLICT {
        Ok(err(col, row.get(col), e.code))
    } else {
        Err(e)
    }
}

const EMP_FIELDS: &[(&str, &str)] = &[
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
        Kind::Empleados => employee(conn, ctx, row, now).await,
        Kind::Puestos => position(conn, ctx, row).await,
        Kind::Estructura => structure(conn, ctx, row).await,
        Kind::Temas => topic(conn, ctx, row, now).await,
        Kind::Preguntas => question(conn, ctx, row).await,
    }
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Ok(Err(e)),
        }
    };
}

async fn employee(
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
            let found: Option<i64> =
                sqlx::query_scalar("SELECT cve_empleado FROM empleados WHERE num_empleado = ?")
                    .bind(&j)
                    .fetch_optional(&mut *conn)
                    .await?;
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
        return Ok(Err(first_field_error(fe, EMP_FIELDS, row)));
    }
    let existing: Option<i64> = sqlx::query_scalar(
        "SELECT cve_empleado FROM empleados WHERE num_empleado = ? UNION ALL SELECT cve_empleado FROM empleados WHERE curp = ? LIMIT 1",
    )
    .bind(&f.num_empleado)
    .bind(&f.curp)
    .fetch_optional(&mut *conn)
    .await?;
    if existing.is_some() && existing == f.cve_supervisor {
        return Ok(Err(err(
            "JefeNumEmpleado",
            row.get("JefeNumEmpleado"),
            "validacion.supervisor",
        )));
    }
    if let Err(e) = emp::check_unique(conn, &f, existing).await {
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
            if let Some(current) = emp::stored(conn, cve).await? {
                if f.fecha_ingreso.is_none() {
                    f.fecha_ingreso = current.fecha_ingreso.clone();
                }
                if current == f {
                    return Ok(Ok(Outcome::SinCambios));
                }
            }
            emp::save(conn, Some(cve), &f, now, false).await?;
            Ok(Ok(Outcome::Actualizada))
        }
        None => {
            let cve = emp::save(conn, None, &f, now, false).await?;
            // No password yet: the employee sets one with 'restablecer contraseña'.
            emp::create_login(conn, cve, "!", now).await?;
            Ok(Ok(Outcome::Insertada))
        }
    }
}

async fn position(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
) -> AppResult<Result<Outcome, RowError>> {
    let nodes = tri!(path(ctx, row, 3));
    let node = *nodes.last().unwrap_or(&0);
    let name = row.get("Puesto");
    if name.is_empty() {
        return Ok(Err(err("Puesto", name, "validacion.campo_requerido")));
    }
    if !is_alphanumeric_text(name) || name.chars().count() > 120 {
        return Ok(Err(err("Puesto", name, "validacion.alfanumerico")));
    }
    let desc = row.opt("Descripcion");
    if desc.as_ref().is_some_and(|d| d.chars().count() > 500) {
        return Ok(Err(err(
            "Descripcion",
            row.get("Descripcion"),
            "validacion.texto_largo",
        )));
    }
    let activo = tri!(flag(row, "Activo"));
    match ctx.positions.get(&(node, fold(name))).copied() {
        Some(id) => {
            let current: Option<(Option<String>, i64)> =
                sqlx::query_as("SELECT descripcion, activo FROM puestos WHERE cve_puesto = ?")
                    .bind(id)
                    .fetch_optional(&mut *conn)
                    .await?;
            if current == Some((desc.clone(), activo)) {
                return Ok(Ok(Outcome::SinCambios));
            }
            sqlx::query("UPDATE puestos SET descripcion = ?, activo = ? WHERE cve_puesto = ?")
                .bind(&desc)
                .bind(activo)
                .bind(id)
                .execute(&mut *conn)
                .await?;
            Ok(Ok(Outcome::Actualizada))
        }
        None => {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO puestos (puesto, cve_estructura, descripcion, activo) VALUES (?, ?, ?, ?) RETURNING cve_puesto",
            )
            .bind(name)
            .bind(node)
            .bind(&desc)
            .bind(activo)
            .fetch_one(&mut *conn)
            .await?;
            ctx.positions.insert((node, fold(name)), id);
            Ok(Ok(Outcome::Insertada))
        }
    }
}

async fn structure(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
) -> AppResult<Result<Outcome, RowError>> {
    // Validate the whole path before creating anything.
    let cols = ["N2", "N3", "N4", "N5", "N6", "N7"];
    let mut names = Vec::new();
    for col in cols {
        let v = row.get(col);
        if v.is_empty() {
            break;
        }
        if !is_alphanumeric_text(v) || v.chars().count() > 120 {
            return Ok(Err(err(col, v, "validacion.alfanumerico")));
        }
        names.push(v);
    }
    if names.is_empty() {
        return Ok(Err(err("N2", "", "validacion.campo_requerido")));
    }
    if cols
        .iter()
        .skip(names.len())
        .any(|c| !row.get(c).is_empty())
    {
        return Ok(Err(err(cols[names.len()], "", "validacion.estructura")));
    }
    let mut parent = 0;
    let mut created = false;
    for (i, name) in names.iter().enumerate() {
        let nivel = i as i64 + 2;
        let key = (nivel, parent, fold(name));
        let id = match ctx.nodes.get(&key) {
            Some(id) => *id,
            None => {
                let id: i64 = sqlx::query_scalar(
                    "INSERT INTO estructura (nivel, nombre, cve_padre) VALUES (?, ?, ?) RETURNING cve_estructura",
                )
                .bind(nivel)
                .bind(*name)
                .bind((parent != 0).then_some(parent))
                .fetch_one(&mut *conn)
                .await?;
                ctx.nodes.insert(key, id);
                created = true;
                id
            }
        };
        parent = id;
    }
    Ok(Ok(if created {
        Outcome::Insertada
    } else {
        Outcome::SinCambios
    }))
}

const TOPIC_FIELDS: &[(&str, &str)] = &[
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

async fn topic(
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
        return Ok(Err(first_field_error(fe, TOPIC_FIELDS, row)));
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
            if let Some(mut current) = topics::stored(conn, cve).await? {
                // Fields the template has no column for keep their value.
                current.requiere_instructor = f.requiere_instructor;
                current.requiere_sala = f.requiere_sala;
                current.ecommerce = f.ecommerce;
                current.video = None;
                current.dias_limite = f.dias_limite;
                if current == f {
                    return Ok(Ok(Outcome::SinCambios));
                }
            }
            let keep: Option<(i64, i64, Option<String>, i64)> = sqlx::query_as(
                "SELECT requiere_instructor, requiere_sala, video, dias_limite FROM temas WHERE cve_tema = ?",
            )
            .bind(cve)
            .fetch_optional(&mut *conn)
            .await?;
            let mut f = f;
            if let Some((ri, rs, v, dl)) = keep {
                f.requiere_instructor = ri;
                f.requiere_sala = rs;
                f.video = v;
                f.dias_limite = dl;
            }
            let ec: Option<i64> =
                sqlx::query_scalar("SELECT ecommerce FROM temas WHERE cve_tema = ?")
                    .bind(cve)
                    .fetch_optional(&mut *conn)
                    .await?;
            f.ecommerce = ec.unwrap_or(0);
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

async fn question(
    conn: &mut SqliteConnection,
    ctx: &mut Ctx,
    row: &Row<'_>,
) -> AppResult<Result<Outcome, RowError>> {
    let abbr = row.get("Abreviatura");
    let Some(&cve) = ctx.topics.get(&abbr.to_lowercase()) else {
        return Ok(Err(err("Abreviatura", abbr, "validacion.tema")));
    };
    let mut correctas = HashSet::new();
    for c in row
        .get("Correctas")
        .split([',', ';', ' '])
        .filter(|c| !c.is_empty())
    {
        match c.parse::<usize>() {
            Ok(n) if (1..=6).contains(&n) && !row.get(&format!("Respuesta{n}")).is_empty() => {
                correctas.insert(n);
            }
            _ => {
                return Ok(Err(err(
                    "Correctas",
                    row.get("Correctas"),
                    "validacion.correctas",
                )));
            }
        }
    }
    let respuestas = (1..=6)
        .filter_map(|n| {
            let t = row.get(&format!("Respuesta{n}"));
            (!t.is_empty()).then(|| questions::Respuesta {
                id_respuesta: 0,
                texto: t.to_string(),
                correcta: correctas.contains(&n),
            })
        })
        .collect();
    let mut f = questions::PreguntaForm {
        pregunta: row.get("Pregunta").to_string(),
        tipo: fold(row.get("Tipo")),
        respuestas,
    };
    let fe = f.normalize_and_check();
    if !fe.0.is_empty() {
        return Ok(Err(first_field_error(
            fe,
            &[
                ("pregunta", "Pregunta"),
                ("tipo", "Tipo"),
                ("respuestas", "Correctas"),
            ],
            row,
        )));
    }
    let existing: Option<(i64, String)> = sqlx::query_as(
        "SELECT id_pregunta, tipo FROM preguntas WHERE cve_tema = ? AND pregunta = ?",
    )
    .bind(cve)
    .bind(&f.pregunta)
    .fetch_optional(&mut *conn)
    .await?;
    match existing {
        Some((id, tipo)) => {
            let current: Vec<(String, bool)> = sqlx::query_as(
                "SELECT texto, correcta FROM respuestas WHERE id_pregunta = ? ORDER BY orden",
            )
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
            let new: Vec<(String, bool)> = f
                .respuestas
                .iter()
                .map(|r| (r.texto.clone(), r.correcta))
                .collect();
            if tipo == f.tipo && current == new {
                return Ok(Ok(Outcome::SinCambios));
            }
            questions::save(conn, cve, Some(id), &f).await?;
            Ok(Ok(Outcome::Actualizada))
        }
        None => {
            questions::save(conn, cve, None, &f).await?;
            Ok(Ok(Outcome::Insertada))
        }
    }
}
