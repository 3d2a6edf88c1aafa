-- Scheduled report sends that fail for a passing reason (the mail server, the disk) are
-- tried again later: how many attempts a send has had, and when the next one may start.
ALTER TABLE reportes_envios ADD COLUMN intentos INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reportes_envios ADD COLUMN reintentar TEXT;
