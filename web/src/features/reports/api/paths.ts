import { PRI } from '@/lib/api/client';

/** Root of the reports' calls (docs/api-contract.md, "Reports"). */
export const REPORTES = `${PRI}/reportes`;
/** The mass report's table (the generic table engine; `excel: true` answers the file). */
export const MASS_TABLE_URL = `${REPORTES}/reporte_masivo/tabla`;
/** Starts the mass report's background export. */
export const MASS_EXPORT_JOB_URL = `${REPORTES}/reporte_masivo/exportacion`;
