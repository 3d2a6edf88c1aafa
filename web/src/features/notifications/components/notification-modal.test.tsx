import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts, pendingAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { i18n } from '@/lib/i18n';
import type { Notificacion } from '@/lib/socket';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { NotificationModalHost } from './notification-modal';
import { EXPIRING_TRAINING_TYPE, offersReport, resourceTarget, safeExternalUrl } from './notification-rules';
import { closeNotification, openNotification } from './notification-store';
import { coordinatorFor, requestOf, requestView } from './request-rules';

const REPORT = '/menu/capacitaciones_proximas_vencer';

function notification(extra: Partial<Notificacion> = {}): Notificacion {
  return {
    idnotificacion: 31,
    titulo: 'Sesión de inducción',
    contenido: 'Te esperamos en la sala 2.\nTrae tu gafete.',
    fecha_hora: '2026-05-14T16:30:00Z',
    fecha: '2026-05-14',
    origen: 'Recursos Humanos',
    estatus: 1,
    meeting: null,
    recurso: null,
    tipo: null,
    ...extra,
  };
}

function serve(answer: Notificacion | null, status = 200) {
  return mockFetch({
    [`GET ${PRI}/notificaciones/31`]: () =>
      answer ? jsonResponse([answer], status) : jsonResponse({ resp: 'No encontrado', code: 'http.no_encontrado' }, 404),
    [`PUT ${PRI}/notificaciones/31/leida`]: () => jsonResponse({ resp: 'Excelente' }),
    [`GET ${PRI}/notificaciones/web/5/pendientes`]: () => jsonResponse([]),
  });
}

function renderHost(reportPath: string | null = REPORT) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/menu/dashboard']}>
      <Routes>
        <Route path="/menu/dashboard" element={<p>Dashboard</p>} />
        <Route path="/menu/capacitaciones_proximas_vencer" element={<p>Reporte de vencimientos</p>} />
        <Route path="/menu/cursos/:id" element={<p>Curso abierto</p>} />
      </Routes>
      <NotificationModalHost cve={5} reportPath={reportPath} />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('notifications');
});

beforeEach(() => {
  resetLogoutState();
  clearAlerts();
  closeNotification();
  setSession(fakeJwt({ cve_empleado: 5, kind: 'sesion' }), { cve_empleado: 5, nombre_empleado: 'Luis' });
});

afterEach(() => {
  act(() => closeNotification());
  vi.unstubAllGlobals();
});

