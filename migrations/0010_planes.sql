-- Issue 11: training plans (requirements by structure, position, plant, employee and block),
-- the accreditation ledger with its per-topic summary, the materialised plan used by company-wide
-- figures, requirement history, and the state of the daily expiry notices. Owner: plans.

-- Indexes the plan derivation needs on employees (read model of plans; employees still owns the table).
CREATE INDEX empleados_n2 ON empleados (n2);
CREATE INDEX empleados_n3 ON empleados (n3);
CREATE INDEX empleados_n4 ON empleados (n4);
CREATE INDEX empleados_n5 ON empleados (n5);
CREATE INDEX empleados_n6 ON empleados (n6);
CREATE INDEX empleados_n7 ON empleados (n7);
CREATE INDEX empleados_planta ON empleados (cve_planta);
CREATE INDEX empleados_plantas_planta ON empleados_plantas (cve_planta);

CREATE TABLE plan_requerimientos (
    id_requerimiento INTEGER PRIMARY KEY,
    -- the screen family: institucional, formacion, especifica, planta, empleado, bloque
    programa TEXT NOT NULL CHECK (programa IN ('institucional','formacion','especifica','planta','empleado','bloque')),
    cve_tema INTEGER REFERENCES temas (cve_tema),
    id_bloque INTEGER REFERENCES bloques (id_bloque),
    -- estructura (cve_estructura, any level N2-N7), puesto, planta or empleado; checked in code
    destino_tipo TEXT NOT NULL CHECK (destino_tipo IN ('estructura','puesto','planta','empleado')),
    destino_id INTEGER NOT NULL,
    destino_nivel INTEGER CHECK (destino_nivel BETWEEN 2 AND 7),
    obligatoria INTEGER NOT NULL DEFAULT 1 CHECK (obligatoria IN (0, 1)),
    dias_limite INTEGER CHECK (dias_limite BETWEEN 1 AND 3650),
    habilitado INTEGER NOT NULL DEFAULT 1 CHECK (habilitado IN (0, 1)),
    creado TEXT NOT NULL,
    creado_por INTEGER REFERENCES empleados (cve_empleado),
    actualizado TEXT NOT NULL,
    CHECK ((cve_tema IS NULL) <> (id_bloque IS NULL)),
    CHECK ((programa = 'bloque') = (id_bloque IS NOT NULL)),
    CHECK ((destino_tipo = 'estructura') = (destino_nivel IS NOT NULL)),
    CHECK ((programa IN ('institucional','especifica') AND destino_tipo = 'estructura')
        OR (programa = 'formacion' AND destino_tipo IN ('puesto','empleado'))
        OR (programa = 'planta' AND destino_tipo = 'planta')
        OR (programa = 'empleado' AND destino_tipo = 'empleado')
        OR (programa = 'bloque' AND destino_tipo IN ('puesto','empleado')))
);
-- One requirement per topic (or block) and target, enabled or not: a second one is a 409 naming it.
CREATE UNIQUE INDEX plan_requerimientos_tema_destino ON plan_requerimientos (cve_tema, destino_tipo, destino_id) WHERE cve_tema IS NOT NULL;
CREATE UNIQUE INDEX plan_requerimientos_bloque_destino ON plan_requerimientos (id_bloque, destino_tipo, destino_id) WHERE id_bloque IS NOT NULL;
CREATE INDEX plan_requerimientos_destino ON plan_requerimientos (destino_tipo, destino_id, habilitado);
CREATE INDEX plan_requerimientos_programa ON plan_requerimientos (programa, habilitado);

CREATE TABLE plan_requerimientos_eventos (
    id_evento INTEGER PRIMARY KEY,
    id_requerimiento INTEGER NOT NULL REFERENCES plan_requerimientos (id_requerimiento),
    accion TEXT NOT NULL CHECK (accion IN ('alta','habilitar','deshabilitar','editar')),
    fecha TEXT NOT NULL,
    cve_actor INTEGER REFERENCES empleados (cve_empleado),
    motivo TEXT,
    -- active employees the requirement reached at that moment
    afectados INTEGER NOT NULL DEFAULT 0,
    -- 'editar': JSON of the changed fields {"obligatoria":[1,0],"dias_limite":[null,30]}
    detalle TEXT
);
CREATE INDEX plan_requerimientos_eventos_req ON plan_requerimientos_eventos (id_requerimiento, id_evento);

