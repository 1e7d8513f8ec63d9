import { utcNow } from '../../core/time.js';
import { type DynamicDb, dynamic } from '../../db/dynamic-db.js';
import type { DataSources } from '../develop/data-sources.js';
import type { JobDefinition } from '../job/job-registry.js';

/** activity_status keys. */
export const ActivityStatus = { notStarted: 0, signUp: 1, ongoing: 2, ended: 3, cancelled: 4 } as const;
/** living_status keys. */
export const LivingStatus = { notStarted: 0, live: 1, ended: 2, cancelled: 3 } as const;

/** Rows in one of `from` whose `at` time has come move to `to`. */
interface Step {
  from: readonly number[];
  to: number;
  at: 'start_time' | 'end_time';
}

/**
 * Moves rows to the state their start and end times call for, one conditional statement per
 * step, so a repeated run (or two at once) changes nothing more. Ends go first: a row whose end
 * has also passed goes straight to its end state. Cancelled rows are never touched.
 */
async function advance(db: DynamicDb, table: string, steps: readonly Step[]): Promise<number> {
  const now = utcNow();
  let changed = 0;
  for (const step of steps) {
    const result = await db
      .updateTable(table)
      .set({ status: step.to, update_time: now })
      .where('status', 'in', [...step.from])
      .where('is_deleted', '=', 0)
      .where(step.at, 'is not', null)
      .where(step.at, '<=', now)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

const timedJob = (
  dataSources: DataSources,
  job: Pick<JobDefinition, 'name' | 'label' | 'description'> & {
    table: string;
    steps: readonly Step[];
    done: (n: number) => { zh: string; en: string };
  },
): JobDefinition => ({
  name: job.name,
  label: job.label,
  description: job.description,
  schedule: '0 * * * * *',
  perTenant: true,
  catchUp: true,
  async run({ tenantId }) {
    const db = dynamic(await dataSources.businessDb(tenantId!));
    const changed = await advance(db, job.table, job.steps);
    return changed ? job.done(changed) : undefined;
  },
});

/** Activities go on at their start time and end at their end time. */
export const activityStatesJob = (dataSources: DataSources): JobDefinition =>
  timedJob(dataSources, {
    name: 'mall.activity-states',
    label: { zh: '活动状态更新', en: 'Activity states' },
    description: {
      zh: '活动到开始时间变为进行中，到结束时间变为已结束（已取消的不变）',
      en: 'Activities become ongoing at their start time and ended at their end time (cancelled ones stay)',
    },
    table: 'mall_activity',
    steps: [
      {
        from: [ActivityStatus.notStarted, ActivityStatus.signUp, ActivityStatus.ongoing],
        to: ActivityStatus.ended,
        at: 'end_time',
      },
      {
        from: [ActivityStatus.notStarted, ActivityStatus.signUp],
        to: ActivityStatus.ongoing,
        at: 'start_time',
      },
    ],
    done: (n) => ({ zh: `${n} 个活动状态已更新`, en: `${n} activit${n === 1 ? 'y' : 'ies'} updated` }),
  });

/** Live sessions go live at their start time and end at their end time. */
export const livingStatesJob = (dataSources: DataSources): JobDefinition =>
  timedJob(dataSources, {
    name: 'mall.living-states',
    label: { zh: '直播状态更新', en: 'Live session states' },
    description: {
      zh: '直播到开始时间变为直播中，到结束时间变为已结束（已取消的不变）',
      en: 'Live sessions go live at their start time and end at their end time (cancelled ones stay)',
    },
    table: 'mall_living',
    steps: [
      { from: [LivingStatus.notStarted, LivingStatus.live], to: LivingStatus.ended, at: 'end_time' },
      { from: [LivingStatus.notStarted], to: LivingStatus.live, at: 'start_time' },
    ],
    done: (n) => ({ zh: `${n} 场直播状态已更新`, en: `${n} live session(s) updated` }),
  });
