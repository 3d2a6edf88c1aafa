import { PRI } from '@/lib/api/client';

/** Root of the supplier's calls. */
export const PROVEEDOR = `${PRI}/proveedor`;

/** The log's table engine (POST TableQuery). */
export const LOG_TABLE_URL = `${PROVEEDOR}/log/tabla`;

/** One record of the log. */
export function logUrl(cveLog: number): string {
  return `${PROVEEDOR}/log/${cveLog}`;
}
