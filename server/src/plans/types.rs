//! Shared types of the plans domain: requirement programs and targets, who acts, where an
//! employee sits, the ledger's input, and the plan shapes the consultation answers with.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::perms::{Scope, SessionUser};

/// The screen family a requirement belongs to.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Programa {
    Institucional,
    Formacion,
    Especifica,
    Planta,
    Empleado,
    Bloque,
}

impl Programa {
    /// Every program, in the order the screens list them.
    pub const ALL: [Programa; 6] = [
        Programa::Institucional,
        Programa::Formacion,
        Programa::Especifica,
        Programa::Planta,
        Programa::Empleado,
        Programa::Bloque,
    ];

    /// Its flag in `plan_empleados_temas.programas` (the SQL twin is `db::programa_bit_sql!`).
    pub fn bit(self) -> i64 {
        match self {
            Programa::Institucional => 1,
            Programa::Formacion => 2,
            Programa::Especifica => 4,
            Programa::Planta => 8,
            Programa::Empleado => 16,
            Programa::Bloque => 32,
        }
    }

    /// The stored value (`plan_requerimientos.programa`).
    pub fn as_str(self) -> &'static str {
        match self {
            Programa::Institucional => "institucional",
            Programa::Formacion => "formacion",
            Programa::Especifica => "especifica",
            Programa::Planta => "planta",
            Programa::Empleado => "empleado",
            Programa::Bloque => "bloque",
        }
    }

    /// Reads a stored value.
    pub fn parse(s: &str) -> Option<Programa> {
        Programa::ALL.into_iter().find(|p| p.as_str() == s)
    }

    /// The section that manages it: plan.institucional | plan.formacion | plan.especifica |
    /// plan.por_planta | plan.temas_empleados | catalogos.asignacion_bloques
    pub fn seccion(self) -> &'static str {
        match self {
            Programa::Institucional => super::SECCION_INSTITUCIONAL,
            Programa::Formacion => super::SECCION_FORMACION,
            Programa::Especifica => super::SECCION_ESPECIFICA,
            Programa::Planta => super::SECCION_POR_PLANTA,
            Programa::Empleado => super::SECCION_TEMAS_EMPLEADOS,
            Programa::Bloque => super::SECCION_ASIGNACION_BLOQUES,
        }
    }
}

/// The kind of target a requirement reaches.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DestinoTipo {
    Estructura,
    Puesto,
    Planta,
    Empleado,
}

impl DestinoTipo {
    /// The stored value (`plan_requerimientos.destino_tipo`).
    pub fn as_str(self) -> &'static str {
        match self {
            DestinoTipo::Estructura => "estructura",
            DestinoTipo::Puesto => "puesto",
            DestinoTipo::Planta => "planta",
            DestinoTipo::Empleado => "empleado",
        }
    }

    /// Reads a stored value.
    pub fn parse(s: &str) -> Option<DestinoTipo> {
        match s {
            "estructura" => Some(DestinoTipo::Estructura),
            "puesto" => Some(DestinoTipo::Puesto),
            "planta" => Some(DestinoTipo::Planta),
            "empleado" => Some(DestinoTipo::Empleado),
            _ => None,
        }
    }
}

/// One target of a requirement: a structure node (any level), a position, a plant or an
/// employee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Destino {
    pub tipo: DestinoTipo,
    pub id: i64,
}

/// Who acts: a session user, or the system (demo, bench, migration) with scope Todos.
#[derive(Clone, Copy, Debug)]
pub struct Actor {
    pub cve_empleado: Option<i64>,
    pub scope: Scope,
}

impl Actor {
    /// The system itself: no employee, sees everything.
    pub fn system() -> Actor {
        Actor {
            cve_empleado: None,
            scope: Scope::Todos,
        }
    }
}

impl From<&SessionUser> for Actor {
    fn from(u: &SessionUser) -> Actor {
        Actor {
            cve_empleado: Some(u.cve_empleado),
            scope: u.scope,
        }
    }
}

/// Where an employee sits, as the derivation sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub cve_empleado: i64,
    /// Active and not logically deleted: only then has the employee a plan.
    pub activo: bool,
    /// n2..n7
    pub niveles: [Option<i64>; 6],
    pub cve_puesto: Option<i64>,
    pub cve_planta: Option<i64>,
}

/// The enabled requirements reaching an employee before a change (ids, ascending).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlanSnapshot(pub Vec<i64>);

/// Where a ledger fact comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Origen {
    Curso,
    Examen,
    Scorm,
    CertificacionExterna,
    Historial,
    Manual,
}

impl Origen {
    /// The stored value (`plan_acreditaciones.origen`).
    pub fn as_str(self) -> &'static str {
        match self {
            Origen::Curso => "curso",
            Origen::Examen => "examen",
            Origen::Scorm => "scorm",
            Origen::CertificacionExterna => "certificacion_externa",
            Origen::Historial => "historial",
            Origen::Manual => "manual",
        }
    }

    /// Reads a stored value.
    pub fn parse(s: &str) -> Option<Origen> {
        [
            Origen::Curso,
            Origen::Examen,
            Origen::Scorm,
            Origen::CertificacionExterna,
            Origen::Historial,
            Origen::Manual,
        ]
        .into_iter()
        .find(|o| o.as_str() == s)
    }
}