-- Requirements an employee stopped having, and why: kept so their history shows them.
CREATE TABLE plan_historial_empleados (
    id INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    id_requerimiento INTEGER NOT NULL REFERENCES plan_requerimientos (id_requerimiento),
    motivo TEXT NOT NULL CHECK (motivo IN ('deshabilitado','cambio_adscripcion','baja')),
    id_evento INTEGER REFERENCES plan_requerimientos_eventos (id_evento),
    fecha TEXT NOT NULL
);
CREATE INDEX plan_historial_empleados_emp ON plan_historial_empleados (cve_empleado, fecha);
CREATE INDEX plan_historial_empleados_evento ON plan_historial_empleados (id_evento);

-- The accreditation ledger: every fact of an employee holding (or failing) a topic.
CREATE TABLE plan_acreditaciones (
    id_acreditacion INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    fecha TEXT NOT NULL,                 -- AAAA-MM-DD, never after the company's today
    calificacion REAL,                   -- on the topic's scale; NULL when not graded
    acreditado INTEGER NOT NULL CHECK (acreditado IN (0, 1)),
    vigencia TEXT,                       -- AAAA-MM-DD inclusive; '9999-12-31' = no expiry; NULL when acreditado = 0
    meses_certificacion INTEGER,         -- the rule used (NULL = 2-year default)
    origen TEXT NOT NULL CHECK (origen IN ('curso','examen','scorm','certificacion_externa','historial','manual')),
    referencia TEXT NOT NULL DEFAULT '', -- the source record (course, attempt, package, certificate log); '' for historial/manual
    motivo TEXT,                         -- required for origen = 'manual'
    nota TEXT,                           -- free source note (historial)
    registrado_por INTEGER REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    CHECK ((acreditado = 1) = (vigencia IS NOT NULL)),
    CHECK (origen <> 'manual' OR motivo IS NOT NULL)
);
-- Idempotency key: the same fact from the same source is one row (a re-upload updates it).
CREATE UNIQUE INDEX plan_acreditaciones_unica ON plan_acreditaciones (cve_empleado, cve_tema, origen, fecha, referencia);
CREATE INDEX plan_acreditaciones_empleado ON plan_acreditaciones (cve_empleado, cve_tema, fecha);
CREATE INDEX plan_acreditaciones_fecha ON plan_acreditaciones (fecha);

-- Per employee and topic: the best passed row and the last attempt (maintained by every ledger write).
CREATE TABLE plan_estado_temas (
    cve_empleado INTEGER NOT NULL,
    cve_tema INTEGER NOT NULL,
    id_vigente INTEGER,                  -- passed row with the latest vigencia (ties: later fecha, higher id)
    fecha_acreditacion TEXT,
    vigencia TEXT,
    calificacion REAL,
    ultimo_fecha TEXT NOT NULL,          -- last attempt (latest fecha, then id)
    ultimo_acreditado INTEGER NOT NULL,
    -- 1 when the last attempt failed and is not older than the best pass: 'No acreditado' unless still valid
    reprobado INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (cve_empleado, cve_tema)
);
CREATE INDEX plan_estado_temas_vigencia ON plan_estado_temas (vigencia, cve_empleado, cve_tema) WHERE vigencia IS NOT NULL;
CREATE INDEX plan_estado_temas_tema ON plan_estado_temas (cve_tema, vigencia);

-- The materialised plan: one row per active employee and topic reached by >= 1 enabled requirement.
-- A cache of the derivation (plans::derive), rebuilt set-wise; vigencia/reprobado copy plan_estado_temas.
CREATE TABLE plan_empleados_temas (
    cve_empleado INTEGER NOT NULL,
    cve_tema INTEGER NOT NULL,
    obligatoria INTEGER NOT NULL,        -- MAX over the reaching requirements
    dias_limite INTEGER,                 -- MIN
    desde TEXT NOT NULL,                 -- MIN(creado) of the reaching requirements
    vigencia TEXT,
    reprobado INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (cve_empleado, cve_tema)
);
CREATE INDEX plan_empleados_temas_emp ON plan_empleados_temas (cve_empleado, obligatoria, vigencia, reprobado);
CREATE INDEX plan_empleados_temas_tema ON plan_empleados_temas (cve_tema, obligatoria, vigencia, reprobado, cve_empleado);

