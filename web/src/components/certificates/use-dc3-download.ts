import { useState } from 'react';
import { isSessionEnd } from '@/components/forms';
import { showErrorDialog } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { openDc3 } from '@/lib/certificates/certificate-forms';
import { missingDc3Data } from '@/lib/certificates/dc3-rules';
import { fetchDc3Check } from '@/lib/certificates/validate-dc3';

/**
 * A participant's 'Descargar DC-3': checks the certificate first, then posts its form in a
 * new tab. Incomplete data (422) goes to `onIncomplete` as the numbered list's items; any
 * other refusal (a course without data) gets the '¡Ups!' dialog. `busy` while checking.
 */
export function useDc3Download(onIncomplete: (items: string[]) => void) {
  const [busy, setBusy] = useState(false);
  const download = async (cveCurso: number, cveEmpleado: number): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await fetchDc3Check(cveEmpleado, cveCurso);
      openDc3(cveCurso, cveEmpleado);
      return true;
    } catch (error) {
      if (isApiError(error, 422)) onIncomplete(missingDc3Data(error));
      else if (!isSessionEnd(error)) void showErrorDialog(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
