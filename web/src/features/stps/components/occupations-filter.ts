import type { OccupationArea } from '@/lib/api/shared/occupations';

/** Lower case without accents: what the search compares (as the server's `fold`). */
function fold(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Areas whose key or name matches keep all their sub-areas; otherwise only the matching sub-areas stay. */
export function filterOccupations(areas: OccupationArea[], query: string): OccupationArea[] {
  const q = fold(query.trim());
  if (!q) return areas;
  const matches = (clave: string, nombre: string) => fold(clave).includes(q) || fold(nombre).includes(q);
  return areas.flatMap((area) => {
    if (matches(area.clave, area.nombre)) return [area];
    const subareas = area.subareas.filter((s) => matches(s.clave, s.nombre));
    return subareas.length > 0 ? [{ ...area, subareas }] : [];
  });
}
