import type { HooksByResource } from '../../crud/hooks.js';
import { type CodeServices, codeHooks } from './code-hooks.js';
import { type DatasourceServices, datasourceHooks } from './datasource-hooks.js';

/** The hooks the developer tools attach to their resources (collected in modules/hooks.ts). */
export const developModuleHooks: HooksByResource<CodeServices & DatasourceServices> = {
  datasource: datasourceHooks,
  code: codeHooks,
};
