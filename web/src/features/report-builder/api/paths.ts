import { PRI } from '@/lib/api/client';

/** Root of the reports' calls. */
export const REPORTES = `${PRI}/reportes`;

/** A saved layout's address. */
export const savedReportUrl = (id: number) => `${REPORTES}/guardados/${id}`;

/** The preview's page size: the builder and the saved layouts show 20 rows a page. */
export const PAGE_SIZE = 20;
