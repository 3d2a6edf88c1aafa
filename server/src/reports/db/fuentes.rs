//! The report builder's data sources: a declared whitelist of FROM clauses and columns
//! (SQL expressions written here, never sent by the client), each titled in es/en/pt.
//! Every source but `cursos` is about people (`e` is the employee a row is about), which is
//! how the caller's scope applies; a course is in scope when one of the caller's people is
//! enrolled in it.

/// How a column's values are read, filtered and totalled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tipo {
    Texto,
    Entero,
    Decimal,
    /// AAAA-MM-DD text.
    Fecha,
    /// Pesos (the SQL divides the stored centavos).
    Dinero,
    /// 1/0, shown Sí/No.
    Bandera,
}

impl Tipo {
    pub fn clave(self) -> &'static str {
        match self {
            Tipo::Texto => "texto",
            Tipo::Entero => "entero",
            Tipo::Decimal => "decimal",
            Tipo::Fecha => "fecha",
            Tipo::Dinero => "dinero",
            Tipo::Bandera => "bandera",
        }
    }

    pub fn numerico(self) -> bool {
        matches!(self, Tipo::Entero | Tipo::Decimal | Tipo::Dinero)
    }
}

/// A text in es, en and pt.
pub type T3 = [&'static str; 3];

/// One column of a source.
#[derive(Clone, Copy, Debug)]
pub struct Col {
    pub clave: &'static str,
    pub titulo: T3,
    pub expr: &'static str,
    pub tipo: Tipo,
    pub agrupable: bool,
    /// The values a text column takes, with their labels (empty: free text).
    pub opciones: &'static [(&'static str, T3)],
}

const fn c(clave: &'static str, titulo: T3, expr: &'static str, tipo: Tipo) -> Col {
    Col {
        clave,
        titulo,
        expr,
        tipo,
        agrupable: !matches!(tipo, Tipo::Decimal | Tipo::Dinero),
        opciones: &[],
    }
}

const fn o(
    clave: &'static str,
    titulo: T3,
    expr: &'static str,
    opciones: &'static [(&'static str, T3)],
) -> Col {
    Col {
        clave,
        titulo,
        expr,
        tipo: Tipo::Texto,
        agrupable: true,
        opciones,
    }
}

/// How the caller's scope limits a source's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ambito {
    /// Rows about the employee `e`.
    Persona,
    /// Courses (`c`) with an enrolment of one of the caller's people.
    Curso,
}

/// A data source of the report builder.
#[derive(Debug)]
pub struct Fuente {
    pub clave: &'static str,
    pub nombre: T3,
    pub descripcion: T3,
    pub from: &'static str,
    /// Always-on condition (deleted employees left out, …).
    pub base: &'static str,
    pub ambito: Ambito,
    pub columnas: &'static [Col],
    /// Default order and tie-breaker.
    pub orden: &'static str,
}

impl Fuente {
    pub fn columna(&self, clave: &str) -> Option<&'static Col> {
        self.columnas.iter().find(|c| c.clave == clave)
    }
}

const T: Tipo = Tipo::Texto;
const N: Tipo = Tipo::Entero;
const D: Tipo = Tipo::Decimal;
const F: Tipo = Tipo::Fecha;
const M: Tipo = Tipo::Dinero;
const B: Tipo = Tipo::Bandera;

