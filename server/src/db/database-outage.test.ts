import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../test/child-server.js';
import { describeOutage } from '../test/outage.js';

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

let dir: string | undefined;
let port: number;
let running = false;
const pgData = () => join(dir!, 'data');

const start = async () => {
  pgTool('pg_ctl', [
    'start',
    '-w',
    '-D',
    pgData(),
    '-l',
    join(dir!, 'postgres.log'),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`,
  ]);
  running = true;
};

/** A private PostgreSQL cluster (initdb into a temporary directory). */
describeOutage('a PostgreSQL outage and its end', !process.env.TEST_DATABASE_URL || !BIN, {
  async create() {
    dir = mkdtempSync(join(tmpdir(), 'blade-pg-outage-'));
    if (isRoot) {
      const postgres = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      chownSync(dir, postgres, postgres);
    }
    port = await freePort();
    pgTool('initdb', ['-D', pgData(), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
    await start();
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE blade');
    await admin.end();
    return `postgres://postgres@127.0.0.1:${port}/blade`;
  },
  start,
  async stop() {
    pgTool('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', pgData()]);
    running = false;
  },
  async remove() {
    if (!dir) return;
    if (running || existsSync(join(pgData(), 'postmaster.pid')))
      pgTool('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', pgData()]);
    rmSync(dir, { recursive: true, force: true });
  },
});
