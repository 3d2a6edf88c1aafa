import { notifications } from '@mantine/notifications';
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
import { AnalystViewScreen } from '../my-plan/analyst-view-screen';
import { KardexScreen } from './kardex-screen';

const KARDEX = `${PRI}/plan_capacitacion/ver_kardex_capacitacion`;
const page = (rows: unknown[]) => () =>
  jsonResponse({ result: rows, pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length }, columns_with_selects: [] });

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockFetch({
    [`GET ${KARDEX}/5`]: () =>
      jsonResponse({
        empleado: { cve_empleado: 5, num_empleado: 'P-05', nombre_empleado: 'Pat Díaz', curp: 'DIAP900101HDFRZT01', puesto: 'Operador', n4: 'ACME', planta: 'Norte', foto_empleado: null },
        cumplimiento: 50,
        totales: { acreditados: 2, pendientes: 1, vencidos: 1, no_acreditados: 0 },
      }),
    [`POST ${KARDEX}/5/tabla`]: page([
      { id_acreditacion: 1, abreviatura: 'NOM-035', nombre_tema: 'Riesgo psicosocial', fecha: '2026-10-01', calificacion: 90, origen: 'manual', vigencia: '2027-10-01', estado: 'Acreditado', requerido_por_plan: 'SI', motivo: 'Captura de expediente', nota: null, registrado_por: 'Ana' },
    ]),
    [`GET ${PRI}/catalogos/temas/listar_temas/0`]: () => jsonResponse([{ cve_tema: 7, abreviatura: 'NOM-035', nombre_tema: 'Riesgo psicosocial' }]),
    [`GET ${PRI}/plan_capacitacion/vigencia`]: () => jsonResponse({ vigencia: '2027-11-20' }),
    ...extra,
  });
}

function renderAt(url: string, ui: React.ReactElement) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <PageChromeProvider>{ui}</PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('plans');
});
beforeEach(() => {
  notifications.clean();
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), {
    cve_empleado: 1,
    nombre_empleado: 'Ana',
    idperfil: 2,
    secciones: ['plan.kardex', 'plan.kardex.acreditar', 'plan.analista_simulado'],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('kardex', () => {
  it('asks for an employee first', async () => {
    serve();
    renderAt('/menu/ver_kardex_capacitacion', <KardexScreen />);
    expect(screen.getByText('Elige un empleado')).toBeInTheDocument();
  });

  it("shows the employee's header, totals and ledger", async () => {
    serve();
    renderAt('/menu/ver_kardex_capacitacion?cve_empleado=5', <KardexScreen />);
    expect(await screen.findByText('DIAP900101HDFRZT01')).toBeInTheDocument();
    expect(screen.getByText('50 %')).toBeInTheDocument();
    expect(screen.getByText('Vencido: 1')).toBeInTheDocument();
    expect(await screen.findByText('Captura de expediente')).toBeInTheDocument();
  });

  it('records a manual accreditation: reason required, validity read-only, server field errors under their input', async () => {
    const calls: unknown[] = [];
    serve({
      [`POST ${KARDEX}/5/acreditaciones`]: (call) => {
        calls.push(call.body);
        if (calls.length === 1) return jsonResponse({ resp: 'La calificación debe estar entre 0 y 100', code: 'plan.calificacion_fuera_de_escala' }, 400);
        return jsonResponse({ resp: 'Excelente', id_acreditacion: 9, vigencia: '2027-11-20', estado: 'Acreditado' });
      },
    });
    renderAt('/menu/ver_kardex_capacitacion?cve_empleado=5', <KardexScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar acreditación' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar acreditación' }));
    expect(within(dialog).getByText('Escribe el motivo de la acreditación manual')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Tema/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'NOM-035 · Riesgo psicosocial', hidden: true }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Vigencia/ })).toHaveAttribute('readonly'));
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: /Vigencia/ }) as HTMLInputElement).value).not.toBe(''));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Calificación/ }), '101');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Captura de expediente');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar acreditación' }));
    expect(await within(dialog).findByText('La calificación debe estar entre 0 y 100')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ cve_tema: 7, calificacion: 101, motivo: 'Captura de expediente' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Calificación/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Calificación/ }), '95');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar acreditación' }));
    expect(await screen.findByText('Acreditación registrada: Acreditado')).toBeInTheDocument();
  });

  it("Escape closes the manual accreditation dialog and focus goes back to 'Registrar acreditación'", async () => {
    serve();
    renderAt('/menu/ver_kardex_capacitacion?cve_empleado=5', <KardexScreen />);
    const trigger = await screen.findByRole('button', { name: 'Registrar acreditación' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});

describe('analista simulado', () => {
  it("shows the chosen employee's plan read-only under a 'Vista como' banner", async () => {
    mockFetch({
      [`GET ${PRI}/cia`]: () => jsonResponse({ enable_bloques_cursos: '0' }),
      [`GET ${PRI}/plan_capacitacion/consultar_plan_capacitacion/resumen/5`]: () =>
        jsonResponse({ cumplimiento: 50, cursos_pendientes: 1, cursos_terminados: 1, proximos_vencer: 0, bloques: 0 }),
      [`POST ${PRI}/plan_capacitacion/consultar_plan_capacitacion/planeada/5/Pendientes`]: () =>
        jsonResponse({ resp: 'Excelente', location: 'pendientes', cumplimiento: 50, total_pendientes: 1, total_completados: 1, temas: [
          { cve_tema: 1, cve_curso: null, nombre: 'Incendios', abreviatura: 'NOM-002', link_img: null, obligatoria: 1, prerrequisito: '0', calificacion: null, modalidad: null, horas: 2, estado: 'Pendiente', fecha_acreditacion: null, vigencia: null, fecha_limite: null, requerido_por: ['formacion'] },
        ] }),
    });
    renderAt('/menu/analista_simulado?cve_empleado=5&nombre=Pat%20D%C3%ADaz', <AnalystViewScreen />);
    expect(screen.getByText('Vista como Pat Díaz')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Incendios' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Completados' }));
    expect(screen.getByText('Vista como Pat Díaz')).toBeInTheDocument();
  });
});
