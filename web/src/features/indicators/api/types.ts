import type { Schema } from '@/lib/api/schema';

/** The filters every indicator takes (all optional). */
export type Filtros = Schema<'Filtros'>;
/** What the filters may choose from, and the default period. */
export type Opciones = Schema<'Opciones'>;
/** A structure node (N2–N7) of the filter. */
export type Nodo = Schema<'Nodo'>;
/** A plant of the filter. */
export type Planta = Schema<'Planta'>;
/** The answer of 'Gráficas'. */
export type Graficas = Schema<'Graficas'>;
/** Compliance of a plant or a structure node. */
export type Cumplimiento = Schema<'Cumplimiento'>;
/** Courses, participants and hours of a modality. */
export type Modalidad = Schema<'Modalidad'>;
/** Accredited and not accredited of a month (AAAA-MM). */
export type Mes = Schema<'Mes'>;
/** The answer of an 'Avance' screen. */
export type IndicadorAvance = Schema<'IndicadorAvance'>;
/** One row of an 'Avance' screen: a topic group, a block or a topic. */
export type Avance = Schema<'Avance'>;
