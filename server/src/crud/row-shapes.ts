import { columnOf, type ResourceDef } from '@blade/schema';
import type { DynamicRow } from '../db/dynamic-db.js';
import { AUDIT_COLUMNS } from '../db/tables.js';

/** The audit columns a row answers with (removed rows are never answered). */
const AUDIT = AUDIT_COLUMNS.filter((c) => c !== 'is_deleted');

const outputs = new WeakMap<ResourceDef, readonly string[]>();

/** The columns a resource answers with: id, declared non-secret fields, audit columns. */
export function outputColumns(resource: ResourceDef): readonly string[] {
  // Declarations do not change once made: worked out once each, not on every read.
  let columns = outputs.get(resource);
  if (!columns) {
    const fields = resource.fields.filter((f) => !f.secret && !f.virtual).map((f) => columnOf(f.name));
    const extra = resource.tenant ? ['tenant_id'] : [];
    columns = Object.freeze([...new Set(['id', ...extra, ...fields, ...AUDIT])]);
    outputs.set(resource, columns);
  }
  return columns;
}

/** Nests rows into tree nodes (BladeX TreeNode shape: id, parentId, title, key, value, children). */
export function toTree(resource: ResourceDef, rows: DynamicRow[]): DynamicRow[] {
  const tree = resource.tree!;
  const nodes = new Map<string, DynamicRow & { children: DynamicRow[] }>();
  for (const r of rows) {
    nodes.set(String(r.id), {
      ...r,
      title: r[tree.title],
      key: r.id,
      value: r.id,
      children: [],
    });
  }
  const roots: DynamicRow[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(String(node[tree.parent]));
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const node of nodes.values()) node.hasChildren = node.children.length > 0;
  return roots;
}
