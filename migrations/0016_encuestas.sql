-- Surveys and ratings: course survey templates (questions of four options) assigned to
-- topics and, per course, overridden; the participants' answers after the course; the
-- dashboard survey shown to chosen profiles within a date window and its answers; and the
-- employees' ratings of the topics they accredited (0.5 to 5 in half steps).
-- Owned by the surveys domain (server/src/surveys/db). Dates are AAAA-MM-DD, instants
-- AAAA-MM-DDTHH:MM:SSZ (UTC).

CREATE TABLE encuestas_cursos (
    id_encuesta INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL UNIQUE,
    descripcion TEXT,
    activa INTEGER NOT NULL DEFAULT 1 CHECK (activa IN (0, 1)),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);

CREATE TABLE encuestas_cursos_preguntas (
    id_pregunta INTEGER PRIMARY KEY,
    id_encuesta INTEGER NOT NULL REFERENCES encuestas_cursos (id_encuesta) ON DELETE CASCADE,
    orden INTEGER NOT NULL,
    pregunta TEXT NOT NULL,
    respuesta1 TEXT NOT NULL,
    respuesta2 TEXT NOT NULL,
    respuesta3 TEXT NOT NULL,
    respuesta4 TEXT NOT NULL
);
CREATE INDEX encuestas_cursos_preguntas_encuesta ON encuestas_cursos_preguntas (id_encuesta, orden);

-- The template of a topic's courses: a topic has at most one.
CREATE TABLE encuestas_cursos_temas (
    cve_tema INTEGER PRIMARY KEY REFERENCES temas (cve_tema),
    id_encuesta INTEGER NOT NULL REFERENCES encuestas_cursos (id_encuesta) ON DELETE CASCADE
);
CREATE INDEX encuestas_cursos_temas_encuesta ON encuestas_cursos_temas (id_encuesta);

-- A course's own template, instead of its topic's.
CREATE TABLE encuestas_cursos_asignaciones (
    cve_curso INTEGER PRIMARY KEY REFERENCES cursos (cve_curso),
    id_encuesta INTEGER NOT NULL REFERENCES encuestas_cursos (id_encuesta) ON DELETE CASCADE
);
CREATE INDEX encuestas_cursos_asignaciones_encuesta ON encuestas_cursos_asignaciones (id_encuesta);

-- One answered survey per participant and course: the primary key is the "once only" guard.
CREATE TABLE encuestas_cursos_participaciones (
    cve_curso INTEGER NOT NULL REFERENCES cursos (cve_curso),
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    id_encuesta INTEGER NOT NULL REFERENCES encuestas_cursos (id_encuesta),
    creado TEXT NOT NULL,
    PRIMARY KEY (cve_curso, cve_empleado)
);
CREATE INDEX encuestas_cursos_participaciones_encuesta ON encuestas_cursos_participaciones (id_encuesta);

-- The option (1–4) a participant chose for each question.
CREATE TABLE encuestas_cursos_respuestas (
    cve_curso INTEGER NOT NULL,
    cve_empleado INTEGER NOT NULL,
    id_pregunta INTEGER NOT NULL REFERENCES encuestas_cursos_preguntas (id_pregunta),
    respuesta INTEGER NOT NULL CHECK (respuesta BETWEEN 1 AND 4),
    PRIMARY KEY (cve_curso, cve_empleado, id_pregunta),
    FOREIGN KEY (cve_curso, cve_empleado) REFERENCES encuestas_cursos_participaciones (cve_curso, cve_empleado)
);
CREATE INDEX encuestas_cursos_respuestas_pregunta ON encuestas_cursos_respuestas (id_pregunta, respuesta);

-- The dashboard survey: shown to the listed profiles from `desde` to `hasta` while active.
CREATE TABLE encuestas_dashboard (
    id_encuesta_dashboard INTEGER PRIMARY KEY,
    encuesta TEXT NOT NULL,
    desde TEXT NOT NULL,
    hasta TEXT NOT NULL,
    activa INTEGER NOT NULL DEFAULT 1 CHECK (activa IN (0, 1)),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    CHECK (desde <= hasta)
);
CREATE INDEX encuestas_dashboard_ventana ON encuestas_dashboard (activa, desde, hasta);

CREATE TABLE encuestas_dashboard_perfiles (
    id_encuesta_dashboard INTEGER NOT NULL REFERENCES encuestas_dashboard (id_encuesta_dashboard) ON DELETE CASCADE,
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil),
    PRIMARY KEY (id_encuesta_dashboard, idperfil)
);

CREATE TABLE encuestas_dashboard_preguntas (
    id_pregunta INTEGER PRIMARY KEY,
    id_encuesta_dashboard INTEGER NOT NULL REFERENCES encuestas_dashboard (id_encuesta_dashboard) ON DELETE CASCADE,
    orden INTEGER NOT NULL,
    pregunta TEXT NOT NULL,
    respuesta1 TEXT NOT NULL,
    respuesta2 TEXT NOT NULL,
    respuesta3 TEXT NOT NULL,
    respuesta4 TEXT NOT NULL
);
CREATE INDEX encuestas_dashboard_preguntas_encuesta ON encuestas_dashboard_preguntas (id_encuesta_dashboard, orden);

