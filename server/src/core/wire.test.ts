import { describe, expect, it } from 'vitest';
import { type Row, toWire, toWireRows } from './wire.js';

describe('toWireRows', () => {
  const zone = 'Asia/Shanghai';

  it('answers each row as toWire does, whatever its columns', () => {
    const rows: Row[] = [
      { id: 1, tenant_id: '000000', role_id: '1,2', create_time: '2026-01-02 03:04:05.000', name: 'a', n: 0 },
      { id: 2, tenant_id: '000000', role_id: null, create_time: null, name: undefined, n: 1.5 },
      { id: '3', tenant_id: 7, role_id: 9, create_time: new Date(Date.UTC(2026, 0, 1)), name: '', n: null },
      // Other columns mid-page (a hook that names some rows only), then the first ones again.
      { id: 4, extra: true, release_at: '2026-05-06 07:08:09' },
      { id: 5, tenant_id: '000000', role_id: '1', create_time: 12, name: 'e', n: -1 },
      // Two columns of one wire name: the later value wins, in the first one's place.
      { role_name: 'x', roleName: 'y', create_user: 42, update_dept: 43 },
      // Names that would be code if they were not written as strings.
      { '}); throw 1; ({': 1, 'a"b': 2, 'back\\slash': 3, '名 字': 4, constructor: 5 },
      {},
    ];
    for (const fields of [undefined, new Set(['releaseAt'])])
      expect(toWireRows(rows, zone, fields)).toEqual(rows.map((r) => toWire(r, zone, fields)));
    // Keys keep their order.
    const [first] = toWireRows(rows.slice(0, 1), zone);
    expect(Object.keys(first!)).toEqual(['id', 'tenantId', 'roleId', 'createTime', 'name', 'n']);
    expect(first).toEqual({
      id: '1',
      tenantId: '000000',
      roleId: '1,2',
      createTime: '2026-01-02 11:04:05',
      name: 'a',
      n: 0,
    });
  });

  it('decides per cell where a column is both an id and a time', () => {
    const rows: Row[] = [{ owner_id: 5 }, { owner_id: '2026-01-02 03:04:05' }];
    const fields = new Set(['ownerId']);
    expect(toWireRows(rows, zone, fields)).toEqual(rows.map((r) => toWire(r, zone, fields)));
  });

  it('sets no prototype from a column named __proto__', () => {
    const row = JSON.parse('{"__proto__": {"polluted": 1}, "id": 1}') as Row;
    const [out] = toWireRows([row, row], zone);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual(toWire(row, zone));
  });
});
