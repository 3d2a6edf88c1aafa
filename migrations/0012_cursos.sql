-- Courses: a topic scheduled as a dated event with sessions, a room and an instructor,
-- enrolments with seats and a waiting list, two-step enrolment requests, course-date
-- requests, attendance per session, evaluation, activities and their submissions.
-- Owned by the courses domain (server/src/courses/db). Times of sessions are stored in UTC
-- (`AAAA-MM-DDTHH:MM:SSZ`) next to the company-local date, which the calendar and the
-- day panels query. Money in integer centavos.

CREATE TABLE cursos (
    cve_curso INTEGER PRIMARY KEY,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    nombre_corto TEXT NOT NULL,
    modalidad TEXT NOT NULL CHECK (modalidad IN ('PRESENCIAL', 'VIRTUAL', 'STREAMING', 'E_LEARNING', 'AUTOESTUDIO')),
    -- programado (open), cerrado (results written to the ledger), cancelado
    estatus TEXT NOT NULL DEFAULT 'programado' CHECK (estatus IN ('programado', 'cerrado', 'cancelado')),
    -- Company-local dates of the first and last session (AAAA-MM-DD), kept by every write of sessions.
    fecha_inicio TEXT NOT NULL,
    fecha_fin TEXT NOT NULL,
    -- The plant the course is held for (grid filter), optional.
    cve_planta INTEGER REFERENCES plantas (cve_planta),
    cve_sede INTEGER REFERENCES sedes (cve_sede),
    cve_sala INTEGER REFERENCES salas (cve_sala),
    cve_instructor INTEGER REFERENCES instructores (cve_instructor),
    -- The analyst responsible for the course (the second step of enrolment requests).
    cve_analista INTEGER REFERENCES empleados (cve_empleado),
    capacidad INTEGER NOT NULL CHECK (capacidad > 0),
    -- Seats taken (enrolments with estatus 'inscrito'). Moved only by the conditional
    -- UPDATE … WHERE inscritos < capacidad, the oversell guard on SQLite and PostgreSQL alike.
    inscritos INTEGER NOT NULL DEFAULT 0 CHECK (inscritos >= 0 AND inscritos <= capacidad),
    dias_acceso INTEGER NOT NULL DEFAULT 0 CHECK (dias_acceso >= 0),
    -- conocimiento | teorico_practico | ninguno (from the topic, overridable per course)
    modelo_evaluacion TEXT NOT NULL,
    calificacion_minima REAL,
    calificacion_minima_practica REAL,
    -- 1 when employees may ask for a seat themselves (two-step request).
    autoinscripcion INTEGER NOT NULL DEFAULT 1 CHECK (autoinscripcion IN (0, 1)),
    -- EPV: open to people outside the company's own staff (only with cia.epv = 1).
    epv INTEGER NOT NULL DEFAULT 0 CHECK (epv IN (0, 1)),
    -- 0 borrador, 1 publicado (enrolment open to outsiders), 2 cerrado
    estatus_epv INTEGER NOT NULL DEFAULT 0 CHECK (estatus_epv IN (0, 1, 2)),
    moneda TEXT NOT NULL DEFAULT 'MXN',
    tipo_cambio REAL NOT NULL DEFAULT 1,
    costo_instructor INTEGER NOT NULL DEFAULT 0 CHECK (costo_instructor >= 0),
    costo_coffee_break INTEGER NOT NULL DEFAULT 0 CHECK (costo_coffee_break >= 0),
    costo_impresiones INTEGER NOT NULL DEFAULT 0 CHECK (costo_impresiones >= 0),
    costo_renta_sala INTEGER NOT NULL DEFAULT 0 CHECK (costo_renta_sala >= 0),
    costo_otros INTEGER NOT NULL DEFAULT 0 CHECK (costo_otros >= 0),
    -- The sum of the five costs, in the course's currency.
    costo_total INTEGER NOT NULL DEFAULT 0,
    -- ninguna | manual | jitsi | teams
    reunion_tipo TEXT NOT NULL DEFAULT 'ninguna' CHECK (reunion_tipo IN ('ninguna', 'manual', 'jitsi', 'teams')),
    reunion_url TEXT,
    -- The provider's id of the meeting (Graph onlineMeeting id), to delete it with the course.
    reunion_id TEXT,
    comentarios_instructor TEXT,
    -- Storage key of the signed attendance list (PDF or image).
    lista_asistencia TEXT,
    -- The course-date request it answers, if any.
    cve_solicitud_curso INTEGER,
    -- The course it was copied from, if any.
    copia_de INTEGER REFERENCES cursos (cve_curso),
    motivo_cancelacion TEXT,
    creado_por INTEGER REFERENCES empleados (cve_empleado),
    cerrado_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_cierre TEXT,
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    CHECK (fecha_inicio <= fecha_fin)
);
CREATE INDEX cursos_fechas ON cursos (fecha_inicio, fecha_fin);
CREATE INDEX cursos_tema ON cursos (cve_tema, fecha_inicio);
CREATE INDEX cursos_instructor ON cursos (cve_instructor, fecha_inicio);
CREATE INDEX cursos_epv ON cursos (epv, fecha_inicio);

