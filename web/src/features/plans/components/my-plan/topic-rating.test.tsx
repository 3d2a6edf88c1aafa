import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRI } from '@/lib/api/client';
import { mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { isValidRating } from './survey-rules';

/** Picks a star value the way the keyboard does: focus it, press Space (Mantine commits on Space/Enter or a click on the star). */
async function rate(name: string) {
  const star = screen.getByRole('radio', { name, hidden: true });
  star.focus();
  await userEvent.keyboard(' ');
}
import { TopicRating } from './topic-rating';

const URL = `${PRI}/temas/7/rating`;
const accredited = { cve_tema: 7, nombre: 'Seguridad industrial', estado: 'Acreditado', cve_curso: 40 };

beforeAll(async () => {
  await setupI18n('plans');
});
afterEach(() => vi.unstubAllGlobals());

describe('the topic rating of the plan', () => {
  it('sends half-star steps and shows the saved value', async () => {
    const post = vi.fn((_: RecordedCall) => jsonResponse({ resp: 'Excelente', rating: 4.2, votos: 12 }));
    mockFetch({ [`POST ${URL}`]: post });
    renderWithProviders(<TopicRating topic={{ ...accredited, mi_rating: null }} />);
    expect(screen.getByText('Califica este tema:')).toBeInTheDocument();
    await rate('3.5 de 5 estrellas');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0].body).toEqual({ rating: 3.5 });
    expect(await screen.findByText('Calificación guardada')).toBeInTheDocument();
    expect(screen.getByText('Tu calificación:')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3.5 de 5 estrellas', hidden: true })).toBeChecked();
  });

  it("shows the employee's own rating and, when saving fails, the failure text and the old value", async () => {
    mockFetch({ [`POST ${URL}`]: () => new Response('', { status: 500 }) });
    renderWithProviders(<TopicRating topic={{ ...accredited, mi_rating: 2 }} />);
    expect(screen.getByRole('radio', { name: '2 de 5 estrellas', hidden: true })).toBeChecked();
    await rate('4.5 de 5 estrellas');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo guardar tu calificación.');
    expect(screen.getByRole('radio', { name: '2 de 5 estrellas', hidden: true })).toBeChecked();
  });

  it('is not offered on a topic that is not accredited', () => {
    renderWithProviders(<TopicRating topic={{ ...accredited, estado: 'Pendiente' }} />);
    expect(screen.queryByRole('radio', { hidden: true })).not.toBeInTheDocument();
  });

  it('accepts 0.5 to 5 in half steps only', () => {
    expect([0.5, 1, 2.5, 5].every(isValidRating)).toBe(true);
    expect([0, 0.25, 5.5, 3.3].some(isValidRating)).toBe(false);
  });
});