-- Daily expiry runs (one per company day), the (accreditation, window) notices claimed, and the sends.
CREATE TABLE plan_corridas_vencimiento (
    id_corrida INTEGER PRIMARY KEY,
    fecha TEXT NOT NULL UNIQUE,
    fase TEXT NOT NULL DEFAULT 'reclamar' CHECK (fase IN ('reclamar','enviar','terminada')),
    ventanas TEXT NOT NULL,              -- e.g. '30,15,1', as configured for this run
    avisos INTEGER NOT NULL DEFAULT 0,
    envios INTEGER NOT NULL DEFAULT 0,
    iniciada TEXT NOT NULL,
    terminada TEXT
);
CREATE TABLE plan_avisos_vencimiento (
    id_acreditacion INTEGER NOT NULL REFERENCES plan_acreditaciones (id_acreditacion),
    ventana INTEGER NOT NULL,
    id_corrida INTEGER NOT NULL REFERENCES plan_corridas_vencimiento (id_corrida),
    cve_empleado INTEGER NOT NULL,
    cve_tema INTEGER NOT NULL,
    vigencia TEXT NOT NULL,
    PRIMARY KEY (id_acreditacion, ventana)
);
CREATE INDEX plan_avisos_vencimiento_corrida ON plan_avisos_vencimiento (id_corrida, cve_empleado);
CREATE TABLE plan_avisos_envios (
    id_envio INTEGER PRIMARY KEY,
    id_corrida INTEGER NOT NULL REFERENCES plan_corridas_vencimiento (id_corrida),
    destinatario_tipo TEXT NOT NULL CHECK (destinatario_tipo IN ('empleado','supervisor','analistas')),
    destinatario INTEGER NOT NULL,       -- cve_empleado; 0 for analistas
    ventana INTEGER NOT NULL,
    enviado TEXT,                        -- NULL = still to send
    resultado TEXT,                      -- 'enviado' | 'sin_destinatarios'
    UNIQUE (id_corrida, destinatario_tipo, destinatario, ventana)
);
CREATE INDEX plan_avisos_envios_pendientes ON plan_avisos_envios (id_corrida, enviado);

-- Small key/value state of the domain ('cache_version' of plan_empleados_temas).
CREATE TABLE plan_mantenimiento (
    clave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);

-- Topics by plant become plant requirements (same SQLite-only timestamp as 0001's seed row).
INSERT INTO plan_requerimientos (programa, cve_tema, destino_tipo, destino_id, obligatoria, habilitado, creado, actualizado)
SELECT 'planta', cve_tema, 'planta', cve_planta, 1, 1,
       strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), strftime('%Y-%m-%dT%H:%M:%SZ', 'now') FROM plantas_temas;
INSERT INTO plan_requerimientos_eventos (id_requerimiento, accion, fecha, motivo, afectados)
SELECT id_requerimiento, 'alta', creado, 'Temas por planta existentes', 0 FROM plan_requerimientos;
DROP TABLE plantas_temas;

-- Sections of issue 11 (docs/permisos.md): the topic view, the analyst's view of an employee's
-- plan, and the right to register a manual accreditation from the kardex.
INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (63, 'plan.tema_view', 'Plan de capacitación', 'Vista por tema', '', '', 'tema_view', 225),
    (64, 'plan.analista_simulado', 'Plan de capacitación', 'Analista simulado', '', '', 'analista_simulado', 226),
    (65, 'plan.kardex.acreditar', 'Plan de capacitación', 'Kardex', '', 'Registrar acreditación', '', 215);
INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 63), (2, 63), (3, 63), (6, 63), (7, 63),
    (1, 64), (2, 64),
    (1, 65), (2, 65);

