import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { MyCertificate } from '../api/get-my-certificates';
import type { OtherCertificates } from '../api/get-other-certificates';
import { MyCertificatesScreen } from './my-certificates-screen';

const LIST = `${PRI}/certificados/mis_constancias`;
const OTHERS = `${PRI}/certificados/mis_constancias/otras`;
const TOKEN = fakeJwt({ cve_empleado: 7, kind: 'sesion' });

function course(cve: number, nombre: string, over: Partial<MyCertificate> = {}, dc3: Partial<MyCertificate['dc3']> = {}): MyCertificate {
  return {
    cve_curso: cve,
    nombre_curso: nombre,
    fecha_inicio: '2026-03-02',
    fecha_fin: '2026-03-04',
    horas: 8,
    dc3: { aplica: true, disponible: true, faltantes: [], codigo: null, ...dc3 },
    codigo_constancia: null,
    ...over,
  };
}

const COURSES: MyCertificate[] = [
  course(40, 'Seguridad industrial', { codigo_constancia: 'K7QM-2XHP-9DWA' }, { codigo: 'D3AB-CDEF-1234' }),
  course(31, 'Manejo de montacargas', { fecha_inicio: '2026-02-10', fecha_fin: '2026-02-10', horas: 1 }, {
    disponible: false,
    faltantes: ['Tu CURP', 'Tu ocupación'],
  }),
  course(25, 'Excel básico', { horas: 4.5 }, { aplica: false }),
];

const NO_OTHERS: OtherCertificates = { bloques: [], externas: [] };

const OTHERS_BODY: OtherCertificates = {
  bloques: [
    { id_bloque: 3, nombre_bloque: 'Inducción a planta', desde: '2026-01-12', hasta: '2026-04-20', total_horas: 12.5, codigo: 'B10C-K7QM-2XHP' },
    { id_bloque: 8, nombre_bloque: 'Seguridad básica', desde: '2026-05-04', hasta: '2026-05-04', total_horas: 1, codigo: null },
  ],
  externas: [
    { cve_log: 21, nombre_tema: 'Trabajos en altura', fecha_realizacion: '2026-10-05', fecha_vigencia: '2027-10-05', nombre_proveedor: 'Montajes del Norte' },
    { cve_log: 22, nombre_tema: 'Inducción general', fecha_realizacion: '2026-09-01', fecha_vigencia: '9999-12-31', nombre_proveedor: 'Montajes del Norte' },
  ],
};

function serve(body: unknown = COURSES, status = 200, others: unknown = NO_OTHERS) {
  return mockFetch({ [`GET ${LIST}`]: () => jsonResponse(body, status), [`GET ${OTHERS}`]: () => jsonResponse(others) });
}

function renderScreen() {
  return renderWithProviders(
    <PageChromeProvider>
      <MyCertificatesScreen />
    </PageChromeProvider>,
  );
}

/** Records each form the screen posts instead of opening a tab. */
function recordPosts() {
  const posted: { action: string | null; method: string; target: string; fields: Record<string, string> }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push({
      action: this.getAttribute('action'),
      method: this.method,
      target: this.target,
      fields: Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)])),
    });
  });
  return posted;
}

