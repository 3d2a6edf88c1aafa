import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ColumnMeta } from '@/components/data-table';
import { PageChromeProvider } from '@/components/page-chrome';
import { renderWithProviders } from '@/test/utils';
import type { MassRow, OpcionesReporte } from '../api/types';

/** The filters' options of the tests. */
export const OPTIONS: OpcionesReporte = {
  estructura: [
    { value: 10, label: 'Operaciones', nivel: 2 },
    { value: 11, label: 'Planta Norte', nivel: 3 },
  ],
  plantas: [
    { value: 1, label: 'Monterrey' },
    { value: 2, label: 'Apodaca' },
  ],
  puestos: [{ value: 5, label: 'Operador de montacargas' }],
  temas: [
    { value: 4, label: 'NOM-035 Factores de riesgo psicosocial' },
    { value: 6, label: 'NOM-006 Montacargas' },
  ],
  grupos: [{ value: 2, label: 'Seguridad' }],
  bloques: [{ value: 3, label: 'Ruta de seguridad en planta' }],
  modalidades: [
    { value: 'PRESENCIAL', label: 'Presencial' },
    { value: 'E_LEARNING', label: 'E-learning' },
    { value: 'STREAMING', label: 'Streaming' },
  ],
  estados: [
    { value: 'Acreditado', label: 'Acreditado' },
    { value: 'No acreditado', label: 'No acreditado' },
    { value: 'Vencido', label: 'Vencido' },
    { value: 'Pendiente', label: 'Pendiente' },
  ],
  requerimientos: [
    { value: 'obligatorio', label: 'Obligatorio' },
    { value: 'opcional', label: 'Opcional' },
    { value: 'no_requerido', label: 'No requerido' },
  ],
};

/** The engine's columns of the mass report (its titles in Spanish). */
export const META: ColumnMeta[] = [
  { column: 'Núm. empleado', nomfield: 'num_empleado', tipo: 'text', ordenable: true, input: '', options: [] },
  { column: 'Nombre', nomfield: 'nombre_empleado', tipo: 'text', ordenable: true, input: '', options: [] },
  { column: 'Tema', nomfield: 'nombre_tema', tipo: 'text', ordenable: true, input: '', options: [] },
  { column: 'Fecha de acreditación', nomfield: 'fecha_acreditacion', tipo: 'none', ordenable: true, input: '', options: [] },
  { column: 'Calificación', nomfield: 'calificacion', tipo: 'none', ordenable: true, input: '', options: [] },
  {
    column: 'Estado',
    nomfield: 'estado',
    tipo: 'select',
    ordenable: true,
    input: '',
    options: OPTIONS.estados.map((o) => ({ value: String(o.value), label: o.label })),
  },
];

export const massRow = (extra: Partial<MassRow> = {}): MassRow => ({
  num_empleado: 'E-1001',
  nombre_empleado: 'Luis Hernández Rodríguez',
  nombre_tema: 'NOM-035 Factores de riesgo psicosocial',
  fecha_acreditacion: '2026-02-10',
  calificacion: 92.5,
  estado: 'Acreditado',
  ...extra,
});

/** A table answer of `rows`, saying there are `count` in all. */
export const tablePage = (rows: MassRow[], count = rows.length) => ({
  result: rows,
  pages: { pages: Math.max(1, Math.ceil(count / 10)), ultima_page: Math.max(1, Math.ceil(count / 10)), cantidad_registros: count },
  columns_with_selects: META,
});

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
