import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { isMysqlUrl, mysqlPoolOptions } from '../server/src/db/dialects/mysql.js';
import { foldListCounts } from '../server/src/db/list-counts.js';
import { createServer } from '../server/src/server.js';
import { KINDS } from './record.js';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** A database the benchmarks run on: SQLite, PostgreSQL or MySQL (MariaDB). */
export type Kind = (typeof KINDS)[number];

/** The database kind of a server address: mysql:// or mariadb:// is MySQL, any other PostgreSQL. */
export const kindOfUrl = (url: string): Kind => (isMysqlUrl(url) ? 'mysql' : 'postgres');
/** The database a benchmark runs on: BENCH_DATABASE_URL's, else SQLite. */
export const benchKind = (): Kind =>
  process.env.BENCH_DATABASE_URL ? kindOfUrl(process.env.BENCH_DATABASE_URL) : 'sqlite';

/** The server a benchmark of this kind makes its databases on (BENCH_DATABASE_URL when of that kind). */
export function adminUrl(kind: 'postgres' | 'mysql'): string {
  const given = process.env.BENCH_DATABASE_URL;
  if (given && kindOfUrl(given) === kind) return given;
  if (kind === 'mysql') return process.env.TEST_MYSQL_URL ?? 'mysql://blade:blade@127.0.0.1:3306/blade_test';
  return process.env.TEST_DATABASE_URL ?? 'postgres://blade:blade@127.0.0.1:5432/blade_test';
}

