import type { Nodo } from '../api/types';

/** One option of the structure filter: a node and its level. */
export interface NodeOption {
  value: string;
  nivel: number;
  nombre: string;
}

/**
 * The nodes in the structure's order: each one followed by its own nodes (a node whose
 * parent is not listed starts a branch), siblings by name.
 */
export function structureOrder(nodes: readonly Nodo[], language = 'es'): NodeOption[] {
  const byName = (a: Nodo, b: Nodo) => a.nivel - b.nivel || a.nombre.localeCompare(b.nombre, language, { sensitivity: 'base' });
  const keys = new Set(nodes.map((n) => n.cve_estructura));
  const children = new Map<number, Nodo[]>();
  const roots: Nodo[] = [];
  for (const n of nodes) {
    const parent = n.cve_padre ?? null;
    if (parent === null || parent === n.cve_estructura || !keys.has(parent)) roots.push(n);
    else children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: NodeOption[] = [];
  const seen = new Set<number>();
  const visit = (n: Nodo) => {
    if (seen.has(n.cve_estructura)) return;
    seen.add(n.cve_estructura);
    out.push({ value: String(n.cve_estructura), nivel: n.nivel, nombre: n.nombre });
    (children.get(n.cve_estructura) ?? []).sort(byName).forEach(visit);
  };
  roots.sort(byName).forEach(visit);
  // A cycle in the parents leaves nodes unvisited: they still get listed.
  nodes.filter((n) => !seen.has(n.cve_estructura)).sort(byName).forEach(visit);
  return out;
}
