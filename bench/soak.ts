/**
 * Soak: finds the server's maximum throughput on a mixed load (list page, user info, menus, a
 * submit, and a sign-in after every hundred calls), then holds 70% of it for SOAK_MINUTES (30 by
 * default), sampling each minute's p99 and the heap after a full collection. Fails when any
 * request fails, when p99 drifts (the median p99 of the last third of the minutes is more than
 * twice, and more than 5 ms above, that of the first third), or when the heap grows by more than
 * 10% from the start of the hold. SQLite, or PostgreSQL when BENCH_DATABASE_URL is set.
 * Writes bench/results/soak.json.
 *
 *   npm run soak -w bench          SOAK_MINUTES=2 npm run bench -- soak
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { nextId } from '../server/src/core/ids.js';
import { createServer } from '../server/src/server.js';
import { benchKind, database, machine } from './harness.js';
import { drive, Latencies, type LoadTarget, percentile, round } from './load.js';
import { recordResult } from './record.js';
import { apiTargets, signIn } from './routes.js';
import { bundleServer, MiB, PORTS, serverEnv, startServer, stopStarted } from './server-process.js';
import { seedUsers } from './users-data.js';

const kind = benchKind();
const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const USERS = Number(process.env.SOAK_USERS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOLD = 0.7;
const MAX_HEAP_GROWTH = 0.1;
const P99_DRIFT_RATIO = 2;
const P99_DRIFT_SLACK_MS = 5;

interface Minute {
  minute: number;
  requests: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  heapUsedMiB: number;
  rssMiB: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const db = await database(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  try {
    const env = serverEnv(dataDir, db.url);
    const app = await createServer(loadConfig({ ...env, LOG_LEVEL: 'warn' }));
    await seedUsers(app, { count: USERS, deptIds: Array.from({ length: 20 }, () => nextId()) });
    await app.close();
    const server = await startServer(await bundleServer(), PORTS.soak, env);
    const t = apiTargets(server.url, await signIn(server.url));
    // Twenty-five rounds of the four calls the shell makes most, then one sign-in: its password
    // hash costs more than the rest together, and would otherwise be all the p99 shows.
    const calls = [t.userList!, t.userInfo!, t.menuRoutes!, t.submit!];
    const mix: LoadTarget[] = [...Array.from({ length: 25 }, () => calls).flat(), t.signIn!];

    await drive(mix, { seconds: 5, connections: CONNECTIONS });
    const max = await drive(mix, { seconds: 20, connections: CONNECTIONS });
    if (max.failed) throw new Error(`${max.failed} requests failed while finding the maximum`);
    const rate = Math.max(1, Math.round(max.requestsPerSecond * HOLD));
    console.log(`maximum ${max.requestsPerSecond} req/s; holding ${rate} req/s for ${MINUTES} min`);

    const baseline = await server.memory(true);
    const buckets: { latencies: Latencies; failed: number }[] = [];
    const started = performance.now();
    const minutes: Minute[] = [];
    const running = server;
    const pending: Promise<void>[] = [];
    /** Closes minute `index`: its latencies so far, and the heap after a full collection. */
    const sampleMinute = (index: number) => {
      const bucket = buckets[index] ?? { latencies: new Latencies(), failed: 0 };
      const sample = running.memory(true).then((m) => {
        const sorted = bucket.latencies.sorted();
        const row: Minute = {
          minute: index + 1,
          requests: sorted.length,
          failed: bucket.failed,
          p50Ms: round(percentile(sorted, 50)),
          p99Ms: round(percentile(sorted, 99)),
          heapUsedMiB: MiB(m.heapUsed),
          rssMiB: MiB(m.rss),
        };
        minutes[index] = row;
        console.log(
          `minute ${row.minute}: ${row.requests} requests, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, heap ${row.heapUsedMiB} MiB, rss ${row.rssMiB} MiB`,
        );
      });
      pending.push(sample);
    };
    let sampled = 0;
    const timer = setInterval(() => {
      if (sampled < MINUTES) sampleMinute(sampled++);
    }, 60_000);
    const held = await drive(mix, {
      seconds: MINUTES * 60,
      connections: CONNECTIONS,
      overallRate: rate,
      onResponse: (status, ms) => {
        const index = Math.min(MINUTES - 1, Math.floor((performance.now() - started) / 60_000));
        buckets[index] ??= { latencies: new Latencies(), failed: 0 };
        buckets[index].latencies.push(ms);
        if (status < 200 || status >= 300) buckets[index].failed++;
      },
    });
    clearInterval(timer);
    // The last minute ends with the load, whether or not its timer fired first.
    while (sampled < MINUTES) sampleMinute(sampled++);
    await Promise.all(pending);
    const last = await server.memory(true);

    const third = Math.max(1, Math.floor(MINUTES / 3));
    const firstP99 = median(minutes.slice(0, third).map((m) => m.p99Ms));
    const lastP99 = median(minutes.slice(-third).map((m) => m.p99Ms));
    const p99Bound = round(Math.max(firstP99 * P99_DRIFT_RATIO, firstP99 + P99_DRIFT_SLACK_MS));
    const heapGrowth = last.heapUsed / baseline.heapUsed - 1;
    const problems: string[] = [];
    if (held.failed) problems.push(`${held.failed} requests failed`);
    if (lastP99 > p99Bound)
      problems.push(`p99 drifted from ${firstP99} ms to ${lastP99} ms (bound ${p99Bound} ms)`);
    if (heapGrowth > MAX_HEAP_GROWTH)
      problems.push(`heap grew ${(heapGrowth * 100).toFixed(1)}% (bound ${MAX_HEAP_GROWTH * 100}%)`);

    recordResult('soak', {
      machine: machine(),
      note: `${MINUTES < 30 ? `A short run of ${MINUTES} minutes (the soak is 30 by default). ` : ''}Shared 2-core machine: others run tests and builds at the same time, so figures are noisy (see loadAverageAtStart).`,
      database: kind,
      users: USERS,
      minutes: MINUTES,
      connections: CONNECTIONS,
      maximumRequestsPerSecond: max.requestsPerSecond,
      heldRequestsPerSecond: held.requestsPerSecond,
      targetRequestsPerSecond: rate,
      requests: held.requests,
      failed: held.failed,
      heapAfterGc: {
        startMiB: MiB(baseline.heapUsed),
        endMiB: MiB(last.heapUsed),
        growthPercent: round(heapGrowth * 100, 1),
        boundPercent: MAX_HEAP_GROWTH * 100,
      },
      p99: { firstThirdMs: firstP99, lastThirdMs: lastP99, boundMs: p99Bound },
      perMinute: minutes,
      passed: problems.length === 0,
      problems,
    });
    await server.stop();
    if (problems.length) {
      console.error(`soak failed:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        `soak passed: no failed request, p99 ${firstP99} → ${lastP99} ms, heap ${(heapGrowth * 100).toFixed(1)}%`,
      );
    }
  } finally {
    await stopStarted();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