// The employee a row is about (alias `e`).
const NUM: Col = c(
    "num_empleado",
    ["Núm. empleado", "Employee no.", "Nº funcionário"],
    "e.num_empleado",
    T,
);
const NOMBRE: Col = c(
    "nombre_empleado",
    ["Nombre", "Name", "Nome"],
    "e.nombre_empleado",
    T,
);
const CORREO: Col = c(
    "correo",
    ["Correo", "E-mail", "E-mail"],
    "e.correo_empleado",
    T,
);
const PUESTO: Col = c(
    "puesto",
    ["Puesto", "Position", "Cargo"],
    "(SELECT pu.puesto FROM puestos pu WHERE pu.cve_puesto = e.cve_puesto)",
    T,
);
const PLANTA: Col = c(
    "planta",
    ["Planta", "Plant", "Planta"],
    "(SELECT pl.nombre FROM plantas pl WHERE pl.cve_planta = e.cve_planta)",
    T,
);
const N2: Col = c(
    "n2",
    ["Dirección (N2)", "Division (N2)", "Diretoria (N2)"],
    "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n2)",
    T,
);
const N3: Col = c(
    "n3",
    ["Nivel N3", "Level N3", "Nível N3"],
    "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n3)",
    T,
);
const N4: Col = c(
    "n4",
    ["Empresa (N4)", "Company (N4)", "Empresa (N4)"],
    "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n4)",
    T,
);
const N5: Col = c(
    "n5",
    ["Nivel N5", "Level N5", "Nível N5"],
    "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n5)",
    T,
);
const N6: Col = c(
    "n6",
    ["Nivel N6", "Level N6", "Nível N6"],
    "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n6)",
    T,
);
const N7: Col = c(
    "n7",
    ["Nivel N7", "Level N7", "Nível N7"],
    "(SELECT s.nombre FROM estructura s WHERE s.cve_estructura = e.n7)",
    T,
);
const SUPERVISOR: Col = c(
    "supervisor",
    ["Supervisor", "Supervisor", "Supervisor"],
    "(SELECT s.nombre_empleado FROM empleados s WHERE s.cve_empleado = e.cve_supervisor)",
    T,
);
const GENERO: Col = o(
    "genero",
    ["Género", "Gender", "Gênero"],
    "e.genero",
    &[
        ("H", ["Hombre", "Man", "Homem"]),
        ("M", ["Mujer", "Woman", "Mulher"]),
    ],
);
const TIPO_EMPLEADO: Col = c(
    "tipo_empleado",
    ["Tipo de empleado", "Employee type", "Tipo de funcionário"],
    "e.tipo_empleado",
    T,
);
const INGRESO: Col = c(
    "fecha_ingreso",
    ["Fecha de ingreso", "Hire date", "Data de admissão"],
    "e.fecha_ingreso",
    F,
);
const ACTIVO: Col = c("activo", ["Activo", "Active", "Ativo"], "e.activo", B);

// The topic (alias `t`).
const TEMA_CLAVE: Col = c(
    "tema_clave",
    ["Clave del tema", "Topic code", "Código do tema"],
    "t.abreviatura",
    T,
);
const TEMA: Col = c("tema", ["Tema", "Topic", "Tema"], "t.nombre_tema", T);
const AREA: Col = c(
    "area_tematica",
    ["Área temática", "Subject area", "Área temática"],
    "(SELECT a.nombre FROM areas_tematicas a WHERE a.cve_area = t.cve_area)",
    T,
);
const MODALIDAD_TEMA: Col = o(
    "modalidad",
    ["Modalidad", "Modality", "Modalidade"],
    "t.modalidad",
    &[
        ("PRESENCIAL", ["Presencial", "In person", "Presencial"]),
        ("E_LEARNING", ["E-learning", "E-learning", "E-learning"]),
        ("STREAMING", ["Streaming", "Streaming", "Streaming"]),
    ],
);

// The course (alias `c`).
const CURSO: Col = c("curso", ["Curso", "Course", "Curso"], "c.nombre_corto", T);
const CURSO_INICIO: Col = c(
    "fecha_inicio",
    ["Inicio del curso", "Course start", "Início do curso"],
    "c.fecha_inicio",
    F,
);
const MODALIDADES_CURSO: &[(&str, T3)] = &[
    ("PRESENCIAL", ["Presencial", "In person", "Presencial"]),
    ("VIRTUAL", ["Virtual", "Virtual", "Virtual"]),
    ("STREAMING", ["Streaming", "Streaming", "Streaming"]),
    ("E_LEARNING", ["E-learning", "E-learning", "E-learning"]),
    ("AUTOESTUDIO", ["Autoestudio", "Self-study", "Autoestudo"]),
];
const MODALIDAD_CURSO: Col = o(
    "modalidad_curso",
    [
        "Modalidad del curso",
        "Course modality",
        "Modalidade do curso",
    ],
    "c.modalidad",
    MODALIDADES_CURSO,
);

const ESTADOS_PLAN: &[(&str, T3)] = &[
    ("Acreditado", ["Acreditado", "Accredited", "Certificado"]),
    (
        "No acreditado",
        ["No acreditado", "Not accredited", "Não certificado"],
    ),
    ("Vencido", ["Vencido", "Expired", "Vencido"]),
    ("Pendiente", ["Pendiente", "Pending", "Pendente"]),
];

