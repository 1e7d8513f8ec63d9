import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from '../test/child-server.js';
import { describeOutage } from '../test/outage.js';

/** Debian's MariaDB programs (the server in /usr/sbin), or those in MARIADB_BIN. */
function mariadbBin(): { server: string; install: string } | undefined {
  const dirs = process.env.MARIADB_BIN ? [process.env.MARIADB_BIN] : ['/usr/sbin', '/usr/bin'];
  const find = (name: string) => dirs.map((d) => join(d, name)).find(existsSync);
  const [server, install] = [find('mariadbd'), find('mariadb-install-db')];
  return server && install ? { server, install } : undefined;
}

const BIN = mariadbBin();
/** MariaDB runs as root only when told to: the server and its files belong to `mysql` then. */
const isRoot = userInfo().uid === 0;
const asUser = isRoot ? ['--user=mysql'] : [];
/** A small server that writes little to disk: it lives for one test. */
const SMALL = [
  '--innodb-buffer-pool-size=32M',
  '--innodb-log-file-size=8M',
  '--innodb-flush-method=nosync',
  '--innodb-doublewrite=0',
];

let dir: string | undefined;
let port: number;
let server: ChildProcess | undefined;

const rootUrl = () => `mysql://root@127.0.0.1:${port}`;

/** Waits until the server accepts a connection (it creates its socket after recovery). */
async function accepting(): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
      await c.end();
      return;
    } catch (error) {
      if (attempt === 300 || server?.exitCode != null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const start = async () => {
  // --no-defaults: the machine's my.cnf (another data directory, port) must not apply.
  server = spawn(
    BIN!.server,
    [
      '--no-defaults',
      ...asUser,
      `--datadir=${join(dir!, 'data')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir!, 'sock')}`,
      `--pid-file=${join(dir!, 'pid')}`,
      `--log-error=${join(dir!, 'error.log')}`,
      '--skip-log-bin',
      '--character-set-server=utf8mb4',
      ...SMALL,
    ],
    { stdio: 'ignore' },
  );
  await accepting();
};

/** Ends the server as `mariadb-admin shutdown` would (SIGTERM) and waits for it to exit. */
async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode != null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill(signal);
  await exited;
}

/** A private MariaDB server (mariadb-install-db into a temporary directory). */
describeOutage('a MariaDB outage and its end', !process.env.TEST_MYSQL_URL || !BIN, {
  async create() {
    dir = mkdtempSync(join(tmpdir(), 'blade-mariadb-outage-'));
    if (isRoot) {
      const [uid, gid] = ['-u', '-g'].map((o) => Number(execFileSync('id', [o, 'mysql']).toString()));
      chownSync(dir, uid!, gid!);
    }
    port = await freePort();
    // root@localhost without a password: the test's own server, reached on 127.0.0.1 only.
    execFileSync(
      BIN!.install,
      [
        '--no-defaults',
        ...asUser,
        `--datadir=${join(dir, 'data')}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        ...SMALL,
      ],
      { stdio: 'pipe' },
    );
    await start();
    const admin = await mysql.createConnection(`${rootUrl()}/mysql`);
    await admin.query('create database blade character set utf8mb4');
    await admin.end();
    return `${rootUrl()}/blade`;
  },
  start,
  stop: () => stopServer('SIGTERM'),
  async remove() {
    await stopServer('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
});
