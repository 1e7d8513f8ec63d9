import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataAccess, openDatabase } from './database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two handles on one file stand for two processes. A transaction that reads, then writes while
 * the other holds the write lock, waits its turn (without blocking the event loop) instead of
 * failing with SQLITE_BUSY. SQLite only: PostgreSQL has no database-wide write lock.
 */
describe.skipIf(process.env.TEST_DATABASE_URL || process.env.TEST_MYSQL_URL)(
  'SQLite transactions of two processes on one file',
  () => {
    let dir: string;
    let one: DataAccess;
    let two: DataAccess;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'blade-writer-'));
      one = openDatabase(`sqlite:${join(dir, 'app.db')}`);
      two = openDatabase(`sqlite:${join(dir, 'app.db')}`);
      await sql`create table tally (n integer not null)`.execute(one.unscoped());
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /**
     * Writes n in a transaction of the first connection that stays open 200 ms; resolves once the
     * write is made (the lock held), with the transaction's end.
     */
    async function holdWriting(n: number): Promise<{ committed: Promise<void> }> {
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const transaction = one
        .unscoped()
        .transaction()
        .execute(async (trx) => {
          await sql`insert into tally (n) values (${n})`.execute(trx);
          holding();
          await sleep(200);
        });
      await held;
      return { committed: transaction };
    }

    it('waits for the other to commit, keeps both writes, and leaves the event loop free meanwhile', async () => {
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      const { committed: first } = await holdWriting(1);
      const second = two
        .unscoped()
        .transaction()
        .execute(async (trx) => {
          const row = await sql<{ n: number }>`select count(*) as n from tally`.execute(trx);
          await sql`insert into tally (n) values (${Number(row.rows[0]!.n) + 1})`.execute(trx);
        });
      await Promise.all([first, second]);
      clearInterval(ticker);
      const rows = await sql<{ n: number }>`select n from tally order by n`.execute(one.unscoped());
      // The second counted the first's committed row: it began after the first let go.
      expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
      expect(ticks).toBeGreaterThan(10);
    });

    it('lets a single write wait for the other’s transaction without holding the event loop', async () => {
      const { committed: first } = await holdWriting(10);
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      const started = Date.now();
      await sql`insert into tally (n) values (11)`.execute(two.unscoped());
      clearInterval(ticker);
      await first;
      expect(Date.now() - started).toBeGreaterThan(100);
      expect(ticks).toBeGreaterThan(10);
      const rows = await sql<{ n: number }>`select n from tally where n >= 10 order by n`.execute(
        one.unscoped(),
      );
      expect(rows.rows.map((r) => r.n)).toEqual([10, 11]);
    });
  },
);
