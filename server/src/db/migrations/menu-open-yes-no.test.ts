import { describe, expect, it } from 'vitest';
import { unmigratedDatabase } from '../../test/harness.js';
import { storedMenu } from '../../test/stored-menus.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

describe('migration 0030 on menus stored with 1 = same window, 2 = new window', () => {
  const database = unmigratedDatabase();

  it('stores the yes_no keys instead: 0 = same window, 1 = new window', async () => {
    const data = database();
    await migrateTo(data, '0028-session-version');
    const db = data.unscoped();
    await db
      .insertInto('blade_menu')
      .values([storedMenu('same', { isOpen: 1 }), storedMenu('blank', { isOpen: 2 })])
      .execute();
    await migrateToLatest(data);
    const rows = await db.selectFrom('blade_menu').select(['code', 'is_open']).orderBy('code').execute();
    expect(rows.map((r) => [r.code, Number(r.is_open)])).toEqual([
      ['blank', 1],
      ['same', 0],
    ]);
  });
});
