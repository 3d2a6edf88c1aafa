import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { ConfirmAttendanceScreen } from './confirm-attendance-screen';

const PATH = `${PRI}/mobile/cursos/confirmar_asistencia`;

function renderAt(id: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/menu/confirmar_asistencia/curso/${id}`]}>
      <Routes>
        <Route path="/menu/confirmar_asistencia/curso/:id" element={<ConfirmAttendanceScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupI18n('courses');
});

afterEach(() => vi.unstubAllGlobals());

describe('attendance confirmation link', () => {
  it('confirms the enrolment of the link once', async () => {
    const api = mockFetch({ [`POST ${PATH}`]: () => jsonResponse({ resp: 'Excelente' }) });
    renderAt('900');
    expect(await screen.findByText('¡Listo! Tu asistencia quedó confirmada.')).toBeInTheDocument();
    expect(api.callsTo('POST', PATH).map((c) => c.body)).toEqual([{ cve_inscripcion_ai: 900 }]);
  });

  it("shows the server's reason when it refuses", async () => {
    mockFetch({ [`POST ${PATH}`]: () => jsonResponse({ resp: 'La asistencia ya estaba confirmada', code: 'cursos.ya_confirmado' }, 422) });
    renderAt('900');
    expect(await screen.findByText('La asistencia ya estaba confirmada')).toBeInTheDocument();
  });

  it("says 'Problemas para confirmar Asistencia' without a server message", async () => {
    mockFetch({ [`POST ${PATH}`]: () => new Response('', { status: 500 }) });
    renderAt('900');
    expect(await screen.findByText('Problemas para confirmar Asistencia')).toBeInTheDocument();
  });

  it('does not call the server for a malformed link', async () => {
    const api = mockFetch({});
    renderAt('abc');
    expect(await screen.findByText('Problemas para confirmar Asistencia')).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toHaveLength(0));
  });
});
