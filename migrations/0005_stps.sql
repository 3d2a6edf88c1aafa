-- STPS reference catalogues used by topics and the DC-3 form: the thematic areas of
-- training courses and the national occupation catalogue (areas 01–11 and sub-areas)
-- for the worker's "ocupación específica".

CREATE TABLE areas_tematicas (
    cve_area INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL UNIQUE,
    activo INTEGER NOT NULL DEFAULT 1
);

INSERT INTO areas_tematicas (cve_area, nombre) VALUES
    (1000, 'Producción general'),
    (2000, 'Servicios'),
    (3000, 'Administración, contabilidad y economía'),
    (4000, 'Comercialización'),
    (5000, 'Mantenimiento y reparación'),
    (6000, 'Seguridad'),
    (7000, 'Desarrollo personal y familiar'),
    (8000, 'Uso de tecnologías de la información y comunicación'),
    (9000, 'Participación social');

CREATE TABLE ocupaciones (
    clave TEXT PRIMARY KEY,
    nombre TEXT NOT NULL,
    -- the area (two digits) a sub-area (dd.d) belongs to
    area TEXT REFERENCES ocupaciones (clave)
);

INSERT INTO ocupaciones (clave, nombre, area) VALUES
    ('01', 'Cultivo, crianza y aprovechamiento', NULL),
    ('01.1', 'Agricultura y silvicultura', '01'),
    ('01.2', 'Ganadería', '01'),
    ('01.3', 'Pesca y acuacultura', '01'),
    ('02', 'Extracción y suministro', NULL),
    ('02.1', 'Exploración', '02'),
    ('02.2', 'Extracción', '02'),
    ('02.3', 'Refinación y beneficio', '02'),
    ('02.4', 'Provisión de energía', '02'),
    ('02.5', 'Provisión de agua', '02'),
    ('03', 'Construcción', NULL),
    ('03.1', 'Planeación y dirección de obras', '03'),
    ('03.2', 'Edificación y urbanización', '03'),
    ('03.3', 'Acabado', '03'),
    ('03.4', 'Instalación y mantenimiento', '03'),
    ('04', 'Tecnología', NULL),
    ('04.1', 'Mecánica', '04'),
    ('04.2', 'Electricidad', '04'),
    ('04.3', 'Electrónica', '04'),
    ('04.4', 'Informática', '04'),
    ('04.5', 'Telecomunicaciones', '04'),
    ('04.6', 'Procesos industriales', '04'),
    ('05', 'Procesamiento y fabricación', NULL),
    ('05.1', 'Minerales no metálicos', '05'),
    ('05.2', 'Metales', '05'),
    ('05.3', 'Alimentos y bebidas', '05'),
    ('05.4', 'Textiles y prendas de vestir', '05'),
    ('05.5', 'Materia orgánica', '05'),
    ('05.6', 'Productos químicos', '05'),
    ('05.7', 'Productos metálicos y de hule y plástico', '05'),
    ('05.8', 'Productos eléctricos y electrónicos', '05'),
    ('05.9', 'Productos impresos', '05'),
    ('06', 'Transporte', NULL),
    ('06.1', 'Ferroviario', '06'),
    ('06.2', 'Autotransporte', '06'),
    ('06.3', 'Aéreo', '06'),
    ('06.4', 'Marítimo y fluvial', '06'),
    ('06.5', 'Servicios de apoyo', '06'),
    ('07', 'Provisión de bienes y servicios', NULL),
    ('07.1', 'Comercio', '07'),
    ('07.2', 'Alimentación y hospedaje', '07'),
    ('07.3', 'Turismo', '07'),
    ('07.4', 'Deporte y esparcimiento', '07'),
    ('07.5', 'Servicios personales', '07'),
    ('07.6', 'Reparación de artículos de uso doméstico y personal', '07'),
    ('07.7', 'Limpieza', '07'),
    ('07.8', 'Servicio postal y mensajería', '07'),
    ('08', 'Gestión y soporte administrativo', NULL),
    ('08.1', 'Bolsa, banca y seguros', '08'),
    ('08.2', 'Administración', '08'),
    ('08.3', 'Servicios legales', '08'),
    ('09', 'Salud y protección social', NULL),
    ('09.1', 'Servicios médicos', '09'),
    ('09.2', 'Inspección sanitaria y del medio ambiente', '09'),
    ('09.3', 'Seguridad social', '09'),
    ('09.4', 'Protección de bienes y/o personas', '09'),
    ('10', 'Comunicación', NULL),
    ('10.1', 'Publicación', '10'),
    ('10.2', 'Radio, cine, televisión y teatro', '10'),
    ('10.3', 'Interpretación artística', '10'),
    ('10.4', 'Traducción e interpretación lingüística', '10'),
    ('10.5', 'Publicidad, propaganda y relaciones públicas', '10'),
    ('11', 'Desarrollo y extensión del conocimiento', NULL),
    ('11.1', 'Investigación', '11'),
    ('11.2', 'Enseñanza y capacitación', '11'),
    ('11.3', 'Difusión cultural', '11');

INSERT INTO textos_ayuda (id_traduccion, clave, titulo, contenido, titulo_ingles, contenido_ingles, titulo_portugues, contenido_portugues) VALUES
    (11, 'pantalla.estructura_puestos', 'Estructura de puestos',
     'Mantén la estructura de la organización (N2 segmento, N3 tipo de cliente, N4 empresa y sus niveles N5 a N7), los puestos de cada estructura (el nombre no se repite dentro de la misma estructura) y las plantas de cada empresa.',
     'Position structure',
     'Maintain the organisation''s structure (N2 segment, N3 client type, N4 company and its levels N5 to N7), the positions of each structure (a name cannot repeat within the same structure) and each company''s plants.',
     'Estrutura de cargos',
     'Mantenha a estrutura da organização (N2 segmento, N3 tipo de cliente, N4 empresa e seus níveis N5 a N7), os cargos de cada estrutura (o nome não se repete na mesma estrutura) e as plantas de cada empresa.');
