import pg from 'pg';
import { describe, expect, it } from 'vitest';
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
    const again = await data
      .unscoped()
      .selectNoFrom((eb) => eb.val(1).as('one'))
      .executeTakeFirstOrThrow();
    expect(Number(again.one)).toBe(1);
    await data.close();
  });
});
