//! Request and answer shapes of enrolment, requests and running a course.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Employees to enrol in a course.
#[derive(Deserialize, ToSchema)]
pub struct InscribirBody {
    /// `cve_empleado` of each employee (one, or a list smaller than the free seats).
    pub empleados: Vec<i64>,
    /// One employee into a full course joins the waiting list instead of being refused.
    #[serde(default)]
    pub lista_espera: bool,
}

/// An employee the enrolment refused, and why.
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct RechazoInscripcion {
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    /// The message code (`cursos.ya_inscrito`, `cursos.mismo_tema`, …).
    pub code: String,
    /// The message in the request's language.
    pub motivo: String,
}

/// What an enrolment call did.
#[derive(Serialize, ToSchema, Default)]
pub struct ResultadoInscripcion {
    pub resp: String,
    /// Employees who got a seat.
    pub inscritos: Vec<i64>,
    /// Employees put on the waiting list.
    pub en_espera: Vec<i64>,
    pub rechazados: Vec<RechazoInscripcion>,
}

/// Where to look for people pending the course's topic.
#[derive(Deserialize, ToSchema, Default)]
pub struct InscribirPendientesBody {
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
    #[serde(default)]
    pub cve_puesto: Option<i64>,
    /// Only count them.
    #[serde(default)]
    pub vista_previa: bool,
}

/// The people pending the course's topic, and what enrolling them did.
#[derive(Serialize, ToSchema)]
pub struct PendientesCurso {
    pub resp: String,
    /// How many were found (not in the course yet, within the caller's scope).
    pub candidatos: i64,
    /// Free seats.
    pub libres: i64,
    /// The candidates (preview) or the enrolled (commit).
    pub empleados: Vec<i64>,
    /// How many were enrolled (absent on a preview).
    pub inscritos: Option<i64>,
    pub rechazados: Vec<RechazoInscripcion>,
}

/// Cancelling an enrolment.
#[derive(Deserialize, ToSchema, Default)]
pub struct CancelarInscripcionBody {
    #[serde(default)]
    pub motivo: Option<String>,
}

/// The answer to cancelling an enrolment.
#[derive(Serialize, ToSchema)]
pub struct InscripcionCancelada {
    pub resp: String,
    /// The employee promoted from the waiting list into the freed seat, if any.
    pub promovido: Option<i64>,
}

/// Asking for a seat in a course (for oneself, or a Supervisor for a subordinate).
#[derive(Deserialize, ToSchema, Default)]
pub struct SolicitarBody {
    #[serde(default)]
    pub cve_empleado: Option<i64>,
}

/// The request created.
#[derive(Serialize, ToSchema)]
pub struct SolicitudCreada {
    pub resp: String,
    pub idsolicitud: i64,
    /// coordinador | analista
    pub etapa: String,
}

/// Accepting a request.
#[derive(Deserialize, ToSchema, Default)]
pub struct AceptarSolicitudBody {
    /// The coordinator accepting (their own `cve_empleado`) at the first step.
    #[serde(default)]
    pub cve_coordinador: Option<i64>,
}

/// The answer to accepting a request.
#[derive(Serialize, ToSchema)]
pub struct AceptarSolicitud {
    /// 1 on success.
    pub resp: i64,
    pub mensaje: String,
    /// analista (waits for the analyst) | resuelta
    pub etapa: String,
    /// 1 pending, 2 rejected, 3 accepted
    pub estatus: i64,
}

/// Rejecting a request.
#[derive(Deserialize, ToSchema, Default)]
pub struct RechazarSolicitudBody {
    #[serde(default)]
    pub motivo: Option<String>,
}

/// A two-step request as the notification modal shows it (spec: Notification `solicitud`).
#[derive(Serialize, ToSchema, Clone, Debug)]
pub struct SolicitudVista {
    pub idsolicitud: i64,
    pub cve_empleado: i64,
    pub nombre_empleado: String,
    pub cve_supervisor: Option<i64>,
    pub nombre_supervisor: Option<String>,
    pub cve_analista: Option<i64>,
    pub nombre_analista: Option<String>,
    pub cve_instructor: Option<i64>,
    pub nombre_instructor: Option<String>,
    pub cve_curso: i64,
    pub nombre_curso: String,
    pub fecha_curso: String,
    pub horario_curso: String,
    pub nombre_sala: Option<String>,
    /// The API path that accepts it.
    pub link_confirmar: String,
    /// The API path that rejects it.
    pub link_rechazar: String,
    pub subject: String,
    /// 1 pending, 2 'Rechazada', 3 'Aceptada'
    pub estatus: i64,
    /// coordinador | analista | resuelta
    pub etapa: String,
    /// Whether the caller may accept or reject it now.
    pub puede_resolver: bool,
}