/// One ledger fact to record.
#[derive(Clone, Debug)]
pub struct NuevaAcreditacion<'a> {
    pub cve_empleado: i64,
    pub cve_tema: i64,
    pub fecha: chrono::NaiveDate,
    pub calificacion: Option<f64>,
    pub origen: Origen,
    /// Identifies the source record within `origen` ("" when none). Part of the idempotency key.
    pub referencia: &'a str,
    /// Required (non-blank, <= PLAN_MOTIVO_MAX) when origen = Manual.
    pub motivo: Option<&'a str>,
    /// <= PLAN_NOTA_MAX.
    pub nota: Option<&'a str>,
    pub registrado_por: Option<i64>,
    /// The source's own verdict (a closed course decides pass or fail from attendance and
    /// its pass marks): Some overrides the grade rule, None applies it.
    pub resultado: Option<bool>,
}

/// What a ledger write did, with the `id_acreditacion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registro {
    Insertada(i64),
    Actualizada(i64),
    SinCambios(i64),
}

impl Registro {
    /// The `id_acreditacion` written or found.
    pub fn id(self) -> i64 {
        match self {
            Registro::Insertada(id) | Registro::Actualizada(id) | Registro::SinCambios(id) => id,
        }
    }
}

/// A topic of an employee's plan (spec: Planned topic). The course fields stay null until
/// courses exist; the shape is the spec's.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TemaPlaneado {
    pub cve_tema: i64,
    pub cve_curso: Option<i64>,
    pub cve_inscripcion_ai: Option<i64>,
    pub nombre: String,
    pub abreviatura: String,
    pub link_img: Option<String>,
    pub link: Option<String>,
    /// 1 mandatory, 0 optional.
    pub obligatoria: i64,
    /// "1" when a prerequisite topic is not Acreditado.
    pub prerrequisito: String,
    pub material: Option<String>,
    pub meeting: Option<String>,
    pub accion: Option<String>,
    pub presentar_examen: Option<String>,
    pub intentos: Option<i64>,
    pub intentos_disponibles: Option<i64>,
    pub confirmado: Option<String>,
    pub calificacion: Option<f64>,
    pub fecha_curso: Option<String>,
    pub estatus_material: Option<String>,
    pub manual_participante: Option<String>,
    pub tipo_manual_participante: Option<String>,
    pub clave_scorm: Option<String>,
    pub modalidad: String,
    pub horas: f64,
    /// Pendiente | Acreditado | No acreditado | Vencido
    pub estado: String,
    pub fecha_acreditacion: Option<String>,
    pub vigencia: Option<String>,
    /// `desde` + `dias_limite` of the reaching requirements.
    pub fecha_limite: Option<String>,
    pub requerido_por: Vec<Programa>,
    /// Whether the course material may be opened today (the access window; SCORM always).
    pub acceso: bool,
    pub dias_acceso: Option<i64>,
    /// Place on the course's waiting list.
    pub turno_espera: Option<i64>,
    /// "1" when the course is closed, "0" open; null without a course.
    pub curso_cerrado: Option<String>,
    /// PRESENCIAL | VIRTUAL | STREAMING | E_LEARNING | AUTOESTUDIO
    pub modalidad_curso: Option<String>,
    /// Start time of the course's first session (HH:MM, company-local).
    pub hora_curso: Option<String>,
    /// The employee's course of this topic has a survey they can answer now and have not.
    pub encuesta_pendiente: bool,
    /// The employee's own rating of the topic (0.5–5), if they rated it.
    pub mi_rating: Option<f64>,
}

/// A topic of a block in the plan (spec: Block temas).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TemaDeBloque {
    pub cve_tema: i64,
    pub nombre: String,
    /// E_LEARNING | PRESENCIAL | STREAMING
    pub modalidad: String,
    /// "1" Acreditado, "0" otherwise.
    pub acreditado: String,
    pub estado: String,
}

/// A block assigned to the employee (spec: Block).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct BloquePlan {
    pub id_bloque: i64,
    pub nombre_bloque: String,
    /// The block type's name.
    pub tipo_bloque: String,
    pub id_tipo_bloque: i64,
    pub nombre_tipo_bloque: String,
    pub descripcion: String,
    pub imagen_url: Option<String>,
    pub precio: i64,
    pub rating: Option<f64>,
    pub total_horas: f64,
    /// "1" when every topic is Acreditado.
    pub estatus: String,
    pub porcentaje_avance: f64,
    pub temas: Vec<TemaDeBloque>,
    /// "1" bought (the store is a later issue: always "0").
    pub comprado: String,
    pub capacidad_asistencia: i64,
    pub total_asistentes: i64,
    /// Virtual | Presencial | Mixto
    pub modalidad: Option<String>,
}
