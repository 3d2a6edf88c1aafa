-- The dashboard's to-do list ('Tareas'): one's own tasks and those a supervisor assigns to
-- their people. Owned by the dashboard domain.
CREATE TABLE tareas (
    id INTEGER PRIMARY KEY,
    -- whose task it is
    cve_empleado INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    -- who wrote it (the same person, or their supervisor)
    creado_por INTEGER NOT NULL REFERENCES empleados (cve_empleado) ON DELETE CASCADE,
    titulo TEXT NOT NULL,
    descripcion TEXT NOT NULL DEFAULT '',
    -- AAAA-MM-DD
    fecha_limite TEXT NOT NULL,
    hecha INTEGER NOT NULL DEFAULT 0 CHECK (hecha IN (0, 1)),
    creado TEXT NOT NULL,
    actualizado TEXT NOT NULL
);
CREATE INDEX tareas_empleado ON tareas (cve_empleado, hecha, fecha_limite);
CREATE INDEX tareas_creador ON tareas (creado_por);
