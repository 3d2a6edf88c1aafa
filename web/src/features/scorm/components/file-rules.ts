/** What the package input offers in the file dialog (the server still reads the zip to be sure). */
export const ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

/**
 * Why a file cannot be sent as a SCORM package, or null when it can. The size limit is the
 * server's (configurable, 250 MB by default): it answers 413 with its message when exceeded.
 */
export function zipProblem(file: File): 'type' | 'empty' | null {
  if (!file.name.toLowerCase().endsWith('.zip')) return 'type';
  if (file.size === 0) return 'empty';
  return null;
}
