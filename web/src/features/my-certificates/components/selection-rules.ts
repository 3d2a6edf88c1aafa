import type { MyCertificate } from '../api/get-my-certificates';

/** The two certificates a course in the list may carry, as `certificados/varias` names them. */
export type CertificateKind = 'curso' | 'dc3';

/** One certificate of the list. */
export interface CertificateItem {
  /** `curso:<cve_curso>` or `dc3:<cve_curso>`: its selection key and what `varias` is sent. */
  id: string;
  kind: CertificateKind;
  cveCurso: number;
  /** It can be downloaded (and so selected) now. */
  available: boolean;
}

/** The id of a course's certificate, as `certificados/varias` takes it. */
export function certificateId(kind: CertificateKind, cveCurso: number): string {
  return `${kind}:${cveCurso}`;
}

/**
 * A course's certificates in the order its card shows them: the course certificate (every
 * passed closed course has one), then the DC-3 when the course's modality carries it.
 */
export function certificatesOfCourse(course: MyCertificate): CertificateItem[] {
  const items: CertificateItem[] = [
    { id: certificateId('curso', course.cve_curso), kind: 'curso', cveCurso: course.cve_curso, available: true },
  ];
  if (course.dc3.aplica) {
    items.push({ id: certificateId('dc3', course.cve_curso), kind: 'dc3', cveCurso: course.cve_curso, available: course.dc3.disponible });
  }
  return items;
}

/** The ids of every certificate that can be downloaded now, in list order. */
export function availableIds(list: readonly MyCertificate[]): string[] {
  return list.flatMap((course) => certificatesOfCourse(course).filter((c) => c.available).map((c) => c.id));
}

/**
 * What to ask `certificados/varias` for: the selected certificates in list order (not in the
 * order they were ticked), leaving out any the list no longer offers.
 */
export function orderedSelection(list: readonly MyCertificate[], selected: ReadonlySet<string>): string[] {
  return availableIds(list).filter((id) => selected.has(id));
}
