-- SCORM (domain `scorm`): a topic's package, learners' attempts, the CMI data of each SCO per
-- attempt, and the launch tokens of the content origin. See docs/scorm.md.

-- One package per topic. A new upload replaces the content (a new `revision`, stored under
-- scorm/<clave_scorm>/r<revision>/) and keeps the attempts.
CREATE TABLE scorm_paquetes (
    id_paquete INTEGER PRIMARY KEY,
    cve_tema INTEGER NOT NULL UNIQUE REFERENCES temas (cve_tema) ON DELETE CASCADE,
    clave_scorm TEXT NOT NULL UNIQUE,
    version TEXT NOT NULL CHECK (version IN ('1.2', '2004')),
    edicion TEXT,
    titulo TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1,
    -- the table of contents: JSON array of items (id, titulo, nivel, href, dominio, ...)
    estructura TEXT NOT NULL,
    -- mastery score 0-100 of the package (the first SCO's), when the manifest sets one
    dominio REAL,
    -- attempts a learner may open; 0 = unlimited
    intentos INTEGER NOT NULL DEFAULT 0 CHECK (intentos >= 0),
    archivos INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    archivo_nombre TEXT,
    subido_por INTEGER REFERENCES empleados (cve_empleado) ON DELETE SET NULL,
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);

-- A learner's attempt at a package: its state is derived from the SCOs' data after each commit.
CREATE TABLE scorm_intentos (
    id_intento INTEGER PRIMARY KEY,
    id_paquete INTEGER NOT NULL REFERENCES scorm_paquetes (id_paquete) ON DELETE CASCADE,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    numero INTEGER NOT NULL,
    -- incomplete | completed | passed | failed
    estado TEXT NOT NULL DEFAULT 'incomplete'
        CHECK (estado IN ('incomplete', 'completed', 'passed', 'failed')),
    -- 0-100, from the SCOs' scores
    calificacion REAL,
    tiempo_total_seg INTEGER NOT NULL DEFAULT 0,
    -- the item the learner used last (where a relaunch starts)
    ultimo_item TEXT,
    iniciado TEXT NOT NULL,
    ultimo_acceso TEXT NOT NULL,
    terminado TEXT,
    UNIQUE (id_paquete, cve_empleado, numero)
);
CREATE INDEX scorm_intentos_empleado ON scorm_intentos (cve_empleado, id_paquete);

-- The run-time data of one SCO in one attempt. A commit applies only when it is newer than
-- the last applied one: a later launch, or the same launch with a higher sequence number.
CREATE TABLE scorm_datos (
    id_intento INTEGER NOT NULL REFERENCES scorm_intentos (id_intento) ON DELETE CASCADE,
    item TEXT NOT NULL,
    id_lanzamiento INTEGER NOT NULL,
    secuencia INTEGER NOT NULL,
    -- incomplete | completed | passed | failed | browsed | not attempted (1.2 lesson_status,
    -- or the 2004 success_status when known, else its completion_status)
    estado TEXT NOT NULL,
    completado INTEGER NOT NULL DEFAULT 0,
    exito TEXT,
    puntaje_raw REAL,
    puntaje_min REAL,
    puntaje_max REAL,
    puntaje_escalado REAL,
    ubicacion TEXT,
    datos_suspendidos TEXT,
    salida TEXT,
    -- seconds of the launches before the one in `id_lanzamiento`, and of that one so far
    tiempo_previo_seg INTEGER NOT NULL DEFAULT 0,
    tiempo_sesion_seg INTEGER NOT NULL DEFAULT 0,
    -- every value the SCO wrote (flattened element -> value), objectives and interactions included
    valores TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    PRIMARY KEY (id_intento, item)
);

-- Launch tokens of the content origin: short-lived, bound to one learner, package and attempt.
-- AUTOINCREMENT: launch ids order commits, so an id is never handed out again after old
-- launches are deleted.
CREATE TABLE scorm_lanzamientos (
    id_lanzamiento INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,
    id_intento INTEGER NOT NULL REFERENCES scorm_intentos (id_intento) ON DELETE CASCADE,
    -- normal | review
    modo TEXT NOT NULL CHECK (modo IN ('normal', 'review')),
    creado TEXT NOT NULL,
    expira TEXT NOT NULL
);
CREATE INDEX scorm_lanzamientos_expira ON scorm_lanzamientos (expira);

-- Learners' SCORM progress (Administrador, Analista).
INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (73, 'cursos.scorm_avance', 'Cursos', 'Avance SCORM', '', 'Avance de los participantes en los cursos SCORM', 'scorm_avance', 238);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 73), (2, 73);

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (52, 'pantalla.scorm_avance', 'Avance SCORM',
     'El avance de cada participante en los cursos SCORM: intento, estado (en curso, completado, aprobado o reprobado), calificación, tiempo dedicado y último acceso. Filtra por tema y exporta a Excel. Un curso aprobado o completado con la calificación mínima se registra como acreditado en el plan de capacitación.',
     'SCORM progress',
     'Each participant''s progress in the SCORM courses: attempt, status (in progress, completed, passed or failed), score, time spent and last access. Filter by topic and export to Excel. A course passed, or completed with the pass mark, is recorded as accredited in the training plan.',
     'Progresso SCORM',
     'O progresso de cada participante nos cursos SCORM: tentativa, estado (em andamento, concluído, aprovado ou reprovado), nota, tempo dedicado e último acesso. Filtre por tema e exporte para Excel. Um curso aprovado, ou concluído com a nota mínima, é registrado como acreditado no plano de capacitação.'),
    (53, 'pantalla.scorm_material', 'Material SCORM',
     'Sube el paquete SCORM 1.2 o SCORM 2004 (archivo .zip exportado por Storyline, Rise, iSpring, Captivate u otra herramienta) del tema. Al subir una nueva versión se reemplaza el contenido y se conserva el avance de los participantes. Indica cuántos intentos puede abrir cada participante (0 = sin límite).',
     'SCORM material',
     'Upload the topic''s SCORM 1.2 or SCORM 2004 package (a .zip exported by Storyline, Rise, iSpring, Captivate or another tool). A new version replaces the content and keeps the participants'' progress. Set how many attempts each participant may open (0 = unlimited).',
     'Material SCORM',
     'Envie o pacote SCORM 1.2 ou SCORM 2004 do tema (um .zip exportado pelo Storyline, Rise, iSpring, Captivate ou outra ferramenta). Uma nova versão substitui o conteúdo e mantém o progresso dos participantes. Indique quantas tentativas cada participante pode abrir (0 = sem limite).');
