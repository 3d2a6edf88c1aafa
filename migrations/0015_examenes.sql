-- Exams: a definition per topic (cve_curso NULL) and per course, who is assigned to take
-- it, every attempt and the questions drawn for it. Owned by the exams domain
-- (server/src/exams/db.rs). An attempt keeps a copy of each drawn question (text, type and
-- its options in the order shown, with the key) so a reload shows the same exam and a later
-- edit of the bank never changes an attempt's grade. Times are UTC (AAAA-MM-DDTHH:MM:SSZ).

CREATE TABLE examenes (
    id_examen INTEGER PRIMARY KEY,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    -- NULL: the topic's definition (the defaults of its courses, and the self-service exam).
    cve_curso INTEGER REFERENCES cursos (cve_curso),
    num_preguntas INTEGER NOT NULL CHECK (num_preguntas >= 1),
    barajar_preguntas INTEGER NOT NULL DEFAULT 1 CHECK (barajar_preguntas IN (0, 1)),
    barajar_opciones INTEGER NOT NULL DEFAULT 1 CHECK (barajar_opciones IN (0, 1)),
    -- Minutes; 0 = no time limit.
    tiempo_estimado INTEGER NOT NULL DEFAULT 30 CHECK (tiempo_estimado BETWEEN 0 AND 600),
    intentos INTEGER NOT NULL DEFAULT 3 CHECK (intentos BETWEEN 1 AND 10),
    descripcion TEXT,
    -- 1: an E_LEARNING topic's exam taken from the plan without a course.
    autoservicio INTEGER NOT NULL DEFAULT 0 CHECK (autoservicio IN (0, 1)),
    -- A course exam's state; NULL for a topic's definition.
    estado TEXT CHECK (estado IN ('generado', 'asignado', 'activo', 'inactivo')),
    creado_por INTEGER REFERENCES empleados (cve_empleado),
    activado_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_activacion TEXT,
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    CHECK ((cve_curso IS NULL) = (estado IS NULL)),
    CHECK (cve_curso IS NULL OR autoservicio = 0)
);
CREATE UNIQUE INDEX examenes_tema ON examenes (cve_tema) WHERE cve_curso IS NULL;
CREATE UNIQUE INDEX examenes_curso ON examenes (cve_curso) WHERE cve_curso IS NOT NULL;

-- Who takes an exam: a course's participants once assigned; a self-service exam's takers
-- when they first open it. The best graded attempt is the result.
CREATE TABLE examenes_asignaciones (
    id_asignacion INTEGER PRIMARY KEY,
    id_examen INTEGER NOT NULL REFERENCES examenes (id_examen) ON DELETE CASCADE,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    cve_inscripcion_ai INTEGER REFERENCES cursos_inscripciones (cve_inscripcion_ai),
    -- Attempts started; moved only by UPDATE … WHERE intentos_usados < intentos.
    intentos_usados INTEGER NOT NULL DEFAULT 0 CHECK (intentos_usados >= 0),
    porcentaje REAL,
    calificacion REAL,
    acreditado INTEGER CHECK (acreditado IN (0, 1)),
    asignado TEXT NOT NULL,
    UNIQUE (id_examen, cve_empleado)
);
CREATE INDEX examenes_asignaciones_empleado ON examenes_asignaciones (cve_empleado);

-- An attempt: abierto (being answered) → por_revisar (open answers await the instructor)
-- or calificado. Handed in by UPDATE … WHERE estado = 'abierto', so only one hand-in counts.
CREATE TABLE examenes_intentos (
    id_intento INTEGER PRIMARY KEY,
    id_asignacion INTEGER NOT NULL REFERENCES examenes_asignaciones (id_asignacion) ON DELETE CASCADE,
    numero INTEGER NOT NULL CHECK (numero >= 1),
    estado TEXT NOT NULL DEFAULT 'abierto' CHECK (estado IN ('abierto', 'por_revisar', 'calificado')),
    inicio TEXT NOT NULL,
    -- inicio + the time limit; NULL without a limit.
    vence TEXT,
    entregado TEXT,
    -- 1 when handed in after the limit and its grace: graded from the saved answers.
    fuera_de_tiempo INTEGER NOT NULL DEFAULT 0 CHECK (fuera_de_tiempo IN (0, 1)),
    porcentaje REAL,
    calificacion REAL,
    acreditado INTEGER CHECK (acreditado IN (0, 1)),
    UNIQUE (id_asignacion, numero)
);
CREATE INDEX examenes_intentos_estado ON examenes_intentos (estado, vence);

-- The questions of an attempt in the order shown. `opciones` is a JSON array of
-- {"texto", "correcta"} in the order shown; `seleccion` a JSON array of chosen positions.
CREATE TABLE examenes_respuestas (
    id_respuesta INTEGER PRIMARY KEY,
    id_intento INTEGER NOT NULL REFERENCES examenes_intentos (id_intento) ON DELETE CASCADE,
    posicion INTEGER NOT NULL CHECK (posicion >= 0),
    id_pregunta INTEGER REFERENCES preguntas (id_pregunta) ON DELETE SET NULL,
    pregunta TEXT NOT NULL,
    tipo TEXT NOT NULL CHECK (tipo IN ('unica', 'multiple', 'abierta')),
    opciones TEXT NOT NULL,
    seleccion TEXT,
    respuesta TEXT,
    guardado TEXT,
    -- 0–1 once graded (open answers: the instructor's score / 100).
    puntaje REAL CHECK (puntaje IS NULL OR (puntaje >= 0 AND puntaje <= 1)),
    calificado_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_calificacion TEXT,
    UNIQUE (id_intento, posicion)
);
CREATE INDEX examenes_respuestas_pregunta ON examenes_respuestas (id_pregunta);
CREATE INDEX examenes_respuestas_revision ON examenes_respuestas (tipo, puntaje);

INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (70, 'cursos.examenes', 'Cursos', 'Lista de cursos', '', 'Generar, asignar, activar y eliminar exámenes', '', 235),
    (71, 'cursos.examenes_resultados', 'Cursos', 'Revisión de exámenes', '', 'Resultados, estadísticas y calificación de respuestas abiertas', 'examenes_revision', 236);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 70), (2, 70), (5, 70),
    (1, 71), (2, 71), (5, 71);

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (43, 'pantalla.examenes_revision', 'Revisión de exámenes',
     'Las respuestas abiertas de los exámenes entregados que esperan tu calificación, de la más antigua a la más reciente. Califica cada una de 0 a 100: cuando un intento ya no tiene respuestas pendientes, se calcula su calificación y el participante ve su resultado. Un instructor solo ve los cursos que imparte.',
     'Exam review',
     'The open answers of handed-in exams that await your grading, oldest first. Score each from 0 to 100: once an attempt has no answers left to grade, its grade is worked out and the participant sees the result. An instructor sees only the courses they teach.',
     'Revisão de provas',
     'As respostas abertas das provas entregues que aguardam sua correção, da mais antiga para a mais recente. Dê a cada uma uma nota de 0 a 100: quando uma tentativa não tem mais respostas pendentes, sua nota é calculada e o participante vê o resultado. Um instrutor vê apenas os cursos que ministra.');