const EMPLEADOS: &[Col] = &[
    NUM,
    NOMBRE,
    CORREO,
    PUESTO,
    PLANTA,
    N2,
    N3,
    N4,
    N5,
    N6,
    N7,
    SUPERVISOR,
    GENERO,
    TIPO_EMPLEADO,
    INGRESO,
    ACTIVO,
    c(
        "temas_requeridos",
        ["Temas requeridos", "Required topics", "Temas exigidos"],
        "(SELECT COUNT(*) FROM plan_empleados_temas p WHERE p.cve_empleado = e.cve_empleado)",
        N,
    ),
    c(
        "temas_acreditados",
        [
            "Temas acreditados vigentes",
            "Valid accredited topics",
            "Temas certificados vigentes",
        ],
        "(SELECT COUNT(*) FROM plan_empleados_temas p JOIN plan_estado_temas x ON x.cve_empleado = p.cve_empleado AND x.cve_tema = p.cve_tema WHERE p.cve_empleado = e.cve_empleado AND x.vigencia >= (SELECT d FROM hoy))",
        N,
    ),
];

const PLAN: &[Col] = &[
    NUM,
    NOMBRE,
    PUESTO,
    PLANTA,
    N2,
    N3,
    N4,
    SUPERVISOR,
    TEMA_CLAVE,
    TEMA,
    AREA,
    MODALIDAD_TEMA,
    c(
        "obligatorio",
        ["Obligatorio", "Mandatory", "Obrigatório"],
        "p.obligatoria",
        B,
    ),
    c(
        "requerido_desde",
        ["Requerido desde", "Required since", "Exigido desde"],
        "p.desde",
        F,
    ),
    o(
        "estado",
        ["Estado", "State", "Estado"],
        super::masivo::ESTADO,
        ESTADOS_PLAN,
    ),
    c(
        "acreditado",
        [
            "Acreditado vigente",
            "Validly accredited",
            "Certificado vigente",
        ],
        "(CASE WHEN x.vigencia >= (SELECT d FROM hoy) THEN 1 ELSE 0 END)",
        B,
    ),
    c(
        "fecha_acreditacion",
        [
            "Fecha de acreditación",
            "Accreditation date",
            "Data de certificação",
        ],
        "x.fecha_acreditacion",
        F,
    ),
    c(
        "vigencia",
        ["Vigencia", "Valid until", "Validade"],
        "NULLIF(x.vigencia, '9999-12-31')",
        F,
    ),
    c(
        "calificacion",
        ["Calificación", "Grade", "Nota"],
        "x.calificacion",
        D,
    ),
];

const CURSOS: &[Col] = &[
    c(
        "cve_curso",
        ["Clave del curso", "Course id", "Código do curso"],
        "c.cve_curso",
        N,
    ),
    CURSO,
    TEMA_CLAVE,
    TEMA,
    AREA,
    MODALIDAD_CURSO,
    o(
        "estatus",
        ["Estatus", "Status", "Status"],
        "c.estatus",
        &[
            ("programado", ["Programado", "Scheduled", "Programado"]),
            ("cerrado", ["Cerrado", "Closed", "Encerrado"]),
            ("cancelado", ["Cancelado", "Cancelled", "Cancelado"]),
        ],
    ),
    CURSO_INICIO,
    c(
        "fecha_fin",
        ["Fin del curso", "Course end", "Fim do curso"],
        "c.fecha_fin",
        F,
    ),
    c(
        "mes",
        ["Mes", "Month", "Mês"],
        "substr(c.fecha_inicio, 1, 7)",
        T,
    ),
    c(
        "planta",
        ["Planta", "Plant", "Planta"],
        "(SELECT pl.nombre FROM plantas pl WHERE pl.cve_planta = c.cve_planta)",
        T,
    ),
    c(
        "direccion",
        [
            "Dirección (N2) de la planta",
            "Plant's division (N2)",
            "Diretoria (N2) da planta",
        ],
        "(SELECT s2.nombre FROM plantas pl JOIN estructura s4 ON s4.cve_estructura = pl.cve_n4 JOIN estructura s3 ON s3.cve_estructura = s4.cve_padre JOIN estructura s2 ON s2.cve_estructura = s3.cve_padre WHERE pl.cve_planta = c.cve_planta)",
        T,
    ),
    c(
        "instructor",
        ["Instructor", "Instructor", "Instrutor"],
        "(SELECT i.nombre FROM instructores i WHERE i.cve_instructor = c.cve_instructor)",
        T,
    ),
    c(
        "capacidad",
        ["Capacidad", "Capacity", "Capacidade"],
        "c.capacidad",
        N,
    ),
    c(
        "inscritos",
        ["Inscritos", "Enrolled", "Inscritos"],
        "c.inscritos",
        N,
    ),
    c(
        "acreditados",
        [
            "Participantes acreditados",
            "Accredited participants",
            "Participantes certificados",
        ],
        "(SELECT COUNT(*) FROM cursos_inscripciones i WHERE i.cve_curso = c.cve_curso AND i.acreditado = 1)",
        N,
    ),
    c(
        "horas",
        ["Horas", "Hours", "Horas"],
        "(t.dias_duracion * t.horas_sesion)",
        D,
    ),
    c(
        "costo_total",
        ["Costo total", "Total cost", "Custo total"],
        "(c.costo_total / 100.0)",
        M,
    ),
    c(
        "costo_instructor",
        [
            "Costo del instructor",
            "Instructor cost",
            "Custo do instrutor",
        ],
        "(c.costo_instructor / 100.0)",
        M,
    ),
    c("moneda", ["Moneda", "Currency", "Moeda"], "c.moneda", T),
];

