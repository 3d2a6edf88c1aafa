/** The company of the address (`?empresa=`), or null. */
export function companyFrom(param: string | null): number | null {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : null;
}

/** The file name a DC-4 download is saved under when the server names none. */
export function dc4FileName(empresa: string, anio: number, formato: 'pdf' | 'xlsx'): string {
  const base = empresa
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `DC-4_${base || 'empresa'}_${anio}.${formato}`;
}
