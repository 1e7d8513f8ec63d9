/**
 * Benchmark: ours beside a peer, Directus 11.1 (the Node back-office API a user would otherwise
 * pick), on the same 1,000,000 users: a first page with its total, a prefix search, a contains
 * search, a page at offset 500,000, a row by id, a create and a sign-in, each as the
 * administrator and as a non-administrator, cold (our count cache and its response cache off)
 * and warm (both on). Requests go one at a time, ours and the peer's in turn, so both see the
 * same load; each figure is a median. SQLite, or PostgreSQL or MySQL for both when
 * BENCH_DATABASE_URL names a server (postgres://… or mysql://…). Writes bench/results/peer.json
 * with the ratio peer ÷ ours (above 1: ours is faster).
 *
 *   npm run bench -- peer          USERS=100000 REPEAT=15 npx tsx bench/peer.ts
 *
 * Directus is installed once into BENCH_PEER_DIR (default: <tmp>/blade-bench-peer); the loaded
 * databases are kept there (SQLite files) or on the database server (databases named
 * bench_prep_<fingerprint>_*, blade_bench_prep_… on MySQL) and copied for each run, until the
 * migrations or the generator change. Drop them with BENCH_PEER_CLEAN=1. MySQL has no template
 * databases: each mode runs on the kept ones, and the users it created are deleted after it.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { md5 } from '../server/src/core/digest.js';
import { nextId } from '../server/src/core/ids.js';
import { mysqlPoolOptions } from '../server/src/db/dialects/mysql.js';
import { createServer } from '../server/src/server.js';
import { benchKind, machine, mysqlAdmin, settle, urlOf } from './harness.js';
import { round } from './load.js';
import {
  bootstrapPeer,
  configurePeer,
  installPeer,
  loadPeerRows,
  PEER_ADMIN,
  PEER_CLERK,
  PEER_TABLE,
  PEER_VERSION,
  peerEnv,
  peerSignIn,
  startPeer,
} from './peer-directus.js';
import { recordResult } from './record.js';
import { BASIC, signIn } from './routes.js';
import { bundleServer, PORTS, serverEnv, startFloor, startServer, stopStarted } from './server-process.js';
import { seedUsers } from './users-data.js';

const kind = benchKind();
const USERS = Number(process.env.USERS ?? 1_000_000);
const REPEAT = Number(process.env.REPEAT ?? 25);
/** Sign-ins and creates hash a password each (tens to hundreds of ms): fewer of them. */
const SLOW_REPEAT = Math.max(5, Math.round(REPEAT / 3));
const BLOCK = Number(process.env.BENCH_PEER_BLOCK ?? 5);
const SCRATCH = process.env.BENCH_PEER_DIR ?? join(tmpdir(), 'blade-bench-peer');
const PEER_DIR = join(SCRATCH, `directus-${PEER_VERSION}`);
const CLERK = { account: 'clerk', password: 'clerk-pass-1234' };
const root = join(import.meta.dirname, '..');

/** What the loaded data depends on: our migrations, the generator, the peer's table, the count. */
function fingerprint(): string {
  const hash = createHash('sha1').update(`${kind} ${USERS} ${PEER_VERSION}`);
  const migrations = join(root, 'server', 'src', 'db', 'migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(readFileSync(join(migrations, file)));
  for (const file of ['users-data.ts', 'bulk.ts', 'mysql-bulk.ts', 'peer-directus.ts'])
    hash.update(readFileSync(join(import.meta.dirname, file)));
  return hash.digest('hex').slice(0, 10);
}

/** Administration on the server of BENCH_DATABASE_URL (the role needs CREATEDB). */
const admin = process.env.BENCH_DATABASE_URL ?? '';
/** MySQL's local test user may create only databases named blade_%. */
const PREP = kind === 'mysql' ? 'blade_bench_prep' : 'bench_prep';
async function pgAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}
const pgUrl = (name: string): string => urlOf(admin, name);

