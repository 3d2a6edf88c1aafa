import { z } from 'zod';
import type { DefinicionReporte, ReporteGuardadoForm } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The server's limits of a saved layout's name and description. */
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;

/** What the save dialog edits. */
export interface SaveValues {
  nombre: string;
  descripcion: string;
  /** Profile ids, as the checkboxes give them. */
  perfiles: string[];
}

/** The save dialog's rules: a name of 1–100 characters, a description of up to 500. */
export function saveSchema(t: Translate) {
  return z
    .object({ nombre: z.string(), descripcion: z.string(), perfiles: z.array(z.string()) })
    .superRefine((v, ctx) => {
      const nombre = v.nombre.trim();
      if (!nombre) ctx.addIssue({ code: 'custom', path: ['nombre'], message: t('common:validation.required') });
      else if (nombre.length > NAME_MAX) ctx.addIssue({ code: 'custom', path: ['nombre'], message: t('report-builder:validation.too_long', { max: NAME_MAX }) });
      if (v.descripcion.trim().length > DESCRIPTION_MAX) {
        ctx.addIssue({ code: 'custom', path: ['descripcion'], message: t('report-builder:validation.too_long', { max: DESCRIPTION_MAX }) });
      }
    });
}

/** The body of POST / PUT reportes/guardados. */
export function savePayload(values: SaveValues, definicion: DefinicionReporte): ReporteGuardadoForm {
  return {
    nombre: values.nombre.trim(),
    descripcion: values.descripcion.trim(),
    definicion,
    perfiles: values.perfiles.map(Number).sort((a, b) => a - b),
  };
}