const INSCRIPCIONES: &[Col] = &[
    NUM,
    NOMBRE,
    PUESTO,
    PLANTA,
    N2,
    N3,
    N4,
    CURSO,
    TEMA_CLAVE,
    TEMA,
    MODALIDAD_CURSO,
    CURSO_INICIO,
    o(
        "estatus_inscripcion",
        [
            "Estatus de la inscripción",
            "Enrolment status",
            "Status da inscrição",
        ],
        "i.estatus",
        &[
            ("inscrito", ["Inscrito", "Enrolled", "Inscrito"]),
            (
                "espera",
                ["En lista de espera", "Waiting list", "Lista de espera"],
            ),
            ("cancelada", ["Cancelada", "Cancelled", "Cancelada"]),
        ],
    ),
    c(
        "confirmado",
        ["Confirmado", "Confirmed", "Confirmado"],
        "i.confirmado",
        B,
    ),
    c(
        "calificacion",
        ["Calificación", "Grade", "Nota"],
        "i.calificacion",
        D,
    ),
    c(
        "acreditado",
        ["Acreditado", "Accredited", "Certificado"],
        "COALESCE(i.acreditado, 0)",
        B,
    ),
    c(
        "fecha_inscripcion",
        [
            "Fecha de inscripción",
            "Enrolment date",
            "Data de inscrição",
        ],
        "substr(i.creado, 1, 10)",
        F,
    ),
];

const ASISTENCIAS: &[Col] = &[
    NUM,
    NOMBRE,
    PUESTO,
    PLANTA,
    N2,
    N4,
    CURSO,
    TEMA,
    MODALIDAD_CURSO,
    c("sesion", ["Sesión", "Session", "Sessão"], "s.numero", N),
    c(
        "fecha",
        ["Fecha de la sesión", "Session date", "Data da sessão"],
        "s.fecha",
        F,
    ),
    c(
        "asistio",
        ["Asistió", "Attended", "Compareceu"],
        "(CASE WHEN a.asistencia = 1 THEN 1 ELSE 0 END)",
        B,
    ),
];

const EXAMENES: &[Col] = &[
    NUM,
    NOMBRE,
    PUESTO,
    PLANTA,
    N2,
    N4,
    TEMA_CLAVE,
    TEMA,
    c(
        "curso",
        ["Curso", "Course", "Curso"],
        "(SELECT c.nombre_corto FROM cursos c WHERE c.cve_curso = ex.cve_curso)",
        T,
    ),
    c(
        "intento",
        ["Intento", "Attempt", "Tentativa"],
        "it.numero",
        N,
    ),
    o(
        "estado_intento",
        ["Estado del intento", "Attempt state", "Estado da tentativa"],
        "it.estado",
        &[
            ("abierto", ["Abierto", "Open", "Aberto"]),
            ("por_revisar", ["Por revisar", "To review", "A revisar"]),
            ("calificado", ["Calificado", "Graded", "Avaliado"]),
        ],
    ),
    c(
        "fecha",
        ["Fecha", "Date", "Data"],
        "substr(it.inicio, 1, 10)",
        F,
    ),
    c(
        "porcentaje",
        ["Porcentaje", "Percentage", "Porcentagem"],
        "it.porcentaje",
        D,
    ),
    c(
        "calificacion",
        ["Calificación", "Grade", "Nota"],
        "it.calificacion",
        D,
    ),
    c(
        "aprobado",
        ["Aprobado", "Passed", "Aprovado"],
        "COALESCE(it.acreditado, 0)",
        B,
    ),
    c(
        "fuera_de_tiempo",
        ["Fuera de tiempo", "Late", "Fora do prazo"],
        "it.fuera_de_tiempo",
        B,
    ),
];

