import { columnOf, NUMERIC_TYPES, type ResourceDef } from '@blade/schema';
import { AUDIT_COLUMNS } from '../db/tables.js';

/** What a dictionary key a number field takes looks like. */
const WHOLE = /^-?\d{1,15}$/;

export interface RegistryFacts {
  /** Dictionaries that exist (system and business): their keys by code. */
  dictionaries: ReadonlyMap<string, readonly string[]>;
  /** Tables the tenant scope filters; a tenant-owned resource's table must be one of them. */
  tenantTables: ReadonlySet<string>;
}

/**
 * Checks declarations against each other and the seeded dictionaries; a broken declaration
 * stops start-up (and a unit test), not a request (STYLE §2).
 */
export function checkRegistry(resources: Record<string, ResourceDef>, facts: RegistryFacts): string[] {
  const problems: string[] = [];
  const paths = new Set<string>();
  for (const [key, r] of Object.entries(resources)) {
    const where = `resource ${r.name}`;
    if (key !== r.name) problems.push(`${where}: registered as ${key}`);
    if (paths.has(r.path)) problems.push(`${where}: path ${r.path} used twice`);
    paths.add(r.path);
    if (!/^\/[\w/-]+$/.test(r.path)) problems.push(`${where}: path ${r.path} is not a plain path`);
    if (!/^[a-z_][a-z0-9_]*$/.test(r.table)) problems.push(`${where}: table ${r.table} is not a plain name`);
    if (r.tenant !== facts.tenantTables.has(r.table))
      problems.push(
        `${where}: table ${r.table} is ${r.tenant ? 'tenant-owned but not' : 'global but'} in the tenant scope's list`,
      );
    // Rows in a table every tenant shares can only be the platform's to write.
    if (!r.tenant && r.owner !== 'platform') problems.push(`${where}: a global table must be platform-owned`);
    if (r.adminOnly && r.owner !== 'platform') problems.push(`${where}: adminOnly needs a platform owner`);
    const names = new Set<string>();
    for (const f of r.fields) {
      if (names.has(f.name)) problems.push(`${where}: field ${f.name} declared twice`);
      names.add(f.name);
      if (!/^[a-z][A-Za-z0-9]*$/.test(f.name)) problems.push(`${where}: field ${f.name} is not camelCase`);
      if (
        [
          'id',
          'tenantId',
          'createUser',
          'createDept',
          'createTime',
          'updateUser',
          'updateTime',
          'isDeleted',
        ].includes(f.name) &&
        f.form !== false &&
        !(r.name === 'tenant' && f.name === 'tenantId')
      )
        problems.push(`${where}: field ${f.name} is server-managed and must not be writable`);
      const keys = f.dict ? facts.dictionaries.get(f.dict) : undefined;
      if (f.dict && !keys) problems.push(`${where}: field ${f.name} names unknown dictionary ${f.dict}`);
      // A number field stores a dictionary key as a number: a key that is no whole number could
      // never be chosen (it would travel as null).
      const wordKeys = NUMERIC_TYPES.has(f.type) ? (keys ?? []).filter((k) => !WHOLE.test(k)) : [];
      if (wordKeys.length)
        problems.push(
          `${where}: number field ${f.name} uses dictionary ${f.dict} with keys ${wordKeys.join(', ')}`,
        );
      if ((f.type === 'ref' || f.type === 'refs') && f.ref && !resources[f.ref])
        problems.push(`${where}: field ${f.name} refers to unknown resource ${f.ref}`);
      if (f.type === 'enum' && !f.dict) problems.push(`${where}: enum field ${f.name} names no dictionary`);
      if (f.secret && f.list !== false && !f.virtual)
        problems.push(`${where}: secret field ${f.name} would be listed`);
      if (f.pattern) {
        try {
          new RegExp(f.pattern.regex);
        } catch {
          problems.push(`${where}: field ${f.name} has an invalid pattern`);
        }
      }
    }
    for (const f of r.fields)
      for (const other of [f.notBefore?.field, f.notAfter?.field])
        if (other && !['date', 'datetime'].includes(r.fields.find((g) => g.name === other)?.type ?? ''))
          problems.push(`${where}: field ${f.name} is ordered against ${other}, which is no declared time`);
    const known = (name: string) => names.has(name) || ['createTime', 'updateTime', 'id'].includes(name);
    if (r.tree && (!names.has(r.tree.parent) || !names.has(r.tree.title)))
      problems.push(`${where}: tree fields ${r.tree.parent}/${r.tree.title} are not declared`);
    for (const u of r.unique ?? [])
      if (!names.has(u)) problems.push(`${where}: unique field ${u} is not declared`);
    if (r.order && !known(r.order.field))
      problems.push(`${where}: order field ${r.order.field} is not declared`);
    if (
      r.order &&
      r.order.field !== 'createTime' &&
      !r.fields.find((f) => f.name === r.order?.field)?.sortable
    )
      problems.push(`${where}: order field ${r.order.field} is not sortable`);
    if (
      (r.endpoints.includes('tree') ||
        r.endpoints.includes('lazy-tree') ||
        r.endpoints.includes('lazy-list')) &&
      !r.tree
    )
      problems.push(`${where}: tree endpoints need a tree declaration`);
    if (r.dataScope && !known(r.dataScope.dept) && r.dataScope.dept !== 'createDept')
      problems.push(`${where}: data-scope field ${r.dataScope.dept} is not declared`);
  }
  return problems;
}

/** Columns a declaration expects its table to have. */
export function expectedColumns(r: ResourceDef): string[] {
  const fields = r.fields.filter((f) => !f.virtual).map((f) => columnOf(f.name));
  return [...new Set(['id', ...(r.tenant ? ['tenant_id'] : []), ...fields, ...AUDIT_COLUMNS])];
}
