import type { LazyRouteFunction, RouteObject } from 'react-router';

/** A menu group (the section's nomseccion1), in side-menu order. */
export const MENU_GROUPS = [
  'inicio',
  'catalogos',
  'plan',
  'cursos',
  'tutoria',
  'indicadores',
  'reportes',
  'configuracion',
  'notificaciones',
  'tienda',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * One screen under /menu. Adding a screen means adding one entry here: the route, the
 * side-menu entry (shown when `key` is in `user.secciones`) and the help text key.
 */
export interface ScreenDefinition {
  /** Permission section key (docs/api-contract.md, "Profiles and sections"). */
  key: string;
  /** Route under /menu. */
  path: string;
  group: MenuGroup;
  /** `clave` of the help text shown by the breadcrumb's help icon. */
  helpKey: string;
  /** Every signed-in user may open it (the side menu still follows `secciones`). */
  open?: boolean;
  lazy: LazyRouteFunction<RouteObject>;
  /**
   * More routes of the same screen (same key, not in the side menu), e.g. its alta; one with
   * its own `helpKey` shows that help text instead of the screen's, and one with a `titleKey`
   * (in `common`) shows that title in the breadcrumb instead of the screen's name.
   */
  subroutes?: { path: string; helpKey?: string; titleKey?: string; lazy: LazyRouteFunction<RouteObject> }[];
}

export const SCREENS: ScreenDefinition[] = [
  {
    key: 'dashboard',
    path: 'dashboard',
    group: 'inicio',
    helpKey: 'pantalla.dashboard',
    open: true,
    lazy: () => import('./routes/dashboard-route'),
  },
  {
    key: 'catalogos.empleados',
    path: 'empleados',
    group: 'catalogos',
    helpKey: 'pantalla.empleados',
    lazy: () => import('./routes/employees-route'),
  },
  {
    key: 'catalogos.bloques',
    path: 'bloques_cursos',
    group: 'catalogos',
    helpKey: 'pantalla.bloques_cursos',
    lazy: () => import('./routes/blocks-route'),
  },
  {
    key: 'catalogos.asignacion_bloques',
    path: 'asignacion_bloques',
    group: 'catalogos',
    helpKey: 'pantalla.asignacion_bloques',
    lazy: () => import('./routes/plans-block-assignment-route'),
    subroutes: [{ path: 'asignacion_bloques_asignar', lazy: () => import('./routes/plans-block-assignment-new-route') }],
  },
  {
    key: 'catalogos.control_poblacion',
    path: 'control_poblacion',
    group: 'catalogos',
    helpKey: 'pantalla.control_poblacion',
    lazy: () => import('./routes/plans-population-route'),
  },
  {
    key: 'catalogos.datos_stps',
    path: 'areas_tematicas',
    group: 'catalogos',
    helpKey: 'pantalla.areas_tematicas',
    lazy: () => import('./routes/stps-route'),
  },
  {
    key: 'catalogos.recursos',
    path: 'recursos_capacitacion',
    group: 'catalogos',
    helpKey: 'pantalla.recursos_capacitacion',
    lazy: () => import('./routes/resources-route'),
  },
  {
    key: 'catalogos.temas',
    path: 'listar_temas',
    group: 'catalogos',
    helpKey: 'pantalla.temas',
    lazy: () => import('./routes/topics-route'),
  },
  {
    key: 'catalogos.encuestas_cursos',
    path: 'encuestas_cursos',
    group: 'catalogos',
    helpKey: 'pantalla.encuestas_cursos',
    lazy: () => import('./routes/surveys-templates-route'),
  },
  {
    key: 'catalogos.estructura_puestos',
    path: 'estructura_puestos',
    group: 'catalogos',
    helpKey: 'pantalla.estructura_puestos',
    lazy: () => import('./routes/org-route'),
  },
  {
    key: 'plan.institucional',
    path: 'capacitacion_institucional_consulta_requerimientos',
    group: 'plan',
    helpKey: 'pantalla.capacitacion_institucional',
    lazy: () => import('./routes/plans-institutional-route'),
    subroutes: [
      { path: 'capacitacion_institucional_alta_requerimientos', lazy: () => import('./routes/plans-institutional-new-route') },
      { path: 'capacitacion_institucional_avance_tema', lazy: () => import('./routes/plans-institutional-progress-route') },
    ],
  },
  {
    key: 'plan.formacion',
    path: 'plan_formacion_consulta_requerimientos',
    group: 'plan',
    helpKey: 'pantalla.plan_formacion',
    lazy: () => import('./routes/plans-formation-route'),
    subroutes: [
      { path: 'plan_formacion_alta_requerimientos', helpKey: 'pantalla.plan_formacion_asistente', lazy: () => import('./routes/plans-formation-new-route') },
      { path: 'plan_formacion_baja_requerimientos', lazy: () => import('./routes/plans-formation-route') },
      { path: 'plan_formacion_avance_tema', lazy: () => import('./routes/plans-formation-progress-route') },
      { path: 'plan_formacion_avance_consolidado', lazy: () => import('./routes/plans-consolidated-route') },
    ],
  },
  {
    key: 'plan.especifica',
    path: 'capacitacion_especifica_consulta_requerimientos',
    group: 'plan',
    helpKey: 'pantalla.capacitacion_especifica',
    lazy: () => import('./routes/plans-specific-route'),
    subroutes: [{ path: 'capacitacion_especifica_alta_requerimientos', lazy: () => import('./routes/plans-specific-new-route') }],
  },
  {
    key: 'plan.por_planta',
    path: 'plantas_temas',
    group: 'plan',
    helpKey: 'pantalla.plantas_temas',
    lazy: () => import('./routes/plant-topics-route'),
  },
  {
    key: 'plan.historial_general',
    path: 'historial_capacitacion_general',
    group: 'plan',
    helpKey: 'pantalla.historial_capacitacion_general',
    lazy: () => import('./routes/plans-general-history-route'),
  },
  {
    key: 'plan.mi_plan',
    path: 'consultar_plan_capacitacion',
    group: 'plan',
    helpKey: 'pantalla.consultar_plan_capacitacion',
    lazy: () => import('./routes/plans-my-plan-route'),
    subroutes: [
      // The links of the course e-mails and of the plan's topic cards (any signed-in user).
      { path: 'confirmar_asistencia/curso/:id', lazy: () => import('./routes/courses-confirm-route') },
      { path: 'descargar_ics/curso/:cve_curso', lazy: () => import('./routes/courses-ics-route') },
    ],
  },
  {
    key: 'plan.temas_empleados',
    path: 'temas_empleados',
    group: 'plan',
    helpKey: 'pantalla.temas_empleados',
    lazy: () => import('./routes/plans-employee-topics-route'),
    subroutes: [{ path: 'temas_empleados_alta', lazy: () => import('./routes/plans-employee-topics-new-route') }],
  },
  {
    key: 'plan.certificaciones_externas',
    path: 'certificaciones_externas',
    group: 'plan',
    helpKey: 'pantalla.certificaciones_externas',
    lazy: () => import('./routes/external-certifications-route'),
  },
  {
    key: 'plan.bloques',
    path: 'historial_capacitacion_bloques',
    group: 'plan',
    helpKey: 'pantalla.historial_capacitacion_bloques',
    lazy: () => import('./routes/plans-blocks-history-route'),
  },
  {
    key: 'plan.kardex',
    path: 'ver_kardex_capacitacion',
    group: 'plan',
    helpKey: 'pantalla.ver_kardex_capacitacion',
    lazy: () => import('./routes/plans-kardex-route'),
  },
  {
    key: 'plan.simulador_puesto',
    path: 'simulador_puesto',
    group: 'plan',
    helpKey: 'pantalla.simulador_puesto',
    lazy: () => import('./routes/plans-simulator-route'),
  },
  {
    key: 'plan.tema_view',
    path: 'tema_view',
    group: 'plan',
    helpKey: 'pantalla.tema_view',
    lazy: () => import('./routes/plans-topic-view-route'),
  },
  {
    key: 'plan.analista_simulado',
    path: 'analista_simulado',
    group: 'plan',
    helpKey: 'pantalla.analista_simulado',
    lazy: () => import('./routes/plans-analyst-view-route'),
  },
  {
    key: 'cursos.lista',
    path: 'grid_cursos',
    group: 'cursos',
    helpKey: 'pantalla.grid_cursos',
    lazy: () => import('./routes/courses-list-route'),
    subroutes: [
      { path: 'programar_curso', helpKey: 'pantalla.programar_curso', titleKey: 'sections.subroutes.programar_curso', lazy: () => import('./routes/courses-schedule-route') },
      { path: 'curso/:cve_curso', helpKey: 'pantalla.curso', titleKey: 'sections.subroutes.curso', lazy: () => import('./routes/courses-detail-route') },
      { path: 'solicitudes_curso', helpKey: 'pantalla.solicitudes_curso', titleKey: 'sections.subroutes.solicitudes_curso', lazy: () => import('./routes/courses-requests-route') },
    ],
  },
  {
    key: 'cursos.lista_epv',
    path: 'grid_cursos_epv',
    group: 'cursos',
    helpKey: 'pantalla.grid_cursos_epv',
    lazy: () => import('./routes/courses-epv-route'),
  },
  {
    key: 'cursos.calendario',
    path: 'calendar_cursos',
    group: 'cursos',
    helpKey: 'pantalla.calendar_cursos',
    lazy: () => import('./routes/courses-calendar-route'),
  },
  {
    key: 'cursos.panel',
    path: 'panel_cursos',
    group: 'cursos',
    helpKey: 'pantalla.panel_cursos',
    lazy: () => import('./routes/courses-panel-route'),
  },
  {
    key: 'cursos.examenes_resultados',
    path: 'examenes_revision',
    group: 'cursos',
    helpKey: 'pantalla.examenes_revision',
    lazy: () => import('./routes/exams-review-route'),
  },
  {
    key: 'cursos.scorm_avance',
    path: 'scorm_avance',
    group: 'cursos',
    helpKey: 'pantalla.scorm_avance',
    lazy: () => import('./routes/scorm-progress-route'),
  },
  {
    key: 'cursos.constancias',
    path: 'constancias_dc3',
    group: 'cursos',
    helpKey: 'pantalla.constancias_dc3',
    lazy: () => import('./routes/certificates-dc3-route'),
  },
  {
    key: 'cursos.plantilla_dc4',
    path: 'plantilla_DC4',
    group: 'cursos',
    helpKey: 'pantalla.plantilla_DC4',
    lazy: () => import('./routes/certificates-dc4-route'),
  },
  {
    key: 'tutoria.teams',
    path: 'teams',
    group: 'tutoria',
    helpKey: 'pantalla.teams',
    lazy: () => import('./routes/courses-teams-route'),
  },
  {
    key: 'indicadores.graficas',
    path: 'graficas',
    group: 'indicadores',
    helpKey: 'pantalla.graficas',
    lazy: () => import('./routes/indicators-charts-route'),
  },
  {
    key: 'indicadores.audiencia_meta',
    path: 'avance_audencia_meta',
    group: 'indicadores',
    helpKey: 'pantalla.avance_audencia_meta',
    lazy: () => import('./routes/indicators-audience-route'),
  },
  {
    key: 'indicadores.grupos_temas',
    path: 'avance_grupos_temas',
    group: 'indicadores',
    helpKey: 'pantalla.avance_grupos_temas',
    lazy: () => import('./routes/indicators-groups-route'),
  },
  {
    key: 'indicadores.bloques_temas',
    path: 'avance_bloques_temas',
    group: 'indicadores',
    helpKey: 'pantalla.avance_bloques_temas',
    lazy: () => import('./routes/indicators-blocks-route'),
  },
  {
    key: 'reportes.proximas_vencer',
    path: 'capacitaciones_proximas_vencer',
    group: 'reportes',
    helpKey: 'pantalla.capacitaciones_proximas_vencer',
    lazy: () => import('./routes/plans-expiring-route'),
  },
  {
    key: 'reportes.masivo',
    path: 'reporte_masivo',
    group: 'reportes',
    helpKey: 'pantalla.reporte_masivo',
    lazy: () => import('./routes/reports-mass-route'),
  },
  {
    key: 'reportes.reporteador',
    path: 'reporteador',
    group: 'reportes',
    helpKey: 'pantalla.reporteador',
    lazy: () => import('./routes/report-builder-route'),
  },
  {
    key: 'reportes.guardados',
    path: 'reportes_guardados',
    group: 'reportes',
    helpKey: 'pantalla.reportes_guardados',
    lazy: () => import('./routes/report-builder-saved-route'),
  },
  {
    key: 'reportes.exportaciones',
    path: 'mis_exportaciones',
    group: 'reportes',
    helpKey: 'pantalla.mis_exportaciones',
    lazy: () => import('./routes/reports-exports-route'),
  },
  {
    key: 'configuracion.sitio',
    path: 'configuracion',
    group: 'configuracion',
    helpKey: 'pantalla.configuracion',
    lazy: () => import('./routes/settings-route'),
  },
  {
    key: 'configuracion.noticias',
    path: 'configuracion_noticias',
    group: 'configuracion',
    helpKey: 'pantalla.configuracion_noticias',
    lazy: () => import('./routes/announcements-news-route'),
  },
  {
    key: 'configuracion.slides',
    path: 'configuracion_slides',
    group: 'configuracion',
    helpKey: 'pantalla.configuracion_slides',
    lazy: () => import('./routes/announcements-slides-route'),
  },
  {
    key: 'configuracion.encuestas',
    path: 'configuracion_encuestas',
    group: 'configuracion',
    helpKey: 'pantalla.configuracion_encuestas',
    lazy: () => import('./routes/surveys-dashboard-route'),
  },
  {
    key: 'configuracion.cargas_masivas',
    path: 'cargas_masivas',
    group: 'configuracion',
    helpKey: 'pantalla.cargas_masivas',
    lazy: () => import('./routes/bulk-uploads-route'),
  },
  {
    key: 'configuracion.cambiar_perfil_usuario',
    path: 'cambiar_perfil_usuario',
    group: 'configuracion',
    helpKey: 'pantalla.cambiar_perfil_usuario',
    lazy: () => import('./routes/user-profiles-route'),
  },
  {
    key: 'configuracion.apis',
    path: 'apis',
    group: 'configuracion',
    helpKey: 'pantalla.apis',
    lazy: () => import('./routes/api-keys-route'),
  },
  {
    key: 'notificaciones',
    path: 'notificaciones',
    group: 'notificaciones',
    helpKey: 'pantalla.notificaciones',
    lazy: () => import('./routes/notifications-route'),
  },
  {
    // Its own nomseccion1 ('Mis constancias') is not a menu group: it sits with the participant's plan.
    key: 'constancias.mis_constancias',
    path: 'mis_constancias',
    group: 'plan',
    helpKey: 'pantalla.mis_constancias',
    lazy: () => import('./routes/my-certificates-route'),
  },
];

/** The screen with a section key, when the app has it. */
export function screenFor(key: string): ScreenDefinition | undefined {
  return SCREENS.find((s) => s.key === key);
}

/** i18n key (in `common`) of a section's menu label. */
export function sectionLabelKey(key: string): string {
  return `sections.items.${key.replace(/\./g, '_')}`;
}

/** i18n key (in `common`) of a group's label. */
export function groupLabelKey(group: MenuGroup): string {
  return `sections.groups.${group}`;
}

/** Screens the side menu lists for a user: permitted and present in the app. */
export function visibleScreens(secciones: readonly string[] | undefined): ScreenDefinition[] {
  const allowed = new Set(secciones ?? []);
  return SCREENS.filter((s) => allowed.has(s.key));
}

/** The handle a /menu child route carries so the shell knows its title and help text. */
export interface ScreenHandle {
  screen: Pick<ScreenDefinition, 'key' | 'group' | 'helpKey' | 'open'>;
  /** The breadcrumb title's key (in `common`) of a subroute that has its own. */
  titleKey?: string;
}
