import { describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { auditColumns, unmigratedDatabase } from '../../test/harness.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const menu = (code: string, isOpen: number) => ({
  id: nextId(),
  parent_id: 0,
  code,
  name: code,
  alias: code,
  path: `/${code}`,
  source: null,
  sort: 1,
  category: 1,
  action: 0,
  is_open: isOpen,
  remark: null,
  ...auditColumns(),
  status: 1,
  is_deleted: 0,
});

describe('migration 0030 on menus stored with 1 = same window, 2 = new window', () => {
  const database = unmigratedDatabase();

  it('stores the yes_no keys instead: 0 = same window, 1 = new window', async () => {
    const data = database();
    await migrateTo(data, '0028-session-version');
    const db = data.unscoped();
    await db
      .insertInto('blade_menu')
      .values([menu('same', 1), menu('blank', 2)])
      .execute();
    await migrateToLatest(data);
    const rows = await db.selectFrom('blade_menu').select(['code', 'is_open']).orderBy('code').execute();
    expect(rows.map((r) => [r.code, Number(r.is_open)])).toEqual([
      ['blank', 1],
      ['same', 0],
    ]);
  });
});
