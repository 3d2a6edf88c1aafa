import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';
import type { Schema } from '@/lib/api/schema';

const KARDEX = `${PRI}/plan_capacitacion/ver_kardex_capacitacion`;

/** GET ver_kardex_capacitacion/{cve_empleado}: the kardex header. */
export type KardexHeader = Schema<'Kardex'>;

/** An employee's kardex header; `null` skips the request. */
export function useKardex(cve: number | null) {
  return useSWR<KardexHeader>(cve ? ['plans.kardex', cve] : null, () => apiRequest<KardexHeader>(`${KARDEX}/${cve}`, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/** Table engine url of an employee's ledger (POST). */
export const kardexTableUrl = (cve: number) => `${KARDEX}/${cve}/tabla`;

/** One ledger row of the kardex table (hand-typed: the server's table rows are untyped in the OpenAPI document, `TablePage.result`). */
export interface KardexRow {
  id_acreditacion: number;
  abreviatura: string | null;
  nombre_tema: string;
  fecha: string;
  calificacion: number | null;
  origen: string;
  vigencia: string | null;
  estado: string;
  requerido_por_plan: string | null;
  motivo: string | null;
  nota: string | null;
  registrado_por: string | null;
}

/** Body of a manual accreditation. */
export type ManualAccreditation = Schema<'AcreditacionManualBody'>;

/** The answer of a manual accreditation. */
export type RecordedAccreditation = Schema<'AcreditacionRegistrada'>;

/** POST ver_kardex_capacitacion/{cve_empleado}/acreditaciones. */
export function postManualAccreditation(cve: number, body: ManualAccreditation): Promise<RecordedAccreditation> {
  return apiRequest(`${KARDEX}/${cve}/acreditaciones`, { method: 'POST', body, errorDialog: false });
}

/** GET plan_capacitacion/vigencia?cve_tema&fecha: the read-only validity preview. */
export function useValidityPreview(cveTema: number | null, fecha: string) {
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(fecha);
  return useSWR<Schema<'Vigencia'>>(
    ready ? ['plans.vigencia', cveTema, fecha] : null,
    () => apiRequest<Schema<'Vigencia'>>(`${PRI}/plan_capacitacion/vigencia`, { query: { cve_tema: cveTema ?? undefined, fecha }, errorDialog: false }),
    { revalidateOnFocus: false },
  );
}
