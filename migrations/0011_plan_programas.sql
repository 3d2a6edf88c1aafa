-- Which programs reach each row of the materialised plan (bit flags: institucional 1,
-- formacion 2, especifica 4, planta 8, empleado 16, bloque 32), so the per-topic progress
-- of a program reads the cache instead of deriving who each program reaches.
-- The cache is rebuilt on start (plans::derive::CACHE_VERSION "2").
ALTER TABLE plan_empleados_temas ADD COLUMN programas INTEGER NOT NULL DEFAULT 0;
CREATE INDEX plan_empleados_temas_programas ON plan_empleados_temas (cve_tema, programas, vigencia, reprobado);
