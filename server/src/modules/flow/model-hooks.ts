import type { HooksByResource } from '../../crud/hooks.js';
import { parseBpmn } from './bpmn.js';

/**
 * Process models: a diagram is stored only when it is one the engine can deploy (well formed, an
 * executable process, no code that would run on the server), so a deploy never meets a bad model
 * that was saved earlier. Parsed before the write's transaction, as it is slow on large diagrams.
 */
export const flowModuleHooks: HooksByResource = {
  flowModel: {
    async validate(_ctx, values) {
      if (typeof values.xml === 'string') await parseBpmn(values.xml, String(values.name ?? 'model'));
    },
  },
};
