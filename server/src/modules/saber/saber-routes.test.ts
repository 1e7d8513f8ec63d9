import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

/**
 * Every call in Saber 4.9's src/api and its views' dictionary addresses (its /user/getUserInfo and
 * /user/send-logs are answered by its own mock server). Each must reach a route of ours: no 404,
 * and the reads answer the envelope with code 200 for the administrator.
 */
const READS = [
  '/blade-desk/notice/list',
  '/blade-develop/code/list',
  '/blade-develop/datasource/list',
  '/blade-develop/datasource/select',
  '/blade-log/api/list',
  '/blade-log/error/list',
  '/blade-log/usual/list',
  '/blade-report/report/rest/list',
  '/blade-system/api-scope/list',
  '/blade-system/client/list',
  '/blade-system/data-scope/list',
  '/blade-system/dept/list',
  '/blade-system/dept/tree',
  '/blade-system/dict/list',
  '/blade-system/dict/tree?code=DICT',
  '/blade-system/dict/dictionary?code=api_scope_type',
  '/blade-system/dict/dictionary?code=data_scope_type',
  '/blade-system/dict/dictionary?code=notice',
  '/blade-system/dict/dictionary?code=post_category',
  '/blade-system/dict/dictionary?code=region',
  '/blade-system/dict/dictionary?code=yes_no',
  '/blade-system/menu/buttons',
  '/blade-system/menu/grant-top-tree',
  '/blade-system/menu/grant-tree',
  '/blade-system/menu/lazy-menu-list',
  '/blade-system/menu/list',
  '/blade-system/menu/routes',
  '/blade-system/menu/top-menu',
  '/blade-system/menu/tree',
  '/blade-system/param/list',
  '/blade-system/post/list',
  '/blade-system/post/select',
  '/blade-system/region/lazy-tree',
  '/blade-system/region/list',
  '/blade-system/region/select',
  '/blade-system/role/list',
  '/blade-system/role/tree',
  '/blade-system/tenant/info',
  '/blade-system/tenant/list',
  '/blade-system/tenant/select',
  '/blade-system/topmenu/list',
  '/blade-system/user/info',
  '/blade-system/user/list',
];

/** Reads that name a row (answered 400 or 404 for a missing one, never a missing route). */
const DETAILS = [
  '/blade-desk/notice/detail',
  '/blade-develop/code/detail',
  '/blade-develop/datasource/detail',
  '/blade-log/api/detail',
  '/blade-log/error/detail',
  '/blade-log/usual/detail',
  '/blade-system/api-scope/detail',
  '/blade-system/client/detail',
  '/blade-system/data-scope/detail',
  '/blade-system/dept/detail',
  '/blade-system/dict/detail',
  '/blade-system/menu/detail',
  '/blade-system/menu/role-tree-keys',
  '/blade-system/menu/top-tree-keys',
  '/blade-system/post/detail',
  '/blade-system/region/detail',
  '/blade-system/topmenu/detail',
  '/blade-system/user/detail',
];

const WRITES = [
  '/blade-desk/notice/remove',
  '/blade-desk/notice/submit',
  '/blade-develop/code/copy',
  '/blade-develop/code/gen-code',
  '/blade-develop/code/remove',
  '/blade-develop/code/submit',
  '/blade-develop/datasource/remove',
  '/blade-develop/datasource/submit',
  '/blade-report/report/rest/remove',
  '/blade-system/api-scope/remove',
  '/blade-system/api-scope/submit',
  '/blade-system/client/remove',
  '/blade-system/client/submit',
  '/blade-system/data-scope/remove',
  '/blade-system/data-scope/submit',
  '/blade-system/dept/remove',
  '/blade-system/dept/submit',
  '/blade-system/dict/remove',
  '/blade-system/dict/submit',
  '/blade-system/menu/remove',
  '/blade-system/menu/submit',
  '/blade-system/param/remove',
  '/blade-system/param/submit',
  '/blade-system/post/remove',
  '/blade-system/post/submit',
  '/blade-system/region/remove',
  '/blade-system/region/submit',
  '/blade-system/role/grant',
  '/blade-system/role/remove',
  '/blade-system/role/submit',
  '/blade-system/tenant/remove',
  '/blade-system/tenant/submit',
  '/blade-system/topmenu/grant',
  '/blade-system/topmenu/remove',
  '/blade-system/topmenu/submit',
  '/blade-system/user/grant',
  '/blade-system/user/import-user',
  '/blade-system/user/remove',
  '/blade-system/user/reset-password',
  '/blade-system/user/submit',
  '/blade-system/user/unlock',
  '/blade-system/user/update',
  '/blade-system/user/update-info',
  '/blade-system/user/update-password',
];

describe('every call Saber 4.9 makes reaches a route', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it.each(READS)('GET %s answers code 200', async (url) => {
    const res = await call(t.app, admin, { method: 'GET', url: `/api${url}` });
    expect(res.json(), url).toMatchObject({ code: 200, success: true });
  });

  it.each(DETAILS)('GET %s exists', async (url) => {
    const res = await call(t.app, admin, { method: 'GET', url: `/api${url}` });
    expect(res.statusCode, url).not.toBe(404);
    expect(res.json().code, url).toBeLessThan(500);
  });

  it.each(WRITES)('POST %s exists', async (url) => {
    // An empty call: refused for what it lacks, never as an unknown route.
    const res = await call(t.app, admin, { method: 'POST', url: `/api${url}`, payload: {} });
    expect(res.statusCode, url).not.toBe(404);
    expect(res.json().code, url).toBeLessThan(500);
  });
});
