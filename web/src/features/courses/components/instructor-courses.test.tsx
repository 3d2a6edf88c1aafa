import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { InstructorCourses } from './instructor-courses';

const PATH = `${PRI}/dashboard/cursos_instructor`;

function serve(cerrado: string, post = () => jsonResponse({ resp: 'Comentarios Guardados' })) {
  return mockFetch({
    [`GET ${PATH}`]: () =>
      jsonResponse([{ cve_curso: 4, nombre: 'Seguridad industrial', nombre_nombre_corto: 'SEG-01', fecha_curso: '2026-05-14', comentarios_instructor: '', curso_cerrado: cerrado }]),
    [`POST ${PATH}`]: post,
  });
}

beforeAll(async () => {
  await setupI18n('courses');
});

afterEach(() => vi.unstubAllGlobals());

describe('instructor courses on the dashboard', () => {
  it("asks for the comment ('Comentario Obligatorio') and then saves it", async () => {
    const api = serve('0');
    const user = userEvent.setup();
    renderWithProviders(<InstructorCourses />);
    await user.click(await screen.findByRole('button', { name: 'Comentarios' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Comentario Obligatorio')).toBeInTheDocument();
    expect(api.callsTo('POST', PATH)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Comentarios/ }), 'Grupo muy participativo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.callsTo('POST', PATH)[0]?.body).toEqual({ curso: { cve_curso: 4, comentarios_instructor: 'Grupo muy participativo' } }));
    expect(await screen.findByText('Comentarios Guardados')).toBeInTheDocument();
  });

  it('shows a closed course read-only and without Save', async () => {
    serve('1');
    const user = userEvent.setup();
    renderWithProviders(<InstructorCourses />);
    await user.click(await screen.findByRole('button', { name: 'Comentarios' }));
    await screen.findByRole('dialog');
    expect(screen.getByRole('textbox', { name: /Comentarios/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  });

  it("says 'Problemas para enviar los comentarios' when saving fails without a message", async () => {
    serve('0', () => jsonResponse({ code: 'interno.error' }, 500));
    const user = userEvent.setup();
    renderWithProviders(<InstructorCourses />);
    await user.click(await screen.findByRole('button', { name: 'Comentarios' }));
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: /Comentarios/ }), 'Bien');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Problemas para enviar los comentarios')).toBeInTheDocument();
  });
});
