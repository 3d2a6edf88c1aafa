import { describe, expect, it } from 'vitest';
import { SCREENS, sectionLabelKey, visibleScreens } from './screens';

describe('side-menu registry', () => {
  it('lists only screens whose key the user has and that exist in the app', () => {
    expect(visibleScreens(['dashboard', 'catalogos.empleados', 'indicadores.graficas_ecommerce']).map((s) => s.path)).toEqual([
      'dashboard',
      'empleados',
    ]);
    expect(visibleScreens(['dashboard']).map((s) => s.path)).toEqual(['dashboard']);
    expect(visibleScreens(undefined)).toEqual([]);
  });

  it('has the notifications screen under its own section key', () => {
    expect(visibleScreens(['notificaciones']).map((s) => [s.key, s.path, s.group])).toEqual([
      ['notificaciones', 'notificaciones', 'notificaciones'],
    ]);
  });

  it('has the position structure screen under Catálogos', () => {
    const [screen] = visibleScreens(['catalogos.estructura_puestos']);
    expect(screen).toMatchObject({
      key: 'catalogos.estructura_puestos',
      path: 'estructura_puestos',
      group: 'catalogos',
      helpKey: 'pantalla.estructura_puestos',
    });
    expect(visibleScreens(['catalogos.empleados']).map((s) => s.key)).not.toContain('catalogos.estructura_puestos');
  });

  it('has the participant plan under Plan de capacitación for whoever has plan.mi_plan', () => {
    expect(visibleScreens(['plan.mi_plan']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['plan.mi_plan', 'consultar_plan_capacitacion', 'plan', 'pantalla.consultar_plan_capacitacion'],
    ]);
  });

  it('has Noticias and Anuncios de bienvenida under Configuración, after Sitio', () => {
    const screens = visibleScreens(['configuracion.sitio', 'configuracion.noticias', 'configuracion.slides', 'configuracion.encuestas']);
    expect(screens.map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['configuracion.sitio', 'configuracion', 'configuracion', 'pantalla.configuracion'],
      ['configuracion.noticias', 'configuracion_noticias', 'configuracion', 'pantalla.configuracion_noticias'],
      ['configuracion.slides', 'configuracion_slides', 'configuracion', 'pantalla.configuracion_slides'],
      ['configuracion.encuestas', 'configuracion_encuestas', 'configuracion', 'pantalla.configuracion_encuestas'],
    ]);
  });

  it('has unique keys and paths, sub-routes included', () => {
    expect(new Set(SCREENS.map((s) => s.key)).size).toBe(SCREENS.length);
    const paths = SCREENS.flatMap((s) => [s.path, ...(s.subroutes ?? []).map((r) => r.path)]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists the requirement screens in the menu and keeps their altas as sub-routes', () => {
    const screens = visibleScreens(['plan.institucional', 'plan.formacion', 'plan.especifica', 'plan.temas_empleados']);
    expect(screens.map((s) => s.path)).toEqual([
      'capacitacion_institucional_consulta_requerimientos',
      'plan_formacion_consulta_requerimientos',
      'capacitacion_especifica_consulta_requerimientos',
      'temas_empleados',
    ]);
    expect(screens[1]?.subroutes?.map((r) => r.path)).toEqual([
      'plan_formacion_alta_requerimientos',
      'plan_formacion_baja_requerimientos',
      'plan_formacion_avance_tema',
      'plan_formacion_avance_consolidado',
    ]);
    expect(screens.every((s) => s.group === 'plan')).toBe(true);
  });

  it('has the course screens under Cursos and Tutoría, with scheduling, detail and requests as sub-routes', () => {
    const screens = visibleScreens(['cursos.lista', 'cursos.lista_epv', 'cursos.calendario', 'cursos.panel', 'tutoria.teams']);
    expect(screens.map((s) => [s.path, s.group])).toEqual([
      ['grid_cursos', 'cursos'],
      ['grid_cursos_epv', 'cursos'],
      ['calendar_cursos', 'cursos'],
      ['panel_cursos', 'cursos'],
      ['teams', 'tutoria'],
    ]);
    expect(screens[0]?.subroutes?.map((r) => r.path)).toEqual(['programar_curso', 'curso/:cve_curso', 'solicitudes_curso']);
    const plan = visibleScreens(['plan.mi_plan'])[0];
    expect(plan?.subroutes?.map((r) => r.path)).toEqual(['confirmar_asistencia/curso/:id', 'descargar_ics/curso/:cve_curso']);
  });

  it('has the exam review (grading queue) under Cursos for whoever has cursos.examenes_resultados', () => {
    expect(visibleScreens(['cursos.examenes_resultados']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['cursos.examenes_resultados', 'examenes_revision', 'cursos', 'pantalla.examenes_revision'],
    ]);
    expect(visibleScreens(['cursos.examenes']).map((s) => s.path)).toEqual([]);
  });

  it('has the SCORM progress under Cursos for whoever has cursos.scorm_avance', () => {
    expect(visibleScreens(['cursos.scorm_avance']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['cursos.scorm_avance', 'scorm_avance', 'cursos', 'pantalla.scorm_avance'],
    ]);
    expect(visibleScreens(['cursos.examenes_resultados']).map((s) => s.path)).not.toContain('scorm_avance');
  });

  it('has the DC-3 follow-up under Cursos for whoever has cursos.constancias', () => {
    expect(visibleScreens(['cursos.constancias']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['cursos.constancias', 'constancias_dc3', 'cursos', 'pantalla.constancias_dc3'],
    ]);
    expect(visibleScreens(['cursos.lista']).map((s) => s.path)).not.toContain('constancias_dc3');
  });

  it('has the external certifications under Plan de capacitación, after the employees\' topics', () => {
    expect(visibleScreens(['plan.certificaciones_externas']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['plan.certificaciones_externas', 'certificaciones_externas', 'plan', 'pantalla.certificaciones_externas'],
    ]);
    expect(visibleScreens(['plan.bloques', 'plan.certificaciones_externas', 'plan.temas_empleados']).map((s) => s.path)).toEqual([
      'temas_empleados',
      'certificaciones_externas',
      'historial_capacitacion_bloques',
    ]);
    // Authorising is a permission within the screen, not a screen of its own.
    expect(visibleScreens(['plan.certificaciones_externas.autorizar'])).toEqual([]);
  });

  it('has the DC-4 list under Cursos for whoever has cursos.plantilla_dc4', () => {
    expect(visibleScreens(['cursos.plantilla_dc4']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['cursos.plantilla_dc4', 'plantilla_DC4', 'cursos', 'pantalla.plantilla_DC4'],
    ]);
    expect(visibleScreens(['cursos.constancias', 'cursos.plantilla_dc4']).map((s) => s.path)).toEqual(['constancias_dc3', 'plantilla_DC4']);
  });

  it("has the participant's own certificates under Plan de capacitación for whoever has constancias.mis_constancias", () => {
    expect(visibleScreens(['constancias.mis_constancias']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['constancias.mis_constancias', 'mis_constancias', 'plan', 'pantalla.mis_constancias'],
    ]);
    // After the plan in its group, as the side menu lists a participant's screens.
    expect(visibleScreens(['constancias.mis_constancias', 'plan.mi_plan']).map((s) => s.path)).toEqual([
      'consultar_plan_capacitacion',
      'mis_constancias',
    ]);
  });

  it('has the company configuration under Configuración for whoever has configuracion.sitio', () => {
    expect(visibleScreens(['configuracion.sitio']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['configuracion.sitio', 'configuracion', 'configuracion', 'pantalla.configuracion'],
    ]);
  });

  it('gives the course sub-screens their own help texts and every screen a pantalla.* one', () => {
    const courses = visibleScreens(['cursos.lista'])[0];
    expect(courses?.subroutes?.map((r) => [r.path, r.helpKey])).toEqual([
      ['programar_curso', 'pantalla.programar_curso'],
      ['curso/:cve_curso', 'pantalla.curso'],
      ['solicitudes_curso', 'pantalla.solicitudes_curso'],
    ]);
    const keys = SCREENS.flatMap((s) => [s.helpKey, ...(s.subroutes ?? []).flatMap((r) => (r.helpKey ? [r.helpKey] : []))]);
    expect(keys.filter((k) => !k.startsWith('pantalla.'))).toEqual([]);
  });

  it('has the four indicator screens under Indicadores, in the menu order of their sections', () => {
    const keys = ['indicadores.graficas', 'indicadores.graficas_ecommerce', 'indicadores.audiencia_meta', 'indicadores.grupos_temas', 'indicadores.bloques_temas'];
    expect(visibleScreens(keys).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['indicadores.graficas', 'graficas', 'indicadores', 'pantalla.graficas'],
      ['indicadores.audiencia_meta', 'avance_audencia_meta', 'indicadores', 'pantalla.avance_audencia_meta'],
      ['indicadores.grupos_temas', 'avance_grupos_temas', 'indicadores', 'pantalla.avance_grupos_temas'],
      ['indicadores.bloques_temas', 'avance_bloques_temas', 'indicadores', 'pantalla.avance_bloques_temas'],
    ]);
    // The Supervisor's profile has only Gráficas.
    expect(visibleScreens(['dashboard', 'indicadores.graficas']).filter((s) => s.group === 'indicadores').map((s) => s.path)).toEqual(['graficas']);
  });

  it('has the Reporteador and Reportes guardados under Reportes; a Supervisor only runs the saved ones', () => {
    expect(visibleScreens(['reportes.reporteador', 'reportes.guardados']).map((s) => [s.key, s.path, s.group, s.helpKey])).toEqual([
      ['reportes.reporteador', 'reporteador', 'reportes', 'pantalla.reporteador'],
      ['reportes.guardados', 'reportes_guardados', 'reportes', 'pantalla.reportes_guardados'],
    ]);
    expect(visibleScreens(['dashboard', 'reportes.guardados']).filter((s) => s.group === 'reportes').map((s) => s.path)).toEqual(['reportes_guardados']);
  });

  it('turns section keys into flat i18n keys', () => {
    expect(sectionLabelKey('catalogos.empleados')).toBe('sections.items.catalogos_empleados');
  });
});
