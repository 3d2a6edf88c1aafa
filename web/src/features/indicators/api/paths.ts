import { PRI } from '@/lib/api/client';

/** Root of the indicators' calls. */
export const INDICADORES = `${PRI}/indicadores`;

/** The three 'Avance' screens: by topic group, by block and by topic (target audience). */
export type ProgressKind = 'grupos' | 'bloques' | 'audiencia';

/** Where each 'Avance' is asked for (POST, JSON or `?formato=xlsx`). */
export const PROGRESS_URLS: Record<ProgressKind, string> = {
  grupos: `${INDICADORES}/avance_grupos_temas`,
  bloques: `${INDICADORES}/avance_bloques_temas`,
  audiencia: `${INDICADORES}/avance_audencia_meta`,
};

/** Where 'Gráficas' is asked for (POST, JSON or `?formato=xlsx`). */
export const CHARTS_URL = `${INDICADORES}/graficas`;
