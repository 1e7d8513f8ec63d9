import type { HooksByResource } from '../../crud/hooks.js';
import { codeHooks } from './code-hooks.js';
import { datasourceHooks } from './datasource-hooks.js';

/** The hooks the developer tools attach to their resources (collected in modules/hooks.ts). */
export const developModuleHooks: HooksByResource = {
  datasource: datasourceHooks,
  code: codeHooks,
};