/** The address of database `name` on the server of `admin`. */
export function urlOf(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on a MySQL server as the user of `admin` (no database chosen). */
export async function mysqlAdmin<T>(
  admin: string,
  run: (query: (statement: string) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const { connectionLimit: _, database: __, ...options } = mysqlPoolOptions(admin, {});
  const c = await createConnection(options);
  try {
    return await run(async (statement) => (await c.query(statement))[0]);
  } finally {
    await c.end();
  }
}

/**
 * A database nobody else uses: a temp SQLite file, or a new database on the PostgreSQL or MySQL
 * server of BENCH_DATABASE_URL (else TEST_DATABASE_URL / TEST_MYSQL_URL, else the local test
 * server; the role needs CREATEDB, and MySQL's local test user may create only `blade_%`).
 */
export async function database(kind: Kind): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
    return {
      url: `sqlite:${join(dir, 'bench.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = adminUrl(kind);
  if (kind === 'mysql') {
    const name = `blade_bench_${randomBytes(4).toString('hex')}`;
    await mysqlAdmin(admin, (q) => q(`create database ${name} character set utf8mb4`));
    return {
      url: urlOf(admin, name),
      drop: () => mysqlAdmin(admin, (q) => q(`drop database if exists ${name}`)).then(() => undefined),
    };
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  return {
    url: urlOf(admin, name),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

export interface Timing {
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  total: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

/**
 * Runs a benchmark against a real server on a fresh database of the given kind: `load` fills
 * it (bulk.ts), then each case is requested REPEAT times over HTTP as the administrator, cold
 * (LIST_COUNT_CACHE=false: every request reads its total) and warm (the count cache on, as by
 * default: the first request of a case reads the total, later ones reuse it until a write).
 */
export async function runListBench(
  kind: Kind,
  load: (app: FastifyInstance) => Promise<void>,
  cases: Record<string, string>,
): Promise<{ loadSeconds: number; cold: Record<string, Timing>; warm: Record<string, Timing> }> {
  const repeat = Number(process.env.REPEAT ?? 40);
  const db = await database(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const open = (cache: boolean) =>
    createServer(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_MEMORY: '1024',
        SEED_DEMO: 'false',
        LIST_COUNT_CACHE: String(cache),
      }),
    );
  try {
    const started = Date.now();
    const loader = await open(true);
    try {
      await load(loader);
      await settle(loader, kind);
    } finally {
      await loader.close();
    }
    const loadSeconds = (Date.now() - started) / 1000;
    const modes = { cold: {} as Record<string, Timing>, warm: {} as Record<string, Timing> };
    for (const mode of ['cold', 'warm'] as const) {
      const app = await open(mode === 'warm');
      try {
        const address = await app.listen({ host: '127.0.0.1', port: 0 });
        const token = await fetch(
          `${address}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password`,
          { method: 'POST', headers: { authorization: BASIC } },
        ).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
        const get = async (url: string, name: string) => {
          const res = await fetch(`${address}${url}`, {
            headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
          });
          const body = (await res.json()) as { code: number; data: { total: number } };
          if (body.code !== 200) throw new Error(`${name}: ${JSON.stringify(body)}`);
          return body.data.total;
        };
        // The server's first requests pay for compiling its code paths, not for the list.
        for (let i = 0; i < 5; i++) await get('/api/blade-user/page?current=1&size=10', 'warm-up');
        for (const [name, url] of Object.entries(cases)) {
          const times: number[] = [];
          let total = 0;
          for (let i = 0; i < repeat; i++) {
            const start = performance.now();
            total = await get(url, name);
            times.push(performance.now() - start);
          }
          const timing = {
            firstMs: round(times[0]!),
            medianMs: round(median(times)),
            p95Ms: round(p95(times)),
            total,
          };
          modes[mode][name] = timing;
          console.log(
            kind,
            mode,
            name.padEnd(22),
            `first ${timing.firstMs} ms`,
            `median ${timing.medianMs} ms`,
            `p95 ${timing.p95Ms} ms`,
            `total ${total}`,
          );
        }
      } finally {
        await app.close();
      }
    }
    return { loadSeconds, ...modes };
  } finally {
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const round = (n: number) => Number(n.toFixed(2));

/** Counter changes not folded in yet. */
async function pendingChanges(app: FastifyInstance): Promise<number> {
  const { rows } = await sql<{ pending: number | string }>`
    select (select count(*) from app_list_delta) + (select count(*) from app_gram_delta) as pending`.execute(
    app.services.data.unscoped(),
  );
  return Number(rows[0]?.pending ?? 0);
}

/** The tables a loaded list benchmark reads, analysed by name on MySQL (it has no whole-database ANALYZE). */
const LISTED = [
  'blade_user',
  'mall_order',
  'mall_product',
  'app_list_count',
  'app_gram_count',
  'app_gram_row',
];

/**
 * After a load: the counters' pending changes folded in (MySQL's triggers append one per row,
 * a million after a million rows, which every count would sum until the server folded them),
 * then fresh statistics, as the server's planner would have them on a database that grew slowly.
 */
export async function settle(app: FastifyInstance, kind: Kind): Promise<void> {
  const db = app.services.data.unscoped();
  const run = (statement: string) =>
    db.executeQuery({ sql: statement, parameters: [], query: { kind: 'RawNode' } } as never);
  await foldListCounts(db);
  if (kind === 'mysql') {
    // A fold finding another process folding leaves the rest to it: wait until none is left.
    for (let waited = 0; (await pendingChanges(app)) > 0; waited++) {
      if (waited > 600) throw new Error("the counters' changes were not folded in 10 minutes");
      await new Promise((done) => setTimeout(done, 1000));
      await foldListCounts(db);
    }
    for (const table of LISTED) await run(`analyze table ${table}`);
    return;
  }
  await run(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').catch(() => {});
}

/** Taken when a benchmark starts: others share this machine, and their load shows in the figures. */
const loadAtStart = loadavg().map((n) => Number(n.toFixed(2)));

export const machine = () => ({
  cpus: cpus().length,
  model: cpus()[0]?.model,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  loadAverageAtStart: loadAtStart,
});

/** The database kinds named on the command line (SQLite and PostgreSQL by default). */
export const kindsFromArgs = (): Kind[] => {
  const named = process.argv.slice(2).filter((a): a is Kind => KINDS.includes(a as Kind));
  return named.length ? named : ['sqlite', 'postgres'];
};
