import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { MyPlanScreen } from './my-plan-screen';
import { planTabFrom } from './plan-tabs';

const BASE = `${PRI}/plan_capacitacion/consultar_plan_capacitacion`;

function topic(over: Record<string, unknown>) {
  return {
    cve_tema: 1,
    cve_curso: null,
    nombre: 'Tema',
    abreviatura: 'T-01',
    link_img: null,
    obligatoria: 1,
    prerrequisito: '0',
    calificacion: null,
    modalidad: 'PRESENCIAL',
    horas: 4,
    estado: 'Pendiente',
    fecha_acreditacion: null,
    vigencia: null,
    fecha_limite: null,
    requerido_por: ['formacion'],
    ...over,
  };
}

const PENDING = [
  topic({ cve_tema: 1, nombre: 'Seguridad en planta', abreviatura: 'NOM-002' }),
  topic({ cve_tema: 2, nombre: 'Excel avanzado', abreviatura: 'XLS-02', obligatoria: 0, estado: 'Vencido', vigencia: '2025-01-10' }),
];
const DONE = [topic({ cve_tema: 3, nombre: 'Ética', abreviatura: 'ETI-01', estado: 'Acreditado', fecha_acreditacion: '2026-01-05', vigencia: '9999-12-31' })];

function serve(opts: { bloques?: unknown[]; blocksFlag?: string; pendingStatus?: number } = {}) {
  return mockFetch({
    [`GET ${PRI}/cia`]: () => jsonResponse({ enable_bloques_cursos: opts.blocksFlag ?? '1' }),
    [`GET ${BASE}/resumen/5`]: () =>
      jsonResponse({ cumplimiento: 33.3, cursos_pendientes: 2, cursos_terminados: 1, proximos_vencer: 1, bloques: 1 }),
    [`POST ${BASE}/planeada/5/Pendientes`]: (call: RecordedCall) => {
      if (opts.pendingStatus) return jsonResponse({ resp: 'Falla del servidor', code: 'http.interno' }, opts.pendingStatus);
      const buscar = (call.body as { buscar?: string }).buscar ?? '';
      const temas = PENDING.filter((x) => x.nombre.toLowerCase().includes(buscar.toLowerCase()));
      return jsonResponse({ resp: 'Excelente', location: 'pendientes', cumplimiento: 33.3, total_pendientes: 2, total_completados: 1, temas });
    },
    [`POST ${BASE}/planeada/5/Completados`]: () =>
      jsonResponse({ resp: 'Excelente', location: 'completados', cumplimiento: 33.3, total_pendientes: 2, total_completados: 1, temas: DONE }),
    [`POST ${BASE}/planeada/por-bloques/5/dat`]: () =>
      jsonResponse({
        resp: 'Excelente',
        items: opts.bloques ?? [
          {
            id_bloque: 9,
            nombre_bloque: 'Ruta de seguridad',
            tipo_bloque: 'Ruta',
            estatus: '0',
            porcentaje_avance: 50,
            temas: [
              { cve_tema: 1, nombre: 'Seguridad en planta', modalidad: 'PRESENCIAL', acreditado: '1' },
              { cve_tema: 4, nombre: 'Primeros auxilios', modalidad: 'PRESENCIAL', acreditado: '0' },
            ],
          },
        ],
      }),
    [`GET ${BASE}/historial/5`]: () =>
      jsonResponse({
        acreditaciones: [
          { id_acreditacion: 1, cve_tema: 3, abreviatura: 'ETI-01', nombre_tema: 'Ética', fecha: '2026-01-05', calificacion: 90, origen: 'historial', vigencia: '9999-12-31', estado: 'Acreditado' },
        ],
        requerimientos_anteriores: [{ id_requerimiento: 4, programa: 'formacion', abreviatura: 'LID-01', nombre_tema: 'Liderazgo', motivo: 'cambio_adscripcion', fecha: '2026-02-01' }],
      }),
  });
}

function renderAt(url: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <PageChromeProvider>
        <MyPlanScreen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Pat', idperfil: 5, secciones: ['plan.mi_plan'] });
});
afterEach(() => vi.unstubAllGlobals());