// Survey answers are anonymous: no name or number, only where people work.
const ENCUESTAS: &[Col] = &[
    PLANTA,
    N2,
    N4,
    c(
        "encuesta",
        ["Encuesta", "Survey", "Pesquisa"],
        "en.nombre",
        T,
    ),
    CURSO,
    TEMA,
    CURSO_INICIO,
    c(
        "pregunta",
        ["Pregunta", "Question", "Pergunta"],
        "q.pregunta",
        T,
    ),
    c(
        "respuesta",
        ["Respuesta", "Answer", "Resposta"],
        "(CASE r.respuesta WHEN 1 THEN q.respuesta1 WHEN 2 THEN q.respuesta2 WHEN 3 THEN q.respuesta3 ELSE q.respuesta4 END)",
        T,
    ),
    c(
        "valor",
        ["Valor (1–4)", "Value (1–4)", "Valor (1–4)"],
        "r.respuesta",
        N,
    ),
];

const ACREDITACIONES: &[Col] = &[
    NUM,
    NOMBRE,
    PUESTO,
    PLANTA,
    N2,
    N3,
    N4,
    TEMA_CLAVE,
    TEMA,
    AREA,
    c("fecha", ["Fecha", "Date", "Data"], "a.fecha", F),
    c("mes", ["Mes", "Month", "Mês"], "substr(a.fecha, 1, 7)", T),
    c(
        "calificacion",
        ["Calificación", "Grade", "Nota"],
        "a.calificacion",
        D,
    ),
    c(
        "acreditado",
        ["Acreditado", "Accredited", "Certificado"],
        "a.acreditado",
        B,
    ),
    c(
        "vigencia",
        ["Vigencia", "Valid until", "Validade"],
        "NULLIF(a.vigencia, '9999-12-31')",
        F,
    ),
    c(
        "vigente",
        ["Vigente hoy", "Valid today", "Vigente hoje"],
        "(CASE WHEN a.acreditado = 1 AND a.vigencia >= (SELECT d FROM hoy) THEN 1 ELSE 0 END)",
        B,
    ),
    o(
        "origen",
        ["Origen", "Origin", "Origem"],
        "a.origen",
        &[
            ("curso", ["Curso", "Course", "Curso"]),
            ("examen", ["Examen", "Exam", "Exame"]),
            ("scorm", ["SCORM", "SCORM", "SCORM"]),
            (
                "certificacion_externa",
                [
                    "Certificación externa",
                    "External certification",
                    "Certificação externa",
                ],
            ),
            ("historial", ["Historial", "History", "Histórico"]),
            ("manual", ["Manual", "Manual", "Manual"]),
        ],
    ),
];

const EXTERNAS: &[Col] = &[
    NUM,
    NOMBRE,
    PUESTO,
    PLANTA,
    N2,
    N4,
    TEMA_CLAVE,
    TEMA,
    c(
        "fecha_realizacion",
        [
            "Fecha de realización",
            "Completion date",
            "Data de realização",
        ],
        "ce.fecha_realizacion",
        F,
    ),
    c(
        "fecha_vigencia",
        ["Vigencia", "Valid until", "Validade"],
        "ce.fecha_vigencia",
        F,
    ),
    o(
        "estado_certificacion",
        ["Estado", "State", "Estado"],
        "ce.estado",
        &[
            ("Enviado", ["Enviado", "Sent", "Enviado"]),
            ("Autorizado", ["Autorizado", "Authorised", "Autorizado"]),
            ("Rechazado", ["Rechazado", "Rejected", "Rejeitado"]),
        ],
    ),
    c(
        "autorizado",
        ["Autorizado", "Authorised", "Autorizado"],
        "(CASE WHEN ce.estado = 'Autorizado' THEN 1 ELSE 0 END)",
        B,
    ),
    c(
        "proveedor",
        ["Proveedor", "Supplier", "Fornecedor"],
        "ce.nombre_proveedor",
        T,
    ),
    c(
        "fecha_alta",
        ["Fecha de carga", "Upload date", "Data de envio"],
        "substr(ce.fecha_alta, 1, 10)",
        F,
    ),
    c(
        "motivo_rechazo",
        [
            "Motivo de rechazo",
            "Rejection reason",
            "Motivo da rejeição",
        ],
        "ce.motivo_rechazo",
        T,
    ),
];

