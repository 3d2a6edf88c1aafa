-- Issue 10 (H3, M4): account identifiers.
-- How a login came to be: 'registro' = self-registration on the login page. A bulk upload
-- that later matches such an account (by number or CURP) drops its password, sessions and
-- links instead of inheriting them, and the account becomes 'alta' (docs/permisos.md,
-- "Account identifiers").
ALTER TABLE usuarios ADD COLUMN origen TEXT NOT NULL DEFAULT 'alta';

-- A user's own e-mail change waits here until the link sent to the new address is opened:
-- single use, 24 hours, kept by the SHA-256 of the link's secret.
CREATE TABLE cambios_correo (
    id TEXT PRIMARY KEY,
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    correo_nuevo TEXT NOT NULL,
    creado INTEGER NOT NULL,
    expira INTEGER NOT NULL,
    usado INTEGER
);
CREATE INDEX cambios_correo_empleado ON cambios_correo (cve_empleado);
