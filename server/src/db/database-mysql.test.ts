import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../core/http.js';
import { expectAnswersAgain, failureOf } from '../test/outage.js';
import { openDatabase } from './database.js';
import { mysqlPoolOptions } from './dialects/mysql.js';

const MYSQL_URL = process.env.TEST_MYSQL_URL;

/** Ends a connection as an administrator would, from a connection of its own. */
async function kill(id: number): Promise<void> {
  const admin = await mysql.createConnection(mysqlPoolOptions(MYSQL_URL!, {}));
  try {
    await admin.query(`kill connection ${id}`);
  } finally {
    await admin.end();
  }
}

const connectionId = sql<number>`connection_id()`.as('id');

/** The MySQL side of database.test.ts: the same outcomes, a connection ended by KILL CONNECTION. */
describe.skipIf(!MYSQL_URL)('a MySQL connection the database ends', () => {
  it('is reported and replaced instead of ending the process', async () => {
    const lost: Error[] = [];
    const data = openDatabase(MYSQL_URL!, { onConnectionLost: (error) => lost.push(error) });
    const { id } = await data.unscoped().selectNoFrom(connectionId).executeTakeFirstOrThrow();
    await kill(Number(id));
    for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(isDatabaseUnavailable(lost[0]), String(lost[0])).toBe(true);
    await expectAnswersAgain(data);
  });

  it('fails only the transaction whose connection it ends (no uncaught client error)', async () => {
    const data = openDatabase(MYSQL_URL!);
    // Vitest fails the run on an uncaught exception, which an unlistened connection 'error' is.
    const failure = await failureOf(
      data
        .unscoped()
        .transaction()
        .execute(async (trx) => {
          const { id } = await trx.selectNoFrom(connectionId).executeTakeFirstOrThrow();
          await kill(Number(id));
          await new Promise((r) => setTimeout(r, 200));
          await sql`select 1`.execute(trx);
        }),
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await expectAnswersAgain(data);
  });

  it('fails a statement it cuts off mid-run as unavailable', async () => {
    const data = openDatabase(MYSQL_URL!);
    const failure = await failureOf(
      data
        .unscoped()
        .connection()
        .execute(async (db) => {
          const { id } = await db.selectNoFrom(connectionId).executeTakeFirstOrThrow();
          // Its failure is taken at once: it may come before the kill has answered.
          const sleeping = failureOf(sql`select sleep(5)`.execute(db));
          await new Promise((r) => setTimeout(r, 200));
          await kill(Number(id));
          const cut = await sleeping;
          if (cut) throw cut;
        }),
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    await expectAnswersAgain(data);
  });
});
