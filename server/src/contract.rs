//! What the server publishes for its clients besides the routes: the limits of every
//! form field (declared once here, checked by the domains, written into the OpenAPI
//! request-body schemas) and the full list of error codes. The web app generates its
//! types, form limits and message checks from that document, so they cannot drift.

use serde_json::{Map, Value, json};

// Shared formats (validate.rs).

/// Names of catalogue items: letters, digits, spaces and `.,-'&()/#°`
/// (`validate::is_alphanumeric_text`). Unicode-mode regular expression.
pub const NAME_PATTERN: &str = r"^[\p{L}\p{N} .,\-'&()/#°]+$";
/// CURP in the official format (`validate::is_curp`).
pub const CURP_PATTERN: &str = r"^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[HMX](AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$";
/// Characters of a CURP.
pub const CURP_LEN: usize = 18;
/// RFC of a company (12) or a person (13) (`validate::is_rfc`).
pub const RFC_PATTERN: &str = r"^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{2}[A\d]$";
/// Shortest RFC (a company's).
pub const RFC_MIN: usize = 12;
/// Longest RFC (a person's).
pub const RFC_MAX: usize = 13;
/// E-mail (`validate::is_email`).
pub const EMAIL_PATTERN: &str =
    r"^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}$";
/// Longest e-mail.
pub const EMAIL_MAX: usize = 150;
/// Phone: 8 to 15 digits (`validate::is_phone`). ASCII digits: `\d` would take any
/// Unicode digit on the server (regex crate) but only 0-9 in the browser.
pub const PHONE_PATTERN: &str = r"^[0-9]{8,15}$";
/// Longest phone (digits).
pub const PHONE_MAX: usize = 15;
/// Shortest phone (digits).
pub const PHONE_MIN: usize = 8;
/// An ISO date (`validate::parse_date`).
/// Longest task title and description (dashboard 'Tareas').
pub const TAREA_TITULO_MAX: usize = 100;
pub const TAREA_DESCRIPCION_MAX: usize = 1000;
/// Longest welcome slide title and text, news title and short description.
pub const SLIDE_TITULO_MAX: usize = 120;
pub const SLIDE_TEXTO_MAX: usize = 2000;
pub const NOTICIA_TITULO_MAX: usize = 120;
pub const NOTICIA_DESCRIPCION_MAX: usize = 300;
/// Longest question to the help assistant.
pub const ASISTENTE_PREGUNTA_MAX: usize = 300;

pub const DATE_PATTERN: &str = r"^\d{4}-\d{2}-\d{2}$";
/// Longest http(s) URL (`resources::is_http_url`).
pub const URL_MAX: usize = 500;

// Topics (topics/mod.rs `TemaForm::normalize_and_check`).

/// Topic abbreviation: letters, digits, `-`, `_`, `.`.
pub const TEMA_ABREVIATURA_PATTERN: &str = r"^[\p{L}\p{N}\-_.]+$";
/// Longest topic abbreviation.
pub const TEMA_ABREVIATURA_MAX: usize = 20;
/// Longest topic name.
pub const TEMA_NOMBRE_MAX: usize = 200;
/// Longest topic description.
pub const TEMA_DESCRIPCION_MAX: usize = 5000;
/// Longest topic author and category.
pub const TEMA_TEXTO_MAX: usize = 150;
/// Most tags on a topic.
pub const TEMA_ETIQUETAS_MAX: usize = 20;
/// Longest tag.
pub const TEMA_ETIQUETA_MAX: usize = 40;
/// Course length in days.
pub const TEMA_DIAS_DURACION: (i64, i64) = (1, 365);
/// Hours per session.
pub const TEMA_HORAS_SESION: (f64, f64) = (0.5, 24.0);
/// Months a certification lasts (0 = forever).
pub const TEMA_MESES_CERTIFICACION: (i64, i64) = (0, 600);
/// Participants per course (minimum and maximum fields alike).
pub const TEMA_PARTICIPANTES: (i64, i64) = (1, 10_000);
/// Days to finish (0 = no limit).
pub const TEMA_DIAS_LIMITE: (i64, i64) = (0, 3650);
/// Price in centavos (topics and blocks).
pub const PRECIO: (i64, i64) = (0, 10_000_000_000);
/// Thematic area key (1000, 2000 … 9000).
pub const TEMA_AREA: (i64, i64) = (1000, 9000);

