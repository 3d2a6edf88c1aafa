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
