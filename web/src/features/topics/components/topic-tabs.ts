/** The tabs of a topic's detail (ver_tema). */
export const DETAIL_TABS = ['datos', 'preguntas', 'actividades', 'scorm'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
