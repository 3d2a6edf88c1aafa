-- Realtime: 1:1 chat, presence, notifications with per-profile channels, Web Push.

CREATE TABLE chats (
    id INTEGER PRIMARY KEY,
    -- the pair is stored ordered so that one conversation exists per pair
    empleado1 INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    empleado2 INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    creado TEXT NOT NULL,
    ultimo_mensaje_id INTEGER,
    actualizado TEXT NOT NULL,
    CHECK (empleado1 < empleado2),
    UNIQUE (empleado1, empleado2)
);
CREATE INDEX chats_empleado1 ON chats (empleado1, actualizado);
CREATE INDEX chats_empleado2 ON chats (empleado2, actualizado);

CREATE TABLE chat_mensajes (
    id INTEGER PRIMARY KEY,
    chat_id INTEGER NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    de INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    tipo TEXT NOT NULL CHECK (tipo IN ('text', 'img')),
    mensaje TEXT NOT NULL,
    -- object-storage key of an image message
    archivo TEXT,
    fecha TEXT NOT NULL,
    -- 1 unread, 2 read
    estatus INTEGER NOT NULL DEFAULT 1 CHECK (estatus IN (1, 2))
);
CREATE INDEX chat_mensajes_chat ON chat_mensajes (chat_id, id);
CREATE INDEX chat_mensajes_no_leidos ON chat_mensajes (chat_id, de) WHERE estatus = 1;

CREATE TABLE presencia (
    cve_empleado INTEGER PRIMARY KEY REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    estado TEXT NOT NULL CHECK (estado IN ('online', 'offline')),
    last_changed TEXT NOT NULL
);

CREATE TABLE notificaciones (
    idnotificacion INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    titulo TEXT NOT NULL,
    contenido TEXT NOT NULL,
    tipo TEXT NOT NULL DEFAULT '',
    web INTEGER NOT NULL DEFAULT 1,
    mobile INTEGER NOT NULL DEFAULT 0,
    correo INTEGER NOT NULL DEFAULT 0,
    meeting TEXT,
    recurso TEXT,
    recurso_id TEXT,
    icono TEXT,
    origen TEXT NOT NULL DEFAULT '',
    destino TEXT NOT NULL DEFAULT '',
    idsolicitud INTEGER,
    -- 1 unread, 2 read
    estatus INTEGER NOT NULL DEFAULT 1 CHECK (estatus IN (1, 2)),
    fecha_hora TEXT NOT NULL,
    leida TEXT
);
CREATE INDEX notificaciones_destinatario ON notificaciones (cve_empleado, estatus, idnotificacion);

-- Which channels each profile's notifications use.
CREATE TABLE perfiles_canales (
    idperfil INTEGER PRIMARY KEY REFERENCES perfiles (idperfil) ON DELETE CASCADE,
    web INTEGER NOT NULL DEFAULT 1,
    correo INTEGER NOT NULL DEFAULT 1,
    movil INTEGER NOT NULL DEFAULT 1
);
INSERT INTO perfiles_canales (idperfil, web, correo, movil) SELECT idperfil, 1, 1, 1 FROM perfiles;

CREATE TABLE push_suscripciones (
    id INTEGER PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    creado TEXT NOT NULL,
    ultimo_envio TEXT,
    fallos INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX push_suscripciones_empleado ON push_suscripciones (cve_empleado);
