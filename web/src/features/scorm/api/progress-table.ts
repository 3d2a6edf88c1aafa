export { PROGRESS_TABLE_URL } from './paths';

/** The table column the topic filter applies to (a column filter of the engine's query). */
export const TOPIC_FILTER_FIELD = 'cve_tema';

/** The column filters of the progress table for a chosen topic (none: every topic). */
export function topicFilter(cveTema: string | null): Record<string, string> {
  return cveTema ? { [TOPIC_FILTER_FIELD]: cveTema } : {};
}
