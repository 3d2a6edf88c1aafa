-- Reports (issue 17): saved report layouts shared with profiles, their scheduled e-mail
-- delivery (one send per layout, period and recipient), and background exports.

CREATE TABLE reportes_guardados (
    id_reporte INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    -- the source's key (empleados, plan, cursos, …) and the layout as JSON
    fuente TEXT NOT NULL,
    definicion TEXT NOT NULL,
    creado_por INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL,
    UNIQUE (creado_por, nombre)
);

CREATE TABLE reportes_guardados_perfiles (
    id_reporte INTEGER NOT NULL REFERENCES reportes_guardados (id_reporte) ON DELETE CASCADE,
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil) ON DELETE CASCADE,
    PRIMARY KEY (id_reporte, idperfil)
);
CREATE INDEX reportes_guardados_perfiles_perfil ON reportes_guardados_perfiles (idperfil);

CREATE TABLE reportes_programaciones (
    id_reporte INTEGER PRIMARY KEY REFERENCES reportes_guardados (id_reporte) ON DELETE CASCADE,
    frecuencia TEXT NOT NULL CHECK (frecuencia IN ('semanal', 'mensual')),
    -- semanal: 1 (Monday) to 7; mensual: 1 to 28
    dia INTEGER NOT NULL,
    formato TEXT NOT NULL CHECK (formato IN ('xlsx', 'csv', 'pdf')),
    -- AAAA-MM-DD it was (re)scheduled: only periods whose sending day falls on or after it go
    desde TEXT NOT NULL,
    programado_por INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    actualizado TEXT NOT NULL,
    CHECK ((frecuencia = 'semanal' AND dia BETWEEN 1 AND 7) OR (frecuencia = 'mensual' AND dia BETWEEN 1 AND 28))
);

CREATE TABLE reportes_programaciones_destinatarios (
    id_reporte INTEGER NOT NULL REFERENCES reportes_programaciones (id_reporte) ON DELETE CASCADE,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    PRIMARY KEY (id_reporte, cve_empleado)
);

-- One row per layout, period (2026-W48 or 2026-11) and recipient, claimed before sending:
-- the unique key is what keeps a period from being sent twice, across restarts too.
CREATE TABLE reportes_envios (
    id_envio INTEGER PRIMARY KEY,
    id_reporte INTEGER NOT NULL REFERENCES reportes_guardados (id_reporte) ON DELETE CASCADE,
    periodo TEXT NOT NULL,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    estado TEXT NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'enviado', 'fallido')),
    filas INTEGER,
    error TEXT,
    creado TEXT NOT NULL,
    enviado TEXT,
    UNIQUE (id_reporte, periodo, cve_empleado)
);
CREATE INDEX reportes_envios_pendientes ON reportes_envios (estado) WHERE estado = 'pendiente';

CREATE TABLE reportes_exportaciones (
    id_exportacion INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado),
    -- the profile it was asked with: the scope it runs in, after a restart too
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil),
    nombre TEXT NOT NULL,
    origen TEXT NOT NULL CHECK (origen IN ('masivo', 'definicion', 'guardado')),
    -- the request as JSON (the mass report's table query or the layout)
    peticion TEXT NOT NULL,
    formato TEXT NOT NULL CHECK (formato IN ('xlsx', 'csv', 'pdf')),
    idioma TEXT NOT NULL DEFAULT 'es',
    estado TEXT NOT NULL DEFAULT 'pendiente'
        CHECK (estado IN ('pendiente', 'procesando', 'terminada', 'fallida', 'expirada')),
    filas INTEGER NOT NULL DEFAULT 0,
    total INTEGER,
    -- storage key of the file (reportes/exportaciones/…)
    archivo TEXT,
    bytes INTEGER,
    error TEXT,
    creado TEXT NOT NULL,
    terminado TEXT,
    expira TEXT
);
CREATE INDEX reportes_exportaciones_empleado ON reportes_exportaciones (cve_empleado, id_exportacion);
CREATE INDEX reportes_exportaciones_abiertas ON reportes_exportaciones (estado)
    WHERE estado IN ('pendiente', 'procesando', 'terminada');

INSERT INTO secciones (idseccion, clave, nomseccion1, nomseccion2, nomseccion3, nomseccion4, ruta, orden) VALUES
    (78, 'reportes.guardados', 'Reportes', 'Reportes guardados', '', 'Ejecutar y exportar los reportes compartidos con el perfil', 'reportes_guardados', 352),
    (79, 'reportes.exportaciones', 'Reportes', 'Mis exportaciones', '', 'Exportaciones en segundo plano y su descarga', 'mis_exportaciones', 354);

