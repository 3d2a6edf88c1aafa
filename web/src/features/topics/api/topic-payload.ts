import type { Schema } from '@/lib/api/schema';

/** The topic JSON of `crear_tema` and `PUT temas/{cve}` (docs/api-contract.md, "Topics"). */
export type TopicPayload = Schema<'TemaForm'>;

/** The files sent with a topic; absent ones are left out of the request. */
export interface TopicFiles {
  imagen?: File | null;
  material_participante?: File | null;
  material_instructor?: File | null;
}

/** The multipart body: `datos` (JSON) plus the chosen files. */
export function topicFormData(datos: TopicPayload, files: TopicFiles): FormData {
  const form = new FormData();
  form.append('datos', JSON.stringify(datos));
  for (const [name, file] of Object.entries(files)) {
    if (file) form.append(name, file, file.name);
  }
  return form;
}