// Activities (topics/extras.rs `Actividad::check`).

/// Longest activity title.
pub const ACTIVIDAD_TITULO_MAX: usize = 150;
/// Longest activity description.
pub const ACTIVIDAD_DESCRIPCION_MAX: usize = 3000;
/// Days after the course to hand the activity in.
pub const ACTIVIDAD_DIAS_ENTREGA: (i64, i64) = (0, 365);
/// Character limit of a text answer.
pub const ACTIVIDAD_LIMITE_CARACTERES: (i64, i64) = (1, 10_000);

// Topic groups (topics/extras.rs `save_group`).

/// Longest topic-group name.
pub const GRUPO_NOMBRE_MAX: usize = 150;
/// Longest topic-group description.
pub const GRUPO_DESCRIPCION_MAX: usize = 1000;

// Questions (topics/questions.rs `PreguntaForm::normalize_and_check`).

/// Longest question.
pub const PREGUNTA_MAX: usize = 1000;
/// Longest answer option.
pub const RESPUESTA_MAX: usize = 500;
/// Longest exam description.
pub const EXAMEN_DESCRIPCION_MAX: usize = 2000;
/// Longest answer to an open exam question.
pub const EXAMEN_ABIERTA_MAX: usize = 2000;
/// Most answer options.
pub const RESPUESTAS_MAX: usize = 10;

// Employees (employees/manage.rs `EmployeeForm::check`, `add_absence`).

/// Employee number: ASCII letters, digits and `-`.
pub const NUM_EMPLEADO_PATTERN: &str = r"^[A-Za-z0-9\-]+$";
/// Longest employee number.
pub const NUM_EMPLEADO_MAX: usize = 30;
/// Longest employee name.
pub const EMPLEADO_NOMBRE_MAX: usize = 120;
/// Longest card id.
pub const ID_TARJETA_MAX: usize = 40;
/// Longest name in the self-registration and the own-profile update (the employee
/// form allows `EMPLEADO_NOMBRE_MAX`).
pub const REGISTRO_NOMBRE_MAX: usize = 150;
/// Longest employee number asked for in a self-registration.
pub const REGISTRO_NUM_EMPLEADO_MAX: usize = 40;
/// Most extra plants of an employee.
pub const EMPLEADO_PLANTAS_MAX: usize = 50;
/// Longest absence reason.
pub const AUSENCIA_MOTIVO_MAX: usize = 200;

// Org (org/catalog.rs `check_name`, `create_position`).

/// Longest structure node, position or plant name.
pub const ORG_NOMBRE_MAX: usize = 120;
/// Longest position description.
pub const PUESTO_DESCRIPCION_MAX: usize = 500;
/// Structure levels N2–N7.
pub const ESTRUCTURA_NIVEL: (i64, i64) = (2, 7);

// Training resources (resources/mod.rs `Institucion`, `Instructor`, `Sede`, `Sala`).

/// Longest institution, contact, instructor, speciality and venue name.
pub const RECURSO_NOMBRE_MAX: usize = 150;
/// Institution phone: digits and dashes, at least 7 digits.
pub const TELEFONO_GUIONES_PATTERN: &str = r"^-*(?:[0-9]-*){7,}$";
/// Longest institution phone, dashes included.
pub const TELEFONO_GUIONES_MAX: usize = 20;
/// Instructor name: letters, spaces, dots and apostrophes.
pub const PERSONA_NOMBRE_PATTERN: &str = r"^[\p{L} .']+$";
/// Instructor user: ASCII letters, digits and `._-@`.
pub const USUARIO_PATTERN: &str = r"^[A-Za-z0-9._\-@]+$";
/// Longest instructor user.
pub const USUARIO_MAX: usize = 60;
/// STPS registration: ASCII letters, digits, `-` and `/`.
pub const REGISTRO_STPS_PATTERN: &str = r"^[A-Za-z0-9\-/]+$";
/// Longest STPS registration.
pub const REGISTRO_STPS_MAX: usize = 40;
/// Longest venue address.
pub const SEDE_DIRECCION_MAX: usize = 300;
/// Longest room name.
pub const SALA_NOMBRE_MAX: usize = 100;
/// Room capacity.
pub const SALA_CAPACIDAD: (i64, i64) = (1, 10_000);

