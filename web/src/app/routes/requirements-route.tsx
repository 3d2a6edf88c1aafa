import { RequirementsScreen, preloadRequirements, type Program } from '@/features/plans';
import { getSession, hasSection } from '@/lib/auth/session';
import { RequireSection } from '../require-section';
import { loadNamespaces } from './route-namespaces';

/**
 * The route module of one program's requirements table (institucional, formación,
 * específica, temas de empleados, asignación de bloques): the same screen, its own section.
 */
export function requirementsRoute(section: string, program: Program) {
  return {
    /** First visit (see routed-app): the texts and the table's first page, before the router exists. */
    prefetch() {
      const { user } = getSession();
      if (user && hasSection(user, section)) preloadRequirements(program);
      return loadNamespaces('plans');
    },
    async loader() {
      await loadNamespaces('plans');
      return null;
    },
    Component() {
      return (
        <RequireSection section={section}>
          <RequirementsScreen program={program} />
        </RequireSection>
      );
    },
  };
}
