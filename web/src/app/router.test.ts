import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from './router';
import es from '@/lib/i18n/locales/common/es.json';
import type { ScreenHandle } from './screens';

/** The handle of the /menu child route of a path. */
function menuHandle(path: string): ScreenHandle | undefined {
  const menu = routes[0]?.children?.find((r: RouteObject) => r.path === 'menu');
  return menu?.children?.find((r) => r.path === path)?.handle as ScreenHandle | undefined;
}

/** The screen a /menu child route's handle names. */
function menuRoute(path: string): ScreenHandle['screen'] | undefined {
  return menuHandle(path)?.screen;
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

  it("title a sub-route with its own name when it has one, else with its screen's", () => {
    expect(menuHandle('programar_curso')?.titleKey).toBe('sections.subroutes.programar_curso');
    expect(menuHandle('curso/:cve_curso')?.titleKey).toBe('sections.subroutes.curso');
    expect(menuHandle('grid_cursos')?.titleKey).toBeUndefined();
    expect(es.sections.subroutes.programar_curso).toBe('Programar curso');
    expect(es.sections.subroutes.solicitudes_curso).toBe('Solicitudes de fecha de curso');
  });
});

describe('public routes', () => {
  it('verify a certificate outside the /menu shell, with or without its code', () => {
    const top = routes[0]?.children ?? [];
    const paths = top.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['verificar', 'verificar/:codigo']));
    expect(paths.indexOf('verificar')).toBeLessThan(paths.indexOf('menu'));
  });
});