/** Runs statements on one MySQL database of ours. */
async function onMysql<T>(
  url: string,
  run: (query: (statement: string) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const { connectionLimit: _, ...settings } = mysqlPoolOptions(url, {});
  const c = await createConnection(settings);
  try {
    return await run(async (statement) => (await c.query(statement))[0]);
  } finally {
    await c.end();
  }
}

interface Stores {
  ours: string;
  peer: string;
}

/** Where the prepared data lives, and whether it is complete. */
function prepared(print: string): { stores: Stores; ready(): Promise<boolean>; markReady(): Promise<void> } {
  if (kind === 'sqlite') {
    const dir = join(SCRATCH, 'prepared', print);
    const marker = join(dir, 'ready');
    return {
      stores: { ours: `sqlite:${join(dir, 'ours.db')}`, peer: `sqlite:${join(dir, 'peer.db')}` },
      ready: async () => existsSync(marker),
      markReady: async () => writeFileSync(marker, new Date().toISOString()),
    };
  }
  const names = { ours: `${PREP}_${print}_ours`, peer: `${PREP}_${print}_peer` };
  if (kind === 'mysql')
    return {
      stores: { ours: pgUrl(names.ours), peer: pgUrl(names.peer) },
      ready: () =>
        mysqlAdmin(admin, async (q) => {
          const marked = (await q(
            `select count(*) as n from information_schema.tables where table_schema = '${names.peer}' and table_name = 'bench_prepared'`,
          )) as { n: number }[];
          return Number(marked[0]?.n) === 1;
        }),
      markReady: () =>
        onMysql(pgUrl(names.peer), (q) => q('create table bench_prepared (at datetime)')).then(() => {}),
    };
  return {
    stores: { ours: pgUrl(names.ours), peer: pgUrl(names.peer) },
    ready: () =>
      pgAdmin(async (c) => {
        const { rows } = await c.query('select datname from pg_database where datname = any($1)', [
          [names.ours, names.peer],
        ]);
        if (rows.length < 2) return false;
        const peer = new pg.Client({ connectionString: pgUrl(names.peer) });
        await peer.connect();
        const marked = await peer.query("select to_regclass('bench_prepared') is not null as ready");
        await peer.end();
        return Boolean(marked.rows[0]?.ready);
      }),
    markReady: async () => {
      const peer = new pg.Client({ connectionString: pgUrl(names.peer) });
      await peer.connect();
      await peer.query('create table bench_prepared (at timestamp)');
      await peer.end();
    },
  };
}

/** Drops prepared data of this database kind but other fingerprints (with BENCH_PEER_CLEAN, this one's too). */
async function dropPrepared(keep: string | undefined): Promise<void> {
  if (kind === 'sqlite') {
    const dir = join(SCRATCH, 'prepared');
    if (existsSync(dir))
      for (const print of readdirSync(dir)) if (print !== keep) rmSync(join(dir, print), { recursive: true });
    return;
  }
  if (kind === 'mysql') {
    await mysqlAdmin(admin, async (q) => {
      const kept = (await q(`show databases like '${PREP.replaceAll('_', '\\_')}\\_%'`)) as Record<
        string,
        string
      >[];
      for (const name of kept.map((row) => Object.values(row)[0]!))
        if (!keep || !name.startsWith(`${PREP}_${keep}_`)) await q(`drop database ${name}`);
    });
    return;
  }
  await pgAdmin(async (c) => {
    const { rows } = await c.query("select datname from pg_database where datname like 'bench_prep_%'");
    for (const { datname } of rows as { datname: string }[])
      if (!keep || !datname.startsWith(`bench_prep_${keep}_`))
        await c.query(`drop database ${datname} with (force)`);
  });
}

async function createStore(url: string): Promise<void> {
  if (kind === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    mkdirSync(join(file, '..'), { recursive: true });
    rmSync(file, { force: true });
    return;
  }
  const name = new URL(url).pathname.slice(1);
  if (kind === 'mysql') {
    await mysqlAdmin(admin, async (q) => {
      await q(`drop database if exists ${name}`);
      await q(`create database ${name} character set utf8mb4`);
    });
    return;
  }
  await pgAdmin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
}

/** Our side: the migrated database, the users, a non-administrator allowed the user screen. */
async function prepareOurs(url: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-peer-'));
  const app: FastifyInstance = await createServer(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
  );
  try {
    const started = Date.now();
    await seedUsers(app, { count: USERS, deptIds: Array.from({ length: 20 }, () => nextId()) });
    console.log(`ours: ${USERS} users in ${Math.round((Date.now() - started) / 1000)} s`);
    const token = (
      await app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password`,
        headers: { authorization: BASIC },
      })
    ).json<{ access_token: string }>().access_token;
    const call = async <T>(url: string, payload: unknown): Promise<T> => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
      });
      const body = res.json<{ code: number; data: T }>();
      if (body.code !== 200) throw new Error(`${url}: ${res.body}`);
      return body.data;
    };
    const role = await call<{ id: string }>('/api/blade-system/role/submit', {
      roleName: 'clerk',
      roleAlias: 'clerk',
      sort: 1,
    });
    const db = app.services.data.unscoped();
    const menus = await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', 'in', ['system', 'user', 'user_add', 'user_view'])
      .execute();
    await call('/api/blade-system/role/grant', {
      roleIds: role.id,
      menuIds: menus.map((m) => String(m.id)).join(','),
      dataScopeIds: '',
      apiScopeIds: '',
    });
    const dept = await db
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('parent_id', '=', 0)
      .executeTakeFirstOrThrow();
    await call('/api/blade-user/submit', {
      account: CLERK.account,
      password: md5(CLERK.password),
      realName: '办事员',
      roleId: role.id,
      deptId: String(dept.id),
    });
    // An administrator's new user changes the one-time password at the first sign-in; a clerk
    // at work has done so.
    await db
      .updateTable('blade_user')
      .set({ password_change: 0 })
      .where('account', '=', CLERK.account)
      .execute();
    await settle(app, kind);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Pages of our user rows after an id, every column, to copy into the peer. */
async function ourRows(url: string): Promise<{
  rows(after: number, limit: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}> {
  const query = 'select * from blade_user where id > $1 order by id limit $2';
  if (kind === 'sqlite') {
    const db = new SQLite(url.slice('sqlite:'.length), { readonly: true });
    const page = db.prepare(query.replace('$1', '?').replace('$2', '?'));
    return {
      rows: async (after, limit) => page.all(after, limit) as Record<string, unknown>[],
      close: async () => {
        db.close();
      },
    };
  }
  if (kind === 'mysql') {
    const { connectionLimit: _, ...settings } = mysqlPoolOptions(url, {});
    const c = await createConnection(settings);
    const page = query.replace('$1', '?').replace('$2', '?');
    return {
      rows: async (after, limit) => (await c.query(page, [after, limit]))[0] as Record<string, unknown>[],
      close: () => c.end(),
    };
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return {
    rows: async (after, limit) => (await c.query(query, [after, limit])).rows,
    close: () => c.end(),
  };
}

async function preparePeer(cli: string, oursUrl: string, peerUrl: string): Promise<void> {
  const env = peerEnv(PEER_DIR, peerUrl, PORTS.peer, false);
  bootstrapPeer(cli, PEER_DIR, env);
  const source = await ourRows(oursUrl);
  try {
    const started = Date.now();
    const copied = await loadPeerRows(kind, peerUrl, source.rows);
    console.log(`peer: ${copied} users copied in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await source.close();
  }
  const peer = await startPeer(cli, PEER_DIR, env);
  try {
    await configurePeer(peer.url);
  } finally {
    await peer.stop();
  }
}

/** A working copy of prepared data for this run. */
async function copyStore(url: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `bench-peer-${label}-`));
    const file = join(dir, `${label}.db`);
    copyFileSync(url.slice('sqlite:'.length), file);
    return { url: `sqlite:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (kind === 'mysql') {
    // No template databases: the kept one itself, less the users this mode created (the
    // triggers take them off the counters as they go).
    const table = label === 'ours' ? 'blade_user' : PEER_TABLE;
    return {
      url,
      drop: () =>
        onMysql(url, (q) => q(`delete from ${table} where account regexp '^p(cold|warm)'`)).then(() => {}),
    };
  }
  const name = `bench_run_${randomBytes(4).toString('hex')}_${label}`;
  const template = new URL(url).pathname.slice(1);
  await pgAdmin((c) => c.query(`create database ${name} template ${template}`));
  return {
    url: pgUrl(name),
    drop: () => pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

interface Timing {
  medianMs: number;
  p95Ms: number;
  /** The list's total as answered (ours `total`, the peer's `filter_count`). */
  total?: number;
}

interface Pair {
  ours: Timing;
  peer: Timing;
  /** Bare Fastify answering as many bytes as ours did, through the same client: the HTTP layer's floor. */
  floor?: Timing;
  /** Peer median ÷ ours: above 1, ours is faster. */
  ratio: number;
}

type Call = (i: number) => Promise<number | undefined>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

/**
 * Times each side's call `times` times, after two of each unmeasured, in blocks of BLOCK calls:
 * ours, the peer's, then the floor's, round after round. A call timed just after the other
 * server's pays for the CPU caches and buffers that server has just taken over (the peer's cold
 * list runs 10–100 times longer than ours), which says nothing about either; in blocks each side
 * is timed after its own calls, one at a time, and the rounds spread any drift in load over all.
 */
async function pair(sides: { ours: Call; peer: Call; floor?: Call }, times: number): Promise<Pair> {
  const named = (['ours', 'peer', 'floor'] as const).flatMap((side) => {
    const call = sides[side];
    return call ? [[side, call] as const] : [];
  });
  for (const warmUp of [-1, -2]) for (const [, call] of named) await call(warmUp);
  const t = { ours: [] as number[], peer: [] as number[], floor: [] as number[] };
  const totals: { ours?: number; peer?: number } = {};
  for (let first = 0; first < times; first += BLOCK) {
    for (const [side, call] of named) {
      for (let i = first; i < Math.min(times, first + BLOCK); i++) {
        const start = performance.now();
        const total = await call(i);
        t[side].push(performance.now() - start);
        if (total !== undefined && side !== 'floor') totals[side] = total;
      }
    }
  }
  const timing = (xs: number[], total?: number): Timing => ({
    medianMs: round(median(xs)),
    p95Ms: round(p95(xs)),
    ...(total !== undefined ? { total } : {}),
  });
  return {
    ours: timing(t.ours, totals.ours),
    peer: timing(t.peer, totals.peer),
    ...(sides.floor ? { floor: timing(t.floor) } : {}),
    ratio: round(median(t.peer) / median(t.ours)),
  };
}

function parsed(res: Response, text: string, what: string): Record<string, unknown> {
  const body = JSON.parse(text) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return body;
}

const json = async (res: Response, what: string) => parsed(res, await res.text(), what);

/** The calls of each case, ours and the peer's (and the floor's for reads), for one signed-in role. */
function cases(
  ours: { url: string; token: string; roleId: string; deptId: string; signIn: () => Promise<unknown> },
  peer: { url: string; token: string; signIn: () => Promise<unknown> },
  floorUrl: string,
  byId: string,
  tag: string,
): Record<string, { ours: Call; peer: Call; floor?: Call; times: number }> {
  /** A read: ours, the peer's, and the floor answering as many bytes as ours last did. */
  const read = (oursPath: string, peerPath: string) => {
    let bytes = 0;
    return {
      ours: async () => {
        const res = await fetch(`${ours.url}${oursPath}`, {
          headers: { authorization: BASIC, 'blade-auth': `bearer ${ours.token}` },
        });
        const text = await res.text();
        bytes = Buffer.byteLength(text);
        return (parsed(res, text, oursPath).data as { total?: number }).total;
      },
      peer: async () => {
        const res = await fetch(`${peer.url}${peerPath}`, {
          headers: { authorization: `Bearer ${peer.token}` },
        });
        const body = await json(res, peerPath);
        return (body.meta as { filter_count?: number } | undefined)?.filter_count;
      },
      floor: async () => {
        await json(await fetch(`${floorUrl}/bare?size=${bytes}`), 'floor');
        return undefined;
      },
      times: REPEAT,
    };
  };
  const page = (extra: string) => `/api/blade-user/page?size=10${extra}`;
  const items = (extra: string) =>
    `/items/${PEER_TABLE}?limit=10&sort=-create_time,-id&meta=filter_count${extra}`;
  const contains = encodeURIComponent('王伟');
  return {
    list: read(page('&current=1'), items('&page=1')),
    prefix: read(page('&current=1&account=u12345'), items('&page=1&filter[account][_starts_with]=u12345')),
    contains: read(
      page(`&current=1&realName=${contains}`),
      items(`&page=1&filter[real_name][_contains]=${contains}`),
    ),
    deepPage: read(page('&current=50001'), items('&page=50001')),
    byId: read(`/api/blade-user/detail?id=${byId}`, `/items/${PEER_TABLE}/${byId}`),
    create: {
      ours: async (i) => {
        await json(
          await fetch(`${ours.url}/api/blade-user/submit`, {
            method: 'POST',
            headers: {
              authorization: BASIC,
              'blade-auth': `bearer ${ours.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              account: `p${tag}${i + 10}`,
              password: md5('pass-1234'),
              realName: '压测',
              roleId: ours.roleId,
              deptId: ours.deptId,
            }),
          }),
          'ours create',
        );
        return undefined;
      },
      peer: async (i) => {
        const now = new Date().toISOString().replace('T', ' ').slice(0, 23);
        await json(
          await fetch(`${peer.url}/items/${PEER_TABLE}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${peer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              tenant_id: '000000',
              account: `p${tag}${i + 10}`,
              password: 'pass-1234',
              real_name: '压测',
              create_time: now,
              update_time: now,
            }),
          }),
          'peer create',
        );
        return undefined;
      },
      times: SLOW_REPEAT,
    },
    signIn: {
      ours: async () => {
        await ours.signIn();
        return undefined;
      },
      peer: async () => {
        await peer.signIn();
        return undefined;
      },
      times: SLOW_REPEAT,
    },
  };
}

async function oursToken(url: string, who: { account: string; password: string }): Promise<string> {
  const res = await fetch(
    `${url}/api/blade-auth/oauth/token?tenantId=000000&username=${who.account}&password=${md5(who.password)}&grant_type=password&scope=all`,
    { method: 'POST', headers: { authorization: BASIC } },
  );
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${who.account} failed: HTTP ${res.status}`);
  return body.access_token;
}

async function measureMode(
  mode: 'cold' | 'warm',
  bundle: string,
  cli: string,
  stores: Stores,
): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-peer-data-'));
  const loadBefore = loadavg().map((n) => round(n));
  try {
    const floor = await startFloor();
    const ours = await startServer(bundle, PORTS.peerOurs, {
      ...serverEnv(dataDir, stores.ours),
      LIST_COUNT_CACHE: mode === 'warm' ? 'true' : 'false',
    });
    const peer = await startPeer(cli, PEER_DIR, peerEnv(PEER_DIR, stores.peer, PORTS.peer, mode === 'warm'));
    const adminToken = await signIn(ours.url);
    const asAdmin = async (path: string) =>
      (
        await json(
          await fetch(`${ours.url}${path}`, {
            headers: { authorization: BASIC, 'blade-auth': `bearer ${adminToken}` },
          }),
          path,
        )
      ).data as { records: Record<string, string>[] };
    const clerkToken = await oursToken(ours.url, CLERK);
    const clerk = (await asAdmin(`/api/blade-user/page?current=1&size=1&account=${CLERK.account}`))
      .records[0]!;
    const middle = await asAdmin(`/api/blade-user/page?current=${Math.floor(USERS / 20)}&size=10`);
    const byId = String(middle.records[0]?.id);
    const roles = {
      admin: {
        ours: { account: 'admin', password: 'admin', token: adminToken },
        peer: PEER_ADMIN,
      },
      nonAdmin: {
        ours: { ...CLERK, token: clerkToken },
        peer: PEER_CLERK,
      },
    };
    const out: Record<string, Record<string, Pair>> = {};
    for (const [role, who] of Object.entries(roles)) {
      const peerToken = await peerSignIn(peer.url, who.peer);
      const list = cases(
        {
          url: ours.url,
          token: who.ours.token,
          roleId: String(clerk.roleId),
          deptId: String(clerk.deptId),
          signIn: () => oursToken(ours.url, who.ours),
        },
        { url: peer.url, token: peerToken, signIn: () => peerSignIn(peer.url, who.peer) },
        floor.url,
        byId,
        `${mode}${role}${Date.now() % 100000}`,
      );
      out[role] = {};
      for (const [name, c] of Object.entries(list)) {
        const result = await pair(c, c.times);
        out[role][name] = result;
        console.log(
          `${kind} ${mode} ${role.padEnd(8)} ${name.padEnd(9)}`,
          `ours ${String(result.ours.medianMs).padStart(8)} ms`,
          `peer ${String(result.peer.medianMs).padStart(8)} ms`,
          result.floor ? `floor ${String(result.floor.medianMs).padStart(6)} ms` : '',
          `ratio ${result.ratio}`,
          result.ours.total !== undefined ? `totals ${result.ours.total} / ${result.peer.total}` : '',
        );
      }
    }
    // Others share this machine: the load while this mode was measured, from its start to its end.
    return { loadAverage: { start: loadBefore, end: loadavg().map((n) => round(n)) }, ...out };
  } finally {
    await stopStarted();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const print = fingerprint();
  await dropPrepared(process.env.BENCH_PEER_CLEAN ? undefined : print);
  const { cli, installSeconds } = installPeer(PEER_DIR);
  const store = prepared(print);
  let prepareSeconds: number | 'reused' = 'reused';
  if (!(await store.ready())) {
    const started = Date.now();
    await createStore(store.stores.ours);
    await createStore(store.stores.peer);
    await prepareOurs(store.stores.ours);
    await preparePeer(cli, store.stores.ours, store.stores.peer);
    await store.markReady();
    prepareSeconds = Math.round((Date.now() - started) / 1000);
  }
  const bundle = await bundleServer();
  const modes: Record<string, unknown> = {};
  for (const mode of ['cold', 'warm'] as const) {
    const ours = await copyStore(store.stores.ours, 'ours');
    const peer = await copyStore(store.stores.peer, 'peer');
    try {
      modes[mode] = await measureMode(mode, bundle, cli, { ours: ours.url, peer: peer.url });
    } finally {
      await ours.drop();
      await peer.drop();
    }
  }
  recordResult('peer', {
    machine: machine(),
    peer: {
      name: 'Directus',
      version: PEER_VERSION,
      installedWith: `npm on Node ${process.version}`,
      installSeconds,
    },
    differences: [
      'Password hashes: ours argon2id m=19456 KiB, t=2, p=1 (the product default); Directus argon2id m=65536 KiB, t=3, p=4 (its default). Sign-in and create pay them.',
      'SQLite journal: ours WAL with synchronous=NORMAL; Directus its default rollback journal (journal_mode=delete, synchronous=FULL), which syncs to disk on every commit. PostgreSQL, MariaDB: both on the same server with its settings.',
      'MariaDB: no template databases, so each mode runs on the loaded databases themselves (not copies), and the users a mode creates are deleted after it. Ours were loaded with the insert triggers lifted and their counters and contains postings written set-based (bench/mysql-bulk.ts), the same as the triggers leave.',
      'Lists: ours filter the tenant and live rows (tenant_id = ?, is_deleted = 0) and answer the columns the user page shows; Directus reads its collection unfiltered (it has neither tenants nor soft delete) and answers every column. Both count the total: ours `total`, Directus `meta=filter_count`.',
      'Indexes: the same columns; ours lead with the tenant and hold live rows, and ours have the contains index and the live-row counters of migration 0011.',
      'Non-administrator: ours a role granted the user screen (list, view, add) without a data-scope rule; Directus a role whose policy allows read and create on the collection.',
      'Cold: our count cache off (LIST_COUNT_CACHE=false), Directus response cache off (its default). Warm: our count cache on (our default), Directus response cache on (memory, purged on writes). Each mode starts both servers afresh on fresh copies of the loaded databases; the OS page cache is not dropped, and two requests of each case are made before the timed ones.',
      `Both servers log at their default level (info), output discarded. One request at a time, in blocks of ${BLOCK}: ours, the peer's, then the floor's (bare Fastify answering as many bytes as ours, through the same client), round after round; a call timed right after the other server's would pay for the caches that server just used.`,
    ],
    [kind]: {
      users: USERS,
      repeat: REPEAT,
      slowRepeat: SLOW_REPEAT,
      prepareSeconds,
      ...modes,
    },
  });
}

await main();
