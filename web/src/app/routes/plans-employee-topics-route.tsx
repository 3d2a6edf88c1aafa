import { requirementsRoute } from './requirements-route';

export const { prefetch, loader, Component } = requirementsRoute('plan.temas_empleados', 'empleado');
