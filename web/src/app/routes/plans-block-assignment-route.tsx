import { requirementsRoute } from './requirements-route';

export const { prefetch, loader, Component } = requirementsRoute('catalogos.asignacion_bloques', 'bloque');
