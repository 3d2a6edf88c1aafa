import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { EXPORT_JOBS_KEY, type StartedExport } from '@/lib/api/shared/export-jobs';

/**
 * Starts background exports and remembers the last one, for ExportJobPanel:
 * `run(() => startMyExport(...))` posts through the feature's own call, then the panel
 * follows the job it answered. Failures are the caller's to show (the promise rejects).
 */
export function useBackgroundExport() {
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { mutate } = useSWRConfig();
  const run = useCallback(
    async (start: () => Promise<StartedExport>) => {
      setStarting(true);
      try {
        const answer = await start();
        setJobId(answer.id_exportacion);
        void mutate(EXPORT_JOBS_KEY);
        return answer;
      } finally {
        setStarting(false);
      }
    },
    [mutate],
  );
  const close = useCallback(() => setJobId(null), []);
  return { jobId, starting, run, close };
}
