import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dbTimeToDate } from '../../core/time.js';
import { type DataAccess, openDatabase } from '../../db/database.js';
import { type ChildServer, JOB_CHILD, startChildServer } from '../../test/child-server.js';
import { freshDatabase } from '../../test/harness.js';

interface Probe {
  job: string;
  scheduled_at: string;
  pid: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` answers something other than undefined, or fails after `ms`. */
async function until<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Real server processes (test/job-child.ts: the product's server plus test jobs) on one database:
 * PostgreSQL under `npm run test:pg`, one SQLite file otherwise. The test jobs record every run
 * they do in job_probe, apart from the scheduler's own bookkeeping.
 */
describe('the scheduler across server processes', () => {
  const servers: ChildServer[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  /** A fresh database with the probe table, and the environment of servers on it. */
  const setUp = async (extra: Record<string, string>) => {
    const database = await freshDatabase();
    const data = openDatabase(database.url);
    await sql`create table job_probe (job varchar(64) not null, scheduled_at varchar(40) not null, pid integer not null)`.execute(
      data.unscoped(),
    );
    cleanups.push(async () => {
      await data.close();
      await database.drop();
    });
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'blade-jobs-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return { DATA_DIR: dir, DATABASE_URL: database.url, WEB_DIST: join(dir, 'none'), ...extra };
    };
    return { data, env };
  };
  const start = async (env: Record<string, string>) => {
    const server = await startChildServer(env, 60_000, JOB_CHILD);
    servers.push(server);
    return server;
  };
  const probes = async (data: DataAccess, job: string) =>
    (
      await sql<Probe>`select job, scheduled_at, pid from job_probe where job like ${job}`.execute(
        data.unscoped(),
      )
    ).rows.map((r) => ({ ...r, pid: Number(r.pid) }));

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.kill();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('runs each due run once with two processes: 100 runs, no doubles, no misses', async () => {
    const { data, env } = await setUp({ JOB_TEST_TICKS: '5' });
    // One after the other: the first start seeds a fresh database, which two at once would race on.
    const a = await start(env());
    const b = await start(env());
    // 100 runs more once both are up (the first may have run alone while the second started).
    const before = (await probes(data, 'test.tick-%')).length;
    await until('100 runs by both processes', 90_000, async () => {
      const rows = await probes(data, 'test.tick-%');
      return rows.length >= before + 100 && new Set(rows.map((r) => r.pid)).size === 2 ? rows : undefined;
    });
    await Promise.all([a.stop(), b.stop()]);

    const rows = await probes(data, 'test.tick-%');
    expect(rows.length).toBeGreaterThanOrEqual(100);
    const runs = await data
      .unscoped()
      .selectFrom('blade_job_run')
      .select(['job_name', 'state', 'scheduled_at', 'ended_at'])
      .where('job_name', 'like', 'test.tick-%')
      .execute();
    for (let i = 1; i <= 5; i++) {
      const job = `test.tick-${i}`;
      const times = rows
        .filter((r) => r.job === job)
        .map((r) => dbTimeToDate(r.scheduled_at).getTime())
        .sort((x, y) => x - y);
      // No doubles: every scheduled second ran once.
      expect(new Set(times).size, `${job} doubles`).toBe(times.length);
      // No misses: from its first run to its last, every second ran, or fell due while the run
      // before it was still going (it passes by design; a loaded machine can make a run that long).
      const ran = new Set(times);
      const busy = runs
        .filter((r) => r.job_name === job && r.ended_at)
        .map((r) => [dbTimeToDate(r.scheduled_at).getTime(), dbTimeToDate(r.ended_at!).getTime()] as const);
      const missed: string[] = [];
      for (let at = times[0]!; at <= times.at(-1)!; at += 1000)
        if (!ran.has(at) && !busy.some(([from, to]) => from < at && to > at))
          missed.push(new Date(at).toISOString());
      expect(missed, `${job} misses`).toEqual([]);
    }
    // Both processes took part (each claimed some of the due runs).
    expect(new Set(rows.map((r) => r.pid)).size).toBe(2);
    // Every run the scheduler recorded for them ended well, and matches one probe row.
    expect(runs.filter((r) => r.state !== 'succeeded')).toEqual([]);
    expect(runs.length).toBe(rows.length);
  }, 150_000);

  it('marks the run of a killed process failed, and the next run still happens', async () => {
    const { data, env } = await setUp({ JOB_TEST_SLOW_MS: '3000', JOB_LEASE_SECONDS: '2' });
    const first = await start(env());
    const runs = () =>
      data
        .unscoped()
        .selectFrom('blade_job_run')
        .selectAll()
        .where('job_name', '=', 'test.slow')
        .orderBy('scheduled_at')
        .execute();
    const killed = await until('a run in progress', 30_000, async () =>
      (await runs()).find((r) => r.state === 'running' && Number(r.progress) > 0),
    );
    await first.kill();

    await start(env());
    const after = await until('the killed run failed and a later one done', 60_000, async () => {
      const all = await runs();
      const dead = all.find((r) => r.id === killed.id);
      const later = all.find((r) => r.scheduled_at > killed.scheduled_at && r.state === 'succeeded');
      return dead?.state === 'failed' && later ? { dead, later } : undefined;
    });
    expect(JSON.parse(after.dead.error!).en).toBe('The server process running it stopped before it ended');
    expect(after.dead.ended_at).not.toBeNull();
    // The killed run never finished its work; the later one did.
    const done = (await probes(data, 'test.slow')).map((p) => dbTimeToDate(p.scheduled_at).getTime());
    expect(done).not.toContain(dbTimeToDate(killed.scheduled_at).getTime());
    expect(done).toContain(dbTimeToDate(after.later.scheduled_at).getTime());
  }, 150_000);
});
