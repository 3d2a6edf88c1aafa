import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { PRI } from '@/lib/api/client';
import { mockFetch } from '@/test/fetch-mock';
import { jsonResponse, renderWithProviders, setupI18n } from '@/test/utils';
import { PlanCards } from './plan-cards';

beforeAll(async () => {
  await setupI18n('dashboard');
});
afterEach(() => vi.unstubAllGlobals());

describe('participant plan cards', () => {
  it('show compliance, pending and finished, linking to the plan lists', async () => {
    mockFetch({
      [`GET ${PRI}/plan_capacitacion/consultar_plan_capacitacion/resumen/5`]: () =>
        jsonResponse({ cumplimiento: 62.5, cursos_pendientes: 3, cursos_terminados: 5, proximos_vencer: 0, bloques: 2 }),
    });
    renderWithProviders(
      <MemoryRouter>
        <PlanCards cveEmpleado={5} withBlocks />
      </MemoryRouter>,
    );
    const pending = await screen.findByRole('link', { name: /Cursos pendientes\s*3/ });
    expect(pending).toHaveAttribute('href', '/menu/consultar_plan_capacitacion?location=pendientes');
    expect(screen.getByRole('link', { name: /Cursos terminados\s*5/ })).toHaveAttribute('href', '/menu/consultar_plan_capacitacion?location=completados');
    expect(screen.getByRole('link', { name: /Cumplimiento\s*62.5 %/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Capacitación por bloques\s*2/ })).toHaveAttribute('href', '/menu/consultar_plan_capacitacion?bloques=1');
  });
});
