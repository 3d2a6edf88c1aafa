import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES } from '../api/create-employee';
import type { EmployeeDetail } from '../api/get-employee';
import { useOccupations } from '@/lib/api/shared/occupations';
import { usePopulationTypes } from '@/lib/api/shared/population-types';
import { useStates } from '@/lib/api/shared/states';
import type { OptionItem } from '@/lib/api/shared/options';
import { useCompanyPlantOptions } from '@/lib/api/shared/plant-options';
import { useStructureOptions } from '@/lib/api/shared/structure-options';
import { extraPlantId } from './employee-schema';

type Raw = unknown;

/** A positive numeric id (number or digits), else null. */
function idOf(value: Raw): number | null {
  if (typeof value === 'number' && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) > 0) return Number(value);
  return null;
}

/** A name the server already gave (a non-numeric text), else null. */
function nameOf(value: Raw): string | null {
  if (typeof value !== 'string' || value.trim() === '' || /^\d+$/.test(value.trim())) return null;
  return value;
}

function labelIn(items: readonly OptionItem[] | undefined, id: number | null): string | null {
  if (id === null) return null;
  return items?.find((o) => String(o.value) === String(id))?.label ?? null;
}

/** One structure level's display text: its name, or the id looked up among the level's options. */
function useLevelLabel(level: number, value: Raw, parent: Raw): string | null {
  const name = nameOf(value);
  const id = idOf(value);
  const parentId = idOf(parent);
  const needed = name === null && id !== null && (level === 2 || parentId !== null);
  const options = useStructureOptions(level, parentId, needed);
  if (name) return name;
  if (id === null) return null;
  return labelIn(options.data, id) ?? `#${id}`;
}

/**
 * The drawer's texts for fields the detail may hold as ids only (the contract lists the form
 * fields): structure levels, plants, state, country, population type, occupation.
 */
export function useDetailLabels(d: EmployeeDetail | undefined): Record<string, string | null> {
  const { t } = useTranslation('employees');
  const n2 = useLevelLabel(2, d?.n2, null);
  const n3 = useLevelLabel(3, d?.n3, d?.n2);
  const n4 = useLevelLabel(4, d?.n4, d?.n3);
  const n5 = useLevelLabel(5, d?.n5, d?.n4);
  const n6 = useLevelLabel(6, d?.n6, d?.n5);
  const n7 = useLevelLabel(7, d?.n7, d?.n6);

  const extras = d?.plantas ?? [];
  const extraNames = extras.map((p) => (typeof p === 'object' && p !== null ? (p.nombre ?? p.label ?? null) : null));
  const needPlants = (!d?.planta && idOf(d?.cve_planta) !== null) || extraNames.some((n) => n === null);
  const plants = useCompanyPlantOptions(needPlants ? idOf(d?.n4) : null);
  const states = useStates(!!d && !d.estado && idOf(d.cve_estado) !== null);
  const types = usePopulationTypes(!!d && !d.tipo_poblacion && idOf(d.cve_tipo_poblacion) !== null);
  const occupations = useOccupations(!!d?.ocupacion);

  if (!d) return {};
  const plantName = d.planta ?? labelIn(plants.data, idOf(d.cve_planta));
  const extraText = extras
    .map((p, i) => extraNames[i] ?? labelIn(plants.data, idOf(extraPlantId(p))) ?? extraPlantId(p))
    .filter(Boolean)
    .join(', ');
  const stateId = idOf(d.cve_estado);
  const state = d.estado ?? (states.data?.find((s) => s.cve_estado === stateId)?.estado || null);
  const typeId = idOf(d.cve_tipo_poblacion);
  const type = d.tipo_poblacion ?? (types.data?.find((p) => p.cve_tipo_poblacion === typeId)?.nombre || null);
  const countryId = idOf(d.cve_pais);
  const country = d.pais ?? (countryId ? `#${countryId}` : null);
  let occupation: string | null = d.ocupacion ?? null;
  if (d.ocupacion) {
    for (const area of occupations.data ?? []) {
      const match = area.clave === d.ocupacion ? area : area.subareas.find((s) => s.clave === d.ocupacion);
      if (match) occupation = `${match.clave} ${match.nombre}`;
    }
  }
  const tipo = d.tipo_empleado && (EMPLOYEE_TYPES as readonly string[]).includes(d.tipo_empleado) ? t(`types.${d.tipo_empleado}`) : (d.tipo_empleado ?? null);
  return {
    n2,
    n3,
    n4,
    n5,
    n6,
    n7,
    planta: plantName ?? null,
    plantas: extraText || null,
    estado: state,
    pais: country,
    tipo_poblacion: type,
    ocupacion: occupation,
    tipo_empleado: tipo,
    supervisor: d.nombre_supervisor ?? d.supervisor ?? null,
  };
}
