import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Config, loadConfig } from '../config.js';
import { md5 } from '../core/digest.js';
import { type DataAccess, type DialectName, openDatabase } from '../db/database.js';
import { mysqlPoolOptions } from '../db/dialects/mysql.js';
import { createServer } from '../server.js';
import type { Services } from '../services.js';

/** Set by `npm run test:pg`: the server suites then run on a fresh PostgreSQL database each. */
const PG_URL = process.env.TEST_DATABASE_URL;
/** Set by `npm run test:mysql`: the same on MySQL or MariaDB. */
const MYSQL_URL = process.env.TEST_MYSQL_URL;

/** The dialect the server suites run on. */
export const TEST_DIALECT: DialectName = MYSQL_URL ? 'mysql' : PG_URL ? 'postgres' : 'sqlite';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface TestServer {
  app: FastifyInstance;
  services: Services;
  config: Config;
  close(): Promise<void>;
}

/** A database nobody else uses: a temp SQLite file, or a new PostgreSQL or MySQL database. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (MYSQL_URL) return freshMysqlDatabase(MYSQL_URL);
  if (!PG_URL) {
    const dir = mkdtempSync(join(tmpdir(), 'blade-db-'));
    return {
      url: `sqlite:${join(dir, 'app.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `blade_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        // FORCE may not end an autovacuum worker busy in the database (42501 for a role that is not
        // a superuser); it finishes within moments, so try again.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 40) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

async function freshMysqlDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `blade_t_${randomBytes(6).toString('hex')}`;
  const admin = () => mysql.createConnection(mysqlPoolOptions(serverUrl, {}));
  const connection = await admin();
  await connection.query(`create database ${name} character set utf8mb4`);
  await connection.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = await admin();
      try {
        await c.query(`drop database if exists ${name}`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A database of its own for the enclosing describe block, opened but not migrated (a migration
 * test takes it to the version it starts from), closed and dropped after the block.
 */
export function unmigratedDatabase(): () => DataAccess {
  let data: DataAccess | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    data = openDatabase(database.url);
  });
  afterAll(async () => {
    await data?.close();
    await drop();
  });
  return () => {
    if (!data) throw new Error('the database opens before the first test');
    return data;
  };
}

/**
 * A test server's configuration on this database and data directory: quiet, no demo data, cheap
 * password hashing, no built web; `env` overrides these.
 */
export function testConfig(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PASSWORD_HASH_MEMORY: '1024',
    WEB_DIST: join(dataDir, 'no-web'),
    ...env,
  });
}

/** A fresh server on a fresh database (STYLE §15); environment overrides the test defaults. */
export async function build(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'blade-data-'));
  const config = testConfig(database.url, dataDir, env);
  const app = await createServer(config);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    services: app.services,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The audit columns of a row a test writes straight into the database, on no one's behalf. */
export function auditColumns(time = '2026-01-01 00:00:00') {
  return { create_user: null, create_dept: null, create_time: time, update_user: null, update_time: time };
}

/** Calls the API and expects success; answers `data`. */
export async function ok<T = Record<string, unknown>>(
  app: FastifyInstance,
  token: string,
  options: Parameters<typeof call>[2],
): Promise<T> {
  const res = await call(app, token, options);
  expect(res.json(), `${options.method} ${options.url}`).toMatchObject({ code: 200, success: true });
  return res.json().data as T;
}

/** What `call` sends: method, url and whatever else the request carries. */
export type ApiRequest = Parameters<typeof call>[2];

/** A server of its own for the enclosing describe block, with its administrator signed in. */
export interface DescribedServer extends Omit<TestServer, 'close'> {
  /** The seeded platform administrator's access token. */
  readonly admin: string;
  /** An API call, as the administrator unless `token` names someone else. */
  call(options: ApiRequest, token?: string): Promise<LightMyRequestResponse>;
  /** The HTTP status a call answers with. */
  status(options: ApiRequest, token?: string): Promise<number>;
  /** A call that must succeed; answers its `data`. */
  ok<T = Record<string, unknown>>(options: ApiRequest, token?: string): Promise<T>;
}

