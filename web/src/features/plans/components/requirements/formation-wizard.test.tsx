import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { FormationWizard } from './formation-wizard';
import { reachableStep, stepProblem, termsProblem } from './wizard-rules';

const POSITIONS = `${PRI}/catalogos/estructura_puestos`;
const BASE = `${PRI}/plan_capacitacion/plan_formacion/alta_requerimientos`;

function table(rows: unknown[]) {
  return () => jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });
}

const ROWS = [
  { cve_puesto: 4, puesto: 'Operador de Línea de Ensamble', estructura: 'Producción', empleados: 12 },
  { cve_puesto: 5, puesto: 'Montacarguista', estructura: 'Almacén', empleados: 3 },
];
const TOPICS = [
  { cve_tema: 7, abreviatura: 'NOM-035', nombre_tema: 'Factores de riesgo psicosocial' },
  { cve_tema: 8, abreviatura: 'E2E-PLAN', nombre_tema: 'Tema de prueba' },
];

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`POST ${POSITIONS}`]: table(ROWS),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse(TOPICS),
    [`POST ${BASE}/validar`]: () =>
      jsonResponse({ resp: 'Excelente', nuevos: 1, duplicados: [{ id_requerimiento: 3, tema: 'NOM-035', destino: 'Montacarguista' }], empleados_alcanzados: 12 }),
    [`POST ${BASE}`]: () => jsonResponse({ resp: 'Excelente', requerimientos: [41], empleados_alcanzados: 12 }),
    [`POST ${PRI}/plan_capacitacion/plan_formacion/consulta_requerimientos/tabla`]: table([]),
    ...extra,
  });
}

function renderWizard() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/menu/plan_formacion_alta_requerimientos']}>
      <PageChromeProvider>
        <Routes>
          <Route path="/menu/plan_formacion_alta_requerimientos" element={<FormationWizard />} />
          <Route path="/menu/plan_formacion_consulta_requerimientos" element={<p>consulta</p>} />
        </Routes>
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

const next = () => screen.getByRole('button', { name: 'Siguiente' });

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: ['plan.formacion'] });
});
afterEach(() => vi.unstubAllGlobals());

/** Renders the wizard and goes to the topics step with the position Montacarguista picked. */
async function toTopicsStep() {
  renderWizard();
  await userEvent.click(screen.getByRole('radio', { name: /Por puestos/ }));
  await userEvent.click(next());
  const cell = await screen.findByRole('cell', { name: 'Montacarguista' });
  await userEvent.click(within(cell.closest('tr') as HTMLElement).getByRole('checkbox'));
  await userEvent.click(next());
}

describe('wizard rules', () => {
  it("names what is missing with the spec's messages", () => {
    const base = { tipo: null, destinos: 0, temas: 0, diasLimite: null };
    expect(stepProblem(0, base)).toBe('wizard.validation.no_type');
    expect(stepProblem(1, { ...base, tipo: 'puestos' })).toBe('wizard.validation.no_position');
    expect(stepProblem(1, { ...base, tipo: 'empleados' })).toBe('wizard.validation.no_employee');
    expect(stepProblem(2, { ...base, tipo: 'puestos', destinos: 1 })).toBe('wizard.validation.no_topic');
    expect(termsProblem(1, 0)).toBe('wizard.validation.dias_limite');
    expect(termsProblem(1, 3651)).toBe('wizard.validation.dias_limite');
    expect(termsProblem(1, 3650)).toBeNull();
    expect(termsProblem(201, null)).toBe('wizard.validation.too_many_topics');
    expect(reachableStep({ tipo: 'puestos', destinos: 2, temas: 0, diasLimite: null })).toBe(2);
    expect(reachableStep({ tipo: 'puestos', destinos: 2, temas: 1, diasLimite: null })).toBe(3);
  });
});

describe('the formation plan wizard', () => {
  it('stacks the steps vertically on a phone (a wrapped horizontal stepper breaks into rows) and keeps them in a row otherwise', () => {
    serve();
    const { unmount } = renderWizard();
    expect(document.querySelector('.mantine-Stepper-steps')).toHaveAttribute('data-orientation', 'horizontal');
    unmount();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width: 48em'), media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() }) as MediaQueryList,
    );
    renderWizard();
    expect(document.querySelector('.mantine-Stepper-steps')).toHaveAttribute('data-orientation', 'vertical');
    vi.mocked(window.matchMedia).mockRestore();
  });

  it('walks type → positions → topics → confirm (dry run), then creates and returns to the table', async () => {
    const api = serve();
    renderWizard();
    expect(next()).toBeDisabled();
    expect(screen.getByText('El tipo de asignación debe ser puestos o empleados')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Por puestos/ }));
    await userEvent.click(next());

    const cell = await screen.findByRole('cell', { name: 'Operador de Línea de Ensamble' });
    expect(screen.getByText('Selecciona al menos un puesto')).toBeInTheDocument();
    await userEvent.click(within(cell.closest('tr') as HTMLElement).getByRole('checkbox'));
    await userEvent.click(next());

    expect(await screen.findByText('Selecciona al menos un tema')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /^Temas/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'E2E-PLAN · Tema de prueba', hidden: true }));
    await userEvent.type(screen.getByRole('textbox', { name: /Días límite/ }), '90');
    await userEvent.click(next());

    expect(await screen.findByText('Alcanza a 12 empleados')).toBeInTheDocument();
    expect(screen.getByText('Requerimiento 3: NOM-035 para Montacarguista')).toBeInTheDocument();
    expect(screen.getByText('1 puesto: Operador de Línea de Ensamble')).toBeInTheDocument();
    const dry = api.callsTo('POST', `${BASE}/validar`);
    expect(dry[0]?.body).toEqual({ tipo_asignacion: 'puestos', puestos: [4], empleados: [], temas: [8], obligatoria: true, dias_limite: 90 });
    expect(api.callsTo('POST', BASE)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('consulta')).toBeInTheDocument();
    expect(api.callsTo('POST', BASE)[0]?.body).toEqual(dry[0]?.body);
    expect(await screen.findByText('Se creó 1 requerimiento; alcanza a 12 empleados')).toBeInTheDocument();
  });

  it('closes the topic list after each pick so it does not cover Siguiente; the keyboard reopens it', async () => {
    serve();
    await toTopicsStep();

    const field = await screen.findByRole('combobox', { name: /^Temas/ });
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: 'NOM-035 · Factores de riesgo psicosocial', hidden: true }));
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveFocus();

    // Keyboard: ↓ opens the list again, ↓ + Enter picks the next topic and closes it.
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'E2E-PLAN · Tema de prueba', hidden: true })).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByText('E2E-PLAN · Tema de prueba')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Días límite/ }), '30');
    await userEvent.click(next());
    expect(await screen.findByText('Alcanza a 12 empleados')).toBeInTheDocument();
  });

  it('keeps the user on the topics step with the server message when the dry run refuses', async () => {
    serve({
      [`POST ${BASE}/validar`]: () => jsonResponse({ resp: 'El tema NOM-035 está inactivo', code: 'plan.tema_inactivo' }, 400),
    });
    await toTopicsStep();
    await userEvent.click(await screen.findByRole('combobox', { name: /^Temas/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'NOM-035 · Factores de riesgo psicosocial', hidden: true }));
    await userEvent.click(next());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('El tema NOM-035 está inactivo'));
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
  });
});
