import { ReportBuilderScreen } from '@/features/report-builder';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

export function prefetch() {
  return loadNamespaces('report-builder');
}

export async function loader() {
  await loadNamespaces('report-builder');
  return null;
}

export function Component() {
  return (
    <RequireSection section="reportes.reporteador">
      <ReportBuilderScreen />
    </RequireSection>
  );
}
