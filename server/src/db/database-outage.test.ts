import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createServer } from '../server.js';
import { freePort } from '../test/child-server.js';
import { call, signIn, tokenOf } from '../test/harness.js';

/** The "stopped for a minute"; shorten it locally with OUTAGE_SECONDS=5. */
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 60);
const POLL_MS = 2000;

/** Debian's PostgreSQL binaries (newest installed version), or PG_BIN. */
function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(a) - Number(b))
    .pop();
  return newest ? join(root, newest, 'bin') : undefined;
}

const BIN = postgresBin();
const isRoot = userInfo().uid === 0;

/** PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user then. */
function pgTool(tool: string, args: string[]): void {
  const command = join(BIN!, tool);
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

const UNAVAILABLE = {
  code: 503,
  success: false,
  data: null,
  msg: 'The service is unavailable; please retry later',
};

/**
 * A private PostgreSQL cluster is stopped under a running server and started again: requests
 * in between answer 503 with the envelope, and the same server serves again by itself.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !BIN)('a PostgreSQL outage and its end', () => {
  let dir: string;
  let dataDir: string;
  let pgData: string;
  let port: number;
  let app: FastifyInstance | undefined;
  let running = false;

  const start = () => {
    pgTool('pg_ctl', [
      'start',
      '-w',
      '-D',
      pgData,
      '-l',
      join(dir, 'postgres.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`,
    ]);
    running = true;
  };
  const stop = () => {
    pgTool('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', pgData]);
    running = false;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blade-pg-outage-'));
    if (isRoot) {
      const postgres = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      chownSync(dir, postgres, postgres);
    }
    pgData = join(dir, 'data');
    port = await freePort();
    pgTool('initdb', ['-D', pgData, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
    start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE blade');
    await admin.end();

    dataDir = mkdtempSync(join(tmpdir(), 'blade-outage-data-'));
    app = await createServer(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/blade`,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        PASSWORD_HASH_MEMORY: '1024',
        LOGIN_RATE_PER_IP: '10000',
        WEB_DIST: join(dataDir, 'no-web'),
      }),
    );
    await app.ready();
  });

  afterAll(async () => {
    try {
      // Closing first lets the server write its queued log rows while the cluster still runs.
      await app?.close();
    } finally {
      if (BIN && pgData && (running || existsSync(join(pgData, 'postmaster.pid'))))
        pgTool('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', pgData]);
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const listUsers = (token: string): Promise<LightMyRequestResponse> =>
    call(app!, token, {
      method: 'GET',
      url: '/api/blade-user/page',
      query: { current: '1', size: '10' },
      headers: { 'accept-language': 'en' },
    });
  const signInEn = (): Promise<LightMyRequestResponse> =>
    signIn(app!, { headers: { 'accept-language': 'en' } });

  it(
    'answers 503 while the database is down and serves again once it is back',
    async () => {
      const server = app!;
      const token = (await tokenOf(server)).access_token;
      expect((await listUsers(token)).statusCode).toBe(200);

      stop();
      const outageEnds = Date.now() + OUTAGE_SECONDS * 1000;
      let polls = 0;
      do {
        const asked = Date.now();
        const [list, login] = await Promise.all([listUsers(token), signInEn()]);
        expect(list.statusCode, list.body).toBe(503);
        expect(list.json()).toEqual(UNAVAILABLE);
        expect(login.statusCode, login.body).toBe(503);
        expect(login.json()).toMatchObject(UNAVAILABLE);
        // A refused connection is reported at once, not after a long wait.
        expect(Date.now() - asked).toBeLessThan(5000);
        polls++;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(POLL_MS, Math.max(0, outageEnds - Date.now()))),
        );
      } while (Date.now() < outageEnds);
      expect(polls).toBeGreaterThanOrEqual(Math.min(3, Math.ceil((OUTAGE_SECONDS * 1000) / POLL_MS)));

      start();
      const back = Date.now();
      let list = await listUsers(token);
      while (list.statusCode !== 200 && Date.now() - back < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        list = await listUsers(token);
      }
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.records.map((u: { account: string }) => u.account)).toContain('admin');
      const login = await signInEn();
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().access_token).toBeTruthy();
    },
    (OUTAGE_SECONDS + 60) * 1000,
  );
});
