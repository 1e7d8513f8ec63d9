import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from './core/digest.js';
import { openDatabase } from './db/database.js';
import { type ChildServer, httpToken, startChildServer } from './test/child-server.js';
import { BASIC, freshDatabase, TEST_DIALECT } from './test/harness.js';

const WORKERS = 8;
const WRITES = 15;

/**
 * Two server processes on one SQLite file (a rolling restart, or the server started twice): a
 * create reads (its unique checks) before it writes, so a transaction begun as a reader could not
 * take the write lock once the other process had committed (SQLITE_BUSY_SNAPSHOT, a 500). Each
 * transaction takes the write lock when it begins and waits its turn instead. PostgreSQL has no
 * such lock to take: the test means nothing there.
 */
describe.skipIf(TEST_DIALECT !== 'sqlite')('two processes on one SQLite file', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'blade-two-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: db.url, WEB_DIST: join(dataDir, 'no-web') };
    // One after the other: the first migrates and seeds the file, the second finds it ready.
    servers.push(await startChildServer(env));
    servers.push(await startChildServer(env));
  }, 90_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every concurrent create on both without a 5xx and loses no row', async () => {
    const tokens = await Promise.all(servers.map((s) => httpToken(s.baseUrl)));
    const data = openDatabase(db.url);
    const raw = data.unscoped();
    const [dept, role] = await Promise.all([
      raw.selectFrom('blade_dept').select('id').where('tenant_id', '=', '000000').executeTakeFirstOrThrow(),
      raw.selectFrom('blade_role').select('id').where('tenant_id', '=', '000000').executeTakeFirstOrThrow(),
    ]);
    const refused: string[] = [];
    const written: string[] = [];
    // A new account reads (the tenant's account limit, unique checks) and hashes its password
    // between its first read and its insert: the widest window for the other process to commit.
    const worker = async (w: number) => {
      const which = w % servers.length;
      for (let i = 0; i < WRITES; i++) {
        const res = await fetch(`${servers[which]!.baseUrl}/api/blade-user/submit`, {
          method: 'POST',
          headers: {
            authorization: BASIC,
            'blade-auth': `bearer ${tokens[which]}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            account: `two-${w}-${i}`,
            password: md5('pass-1234'),
            realName: `two-${w}-${i}`,
            roleId: String(role.id),
            deptId: String(dept.id),
          }),
        });
        const body = (await res.json()) as { success: boolean; msg?: string; data?: { id: string } };
        if (res.status !== 200 || !body.success || !body.data) refused.push(`${res.status} ${body.msg}`);
        else written.push(String(body.data.id));
      }
    };
    try {
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      expect(refused).toEqual([]);
      expect(written).toHaveLength(WORKERS * WRITES);
      const rows = await raw
        .selectFrom('blade_user')
        .select('id')
        .where('account', 'like', 'two-%')
        .execute();
      expect(rows.map((r) => String(r.id)).sort()).toEqual([...written].sort());
    } finally {
      await data.close();
    }
  }, 120_000);
});
