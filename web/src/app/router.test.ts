import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from './router';
import type { ScreenHandle } from './screens';

/** The /menu child route of a path, with the screen its handle names. */
function menuRoute(path: string): ScreenHandle['screen'] | undefined {
  const menu = routes[0]?.children?.find((r: RouteObject) => r.path === 'menu');
  return (menu?.children?.find((r) => r.path === path)?.handle as ScreenHandle | undefined)?.screen;
}

describe('menu routes', () => {
  it("show a sub-route's own help text under its screen's key and title", () => {
    expect(menuRoute('grid_cursos')).toMatchObject({ key: 'cursos.lista', helpKey: 'pantalla.grid_cursos' });
    expect(menuRoute('programar_curso')).toMatchObject({ key: 'cursos.lista', helpKey: 'pantalla.programar_curso' });
    expect(menuRoute('solicitudes_curso')).toMatchObject({ key: 'cursos.lista', helpKey: 'pantalla.solicitudes_curso' });
    // A sub-route without its own keeps the screen's.
    expect(menuRoute('descargar_ics/curso/:cve_curso')).toMatchObject({ key: 'plan.mi_plan', helpKey: 'pantalla.consultar_plan_capacitacion' });
    expect(menuRoute('configuracion')).toMatchObject({ key: 'configuracion.sitio', group: 'configuracion', helpKey: 'pantalla.configuracion' });
  });
});