beforeAll(async () => {
  await setupI18n('my-certificates');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(TOKEN, { cve_empleado: 7, nombre_empleado: 'Luis', idperfil: 8, secciones: ['constancias.mis_constancias'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('my certificates', () => {
  it('lists each passed course with its dates in the user language, its hours and its certificates', async () => {
    serve();
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Seguridad industrial' });
    expect(within(card).getByText('Del 2 mar 2026 al 4 mar 2026')).toBeInTheDocument();
    expect(within(card).getByText('8 horas')).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Constancia del curso: Seguridad industrial' })).not.toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'Constancia DC-3: Seguridad industrial' })).not.toBeChecked();
    // One day reads as one date; a single hour in the singular.
    const oneDay = screen.getByRole('article', { name: 'Manejo de montacargas' });
    expect(within(oneDay).getByText('10 feb 2026')).toBeInTheDocument();
    expect(within(oneDay).getByText('1 hora')).toBeInTheDocument();
    // A modality without DC-3 shows only the course certificate.
    const virtual = screen.getByRole('article', { name: 'Excel básico' });
    expect(within(virtual).getByText('4.5 horas')).toBeInTheDocument();
    expect(within(virtual).queryByText('Constancia DC-3')).toBeNull();
    expect(within(virtual).getByRole('button', { name: 'Descargar Constancia del curso: Excel básico' })).toBeEnabled();
    // In the order the server answers (newest first).
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Seguridad industrial',
      'Manejo de montacargas',
      'Excel básico',
    ]);
  });

  it('keeps a DC-3 that lacks data out of reach and says what is missing and who completes it', async () => {
    serve();
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Manejo de montacargas' });
    const download = within(card).getByRole('button', { name: 'Descargar Constancia DC-3: Manejo de montacargas' });
    expect(download).toBeDisabled();
    expect(within(card).queryByRole('checkbox', { name: 'Constancia DC-3: Manejo de montacargas' })).toBeNull();
    const pending = within(card).getByTestId('dc3-pending');
    expect(within(pending).getByText('Tu DC-3 está pendiente de estos datos:')).toBeInTheDocument();
    expect(within(pending).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Tu CURP', 'Tu ocupación']);
    expect(within(pending).getByText(/Recursos Humanos los completa/)).toBeInTheDocument();
    expect(download).toHaveAttribute('aria-describedby', pending.id);
    // Its course certificate can still be downloaded.
    expect(within(card).getByRole('button', { name: 'Descargar Constancia del curso: Manejo de montacargas' })).toBeEnabled();
  });

  it('shows an issued code with a link that verifies it in a new tab', async () => {
    serve();
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Seguridad industrial' });
    expect(within(card).getByText('K7QM-2XHP-9DWA')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Verificar Constancia del curso con código K7QM-2XHP-9DWA (se abre en una pestaña nueva)' });
    expect(link).toHaveAttribute('href', '/verificar/K7QM-2XHP-9DWA');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByRole('link', { name: /^Verificar Constancia DC-3 con código D3AB-CDEF-1234/ })).toHaveAttribute(
      'href',
      '/verificar/D3AB-CDEF-1234',
    );
    // No code yet, no link.
    expect(within(screen.getByRole('article', { name: 'Excel básico' })).queryByRole('link')).toBeNull();
  });

  it('downloads one certificate by posting its form in a new tab with the session token', async () => {
    serve();
    const posted = recordPosts();
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar Constancia DC-3: Seguridad industrial' }));
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Constancia del curso: Excel básico' }));
    expect(posted).toEqual([
      { action: '/api/pri/certificados/dc3', method: 'post', target: '_blank', fields: { cve_curso: '40', cve_empleado: '7', token: TOKEN } },
      { action: '/api/pri/certificados/curso', method: 'post', target: '_blank', fields: { cve_curso: '25', cve_empleado: '7', token: TOKEN } },
    ]);
    expect(document.querySelector('form')).toBeNull();
  });

  it('posts the selected certificates as one PDF in list order, whatever order they were ticked in', async () => {
    serve();
    const posted = recordPosts();
    renderScreen();
    const selected = await screen.findByRole('button', { name: 'Descargar seleccionadas (0)' });
    expect(selected).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Constancia del curso: Excel básico' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Constancia DC-3: Seguridad industrial' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Constancia del curso: Manejo de montacargas' }));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todas' })).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar seleccionadas (3)' }));
    expect(posted).toEqual([
      {
        action: '/api/pri/certificados/varias',
        method: 'post',
        target: '_blank',
        fields: { cve_empleado: '7', certificados: 'dc3:40,curso:31,curso:25', token: TOKEN },
      },
    ]);
  });

  it('selects every downloadable certificate at once, and none again', async () => {
    serve();
    const posted = recordPosts();
    renderScreen();
    const all = await screen.findByRole('checkbox', { name: 'Seleccionar todas' });
    await userEvent.click(all);
    expect(all).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Constancia DC-3: Seguridad industrial' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar seleccionadas (4)' }));
    expect(posted[0]?.fields.certificados).toBe('curso:40,dc3:40,curso:31,curso:25');
    await userEvent.click(all);
    expect(screen.getByRole('button', { name: 'Descargar seleccionadas (0)' })).toBeDisabled();
  });

  it('asks for at most 50 certificates at a time', async () => {
    serve(Array.from({ length: 26 }, (_, i) => course(100 + i, `Curso ${i + 1}`)));
    renderScreen();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar todas' }));
    const button = screen.getByRole('button', { name: 'Descargar seleccionadas (52)' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Puedes descargar hasta 50 constancias a la vez: quita 2 de la selección.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Constancia DC-3: Curso 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Constancia DC-3: Curso 2' }));
    expect(screen.getByRole('button', { name: 'Descargar seleccionadas (50)' })).toBeEnabled();
  });

  it('says where the certificates come from when there are none yet', async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByText('Aún no tienes constancias')).toBeInTheDocument();
    expect(
      screen.getByText('Aparecen aquí cuando acreditas un curso cerrado, concluyes un bloque de tu plan o Capital Humano autoriza una certificación externa tuya.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bloques concluidos' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Descargar seleccionadas/ })).toBeNull();
  });

  it('shows a placeholder while loading and lets the user retry after an error', async () => {
    let fail = true;
    mockFetch({
      [`GET ${LIST}`]: () => (fail ? jsonResponse({ resp: 'Falla del servidor', code: 'http.interno' }, 500) : jsonResponse(COURSES)),
      [`GET ${OTHERS}`]: () => jsonResponse(NO_OTHERS),
    });
    renderScreen();
    expect(screen.getByTestId('my-certificates-skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudieron cargar tus constancias')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Seguridad industrial' })).toBeInTheDocument());
  });
  it('lists the completed blocks, each downloading its certificate as a form in a new tab', async () => {
    serve(COURSES, 200, OTHERS_BODY);
    const posted = recordPosts();
    renderScreen();
    const section = await screen.findByRole('region', { name: 'Bloques concluidos' });
    const block = await within(section).findByRole('article', { name: 'Inducción a planta' });
    expect(within(block).getByText('Del 12 ene 2026 al 20 abr 2026')).toBeInTheDocument();
    expect(within(block).getByText('12.5 horas')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: /^Verificar Constancia del bloque con código B10C-K7QM-2XHP/ })).toHaveAttribute(
      'href',
      '/verificar/B10C-K7QM-2XHP',
    );
    const oneDay = within(section).getByRole('article', { name: 'Seguridad básica' });
    expect(within(oneDay).getByText('4 may 2026')).toBeInTheDocument();
    expect(within(oneDay).queryByRole('link')).toBeNull();
    await userEvent.click(within(oneDay).getByRole('button', { name: 'Descargar constancia del bloque: Seguridad básica' }));
    expect(posted).toEqual([
      { action: '/api/pri/certificados/bloque', method: 'post', target: '_blank', fields: { id_bloque: '8', cve_empleado: '7', token: TOKEN } },
    ]);
  });

  it('lists the authorised external certifications, each opening its DC-3 as a form in a new tab', async () => {
    serve(COURSES, 200, OTHERS_BODY);
    const posted = recordPosts();
    renderScreen();
    const section = await screen.findByRole('region', { name: 'Certificaciones externas' });
    const item = await within(section).findByRole('article', { name: 'Trabajos en altura' });
    expect(within(item).getByText('Proveedor: Montajes del Norte')).toBeInTheDocument();
    expect(within(item).getByText('Acreditada el 5 oct 2026 · vigente hasta el 5 oct 2027')).toBeInTheDocument();
    expect(within(within(section).getByRole('article', { name: 'Inducción general' })).getByText(/sin vencimiento/)).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Ver DC-3 de Trabajos en altura (se abre en una pestaña nueva)' }));
    expect(posted).toEqual([{ action: '/api/pri/proveedor/log/21/dc3', method: 'post', target: '_blank', fields: { token: TOKEN } }]);
  });

  it('says which kind is still empty when others are not', async () => {
    serve([], 200, { bloques: [], externas: OTHERS_BODY.externas });
    renderScreen();
    expect(await screen.findByText('Aún no acreditas cursos cerrados.')).toBeInTheDocument();
    expect(screen.getByText('Aún no concluyes ningún bloque de tu plan: se concluye al acreditar todos sus temas.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Trabajos en altura' })).toBeInTheDocument();
    expect(screen.queryByText('Aún no tienes constancias')).toBeNull();
  });

  it('keeps the courses when the blocks and external certifications cannot be loaded, and retries them', async () => {
    let fail = true;
    mockFetch({
      [`GET ${LIST}`]: () => jsonResponse(COURSES),
      [`GET ${OTHERS}`]: () => (fail ? jsonResponse({ resp: 'Falla del servidor', code: 'http.interno' }, 500) : jsonResponse(OTHERS_BODY)),
    });
    renderScreen();
    expect(await screen.findByRole('article', { name: 'Seguridad industrial' })).toBeInTheDocument();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('No se pudieron cargar tus bloques y certificaciones externas');
    fail = false;
    await userEvent.click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Inducción a planta' })).toBeInTheDocument();
  });
});
