import { describe, expect, it } from 'vitest';
import {
  EMPTY_STATE,
  MAX_COLUMNS,
  MAX_GROUPS,
  builderReducer,
  fromDefinition,
  sortableColumns,
  toDefinition,
  type BuilderAction,
  type BuilderState,
} from './definition';
import { EMPLEADOS } from './test-fixtures';

const col = (clave: string) => EMPLEADOS.columnas.find((c) => c.clave === clave) ?? null;
const run = (...actions: BuilderAction[]) => actions.reduce<BuilderState>(builderReducer, EMPTY_STATE);
const tick = (...claves: string[]): BuilderAction[] => claves.map((clave) => ({ type: 'toggle_column', clave, checked: true }));

describe('the builder’s layout', () => {
  it('is nothing to run until a source and a column are chosen', () => {
    expect(toDefinition(EMPTY_STATE)).toBeNull();
    expect(toDefinition(run({ type: 'source', fuente: 'empleados' }))).toBeNull();
    expect(toDefinition(run({ type: 'source', fuente: 'empleados' }, ...tick('nombre')))?.definicion).toEqual({
      fuente: 'empleados',
      columnas: ['nombre'],
      filtros: [],
      agrupar: [],
      totales: [],
      orden: null,
    });
  });

  it('keeps the columns in the order they were ticked and moved', () => {
    const state = run(
      { type: 'source', fuente: 'empleados' },
      ...tick('nombre', 'planta', 'puesto'),
      { type: 'move_column', clave: 'puesto', by: -1 },
      { type: 'move_column', clave: 'puesto', by: -1 },
      // Already first: nothing moves.
      { type: 'move_column', clave: 'puesto', by: -1 },
      { type: 'toggle_column', clave: 'planta', checked: false },
      { type: 'toggle_column', clave: 'fecha_ingreso', checked: true },
    );
    expect(state.columnas).toEqual(['puesto', 'nombre', 'fecha_ingreso']);
  });

  it('takes 30 columns at most', () => {
    const many = Array.from({ length: MAX_COLUMNS + 2 }, (_, i) => `c${i}`);
    expect(run({ type: 'source', fuente: 'empleados' }, ...tick(...many)).columnas).toHaveLength(MAX_COLUMNS);
  });

  it('sends only finished filters, with the values their operator takes', () => {
    const state = run(
      { type: 'source', fuente: 'empleados' },
      ...tick('nombre'),
      { type: 'add_filter' },
      { type: 'filter_column', id: 1, columna: col('planta') },
      { type: 'filter_value', id: 1, valor: '2' },
      { type: 'add_filter' },
      { type: 'filter_column', id: 2, columna: col('fecha_ingreso') },
      { type: 'filter_operator', id: 2, operador: 'entre' },
      { type: 'filter_value', id: 2, valor: '2026-01-01' },
      { type: 'add_filter' },
      { type: 'filter_column', id: 3, columna: col('nombre') },
      { type: 'filter_operator', id: 3, operador: 'no_vacio' },
      { type: 'add_filter' },
    );
    // The column's first operator is chosen with it.
    expect(state.filtros[0]).toMatchObject({ columna: 'planta', operador: 'igual', valor: '2' });
    const built = toDefinition(state);
    expect(built?.definicion.filtros).toEqual([
      { columna: 'planta', operador: 'igual', valor: '2' },
      { columna: 'nombre', operador: 'no_vacio' },
    ]);
    expect(built?.unfinished).toBe(2);

    const finished = builderReducer(state, { type: 'filter_value', id: 2, valor2: '2026-06-30' });
    expect(toDefinition(finished)?.definicion.filtros?.[1]).toEqual({ columna: 'fecha_ingreso', operador: 'entre', valor: '2026-01-01', valor2: '2026-06-30' });
  });

  it('empties a filter’s values when its column changes, and the second one when it stops being “entre”', () => {
    let state = run(
      { type: 'source', fuente: 'empleados' },
      { type: 'add_filter' },
      { type: 'filter_column', id: 1, columna: col('fecha_ingreso') },
      { type: 'filter_operator', id: 1, operador: 'entre' },
      { type: 'filter_value', id: 1, valor: '2026-01-01', valor2: '2026-02-01' },
      { type: 'filter_operator', id: 1, operador: 'mayor_igual' },
    );
    expect(state.filtros[0]).toMatchObject({ valor: '2026-01-01', valor2: '' });
    // A number of days is no date.
    state = builderReducer(state, { type: 'filter_operator', id: 1, operador: 'ultimos_dias' });
    expect(state.filtros[0]).toMatchObject({ valor: '' });
    state = builderReducer(state, { type: 'filter_column', id: 1, columna: col('salario') });
    expect(state.filtros[0]).toMatchObject({ columna: 'salario', operador: 'igual', valor: '', valor2: '' });
  });

  it('groups by up to three columns, one level each, and a cleared level takes the next one up', () => {
    let state = run(
      { type: 'source', fuente: 'empleados' },
      ...tick('nombre'),
      { type: 'group', level: 0, clave: 'planta' },
      { type: 'group', level: 1, clave: 'puesto' },
      { type: 'group', level: 2, clave: 'activo' },
      { type: 'group', level: MAX_GROUPS, clave: 'nombre' },
    );
    expect(state.agrupar).toEqual(['planta', 'puesto', 'activo']);
    // Choosing a column again moves it to that level.
    state = builderReducer(state, { type: 'group', level: 0, clave: 'activo' });
    expect(state.agrupar).toEqual(['activo', 'puesto']);
    state = builderReducer(state, { type: 'group', level: 0, clave: null });
    expect(state.agrupar).toEqual(['puesto']);
  });

  it('totals a column with a function it allows, never the same total twice', () => {
    const state = run(
      { type: 'source', fuente: 'empleados' },
      ...tick('nombre'),
      { type: 'add_total' },
      { type: 'total_column', id: 1, columna: col('salario') },
      { type: 'add_total' },
      { type: 'total_column', id: 2, columna: col('salario') },
      { type: 'add_total' },
      { type: 'total_column', id: 3, columna: col('activo') },
      { type: 'total_function', id: 3, funcion: 'porcentaje' },
      { type: 'add_total' },
    );
    expect(toDefinition(state)?.definicion.totales).toEqual([
      { columna: 'salario', funcion: 'conteo' },
      { columna: 'salario', funcion: 'suma' },
      { columna: 'activo', funcion: 'porcentaje' },
    ]);
    expect(toDefinition(state)?.unfinished).toBe(1);
  });

  it('sorts by any column of the source, or by the result’s columns of a grouped layout', () => {
    let state = run({ type: 'source', fuente: 'empleados' }, ...tick('nombre'), { type: 'order', orden: { columna: 'salario', descendente: true } });
    expect(toDefinition(state, EMPLEADOS)?.definicion.orden).toEqual({ columna: 'salario', descendente: true });
    state = builderReducer(state, { type: 'group', level: 0, clave: 'planta' });
    state = builderReducer(state, { type: 'add_total' });
    state = builderReducer(state, { type: 'total_column', id: 1, columna: col('salario') });
    state = builderReducer(state, { type: 'total_function', id: 1, funcion: 'suma' });
    expect(sortableColumns(state, EMPLEADOS)).toEqual(['planta', 'registros', 'suma_salario']);
    // Salario is no column of the grouped result: the order is left out.
    expect(toDefinition(state, EMPLEADOS)?.definicion.orden).toBeNull();
    state = builderReducer(state, { type: 'order', orden: { columna: 'suma_salario', descendente: true } });
    expect(toDefinition(state, EMPLEADOS)?.definicion.orden).toEqual({ columna: 'suma_salario', descendente: true });
    // Without the grouping, the total's column sorts nothing.
    state = builderReducer(state, { type: 'group', level: 0, clave: null });
    expect(toDefinition(state, EMPLEADOS)?.definicion.orden).toBeNull();
  });

  it('starts over with another source', () => {
    const state = run({ type: 'source', fuente: 'empleados' }, ...tick('nombre'), { type: 'add_filter' }, { type: 'source', fuente: 'cursos' });
    expect(state).toMatchObject({ fuente: 'cursos', columnas: [], filtros: [], agrupar: [], totales: [], orden: null });
  });

  it('reads a saved layout back as it was saved', () => {
    const definicion = {
      fuente: 'empleados',
      columnas: ['puesto', 'nombre'],
      filtros: [
        { columna: 'fecha_ingreso', operador: 'entre' as const, valor: '2026-01-01', valor2: '2026-03-31' },
        { columna: 'nombre', operador: 'vacio' as const },
      ],
      agrupar: ['planta'],
      totales: [{ columna: 'salario', funcion: 'promedio' as const }],
      orden: { columna: 'planta', descendente: false },
    };
    const state = fromDefinition(definicion);
    expect(new Set([...state.filtros, ...state.totales].map((r) => r.id)).size).toBe(3);
    expect(toDefinition(state, EMPLEADOS)).toEqual({ definicion, unfinished: 0 });
  });
});