/**
 * A fresh server (see `build`) for the enclosing describe block: built and the administrator
 * signed in before its first test, closed after its last. Call it at the top of the block.
 */
export function serverForDescribe(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
): DescribedServer {
  let built: TestServer | undefined;
  let state: { server: TestServer; admin: string } | undefined;
  beforeAll(async () => {
    built = await build(env, beforeReady);
    state = { server: built, admin: (await tokenOf(built.app)).access_token };
  });
  afterAll(() => built?.close());
  const ready = () => {
    if (!state) throw new Error('the server starts before the first test');
    return state;
  };
  const t: DescribedServer = {
    get app() {
      return ready().server.app;
    },
    get services() {
      return ready().server.services;
    },
    get config() {
      return ready().server.config;
    },
    get admin() {
      return ready().admin;
    },
    call: (options, as = t.admin) => call(t.app, as, options),
    status: async (options, as) => (await t.call(options, as)).statusCode,
    ok: (options, as = t.admin) => ok(t.app, as, options),
  };
  return t;
}

export interface TokenBody {
  code: number;
  success: boolean;
  msg: string;
  access_token: string;
  refresh_token: string;
  error_description?: string;
  [key: string]: unknown;
}

export interface SignIn {
  tenantId?: string;
  account?: string;
  password?: string;
  headers?: Record<string, string>;
  grantType?: string;
  authorization?: string;
}

export async function signIn(app: FastifyInstance, who: SignIn = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: who.authorization ?? BASIC, ...who.headers },
    query: {
      tenantId: who.tenantId ?? '000000',
      username: who.account ?? 'admin',
      password: md5(who.password ?? 'admin'),
      grant_type: who.grantType ?? 'password',
      scope: 'all',
    },
  });
}

export async function tokenOf(app: FastifyInstance, who: SignIn = {}): Promise<TokenBody> {
  const res = await signIn(app, who);
  const body = res.json<TokenBody>();
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return body;
}

/** A token request with the refresh grant, as a client sends it (tenant, headers, address its own). */
export function refreshToken(
  app: FastifyInstance,
  token: string,
  from: { tenantId?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    remoteAddress: from.remoteAddress,
    headers: { authorization: BASIC, ...from.headers },
    query: {
      grant_type: 'refresh_token',
      refresh_token: token,
      ...(from.tenantId === undefined ? {} : { tenantId: from.tenantId }),
    },
  });
}

/** Redeems a single sign-on ticket, as the window it opens does (from its own address). */
export function redeemTicket(
  app: FastifyInstance,
  ticket: string,
  from: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/api/sq-user/sso',
    remoteAddress: from.remoteAddress,
    headers: { authorization: BASIC },
    query: { ticket },
  });
}

/** An API call as a signed-in user. */
export function call(
  app: FastifyInstance,
  token: string | undefined,
  options: InjectOptions & { url: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: {
      authorization: BASIC,
      ...(token ? { 'blade-auth': `bearer ${token}` } : {}),
      ...options.headers,
    },
  });
}

/** An upload request body with one file in the field `file`. */
export function multipartFile(name: string, body: Buffer, type = 'application/octet-stream') {
  const boundary = '----blade-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Servers that share a database and a Redis, as processes behind one address do. */
export interface SharedServers {
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * `count` servers on one fresh database and one Redis (`redisUrl`), each with its own data folder,
 * store and notice bus, and the signing secret and data key they would share in production.
 */
export async function sharedServers(
  count: number,
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<SharedServers> {
  const db = await freshDatabase();
  const prefix = `s${Date.now()}${randomBytes(3).toString('hex')}`;
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'blade-shared-'));
    dirs.push(dir);
    const app = await createServer(
      testConfig(db.url, dir, {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `${prefix}:`,
        JWT_SECRET: `${prefix}-shared-signing-secret-of-enough-length`,
        DATA_KEY: `${prefix}-shared-data-key-of-enough-length-xx`,
        ...env,
      }),
    );
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close();
      await db.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
