-- External certifications: what a supplier records of the certifications its workers earned
-- elsewhere, with the DC-3 each came with, until an analyst authorises it into the
-- accreditation ledger or rejects it with a reason. Owned by the certificates domain.
CREATE TABLE certificaciones_externas (
    cve_log INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    fecha_realizacion TEXT NOT NULL,
    fecha_vigencia TEXT NOT NULL,
    -- the stored key of the DC-3 PDF (certificaciones/dc3/...), NULL until one is loaded
    link_dc3 TEXT,
    estado TEXT NOT NULL DEFAULT 'Enviado' CHECK (estado IN ('Enviado', 'Rechazado', 'Autorizado')),
    motivo_rechazo TEXT,
    -- individual | masivo
    origen TEXT NOT NULL CHECK (origen IN ('individual', 'masivo')),
    -- who uploaded it, and the name of their company (N4) then
    cve_proveedor INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    nombre_proveedor TEXT NOT NULL,
    fecha_alta TEXT NOT NULL,
    revisado_por INTEGER REFERENCES empleados (cve_empleado),
    fecha_revision TEXT,
    id_acreditacion INTEGER,
    CHECK (fecha_vigencia >= fecha_realizacion)
);
CREATE INDEX certificaciones_externas_empleado ON certificaciones_externas (cve_empleado, cve_tema);
CREATE INDEX certificaciones_externas_estado ON certificaciones_externas (estado, fecha_alta);

-- DC-3 files uploaded and not yet attached to a record: a key is accepted only from the
-- session that uploaded it, once.
CREATE TABLE certificaciones_dc3_subidas (
    llave TEXT PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL
);

INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (75, 'plan.certificaciones_externas.autorizar', 'Plan de capacitación', 'Certificaciones externas', '', 'Autorizar o rechazar certificaciones externas', '', 191),
    (76, 'cursos.plantilla_dc4', 'Cursos', 'Plantilla DC-4', '', 'Lista de constancias DC-4 por empresa y año', 'plantilla_DC4', 240);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 75), (2, 75), (1, 76), (2, 76);

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (56, 'pantalla.certificaciones_externas', 'Certificaciones externas',
     'Las certificaciones que tus trabajadores obtuvieron fuera de la empresa, con su constancia DC-3. Con «Cargar certificaciones» registra una por trabajador (busca su CURP y el tema, indica la fecha de acreditación y adjunta la DC-3 en PDF) o muchas con la plantilla de Excel. Cada registro queda «Enviado» hasta que Capital Humano lo autoriza (el tema queda acreditado en el plan del trabajador) o lo rechaza con un motivo; un registro rechazado se envía de nuevo al cambiar su DC-3.',
     'External certifications',
     'The certifications your workers earned outside the company, with their DC-3 certificate. With «Load certifications» record one per worker (search their CURP and the topic, give the accreditation date and attach the DC-3 as a PDF) or many with the Excel template. Each record stays «Sent» until Human Resources authorises it (the topic becomes accredited in the worker''s plan) or rejects it with a reason; a rejected record is sent again when its DC-3 is changed.',
     'Certificações externas',
     'As certificações que seus trabalhadores obtiveram fora da empresa, com a constância DC-3. Com «Carregar certificações» registre uma por trabalhador (busque o CURP e o tema, informe a data de acreditação e anexe a DC-3 em PDF) ou muitas com o modelo de Excel. Cada registro fica «Enviado» até que Recursos Humanos o autorize (o tema fica acreditado no plano do trabalhador) ou o rejeite com um motivo; um registro rejeitado é enviado de novo ao trocar sua DC-3.'),
    (57, 'pantalla.plantilla_DC4', 'Plantilla DC-4',
     'La lista de constancias de competencias o de habilidades laborales (formato DC-4 de la STPS) de una empresa en un año del plan: cada trabajador que acreditó un curso que lleva DC-3, con su CURP, ocupación, curso, área temática, horas, periodo y agente capacitador. Elige la empresa y el año, revisa la lista y descárgala en PDF o Excel.',
     'DC-4 list',
     'The list of skills certificates (the STPS DC-4 form) of a company in a plan year: every worker who passed a course that carries a DC-3, with their CURP, occupation, course, thematic area, hours, period and training agent. Choose the company and the year, review the list and download it as PDF or Excel.',
     'Lista DC-4',
     'A lista de constâncias de competências ou habilidades trabalhistas (formato DC-4 da STPS) de uma empresa em um ano do plano: cada trabalhador aprovado em um curso que gera DC-3, com CURP, ocupação, curso, área temática, horas, período e agente capacitador. Escolha a empresa e o ano, revise a lista e baixe em PDF ou Excel.');
