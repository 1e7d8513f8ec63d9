import type { HooksByResource } from '../../crud/hooks.js';
import type { Services } from '../../services.js';
import { parseBpmn } from './bpmn.js';

type ModelServices = Pick<Services, 'config'>;

/**
 * Process models: a diagram is stored only when it is one the engine can deploy (well formed, an
 * executable process, no code that would run on the server, no loop that fires timers faster
 * than the configured minimum), so a deploy never meets a bad model that was saved earlier.
 * Parsed before the write's transaction, as it is slow on large diagrams.
 */
export const flowModuleHooks: HooksByResource<ModelServices> = {
  flowModel: {
    async validate(ctx, values) {
      if (typeof values.xml === 'string')
        await parseBpmn(values.xml, String(values.name ?? 'model'), ctx.services.config.flowTimers);
    },
  },
};