describe('the participant plan', () => {
  it('lists the pending topics with their mandatory and state badges and the compliance', async () => {
    serve();
    renderAt('/menu/consultar_plan_capacitacion?location=pendientes');
    const card = await screen.findByRole('article', { name: 'Seguridad en planta' });
    expect(within(card).getByText('Obligatorio')).toBeInTheDocument();
    expect(within(card).getByText('Pendiente')).toBeInTheDocument();
    const expired = screen.getByRole('article', { name: 'Excel avanzado' });
    expect(within(expired).getByText('Opcional')).toBeInTheDocument();
    expect(within(expired).getByText('Vencido')).toBeInTheDocument();
    expect(await screen.findByText('33.3 %')).toBeInTheDocument();
    expect(screen.getByText('Pendientes: 2')).toBeInTheDocument();
  });

  it('keeps the state badge whole on a narrow card: it never shrinks and its row wraps', async () => {
    serve();
    renderAt('/menu/consultar_plan_capacitacion?location=pendientes');
    const card = await screen.findByRole('article', { name: 'Excel avanzado' });
    const badge = within(card).getByText('Vencido').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveStyle({ flexShrink: '0' });
    expect(badge.parentElement?.style.getPropertyValue('--group-wrap')).toBe('wrap');
  });

  it('opens the completed list from the address, with "Sin vencimiento" for a 0-month topic', async () => {
    const api = serve();
    renderAt('/menu/consultar_plan_capacitacion?location=completados');
    const card = await screen.findByRole('article', { name: 'Ética' });
    expect(within(card).getByText('Acreditado')).toBeInTheDocument();
    expect(within(card).getByText('Vigencia: Sin vencimiento')).toBeInTheDocument();
    // The facts row wraps with a tight row gap (not the 16 px column gap).
    expect(within(card).getByText('Vigencia: Sin vencimiento').parentElement).toHaveStyle({ rowGap: '2px' });
    expect(api.callsTo('POST', `${BASE}/planeada/5/Pendientes`)).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Completados' })).toHaveAttribute('aria-selected', 'true');
  });

  it('sends the search as buscar and says when nothing matches', async () => {
    const api = serve();
    renderAt('/menu/consultar_plan_capacitacion');
    await screen.findByRole('article', { name: 'Seguridad en planta' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar' }), 'zzz');
    expect(await screen.findByText('Ningún tema coincide con la búsqueda')).toBeInTheDocument();
    const bodies = api.callsTo('POST', `${BASE}/planeada/5/Pendientes`).map((c) => c.body);
    expect(bodies).toContainEqual({ buscar: 'zzz' });
  });

  it('shows blocks with progress and their topics as Acreditado or Pendiente in a modal', async () => {
    serve();
    renderAt('/menu/consultar_plan_capacitacion?bloques=1');
    const block = await screen.findByRole('article', { name: 'Ruta de seguridad' });
    expect(within(block).getByText('Avance: 50 %')).toBeInTheDocument();
    await userEvent.click(within(block).getByRole('button', { name: 'Temas' }));
    const list = await screen.findByRole('list', { name: 'Temas de Ruta de seguridad' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Acreditado')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Pendiente')).toBeInTheDocument();
  });

  it('offers the certificate of a finished block only, posted as a form in a new tab', async () => {
    serve({
      bloques: [
        { id_bloque: 9, nombre_bloque: 'Ruta de seguridad', tipo_bloque: 'Ruta', estatus: '0', porcentaje_avance: 50, temas: [] },
        { id_bloque: 11, nombre_bloque: 'Inducción digital', tipo_bloque: 'Ruta', estatus: '1', porcentaje_avance: 100, temas: [] },
      ],
    });
    renderAt('/menu/consultar_plan_capacitacion?bloques=1');
    const pending = await screen.findByRole('article', { name: 'Ruta de seguridad' });
    expect(within(pending).queryByRole('button', { name: 'Constancia' })).not.toBeInTheDocument();
    const done = screen.getByRole('article', { name: 'Inducción digital' });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    await userEvent.click(within(done).getByRole('button', { name: 'Constancia' }));
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.getAttribute('action')).toBe(`${PRI}/certificados/bloque`);
    expect(form.getAttribute('target')).toBe('_blank');
    const fields = Object.fromEntries(new FormData(form).entries());
    expect(fields.id_bloque).toBe('11');
    expect(fields.cve_empleado).toBe('5');
    expect(String(fields.token).length).toBeGreaterThan(0);
  });

  it("says 'Sin bloques' when no block reaches the employee", async () => {
    serve({ bloques: [] });
    renderAt('/menu/consultar_plan_capacitacion?bloques=1');
    expect(await screen.findByText('Sin bloques')).toBeInTheDocument();
  });

  it('hides the blocks tab when the company has blocks off', async () => {
    serve({ blocksFlag: '0' });
    renderAt('/menu/consultar_plan_capacitacion');
    await screen.findByRole('article', { name: 'Seguridad en planta' });
    expect(screen.queryByRole('tab', { name: 'Por bloques' })).not.toBeInTheDocument();
    expect(planTabFrom(new URLSearchParams('bloques=1'), false)).toBe('pendientes');
    expect(planTabFrom(new URLSearchParams('bloque=3'), true)).toBe('bloques');
    expect(planTabFrom(new URLSearchParams('location=Completados'), true)).toBe('completados');
  });

  it('shows the history with the former requirements and why they ended', async () => {
    serve();
    renderAt('/menu/consultar_plan_capacitacion?historial=1');
    expect(await screen.findByText('ETI-01 · Ética')).toBeInTheDocument();
    expect(screen.getByText('Cambio de adscripción')).toBeInTheDocument();
    // The topic column keeps a readable width (the table scrolls on a phone instead).
    expect(screen.getByRole('columnheader', { name: 'Tema' })).toHaveStyle({ minWidth: '240px' });
  });

  it('shows the server failure with a retry', async () => {
    serve({ pendingStatus: 500 });
    renderAt('/menu/consultar_plan_capacitacion');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Problemas para consultar la información del plan de capacitación')).toBeInTheDocument();
    await waitFor(() => expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument());
  });
});
