import useSWR from 'swr';
import { PRI, apiRequest } from '@/lib/api/client';

/** GET plan_capacitacion/simulador_puesto/{cve_empleado}/{cve_puesto}. */
export interface Simulation {
  empleado: { cve_empleado: number; nombre_empleado: string; cve_puesto: number | null; puesto: string | null };
  puesto: { cve_puesto: number; puesto: string; estructura: string | null };
  temas: {
    cve_tema: number;
    abreviatura: string | null;
    nombre_tema: string;
    horas: number | null;
    estado: string;
    vigencia: string | null;
    en_plan_actual: boolean;
    en_plan_destino: boolean;
  }[];
  resumen: { acreditados: number; por_cubrir: number; horas_por_cubrir: number; horas_acreditadas: number; dejan_de_requerirse: number };
}

/** What an employee would hold and lack in another position; `null`s skip the request. */
export function useSimulation(cve: number | null, puesto: number | null) {
  return useSWR<Simulation>(
    cve && puesto ? ['plans.simulador', cve, puesto] : null,
    () => apiRequest<Simulation>(`${PRI}/plan_capacitacion/simulador_puesto/${cve}/${puesto}`, { errorDialog: false }),
    { revalidateOnFocus: false },
  );
}
