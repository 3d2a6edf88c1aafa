-- Certificates (domain `certificates`): every certificate Aula issues — the STPS DC-3 and the
-- course and block constancias — with the public code that verifies it, and the DC-3's
-- delivery to the worker. See docs/certificados.md.

-- One certificate of one holder. The code is public (printed with a QR on the document and
-- looked up by /verificar/{codigo}); what the page shows is what was issued (title, holder,
-- dates), so a later edit of the course does not change a document already in someone's
-- hands. A revoked certificate keeps its row (the page says so); issuing again after a
-- revocation creates a new row with a new code.
CREATE TABLE certificados (
    id_certificado INTEGER PRIMARY KEY AUTOINCREMENT,
    codigo TEXT NOT NULL UNIQUE,
    tipo TEXT NOT NULL CHECK (tipo IN ('dc3', 'curso', 'bloque')),
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    cve_curso INTEGER REFERENCES cursos (cve_curso),
    id_bloque INTEGER REFERENCES bloques (id_bloque),
    -- What the document says, as issued.
    titulo TEXT NOT NULL,
    titular TEXT NOT NULL,
    -- The training's first and last day (AAAA-MM-DD) and the validity ('9999-12-31' = none).
    fecha_inicio TEXT NOT NULL,
    fecha_fin TEXT NOT NULL,
    vigencia TEXT NOT NULL,
    emitido TEXT NOT NULL,
    emitido_por INTEGER REFERENCES empleados (cve_empleado),
    -- First delivery to the worker (download by or for them, or e-mail) and how.
    entregado TEXT,
    medio_entrega TEXT CHECK (medio_entrega IN ('descarga', 'correo')),
    revocado TEXT,
    motivo_revocacion TEXT,
    CHECK ((tipo = 'bloque') = (id_bloque IS NOT NULL)),
    CHECK ((tipo = 'bloque') <> (cve_curso IS NOT NULL)),
    CHECK ((revocado IS NULL) = (motivo_revocacion IS NULL)),
    CHECK ((entregado IS NULL) = (medio_entrega IS NULL))
);
-- One valid certificate per holder and course (or block) and kind.
CREATE UNIQUE INDEX certificados_vigente_curso ON certificados (tipo, cve_curso, cve_empleado)
    WHERE revocado IS NULL AND cve_curso IS NOT NULL;
CREATE UNIQUE INDEX certificados_vigente_bloque ON certificados (id_bloque, cve_empleado)
    WHERE revocado IS NULL AND id_bloque IS NOT NULL;
CREATE INDEX certificados_empleado ON certificados (cve_empleado, emitido);

-- Who may follow the DC-3s owed after each course (due, late, delivered) and download any
-- employee's certificates within their scope.
INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (74, 'cursos.constancias', 'Cursos', 'Constancias DC-3', '', 'Constancias DC-3 por entregar, vencidas y entregadas', 'constancias_dc3', 239);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 74), (2, 74);

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (54, 'pantalla.constancias_dc3', 'Constancias DC-3',
     'Las constancias DC-3 que la empresa debe entregar a cada trabajador que acreditó un curso, dentro de los 20 días hábiles siguientes a su término (se descuentan fines de semana y los días de descanso obligatorio de la Ley Federal del Trabajo). Por año: la fecha límite de cada curso, cuántas se entregaron y cuántas faltan, y los cursos vencidos primero. En cada curso: el código de verificación de cada constancia, cómo se entregó (descarga o correo) y los datos que faltan para emitirla; descarga la DC-3 o la constancia del curso, o envía por correo las pendientes.',
     'DC-3 certificates',
     'The DC-3 certificates the company must hand to every worker who passed a course, within 20 working days of its end (weekends and the Federal Labour Law''s mandatory rest days are not counted). Per year: each course''s due date, how many were delivered and how many are pending, late courses first. For each course: each certificate''s verification code, how it was delivered (download or e-mail) and the data still missing to issue it; download the DC-3 or the course certificate, or e-mail the pending ones.',
     'Constâncias DC-3',
     'As constâncias DC-3 que a empresa deve entregar a cada trabalhador aprovado em um curso, em até 20 dias úteis após o término (não contam fins de semana nem os dias de descanso obrigatório da Lei Federal do Trabalho). Por ano: o prazo de cada curso, quantas foram entregues e quantas faltam, com os cursos atrasados primeiro. Em cada curso: o código de verificação de cada constância, como foi entregue (download ou e-mail) e os dados que faltam para emiti-la; baixe a DC-3 ou a constância do curso, ou envie por e-mail as pendentes.'),
    (55, 'pantalla.mis_constancias', 'Mis constancias',
     'Tus constancias de los cursos cerrados que acreditaste: la constancia del curso y, en los cursos que la llevan, la DC-3 de la STPS. Cada una tiene un código y un QR con los que cualquiera puede verificarla. Si tu DC-3 aún no está disponible, se indica qué datos faltan; Capital Humano los completa. Marca varias para descargarlas en un solo PDF.',
     'My certificates',
     'Your certificates of the closed courses you passed: the course certificate and, for courses that carry one, the STPS DC-3. Each has a code and a QR anyone can use to verify it. When your DC-3 is not available yet, the missing data are listed; Human Resources completes them. Tick several to download them in one PDF.',
     'Minhas constâncias',
     'Suas constâncias dos cursos encerrados em que você foi aprovado: a constância do curso e, nos cursos que a têm, a DC-3 da STPS. Cada uma tem um código e um QR com os quais qualquer pessoa pode verificá-la. Se sua DC-3 ainda não estiver disponível, são indicados os dados que faltam; o RH os completa. Marque várias para baixá-las em um único PDF.');