/// Every source, in the order the builder offers them.
pub static FUENTES: &[Fuente] = &[
    Fuente {
        clave: "empleados",
        nombre: ["Empleados", "Employees", "Funcionários"],
        descripcion: [
            "Una fila por empleado, con su lugar en la estructura y el avance de su plan.",
            "One row per employee, with their place in the structure and their plan's progress.",
            "Uma linha por funcionário, com seu lugar na estrutura e o avanço do plano.",
        ],
        from: "empleados e",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: EMPLEADOS,
        orden: "e.nombre_empleado, e.cve_empleado",
    },
    Fuente {
        clave: "plan",
        nombre: [
            "Requerimientos y planes",
            "Requirements and plans",
            "Requisitos e planos",
        ],
        descripcion: [
            "Una fila por empleado y tema de su plan: obligatorio u opcional, estado, acreditación y vigencia.",
            "One row per employee and topic of their plan: mandatory or optional, state, accreditation and validity.",
            "Uma linha por funcionário e tema do plano: obrigatório ou opcional, estado, certificação e validade.",
        ],
        from: "plan_empleados_temas p JOIN empleados e ON e.cve_empleado = p.cve_empleado JOIN temas t ON t.cve_tema = p.cve_tema LEFT JOIN plan_estado_temas x ON x.cve_empleado = p.cve_empleado AND x.cve_tema = p.cve_tema",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: PLAN,
        orden: "e.nombre_empleado, t.nombre_tema, p.cve_empleado, p.cve_tema",
    },
    Fuente {
        clave: "cursos",
        nombre: ["Cursos", "Courses", "Cursos"],
        descripcion: [
            "Una fila por curso programado: fechas, modalidad, planta, inscritos, horas y costos.",
            "One row per scheduled course: dates, modality, plant, enrolled, hours and costs.",
            "Uma linha por curso programado: datas, modalidade, planta, inscritos, horas e custos.",
        ],
        from: "cursos c JOIN temas t ON t.cve_tema = c.cve_tema",
        base: "1 = 1",
        ambito: Ambito::Curso,
        columnas: CURSOS,
        orden: "c.fecha_inicio DESC, c.cve_curso",
    },
    Fuente {
        clave: "inscripciones",
        nombre: ["Inscripciones", "Enrolments", "Inscrições"],
        descripcion: [
            "Una fila por inscripción a un curso: estatus, confirmación, calificación y acreditación.",
            "One row per course enrolment: status, confirmation, grade and accreditation.",
            "Uma linha por inscrição em curso: status, confirmação, nota e certificação.",
        ],
        from: "cursos_inscripciones i JOIN cursos c ON c.cve_curso = i.cve_curso JOIN temas t ON t.cve_tema = c.cve_tema JOIN empleados e ON e.cve_empleado = i.cve_empleado",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: INSCRIPCIONES,
        orden: "c.fecha_inicio DESC, e.nombre_empleado, i.cve_inscripcion_ai",
    },
    Fuente {
        clave: "asistencias",
        nombre: ["Asistencias", "Attendance", "Presenças"],
        descripcion: [
            "Una fila por participante y sesión con asistencia registrada.",
            "One row per participant and session with recorded attendance.",
            "Uma linha por participante e sessão com presença registrada.",
        ],
        from: "cursos_asistencias a JOIN cursos_inscripciones i ON i.cve_inscripcion_ai = a.cve_inscripcion_ai JOIN cursos_sesiones s ON s.id_sesion = a.id_sesion JOIN cursos c ON c.cve_curso = i.cve_curso JOIN temas t ON t.cve_tema = c.cve_tema JOIN empleados e ON e.cve_empleado = i.cve_empleado",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: ASISTENCIAS,
        orden: "s.fecha DESC, e.nombre_empleado, a.cve_inscripcion_ai, a.id_sesion",
    },
    Fuente {
        clave: "examenes",
        nombre: [
            "Resultados de exámenes",
            "Exam results",
            "Resultados de exames",
        ],
        descripcion: [
            "Una fila por intento de examen: porcentaje, calificación y si se aprobó.",
            "One row per exam attempt: percentage, grade and whether it passed.",
            "Uma linha por tentativa de exame: porcentagem, nota e se foi aprovado.",
        ],
        from: "examenes_intentos it JOIN examenes_asignaciones ea ON ea.id_asignacion = it.id_asignacion JOIN examenes ex ON ex.id_examen = ea.id_examen JOIN temas t ON t.cve_tema = ex.cve_tema JOIN empleados e ON e.cve_empleado = ea.cve_empleado",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: EXAMENES,
        orden: "it.inicio DESC, it.id_intento",
    },
    Fuente {
        clave: "encuestas",
        nombre: [
            "Encuestas de cursos",
            "Course surveys",
            "Pesquisas de cursos",
        ],
        descripcion: [
            "Una fila por respuesta de las encuestas de satisfacción de los cursos (anónimas).",
            "One row per answer of the courses' satisfaction surveys (anonymous).",
            "Uma linha por resposta das pesquisas de satisfação dos cursos (anônimas).",
        ],
        from: "encuestas_cursos_respuestas r JOIN encuestas_cursos_preguntas q ON q.id_pregunta = r.id_pregunta JOIN encuestas_cursos en ON en.id_encuesta = q.id_encuesta JOIN cursos c ON c.cve_curso = r.cve_curso JOIN temas t ON t.cve_tema = c.cve_tema JOIN empleados e ON e.cve_empleado = r.cve_empleado",
        base: "1 = 1",
        ambito: Ambito::Persona,
        columnas: ENCUESTAS,
        orden: "c.fecha_inicio DESC, r.cve_curso, q.orden, r.cve_empleado",
    },
    Fuente {
        clave: "acreditaciones",
        nombre: ["Acreditaciones", "Accreditations", "Certificações"],
        descripcion: [
            "Una fila por resultado del historial de acreditaciones: fecha, calificación, vigencia y origen.",
            "One row per result in the accreditation ledger: date, grade, validity and origin.",
            "Uma linha por resultado do histórico de certificações: data, nota, validade e origem.",
        ],
        from: "plan_acreditaciones a JOIN empleados e ON e.cve_empleado = a.cve_empleado JOIN temas t ON t.cve_tema = a.cve_tema",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: ACREDITACIONES,
        // Newest recorded first, in the table's own order: a million rows in date order
        // are read through the date index, one random page visit each (three times
        // slower); a date order is one click away.
        orden: "a.id_acreditacion DESC",
    },
    Fuente {
        clave: "certificaciones_externas",
        nombre: [
            "Certificaciones externas",
            "External certifications",
            "Certificações externas",
        ],
        descripcion: [
            "Una fila por certificación cargada por un proveedor: fechas, estado y proveedor.",
            "One row per certification uploaded by a supplier: dates, state and supplier.",
            "Uma linha por certificação enviada por um fornecedor: datas, estado e fornecedor.",
        ],
        from: "certificaciones_externas ce JOIN empleados e ON e.cve_empleado = ce.cve_empleado JOIN temas t ON t.cve_tema = ce.cve_tema",
        base: "e.baja_logica = 0",
        ambito: Ambito::Persona,
        columnas: EXTERNAS,
        orden: "ce.fecha_alta DESC, ce.cve_log",
    },
];

/// A source by key.
pub fn fuente(clave: &str) -> Option<&'static Fuente> {
    FUENTES.iter().find(|f| f.clave == clave)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_has_unique_column_keys_and_titles_in_three_languages() {
        for f in FUENTES {
            let mut claves: Vec<_> = f.columnas.iter().map(|c| c.clave).collect();
            claves.sort_unstable();
            let n = claves.len();
            claves.dedup();
            assert_eq!(n, claves.len(), "{}", f.clave);
            for c in f.columnas {
                assert!(
                    c.titulo.iter().all(|t| !t.is_empty()),
                    "{}.{}",
                    f.clave,
                    c.clave
                );
            }
        }
    }
}
