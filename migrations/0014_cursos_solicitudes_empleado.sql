-- An employee's pending seat requests (the same-topic check of every enrolment reads them).
CREATE INDEX cursos_solicitudes_empleado ON cursos_solicitudes (cve_empleado) WHERE estatus = 1;
