-- Issue 10 (M3): an API key creates only the profiles on its allow-list. Keys that
-- existed before get Participante only; Administrador is never allowed (checked by the
-- server, which refuses to store it).
CREATE TABLE apis_perfiles (
    api_id INTEGER NOT NULL REFERENCES apis (id) ON DELETE CASCADE,
    idperfil INTEGER NOT NULL REFERENCES perfiles (idperfil) ON DELETE CASCADE,
    PRIMARY KEY (api_id, idperfil)
);

INSERT INTO apis_perfiles (api_id, idperfil) SELECT id, 8 FROM apis;
