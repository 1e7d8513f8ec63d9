import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../core/http.js';
import { type DataAccess, openDatabase } from '../../db/database.js';
import { freshDatabase } from '../../test/harness.js';
import { isCandidate } from './candidates.js';

describe('the candidate rule', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let data: DataAccess;
  beforeAll(async () => {
    database = await freshDatabase();
    data = openDatabase(database.url);
    const db = data.unscoped();
    await sql`create table flow_task (id integer primary key, candidate_groups varchar(200), candidate_users varchar(200))`.execute(
      db,
    );
    await sql`insert into flow_task values
      (1, 'hr', null), (2, 'hr_lead,finance', null), (3, null, '42, bob'), (4, 'hrx', 'bobby')`.execute(db);
  });
  afterAll(async () => {
    await data.close();
    await database.drop();
  });

  const claimable = async (who: Partial<AuthContext>) => {
    const auth = { userId: 7, account: 'nobody', roleAliases: [], ...who } as unknown as AuthContext;
    const rows = await data
      .unscoped()
      .selectFrom('flow_task')
      .select('id')
      .where(isCandidate(auth))
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id));
  };

  it('matches whole entries of a group, a user id or an account', async () => {
    expect(await claimable({ roleAliases: ['hr'] })).toEqual([1]);
    expect(await claimable({ roleAliases: ['finance'] })).toEqual([2]);
    expect(await claimable({ userId: 42 })).toEqual([3]);
    expect(await claimable({ account: 'bob' })).toEqual([3]);
  });

  it('treats % and _ in aliases and accounts as themselves, not wildcards', async () => {
    expect(await claimable({ roleAliases: ['h_'] })).toEqual([]);
    expect(await claimable({ roleAliases: ['hr_lead'] })).toEqual([2]);
    expect(await claimable({ roleAliases: ['hr%'] })).toEqual([]);
    expect(await claimable({ account: 'b_b' })).toEqual([]);
    expect(await claimable({ account: '%' })).toEqual([]);
  });
});
