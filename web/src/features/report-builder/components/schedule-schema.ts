import { z } from 'zod';
import { asFormato, asFrecuencia, type Destinatario, type Formato, type Frecuencia, type Programacion, type ProgramacionForm } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How many people a schedule may e-mail. */
export const MAX_RECIPIENTS = 50;
/** The last day of the month a monthly schedule may choose (every month has it). */
export const LAST_MONTH_DAY = 28;

/** A chosen recipient: the employee and the name to show. */
export interface Recipient {
  cve_empleado: number;
  nombre: string;
  correo: string | null;
}

/** What the schedule dialog edits. */
export interface ScheduleValues {
  frecuencia: Frecuencia;
  /** semanal: 1 (lunes) … 7; mensual: 1 … 28. */
  dia: number;
  formato: Formato;
  destinatarios: Recipient[];
}

/** The highest day of a frequency. */
export const lastDayOf = (frecuencia: Frecuencia) => (frecuencia === 'semanal' ? 7 : LAST_MONTH_DAY);

/** The schedule's rules: a day the frequency has, and 1–50 recipients. */
export function scheduleSchema(t: Translate) {
  return z
    .object({
      frecuencia: z.enum(['semanal', 'mensual']),
      dia: z.number(),
      formato: z.enum(['xlsx', 'csv', 'pdf']),
      destinatarios: z.array(z.object({ cve_empleado: z.number(), nombre: z.string(), correo: z.string().nullable() })),
    })
    .superRefine((v, ctx) => {
      if (!Number.isInteger(v.dia) || v.dia < 1 || v.dia > lastDayOf(v.frecuencia)) {
        ctx.addIssue({ code: 'custom', path: ['dia'], message: t(v.frecuencia === 'semanal' ? 'report-builder:validation.weekday' : 'report-builder:validation.month_day', { max: LAST_MONTH_DAY }) });
      }
      if (v.destinatarios.length === 0) ctx.addIssue({ code: 'custom', path: ['destinatarios'], message: t('report-builder:validation.recipients_min') });
      else if (v.destinatarios.length > MAX_RECIPIENTS) {
        ctx.addIssue({ code: 'custom', path: ['destinatarios'], message: t('report-builder:validation.recipients_max', { max: MAX_RECIPIENTS }) });
      }
    });
}

const fromDestinatario = (d: Destinatario): Recipient => ({ cve_empleado: d.cve_empleado, nombre: d.nombre_empleado, correo: d.correo_empleado ?? null });

/** The dialog's values for a layout's schedule (a weekly Monday Excel for none). */
export function scheduleToValues(p: Programacion | null): ScheduleValues {
  if (!p) return { frecuencia: 'semanal', dia: 1, formato: 'xlsx', destinatarios: [] };
  return { frecuencia: asFrecuencia(p.frecuencia), dia: p.dia, formato: asFormato(p.formato), destinatarios: p.destinatarios.map(fromDestinatario) };
}

/** The body of PUT reportes/guardados/{id}/programacion. */
export function schedulePayload(v: ScheduleValues): ProgramacionForm {
  return { frecuencia: v.frecuencia, dia: v.dia, formato: v.formato, destinatarios: v.destinatarios.map((d) => d.cve_empleado) };
}
