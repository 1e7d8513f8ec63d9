import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../core/ids.js';
import { build, type TestServer } from '../test/harness.js';
import { created, SERVER } from './audit.js';
import { liveRow } from './live-row.js';

describe('liveRow', () => {
  let t: TestServer;
  const mine = nextId();
  const removed = nextId();
  beforeAll(async () => {
    t = await build();
    const post = (id: number, isDeleted: number) => ({
      ...created(SERVER),
      id,
      tenant_id: '000000',
      category: 1,
      post_code: isDeleted ? 'LR-GONE' : 'LR-LIVE',
      post_name: `post ${id}`,
      sort: 1,
      remark: null,
      is_deleted: isDeleted,
    });
    await t.services.data
      .unscoped()
      .insertInto('blade_post')
      .values([post(mine, 0), post(removed, 1)])
      .execute();
  });
  afterAll(() => t.close());

  it("answers a live row, and 404 for a removed one or another tenant's", async () => {
    const own = t.services.data.forTenant('000000');
    expect((await liveRow(own, 'blade_post', mine)).post_name).toBe(`post ${mine}`);
    await expect(liveRow(own, 'blade_post', removed)).rejects.toMatchObject({ status: 404 });
    await expect(liveRow(t.services.data.forTenant('100001'), 'blade_post', mine)).rejects.toMatchObject({
      status: 404,
    });
    await expect(liveRow(own, 'blade_post', nextId())).rejects.toMatchObject({ status: 404 });
  });
});
