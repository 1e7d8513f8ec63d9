import type { ResourceDef } from '../registry.js';
import * as desk from './desk.js';
import * as develop from './develop.js';
import * as mall from './mall.js';
import * as resource from './resource.js';
import * as system from './system.js';

/** Every declared resource, by name. */
export const resources: Record<string, ResourceDef> = Object.fromEntries(
  [
    ...Object.values(system),
    ...Object.values(resource),
    ...Object.values(desk),
    ...Object.values(mall),
    ...Object.values(develop),
  ].map((r) => [r.name, r]),
);
