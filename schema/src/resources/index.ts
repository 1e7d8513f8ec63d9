import type { ResourceDef } from '../registry.js';
import * as system from './system.js';

/** Every declared resource, by name. */
export const resources: Record<string, ResourceDef> = Object.fromEntries(
  [...Object.values(system)].map((r) => [r.name, r]),
);
