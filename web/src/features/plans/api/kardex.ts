import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

const KARDEX = `${PRI}/plan_capacitacion/ver_kardex_capacitacion`;

/** GET ver_kardex_capacitacion/{cve_empleado}: the kardex header. */
export interface KardexHeader {
  empleado: {
    cve_empleado: number;
    num_empleado: string | number | null;
    nombre_empleado: string;
    curp: string | null;
    puesto: string | null;
    n4: string | null;
    planta: string | null;
    foto_empleado: string | null;
  };
  cumplimiento: number | null;
  totales: { acreditados: number; pendientes: number; vencidos: number; no_acreditados: number };
}

/** An employee's kardex header; `null` skips the request. */
export function useKardex(cve: number | null) {
  return useSWR<KardexHeader>(cve ? ['plans.kardex', cve] : null, () => apiRequest<KardexHeader>(`${KARDEX}/${cve}`, { errorDialog: false }), {
    revalidateOnFocus: false,
  });
}

/** Table engine url of an employee's ledger (POST). */
export const kardexTableUrl = (cve: number) => `${KARDEX}/${cve}/tabla`;

/** One ledger row of the kardex table. */
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
export interface ManualAccreditation {
  cve_tema: number;
  fecha: string;
  calificacion?: number;
  motivo: string;
}

/** POST ver_kardex_capacitacion/{cve_empleado}/acreditaciones. */
export function postManualAccreditation(cve: number, body: ManualAccreditation): Promise<{ resp: string; id_acreditacion: number; vigencia: string; estado: string }> {
  return apiRequest(`${KARDEX}/${cve}/acreditaciones`, { method: 'POST', body, errorDialog: false });
}

/** GET plan_capacitacion/vigencia?cve_tema&fecha: the read-only validity preview. */
export function useValidityPreview(cveTema: number | null, fecha: string) {
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(fecha);
  return useSWR<{ vigencia: string }>(
    ready ? ['plans.vigencia', cveTema, fecha] : null,
    () => apiRequest<{ vigencia: string }>(`${PRI}/plan_capacitacion/vigencia`, { query: { cve_tema: cveTema ?? undefined, fecha }, errorDialog: false }),
    { revalidateOnFocus: false },
  );
}
