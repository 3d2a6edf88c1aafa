/** The topic JSON of `crear_tema` and `PUT temas/{cve}` (docs/api-contract.md, "Topics"). */
export interface TopicPayload {
  abreviatura: string;
  nombre_tema: string;
  cve_area: number;
  tipo: string;
  modalidad: string;
  dias_duracion: number;
  horas_sesion: number;
  meses_certificacion: number;
  prerrequisito: 0 | 1;
  prerrequisitos: number[];
  min_participantes: number;
  max_participantes: number;
  requiere_instructor: 0 | 1;
  requiere_sala: 0 | 1;
  modelo_evaluacion: string;
  calificacion_minima: number | null;
  calificacion_minima_practica: number | null;
  descripcion: string;
  autor: string;
  video: string;
  dias_limite: number;
  activo: 0 | 1;
  ecommerce: 0 | 1;
  categoria: string;
  etiquetas: string[];
  /** Centavos; 0 = free. */
  precio: number;
}

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
