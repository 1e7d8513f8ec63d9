import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../core/ids.js';
import { build, type TestServer } from '../test/harness.js';
import { created, SERVER } from './audit.js';
import { liveRow, liveRowBy, liveRowsAmong } from './live-row.js';

describe('live rows', () => {
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

  it("finds the live rows by a column, leaving out removed rows and other tenants' rows", async () => {
    const own = t.services.data.forTenant('000000');
    expect((await liveRowBy(own, 'blade_post', 'post_code', 'LR-LIVE'))?.post_name).toBe(`post ${mine}`);
    expect(await liveRowBy(own, 'blade_post', 'post_code', 'LR-GONE')).toBeUndefined();
    expect(
      await liveRowBy(t.services.data.forTenant('100001'), 'blade_post', 'post_code', 'LR-LIVE'),
    ).toBeUndefined();
    const among = await liveRowsAmong(own, 'blade_post', 'id', [mine, removed, nextId()]);
    expect(among.map((row) => row.post_name)).toEqual([`post ${mine}`]);
    expect(await liveRowsAmong(own, 'blade_post', 'id', [])).toEqual([]);
  });
});
