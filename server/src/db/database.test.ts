import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../core/http.js';
import { expectAnswersAgain, failureOf } from '../test/outage.js';
import { openDatabase } from './database.js';

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('a PostgreSQL connection the database ends', () => {
  it('is reported and replaced instead of ending the process', async () => {
    const lost: Error[] = [];
    const data = openDatabase(PG_URL!, { onConnectionLost: (error) => lost.push(error) });
    const pid = Number(
      (
        await data
          .unscoped()
          .selectNoFrom((eb) => eb.fn<number>('pg_backend_pid', []).as('pid'))
          .executeTakeFirstOrThrow()
      ).pid,
    );
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(lost[0]?.message).toMatch(/terminat/);
    await expectAnswersAgain(data);
  });

  it('fails only the transaction whose connection it ends (no uncaught client error)', async () => {
    const data = openDatabase(PG_URL!);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    // Vitest fails the run on an uncaught exception, which is what an unlistened client 'error' was.
    const failure = await failureOf(
      data
        .unscoped()
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise((r) => setTimeout(r, 200));
          await sql`select 1`.execute(trx);
        }),
    );
    await admin.end();
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expectAnswersAgain(data);
  });
});
