import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUB } from '@/lib/api/client';
import { setSession } from '@/lib/auth/session';
import { mockFetch } from '@/test/fetch-mock';
import { fakeJwt, jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { Verificacion } from '../api/verify-certificate';
import { VerificationPage } from './verification-page';
import { looksLikeCode, tidyCode } from './verification-rules';

const CODE = 'K7QM-2XHP-9DWA';
const URL_OF = (codigo: string) => `${PUB}/certificados/verificar/${codigo}`;

function certificate(extra: Partial<Verificacion> = {}): Verificacion {
  return {
    codigo: CODE,
    tipo: 'dc3',
    titular: 'Luis H. R.',
    titulo: 'Seguridad industrial',
    fecha_inicio: '2026-06-01',
    fecha_fin: '2026-06-03',
    vigencia: '2028-06-03',
    emitido: '2026-06-10T17:00:00Z',
    estado: 'vigente',
    fecha_revocacion: null,
    ...extra,
  };
}

function Page() {
  const { codigo = '' } = useParams();
  return <VerificationPage codigo={codigo} />;
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verificar" element={<Page />} />
        <Route path="/verificar/:codigo" element={<Page />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The card's value under a label. */
function valueOf(card: HTMLElement, label: string): string | null | undefined {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

beforeAll(async () => {
  await setupI18n('certificates');
});
afterEach(() => vi.unstubAllGlobals());

describe('the public certificate verification', () => {
  it('shows a valid DC-3 with its holder, title, period, validity, issue date and code, asking without any token', async () => {
    // Even a signed-in visitor's token stays out of the public call.
    setSession(fakeJwt({ cve_empleado: 1, kind: 'sesion' }), { cve_empleado: 1, nombre_empleado: 'Ana', secciones: [] });
    const api = mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse(certificate()) });
    renderAt(`/verificar/${CODE}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Verificar constancia' })).toBeInTheDocument();
    expect(screen.getByTestId('verification-skeleton')).toBeInTheDocument();
    const card = await screen.findByTestId('verification-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Constancia DC-3' })).toBeInTheDocument();
    expect(within(card).getByTestId('verification-state')).toHaveTextContent('Vigente');
    expect(within(card).getByTestId('verification-status')).toHaveTextContent('Válida hasta el 3 de junio de 2028');
    expect(valueOf(card, 'Titular')).toBe('Luis H. R.');
    expect(valueOf(card, 'Curso')).toBe('Seguridad industrial');
    expect(valueOf(card, 'Tipo')).toBe('Constancia DC-3');
    expect(valueOf(card, 'Periodo')).toBe('Del 1 de junio de 2026 al 3 de junio de 2026');
    expect(valueOf(card, 'Vigencia')).toBe('3 de junio de 2028');
    expect(valueOf(card, 'Emitida')).toBe('10 de junio de 2026');
    expect(valueOf(card, 'Código')).toBe(CODE);
    expect(screen.getByRole('status')).toHaveTextContent('Constancia DC-3: Vigente');
    expect(screen.getByRole('textbox', { name: /Código de verificación/ })).toHaveValue(CODE);
    const [call] = api.callsTo('GET', URL_OF(CODE));
    expect(call?.headers.get('Authorization')).toBeNull();
  });

  it("says 'Sin vencimiento' for a certificate that does not expire", async () => {
    mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse(certificate({ tipo: 'curso', vigencia: '9999-12-31' })) });
    renderAt(`/verificar/${CODE}`);
    const card = await screen.findByTestId('verification-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Constancia de curso' })).toBeInTheDocument();
    expect(valueOf(card, 'Vigencia')).toBe('Sin vencimiento');
    expect(within(card).getByTestId('verification-status')).toHaveTextContent('Válida, sin vencimiento');
  });

  it('shows an expired certificate in orange with the day it expired', async () => {
    mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse(certificate({ tipo: 'bloque', titulo: 'Inducción', vigencia: '2026-01-15', estado: 'vencido' })) });
    renderAt(`/verificar/${CODE}`);
    const card = await screen.findByTestId('verification-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Constancia de bloque' })).toBeInTheDocument();
    expect(valueOf(card, 'Bloque')).toBe('Inducción');
    const badge = within(card).getByTestId('verification-state');
    expect(badge).toHaveTextContent('Vencida');
    expect(badge.getAttribute('style')).toContain('orange');
    expect(within(card).getByTestId('verification-status')).toHaveTextContent('Venció el 15 de enero de 2026');
  });

  it('shows a revoked certificate in red with the day it was revoked', async () => {
    mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse(certificate({ estado: 'revocado', fecha_revocacion: '2026-07-15T17:00:00Z' })) });
    renderAt(`/verificar/${CODE}`);
    const card = await screen.findByTestId('verification-card');
    const badge = within(card).getByTestId('verification-state');
    expect(badge).toHaveTextContent('Revocada');
    expect(badge.getAttribute('style')).toContain('red');
    expect(within(card).getByTestId('verification-status')).toHaveTextContent('Revocada el 15 de julio de 2026: ya no es válida');
  });

  it("says so when no certificate has the code, in the server's words", async () => {
    mockFetch({
      [`GET ${URL_OF('ZZZZ-ZZZZ-ZZZZ')}`]: () =>
        jsonResponse({ resp: 'No existe una constancia con ese código. Revisa que lo hayas escrito completo', code: 'certificados.codigo_no_encontrado' }, 404),
    });
    renderAt('/verificar/ZZZZ-ZZZZ-ZZZZ');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Constancia no encontrada');
    expect(alert).toHaveTextContent('No existe una constancia con ese código. Revisa que lo hayas escrito completo');
    expect(alert).toHaveTextContent('Código consultado: ZZZZ-ZZZZ-ZZZZ');
    expect(screen.queryByTestId('verification-card')).not.toBeInTheDocument();
    // No '¡Ups!' dialog on a public page: the answer is the page's.
    expect(screen.queryByText('¡Ups!')).not.toBeInTheDocument();
  });

  it('uses its own text for an unknown code when the answer has none', async () => {
    mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse({ code: 'certificados.codigo_no_encontrado' }, 404) });
    renderAt(`/verificar/${CODE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No existe una constancia con ese código. Revisa que lo hayas escrito completo');
  });

  it('asks to wait after too many look-ups', async () => {
    mockFetch({
      [`GET ${URL_OF(CODE)}`]: () => jsonResponse({ resp: 'Demasiados intentos. Por favor intenta mas tarde (en 1 minutos)', code: 'auth.demasiados_intentos' }, 429),
    });
    renderAt(`/verificar/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Demasiadas consultas');
    expect(alert).toHaveTextContent('Demasiados intentos. Por favor intenta mas tarde (en 1 minutos)');
  });

  it('goes to the address of a typed code, tidied, on Enter', async () => {
    const api = mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse(certificate()) });
    renderAt('/verificar');
    expect(screen.queryByTestId('verification-skeleton')).not.toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: /Código de verificación/ });
    await userEvent.type(input, ' k7qm 2xhp9dwa{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/verificar/${CODE}`));
    expect(await screen.findByTestId('verification-card')).toBeInTheDocument();
    expect(input).toHaveValue(CODE);
    expect(api.callsTo('GET', URL_OF(CODE))).toHaveLength(1);
  });

  it('goes there with the button too, and refuses what cannot be a code without asking the server', async () => {
    const api = mockFetch({ [`GET ${URL_OF(CODE)}`]: () => jsonResponse(certificate()) });
    renderAt('/verificar');
    const input = screen.getByRole('textbox', { name: /Código de verificación/ });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Escribe el código de la constancia')).toBeInTheDocument();
    await userEvent.type(input, 'K7QM-2XHP');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código tiene 12 letras y números, como K7QM-2XHP-9DWA')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/verificar$/);
    expect(api.calls).toHaveLength(0);
    await userEvent.type(input, '-9DWA');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/verificar/${CODE}`));
  });
});

describe('typed codes', () => {
  it('are tidied to capitals grouped by four', () => {
    expect(tidyCode('k7qm2xhp9dwa')).toBe(CODE);
    expect(tidyCode(' K7QM - 2XHP - 9DWA ')).toBe(CODE);
    expect(looksLikeCode('K7QM-2XHP')).toBe(false);
    expect(looksLikeCode('K7QM-2XHP-9DW!')).toBe(false);
  });
});
