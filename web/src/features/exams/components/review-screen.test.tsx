import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageChromeProvider } from '@/components/page-chrome';
import { PRI } from '@/lib/api/client';
import { loadErrorCatalogue } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import type { RespuestaRevisionFila } from '../api/types';
import { GradeControl, ReviewScreen } from './review-screen';

const ROW: RespuestaRevisionFila = {
  id_respuesta: 31,
  cve_curso: 40,
  curso: 'Seguridad industrial',
  fecha_curso: '2026-05-14',
  participante: 'Luis Pérez',
  pregunta: 'Describe el procedimiento de bloqueo',
  respuesta: 'Candado y etiqueta en cada fuente de energía',
  entregado: '2026-05-14T16:00:00Z',
};

const table = (rows: RespuestaRevisionFila[]) => ({
  result: rows,
  pages: { pages: 1, ultima_page: 1, cantidad_registros: rows.length },
  columns_with_selects: [],
});

beforeAll(async () => {
  await setupI18n('exams');
  await loadErrorCatalogue('es');
});

afterEach(() => vi.unstubAllGlobals());

describe('a row of the grading queue', () => {
  it('saves a typed score from 0 to 100 and reports it', async () => {
    const api = mockFetch({ [`PUT ${PRI}/examenes/revision/31`]: () => jsonResponse({ resp: 'Excelente', intento_calificado: true }) });
    const onGraded = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<GradeControl row={ROW} onGraded={onGraded} />);
    const input = screen.getByRole('textbox', { name: 'Puntaje de Luis Pérez' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();
    await user.type(input, '120');
    expect(save).toBeDisabled();
    expect(screen.getByText('El puntaje va de 0 a 100.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '75');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/examenes/revision/31`)[0]?.body).toEqual({ puntaje: 75 }));
    expect(onGraded).toHaveBeenCalledWith({ resp: 'Excelente', intento_calificado: true });
  });

  it('scores 0, 50 or 100 with one button', async () => {
    const api = mockFetch({ [`PUT ${PRI}/examenes/revision/31`]: () => jsonResponse({ resp: 'Excelente', intento_calificado: false }) });
    const user = userEvent.setup();
    renderWithProviders(<GradeControl row={ROW} onGraded={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Calificar con 50 a Luis Pérez' }));
    await waitFor(() => expect(api.callsTo('PUT', `${PRI}/examenes/revision/31`)[0]?.body).toEqual({ puntaje: 50 }));
  });

  it("shows the server's refusal and keeps the row", async () => {
    mockFetch({ [`PUT ${PRI}/examenes/revision/31`]: () => jsonResponse({ code: 'examenes.no_disponible' }, 404) });
    const onGraded = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<GradeControl row={ROW} onGraded={onGraded} />);
    await user.click(screen.getByRole('button', { name: 'Calificar con 100 a Luis Pérez' }));
    expect(await screen.findByText('El examen no está disponible.')).toHaveAttribute('role', 'alert');
    expect(onGraded).not.toHaveBeenCalled();
  });
});

describe('the grading queue screen', () => {
  it('lists the open answers and takes a graded one off the queue', async () => {
    let queue = [ROW, { ...ROW, id_respuesta: 32, participante: 'Ana Ruiz', respuesta: 'No sé' }];
    const api = mockFetch({
      [`POST ${PRI}/examenes/revision/tabla`]: () => jsonResponse(table(queue)),
      [`PUT ${PRI}/examenes/revision/31`]: () => {
        queue = queue.filter((r) => r.id_respuesta !== 31);
        return jsonResponse({ resp: 'Excelente', intento_calificado: true });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <PageChromeProvider>
        <ReviewScreen />
      </PageChromeProvider>,
    );
    const luis = (await screen.findByText('Candado y etiqueta en cada fuente de energía')).closest('tr') as HTMLElement;
    expect(within(luis).getByText('Describe el procedimiento de bloqueo')).toBeInTheDocument();
    await user.click(within(luis).getByRole('button', { name: 'Calificar con 100 a Luis Pérez' }));
    await waitFor(() => expect(screen.queryByText('Candado y etiqueta en cada fuente de energía')).not.toBeInTheDocument());
    expect(screen.getByText('No sé')).toBeInTheDocument();
    expect(api.callsTo('POST', `${PRI}/examenes/revision/tabla`).length).toBeGreaterThan(1);
  });
});
