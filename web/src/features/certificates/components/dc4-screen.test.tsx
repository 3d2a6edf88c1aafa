import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { ListaDc4 } from '../api/dc4';
import { dc4FileName } from './dc4-rules';
import { Dc4Screen } from './dc4-screen';

const TOKEN = fakeJwt({ cve_empleado: 1, kind: 'sesion' });
const COMPANIES = `${PRI}/catalogos/datos_stps/empresas`;
const DC4 = `${PRI}/certificados/dc4`;
const YEAR = new Date().getFullYear();

const company = (cve_n4: number, nombre: string) => ({
  cve_n4,
  nombre,
  razon_social: `${nombre} S.A. de C.V.`,
  rfc: 'MMN010101AB1',
  registro_patronal: 'Y1234567890',
  num_trabajadores: 60,
  firmantes: ['patron', 'trabajadores'],
});

function list(over: Partial<ListaDc4> = {}): ListaDc4 {
  return {
    anio: YEAR,
    empresa: 'Metalmecánica del Norte',
    razon_social: 'Metalmecánica del Norte S.A. de C.V.',
    rfc: 'MMN010101AB1',
    registro_patronal: 'Y1234567890',
    lineas: [
      {
        numero: 1,
        nombre_empleado: 'Rosa Méndez Luna',
        curp: 'MELR900101MDFNNS09',
        ocupacion: '05.2',
        nombre_curso: 'Seguridad industrial',
        area_tematica: '6000 Seguridad',
        horas: 8,
        fecha_inicio: '2026-03-02',
        fecha_fin: '2026-03-04',
        agente_capacitador: 'Capacitación Interna',
        codigo: 'D3AB-CDEF-1234',
      },
      {
        numero: 2,
        nombre_empleado: 'Juan Pérez',
        curp: 'PEXJ900101HDFRRN01',
        ocupacion: '04.1',
        nombre_curso: 'Montacargas',
        area_tematica: '6000 Seguridad',
        horas: 4.5,
        fecha_inicio: '2026-05-10',
        fecha_fin: '2026-05-10',
        agente_capacitador: 'Grúas del Bajío (STPS GBA-123)',
        codigo: null,
      },
    ],
    ...over,
  };
}

function serve(extra: Record<string, (call: RecordedCall) => Response> = {}, companies = [company(4, 'Metalmecánica del Norte'), company(5, 'Servicios Sur')]) {
  return mockFetch({
    [`GET ${COMPANIES}`]: () => jsonResponse(companies),
    [`GET ${DC4}`]: (call) => {
      const q = new URL(call.url, 'http://test').searchParams;
      if (q.get('formato') !== 'json') return new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } });
      return jsonResponse(q.get('cve_n4') === '5' ? list({ empresa: 'Servicios Sur', lineas: [] }) : list());
    },
    ...extra,
  });
}

function renderAt(url = '/menu/plantilla_DC4') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <PageChromeProvider>
        <Dc4Screen />
      </PageChromeProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('certificates');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 1, nombre_empleado: 'Ana', idperfil: 2, secciones: ['cursos.plantilla_dc4', 'catalogos.datos_stps'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DC-4 list', () => {
  it('asks for a company first, then shows its employer data and lines for the current year', async () => {
    const api = serve();
    renderAt();
    expect(await screen.findByText('Elige una empresa')).toBeInTheDocument();
    expect(api.callsTo('GET', DC4)).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Empresa' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Metalmecánica del Norte', hidden: true }));
    const section = await screen.findByRole('region', { name: `DC-4 de Metalmecánica del Norte · ${YEAR}` });
    expect(new URL(api.callsTo('GET', DC4)[0]?.url ?? '', 'http://test').search).toBe(`?cve_n4=4&anio=${YEAR}&formato=json`);
    expect(within(section).getByText('Metalmecánica del Norte S.A. de C.V.')).toBeInTheDocument();
    expect(within(section).getByText('Y1234567890')).toBeInTheDocument();
    const rows = within(section).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('MELR900101MDFNNS09')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('D3AB-CDEF-1234')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('4.5')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Sin emitir')).toBeInTheDocument();
    // The table scrolls sideways on a phone, by keyboard too.
    expect(within(section).getByRole('region', { name: 'Constancias de la lista DC-4' })).toHaveAttribute('tabindex', '0');
  });

  it('asks again for another year, kept in the address', async () => {
    const api = serve();
    renderAt(`/menu/plantilla_DC4?empresa=4&anio=${YEAR}`);
    await screen.findByRole('region', { name: `DC-4 de Metalmecánica del Norte · ${YEAR}` });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Año' }), String(YEAR - 1));
    await waitFor(() => expect(api.callsTo('GET', DC4).at(-1)?.url).toContain(`anio=${YEAR - 1}`));
  });

  it('chooses the only company by itself', async () => {
    const api = serve({}, [company(4, 'Metalmecánica del Norte')]);
    renderAt();
    await screen.findByRole('region', { name: `DC-4 de Metalmecánica del Norte · ${YEAR}` });
    expect(api.callsTo('GET', DC4)[0]?.url).toContain('cve_n4=4');
  });

  it('says when a company owes no DC-4 that year, and offers no download', async () => {
    serve();
    renderAt(`/menu/plantilla_DC4?empresa=5`);
    expect(await screen.findByText(`No hay constancias DC-4 en ${YEAR}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeDisabled();
  });

  it('shows a placeholder while loading', async () => {
    serve({ [`GET ${DC4}`]: () => new Promise<Response>(() => undefined) as unknown as Response });
    renderAt('/menu/plantilla_DC4?empresa=4');
    expect(await screen.findByTestId('dc4-skeleton')).toBeInTheDocument();
  });

  it('downloads the PDF and the Excel through the API client, under the server’s name or its own', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:1'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = serve({
      [`GET ${DC4}`]: (call) => {
        const q = new URL(call.url, 'http://test').searchParams;
        if (q.get('formato') === 'pdf') return new Response('%PDF', { headers: { 'Content-Disposition': `attachment; filename="DC-4-4-${YEAR}.pdf"` } });
        if (q.get('formato') === 'xlsx') return new Response('PK');
        return jsonResponse(list());
      },
    });
    renderAt('/menu/plantilla_DC4?empresa=4');
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(saved).toEqual([`DC-4-4-${YEAR}.pdf`]));
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(saved).toEqual([`DC-4-4-${YEAR}.pdf`, `DC-4_Metalmecanica_del_Norte_${YEAR}.xlsx`]));
    const downloads = api.callsTo('GET', DC4).filter((c) => !c.url.includes('formato=json'));
    expect(downloads.map((c) => new URL(c.url, 'http://test').searchParams.get('formato'))).toEqual(['pdf', 'xlsx']);
    expect(downloads[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('shows why the list could not be loaded and retries', async () => {
    let fail = true;
    serve({
      [`GET ${DC4}`]: () => (fail ? jsonResponse({ resp: 'No encontrado', code: 'http.no_encontrado' }, 404) : jsonResponse(list())),
    });
    renderAt('/menu/plantilla_DC4?empresa=4');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la lista DC-4');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Rosa Méndez Luna')).toBeInTheDocument();
  });
});

describe('the DC-4 file name', () => {
  it('is plain ASCII with the company and the year', () => {
    expect(dc4FileName('Metalmecánica del Norte, S.A.', 2026, 'pdf')).toBe('DC-4_Metalmecanica_del_Norte_S_A_2026.pdf');
    expect(dc4FileName('', 2026, 'xlsx')).toBe('DC-4_empresa_2026.xlsx');
  });
});
