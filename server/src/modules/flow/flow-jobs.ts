import type { JobDefinition } from '../job/job-registry.js';
import type { FlowService } from './flow-service.js';

/**
 * Workflow timers (timer events of waiting processes), fired by one process per due run. The
 * only way a timer fires: engines hold no timers of their own between steps.
 */
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
    const fired = await flow.fireDueTimers({ signal });
    return fired ? { zh: `触发 ${fired} 个定时器`, en: `${fired} timer(s) fired` } : undefined;
  },
});
