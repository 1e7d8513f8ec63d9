/**
 * Benchmark: server CPU per request. A list page (10 users of USERS) asked by the administrator
 * and by a clerk whose role holds only the user screen, each driven for BENCH_SECONDS at
 * BENCH_CONNECTIONS; the server process's own CPU time (user + system, from /proc) divided by the
 * requests it answered. Beside it, in the same run, the floor: bare Fastify answering a body of
 * the same size. SQLite, or PostgreSQL when BENCH_DATABASE_URL is set. Writes
 * bench/results/request-cost.json.
 *
 *   npm run bench -- request-cost          USERS=100000 BENCH_SECONDS=4 npx tsx bench/request-cost.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/src/config.js';
import { md5 } from '../server/src/core/digest.js';
import { nextId } from '../server/src/core/ids.js';
import { createServer } from '../server/src/server.js';
import { benchKind, database, machine } from './harness.js';
import { drive, type LoadTarget, round } from './load.js';
import { recordResult } from './record.js';
import { BASIC, LIST, SIGN_IN, signIn } from './routes.js';
import { bundleServer, PORTS, serverEnv, startFloor, startServer, stopStarted } from './server-process.js';
import { seedUsers } from './users-data.js';

const kind = benchKind();
const USERS = Number(process.env.USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU milliseconds a process has used so far (user + system). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the name: state is field 3, utime field 14 and stime field 15 of the whole line.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

interface Cost {
  requestsPerSecond: number;
  p50Ms: number;
  cpuMsPerRequest: number;
}

/** Drives a target and answers the CPU the process used per answered request. */
async function costOf(pid: number, target: LoadTarget): Promise<Cost> {
  await drive(target, { seconds: 1, connections: CONNECTIONS });
  const before = cpuMs(pid);
  const load = await drive(target, { seconds: SECONDS, connections: CONNECTIONS });
  if (load.failed) throw new Error(`${target.url}: ${load.failed} requests failed`);
  return {
    requestsPerSecond: load.requestsPerSecond,
    p50Ms: load.p50Ms,
    cpuMsPerRequest: round((cpuMs(pid) - before) / load.requests, 4),
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const CLERK = { account: 'bench-clerk', password: 'bench-clerk-pass' };

/** In process, as the administrator: a role holding only the user screen, and a clerk in it. */
async function addClerk(app: FastifyInstance): Promise<void> {
  const admin = await app.inject({ method: 'POST', url: SIGN_IN, headers: { authorization: BASIC } });
  const headers = {
    authorization: BASIC,
    'blade-auth': `bearer ${admin.json<{ access_token: string }>().access_token}`,
  };
  const post = async (url: string, payload: Record<string, unknown>) => {
    const json = (await app.inject({ method: 'POST', url, headers, payload })).json<{
      success: boolean;
      data: { id: string };
      msg: string;
    }>();
    if (!json.success) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
  const role = await post('/api/blade-system/role/submit', {
    roleName: 'bench',
    roleAlias: 'bench',
    sort: 1,
  });
  const menus = await app.services.data.global
    .selectFrom('blade_menu')
    .select('id')
    .where('code', 'in', ['system', 'user'])
    .execute();
  await post('/api/blade-system/role/grant', { roleIds: role.id, menuIds: menus.map((m) => m.id).join(',') });
  const dept = await app.services.data
    .forTenant('000000')
    .selectFrom('blade_dept')
    .select('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await post('/api/blade-user/submit', {
    account: CLERK.account,
    password: md5(CLERK.password),
    realName: 'bench',
    roleId: role.id,
    deptId: String(dept.id),
  });
  // An administrator's new user changes the one-time password at the first sign-in; a clerk at
  // work has done so.
  await app.services.data
    .forTenant('000000')
    .updateTable('blade_user')
    .set({ password_change: 0 })
    .where('account', '=', CLERK.account)
    .execute();
}

async function clerkToken(url: string): Promise<string> {
  const res = await fetch(
    `${url}/api/blade-auth/oauth/token?tenantId=000000&username=${CLERK.account}&password=${md5(CLERK.password)}&grant_type=password&scope=all`,
    { method: 'POST', headers: { authorization: BASIC } },
  );
  const token = ((await res.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error('the clerk could not sign in');
  return token;
}

async function main(): Promise<void> {
  const bundle = await bundleServer();
  const db = await database(kind);
  const dir = mkdtempSync(join(tmpdir(), 'bench-cost-'));
  try {
    const env = serverEnv(dir, db.url);
    const app = await createServer(loadConfig({ ...env, LOG_LEVEL: 'warn' }));
    try {
      await seedUsers(app, { count: USERS, deptIds: Array.from({ length: 20 }, () => nextId()) });
      await addClerk(app);
    } finally {
      await app.close();
    }
    const server = await startServer(bundle, PORTS.cost, env);
    const bare = await startFloor();
    const admin = await signIn(server.url);
    const clerk = await clerkToken(server.url);
    const list = (token: string): LoadTarget => ({
      url: `${server.url}${LIST}`,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    });
    const bodyBytes = Buffer.byteLength(
      await (await fetch(list(admin).url, { headers: list(admin).headers })).text(),
    );
    const floor: LoadTarget = { url: `${bare.url}/bare?size=${bodyBytes}` };

    // Rounds in turn, so the three see the same machine; the median of each is recorded.
    const runs: Record<'administrator' | 'clerk' | 'bare', Cost[]> = {
      administrator: [],
      clerk: [],
      bare: [],
    };
    for (let i = 0; i < ROUNDS; i++) {
      runs.administrator.push(await costOf(server.pid, list(admin)));
      runs.clerk.push(await costOf(server.pid, list(clerk)));
      runs.bare.push(await costOf(bare.pid, floor));
    }
    const summary = (costs: Cost[]) => ({
      cpuMsPerRequest: median(costs.map((c) => c.cpuMsPerRequest)),
      requestsPerSecond: median(costs.map((c) => c.requestsPerSecond)),
      p50Ms: median(costs.map((c) => c.p50Ms)),
      runs: costs,
    });
    const figures = {
      administrator: summary(runs.administrator),
      clerk: summary(runs.clerk),
      bare: summary(runs.bare),
    };
    const ratios = {
      clerkVsAdministrator: round(figures.clerk.cpuMsPerRequest / figures.administrator.cpuMsPerRequest, 2),
      administratorVsBare: round(figures.administrator.cpuMsPerRequest / figures.bare.cpuMsPerRequest, 1),
    };
    for (const [who, f] of Object.entries(figures))
      console.log(
        who.padEnd(14),
        `${f.cpuMsPerRequest} ms CPU/request`.padEnd(24),
        `${f.requestsPerSecond} req/s`,
      );
    console.log(ratios);
    recordResult('request-cost', {
      machine: machine(),
      note: 'CPU of the server process per answered request, from /proc (10 ms ticks over thousands of requests). LOG_LEVEL=info, as the product runs. Shared 2-core machine: the load generator runs beside the server.',
      [kind]: {
        users: USERS,
        path: LIST,
        bodyBytes,
        connections: CONNECTIONS,
        seconds: SECONDS,
        ...figures,
        ratios,
      },
    });
  } finally {
    await stopStarted();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
