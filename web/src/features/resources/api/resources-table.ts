import { resourceUrl, type Institution, type Instructor, type ResourceType, type Room, type Venue } from './resource-types';

/** Table engine url of one resource type (POST, see components/data-table). */
export function resourceTableUrl(tipo: ResourceType): string {
  return `${resourceUrl(tipo)}/tabla`;
}

/** Rows of each table: the record's fields as the engine answers them. */
export type InstitutionRow = Institution & { cve_institucion: number };
export type InstructorRow = Instructor & { cve_instructor: number };
export type VenueRow = Venue & { cve_sede: number };
export type RoomRow = Room & { cve_sala: number };
