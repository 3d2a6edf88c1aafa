import { PRI, apiRequest } from '@/lib/api/client';
import { topicFormData, type TopicFiles, type TopicPayload } from './topic-payload';

/** PUT catalogos/temas/{cve_tema} (multipart; files only when replaced). */
export function putTopic(cve: number, datos: TopicPayload, files: TopicFiles): Promise<{ resp?: string }> {
  return apiRequest(`${PRI}/catalogos/temas/${cve}`, {
    method: 'PUT',
    body: topicFormData(datos, files),
    errorDialog: false,
  });
}