-- One answered dashboard survey per employee (the "once only" guard).
CREATE TABLE encuestas_dashboard_participaciones (
    id_encuesta_dashboard INTEGER NOT NULL REFERENCES encuestas_dashboard (id_encuesta_dashboard),
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL,
    PRIMARY KEY (id_encuesta_dashboard, cve_empleado)
);

CREATE TABLE encuestas_dashboard_respuestas (
    id_encuesta_dashboard INTEGER NOT NULL,
    cve_empleado INTEGER NOT NULL,
    id_pregunta INTEGER NOT NULL REFERENCES encuestas_dashboard_preguntas (id_pregunta),
    respuesta INTEGER NOT NULL CHECK (respuesta BETWEEN 1 AND 4),
    PRIMARY KEY (id_pregunta, cve_empleado),
    FOREIGN KEY (id_encuesta_dashboard, cve_empleado)
        REFERENCES encuestas_dashboard_participaciones (id_encuesta_dashboard, cve_empleado)
);
CREATE INDEX encuestas_dashboard_respuestas_pregunta ON encuestas_dashboard_respuestas (id_pregunta, respuesta);

-- An employee's rating of a topic they accredited: out of 5 in half-star steps (spec
-- section 9); rating again replaces it.
CREATE TABLE temas_calificaciones (
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    rating REAL NOT NULL CHECK (rating IN (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0)),
    actualizado TEXT NOT NULL,
    PRIMARY KEY (cve_tema, cve_empleado)
);
CREATE INDEX temas_calificaciones_empleado ON temas_calificaciones (cve_empleado);

-- Results of the course surveys: an Instructor sees only the courses they teach.
INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (72, 'cursos.encuestas_resultados', 'Cursos', 'Lista de cursos', '', 'Resultados de encuestas', '', 237);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 72), (2, 72), (5, 72);

-- Help texts of the survey screens (keys `pantalla.<route>`, the `helpKey` of web/src/app/screens.ts).
INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (50, 'pantalla.encuestas_cursos', 'Encuestas de cursos',
     'Las plantillas de encuesta que contestan los participantes al terminar un curso: cada pregunta tiene cuatro opciones de respuesta. Asigna cada plantilla a los temas a los que aplica (un tema tiene a lo sumo una); en un curso puedes elegir otra desde su pestaña de encuesta. Cuando una encuesta ya tiene respuestas sus preguntas no cambian: desactívala y crea otra. Los resultados muestran, por pregunta, cuántos eligieron cada opción y su porcentaje, filtrados por instructor, tema, encuesta o fechas; un instructor solo ve los cursos que imparte.',
     'Course surveys',
     'The survey templates participants answer when a course ends: each question has four answer options. Assign each template to the topics it applies to (a topic has at most one); a course may use another one from its survey tab. Once a survey has answers its questions cannot change: deactivate it and create another. The results show, per question, how many chose each option and its percentage, filtered by instructor, topic, survey or dates; an instructor sees only the courses they teach.',
     'Pesquisas de cursos',
     'Os modelos de pesquisa que os participantes respondem ao terminar um curso: cada pergunta tem quatro opções de resposta. Atribua cada modelo aos temas a que se aplica (um tema tem no máximo um); um curso pode usar outro na sua aba de pesquisa. Quando uma pesquisa já tem respostas suas perguntas não mudam: desative-a e crie outra. Os resultados mostram, por pergunta, quantos escolheram cada opção e sua porcentagem, filtrados por instrutor, tema, pesquisa ou datas; um instrutor vê apenas os cursos que ministra.'),
    (51, 'pantalla.configuracion_encuestas', 'Encuestas del dashboard',
     'La encuesta que aparece en el dashboard de los perfiles elegidos entre sus fechas de inicio y fin mientras está activa; si hay varias, se muestra la más reciente. Cada pregunta tiene cuatro opciones. Cada persona la contesta una vez y después ve los resultados; el perfil Contratista ve un agradecimiento en lugar de los resultados. Cuando ya tiene respuestas sus preguntas no cambian.',
     'Dashboard surveys',
     'The survey shown on the dashboard of the chosen profiles between its start and end dates while it is active; when several apply, the newest is shown. Each question has four options. Each person answers it once and then sees the results; the Contratista profile sees a thank-you note instead of the results. Once it has answers its questions cannot change.',
     'Pesquisas do dashboard',
     'A pesquisa exibida no dashboard dos perfis escolhidos entre suas datas de início e fim enquanto estiver ativa; se houver várias, mostra-se a mais recente. Cada pergunta tem quatro opções. Cada pessoa a responde uma vez e depois vê os resultados; o perfil Contratista vê um agradecimento em vez dos resultados. Quando já tem respostas suas perguntas não mudam.');