// Blocks (blocks/mod.rs `create_type`, `BloqueForm::check`).

/// Longest block-type name.
pub const TIPO_BLOQUE_NOMBRE_MAX: usize = 100;
/// Longest block name.
pub const BLOQUE_NOMBRE_MAX: usize = 150;
/// Longest block description.
pub const BLOQUE_DESCRIPCION_MAX: usize = 5000;
/// Attendance capacity (0 = no limit).
pub const BLOQUE_CAPACIDAD: (i64, i64) = (0, 100_000);

// Surveys (surveys/form.rs).

/// Longest survey template name and dashboard survey title.
pub const ENCUESTA_NOMBRE_MAX: usize = 150;
/// Longest template description.
pub const ENCUESTA_DESCRIPCION_MAX: usize = 1000;
/// Longest survey question.
pub const ENCUESTA_PREGUNTA_MAX: usize = 500;
/// Longest answer option.
pub const ENCUESTA_RESPUESTA_MAX: usize = 200;
/// Questions of a course survey template.
pub const ENCUESTA_PREGUNTAS_MAX: usize = 30;
/// Questions of a dashboard survey.
pub const ENCUESTA_DASHBOARD_PREGUNTAS_MAX: usize = 10;

// STPS data for the DC-3 (org/dc3.rs `check_registro`, `update_company`, `check_person`,
// `check_establishment`).

/// IMSS employer registration: 11 ASCII letters or digits.
pub const REGISTRO_PATRONAL_PATTERN: &str = r"^[A-Za-z0-9]{11}$";
/// Characters of an employer registration.
pub const REGISTRO_PATRONAL_LEN: usize = 11;
/// Workers of a company.
pub const NUM_TRABAJADORES: (i64, i64) = (0, 10_000_000);
/// Longest company legal name.
pub const RAZON_SOCIAL_MAX: usize = 200;
/// Longest representative name and position.
pub const REPRESENTANTE_TEXTO_MAX: usize = 150;
/// Longest establishment address.
pub const DOMICILIO_MAX: usize = 300;

// Passwords (auth/password.rs `check_rules`, auth/login.rs `login`).

/// Longest password, in bytes (not published: JSON Schema counts characters).
pub const CONTRASENA_MAX: usize = 128;

// Notifications (notifications/notify.rs `check`) and API keys (apis/mod.rs `create_api`).

/// Longest notification title.
pub const NOTIFICACION_TITULO_MAX: usize = 150;
/// Longest notification content.
pub const NOTIFICACION_CONTENIDO_MAX: usize = 2000;
/// Longest API-key name.
pub const API_NOMBRE_MAX: usize = 100;

// Company configuration (settings/mod.rs `apply_patch`).

/// Longest Microsoft Teams setting (tenant id, client id, organiser).
pub const CIA_TEAMS_MAX: usize = 200;

// Training plans (plans/ledger.rs `record_accreditation`, plans/requirements.rs).

/// Longest reason of a manual accreditation or of disabling a requirement.
pub const PLAN_MOTIVO_MAX: usize = 500;
/// Longest source note of an accreditation.
pub const PLAN_NOTA_MAX: usize = 500;
/// Days to complete a required topic.
pub const PLAN_DIAS_LIMITE: (i64, i64) = (1, 3650);
/// Most targets (positions, employees, structure nodes) of one request.
pub const PLAN_DESTINOS_MAX: usize = 15_000;
/// Most topics of one request.
pub const PLAN_TEMAS_MAX: usize = 200;
/// Longest plan search text.
pub const PLAN_BUSCAR_MAX: usize = 100;

