import { fileBase, saveBlob } from '@/components/data-table/export';
import { downloadExportJob, type ExportJob } from '@/lib/api/shared/export-jobs';

/** Saves a finished export's file under the server's name (or the job's name and format). */
export async function saveExportJob(job: Pick<ExportJob, 'id_exportacion' | 'nombre' | 'formato'>): Promise<void> {
  const file = await downloadExportJob(job.id_exportacion);
  saveBlob(file.blob, file.filename || `${fileBase(job.nombre)}.${job.formato}`);
}