describe('notification modal', () => {
  it('shows title, content, the date in the user language and marks it read', async () => {
    const api = serve(notification());
    renderHost();
    act(() => openNotification(31));
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByText('Sesión de inducción')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Te esperamos en la sala 2.');
    expect(dialog).toHaveTextContent('Enviada por Recursos Humanos');
    expect(screen.getByTestId('notification-date')).toHaveTextContent(/14 de mayo de 2026/);
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/notificaciones/31/leida`)).toHaveLength(1));
    expect(screen.queryByText('Entrar a la reunión')).not.toBeInTheDocument();
    expect(screen.queryByText('Mirar recurso')).not.toBeInTheDocument();
    expect(screen.queryByText('Ver Reporte')).not.toBeInTheDocument();
  });

  it('formats the date for English readers', async () => {
    serve(notification());
    await act(() => i18n.changeLanguage('en'));
    try {
      renderHost();
      act(() => openNotification(31));
      expect(await screen.findByTestId('notification-date')).toHaveTextContent(/May 14(th)?, 2026/);
    } finally {
      await act(() => i18n.changeLanguage('es'));
    }
  });

  it("does not mark an already read notification again", async () => {
    const api = serve(notification({ estatus: 2 }));
    renderHost();
    act(() => openNotification(31));
    await screen.findByText('Sesión de inducción');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(api.callsTo('PUT', `${PRI}/notificaciones/31/leida`)).toHaveLength(0);
  });

  it("offers 'Entrar a la reunión' opening the meeting in a new tab", async () => {
    serve(notification({ meeting: 'https://meet.example.com/abc-defg' }));
    renderHost();
    act(() => openNotification(31));
    const link = await screen.findByRole('link', { name: 'Entrar a la reunión' });
    expect(link).toHaveAttribute('href', 'https://meet.example.com/abc-defg');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('never turns a javascript: meeting into a link', async () => {
    serve(notification({ meeting: 'javascript:alert(1)' }));
    renderHost();
    act(() => openNotification(31));
    await screen.findByText('Sesión de inducción');
    expect(screen.queryByText('Entrar a la reunión')).not.toBeInTheDocument();
  });

  it("shows 'Mirar recurso' when the notification has a resource", async () => {
    serve(notification({ recurso: 'https://cdn.example.com/manual.pdf' }));
    renderHost();
    act(() => openNotification(31));
    const link = await screen.findByRole('link', { name: 'Mirar recurso' });
    expect(link).toHaveAttribute('href', 'https://cdn.example.com/manual.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("navigates in place when the resource is an app path", async () => {
    serve(notification({ recurso: '/menu/cursos/12' }));
    const user = userEvent.setup();
    renderHost();
    act(() => openNotification(31));
    await user.click(await screen.findByRole('button', { name: 'Mirar recurso' }));
    expect(await screen.findByText('Curso abierto')).toBeInTheDocument();
  });

  it("offers 'Ver Reporte' for expiring trainings and goes to the report", async () => {
    serve(notification({ tipo: EXPIRING_TRAINING_TYPE }));
    const user = userEvent.setup();
    renderHost(REPORT);
    act(() => openNotification(31));
    await user.click(await screen.findByRole('button', { name: 'Ver Reporte' }));
    expect(await screen.findByText('Reporte de vencimientos')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("hides 'Ver Reporte' when the report screen does not exist", async () => {
    serve(notification({ tipo: EXPIRING_TRAINING_TYPE }));
    renderHost(null);
    act(() => openNotification(31));
    await screen.findByText('Sesión de inducción');
    expect(screen.queryByText('Ver Reporte')).not.toBeInTheDocument();
  });

  it("closes with 'La notificación ya no se encuentra disponible' on 404", async () => {
    serve(null);
    renderHost();
    act(() => openNotification(notification()));
    expect(await screen.findByRole('dialog', { name: 'Sesión de inducción' })).toBeInTheDocument();
    await waitFor(() =>
      expect(pendingAlerts().map((a) => a.message)).toEqual(['La notificación ya no se encuentra disponible']),
    );
    // The alert is a dialog too: the notification's own one is the one that must be gone.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sesión de inducción' })).not.toBeInTheDocument());
  });

  it("says 'Problemas para consultar la notificacion' on other failures", async () => {
    mockFetch({ [`GET ${PRI}/notificaciones/31`]: () => jsonResponse({ code: 'interno.error' }, 500) });
    renderHost();
    act(() => openNotification(31));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['Problemas para consultar la notificacion']));
  });
});

describe('notification rules', () => {
  it("offers 'Ver Reporte' only for the expiring-training type with the screen present", () => {
    expect(offersReport({ tipo: 'Capacitaciones próximas a vencer' }, REPORT)).toBe(true);
    expect(offersReport({ tipo: 'capacitaciones proximas a vencer ' }, REPORT)).toBe(true);
    expect(offersReport({ tipo: 'Capacitaciones próximas a vencer' }, null)).toBe(false);
    expect(offersReport({ tipo: 'Curso asignado' }, REPORT)).toBe(false);
    expect(offersReport({ tipo: null }, REPORT)).toBe(false);
  });

  it('accepts only http(s) addresses and in-app paths as links', () => {
    expect(safeExternalUrl('https://meet.example.com/x')).toBe('https://meet.example.com/x');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(resourceTarget('/menu/cursos/1')).toEqual({ kind: 'internal', path: '/menu/cursos/1' });
    expect(resourceTarget('//evil.example.com')).toBeNull();
    expect(resourceTarget('')).toBeNull();
  });
});

describe('enrolment request in the notification modal', () => {
  function withRequest(extra: Record<string, unknown> = {}) {
    return notification({
      idsolicitud: 77,
      solicitud: {
        idsolicitud: 77,
        cve_empleado: 9,
        nombre_empleado: 'Ana Pérez',
        nombre_curso: 'Seguridad industrial',
        fecha_curso: '2026-06-02',
        horario_curso: '09:00 - 13:00',
        nombre_sala: 'Sala 2',
        estatus: 1,
        etapa: 'coordinador',
        puede_resolver: true,
        ...extra,
      },
    });
  }

  function serveRequest(answer: Notificacion, routes: Record<string, (call: { body: unknown }) => Response>) {
    return mockFetch({
      [`GET ${PRI}/notificaciones/31`]: () => jsonResponse([answer]),
      [`PUT ${PRI}/notificaciones/31/leida`]: () => jsonResponse({ resp: 'Excelente' }),
      [`GET ${PRI}/notificaciones/web/5/pendientes`]: () => jsonResponse([]),
      ...routes,
    });
  }

  it('accepts at the coordinator step sending the coordinator cve, and says the analyst follows', async () => {
    const api = serveRequest(withRequest(), {
      [`POST ${PRI}/solicitudes/aceptar/77`]: () =>
        jsonResponse({ resp: 1, mensaje: 'Ahora el analista del curso aceptará la solicitud', etapa: 'analista', estatus: 1 }),
    });
    const user = userEvent.setup();
    renderHost();
    act(() => openNotification(31));
    expect(await screen.findByText('Ana Pérez')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/solicitudes/aceptar/77`)).toHaveLength(1));
    expect(api.callsTo('POST', `${PRI}/solicitudes/aceptar/77`)[0]?.body).toEqual({ cve_coordinador: 5 });
    await waitFor(() =>
      expect(pendingAlerts().map((a) => [a.title, a.message])).toEqual([['Excelente', 'Ahora el analista del curso aceptará la solicitud']]),
    );
  });

  it('accepts at the analyst step without cve_coordinador', async () => {
    const api = serveRequest(withRequest({ etapa: 'analista' }), {
      [`POST ${PRI}/solicitudes/aceptar/77`]: () =>
        jsonResponse({ resp: 1, mensaje: 'La solicitud ha sido aceptada con éxito', etapa: 'analista', estatus: 3 }),
    });
    const user = userEvent.setup();
    renderHost();
    act(() => openNotification(31));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/solicitudes/aceptar/77`)[0]?.body).toEqual({}));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['La solicitud ha sido aceptada con éxito']));
  });

  it('rejects with an optional reason', async () => {
    const api = serveRequest(withRequest(), {
      [`POST ${PRI}/solicitudes/rechazar/77`]: () => jsonResponse({ resp: 'La solicitud ha sido rechazada con éxito' }),
    });
    const user = userEvent.setup();
    renderHost();
    act(() => openNotification(31));
    await user.click(await screen.findByRole('button', { name: 'Rechazar' }));
    await user.type(screen.getByLabelText('Motivo (opcional)'), 'Sin cupo en el turno');
    await user.click(screen.getByRole('button', { name: 'Rechazar solicitud' }));
    await waitFor(() => expect(api.callsTo('POST', `${PRI}/solicitudes/rechazar/77`)[0]?.body).toEqual({ motivo: 'Sin cupo en el turno' }));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['La solicitud ha sido rechazada con éxito']));
  });

  it("closes with 'La notificación ya no se encuentra disponible' when the request was already resolved", async () => {
    serveRequest(withRequest(), {
      [`POST ${PRI}/solicitudes/aceptar/77`]: () =>
        jsonResponse({ resp: 'La notificación ya no se encuentra disponible', code: 'solicitudes.resuelta' }, 409),
    });
    const user = userEvent.setup();
    renderHost();
    act(() => openNotification(31));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['La notificación ya no se encuentra disponible']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sesión de inducción' })).not.toBeInTheDocument());
  });

  it("says 'Problemas para aceptar la solicitud' on other failures", async () => {
    serveRequest(withRequest(), {
      [`POST ${PRI}/solicitudes/aceptar/77`]: () => jsonResponse({ code: 'interno.error' }, 500),
    });
    const user = userEvent.setup();
    renderHost();
    act(() => openNotification(31));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(pendingAlerts().map((a) => a.message)).toEqual(['Problemas para aceptar la solicitud']));
  });

  it("shows 'Rechazada' and 'Aceptada' without buttons once resolved", async () => {
    serveRequest(withRequest({ estatus: 2 }), {});
    renderHost();
    act(() => openNotification(31));
    expect(await screen.findByText('Rechazada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).not.toBeInTheDocument();
  });

  it('reads the request states and the coordinator rule', () => {
    expect(requestOf(null)).toBeNull();
    expect(requestOf({ idsolicitud: 'x' })).toBeNull();
    expect(requestView({ estatus: 1 })).toBe('actions');
    expect(requestView({ estatus: 1, puede_resolver: false })).toBe('waiting');
    expect(requestView({ estatus: 2 })).toBe('rejected');
    expect(requestView({ estatus: 3 })).toBe('accepted');
    expect(coordinatorFor({ etapa: 'coordinador' }, 5)).toBe(5);
    expect(coordinatorFor({ etapa: 'analista' }, 5)).toBeUndefined();
  });
});
