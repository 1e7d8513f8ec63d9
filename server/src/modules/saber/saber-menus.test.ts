import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, type TestServer, tokenOf } from '../../test/harness.js';

interface Node {
  code?: string;
  path?: string;
  children?: Node[];
}

/**
 * The screens Saber 4.9 has a view for, by our menu code: Saber takes a page's component from its
 * menu path (`views` + path + `.vue`), so the menu must carry the view's path.
 */
const SABER_VIEWS: Record<string, string> = {
  user: '/system/user',
  dept: '/system/dept',
  post: '/system/post',
  menu: '/system/menu',
  topmenu: '/system/topmenu',
  'dict-horizontal': '/system/dict',
  param: '/system/param',
  tenant: '/system/tenant',
  client: '/system/client',
  region: '/base/region',
  role: '/authority/role',
  datascope: '/authority/datascope',
  apiscope: '/authority/apiscope',
  notice: '/desk/notice',
  log_usual: '/monitor/log/usual',
  log_api: '/monitor/log/api',
  log_error: '/monitor/log/error',
  reportlist: '/report/reportlist',
  code: '/tool/code',
  datasource: '/tool/datasource',
};

const leaves = (nodes: Node[]): Node[] =>
  nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

describe('Saber 4.x menus', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('menu/routes leads every screen Saber has a view for to that view (系统字典 to system/dict)', async () => {
    const routes = await ok<Node[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/menu/routes' });
    const pathOf = new Map(leaves(routes).map((n) => [String(n.code), n.path]));
    for (const [code, view] of Object.entries(SABER_VIEWS)) expect(pathOf.get(code), code).toBe(view);
  });
});
