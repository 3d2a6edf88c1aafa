import { saveBlob } from '@/components/data-table/export';
import { failureMessage } from '@/components/forms';
import { showAlert } from '@/lib/alerts';
import { i18n } from '@/lib/i18n';
import { downloadCourseIcs } from '../api/course-ics';

/** The course an action is about. */
export interface CourseRef {
  cve_curso: number;
  nombre: string;
}

/** Downloads a course's ICS with the session's bearer. */
export async function downloadIcs(course: CourseRef): Promise<void> {
  try {
    const file = await downloadCourseIcs(course.cve_curso);
    saveBlob(file.blob, file.filename ?? `curso-${course.cve_curso}.ics`);
  } catch (error) {
    const message = failureMessage(error);
    if (message) void showAlert({ title: i18n.t('errors:ui.ups'), message });
  }
}
