import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

describe('report files', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

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
          create_user: null,
          create_dept: null,
          create_time: now,
          update_user: null,
          update_time: now,
        })
        .execute();
    }
    const list = await ok<{ records: Array<{ id: string; name: string }>; total: number }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-report/report/rest/list',
      query: { name: '销售' },
    });
    expect(list.records.map((r) => r.name)).toEqual(['月度销售']);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-report/report/rest/remove',
      query: { ids: list.records[0]!.id },
    });
    const after = await ok<{ total: number }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-report/report/rest/list',
    });
    expect(after.total).toBe(1);
    expect(
      (
        await call(t.app, admin, {
          method: 'POST',
          url: '/api/blade-report/report/rest/remove',
          query: { ids: 'abc' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
