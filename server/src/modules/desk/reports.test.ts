import { describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { auditColumns, serverForDescribe } from '../../test/harness.js';

describe('report files', () => {
  const t = serverForDescribe();

  it('lists and removes the tenant’s report files', async () => {
    const db = t.services.data.forTenant('000000');
    const now = utcNow();
    for (const name of ['月度销售', '课程完成率']) {
      await db
        .insertInto('blade_report_file')
        .values({
          id: nextId(),
          tenant_id: '000000',
          name,
          content: '{}',
          ...auditColumns(now),
        })
        .execute();
    }
    const list = await t.ok<{ records: Array<{ id: string; name: string }>; total: number }>({
      method: 'GET',
      url: '/api/blade-report/report/rest/list',
      query: { name: '销售' },
    });
    expect(list.records.map((r) => r.name)).toEqual(['月度销售']);
    await t.ok({
      method: 'POST',
      url: '/api/blade-report/report/rest/remove',
      query: { ids: list.records[0]!.id },
    });
    const after = await t.ok<{ total: number }>({
      method: 'GET',
      url: '/api/blade-report/report/rest/list',
    });
    expect(after.total).toBe(1);
    expect(
      await t.status({
        method: 'POST',
        url: '/api/blade-report/report/rest/remove',
        query: { ids: 'abc' },
      }),
    ).toBe(400);
  });
});
