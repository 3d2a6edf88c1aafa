import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { renderWithProviders } from '@/test/utils';
import type { Avance, Graficas, IndicadorAvance, Opciones } from '../api/types';

/** The filters' options of the tests: two N2, an N3 under the first, two plants. */
export const OPTIONS: Opciones = {
  niveles: [
    { cve_estructura: 10, nivel: 2, nombre: 'Operaciones', cve_padre: null },
    { cve_estructura: 20, nivel: 2, nombre: 'Administración', cve_padre: null },
    { cve_estructura: 11, nivel: 3, nombre: 'Planta Norte', cve_padre: 10 },
  ],
  plantas: [
    { cve_planta: 1, nombre_planta: 'Monterrey' },
    { cve_planta: 2, nombre_planta: 'Apodaca' },
  ],
  desde: '2026-01-01',
  hasta: '2026-11-29',
};

export const CHARTS: Graficas = {
  desde: '2026-01-01',
  hasta: '2026-03-31',
  hoy: '2026-11-29',
  por_mes: [
    { mes: '2026-01', acreditados: 12, no_acreditados: 2 },
    { mes: '2026-02', acreditados: 0, no_acreditados: 0 },
    { mes: '2026-03', acreditados: 7, no_acreditados: 1 },
  ],
  por_planta: [
    { id: 1, nombre: 'Monterrey', requeridos: 40, acreditados: 30, porcentaje: 75 },
    { id: 2, nombre: 'Apodaca', requeridos: 10, acreditados: 2, porcentaje: 20 },
  ],
  nivel_estructura: 2,
  por_estructura: [{ id: 10, nombre: 'Operaciones', requeridos: 50, acreditados: 32, porcentaje: 64 }],
  por_modalidad: [
    { modalidad: 'Presencial', cursos: 4, participantes: 38, horas: 152 },
    { modalidad: 'Virtual', cursos: 2, participantes: 11, horas: 16.5 },
  ],
};

export const row = (extra: Partial<Avance> & Pick<Avance, 'id' | 'nombre'>): Avance => ({
  detalle: '',
  temas: 3,
  audiencia: 10,
  requeridos: 30,
  acreditados: 15,
  vencidos: 2,
  reprobados: 1,
  pendientes: 15,
  acreditados_periodo: 4,
  completos: 3,
  porcentaje: 50,
  ...extra,
});

export const progressAnswer = (filas: Avance[]): IndicadorAvance => ({ desde: '2026-01-01', hasta: '2026-11-29', hoy: '2026-11-29', filas });

/** Renders a screen under /menu with the shell's providers, at an address; the router tells where it went. */
export function renderScreen(ui: ReactNode, url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DatesProvider settings={{ locale: 'es' }}>
            <PageChromeProvider>{ui}</PageChromeProvider>
          </DatesProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The search params of the address the router is at. */
export function paramsOf(router: ReturnType<typeof createMemoryRouter>): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}
