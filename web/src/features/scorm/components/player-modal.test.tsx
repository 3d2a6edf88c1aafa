import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAlerts } from '@/lib/alerts';
import { PRI } from '@/lib/api/client';
import { resetLogoutState } from '@/lib/auth/logout';
import { setSession } from '@/lib/auth/session';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { PLAYER_SANDBOX, PlayerModal } from './player-modal';

const LAUNCH = `${PRI}/plan_capacitacion/plan_formacion/alta_requerimientos/por_puestos/AltaScromUsuario`;
const SET_SCORE = `${PRI}/cursos/setPuntajeTema`;
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const PLAYER = `http://127.0.0.1:8081/jugar/${TOKEN}`;

const launched = (extra: Record<string, unknown> = {}) =>
  jsonResponse({ resp: 'Excelente', url: PLAYER, clave_scorm: 'montacargas-12', version: '1.2', intento: 2, modo: 'normal', ...extra });

function form(call: RecordedCall | undefined): Record<string, string> {
  expect(call?.body).toBeInstanceOf(URLSearchParams);
  return Object.fromEntries(call?.body as URLSearchParams);
}

function renderPlayer(props: { onClose?: () => void; onFinished?: () => void; revealMs?: number } = {}) {
  renderWithProviders(
    <PlayerModal
      cveEmpleado={1043}
      nombreEmpleado="Luis Hernández Rodríguez"
      cveTema={7}
      titulo="Operación segura de montacargas"
      onClose={props.onClose ?? (() => undefined)}
      onFinished={props.onFinished}
      revealMs={props.revealMs ?? 60_000}
      settleMs={0}
    />,
  );
}

beforeAll(async () => {
  await setupI18n('scorm');
});
beforeEach(() => {
  clearAlerts();
  resetLogoutState();
  setSession(fakeJwt({ cve_empleado: 1043, kind: 'sesion' }), { cve_empleado: 1043, nombre_empleado: 'Luis Hernández Rodríguez' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the SCORM player of the plan', () => {
  it("launches the learner's own attempt as the spec's form post and frames the content origin's player, sandboxed", async () => {
    const api = mockFetch({ [`POST ${LAUNCH}`]: () => launched() });
    renderPlayer();
    expect(screen.getByRole('dialog', { name: /Operación segura de montacargas/ })).toBeInTheDocument();
    expect(screen.getAllByText('Abriendo el curso…').length).toBeGreaterThan(0);

    const frame = await screen.findByTitle('Curso SCORM');
    expect(form(api.callsTo('POST', LAUNCH)[0])).toEqual({ nombre_usuario: '1043', nombre: 'Luis Hernández Rodríguez', id_tema: '7', status: '1' });
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', PLAYER);
    expect(frame).toHaveAttribute('sandbox', PLAYER_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame).toHaveAttribute('allow', 'fullscreen; autoplay');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(screen.getByText('Intento 2')).toBeInTheDocument();

    // The loader covers the frame until the player page has loaded.
    expect(screen.getByText('Abriendo el curso…')).toBeInTheDocument();
    fireEvent.load(frame);
    expect(screen.queryByText('Abriendo el curso…')).not.toBeInTheDocument();
  });

  it("shows the frame after the spec's 3 s even when its load event never comes", async () => {
    mockFetch({ [`POST ${LAUNCH}`]: () => launched() });
    renderPlayer({ revealMs: 30 });
    await screen.findByTitle('Curso SCORM');
    await waitFor(() => expect(screen.queryByText('Abriendo el curso…')).not.toBeInTheDocument());
  });

  it('is full screen, on phones and desktops alike', async () => {
    mockFetch({ [`POST ${LAUNCH}`]: () => launched() });
    renderPlayer();
    await screen.findByTitle('Curso SCORM');
    expect(document.querySelector('.mantine-Modal-content')).toHaveAttribute('data-full-screen', 'true');
  });

  it('says so in review mode (every attempt used: nothing is tracked)', async () => {
    mockFetch({ [`POST ${LAUNCH}`]: () => launched({ modo: 'review', intento: 3 }) });
    renderPlayer();
    expect(await screen.findByText('Modo repaso: ya usaste todos tus intentos; tu avance no se registra.')).toBeInTheDocument();
  });

  it("shows the server's refusal in the modal and launches again on Reintentar", async () => {
    let refuse = true;
    const api = mockFetch({
      [`POST ${LAUNCH}`]: () =>
        refuse ? jsonResponse({ resp: 'El curso no está disponible en tu plan', code: 'scorm.no_disponible' }, 403) : launched(),
    });
    const user = userEvent.setup();
    renderPlayer();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo abrir el curso');
    expect(alert).toHaveTextContent('El curso no está disponible en tu plan');
    expect(screen.queryByTitle('Curso SCORM')).not.toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTitle('Curso SCORM')).toHaveAttribute('src', PLAYER);
    expect(api.callsTo('POST', LAUNCH)).toHaveLength(2);
  });

  it("never frames an address on the app's own origin", async () => {
    mockFetch({ [`POST ${LAUNCH}`]: () => launched({ url: `${window.location.origin}/jugar/${TOKEN}` }) });
    renderPlayer();
    expect(await screen.findByRole('alert')).toHaveTextContent('El servidor respondió una dirección de contenido no válida.');
    expect(screen.queryByTitle('Curso SCORM')).not.toBeInTheDocument();
  });

  it('on close puts the best result into the ledger (setPuntajeTema) and then has the plan reloaded', async () => {
    const api = mockFetch({
      [`POST ${LAUNCH}`]: () => launched(),
      [`POST ${SET_SCORE}`]: () => jsonResponse({ resp: 'Excelente', status: 'passed', score: 85, acreditado: true }),
    });
    const onClose = vi.fn();
    const onFinished = vi.fn();
    const user = userEvent.setup();
    renderPlayer({ onClose, onFinished });
    await screen.findByTitle('Curso SCORM');
    await user.click(screen.getByRole('button', { name: 'Cerrar el curso' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(form(api.callsTo('POST', SET_SCORE)[0])).toEqual({ nombre_usuario: '1043', cve_tema: '7' });
  });

  it('reloads the plan even when setPuntajeTema fails', async () => {
    const api = mockFetch({
      [`POST ${LAUNCH}`]: () => launched(),
      [`POST ${SET_SCORE}`]: () => jsonResponse({ resp: 'Sin resultado', code: 'scorm.sin_resultado' }, 404),
    });
    const onFinished = vi.fn();
    const user = userEvent.setup();
    renderPlayer({ onFinished });
    await screen.findByTitle('Curso SCORM');
    await user.click(screen.getByRole('button', { name: 'Cerrar el curso' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', SET_SCORE)).toHaveLength(1);
  });

  it('closes without asking the ledger when the launch was refused', async () => {
    const api = mockFetch({ [`POST ${LAUNCH}`]: () => jsonResponse({ resp: 'No existe el paquete', code: 'scorm.sin_paquete' }, 404) });
    const onClose = vi.fn();
    const onFinished = vi.fn();
    const user = userEvent.setup();
    renderPlayer({ onClose, onFinished });
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onFinished).not.toHaveBeenCalled();
    expect(api.callsTo('POST', SET_SCORE)).toHaveLength(0);
  });
});
