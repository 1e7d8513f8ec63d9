import { describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { auditColumns, unmigratedDatabase } from '../../test/harness.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

/** A dictionary row as databases seeded before English names held it. */
const row = (code: string, parentId: number, key: string, value: string) => ({
  id: nextId(),
  tenant_id: '000000',
  parent_id: parentId,
  code,
  dict_key: key,
  dict_value: value,
  sort: 1,
  remark: null,
  is_sealed: 0,
  ...auditColumns(),
  status: 1,
  is_deleted: 0,
});

describe('migration 0015 on dictionaries seeded before it', () => {
  const database = unmigratedDatabase();

  it('gives banner positions the number keys banners store, and seeded names their English', async () => {
    const data = database();
    await migrateTo(data, '0013-jobs');
    const db = data.unscoped();
    const position = row('banner_position', 0, '-1', '轮播位置');
    const status = row('product_status', 0, '-1', '商品状态');
    await db
      .insertInto('blade_dict_biz')
      .values([
        position,
        row('banner_position', position.id, 'home', '首页'),
        row('banner_position', position.id, 'activity', '活动'),
        status,
        row('product_status', status.id, '1', '上架'),
        // A name the tenant changed keeps no translation of the old one.
        row('product_status', status.id, '0', '暂停销售'),
      ])
      .execute();
    await migrateToLatest(data);
    const rows = await db
      .selectFrom('blade_dict_biz')
      .select(['code', 'dict_key', 'dict_value_en'])
      .where('parent_id', '>', 0)
      .orderBy('code')
      .orderBy('dict_key')
      .execute();
    expect(rows).toEqual([
      { code: 'banner_position', dict_key: '1', dict_value_en: 'Home' },
      { code: 'banner_position', dict_key: '5', dict_value_en: 'Activities' },
      { code: 'product_status', dict_key: '0', dict_value_en: null },
      { code: 'product_status', dict_key: '1', dict_value_en: 'On sale' },
    ]);
  });
});
