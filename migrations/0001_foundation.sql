-- Foundation: instance settings, company configuration, org structure, employees,
-- users, profiles and sections, sessions, password resets, rate limits, API keys.
-- Times used for arithmetic are unix seconds (INTEGER); dates shown to people are ISO 8601 TEXT.

CREATE TABLE ajustes (
    clave TEXT PRIMARY KEY,
    valor TEXT NOT NULL
);

CREATE TABLE cia (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    datos TEXT NOT NULL DEFAULT '{}',
    actualizado TEXT NOT NULL
);

CREATE TABLE estados (
    cve_estado INTEGER PRIMARY KEY,
    estado TEXT NOT NULL UNIQUE,
    abreviatura TEXT NOT NULL UNIQUE
);

CREATE TABLE paises (
    cve_pais INTEGER PRIMARY KEY,
    pais TEXT NOT NULL UNIQUE,
    codigo TEXT NOT NULL UNIQUE
);

-- Org structure: N2 segment, N3 client type, N4 company, N5..N7 the company's own levels.
CREATE TABLE estructura (
    cve_estructura INTEGER PRIMARY KEY,
    nivel INTEGER NOT NULL CHECK (nivel BETWEEN 2 AND 7),
    nombre TEXT NOT NULL,
    cve_padre INTEGER REFERENCES estructura (cve_estructura),
    activo INTEGER NOT NULL DEFAULT 1,
    CHECK ((nivel = 2) = (cve_padre IS NULL))
);
CREATE UNIQUE INDEX estructura_nombre_por_padre ON estructura (ifnull(cve_padre, 0), nivel, nombre);
CREATE INDEX estructura_padre ON estructura (cve_padre);

CREATE TABLE plantas (
    cve_planta INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL,
    cve_n4 INTEGER REFERENCES estructura (cve_estructura),
    cve_pais INTEGER REFERENCES paises (cve_pais),
    cve_estado INTEGER REFERENCES estados (cve_estado),
    ciudad TEXT,
    latitud REAL,
    longitud REAL,
    activo INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX plantas_nombre ON plantas (ifnull(cve_n4, 0), nombre);

CREATE TABLE tipos_poblacion (
    cve_tipo_poblacion INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL UNIQUE
);

CREATE TABLE puestos (
    cve_puesto INTEGER PRIMARY KEY,
    puesto TEXT NOT NULL,
    cve_estructura INTEGER NOT NULL REFERENCES estructura (cve_estructura),
    descripcion TEXT,
    activo INTEGER NOT NULL DEFAULT 1,
    UNIQUE (cve_estructura, puesto)
);

CREATE TABLE empleados (
    cve_empleado INTEGER PRIMARY KEY,
    num_empleado TEXT NOT NULL UNIQUE,
    nombre_empleado TEXT NOT NULL,
    -- lower-case, accent-free copy of the name, what name searches compare
    nombre_busqueda TEXT NOT NULL DEFAULT '',
    correo_empleado TEXT,
    rfc_empleado TEXT,
    curp TEXT,
    telefono TEXT,
    genero TEXT CHECK (genero IN ('H', 'M')),
    fecha_nacimiento TEXT,
    foto_empleado TEXT,
    cve_estado INTEGER REFERENCES estados (cve_estado),
    cve_puesto INTEGER REFERENCES puestos (cve_puesto),
    n2 INTEGER REFERENCES estructura (cve_estructura),
    n3 INTEGER REFERENCES estructura (cve_estructura),
    n4 INTEGER REFERENCES estructura (cve_estructura),
    n5 INTEGER REFERENCES estructura (cve_estructura),
    n6 INTEGER REFERENCES estructura (cve_estructura),
    n7 INTEGER REFERENCES estructura (cve_estructura),
    cve_planta INTEGER REFERENCES plantas (cve_planta),
    cve_pais INTEGER REFERENCES paises (cve_pais),
    cve_tipo_poblacion INTEGER REFERENCES tipos_poblacion (cve_tipo_poblacion),
    cve_supervisor INTEGER REFERENCES empleados (cve_empleado),
    id_tarjeta TEXT,
    tipo_empleado TEXT NOT NULL DEFAULT 'Interno',
    fecha_ingreso TEXT,
    fecha_inicio_puesto TEXT,
    activo INTEGER NOT NULL DEFAULT 1,
    baja_logica INTEGER NOT NULL DEFAULT 0,
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);
CREATE UNIQUE INDEX empleados_curp ON empleados (curp) WHERE curp IS NOT NULL;
CREATE UNIQUE INDEX empleados_rfc ON empleados (rfc_empleado) WHERE rfc_empleado IS NOT NULL;
CREATE UNIQUE INDEX empleados_correo ON empleados (correo_empleado) WHERE correo_empleado IS NOT NULL;
CREATE INDEX empleados_supervisor ON empleados (cve_supervisor);
CREATE INDEX empleados_nombre ON empleados (nombre_empleado);
-- covering index for counting name searches without reading whole rows
CREATE INDEX empleados_busqueda ON empleados (nombre_busqueda);
CREATE INDEX empleados_ingreso ON empleados (fecha_ingreso);
CREATE INDEX empleados_puesto ON empleados (cve_puesto);

CREATE TABLE empleados_favoritos (
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    cve_favorito INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    creado TEXT NOT NULL,
    PRIMARY KEY (cve_empleado, cve_favorito)
);

-- Profiles, sections and the permission matrix.
CREATE TABLE perfiles (
    idperfil INTEGER PRIMARY KEY,
    perfil TEXT NOT NULL UNIQUE,
    descripcion TEXT NOT NULL DEFAULT '',
    -- what the profile's queries may see: todos, subordinados or propio
    alcance TEXT NOT NULL CHECK (alcance IN ('todos', 'subordinados', 'propio')),
    sistema INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE secciones (
    idseccion INTEGER PRIMARY KEY,
    clave TEXT NOT NULL UNIQUE,
    nomseccion1 TEXT NOT NULL,
    nomseccion2 TEXT NOT NULL DEFAULT '',
    nomseccion3 TEXT NOT NULL DEFAULT '',
    nomseccion4 TEXT NOT NULL DEFAULT '',
    ruta TEXT NOT NULL DEFAULT '',
    orden INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE perfiles_secciones (
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil) ON DELETE CASCADE,
    idseccion INTEGER NOT NULL REFERENCES secciones (idseccion) ON DELETE CASCADE,
    PRIMARY KEY (idperfil, idseccion)
);

-- Credentials of employees who can log in.
CREATE TABLE usuarios (
    cve_empleado INTEGER PRIMARY KEY REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    password_hash TEXT NOT NULL,
    cambio_credenciales INTEGER NOT NULL DEFAULT 0,
    tokenfcm TEXT,
    actualizado TEXT NOT NULL
);

CREATE TABLE usuarios_perfiles (
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil),
    predeterminado INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (cve_empleado, idperfil)
);
CREATE INDEX usuarios_perfiles_perfil ON usuarios_perfiles (idperfil);

CREATE TABLE sesiones (
    id TEXT PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    tipo TEXT NOT NULL DEFAULT 'web',
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil),
    inicio INTEGER NOT NULL,
    ultima_actividad INTEGER NOT NULL,
    fin INTEGER,
    -- reemplazada, inactividad, cierre, liberada, contrasena
    motivo_fin TEXT,
    ip TEXT,
    navegador TEXT,
    sistema_operativo TEXT
);
CREATE UNIQUE INDEX sesiones_una_activa ON sesiones (cve_empleado, tipo) WHERE fin IS NULL;

