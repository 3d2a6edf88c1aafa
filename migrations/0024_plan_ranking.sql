-- The ranking's counts: per employee and period, how many passed accreditations the ledger
-- holds dated within it (year 'A2026', month 'M2026-11', week 'S' + its Monday, day 'D' +
-- the date). Kept by triggers in the same transaction as every ledger write, so it always
-- equals a recount of plan_acreditaciones (a test compares them); the dashboard's top 5 and
-- one's place read it instead of grouping the whole year's ledger on every call. Owned by
-- the plans domain, like the ledger.
CREATE TABLE plan_ranking (
    periodo TEXT NOT NULL,
    cve_empleado INTEGER NOT NULL,
    total INTEGER NOT NULL,
    PRIMARY KEY (periodo, cve_empleado)
) WITHOUT ROWID;
CREATE INDEX plan_ranking_orden ON plan_ranking (periodo, total DESC, cve_empleado);

CREATE TRIGGER plan_ranking_insert AFTER INSERT ON plan_acreditaciones WHEN new.acreditado = 1 BEGIN
    INSERT INTO plan_ranking (periodo, cve_empleado, total)
    SELECT p, new.cve_empleado, 1 FROM (
        SELECT 'A' || substr(new.fecha, 1, 4) AS p
        UNION ALL SELECT 'M' || substr(new.fecha, 1, 7)
        UNION ALL SELECT 'S' || date(new.fecha, 'weekday 0', '-6 days')
        UNION ALL SELECT 'D' || substr(new.fecha, 1, 10))
    WHERE true
    ON CONFLICT (periodo, cve_empleado) DO UPDATE SET total = total + 1;
END;

CREATE TRIGGER plan_ranking_delete AFTER DELETE ON plan_acreditaciones WHEN old.acreditado = 1 BEGIN
    UPDATE plan_ranking SET total = total - 1
    WHERE cve_empleado = old.cve_empleado AND periodo IN (
        'A' || substr(old.fecha, 1, 4), 'M' || substr(old.fecha, 1, 7),
        'S' || date(old.fecha, 'weekday 0', '-6 days'), 'D' || substr(old.fecha, 1, 10));
    DELETE FROM plan_ranking WHERE cve_empleado = old.cve_empleado AND total <= 0;
END;

CREATE TRIGGER plan_ranking_update AFTER UPDATE OF acreditado, fecha, cve_empleado ON plan_acreditaciones BEGIN
    UPDATE plan_ranking SET total = total - 1
    WHERE old.acreditado = 1 AND cve_empleado = old.cve_empleado AND periodo IN (
        'A' || substr(old.fecha, 1, 4), 'M' || substr(old.fecha, 1, 7),
        'S' || date(old.fecha, 'weekday 0', '-6 days'), 'D' || substr(old.fecha, 1, 10));
    DELETE FROM plan_ranking WHERE cve_empleado = old.cve_empleado AND total <= 0;
    INSERT INTO plan_ranking (periodo, cve_empleado, total)
    SELECT p, new.cve_empleado, 1 FROM (
        SELECT 'A' || substr(new.fecha, 1, 4) AS p
        UNION ALL SELECT 'M' || substr(new.fecha, 1, 7)
        UNION ALL SELECT 'S' || date(new.fecha, 'weekday 0', '-6 days')
        UNION ALL SELECT 'D' || substr(new.fecha, 1, 10))
    WHERE new.acreditado = 1
    ON CONFLICT (periodo, cve_empleado) DO UPDATE SET total = total + 1;
END;

-- The counts of the ledger written before this migration.
INSERT INTO plan_ranking (periodo, cve_empleado, total)
SELECT p, cve_empleado, COUNT(*) FROM (
    SELECT 'A' || substr(fecha, 1, 4) AS p, cve_empleado FROM plan_acreditaciones WHERE acreditado = 1
    UNION ALL SELECT 'M' || substr(fecha, 1, 7), cve_empleado FROM plan_acreditaciones WHERE acreditado = 1
    UNION ALL SELECT 'S' || date(fecha, 'weekday 0', '-6 days'), cve_empleado FROM plan_acreditaciones WHERE acreditado = 1
    UNION ALL SELECT 'D' || substr(fecha, 1, 10), cve_empleado FROM plan_acreditaciones WHERE acreditado = 1)
WHERE true
GROUP BY p, cve_empleado;

-- The dashboard's other hot reads: a year's courses by month, modality and cost read from
-- one index; the people who left, to discount them from one's place.
CREATE INDEX cursos_inicio_resumen ON cursos (fecha_inicio, estatus, modalidad, moneda, costo_total, tipo_cambio);
CREATE INDEX empleados_inactivos ON empleados (cve_empleado) WHERE NOT (activo = 1 AND baja_logica = 0);
