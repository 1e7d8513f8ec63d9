import { describe, expect, it } from 'vitest';
import { toWireTime } from '../../core/time.js';
import { serverForDescribe } from '../../test/harness.js';
import { runJobNow } from '../../test/jobs.js';
import { ActivityStatus, LivingStatus } from './timed-states.js';

type Row = Record<string, unknown>;

/** Activities and live sessions change state at their start and end times (mall.*-states jobs). */
describe('states that follow start and end times', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  /** A wire time `minutes` from now. */
  const at = (minutes: number) => toWireTime(new Date(Date.now() + minutes * 60_000), t.config.timeZone);
  const save = async (url: string, payload: Row) => (await t.ok<Row>({ method: 'POST', url, payload })).id;
  const status = async (path: string, id: unknown) =>
    (await t.ok<Row>({ method: 'GET', url: `/api/mall/${path}/detail?id=${id}` })).status;

  it('starts and ends activities on time; cancelled ones stay cancelled', async () => {
    const activity = (startTime: string, endTime: string | undefined, s: number) =>
      save('/api/mall/activity/save', { title: 'a', startTime, endTime, quota: 5, status: s });
    const ahead = await activity(at(60), at(120), ActivityStatus.signUp);
    const started = await activity(at(-5), at(60), ActivityStatus.signUp);
    const over = await activity(at(-120), at(-60), ActivityStatus.notStarted);
    const openEnded = await activity(at(-5), undefined, ActivityStatus.notStarted);
    const cancelled = await activity(at(-120), at(-60), ActivityStatus.cancelled);

    const run = await runJobNow(t.app, t.admin, 'mall.activity-states');
    expect(run).toMatchObject({ state: 'succeeded', result: '3 个活动状态已更新' });
    expect(await status('activity', ahead)).toBe(ActivityStatus.signUp);
    expect(await status('activity', started)).toBe(ActivityStatus.ongoing);
    expect(await status('activity', over)).toBe(ActivityStatus.ended);
    expect(await status('activity', openEnded)).toBe(ActivityStatus.ongoing);
    expect(await status('activity', cancelled)).toBe(ActivityStatus.cancelled);
    // Nothing more to change on the next run.
    expect((await runJobNow(t.app, t.admin, 'mall.activity-states')).result).toBeNull();
  });

  it('puts live sessions on air at their start and ends them at their end', async () => {
    const living = (startTime: string, endTime: string | undefined, s: number) =>
      save('/api/mall/living/submit', { title: 'l', startTime, endTime, status: s });
    const soon = await living(at(30), at(90), LivingStatus.notStarted);
    const onAir = await living(at(-1), at(59), LivingStatus.notStarted);
    const done = await living(at(-90), at(-30), LivingStatus.live);
    const cancelled = await living(at(-1), at(59), LivingStatus.cancelled);

    const run = await runJobNow(t.app, t.admin, 'mall.living-states');
    expect(run).toMatchObject({ state: 'succeeded', result: '2 场直播状态已更新' });
    expect(await status('living', soon)).toBe(LivingStatus.notStarted);
    expect(await status('living', onAir)).toBe(LivingStatus.live);
    expect(await status('living', done)).toBe(LivingStatus.ended);
    expect(await status('living', cancelled)).toBe(LivingStatus.cancelled);
  });
});
