/** The multipart body of an announcement: `datos` (its JSON) plus `imagen` when one was chosen. */
export function announcementFormData(datos: object, imagen: File | null): FormData {
  const form = new FormData();
  form.append('datos', JSON.stringify(datos));
  if (imagen) form.append('imagen', imagen, imagen.name);
  return form;
}
