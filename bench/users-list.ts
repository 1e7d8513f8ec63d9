/**
 * Benchmark: a list page of 10 users from a table of 1,000,000 users, with the total, for every
 * filter the user page offers, on SQLite and PostgreSQL. Writes bench/results/users-list.json.
 *
 *   npm run bench -w bench -- users-list            (both databases; PostgreSQL via TEST_DATABASE_URL)
 *   USERS=200000 npx tsx bench/users-list.ts sqlite (a smaller run)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { nextId } from '../server/src/core/ids.js';
import { utcNow } from '../server/src/core/time.js';
import { createServer } from '../server/src/server.js';
import { recordResult } from './record.js';
import { benchPasswordDigest, generateUsers } from './users-data.js';

const USERS = Number(process.env.USERS ?? 1_000_000);
const REPEAT = Number(process.env.REPEAT ?? 40);
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function database(kind: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-users-'));
    return {
      url: `sqlite:${join(dir, 'bench.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://blade:blade@127.0.0.1:5432/blade_test';
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function run(kind: string) {
  const db = await database(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_MEMORY: '1024',
    PORT: '0',
  });
  const app = await createServer(config);
  const { data, hasher } = app.services;
  try {
    const root = data.unscoped();
    const head = await root
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const role = await root
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const depts: number[] = [];
    const now = utcNow();
    for (let i = 0; i < 20; i++) {
      const id = nextId();
      depts.push(id);
      await root
        .insertInto('blade_dept')
        .values({
          id,
          tenant_id: '000000',
          parent_id: head.id,
          ancestors: `0,${head.id}`,
          dept_category: 2,
          dept_name: `部门${i}`,
          full_name: null,
          sort: i,
          remark: null,
          create_user: null,
          create_dept: null,
          create_time: now,
          update_user: null,
          update_time: now,
        })
        .execute();
    }
    const t0 = Date.now();
    await generateUsers(data, {
      tenantId: '000000',
      count: USERS,
      deptIds: depts,
      roleId: role.id,
      passwordHash: await hasher.hash(benchPasswordDigest),
    });
    const loadSeconds = (Date.now() - t0) / 1000;
    if (data.dialect === 'postgres')
      await root
        .executeQuery({
          sql: 'VACUUM ANALYZE blade_user',
          parameters: [],
          query: { kind: 'RawNode' },
        } as never)
        .catch(() => {});
    else
      await root
        .executeQuery({ sql: 'ANALYZE', parameters: [], query: { kind: 'RawNode' } } as never)
        .catch(() => {});

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await fetch(
      `${address}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=21232f297a57a5a743894a0e4a801fc3&grant_type=password`,
      {
        method: 'POST',
        headers: { authorization: BASIC },
      },
    ).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const cases: Record<string, string> = {
      'first page': 'current=1&size=10',
      'page 5000': 'current=5000&size=10',
      'account starts with': 'current=1&size=10&account=u12345',
      'real name contains': `current=1&size=10&realName=${encodeURIComponent('王伟')}`,
      'phone starts with': 'current=1&size=10&phone=1312345',
      department: `current=1&size=10&deptId=${depts[3]}`,
      'created in a month':
        'current=1&size=10&createTime_dategt=2025-03-01%2000:00:00&createTime_datelt=2025-04-01%2000:00:00',
      'oldest first': 'current=1&size=10&ascs=createTime',
    };
    const results: Record<string, { firstMs: number; medianMs: number; p95Ms: number; total: number }> = {};
    for (const [name, query] of Object.entries(cases)) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REPEAT; i++) {
        const start = performance.now();
        const res = await fetch(`${address}/api/blade-user/page?${query}`, {
          headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
        });
        const body = (await res.json()) as { code: number; data: { total: number } };
        times.push(performance.now() - start);
        if (body.code !== 200) throw new Error(`${name}: ${JSON.stringify(body)}`);
        total = body.data.total;
      }
      // The first request counts the total; later ones (paging, reloads) reuse it until a write.
      results[name] = {
        firstMs: Number(times[0]!.toFixed(2)),
        medianMs: Number(median(times).toFixed(2)),
        p95Ms: Number(p95(times).toFixed(2)),
        total,
      };
      console.log(
        kind,
        name.padEnd(20),
        `first ${results[name].firstMs} ms`,
        `median ${results[name].medianMs} ms`,
        `p95 ${results[name].p95Ms} ms`,
        `total ${total}`,
      );
    }
    return { users: USERS, loadSeconds, results };
  } finally {
    await app.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = process.argv.slice(2).filter((a) => a === 'sqlite' || a === 'postgres');
const out: Record<string, unknown> = {};
for (const kind of kinds.length ? kinds : ['sqlite', 'postgres']) out[kind] = await run(kind);
recordResult('users-list', {
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  budgetMs: 50,
  ...out,
});
