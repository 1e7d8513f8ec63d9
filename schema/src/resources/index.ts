import type { ResourceDef } from '../registry.js';
import * as desk from './desk.js';
import * as develop from './develop.js';
import * as flow from './flow.js';
import * as mall from './mall/index.js';
import * as resource from './resource.js';
import * as system from './system/index.js';

/** Every declared resource, by name. */
export const resources: Record<string, ResourceDef> = Object.fromEntries(
  [
    ...Object.values(system),
    ...Object.values(resource),
    ...Object.values(desk),
    ...Object.values(mall),
    ...Object.values(develop),
    ...Object.values(flow),
  ].map((r) => [r.name, r]),
);

/**
 * Tables of the tenants' business data (the mall and learning declarations). They live in the data
 * source a tenant is bound to; identity, permissions and logs stay in the built-in database.
 */
export const businessTables: readonly string[] = Object.values(mall).map((r) => r.table);
