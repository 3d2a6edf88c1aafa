import { PRI, apiRequest } from '@/lib/api/client';
import { topicFormData, type TopicFiles, type TopicPayload } from './topic-payload';

/** POST catalogos/temas/crear_tema (multipart; `imagen` required). */
export function postTopic(datos: TopicPayload, files: TopicFiles): Promise<{ resp?: string; cve_tema: number }> {
  return apiRequest(`${PRI}/catalogos/temas/crear_tema`, {
    method: 'POST',
    body: topicFormData(datos, files),
    errorDialog: false,
  });
}