CREATE TABLE restablecimientos (
    id TEXT PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    -- correo (link sent by e-mail) or cambio_credenciales (forced change at login)
    motivo TEXT NOT NULL,
    creado INTEGER NOT NULL,
    expira INTEGER NOT NULL,
    usado INTEGER
);
CREATE INDEX restablecimientos_empleado ON restablecimientos (cve_empleado);

CREATE TABLE limites_intentos (
    ambito TEXT NOT NULL,
    clave TEXT NOT NULL,
    ventana_inicio INTEGER NOT NULL,
    intentos INTEGER NOT NULL,
    PRIMARY KEY (ambito, clave)
);

CREATE TABLE apis (
    id INTEGER PRIMARY KEY,
    nombre TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    prefijo TEXT NOT NULL,
    creado_por INTEGER REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL,
    ultimo_uso TEXT,
    revocado TEXT
);

CREATE TABLE textos_ayuda (
    id_traduccion INTEGER PRIMARY KEY,
    clave TEXT NOT NULL UNIQUE,
    titulo TEXT NOT NULL,
    contenido TEXT NOT NULL,
    titulo_ingles TEXT NOT NULL,
    contenido_ingles TEXT NOT NULL,
    titulo_portugues TEXT NOT NULL DEFAULT '',
    contenido_portugues TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE clientes_demo (
    cve_cliente INTEGER PRIMARY KEY,
    nombre_cliente TEXT NOT NULL UNIQUE
);

CREATE TABLE solicitudes_mejora (
    id INTEGER PRIMARY KEY,
    correo_cliente TEXT NOT NULL,
    cve_empleado INTEGER REFERENCES empleados (cve_empleado),
    creado TEXT NOT NULL
);
