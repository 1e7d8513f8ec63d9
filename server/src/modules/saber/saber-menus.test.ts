import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, type TestServer, tokenOf } from '../../test/harness.js';

interface Node {
  path?: string;
  children?: Node[];
}

/**
 * Saber 4.9's views of the screens we serve (`src/views/<view>.vue`). Saber takes a page's
 * component from its menu path (`views` + path + `.vue`), so a screen's menu must carry its
 * view's path.
 */
const SABER_VIEWS = [
  'system/user',
  'system/dept',
  'system/post',
  'system/menu',
  'system/topmenu',
  'system/dict',
  'system/param',
  'system/tenant',
  'system/client',
  'base/region',
  'authority/role',
  'authority/datascope',
  'authority/apiscope',
  'desk/notice',
  'monitor/log/usual',
  'monitor/log/api',
  'monitor/log/error',
  'report/reportlist',
  'tool/code',
  'tool/datasource',
];

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

  it('menu/routes leads to every view of Saber for a screen we serve (系统字典 to system/dict)', async () => {
    const routes = await ok<Node[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/menu/routes' });
    const paths = new Set(leaves(routes).map((n) => n.path));
    for (const view of SABER_VIEWS) expect(paths.has(`/${view}`), view).toBe(true);
  });
});
