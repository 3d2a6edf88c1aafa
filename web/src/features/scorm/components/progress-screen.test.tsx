import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableQuery } from '@/components/data-table';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { i18n } from '@/lib/i18n';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { AvanceScormFila } from '../api/types';
import { progressColumns } from './progress-columns';
import { ProgressScreen } from './progress-screen';

const TABLE = `${PRI}/scorm/avance/tabla`;
const PACKAGES = `${PRI}/scorm/paquetes`;

const row = (extra: Partial<AvanceScormFila> = {}): AvanceScormFila => ({
  id_intento: 1,
  num_empleado: '1043',
  participante: 'Hernández Rodríguez, Luis',
  tema: 'Operación segura de montacargas',
  version: '1.2',
  intento: 1,
  intentos_usados: 1,
  estado: 'passed',
  calificacion: 85,
  tiempo_total: '00:12:30',
  iniciado: '2026-05-14T15:00:00Z',
  ultimo_acceso: '2026-05-14T16:00:00Z',
  ...extra,
});

const ROWS = [
  row(),
  row({ id_intento: 2, participante: 'Ruiz, Ana', estado: 'incomplete', calificacion: null, tiempo_total: '00:03:10' }),
  row({ id_intento: 3, participante: 'Pérez, Juan', tema: 'Factores de riesgo psicosocial (NOM-035)', version: '2004', estado: 'failed', calificacion: 40 }),
  row({ id_intento: 4, participante: 'López, Eva', estado: 'completed', calificacion: null }),
];

function serve(rows: AvanceScormFila[] = ROWS) {
  return mockFetch({
    [`GET ${PACKAGES}`]: () =>
      jsonResponse([
        { cve_tema: 7, nombre_tema: 'Operación segura de montacargas', clave_scorm: 'montacargas-12', version: '1.2', titulo: 'Montacargas' },
        { cve_tema: 9, nombre_tema: 'Factores de riesgo psicosocial (NOM-035)', clave_scorm: 'nom035-2004', version: '2004', titulo: 'NOM-035' },
      ]),
    [`POST ${TABLE}`]: (call: RecordedCall) => {
      const q = call.body as TableQuery;
      const topic = q.columns_with_selects.find((c) => c.nomfield === 'cve_tema')?.input;
      const result = topic === '9' ? rows.filter((r) => r.version === '2004') : rows;
      return jsonResponse({ result, pages: { pages: 1, ultima_page: 1, cantidad_registros: result.length }, columns_with_selects: [] });
    },
  });
}

function renderScreen(path = '/menu/scorm_avance') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PageChromeProvider>
        <ProgressScreen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

const bodies = (api: ReturnType<typeof mockFetch>) => api.callsTo('POST', TABLE).map((c) => c.body as TableQuery);

beforeAll(async () => {
  await setupI18n('scorm');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Analista', secciones: ['cursos.scorm_avance'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the SCORM progress columns', () => {
  const columns = progressColumns(i18n.t.bind(i18n), { formatDate: (v) => `fecha ${v}`, formatNumber: (n) => String(n) });

  it("are the contract's, in its order", () => {
    expect(columns.map((c) => c.field)).toEqual([
      'num_empleado',
      'participante',
      'tema',
      'version',
      'intento',
      'intentos_usados',
      'estado',
      'calificacion',
      'tiempo_total',
      'iniciado',
      'ultimo_acceso',
    ]);
  });

  it('print the state translated, an empty score as nothing and the dates formatted', () => {
    const print = (field: string, r: AvanceScormFila) => columns.find((c) => c.field === field)?.printValue?.(r);
    expect(['incomplete', 'completed', 'passed', 'failed', 'not attempted'].map((estado) => print('estado', row({ estado })))).toEqual([
      'En curso',
      'Completado',
      'Aprobado',
      'Reprobado',
      'Sin iniciar',
    ]);
    expect(print('estado', row({ estado: 'browsed' }))).toBe('browsed');
    expect(print('calificacion', row({ calificacion: null }))).toBe('');
    expect(print('version', row({ version: '2004' }))).toBe('SCORM 2004');
    expect(print('ultimo_acceso', row())).toBe('fecha 2026-05-14T16:00:00Z');
  });
});

describe('the SCORM progress screen', () => {
  it("lists every learner's attempts with the state as a translated badge", async () => {
    const api = serve();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Avance SCORM' });
    await within(table).findByText('Ruiz, Ana');
    const cells = (name: string) => within(within(table).getByText(name).closest('tr') as HTMLElement);
    expect(cells('Hernández Rodríguez, Luis').getByText('Aprobado')).toBeInTheDocument();
    expect(cells('Hernández Rodríguez, Luis').getByText('00:12:30')).toBeInTheDocument();
    expect(cells('Ruiz, Ana').getByText('En curso')).toBeInTheDocument();
    expect(cells('Pérez, Juan').getByText('Reprobado')).toBeInTheDocument();
    expect(cells('Pérez, Juan').getByText('SCORM 2004')).toBeInTheDocument();
    expect(cells('López, Eva').getByText('Completado')).toBeInTheDocument();
    expect(bodies(api)[0]).toMatchObject({ page: 1, order: 'ultimo_acceso', ordertype: 'desc', columns_with_selects: [] });
  });

  it('filters by the topic chosen from the packages, as a cve_tema column filter, back on page 1', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Ruiz, Ana');
    await user.click(screen.getByRole('combobox', { name: 'Tema' }));
    await user.click(await screen.findByRole('option', { name: 'Factores de riesgo psicosocial (NOM-035) · SCORM 2004', hidden: true }));
    await waitFor(() => expect(bodies(api).at(-1)).toMatchObject({ page: 1, columns_with_selects: [{ column: 'cve_tema', nomfield: 'cve_tema', input: '9' }] }));
    await waitFor(() => expect(screen.queryByText('Ruiz, Ana')).not.toBeInTheDocument());
    expect(screen.getByText('Pérez, Juan')).toBeInTheDocument();
  });

  it('opens on the topic of its url', async () => {
    const api = serve();
    renderScreen('/menu/scorm_avance?cve_tema=9');
    await screen.findByText('Pérez, Juan');
    expect(bodies(api)[0]?.columns_with_selects).toEqual([{ column: 'cve_tema', nomfield: 'cve_tema', input: '9' }]);
  });

  it('says when there are no attempts yet', async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByText('Aún no hay intentos de cursos SCORM')).toBeInTheDocument();
  });
});