-- Help texts of the training-plan screens.
INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (19, 'pantalla.capacitacion_institucional', 'Capacitación institucional',
     'Requerimientos por elemento de la estructura (N2 a N7): todo el personal activo bajo ese elemento recibe los temas elegidos. Deshabilitar un requerimiento no lo borra: conserva su historial y a quién alcanzaba.',
     'Institutional training',
     'Requirements by structure node (N2 to N7): every active employee under that node gets the chosen topics. Disabling a requirement does not delete it: its history and who it reached are kept.',
     'Capacitação institucional',
     'Requisitos por elemento da estrutura (N2 a N7): todo o pessoal ativo sob esse elemento recebe os temas escolhidos. Desabilitar um requisito não o apaga: seu histórico e quem ele alcançava são mantidos.'),
    (20, 'pantalla.plan_formacion', 'Plan de formación',
     'Temas que requiere cada puesto (o empleados concretos). Consulta los requerimientos, da de alta con el asistente, da de baja con un motivo y revisa el avance consolidado por puesto y por tema.',
     'Formation plan',
     'Topics each position requires (or specific employees). Review the requirements, add them with the wizard, disable them with a reason and follow the consolidated progress by position and by topic.',
     'Plano de formação',
     'Temas que cada cargo exige (ou funcionários específicos). Consulte os requisitos, cadastre com o assistente, desabilite com um motivo e acompanhe o avanço consolidado por cargo e por tema.'),
    (21, 'pantalla.capacitacion_especifica', 'Capacitación específica',
     'Temas específicos para un área de la estructura: elige el elemento con los combos en cascada y los temas que le corresponden.',
     'Specific training',
     'Specific topics for an area of the structure: choose the node with the cascading selectors and the topics that apply to it.',
     'Capacitação específica',
     'Temas específicos para uma área da estrutura: escolha o elemento com os seletores em cascata e os temas que lhe correspondem.'),
    (22, 'pantalla.historial_capacitacion_general', 'Historial general',
     'Todas las acreditaciones registradas (cursos, exámenes, certificaciones externas, cargas de historial y capturas manuales) con su fecha, calificación, vigencia y estado. Filtra por fechas, exporta o imprime.',
     'General history',
     'Every recorded accreditation (courses, exams, external certifications, history uploads and manual entries) with its date, grade, validity and state. Filter by date, export or print.',
     'Histórico geral',
     'Todas as acreditações registradas (cursos, exames, certificações externas, cargas de histórico e registros manuais) com data, nota, validade e estado. Filtre por datas, exporte ou imprima.'),
    (23, 'pantalla.consultar_plan_capacitacion', 'Mi plan de capacitación',
     'Los temas que tu puesto, tu área, tu planta y tus asignaciones te requieren. Pendientes incluye los no acreditados y los vencidos; Completados, los acreditados con su vigencia. El porcentaje de cumplimiento cuenta solo los temas obligatorios.',
     'My training plan',
     'The topics your position, area, plant and assignments require. Pending includes the failed and the expired ones; Completed, the accredited ones with their validity. The compliance percent counts mandatory topics only.',
     'Meu plano de capacitação',
     'Os temas que seu cargo, sua área, sua planta e suas atribuições exigem. Pendentes inclui os não acreditados e os vencidos; Concluídos, os acreditados com sua validade. O percentual de cumprimento conta apenas os temas obrigatórios.'),
    (24, 'pantalla.temas_empleados', 'Temas de empleados',
     'Asigna temas a empleados concretos. Supervisores y representantes de empresa solo pueden asignarlos a su personal.',
     'Employees'' topics',
     'Assign topics to specific employees. Supervisors and company representatives may assign them only to their own people.',
     'Temas de funcionários',
     'Atribua temas a funcionários específicos. Supervisores e representantes de empresa só podem atribuí-los ao seu pessoal.'),
    (25, 'pantalla.historial_capacitacion_bloques', 'Capacitación por bloques',
     'Avance de cada empleado en los bloques de cursos que tiene asignados: temas acreditados del bloque y porcentaje.',
     'Training by blocks',
     'Each employee''s progress in the course blocks assigned to them: accredited topics of the block and percent.',
     'Capacitação por blocos',
     'Avanço de cada funcionário nos blocos de cursos atribuídos: temas acreditados do bloco e percentual.'),
    (26, 'pantalla.ver_kardex_capacitacion', 'Kardex de capacitación',
     'Expediente de capacitación de un empleado: todas sus acreditaciones con origen, calificación, vigencia y estado. Quien tiene permiso puede registrar una acreditación manual con su motivo; la vigencia se calcula sola.',
     'Training record',
     'An employee''s training record: every accreditation with its source, grade, validity and state. Who has permission may register a manual accreditation with its reason; the validity is computed automatically.',
     'Kardex de capacitação',
     'Histórico de capacitação de um funcionário: todas as acreditações com origem, nota, validade e estado. Quem tem permissão pode registrar uma acreditação manual com seu motivo; a validade é calculada automaticamente.'),
    (27, 'pantalla.simulador_puesto', 'Simulador de puesto',
     'Elige un empleado y un puesto destino: verás qué temas ya tiene acreditados, cuáles necesitaría y las horas de capacitación que representan.',
     'Position simulator',
     'Choose an employee and a target position: see which topics they already hold, which they would need and the training hours that represents.',
     'Simulador de cargo',
     'Escolha um funcionário e um cargo de destino: veja quais temas ele já tem acreditados, quais precisaria e as horas de capacitação que isso representa.'),
    (28, 'pantalla.tema_view', 'Vista por tema',
     'Por cada tema: cuántas personas lo requieren, cuántas lo tienen acreditado, vencido o pendiente; abre un tema para ver quién lo tiene y quién no.',
     'Topic view',
     'For each topic: how many people require it and how many hold it, have it expired or pending; open a topic to see who holds it and who lacks it.',
     'Visão por tema',
     'Para cada tema: quantas pessoas o exigem e quantas o têm acreditado, vencido ou pendente; abra um tema para ver quem o tem e quem não.'),
    (29, 'pantalla.analista_simulado', 'Analista simulado',
     'Elige un empleado y ve su plan de capacitación exactamente como él lo ve, sin poder modificar nada.',
     'Simulated analyst',
     'Choose an employee and see their training plan exactly as they see it, without changing anything.',
     'Analista simulado',
     'Escolha um funcionário e veja o plano de capacitação dele exatamente como ele o vê, sem poder alterar nada.'),
    (30, 'pantalla.asignacion_bloques', 'Asignación de bloques',
     'Asigna un bloque de cursos a puestos o empleados: todos los temas del bloque entran a su plan. El bloque debe tener temas y, si tiene capacidad, la lista debe ser menor que los lugares disponibles.',
     'Block assignment',
     'Assign a course block to positions or employees: every topic of the block enters their plan. The block must have topics and, if it has a capacity, the list must be smaller than the free seats.',
     'Atribuição de blocos',
     'Atribua um bloco de cursos a cargos ou funcionários: todos os temas do bloco entram no plano deles. O bloco deve ter temas e, se tiver capacidade, a lista deve ser menor que as vagas disponíveis.'),
    (31, 'pantalla.control_poblacion', 'Control de población',
     'Plantilla por elemento de la estructura y por planta contra personal con plan, capacitado, que cumple y con acreditaciones vencidas. Baja de nivel para ver el detalle hasta los empleados.',
     'Population control',
     'Headcount per structure node and plant against staff with a plan, trained, compliant and with expired accreditations. Drill down to see the detail down to the employees.',
     'Controle de população',
     'Quadro de pessoal por elemento da estrutura e por planta contra pessoal com plano, capacitado, em conformidade e com acreditações vencidas. Desça de nível para ver o detalhe até os funcionários.'),
    (32, 'pantalla.capacitaciones_proximas_vencer', 'Capacitaciones próximas a vencer',
     'Acreditaciones cuya vigencia termina en el periodo elegido (por omisión los próximos 30 días), con los avisos ya enviados. Filtra por ventana de aviso, exporta o imprime.',
     'Training about to expire',
     'Accreditations whose validity ends in the chosen period (the next 30 days by default), with the notices already sent. Filter by notice window, export or print.',
     'Capacitações próximas do vencimento',
     'Acreditações cuja validade termina no período escolhido (por padrão os próximos 30 dias), com os avisos já enviados. Filtre por janela de aviso, exporte ou imprima.'),
    (33, 'pantalla.plan_formacion_asistente', 'Nuevo requerimiento',
     'Cuatro pasos: tipo de asignación (puestos o empleados), los puestos o empleados, los temas y la confirmación, que muestra los duplicados y cuántas personas alcanzará. Se requiere al menos un tema y un puesto o empleado.',
     'New requirement',
     'Four steps: assignment type (positions or employees), the positions or employees, the topics and the confirmation, which shows duplicates and how many people it will reach. At least one topic and one position or employee are required.',
     'Novo requisito',
     'Quatro passos: tipo de atribuição (cargos ou funcionários), os cargos ou funcionários, os temas e a confirmação, que mostra duplicados e quantas pessoas alcançará. É necessário ao menos um tema e um cargo ou funcionário.');

-- Topics by plant are now plant requirements.
UPDATE textos_ayuda SET
    contenido = 'Elige una planta y define los temas de capacitación que le corresponden: son requerimientos del plan para todo el personal de la planta (principal o adicional). Quitar un tema deshabilita su requerimiento y conserva el historial.',
    contenido_ingles = 'Choose a plant and define the training topics that apply to it: they are plan requirements for all of the plant''s staff (main or extra plant). Removing a topic disables its requirement and keeps the history.',
    contenido_portugues = 'Escolha uma planta e defina os temas de capacitação que lhe correspondem: são requisitos do plano para todo o pessoal da planta (principal ou adicional). Remover um tema desabilita seu requisito e mantém o histórico.'
WHERE clave = 'pantalla.plantas_temas';
