/**
 * Benchmark: what request logging costs. Two server processes on one database, the product's
 * default (LOG_LEVEL=info: one line per answered request) and LOG_LEVEL=silent, driven in turn
 * for ROUNDS rounds of a few seconds each per route, so both see the same load; the cost is
 * 1 − (median requests/s with logging ÷ median without). API log rows (a product feature, written
 * for mutating calls at any level) are the same in both. Output goes to /dev/null: the figure is
 * the server's own work, not a log collector's. SQLite, or PostgreSQL when BENCH_DATABASE_URL
 * is set. Writes bench/results/logging.json.
 *
 *   npm run bench -- logging          ROUNDS=3 BENCH_SECONDS=3 npx tsx bench/logging.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.js';
import { nextId } from '../server/src/core/ids.js';
import { createServer } from '../server/src/server.js';
import { benchKind, database, machine } from './harness.js';
import { drive, round } from './load.js';
import { recordResult } from './record.js';
import { apiTargets, signIn } from './routes.js';
import { bundleServer, PORTS, serverEnv, startServer, stopStarted } from './server-process.js';
import { seedUsers } from './users-data.js';

const kind = benchKind();
const USERS = Number(process.env.USERS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUTES = ['userInfo', 'userList', 'submit'] as const;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const bundle = await bundleServer();
  const db = await database(kind);
  const dirs = [mkdtempSync(join(tmpdir(), 'bench-log-')), mkdtempSync(join(tmpdir(), 'bench-log-'))];
  try {
    const app = await createServer(
      loadConfig({ DATA_DIR: dirs[0], DATABASE_URL: db.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
    );
    await seedUsers(app, { count: USERS, deptIds: Array.from({ length: 20 }, () => nextId()) });
    await sql.raw(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(app.services.data.unscoped());
    await app.close();

    const levels = { on: 'info', off: 'silent' } as const;
    const started = {
      on: await startServer(bundle, PORTS.logging, { ...serverEnv(dirs[0]!, db.url), LOG_LEVEL: levels.on }),
      off: await startServer(bundle, PORTS.logging + 1, {
        ...serverEnv(dirs[1]!, db.url),
        LOG_LEVEL: levels.off,
      }),
    };
    const targets = {
      on: apiTargets(started.on.url, await signIn(started.on.url)),
      off: apiTargets(started.off.url, await signIn(started.off.url)),
    };
    const routes: Record<string, unknown> = {};
    for (const route of ROUTES) {
      const rps = { on: [] as number[], off: [] as number[] };
      for (const side of ['on', 'off'] as const)
        await drive(targets[side][route]!, { seconds: 1, connections: CONNECTIONS });
      for (let r = 0; r < ROUNDS; r++) {
        // Alternate which goes first, so neither always meets the other's after-effects.
        for (const side of r % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
          const figures = await drive(targets[side][route]!, { seconds: SECONDS, connections: CONNECTIONS });
          if (figures.failed)
            throw new Error(`${route} (logging ${side}): ${figures.failed} requests failed`);
          rps[side].push(figures.requestsPerSecond);
        }
      }
      const on = median(rps.on);
      const off = median(rps.off);
      routes[route] = {
        requestsPerSecondOn: on,
        requestsPerSecondOff: off,
        roundsOn: rps.on,
        roundsOff: rps.off,
        costPercent: round((1 - on / off) * 100, 1),
      };
      console.log(
        route.padEnd(9),
        `logging on ${on} req/s, off ${off} req/s, cost ${round((1 - on / off) * 100, 1)}%`,
      );
    }
    recordResult('logging', {
      machine: machine(),
      note: 'Logging on: LOG_LEVEL=info (the default); off: silent. Medians of alternating rounds, output to /dev/null.',
      [kind]: { users: USERS, rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, routes },
    });
  } finally {
    await stopStarted();
    await db.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

await main();
