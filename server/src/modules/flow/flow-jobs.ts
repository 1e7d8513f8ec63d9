import type { JobDefinition } from '../job/job-registry.js';
import type { FlowService } from './flow-service.js';

/** Most timers one run fires (50 a batch); the rest wait for the next run. */
const MAX_BATCHES = 20;

/** Workflow timers (timer events of waiting processes), fired by one process per due run. */
export const flowTimersJob = (flow: FlowService): JobDefinition => ({
  name: 'flow.timers',
  label: { zh: '流程定时器', en: 'Workflow timers' },
  description: {
    zh: '触发到期的流程定时事件（如超时提醒、超时流转）',
    en: 'Fires the due timer events of waiting processes (reminders, time-outs)',
  },
  schedule: '*/2 * * * * *',
  perTenant: false,
  catchUp: true,
  async run({ signal }) {
    let fired = 0;
    for (let batch = 0; batch < MAX_BATCHES && !signal.aborted; batch++) {
      const count = await flow.fireDueTimers();
      fired += count;
      if (count < 50) break;
    }
    return fired ? { zh: `触发 ${fired} 个定时器`, en: `${fired} timer(s) fired` } : undefined;
  },
});
