import type { Row } from './fields';

const childrenOf = (row: Row): Row[] | undefined =>
  Array.isArray(row.children) ? (row.children as Row[]) : undefined;

const keyOf = (row: Row): string => String(row.id ?? row.key ?? row.value);

/**
 * Rows for an antd tree table: leaves lose their empty `children` (no expander), rows the server
 * says have children but sent none get an empty list to expand into (lazy trees).
 */
export function tableTree(rows: readonly Row[]): Row[] {
  return rows.map((row) => {
    const { children: _drop, ...rest } = row;
    const kids = childrenOf(row);
    if (kids && kids.length > 0) return { ...rest, children: tableTree(kids) };
    return row.hasChildren === true ? { ...rest, children: [] } : rest;
  });
}

/** The tree with one row's children replaced (a lazy level arrived). */
export function withChildren(rows: readonly Row[], id: string, children: readonly Row[]): Row[] {
  return rows.map((row) => {
    if (keyOf(row) === id) return { ...row, children: tableTree(children) };
    const kids = childrenOf(row);
    return kids ? { ...row, children: withChildren(kids, id, children) } : row;
  });
}

/** The row with this id anywhere in the tree. */
export function findRow(rows: readonly Row[], id: string): Row | undefined {
  for (const row of rows) {
    if (keyOf(row) === id) return row;
    const found = findRow(childrenOf(row) ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** A tree node for antd Tree and TreeSelect. */
export interface TreeOption {
  title: string;
  key: string;
  value: string;
  children?: TreeOption[];
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * Server tree nodes (title/key/value or a label field) as antd tree options; a node whose label
 * field is empty (a menu with no English alias) falls back to its title.
 */
export function treeOptions(rows: readonly Row[], labelField = 'title'): TreeOption[] {
  return rows.map((row) => {
    const key = keyOf(row);
    const kids = childrenOf(row);
    const title = [row[labelField], row.title].find(present) ?? key;
    return {
      title: String(title),
      key,
      value: key,
      ...(kids && kids.length > 0 ? { children: treeOptions(kids, labelField) } : {}),
    };
  });
}

/** Every node of a tree, depth first. */
export function flattenTree<T extends { children?: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children ?? [])]);
}

/**
 * The keys to show as checked in a conducting checkable tree, from stored ids that hold parents
 * too. A stored leaf is checked. A stored folder none of whose descendants is stored stands for the
 * whole folder (top menus store only their top-level folders) and is checked; a stored folder with
 * some descendants stored is left to conduction, so a partly granted folder stays half-checked.
 */
export function checkedKeysOf(nodes: readonly TreeOption[], keys: readonly string[]): string[] {
  const wanted = new Set(keys);
  return flattenTree(nodes)
    .filter((n) => {
      if (!wanted.has(n.key)) return false;
      const below = flattenTree(n.children ?? []);
      return below.length === 0 || !below.some((d) => wanted.has(d.key));
    })
    .map((n) => n.key);
}

/** Splits a comma-joined id list. */
export const splitIds = (value: unknown): string[] =>
  typeof value === 'string'
    ? value.split(',').filter(Boolean)
    : Array.isArray(value)
      ? value.map(String)
      : [];
