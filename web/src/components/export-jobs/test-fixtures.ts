import type { ExportJob } from '@/lib/api/shared/export-jobs';

/** A background export of the tests: the mass report to Excel, running, 2,000 rows. */
export function exportJob(overrides: Partial<ExportJob> = {}): ExportJob {
  return {
    id_exportacion: 7,
    nombre: 'Reporte masivo',
    formato: 'xlsx',
    estado: 'procesando',
    filas: 0,
    total: 2000,
    creado: '2026-03-02T16:00:00Z',
    terminado: null,
    expira: null,
    bytes: null,
    error: null,
    ...overrides,
  };
}