-- One dated sitting of a course. A room or an instructor cannot be in two overlapping
-- sessions of courses that are not cancelled (checked in the writer's transaction).
CREATE TABLE cursos_sesiones (
    id_sesion INTEGER PRIMARY KEY,
    cve_curso INTEGER NOT NULL REFERENCES cursos (cve_curso) ON DELETE CASCADE,
    numero INTEGER NOT NULL,
    -- Company-local date and times as entered (AAAA-MM-DD, HH:MM).
    fecha TEXT NOT NULL,
    hora_inicio TEXT NOT NULL,
    hora_fin TEXT NOT NULL,
    -- The same instants in UTC (AAAA-MM-DDTHH:MM:SSZ).
    inicio TEXT NOT NULL,
    fin TEXT NOT NULL,
    -- Copies of the course's room and instructor (NULL when cancelled), for the conflict indexes.
    cve_sala INTEGER REFERENCES salas (cve_sala),
    cve_instructor INTEGER REFERENCES instructores (cve_instructor),
    UNIQUE (cve_curso, numero),
    CHECK (inicio < fin)
);
CREATE INDEX cursos_sesiones_fecha ON cursos_sesiones (fecha, hora_inicio);
CREATE INDEX cursos_sesiones_sala ON cursos_sesiones (cve_sala, inicio) WHERE cve_sala IS NOT NULL;
CREATE INDEX cursos_sesiones_instructor ON cursos_sesiones (cve_instructor, inicio) WHERE cve_instructor IS NOT NULL;

-- An employee in a course: enrolled (holds a seat), on the waiting list, or cancelled.
CREATE TABLE cursos_inscripciones (
    cve_inscripcion_ai INTEGER PRIMARY KEY,
    cve_curso INTEGER NOT NULL REFERENCES cursos (cve_curso),
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    estatus TEXT NOT NULL CHECK (estatus IN ('inscrito', 'espera', 'cancelada')),
    -- Order on the waiting list (the smallest is promoted first).
    turno_espera INTEGER,
    -- analista | supervisor | solicitud | autoinscripcion | lista_espera | recertificacion
    origen TEXT NOT NULL,
    inscrito_por INTEGER REFERENCES empleados (cve_empleado),
    -- The participant confirmed they will attend (0 → 1).
    confirmado INTEGER NOT NULL DEFAULT 0 CHECK (confirmado IN (0, 1)),
    fecha_confirmacion TEXT,
    -- On the course's scale: conocimiento 0–100, or teórico 1–10 and práctico 1–5.
    calificacion REAL,
    calificacion_practica REAL,
    -- Exit rating of the course by the participant or the instructor's rating, 1–5.
    calificacion_salida INTEGER CHECK (calificacion_salida BETWEEN 1 AND 5),
    -- Result written at close (NULL while open).
    acreditado INTEGER CHECK (acreditado IN (0, 1)),
    -- NULL | 'Material_Completado'
    estatus_material TEXT,
    fecha_material TEXT,
    cancelada_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_cancelacion TEXT,
    motivo_cancelacion TEXT,
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    CHECK ((estatus = 'espera') = (turno_espera IS NOT NULL))
);
-- An employee is in a course once (a cancelled enrolment may be followed by a new one).
CREATE UNIQUE INDEX cursos_inscripciones_unica ON cursos_inscripciones (cve_curso, cve_empleado) WHERE estatus <> 'cancelada';
CREATE INDEX cursos_inscripciones_empleado ON cursos_inscripciones (cve_empleado, estatus);
CREATE INDEX cursos_inscripciones_curso ON cursos_inscripciones (cve_curso, estatus, turno_espera);

-- Attendance per session: 1 = no, 2 = yes (spec section 9).
CREATE TABLE cursos_asistencias (
    cve_inscripcion_ai INTEGER NOT NULL REFERENCES cursos_inscripciones (cve_inscripcion_ai) ON DELETE CASCADE,
    id_sesion INTEGER NOT NULL REFERENCES cursos_sesiones (id_sesion) ON DELETE CASCADE,
    asistencia INTEGER NOT NULL CHECK (asistencia IN (1, 2)),
    registrado_por INTEGER REFERENCES empleados (cve_empleado),
    actualizado TEXT NOT NULL,
    PRIMARY KEY (cve_inscripcion_ai, id_sesion)
);

-- Two-step enrolment request (spec: the Notification's `solicitud`): the coordinator (the
-- employee's supervisor) accepts first, then the course's analyst; either may reject.
CREATE TABLE cursos_solicitudes (
    idsolicitud INTEGER PRIMARY KEY,
    cve_curso INTEGER NOT NULL REFERENCES cursos (cve_curso),
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    solicitado_por INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    cve_supervisor INTEGER REFERENCES empleados (cve_empleado),
    cve_analista INTEGER REFERENCES empleados (cve_empleado),
    -- coordinador (waits for the supervisor) | analista (waits for the analyst) | resuelta
    etapa TEXT NOT NULL CHECK (etapa IN ('coordinador', 'analista', 'resuelta')),
    -- 1 pending, 2 rejected ('Rechazada'), 3 accepted ('Aceptada')
    estatus INTEGER NOT NULL DEFAULT 1 CHECK (estatus IN (1, 2, 3)),
    cve_coordinador INTEGER REFERENCES empleados (cve_empleado),
    fecha_coordinador TEXT,
    resuelta_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_resolucion TEXT,
    motivo TEXT,
    -- The enrolment it produced (inscrito or espera).
    cve_inscripcion_ai INTEGER REFERENCES cursos_inscripciones (cve_inscripcion_ai),
    creado TEXT NOT NULL,
    CHECK ((etapa = 'resuelta') = (estatus <> 1))
);
-- One pending request per employee and course.
CREATE UNIQUE INDEX cursos_solicitudes_pendiente ON cursos_solicitudes (cve_curso, cve_empleado) WHERE estatus = 1;
CREATE INDEX cursos_solicitudes_etapa ON cursos_solicitudes (etapa, estatus);

-- Course-date request: an employee or a supervisor asks for a date for a topic.
CREATE TABLE cursos_solicitudes_fecha (
    cve_solicitud_curso INTEGER PRIMARY KEY,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    solicitado_por INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    fecha_deseada TEXT NOT NULL,
    participantes INTEGER NOT NULL DEFAULT 1 CHECK (participantes > 0),
    comentario TEXT,
    -- Pendiente | Rechazado | Aceptado
    estado TEXT NOT NULL DEFAULT 'Pendiente' CHECK (estado IN ('Pendiente', 'Rechazado', 'Aceptado')),
    resuelta_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_resolucion TEXT,
    motivo TEXT,
    -- The course scheduled from it.
    cve_curso INTEGER REFERENCES cursos (cve_curso),
    creado TEXT NOT NULL
);
CREATE INDEX cursos_solicitudes_fecha_estado ON cursos_solicitudes_fecha (estado, fecha_deseada);

-- The employees a course-date request is for (the requester, or a supervisor's people).
CREATE TABLE cursos_solicitudes_fecha_empleados (
    cve_solicitud_curso INTEGER NOT NULL REFERENCES cursos_solicitudes_fecha (cve_solicitud_curso) ON DELETE CASCADE,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    PRIMARY KEY (cve_solicitud_curso, cve_empleado)
);

-- The topic's activities as dated tasks of one course.
CREATE TABLE cursos_actividades (
    id_actividad_curso INTEGER PRIMARY KEY,
    cve_curso INTEGER NOT NULL REFERENCES cursos (cve_curso) ON DELETE CASCADE,
    id_actividad INTEGER REFERENCES actividades_temas (id_actividad) ON DELETE SET NULL,
    titulo TEXT NOT NULL,
    descripcion TEXT NOT NULL,
    fecha_entrega TEXT NOT NULL,
    tipo_evidencia TEXT NOT NULL CHECK (tipo_evidencia IN ('texto', 'archivo', 'imagen', 'enlace')),
    limite_caracteres INTEGER
);
CREATE INDEX cursos_actividades_curso ON cursos_actividades (cve_curso, fecha_entrega);

-- A participant's submission of an activity, and its grade.
CREATE TABLE cursos_entregas (
    id_entrega INTEGER PRIMARY KEY,
    id_actividad_curso INTEGER NOT NULL REFERENCES cursos_actividades (id_actividad_curso) ON DELETE CASCADE,
    cve_inscripcion_ai INTEGER NOT NULL REFERENCES cursos_inscripciones (cve_inscripcion_ai) ON DELETE CASCADE,
    texto TEXT,
    archivo TEXT,
    nombre_archivo TEXT,
    entregado TEXT NOT NULL,
    calificacion REAL,
    comentario TEXT,
    calificado_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_calificacion TEXT,
    UNIQUE (id_actividad_curso, cve_inscripcion_ai)
);

-- Recertification offers already made (an expiring accreditation × a scheduled course), so the
-- daily pass never offers twice.
CREATE TABLE cursos_recertificaciones (
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    cve_curso INTEGER NOT NULL REFERENCES cursos (cve_curso),
    -- ofrecida | inscrito
    accion TEXT NOT NULL CHECK (accion IN ('ofrecida', 'inscrito')),
    fecha TEXT NOT NULL,
    PRIMARY KEY (cve_empleado, cve_tema, cve_curso)
);

-- Sections of the course screens and actions (the menu entries 23–27 exist since 0002).
INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (66, 'cursos.programar', 'Cursos', 'Lista de cursos', '', 'Programar, editar, cerrar y reabrir cursos', 'programar_curso', 231),
    (67, 'cursos.inscribir', 'Cursos', 'Lista de cursos', '', 'Inscribir participantes', '', 232),
    (68, 'cursos.evaluar', 'Cursos', 'Lista de cursos', '', 'Asistencia, evaluación y actividades', '', 233),
    (69, 'cursos.solicitudes_fecha', 'Cursos', 'Solicitudes de fecha', '', 'Atender solicitudes de fecha de curso', '', 234);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 66), (2, 66),
    (1, 67), (2, 67), (3, 67),
    (1, 68), (2, 68), (5, 68),
    (1, 69), (2, 69);
