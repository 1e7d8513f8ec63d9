/**
 * The real server with test jobs, run as a child process by the scheduler's cluster tests
 * (modules/job/cluster.test.ts). Each run of a test job writes a row to `job_probe` (which the
 * test creates): the job, the scheduled time and the process, so doubles and misses show.
 *
 * - JOB_TEST_TICKS=n: jobs test.tick-1 … test.tick-n, every second, each working 0–200 ms.
 * - JOB_TEST_SLOW_MS=m: job test.slow, every 2 seconds, working m ms with progress.
 */
import { sql } from 'kysely';
import { toDbTime } from '../core/time.js';
import type { JobContext } from '../modules/job/job-registry.js';
import { serve } from '../serve.js';

const ticks = Number(process.env.JOB_TEST_TICKS ?? 0);
const slowMs = Number(process.env.JOB_TEST_SLOW_MS ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

void serve((app) => {
  const db = app.services.data.unscoped();
  const probe = async (job: string, ctx: JobContext) => {
    await sql`insert into job_probe (job, scheduled_at, pid) values (${job}, ${toDbTime(ctx.scheduledAt)}, ${process.pid})`.execute(
      db,
    );
  };
  const test = { label: { zh: '测试', en: 'Test' }, description: { zh: '测试', en: 'Test' } };
  for (let i = 1; i <= ticks; i++) {
    const name = `test.tick-${i}`;
    app.services.jobs.define({
      ...test,
      name,
      schedule: '* * * * * *',
      perTenant: false,
      catchUp: false,
      async run(ctx) {
        await sleep(Math.floor(Math.random() * 200));
        await probe(name, ctx);
        return undefined;
      },
    });
  }
  if (slowMs > 0)
    app.services.jobs.define({
      ...test,
      name: 'test.slow',
      schedule: '*/2 * * * * *',
      perTenant: false,
      catchUp: false,
      async run(ctx) {
        for (let done = 0; done < slowMs; done += 100) {
          await ctx.progress((done / slowMs) * 100, `${done} ms`);
          await sleep(100);
        }
        await probe('test.slow', ctx);
        return { zh: '完成', en: 'done' };
      },
    });
});
