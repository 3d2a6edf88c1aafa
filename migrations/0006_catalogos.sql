-- Catalogues: employees' extra data, STPS/DC-3 data, training resources, topics with their
-- question banks and activities, topic groups, topics by plant, course blocks and bulk uploads.

-- Platform access (0 = 'Sin Acceso': the login is switched off, the employee stays).
ALTER TABLE usuarios ADD COLUMN acceso INTEGER NOT NULL DEFAULT 1;

-- The worker's "ocupación específica" (national occupation catalogue) for the DC-3.
ALTER TABLE empleados ADD COLUMN ocupacion TEXT REFERENCES ocupaciones (clave);
ALTER TABLE empleados ADD COLUMN baja_fecha TEXT;

-- Plants an employee works at besides the main one (empleados.cve_planta).
CREATE TABLE empleados_plantas (
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    cve_planta INTEGER NOT NULL REFERENCES plantas (cve_planta),
    PRIMARY KEY (cve_empleado, cve_planta)
);

CREATE TABLE ausencias (
    id_ausencia INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    fecha_inicio TEXT NOT NULL,
    fecha_fin TEXT NOT NULL,
    motivo TEXT NOT NULL,
    creado_por INTEGER REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL,
    CHECK (fecha_fin >= fecha_inicio)
);
CREATE INDEX ausencias_empleado ON ausencias (cve_empleado, fecha_inicio);