/// One published rule on a field.
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// Most characters (Unicode scalar values, as the server counts them).
    MaxLength(usize),
    /// Fewest characters, after trimming.
    MinLength(usize),
    /// Unicode-mode regular expression the trimmed value matches.
    Pattern(&'static str),
    /// Smallest number (inclusive).
    Minimum(f64),
    /// Largest number (inclusive).
    Maximum(f64),
    /// Most items of an array.
    MaxItems(usize),
    /// The rules apply to each item of an array field.
    Items(&'static [Rule]),
}

/// The rules of one field of one request-body schema.
#[derive(Debug)]
pub struct Limit {
    /// Schema name in the OpenAPI components.
    pub schema: &'static str,
    /// Property of that schema.
    pub field: &'static str,
    /// What the server checks on it.
    pub rules: &'static [Rule],
}

const fn limit(schema: &'static str, field: &'static str, rules: &'static [Rule]) -> Limit {
    Limit {
        schema,
        field,
        rules,
    }
}

use Rule::{Items, MaxItems, MaxLength, Maximum, MinLength, Minimum, Pattern};

const fn range((lo, hi): (i64, i64)) -> [Rule; 2] {
    [Minimum(lo as f64), Maximum(hi as f64)]
}

const ORG_NAME: &[Rule] = &[
    MinLength(1),
    MaxLength(ORG_NOMBRE_MAX),
    Pattern(NAME_PATTERN),
];
const RESOURCE_NAME: &[Rule] = &[
    MinLength(1),
    MaxLength(RECURSO_NOMBRE_MAX),
    Pattern(NAME_PATTERN),
];
const EMAIL: &[Rule] = &[MaxLength(EMAIL_MAX), Pattern(EMAIL_PATTERN)];
const CURP: &[Rule] = &[
    MinLength(CURP_LEN),
    MaxLength(CURP_LEN),
    Pattern(CURP_PATTERN),
];
const RFC: &[Rule] = &[MinLength(RFC_MIN), MaxLength(RFC_MAX), Pattern(RFC_PATTERN)];
const PHONE: &[Rule] = &[
    MinLength(PHONE_MIN),
    MaxLength(PHONE_MAX),
    Pattern(PHONE_PATTERN),
];
const REGISTRO_PATRONAL: &[Rule] = &[
    MinLength(REGISTRO_PATRONAL_LEN),
    MaxLength(REGISTRO_PATRONAL_LEN),
    Pattern(REGISTRO_PATRONAL_PATTERN),
];
const REPRESENTATIVE_NAME: &[Rule] = &[
    MinLength(1),
    MaxLength(REPRESENTANTE_TEXTO_MAX),
    Pattern(NAME_PATTERN),
];
const DATE: &[Rule] = &[Pattern(DATE_PATTERN)];
const URL: &[Rule] = &[MaxLength(URL_MAX)];
const PRICE: &[Rule] = &range(PRECIO);
const PARTICIPANTS: &[Rule] = &range(TEMA_PARTICIPANTES);
const RESPUESTA_ENCUESTA: &[Rule] = &[MinLength(1), MaxLength(ENCUESTA_RESPUESTA_MAX)];

/// Every published field limit.
pub const LIMITS: &[Limit] = &[
    // Topics
    limit(
        "TemaForm",
        "abreviatura",
        &[
            MinLength(1),
            MaxLength(TEMA_ABREVIATURA_MAX),
            Pattern(TEMA_ABREVIATURA_PATTERN),
        ],
    ),
    limit(
        "TemaForm",
        "nombre_tema",
        &[MinLength(1), MaxLength(TEMA_NOMBRE_MAX)],
    ),
    limit("TemaForm", "cve_area", &range(TEMA_AREA)),
    limit("TemaForm", "dias_duracion", &range(TEMA_DIAS_DURACION)),
    limit(
        "TemaForm",
        "horas_sesion",
        &[Minimum(TEMA_HORAS_SESION.0), Maximum(TEMA_HORAS_SESION.1)],
    ),
    limit(
        "TemaForm",
        "meses_certificacion",
        &range(TEMA_MESES_CERTIFICACION),
    ),
    limit("TemaForm", "min_participantes", PARTICIPANTS),
    limit("TemaForm", "max_participantes", PARTICIPANTS),
    limit(
        "TemaForm",
        "descripcion",
        &[MaxLength(TEMA_DESCRIPCION_MAX)],
    ),
    limit("TemaForm", "autor", &[MaxLength(TEMA_TEXTO_MAX)]),
    limit("TemaForm", "categoria", &[MaxLength(TEMA_TEXTO_MAX)]),
    limit("TemaForm", "video", URL),
    limit(
        "TemaForm",
        "etiquetas",
        &[
            MaxItems(TEMA_ETIQUETAS_MAX),
            Items(&[MaxLength(TEMA_ETIQUETA_MAX)]),
        ],
    ),
    limit("TemaForm", "dias_limite", &range(TEMA_DIAS_LIMITE)),
    limit("TemaForm", "precio", PRICE),
    // Training plans: the kardex's manual accreditation
    limit(
        "AcreditacionManualBody",
        "motivo",
        &[MinLength(1), MaxLength(PLAN_MOTIVO_MAX)],
    ),
    limit("AcreditacionManualBody", "fecha", DATE),
    // Activities
    limit(
        "Actividad",
        "titulo",
        &[MinLength(1), MaxLength(ACTIVIDAD_TITULO_MAX)],
    ),
    limit(
        "Actividad",
        "descripcion",
        &[MinLength(1), MaxLength(ACTIVIDAD_DESCRIPCION_MAX)],
    ),
    limit("Actividad", "dias_entrega", &range(ACTIVIDAD_DIAS_ENTREGA)),
    limit(
        "Actividad",
        "limite_caracteres",
        &range(ACTIVIDAD_LIMITE_CARACTERES),
    ),
    // Topic groups
    limit(
        "GrupoForm",
        "nombre",
        &[
            MinLength(1),
            MaxLength(GRUPO_NOMBRE_MAX),
            Pattern(NAME_PATTERN),
        ],
    ),
    limit(
        "GrupoForm",
        "descripcion",
        &[MaxLength(GRUPO_DESCRIPCION_MAX)],
    ),
    // Questions
    limit(
        "PreguntaForm",
        "pregunta",
        &[MinLength(1), MaxLength(PREGUNTA_MAX)],
    ),
    limit("PreguntaForm", "respuestas", &[MaxItems(RESPUESTAS_MAX)]),
    limit("Respuesta", "texto", &[MaxLength(RESPUESTA_MAX)]),
    // Employees
    limit(
        "EmployeeForm",
        "num_empleado",
        &[
            MinLength(1),
            MaxLength(NUM_EMPLEADO_MAX),
            Pattern(NUM_EMPLEADO_PATTERN),
        ],
    ),
    limit(
        "EmployeeForm",
        "nombre_empleado",
        &[MinLength(1), MaxLength(EMPLEADO_NOMBRE_MAX)],
    ),
    limit("EmployeeForm", "curp", CURP),
    limit("EmployeeForm", "rfc_empleado", RFC),
    limit("EmployeeForm", "correo_empleado", EMAIL),
    limit("EmployeeForm", "telefono", PHONE),
    limit("EmployeeForm", "fecha_nacimiento", DATE),
    limit("EmployeeForm", "fecha_ingreso", DATE),
    limit("EmployeeForm", "fecha_inicio_puesto", DATE),
    limit("EmployeeForm", "id_tarjeta", &[MaxLength(ID_TARJETA_MAX)]),
    limit("EmployeeForm", "plantas", &[MaxItems(EMPLEADO_PLANTAS_MAX)]),
    limit(
        "RegistroBody",
        "NombreEmpleado",
        &[MinLength(1), MaxLength(REGISTRO_NOMBRE_MAX)],
    ),
    limit(
        "ActualizarPerfilBody",
        "nombre_empleado",
        &[MinLength(1), MaxLength(REGISTRO_NOMBRE_MAX)],
    ),
    limit("NuevaAusencia", "fecha_inicio", DATE),
    limit("NuevaAusencia", "fecha_fin", DATE),
    limit(
        "NuevaAusencia",
        "motivo",
        &[MinLength(1), MaxLength(AUSENCIA_MOTIVO_MAX)],
    ),
    // Org
    limit("NewNode", "nombre", ORG_NAME),
    limit("NewNode", "nivel", &range(ESTRUCTURA_NIVEL)),
    limit("NodeUpdate", "nombre", ORG_NAME),
    limit("NewPosition", "puesto", ORG_NAME),
    limit(
        "NewPosition",
        "descripcion",
        &[MaxLength(PUESTO_DESCRIPCION_MAX)],
    ),
    limit("PositionUpdate", "puesto", ORG_NAME),
    limit(
        "PositionUpdate",
        "descripcion",
        &[MaxLength(PUESTO_DESCRIPCION_MAX)],
    ),
    limit("NewPlant", "nombre", ORG_NAME),
    // Training resources
    limit("Institucion", "nombre", RESOURCE_NAME),
    limit("Institucion", "contacto", RESOURCE_NAME),
    limit(
        "Institucion",
        "telefono",
        &[
            MaxLength(TELEFONO_GUIONES_MAX),
            Pattern(TELEFONO_GUIONES_PATTERN),
        ],
    ),
    limit("Institucion", "correo", EMAIL),
    limit(
        "Instructor",
        "nombre",
        &[
            MinLength(1),
            MaxLength(RECURSO_NOMBRE_MAX),
            Pattern(PERSONA_NOMBRE_PATTERN),
        ],
    ),
    limit("Instructor", "correo", EMAIL),
    limit(
        "Instructor",
        "usuario",
        &[
            MinLength(1),
            MaxLength(USUARIO_MAX),
            Pattern(USUARIO_PATTERN),
        ],
    ),
    limit("Instructor", "especialidad", RESOURCE_NAME),
    limit("Instructor", "rfc", RFC),
    limit(
        "Instructor",
        "registro_stps",
        &[MaxLength(REGISTRO_STPS_MAX), Pattern(REGISTRO_STPS_PATTERN)],
    ),
    limit("Sede", "nombre", RESOURCE_NAME),
    limit("Sede", "url_mapa", URL),
    limit("Sede", "direccion", &[MaxLength(SEDE_DIRECCION_MAX)]),
    limit(
        "Sala",
        "nombre",
        &[
            MinLength(1),
            MaxLength(SALA_NOMBRE_MAX),
            Pattern(NAME_PATTERN),
        ],
    ),
    limit("Sala", "capacidad", &range(SALA_CAPACIDAD)),
    // Blocks
    limit(
        "NuevoTipo",
        "nombre_tipo_bloque",
        &[
            MinLength(1),
            MaxLength(TIPO_BLOQUE_NOMBRE_MAX),
            Pattern(NAME_PATTERN),
        ],
    ),
    limit(
        "BloqueForm",
        "nombre_bloque",
        &[MinLength(1), MaxLength(BLOQUE_NOMBRE_MAX)],
    ),
    limit("BloqueForm", "precio", PRICE),
    limit(
        "BloqueForm",
        "descripcion",
        &[MinLength(1), MaxLength(BLOQUE_DESCRIPCION_MAX)],
    ),
    limit("BloqueForm", "fecha_inicio", DATE),
    limit("BloqueForm", "fecha_fin", DATE),
    limit(
        "BloqueForm",
        "capacidad_asistencia",
        &range(BLOQUE_CAPACIDAD),
    ),
    limit("BloqueForm", "video", URL),
    // Dashboard tasks
    limit(
        "TareaForm",
        "title",
        &[MinLength(1), MaxLength(TAREA_TITULO_MAX)],
    ),
    limit(
        "TareaForm",
        "description",
        &[MaxLength(TAREA_DESCRIPCION_MAX)],
    ),
    limit("TareaForm", "dueDate", DATE),
    // Dashboard announcements
    limit(
        "SlideForm",
        "titulo",
        &[MinLength(1), MaxLength(SLIDE_TITULO_MAX)],
    ),
    limit("SlideForm", "contenido", &[MaxLength(SLIDE_TEXTO_MAX)]),
    limit(
        "NoticiaForm",
        "titulo",
        &[MinLength(1), MaxLength(NOTICIA_TITULO_MAX)],
    ),
    limit(
        "NoticiaForm",
        "descripcion_corta",
        &[MaxLength(NOTICIA_DESCRIPCION_MAX)],
    ),
    limit("NoticiaForm", "enlace", URL),
    limit(
        "PreguntaAsistente",
        "pregunta",
        &[MinLength(1), MaxLength(ASISTENTE_PREGUNTA_MAX)],
    ),
    // Notifications and API keys
    limit(
        "Nueva",
        "titulo",
        &[MinLength(1), MaxLength(NOTIFICACION_TITULO_MAX)],
    ),
    limit(
        "Nueva",
        "contenido",
        &[MinLength(1), MaxLength(NOTIFICACION_CONTENIDO_MAX)],
    ),
    limit(
        "NewApi",
        "nombre",
        &[MinLength(1), MaxLength(API_NOMBRE_MAX)],
    ),
    // STPS data (DC-3)
    limit("EmpresaBody", "rfc", RFC),
    limit("EmpresaBody", "registro_patronal", REGISTRO_PATRONAL),
    limit("EmpresaBody", "num_trabajadores", &range(NUM_TRABAJADORES)),
    limit(
        "EmpresaBody",
        "razon_social",
        &[MaxLength(RAZON_SOCIAL_MAX)],
    ),
    limit("NuevoRepresentante", "nombre", REPRESENTATIVE_NAME),
    limit(
        "NuevoRepresentante",
        "puesto",
        &[MaxLength(REPRESENTANTE_TEXTO_MAX)],
    ),
    limit("RepresentanteUpdate", "nombre", REPRESENTATIVE_NAME),
    limit(
        "RepresentanteUpdate",
        "puesto",
        &[MaxLength(REPRESENTANTE_TEXTO_MAX)],
    ),
    limit(
        "Establecimiento",
        "nombre",
        &[MinLength(1), Pattern(NAME_PATTERN)],
    ),
    limit("Establecimiento", "registro_patronal", REGISTRO_PATRONAL),
    limit("Establecimiento", "domicilio", &[MaxLength(DOMICILIO_MAX)]),
    // Surveys
    limit(
        "EncuestaForm",
        "nombre",
        &[MinLength(1), MaxLength(ENCUESTA_NOMBRE_MAX)],
    ),
    limit(
        "EncuestaForm",
        "descripcion",
        &[MaxLength(ENCUESTA_DESCRIPCION_MAX)],
    ),
    limit(
        "EncuestaForm",
        "preguntas",
        &[MaxItems(ENCUESTA_PREGUNTAS_MAX)],
    ),
    limit(
        "PreguntaEncuesta",
        "pregunta",
        &[MinLength(1), MaxLength(ENCUESTA_PREGUNTA_MAX)],
    ),
    limit("PreguntaEncuesta", "respuesta1", RESPUESTA_ENCUESTA),
    limit("PreguntaEncuesta", "respuesta2", RESPUESTA_ENCUESTA),
    limit("PreguntaEncuesta", "respuesta3", RESPUESTA_ENCUESTA),
    limit("PreguntaEncuesta", "respuesta4", RESPUESTA_ENCUESTA),
    limit(
        "EncuestaDashboardForm",
        "encuesta",
        &[MinLength(1), MaxLength(ENCUESTA_NOMBRE_MAX)],
    ),
    limit("EncuestaDashboardForm", "desde", DATE),
    limit("EncuestaDashboardForm", "hasta", DATE),
    limit(
        "EncuestaDashboardForm",
        "preguntas",
        &[MaxItems(ENCUESTA_DASHBOARD_PREGUNTAS_MAX)],
    ),
    limit("RatingForm", "rating", &[Minimum(0.5), Maximum(5.0)]),
    // Company configuration
    limit("Cia", "nomcia", &[MinLength(1)]),
    limit("Cia", "moneda", &[MinLength(1)]),
    limit("Cia", "jitsi_servidor", URL),
    limit("Cia", "teams_tenant_id", &[MaxLength(CIA_TEAMS_MAX)]),
    limit("Cia", "teams_client_id", &[MaxLength(CIA_TEAMS_MAX)]),
    limit("Cia", "teams_organizador", &[MaxLength(CIA_TEAMS_MAX)]),
];

/// Every error code the server can send (the keys of the message catalogue), sorted.
pub fn error_codes() -> Vec<&'static str> {
    let mut codes = crate::i18n::codes().to_vec();
    codes.sort_unstable();
    codes.dedup();
    codes
}