INSERT INTO perfiles_secciones (idperfil, idseccion) VALUES
    (1, 78), (2, 78), (3, 78), (6, 78), (7, 78),
    (1, 79), (2, 79), (3, 79), (6, 79), (7, 79);

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (72, 'pantalla.reporte_masivo', 'Reporte masivo',
     'Una fila por empleado y tema: si el tema es requerido por su plan (obligatorio u opcional), su última inscripción, la calificación, la fecha de acreditación, la vigencia y el estado (Acreditado, No acreditado, Vencido o Pendiente). Filtra por estructura, planta, puesto, tema, grupo, bloque, modalidad, estado, tipo de requerimiento y fechas de acreditación; exporta a Excel, CSV o PDF. Las exportaciones grandes se preparan en segundo plano y aparecen en Mis exportaciones.',
     'Mass report',
     'One row per employee and topic: whether their plan requires the topic (mandatory or optional), their last enrolment, the grade, the accreditation date, the validity and the state (Accredited, Not accredited, Expired or Pending). Filter by structure, plant, position, topic, group, block, modality, state, requirement kind and accreditation dates; export to Excel, CSV or PDF. Large exports are prepared in the background and appear in My exports.',
     'Relatório massivo',
     'Uma linha por funcionário e tema: se o plano exige o tema (obrigatório ou opcional), a última inscrição, a nota, a data de certificação, a validade e o estado (Certificado, Não certificado, Vencido ou Pendente). Filtre por estrutura, planta, cargo, tema, grupo, bloco, modalidade, estado, tipo de requisito e datas de certificação; exporte para Excel, CSV ou PDF. As exportações grandes são preparadas em segundo plano e aparecem em Minhas exportações.'),
    (73, 'pantalla.reporteador', 'Reporteador',
     'Arma tus propios reportes: elige una fuente de datos (empleados, requerimientos y planes, cursos, inscripciones, asistencias, resultados de exámenes, encuestas, acreditaciones o certificaciones externas), las columnas y su orden, filtros, agrupación y totales (conteo, suma, promedio o porcentaje). La vista previa se actualiza al momento. Guárdalo con un nombre, compártelo con perfiles y prográmalo para enviarse por correo cada semana o cada mes. Cada quien ve solo a las personas de su alcance.',
     'Report builder',
     'Build your own reports: choose a data source (employees, requirements and plans, courses, enrolments, attendance, exam results, surveys, accreditations or external certifications), the columns and their order, filters, grouping and totals (count, sum, average or percent). The preview updates as you go. Save it with a name, share it with profiles and schedule it to be e-mailed every week or month. Everyone sees only the people within their scope.',
     'Gerador de relatórios',
     'Monte seus próprios relatórios: escolha uma fonte de dados (funcionários, requisitos e planos, cursos, inscrições, presenças, resultados de exames, pesquisas, certificações ou certificações externas), as colunas e sua ordem, filtros, agrupamento e totais (contagem, soma, média ou porcentagem). A pré-visualização é atualizada na hora. Salve-o com um nome, compartilhe-o com perfis e agende o envio por e-mail toda semana ou todo mês. Cada pessoa vê apenas as pessoas do seu escopo.'),
    (74, 'pantalla.reportes_guardados', 'Reportes guardados',
     'Los reportes guardados que puedes ejecutar: los tuyos y los que se compartieron con tu perfil. Al ejecutarlos ves solo a las personas de tu alcance, aunque los haya creado un administrador. Desde aquí también los exportas y, si puedes editarlos, programas su envío por correo.',
     'Saved reports',
     'The saved reports you can run: yours and those shared with your profile. When you run them you see only the people within your scope, even when an administrator created them. From here you also export them and, if you may edit them, schedule their e-mail delivery.',
     'Relatórios salvos',
     'Os relatórios salvos que você pode executar: os seus e os compartilhados com o seu perfil. Ao executá-los você vê apenas as pessoas do seu escopo, mesmo que um administrador os tenha criado. Daqui você também os exporta e, se puder editá-los, agenda o envio por e-mail.'),
    (75, 'pantalla.mis_exportaciones', 'Mis exportaciones',
     'Las exportaciones grandes se preparan en segundo plano: aquí ves su avance, las descargas cuando terminan (también te llega un correo) y cuándo se eliminan.',
     'My exports',
     'Large exports are prepared in the background: here you see their progress, download them when they finish (you also get an e-mail) and when they are removed.',
     'Minhas exportações',
     'As exportações grandes são preparadas em segundo plano: aqui você vê o andamento, baixa quando terminam (você também recebe um e-mail) e quando são removidas.');
