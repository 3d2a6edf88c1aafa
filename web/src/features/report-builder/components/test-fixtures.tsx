import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageChromeProvider } from '@/components/page-chrome';
import { renderWithProviders } from '@/test/utils';
import type { ColumnaFuente, Fuente, ReporteGuardado, ResultadoReporte } from '../api/types';

const col = (c: Partial<ColumnaFuente> & Pick<ColumnaFuente, 'clave' | 'titulo' | 'tipo'>): ColumnaFuente => ({
  agrupable: false,
  operadores: [],
  funciones: ['conteo'],
  opciones: [],
  ...c,
});

/** The employees source of the tests: text, options, a date, a flag and money. */
export const EMPLEADOS: Fuente = {
  clave: 'empleados',
  nombre: 'Empleados',
  descripcion: 'Una fila por empleado de tu alcance.',
  columnas: [
    col({ clave: 'nombre', titulo: 'Nombre', tipo: 'texto', operadores: ['igual', 'distinto', 'contiene', 'vacio', 'no_vacio'] }),
    col({ clave: 'num_empleado', titulo: 'Número de empleado', tipo: 'texto', operadores: ['igual', 'contiene'] }),
    col({
      clave: 'planta',
      titulo: 'Planta',
      tipo: 'texto',
      agrupable: true,
      operadores: ['igual', 'distinto', 'vacio', 'no_vacio'],
      opciones: [
        { value: '1', label: 'Monterrey' },
        { value: '2', label: 'Apodaca' },
      ],
    }),
    col({ clave: 'puesto', titulo: 'Puesto', tipo: 'texto', agrupable: true, operadores: ['igual', 'contiene'] }),
    col({ clave: 'fecha_ingreso', titulo: 'Fecha de ingreso', tipo: 'fecha', operadores: ['igual', 'mayor_igual', 'menor_igual', 'entre', 'proximos_dias', 'ultimos_dias', 'vacio', 'no_vacio'] }),
    col({ clave: 'activo', titulo: 'Activo', tipo: 'bandera', agrupable: true, operadores: ['igual'], funciones: ['conteo', 'porcentaje'] }),
    col({ clave: 'salario', titulo: 'Salario', tipo: 'dinero', operadores: ['igual', 'mayor_igual', 'menor_igual', 'entre'], funciones: ['conteo', 'suma', 'promedio'] }),
  ],
};

/** A second source, to see a change of source start over. */
export const CURSOS: Fuente = {
  clave: 'cursos',
  nombre: 'Cursos',
  descripcion: 'Una fila por curso programado.',
  columnas: [col({ clave: 'curso', titulo: 'Curso', tipo: 'texto', operadores: ['contiene'] })],
};

export const SOURCES: Fuente[] = [EMPLEADOS, CURSOS];

/** A page of rows of the given columns. */
export function resultOf(columnas: ResultadoReporte['columnas'], filas: ResultadoReporte['filas'], extra: Partial<ResultadoReporte> = {}): ResultadoReporte {
  return {
    columnas,
    filas,
    totales: [],
    pages: { pages: 1, ultima_page: 1, cantidad_registros: filas.length },
    ...extra,
  };
}

/** A saved layout of the tests. */
export function savedReport(extra: Partial<ReporteGuardado> = {}): ReporteGuardado {
  return {
    id_reporte: 7,
    nombre: 'Plantilla por planta',
    descripcion: 'Empleados activos por planta',
    fuente: 'empleados',
    fuente_nombre: 'Empleados',
    definicion: {
      fuente: 'empleados',
      columnas: ['nombre', 'planta'],
      filtros: [{ columna: 'activo', operador: 'igual', valor: '1' }],
      agrupar: [],
      totales: [],
      orden: null,
    },
    perfiles: [3],
    propio: true,
    puede_editar: true,
    creado_por_nombre: 'Carlos Ruiz Treviño',
    actualizado: '2026-11-20',
    programacion: null,
    ...extra,
  };
}

/** The profiles of the permission matrix, as GET perfiles/secciones/perfiles answers. */
export const PROFILES = {
  perfiles: [
    { idperfil: 1, perfil: 'Administrador' },
    { idperfil: 2, perfil: 'Analista' },
    { idperfil: 3, perfil: 'Supervisor' },
  ],
  perfiles_secciones: [],
  secciones: [],
};

/** Renders a screen at an address with the shell's providers; the router tells where it went. */
export function renderAt(ui: ReactNode, url: string) {
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
