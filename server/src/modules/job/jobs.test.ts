import type { Job, JobRun, Page } from '@blade/schema';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { dbTimeToDate, toDbTime } from '../../core/time.js';
import type { JobRunTable } from '../../db/tables.js';
import { ok, roleWith, tenantWithAdmin, userWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';
import { ended, jobNamed, runJobNow } from '../../test/jobs.js';
import type { JobContext } from './job-registry.js';

const OTHER = '200002';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves when a held job may finish. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The jobs screen's calls and the scheduler's rules, on a server whose own loop is off
 * (JOBS_ENABLED=false): each look for due runs is a `tick` the test makes, at the time it names.
 */
describe('scheduled jobs', () => {
  let t: TestServer;
  let admin: string;
  let other: string;
  const seen: JobContext[] = [];
  let hold = gate();
  const test = { label: { zh: '测试任务', en: 'Test job' }, description: { zh: '测试', en: 'Test' } };

  beforeAll(async () => {
    t = await build({ JOBS_ENABLED: 'false', JOB_RUN_KEEP: '10' }, (app) => {
      app.services.jobs.define({
        ...test,
        name: 'test.count',
        schedule: '0 0 3 1 1 *',
        perTenant: false,
        catchUp: true,
        async run(ctx) {
          seen.push(ctx);
          await ctx.progress(50, 'half way');
          await hold.opened;
          return { zh: `第 ${seen.length} 次`, en: `run ${seen.length}` };
        },
      });
      app.services.jobs.define({
        ...test,
        name: 'test.fail',
        schedule: '0 0 3 1 1 *',
        perTenant: false,
        catchUp: true,
        async run() {
          throw new Error('the disk is full');
        },
      });
      app.services.jobs.define({
        ...test,
        name: 'test.quick',
        schedule: '0 0 3 1 1 *',
        perTenant: false,
        catchUp: true,
        async run() {
          return { zh: '完成', en: 'done' };
        },
      });
    });
    admin = (await tokenOf(t.app)).access_token;
    other = await tenantWithAdmin(t.app, t.services, OTHER);
    await t.services.scheduler.sync();
  });
  afterAll(async () => {
    hold.open();
    await t.close();
  });

  const list = (token: string, lang = 'zh') =>
    ok<Page<Job>>(t.app, token, {
      method: 'GET',
      url: '/api/blade-job/job/list?size=50',
      headers: { 'accept-language': lang },
    });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    call(t.app, token, { method: 'POST', url, payload });
  const jobRow = (name: string) =>
    t.services.data
      .unscoped()
      .selectFrom('blade_job')
      .selectAll()
      .where('job_name', '=', name)
      .executeTakeFirstOrThrow();
  const runsOf = (name: string) =>
    t.services.data
      .unscoped()
      .selectFrom('blade_job_run')
      .selectAll()
      .where('job_name', '=', name)
      .orderBy('id')
      .execute();
  const setDue = (name: string, at: Date, catchUp = 1) =>
    t.services.data
      .unscoped()
      .updateTable('blade_job')
      .set({ next_run_at: toDbTime(at), catch_up: catchUp, paused: 0 })
      .where('job_name', '=', name)
      .where('tenant_id', '=', '')
      .execute();

  /** Starts test.count at once; it works until `hold.open()`. */
  const startHeld = async () => {
    hold = gate();
    const job = await jobNamed(t.app, admin, 'test.count');
    const { runId } = await ok<{ runId: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-job/job/run',
      payload: { id: job.id },
    });
    return { job, runId };
  };

  it('lists the platform jobs and its own tenant jobs to the platform administrator, with the next five runs', async () => {
    const page = await list(admin);
    const byName = new Map(page.records.map((j) => [j.name, j]));
    for (const name of ['flow.timers', 'log.prune', 'system.expire-tenants', 'job.prune-runs', 'test.count'])
      expect(byName.get(name)?.platform, name).toBe(true);
    for (const name of [
      'mall.close-unpaid-orders',
      'mall.activity-states',
      'mall.living-states',
      'desk.publish-notices',
    ])
      expect(byName.get(name)?.platform, name).toBe(false);
    expect(page.total).toBe(page.records.length);
    const timers = byName.get('flow.timers')!;
    expect(timers).toMatchObject({
      label: '流程定时器',
      cron: '*/2 * * * * *',
      defaultCron: '*/2 * * * * *',
    });
    expect(timers.nextRuns).toHaveLength(5);
    const gaps = timers.nextRuns
      .slice(1)
      .map((x, i) => (Date.parse(x) - Date.parse(timers.nextRuns[i]!)) / 1000);
    expect(gaps).toEqual([2, 2, 2, 2]);
    expect((await list(admin, 'en')).records.find((j) => j.name === 'flow.timers')?.label).toBe(
      'Workflow timers',
    );
  });

  it("shows a tenant only its own tenant's jobs, and refuses it every other job", async () => {
    const mine = await list(other);
    expect(mine.records.map((j) => j.name).sort()).toEqual([
      'desk.publish-notices',
      'mall.activity-states',
      'mall.close-unpaid-orders',
      'mall.living-states',
    ]);
    expect(mine.records.every((j) => !j.platform)).toBe(true);
    const theirs = (await list(admin)).records;
    const ownIds = new Set(mine.records.map((j) => j.id));
    expect(theirs.some((j) => ownIds.has(j.id))).toBe(false);
    for (const job of theirs) {
      for (const [url, body] of [
        ['/api/blade-job/job/run', {}],
        ['/api/blade-job/job/pause', {}],
        ['/api/blade-job/job/update', { cron: '0 0 * * * *' }],
      ] as const)
        expect((await post(other, url, { id: job.id, ...body })).statusCode, `${url} ${job.name}`).toBe(404);
      const history = await call(t.app, other, {
        method: 'GET',
        url: `/api/blade-job/job/runs?jobId=${job.id}`,
      });
      expect(history.statusCode).toBe(404);
    }
    // A tenant's schedule runs at most once a minute; the platform administrator has no such limit.
    const close = mine.records.find((j) => j.name === 'mall.close-unpaid-orders')!;
    const often = await post(other, '/api/blade-job/job/update', { id: close.id, cron: '*/10 * * * * *' });
    expect(often.statusCode).toBe(400);
    expect(often.json().msg).toBe('租户的任务最多每分钟运行一次，请调整执行计划');
    const fine = await post(other, '/api/blade-job/job/update', { id: close.id, cron: '30 */5 * * * *' });
    expect(fine.json().data).toMatchObject({ cron: '30 */5 * * * *', defaultCron: '0 * * * * *' });
  });

  it('previews a schedule and refuses one that is not valid or never runs, naming it', async () => {
    const preview = await ok<{ nextRuns: string[] }>(t.app, admin, {
      method: 'GET',
      url: `/api/blade-job/job/preview?cron=${encodeURIComponent('0 */15 * * * *')}`,
    });
    expect(preview.nextRuns).toHaveLength(5);
    for (const time of preview.nextRuns) expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:(00|15|30|45):00$/);
    const bad = await call(t.app, admin, {
      method: 'GET',
      url: '/api/blade-job/job/preview?cron=61+*+*+*+*',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('执行计划「61 * * * *」无效');
    const never = await call(t.app, admin, {
      method: 'GET',
      url: '/api/blade-job/job/preview?cron=0+0+30+2+*',
      headers: { 'accept-language': 'en' },
    });
    expect(never.json().msg).toBe('The schedule "0 0 30 2 *" never runs');

    const job = await jobNamed(t.app, admin, 'test.count');
    const updated = await ok<Job>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-job/job/update',
      payload: { id: job.id, cron: '0  */15 * * * *', catchUp: false },
    });
    expect(updated).toMatchObject({
      cron: '0 */15 * * * *',
      catchUp: false,
      nextRunTime: preview.nextRuns[0],
    });
    expect(updated.nextRuns).toEqual(preview.nextRuns);
  });

  it('runs a job now: progress while it works, then its result and duration; a second start waits', async () => {
    const { job, runId } = await startHeld();
    for (let i = 0; i < 100 && (await jobNamed(t.app, admin, 'test.count')).lastRun?.progress !== 50; i++)
      await sleep(20);
    const running = await jobNamed(t.app, admin, 'test.count');
    expect(running.state).toBe('running');
    expect(running.lastRun).toMatchObject({
      id: runId,
      state: 'running',
      progress: 50,
      progressText: 'half way',
    });
    const again = await post(admin, '/api/blade-job/job/run', { id: job.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该任务正在运行，请等它结束后再试');
    hold.open();
    const done = await ended(t.app, admin, job.id, runId);
    expect(done).toMatchObject({ state: 'succeeded', cause: 'manual', progress: 100, error: null });
    expect(done.result).toMatch(/^第 \d+ 次$/);
    expect(done.durationMs).toBeGreaterThanOrEqual(0);
    expect(done.server).toContain(`:${process.pid}:`);
    expect((await jobNamed(t.app, admin, 'test.count')).state).toBe('waiting');
  });

  it('runs a job by hand one run at a time and at most ten times a minute, then says when it may again', async () => {
    const job = await jobNamed(t.app, admin, 'test.quick');
    const run = () => post(admin, '/api/blade-job/job/run', { id: job.id });
    const burst = await Promise.all(Array.from({ length: 30 }, run));
    const codes = burst.map((a) => a.statusCode);
    expect(codes).toContain(200);
    expect(codes.every((c) => c === 200 || c === 409 || c === 429)).toBe(true);
    let last = burst[0]!;
    for (let i = 0; i < 15 && last.statusCode !== 429; i++) {
      if ((await jobNamed(t.app, admin, 'test.quick')).state === 'running') await sleep(20);
      else last = await run();
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().msg).toMatch(/^该任务一分钟内最多手动运行 10 次，请 \d+ 秒后再试$/);
    const manual = await t.services.data
      .unscoped()
      .selectFrom('blade_job_run')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', Number(job.id))
      .where('cause', '=', 'manual')
      .where('started_at', '>=', toDbTime(new Date(Date.now() - 60_000)))
      .executeTakeFirstOrThrow();
    expect(Number(manual.n)).toBe(10);
  });

  it('keeps the error of a failed run', async () => {
    const run = await runJobNow(t.app, admin, 'test.fail');
    expect(run).toMatchObject({ state: 'failed', error: 'Error: the disk is full', result: null });
  });

  it('needs the screen to list, and a button for each action', async () => {
    const roleId = await roleWith(t.app, t.services, admin, 'job-reader', ['system', 'job', 'job_view']);
    const reader = await userWith(t.app, admin, { account: 'job-reader', roleId, deptId: await headDept() });
    // A user of the administrator tenant who is not its administrator sees the tenant's jobs only.
    expect((await list(reader.token)).records.some((j) => j.platform)).toBe(false);
    const job = await jobNamed(t.app, reader.token, 'mall.living-states');
    expect((await post(reader.token, '/api/blade-job/job/run', { id: job.id })).statusCode).toBe(403);
    expect((await post(reader.token, '/api/blade-job/job/pause', { id: job.id })).statusCode).toBe(403);
    const history = await call(t.app, reader.token, {
      method: 'GET',
      url: `/api/blade-job/job/runs?jobId=${job.id}`,
    });
    expect(history.statusCode).toBe(200);
    const none = await call(t.app, undefined, { method: 'GET', url: '/api/blade-job/job/list' });
    expect(none.statusCode).toBe(401);
  });

  it('pauses (no run falls due) and resumes at the next scheduled time', async () => {
    const job = await jobNamed(t.app, admin, 'test.count');
    const paused = await ok<Job>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-job/job/pause',
      payload: { id: job.id },
    });
    expect(paused).toMatchObject({ paused: true, state: 'paused', nextRunTime: null, nextRuns: [] });
    const before = (await runsOf('test.count')).length;
    await t.services.data
      .unscoped()
      .updateTable('blade_job')
      .set({ next_run_at: toDbTime(new Date(Date.now() - 1000)) })
      .where('id', '=', Number(job.id))
      .execute();
    await t.services.scheduler.tick();
    expect((await runsOf('test.count')).length).toBe(before);
    const resumed = await ok<Job>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-job/job/resume',
      payload: { id: job.id },
    });
    expect(resumed).toMatchObject({ paused: false, state: 'waiting' });
    // Times that passed while paused are not made up.
    expect(dbTimeToDate((await jobRow('test.count')).next_run_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('runs a run missed while every process was down once, or skips it, as the job says', async () => {
    hold.open();
    const count = seen.length;
    const before = (await runsOf('test.count')).length;
    await setDue('test.count', new Date(Date.now() - 3_600_000), 1);
    await t.services.scheduler.tick();
    await t.services.scheduler.tick();
    const caught = (await runsOf('test.count')).slice(before);
    expect(caught.map((r) => r.cause)).toEqual(['catch-up']);
    await ended(t.app, admin, String(caught[0]!.job_id), String(caught[0]!.id));
    expect(seen.length).toBe(count + 1);
    expect(seen.at(-1)?.cause).toBe('catch-up');
    expect(dbTimeToDate((await jobRow('test.count')).next_run_at).getTime()).toBeGreaterThan(Date.now());

    await setDue('test.count', new Date(Date.now() - 3_600_000), 0);
    await t.services.scheduler.tick();
    const skipped = (await runsOf('test.count')).slice(before + 1);
    expect(skipped.map((r) => r.state)).toEqual(['skipped']);
    expect(JSON.parse(skipped[0]!.result!).zh).toBe(
      '服务器停止期间错过了这次运行，该任务设置为不补跑，已跳过',
    );
    expect(seen.length).toBe(count + 1);
  });

  it('lets a time that falls due while the previous run is still going pass without a run', async () => {
    const { job, runId } = await startHeld();
    const before = (await runsOf('test.count')).length;
    const calls = seen.length;
    await setDue('test.count', new Date(Date.now() - 500));
    await t.services.scheduler.tick();
    expect((await runsOf('test.count')).length).toBe(before);
    expect(seen.length).toBe(calls);
    // The schedule moved on to its next time.
    expect(dbTimeToDate((await jobRow('test.count')).next_run_at).getTime()).toBeGreaterThan(Date.now());
    hold.open();
    expect((await ended(t.app, admin, job.id, runId)).state).toBe('succeeded');
  });

  /** Writes a run of a job straight into its history, as a process would have. */
  async function storedRun(
    name: string,
    values: Partial<Insertable<JobRunTable>>,
  ): Promise<{ job: string; id: number }> {
    const job = await jobRow(name);
    const id = nextId();
    const started = new Date(Date.now() - 120_000);
    await t.services.data
      .unscoped()
      .insertInto('blade_job_run')
      .values({
        id,
        tenant_id: '',
        job_id: job.id,
        job_name: job.job_name,
        cause: 'schedule',
        scheduled_at: toDbTime(started),
        state: 'succeeded',
        started_at: toDbTime(started),
        ended_at: toDbTime(started),
        duration_ms: 0,
        progress: null,
        progress_text: null,
        result: null,
        error: null,
        owner: 'gone:1:abc',
        lease_until: null,
        create_user: null,
        ...values,
      })
      .execute();
    return { job: String(job.id), id };
  }

  it('marks a run whose lease ran out (its process died) as failed', async () => {
    const { job, id } = await storedRun('test.fail', {
      state: 'running',
      ended_at: null,
      duration_ms: null,
      progress: 30,
      lease_until: toDbTime(new Date(Date.now() - 1000)),
    });
    await t.services.scheduler.tick();
    const run = await ended(t.app, admin, job, String(id));
    expect(run.state).toBe('failed');
    expect(run.error).toBe('运行它的服务进程已停止，任务未完成');
    expect(run.durationMs).toBeGreaterThanOrEqual(120_000);
  });

  it('keeps schedules per tenant: a new tenant gets its own, a removed one stops running', async () => {
    await tenantWithAdmin(t.app, t.services, '200003');
    await t.services.scheduler.sync();
    const rows = () =>
      t.services.data
        .unscoped()
        .selectFrom('blade_job')
        .select(['job_name', 'is_deleted'])
        .where('tenant_id', '=', '200003')
        .execute();
    expect((await rows()).map((r) => r.job_name).sort()).toEqual([
      'desk.publish-notices',
      'mall.activity-states',
      'mall.close-unpaid-orders',
      'mall.living-states',
    ]);
    await t.services.data
      .unscoped()
      .updateTable('blade_tenant')
      .set({ is_deleted: 1 })
      .where('tenant_id', '=', '200003')
      .execute();
    await t.services.scheduler.sync();
    expect((await rows()).every((r) => r.is_deleted === 1)).toBe(true);
  });

  it('prunes run history to the last runs of each job', async () => {
    const before = await runsOf('test.fail');
    // Scheduled runs written as they would be: by hand, a job runs at most ten times a minute.
    const start = Date.now();
    for (let i = before.length; i < 14; i++) {
      const at = toDbTime(new Date(start + i));
      await storedRun('test.fail', { scheduled_at: at, started_at: at, ended_at: at });
    }
    const run = await runJobNow(t.app, admin, 'job.prune-runs');
    expect(run.state).toBe('succeeded');
    const left = await runsOf('test.fail');
    expect(left).toHaveLength(10);
    const page = await ok<Page<JobRun>>(t.app, admin, {
      method: 'GET',
      url: `/api/blade-job/job/runs?jobId=${left[0]!.job_id}&size=3`,
    });
    expect(page).toMatchObject({ total: 10, size: 3, pages: 4 });
    expect(page.records.map((r) => r.id)).toEqual(
      left
        .slice(-3)
        .reverse()
        .map((r) => String(r.id)),
    );
  });

  /** The administrator tenant's head department. */
  async function headDept(): Promise<string> {
    const dept = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_dept')
      .select('id')
      .where('parent_id', '=', 0)
      .executeTakeFirstOrThrow();
    return String(dept.id);
  }
});
