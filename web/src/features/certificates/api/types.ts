import type { Schema } from '@/lib/api/schema';

/** A closed course's DC-3s: due date, delivered, pending and whether it is late. */
export type SeguimientoDc3 = Schema<'SeguimientoDc3'>;
/** A course's follow-up with each accredited participant. */
export type DetalleSeguimientoDc3 = Schema<'DetalleSeguimientoDc3'>;
/** One accredited participant's DC-3: code, delivery, missing data. */
export type EntregaDc3 = Schema<'EntregaDc3'>;
/** What e-mailing a course's DC-3s did. */
export type EnvioDc3 = Schema<'EnvioDc3'>;

/** The states of a course's DC-3s (`SeguimientoDc3.estado`). */
export type EstadoDc3 = 'entregadas' | 'por_entregar' | 'vencidas';
