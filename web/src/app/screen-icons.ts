import {
  IconApi,
  IconBell,
  IconBooks,
  IconBuildingFactory2,
  IconCertificate,
  IconChecklist,
  IconBuildingCommunity,
  IconRoute,
  IconTargetArrow,
  IconUserCheck,
  IconFileUpload,
  IconHierarchy2,
  IconLayoutDashboard,
  IconSchool,
  IconStack2,
  IconUserCog,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

/**
 * The side-menu icon of each screen (by section key). Kept apart from `screens.ts`, which the
 * entry bundle loads, so that the icons load with the /menu shell and not on the login page.
 */
export const SCREEN_ICONS: Record<string, Icon> = {
  'dashboard': IconLayoutDashboard,
  'catalogos.empleados': IconUsers,
  'catalogos.bloques': IconStack2,
  'catalogos.datos_stps': IconCertificate,
  'catalogos.recursos': IconSchool,
  'catalogos.temas': IconBooks,
  'catalogos.estructura_puestos': IconHierarchy2,
  'plan.por_planta': IconBuildingFactory2,
  'plan.mi_plan': IconChecklist,
  'plan.institucional': IconBuildingCommunity,
  'plan.formacion': IconRoute,
  'plan.especifica': IconTargetArrow,
  'plan.temas_empleados': IconUserCheck,
  'configuracion.cargas_masivas': IconFileUpload,
  'configuracion.cambiar_perfil_usuario': IconUserCog,
  'configuracion.apis': IconApi,
  'notificaciones': IconBell,
};
