/**
 * Benchmark: throughput and latency of the API on a real server (a child process on 127.0.0.1,
 * fresh DATA_DIR, a database of 1,000,000 users), each route beside its physical limits measured
 * in the same run: bare Fastify answering an envelope of the same size, and, for the list, the
 * statements the request runs replayed through the raw driver. Also the server's memory at idle
 * and under load, and its start-up time (spawn to first answer) on an empty and on the big
 * database. SQLite, or PostgreSQL when BENCH_DATABASE_URL is set. Writes bench/results/api.json.
 *
 *   npm run bench -- api          USERS=100000 BENCH_SECONDS=3 npx tsx bench/api.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { nextId } from '../server/src/core/ids.js';
import { createServer } from '../server/src/server.js';
import { benchKind, database, machine } from './harness.js';
import { drive, Latencies, type LoadFigures, type LoadTarget, percentile, round } from './load.js';
import { recordResult } from './record.js';
import { apiTargets, BASIC, LIST, SIGN_IN, signIn } from './routes.js';
import {
  bundleServer,
  MiB,
  PORTS,
  serverEnv,
  startFloor,
  startServer,
  stopStarted,
} from './server-process.js';
import { seedUsers } from './users-data.js';

const kind = benchKind();
const USERS = Number(process.env.USERS ?? 1_000_000);
/** Measured seconds per route (after a warm-up of a fifth of that, at least one second). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STARTS = 3;

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Records the SQL statements `run` makes the app execute, by wrapping the drivers' query entry
 * points for its duration: the raw-driver limit then replays exactly what a request runs.
 */
async function captureStatements(run: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  if (kind === 'sqlite') {
    const probe = new SQLite(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as {
      all: (this: { source: string }, ...args: unknown[]) => unknown;
    };
    probe.close();
    const original = proto.all;
    proto.all = function (this: { source: string }, ...args: unknown[]) {
      seen.push({ sql: this.source, params: Array.isArray(args[0]) ? args[0] : [] });
      return original.apply(this, args);
    };
    try {
      await run();
    } finally {
      proto.all = original;
    }
    return seen;
  }
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    if (typeof args[0] === 'string')
      seen.push({ sql: args[0], params: Array.isArray(args[1]) ? args[1] : [] });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

interface DriverFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statements: string[];
}

/** The captured statements of one request, in order, as fast as the driver runs them. */
async function replay(databaseUrl: string, statements: Statement[], seconds: number): Promise<DriverFigures> {
  const latencies = new Latencies();
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  if (kind === 'sqlite') {
    // One connection, prepared once, in one thread: as the server holds it.
    const db = new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true });
    const prepared = statements.map((s) => ({ statement: db.prepare(s.sql), params: s.params }));
    while (performance.now() < end) {
      const t = performance.now();
      for (const p of prepared) p.statement.all(p.params);
      latencies.push(performance.now() - t);
      count++;
    }
    db.close();
  } else {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          for (const s of statements) await pool.query(s.sql, s.params);
          latencies.push(performance.now() - t);
          count++;
        }
      }),
    );
    await pool.end();
  }
  const sorted = latencies.sorted();
  return {
    requestsPerSecond: round(count / ((performance.now() - started) / 1000), 1),
    p50Ms: round(percentile(sorted, 50), 3),
    p99Ms: round(percentile(sorted, 99), 3),
    statements: statements.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 200)),
  };
}