-- The company's (N4) employer data for the DC-3 and its size, which decides the signatories.
CREATE TABLE empresas_stps (
    cve_n4 INTEGER PRIMARY KEY REFERENCES estructura (cve_estructura),
    razon_social TEXT,
    rfc TEXT,
    registro_patronal TEXT,
    num_trabajadores INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE representantes_dc3 (
    cve_representante INTEGER PRIMARY KEY,
    cve_n4 INTEGER NOT NULL REFERENCES estructura (cve_estructura),
    -- patron: employer or legal representative; trabajadores: workers' representative
    tipo TEXT NOT NULL CHECK (tipo IN ('patron', 'trabajadores')),
    nombre TEXT NOT NULL,
    puesto TEXT,
    firma TEXT,
    activo INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE establecimientos_stps (
    cve_establecimiento INTEGER PRIMARY KEY,
    cve_n4 INTEGER NOT NULL REFERENCES estructura (cve_estructura),
    nombre TEXT NOT NULL,
    registro_patronal TEXT,
    domicilio TEXT,
    cve_estado INTEGER REFERENCES estados (cve_estado),
    activo INTEGER NOT NULL DEFAULT 1,
    UNIQUE (cve_n4, nombre)
);

CREATE TABLE instituciones (
    cve_institucion INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL UNIQUE,
    contacto TEXT NOT NULL,
    telefono TEXT NOT NULL,
    correo TEXT NOT NULL,
    activo INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE instructores (
    cve_instructor INTEGER PRIMARY KEY,
    interno INTEGER NOT NULL DEFAULT 1,
    cve_empleado INTEGER UNIQUE REFERENCES empleados (cve_empleado),
    nombre TEXT NOT NULL,
    correo TEXT NOT NULL,
    usuario TEXT NOT NULL UNIQUE,
    especialidad TEXT NOT NULL,
    rfc TEXT NOT NULL,
    registro_stps TEXT,
    cve_institucion INTEGER REFERENCES instituciones (cve_institucion),
    firma TEXT,
    activo INTEGER NOT NULL DEFAULT 1,
    CHECK ((interno = 1) = (cve_empleado IS NOT NULL))
);

CREATE TABLE sedes (
    cve_sede INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL UNIQUE,
    url_mapa TEXT,
    direccion TEXT,
    croquis TEXT,
    activo INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE salas (
    cve_sala INTEGER PRIMARY KEY,
    cve_sede INTEGER NOT NULL REFERENCES sedes (cve_sede),
    nombre TEXT NOT NULL,
    capacidad INTEGER NOT NULL,
    activo INTEGER NOT NULL DEFAULT 1,
    UNIQUE (cve_sede, nombre)
);

CREATE TABLE temas (
    cve_tema INTEGER PRIMARY KEY,
    abreviatura TEXT NOT NULL UNIQUE COLLATE NOCASE,
    nombre_tema TEXT NOT NULL,
    cve_area INTEGER NOT NULL REFERENCES areas_tematicas (cve_area),
    tipo TEXT NOT NULL,
    modalidad TEXT NOT NULL DEFAULT 'PRESENCIAL' CHECK (modalidad IN ('PRESENCIAL', 'E_LEARNING', 'STREAMING')),
    dias_duracion INTEGER NOT NULL DEFAULT 1,
    horas_sesion REAL NOT NULL DEFAULT 1,
    meses_certificacion INTEGER NOT NULL DEFAULT 0,
    prerrequisito INTEGER NOT NULL DEFAULT 0,
    min_participantes INTEGER NOT NULL DEFAULT 1,
    max_participantes INTEGER NOT NULL DEFAULT 30,
    requiere_instructor INTEGER NOT NULL DEFAULT 1,
    requiere_sala INTEGER NOT NULL DEFAULT 1,
    -- conocimiento (0-100), teorico_practico (1-10 and 1-5) or ninguno
    modelo_evaluacion TEXT NOT NULL DEFAULT 'conocimiento',
    calificacion_minima REAL,
    calificacion_minima_practica REAL,
    material_participante TEXT,
    material_instructor TEXT,
    descripcion TEXT,
    autor TEXT,
    imagen TEXT,
    video TEXT,
    dias_limite INTEGER NOT NULL DEFAULT 0,
    activo INTEGER NOT NULL DEFAULT 1,
    ecommerce INTEGER NOT NULL DEFAULT 0,
    categoria TEXT,
    precio INTEGER NOT NULL DEFAULT 0,
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);
CREATE INDEX temas_nombre ON temas (nombre_tema);

CREATE TABLE temas_prerrequisitos (
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    cve_requisito INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    PRIMARY KEY (cve_tema, cve_requisito),
    CHECK (cve_tema <> cve_requisito)
);

CREATE TABLE temas_etiquetas (
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    etiqueta TEXT NOT NULL,
    PRIMARY KEY (cve_tema, etiqueta)
);

CREATE TABLE preguntas (
    id_pregunta INTEGER PRIMARY KEY,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    pregunta TEXT NOT NULL,
    tipo TEXT NOT NULL CHECK (tipo IN ('unica', 'multiple', 'abierta')),
    orden INTEGER NOT NULL DEFAULT 0,
    UNIQUE (cve_tema, pregunta)
);

CREATE TABLE respuestas (
    id_respuesta INTEGER PRIMARY KEY,
    id_pregunta INTEGER NOT NULL REFERENCES preguntas (id_pregunta) ON DELETE CASCADE,
    texto TEXT NOT NULL,
    correcta INTEGER NOT NULL DEFAULT 0,
    orden INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX respuestas_pregunta ON respuestas (id_pregunta, orden);

CREATE TABLE actividades_temas (
    id_actividad INTEGER PRIMARY KEY,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    titulo TEXT NOT NULL,
    descripcion TEXT NOT NULL,
    dias_entrega INTEGER NOT NULL DEFAULT 0,
    tipo_evidencia TEXT NOT NULL CHECK (tipo_evidencia IN ('texto', 'archivo', 'imagen', 'enlace')),
    limite_caracteres INTEGER
);

CREATE TABLE grupos_temas (
    id_grupo INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL UNIQUE,
    descripcion TEXT,
    activo INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE grupos_temas_temas (
    id_grupo INTEGER NOT NULL REFERENCES grupos_temas (id_grupo) ON DELETE CASCADE,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    PRIMARY KEY (id_grupo, cve_tema)
);

CREATE TABLE plantas_temas (
    cve_planta INTEGER NOT NULL REFERENCES plantas (cve_planta) ON DELETE CASCADE,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema) ON DELETE CASCADE,
    PRIMARY KEY (cve_planta, cve_tema)
);

CREATE TABLE tipos_bloque (
    id_tipo_bloque INTEGER PRIMARY KEY,
    nombre_tipo_bloque TEXT NOT NULL UNIQUE,
    activo INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE bloques (
    id_bloque INTEGER PRIMARY KEY,
    nombre_bloque TEXT NOT NULL UNIQUE,
    id_tipo_bloque INTEGER NOT NULL REFERENCES tipos_bloque (id_tipo_bloque),
    precio INTEGER NOT NULL DEFAULT 0,
    descripcion TEXT NOT NULL,
    imagen TEXT NOT NULL,
    fecha_inicio TEXT NOT NULL,
    fecha_fin TEXT NOT NULL,
    capacidad_asistencia INTEGER NOT NULL DEFAULT 0,
    video TEXT NOT NULL,
    activo INTEGER NOT NULL DEFAULT 1,
    creado TEXT NOT NULL,
    CHECK (fecha_fin >= fecha_inicio)
);

CREATE TABLE bloques_temas (
    id_bloque INTEGER NOT NULL REFERENCES bloques (id_bloque) ON DELETE CASCADE,
    cve_tema INTEGER NOT NULL REFERENCES temas (cve_tema),
    orden INTEGER NOT NULL,
    PRIMARY KEY (id_bloque, cve_tema)
);

-- Bulk uploads: the stored file, its progress and counts; rows with problems in cargas_errores.
CREATE TABLE cargas (
    id_carga INTEGER PRIMARY KEY,
    tipo TEXT NOT NULL,
    archivo TEXT NOT NULL,
    -- storage key of the uploaded file
    clave_archivo TEXT NOT NULL,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    -- pendiente, procesando, terminada, fallida
    estatus TEXT NOT NULL DEFAULT 'pendiente',
    total INTEGER NOT NULL DEFAULT 0,
    procesadas INTEGER NOT NULL DEFAULT 0,
    insertadas INTEGER NOT NULL DEFAULT 0,
    actualizadas INTEGER NOT NULL DEFAULT 0,
    sin_cambios INTEGER NOT NULL DEFAULT 0,
    errores INTEGER NOT NULL DEFAULT 0,
    lotes_fallidos INTEGER NOT NULL DEFAULT 0,
    mensaje TEXT,
    creado TEXT NOT NULL,
    terminado TEXT
);
CREATE INDEX cargas_estatus ON cargas (estatus);

CREATE TABLE cargas_errores (
    id_carga INTEGER NOT NULL REFERENCES cargas (id_carga) ON DELETE CASCADE,
    fila INTEGER NOT NULL,
    columna TEXT NOT NULL,
    valor TEXT NOT NULL,
    motivo TEXT NOT NULL
);
CREATE INDEX cargas_errores_carga ON cargas_errores (id_carga, fila);

INSERT INTO tipos_bloque (nombre_tipo_bloque) VALUES
    ('Ruta de aprendizaje'),
    ('Programa de certificación'),
    ('Inducción');

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (12, 'pantalla.recursos_capacitacion', 'Recursos de capacitación', 'Registra las instituciones capacitadoras, los instructores internos (empleados, que reciben el perfil Instructor) y externos (sin acceso a la plataforma), las sedes con su ubicación y croquis, y las salas de cada sede con su capacidad.', 'Training resources', 'Register training institutions, internal instructors (employees, who get the Instructor profile) and external ones (no platform access), venues with their location and sketch, and each venues rooms with their capacity.', 'Recursos de capacitação', 'Cadastre as instituições de capacitação, os instrutores internos (funcionários, que recebem o perfil Instrutor) e externos (sem acesso à plataforma), as sedes com localização e croqui e as salas de cada sede com sua capacidade.'),
    (13, 'pantalla.areas_tematicas', 'Datos STPS', 'Catálogos de la STPS para la constancia DC-3: áreas temáticas, catálogo nacional de ocupaciones, datos patronales y tamaño de cada empresa (de 51 trabajadores en adelante firma también el representante de los trabajadores), representantes con su firma y establecimientos.', 'STPS data', 'STPS catalogues for the DC-3 certificate: thematic areas, national occupation catalogue, employer data and size of each company (from 51 workers the workers representative signs too), representatives with their signature and establishments.', 'Dados STPS', 'Catálogos da STPS para a constância DC-3: áreas temáticas, catálogo nacional de ocupações, dados patronais e porte de cada empresa (a partir de 51 trabalhadores o representante dos trabalhadores também assina), representantes com assinatura e estabelecimentos.'),
    (14, 'pantalla.temas', 'Gestión de temas', 'Crea y edita los temas de capacitación con su modalidad, duración, vigencia de la certificación, modelo de evaluación, materiales y banco de preguntas; agrupa temas en grupos de temas.', 'Topic management', 'Create and edit training topics with their modality, duration, certification validity, evaluation model, materials and question bank; gather topics into topic groups.', 'Gestão de temas', 'Crie e edite os temas de capacitação com modalidade, duração, validade da certificação, modelo de avaliação, materiais e banco de perguntas; agrupe temas em grupos de temas.'),
    (15, 'pantalla.bloques_cursos', 'Bloques de cursos', 'Arma bloques de cursos con un orden de temas. La modalidad se deriva de sus temas: todos en línea es Virtual, todos presenciales es Presencial, y cualquier combinación es Mixto.', 'Course blocks', 'Build course blocks from an ordered list of topics. The modality follows from its topics: all online is Virtual, all face-to-face is Presencial, any mix is Mixto.', 'Blocos de cursos', 'Monte blocos de cursos com uma ordem de temas. A modalidade deriva dos temas: todos online é Virtual, todos presenciais é Presencial e qualquer combinação é Misto.'),
    (16, 'pantalla.plantas_temas', 'Temas por planta', 'Elige una planta y define los temas de capacitación que le corresponden.', 'Topics by plant', 'Choose a plant and define the training topics that apply to it.', 'Temas por planta', 'Escolha uma planta e defina os temas de capacitação que lhe correspondem.'),
    (17, 'pantalla.cargas_masivas', 'Cargas masivas', 'Descarga la plantilla, llénala y súbela (.xls o .xlsx, menos de 8 MB). Cada fila se valida; las filas correctas se aplican en lotes de 100 y al final puedes descargar el reporte con las filas rechazadas y su motivo. Volver a subir el mismo archivo actualiza los registros en lugar de duplicarlos.', 'Bulk uploads', 'Download the template, fill it in and upload it (.xls or .xlsx, under 8 MB). Every row is validated; good rows are applied in batches of 100 and at the end you can download the report with the rejected rows and why. Uploading the same file again updates the records instead of duplicating them.', 'Cargas em massa', 'Baixe o modelo, preencha e envie (.xls ou .xlsx, menos de 8 MB). Cada linha é validada; as linhas corretas são aplicadas em lotes de 100 e no fim você pode baixar o relatório com as linhas rejeitadas e o motivo. Enviar o mesmo arquivo de novo atualiza os registros em vez de duplicá-los.'),
    (18, 'pantalla.cambiar_perfil_usuario', 'Cambiar perfil de usuario', 'En tres pasos: selecciona los empleados, elige sus perfiles y el predeterminado, y confirma. Los perfiles elegidos reemplazan a los que tenían.', 'Change user profile', 'In three steps: select the employees, choose their profiles and the default one, and confirm. The chosen profiles replace the ones they had.', 'Alterar perfil de usuário', 'Em três passos: selecione os funcionários, escolha os perfis e o padrão e confirme. Os perfis escolhidos substituem os que tinham.');
