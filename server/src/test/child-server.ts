import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { md5 } from '../core/digest.js';
import { BASIC, freshDatabase } from './harness.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(SRC, 'main.ts');
/** The server with the test jobs of the scheduler's cluster tests. */
export const JOB_CHILD = join(SRC, 'test', 'job-child.ts');

/** A port in 19000–19999 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 19000 + Math.floor(Math.random() * 1000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 19000-19999');
}

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  /** What the process wrote so far (shown when it fails to start). */
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight transactions are cut. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
}

/**
 * The real server (server/src/main.ts through tsx, no build needed) as a child process, so a
 * test can kill it like an operating system would. Answers once it accepts HTTP.
 */
export async function startChildServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  /** The module to run instead of main.ts (a test's own entry, e.g. test/job-child.ts). */
  entry = MAIN,
): Promise<ChildServer> {
  const port = await freePort();
  // One process (node with the tsx loader), not `npx tsx`, whose wrapper would survive a SIGKILL.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PASSWORD_HASH_MEMORY: '1024',
      ...env,
    },
    cwd: join(SRC, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  const server: ChildServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    output: () => log,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      // Any answer, even a 404, means the server listens.
      await fetch(`${server.baseUrl}/api/ready-probe`);
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await server.kill();
  throw new Error(`server did not listen within ${timeoutMs} ms:\n${log}`);
}

/** Signs in over HTTP as the seeded administrator; answers the access token. */
export async function httpToken(baseUrl: string): Promise<string> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
    grant_type: 'password',
    scope: 'all',
  });
  const res = await fetch(`${baseUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC },
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** An envelope with the id of what a call wrote. */
export type Written = { code: number; success: boolean; data: Record<string, unknown> & { id: string } };

/** POSTs JSON as the token's bearer; throws unless the call succeeded. */
export async function postOk(
  server: ChildServer,
  token: string,
  path: string,
  body: unknown,
): Promise<Written> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Written;
  if (res.status !== 200 || !answer.success)
    throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Runs `workers` loops of `write` against the server, kills it (SIGKILL) once `acknowledged()`
 * reaches `enough` (or after 10 s), and answers how many writes the kill cut off. Only a write
 * the kill cut off may fail; any other failure is thrown.
 */
export async function killMidWrites(
  server: ChildServer,
  options: {
    workers: number;
    enough: number;
    acknowledged: () => number;
    write: (worker: number) => Promise<void>;
  },
): Promise<number> {
  let cut = 0;
  let stopped = false;
  const loop = async (worker: number) => {
    while (!stopped) {
      try {
        await options.write(worker);
      } catch (error) {
        if (!stopped) throw error;
        cut++;
      }
    }
  };
  const burst = Array.from({ length: options.workers }, (_, i) => loop(i));
  const started = Date.now();
  while (options.acknowledged() < options.enough && Date.now() - started < 10_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  stopped = true;
  await server.kill();
  await Promise.all(burst);
  return cut;
}

/**
 * A fresh database and data folder for the servers a crash test starts, all killed and removed
 * after the suite. `start` runs a server on them; `url` names the database for direct reads.
 */
export function crashSuite(): { start(): Promise<ChildServer>; url(): string } {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  const servers: ChildServer[] = [];
  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'blade-crash-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    try {
      await db.drop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  return {
    start: async () => {
      const server = await startChildServer({
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        WEB_DIST: join(dataDir, 'no-web'),
      });
      servers.push(server);
      return server;
    },
    url: () => db.url,
  };
}