/** Fills the database in process: the users, statistics, and the statements of one list request. */
async function prepare(
  env: Record<string, string>,
): Promise<{ seedSeconds: number; statements: Statement[] }> {
  const app: FastifyInstance = await createServer(loadConfig({ ...env, LOG_LEVEL: 'warn' }));
  try {
    const started = Date.now();
    await seedUsers(app, { count: USERS, deptIds: Array.from({ length: 20 }, () => nextId()) });
    const seedSeconds = (Date.now() - started) / 1000;
    await sql.raw(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(app.services.data.unscoped());
    const answer = await app.inject({ method: 'POST', url: SIGN_IN, headers: { authorization: BASIC } });
    const token = answer.json<{ access_token: string }>().access_token;
    const list = () =>
      app.inject({ url: LIST, headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` } });
    // The first request counts the total; later ones take it from the count cache, as in use.
    await list();
    const statements = await captureStatements(async () => {
      const res = await list();
      if (res.statusCode !== 200) throw new Error(`list: ${res.body}`);
    });
    return { seedSeconds, statements };
  } finally {
    await app.close();
  }
}

interface RouteFigures extends LoadFigures {
  method: string;
  path: string;
  bodyBytes: number;
  bare: LoadFigures;
  driver?: DriverFigures;
  /** How far the limits are above ours: their throughput ÷ ours, our p50 ÷ bare p50. */
  overhead: Record<string, number>;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const bundle = await bundleServer();
  const cleanup: (() => Promise<void>)[] = [];
  try {
    // Start-up on an empty database: migrations, seed, the administrator's password hash.
    const freshRuns: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const db = await database(kind);
      const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
      try {
        const s = await startServer(bundle, PORTS.api, serverEnv(dir, db.url));
        freshRuns.push(round(s.startupMs, 0));
        await s.stop();
      } finally {
        await db.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
    console.log(`start-up on an empty ${kind} database: ${freshRuns.join(', ')} ms`);

    const db = await database(kind);
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
    cleanup.push(async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const env = serverEnv(dataDir, db.url);
    const { seedSeconds, statements } = await prepare(env);
    console.log(
      `${USERS} users seeded in ${seedSeconds} s; a list request runs ${statements.length} statements`,
    );

    // Start-up on the big database; the last start is the server under test.
    const restartRuns: number[] = [];
    const restart = async () => {
      const started = await startServer(bundle, PORTS.api, env);
      restartRuns.push(round(started.startupMs, 0));
      return started;
    };
    for (let i = 1; i < STARTS; i++) await (await restart()).stop();
    const api = await restart();
    console.log(`start-up on ${USERS} users: ${restartRuns.join(', ')} ms`);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = await api.memory();

    const bare = await startFloor();
    const bareUrl = bare.url;

    const routes = apiTargets(api.url, await signIn(api.url));

    let peakRss = idle.rss;
    let peakHeap = idle.heapUsed;
    const sample = () => {
      api
        .memory()
        .then((m) => {
          peakRss = Math.max(peakRss, m.rss);
          peakHeap = Math.max(peakHeap, m.heapUsed);
        })
        .catch(() => {});
    };
    const warmup = Math.max(1, Math.round(SECONDS / 5));
    const results: Record<string, RouteFigures> = {};
    for (const [name, target] of Object.entries(routes)) {
      // One answer for its size (and to fail early on a wrong request).
      const probe = await fetch(target.url, {
        method: target.method ?? 'GET',
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        body: target.body,
      });
      const bodyBytes = Buffer.byteLength(await probe.text());
      if (!probe.ok) throw new Error(`${name}: HTTP ${probe.status}`);
      await drive(target, { seconds: warmup, connections: CONNECTIONS });
      const ours = await drive(target, { seconds: SECONDS, connections: CONNECTIONS, onTick: sample });
      if (ours.failed) throw new Error(`${name}: ${ours.failed} requests failed`);
      const bareTarget: LoadTarget = {
        url: `${bareUrl}/bare?size=${bodyBytes}`,
        method: target.method ?? 'GET',
        ...(target.body ? { body: target.body } : {}),
      };
      await drive(bareTarget, { seconds: warmup, connections: CONNECTIONS });
      const limit = await drive(bareTarget, { seconds: SECONDS, connections: CONNECTIONS });
      const u = new URL(target.url);
      results[name] = {
        method: target.method ?? 'GET',
        path: `${u.pathname}${u.search}`.replace(/password=[0-9a-f]+/, 'password=…'),
        bodyBytes,
        ...ours,
        bare: limit,
        overhead: {
          throughputVsBare: round(limit.requestsPerSecond / ours.requestsPerSecond, 1),
          p50VsBare: round(ours.p50Ms / Math.max(limit.p50Ms, 0.01), 1),
        },
      };
      console.log(
        name.padEnd(11),
        `${ours.requestsPerSecond} req/s`.padEnd(14),
        `p50 ${ours.p50Ms} ms`.padEnd(14),
        `p99 ${ours.p99Ms} ms`.padEnd(14),
        `| bare ${limit.requestsPerSecond} req/s, p50 ${limit.p50Ms} ms (${bodyBytes} B)`,
      );
    }
    const afterLoad = await api.memory();
    await bare.stop();

    // The database floor of the list, while the server sits idle.
    const driver = await replay(db.url, statements, SECONDS);
    const list = results.userList!;
    list.driver = driver;
    // Throughput only: the driver's latency is one request at a time, ours under CONNECTIONS.
    list.overhead.throughputVsDriver = round(driver.requestsPerSecond / list.requestsPerSecond, 1);
    console.log(`userList via the driver: ${driver.requestsPerSecond} req/s, p50 ${driver.p50Ms} ms`);

    await api.stop();
    recordResult('api', {
      machine: machine(),
      note: 'Shared 2-core machine: others run tests and builds at the same time, so figures are noisy (see loadAverageAtStart).',
      [kind]: {
        users: USERS,
        seedSeconds,
        settings: {
          connections: CONNECTIONS,
          seconds: SECONDS,
          logLevel: 'info',
        },
        startup: {
          emptyDatabaseMs: median(freshRuns),
          emptyDatabaseRunsMs: freshRuns,
          bigDatabaseMs: median(restartRuns),
          bigDatabaseRunsMs: restartRuns,
        },
        memory: {
          idleRssMiB: MiB(idle.rss),
          idleHeapUsedMiB: MiB(idle.heapUsed),
          loadPeakRssMiB: MiB(peakRss),
          loadPeakHeapUsedMiB: MiB(peakHeap),
          afterLoadRssMiB: MiB(afterLoad.rss),
          afterLoadHeapUsedMiB: MiB(afterLoad.heapUsed),
        },
        routes: results,
      },
    });
  } finally {
    await stopStarted();
    for (const c of cleanup) await c();
  }
}

await main();