/// A limit the document cannot carry: its schema or field is not there.
#[derive(Debug, PartialEq, Eq)]
pub struct Unplaced {
    /// Schema name of the limit.
    pub schema: &'static str,
    /// Field name of the limit.
    pub field: &'static str,
    /// Why it could not be placed.
    pub why: &'static str,
}

/// Writes the published contract into an OpenAPI document (as JSON): the field limits
/// on the request-body schemas and the error-code list on `ErrorBody.code`. Returns the
/// limits it could not place, so a renamed schema or field fails the contract test
/// instead of silently dropping a limit.
pub fn publish(doc: &mut Value) -> Vec<Unplaced> {
    let mut unplaced = Vec::new();
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return LIMITS
            .iter()
            .map(|l| Unplaced {
                schema: l.schema,
                field: l.field,
                why: "the document has no schemas",
            })
            .collect();
    };
    for l in LIMITS {
        let prop = schemas
            .get_mut(l.schema)
            .and_then(|s| s.get_mut("properties"))
            .and_then(|p| p.get_mut(l.field))
            .and_then(Value::as_object_mut);
        let Some(prop) = prop else {
            unplaced.push(Unplaced {
                schema: l.schema,
                field: l.field,
                why: "no such schema property",
            });
            continue;
        };
        if prop.contains_key("$ref") {
            unplaced.push(Unplaced {
                schema: l.schema,
                field: l.field,
                why: "the property is a reference",
            });
            continue;
        }
        if let Err(why) = write_rules(prop, l.rules) {
            unplaced.push(Unplaced {
                schema: l.schema,
                field: l.field,
                why,
            });
        }
    }
    if let Some(code) = schemas
        .get_mut("ErrorBody")
        .and_then(|s| s.pointer_mut("/properties/code"))
        .and_then(Value::as_object_mut)
    {
        code.insert("enum".into(), json!(error_codes()));
    } else {
        unplaced.push(Unplaced {
            schema: "ErrorBody",
            field: "code",
            why: "no such schema property",
        });
    }
    unplaced
}

fn write_rules(prop: &mut Map<String, Value>, rules: &[Rule]) -> Result<(), &'static str> {
    for rule in rules {
        let (key, value) = match *rule {
            MaxLength(n) => ("maxLength", json!(n)),
            MinLength(n) => ("minLength", json!(n)),
            Pattern(p) => ("pattern", json!(p)),
            Minimum(n) => ("minimum", number(n)),
            Maximum(n) => ("maximum", number(n)),
            MaxItems(n) => ("maxItems", json!(n)),
            Items(inner) => {
                let items = prop
                    .get_mut("items")
                    .and_then(Value::as_object_mut)
                    .ok_or("the property is not an array")?;
                write_rules(items, inner)?;
                continue;
            }
        };
        prop.insert(key.into(), value);
    }
    Ok(())
}

/// Whole numbers are written as integers, so `maximum: 365` is not `365.0`.
fn number(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        json!(n as i64)
    } else {
        json!(n)
    }
}
