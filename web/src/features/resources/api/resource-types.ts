import { PRI } from '@/lib/api/client';

/** The four training resources of `catalogos.recursos`, as they appear in the urls. */
export const RESOURCE_TYPES = ['instituciones', 'instructores', 'sedes', 'salas'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Root of a resource's calls: `/api/pri/catalogos/recursos_capacitacion/{tipo}`. */
export function resourceUrl(tipo: ResourceType): string {
  return `${PRI}/catalogos/recursos_capacitacion/${tipo}`;
}

/** The key of each resource in table rows, records and create answers. */
export const ID_FIELDS: Record<ResourceType, string> = {
  instituciones: 'cve_institucion',
  instructores: 'cve_instructor',
  sedes: 'cve_sede',
  salas: 'cve_sala',
};

/** The id of a row, record or create answer (its `cve_*` key, else a plain `id`). */
export function resourceId(tipo: ResourceType, value: unknown): number | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const raw = record[ID_FIELDS[tipo]] ?? record.id;
  const id = typeof raw === 'string' ? Number(raw) : raw;
  return typeof id === 'number' && Number.isFinite(id) ? id : null;
}

type Flag = number | string | boolean | null;

/** An institution: all fields required. */
export interface Institution {
  cve_institucion?: number;
  nombre: string;
  contacto: string;
  telefono: string;
  correo: string;
  activo?: Flag;
}

/** An instructor: internal ones are employees (and get the Instructor profile), external ones have no login. */
export interface Instructor {
  cve_instructor?: number;
  interno: Flag;
  cve_empleado?: number | null;
  nombre_empleado?: string | null;
  nombre: string;
  correo: string;
  usuario: string;
  especialidad: string;
  rfc: string;
  registro_stps?: string | null;
  cve_institucion?: number | null;
  institucion?: string | null;
  firma_url?: string | null;
  tiene_firma?: Flag;
  activo?: Flag;
}

/** A venue, with an optional maps link and a sketch image. */
export interface Venue {
  cve_sede?: number;
  nombre: string;
  url_mapa?: string | null;
  direccion?: string | null;
  croquis_url?: string | null;
  activo?: Flag;
}

/** A room of a venue. */
export interface Room {
  cve_sala?: number;
  cve_sede: number | null;
  sede?: string | null;
  nombre: string;
  capacidad: number | null;
  activo?: Flag;
}

/** A stored record of each resource type (GET `{tipo}/{id}`). */
export interface ResourceRecords {
  instituciones: Institution;
  instructores: Instructor;
  sedes: Venue;
  salas: Room;
}

/** What a create sends for each type (docs/api-contract.md, "Training resources"). */
export interface ResourceBodies {
  instituciones: { nombre: string; contacto: string; telefono: string; correo: string };
  instructores: {
    interno: 0 | 1;
    cve_empleado: number | null;
    nombre: string;
    correo: string;
    usuario: string;
    especialidad: string;
    rfc: string;
    registro_stps: string | null;
    cve_institucion: number | null;
  };
  sedes: { nombre: string; url_mapa: string | null; direccion: string | null };
  salas: { cve_sede: number; nombre: string; capacidad: number };
}
