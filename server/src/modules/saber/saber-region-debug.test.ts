import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, type TestServer, tokenOf } from '../../test/harness.js';

interface Node {
  code?: string;
  children?: Node[];
}

/** Saber's own walk of the buttons tree (`permission.region_debug` shows its 调试 button). */
const codesOf = (nodes: Node[]): string[] =>
  nodes.flatMap((n) => (n.children ? codesOf(n.children) : [String(n.code)]));

describe('行政区划 调试 (region_debug, issue 43 finding 8)', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('is a seeded button of the region screen, granted to the administrator and in menu/buttons', async () => {
    const db = t.services.data.global;
    const button = await db
      .selectFrom('blade_menu as b')
      .innerJoin('blade_menu as m', 'm.id', 'b.parent_id')
      .select(['b.id', 'b.category', 'b.name', 'm.code as parent'])
      .where('b.code', '=', 'region_debug')
      .where('b.is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect(button).toMatchObject({ category: 2, name: '调试', parent: 'region' });
    const grant = await t.services.data
      .unscoped()
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
      .select('r.role_alias')
      .where('rm.menu_id', '=', button.id)
      .where('r.tenant_id', '=', '000000')
      .execute();
    expect(grant.map((g) => g.role_alias)).toContain('administrator');
    const buttons = await ok<Node[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/menu/buttons' });
    expect(codesOf(buttons)).toContain('region_debug');
  });
});
