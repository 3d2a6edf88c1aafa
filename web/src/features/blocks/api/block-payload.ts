/** The block JSON of `crear_bloque` and `PUT bloques_cursos/{id}` (all required). */
export interface BlockPayload {
  nombre_bloque: string;
  id_tipo_bloque: number;
  /** Centavos; 0 = free. */
  precio: number;
  descripcion: string;
  fecha_inicio: string;
  fecha_fin: string;
  /** 0 = unlimited. */
  capacidad_asistencia: number;
  video: string;
  activo: 0 | 1;
}

/** The multipart body: `datos` (JSON) plus `imagen` when one was chosen. */
export function blockFormData(datos: BlockPayload, imagen: File | null): FormData {
  const form = new FormData();
  form.append('datos', JSON.stringify(datos));
  if (imagen) form.append('imagen', imagen, imagen.name);
  return form;
}
