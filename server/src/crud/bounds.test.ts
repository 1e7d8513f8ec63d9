import { BPMN_MAX_BYTES } from '@blade/schema/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../core/digest.js';
import { MAX_IDS } from '../core/validate.js';
import { LEAVE_BPMN } from '../modules/flow/leave-process.js';
import { ok } from '../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';

type Row = Record<string, unknown>;

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1_000_000 + i));

function multipart(files: Array<[string, string]>) {
  const boundary = '----bounds';
  const parts = files.map(
    ([name, body]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${body}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every list a client sends that the server loops over has a bound, with a clear answer beyond it. */
describe('bounded inputs', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Row | string, headers: Record<string, string> = {}) =>
    call(t.app, admin, { method: 'POST', url, payload, headers });

  it(`takes at most ${MAX_IDS} ids per call, as a list or as text`, async () => {
    for (const [url, body] of [
      ['/api/blade-system/role/grant', { roleIds: '1', menuIds: ids(MAX_IDS + 1) }],
      ['/api/blade-system/role/grant', { roleIds: '1', menuIds: ids(MAX_IDS + 1).join(',') }],
      ['/api/blade-user/reset-password', { userIds: ids(MAX_IDS + 1).join(',') }],
      [
        '/api/blade-user/submit',
        { account: 'many', password: md5('x'), realName: 'x', deptId: '1', roleId: ids(MAX_IDS + 1) },
      ],
    ] as const) {
      const res = await post(url, body, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toContain(`at most ${MAX_IDS} at a time`);
    }
    // Within the bound the call is read as usual (these users do not exist: 404).
    expect(
      (await post('/api/blade-user/reset-password', { userIds: ids(MAX_IDS).join(',') })).statusCode,
    ).toBe(404);
  });

  it('bounds BPMN documents and the files of one deployment', async () => {
    const big = LEAVE_BPMN.replace('</definitions>', `<!--${'x'.repeat(BPMN_MAX_BYTES)}--></definitions>`);
    const model = await post('/api/blade-flow/model/submit', { modelKey: 'big', name: 'big', xml: big });
    expect(model.statusCode).toBe(400);
    expect(model.json().msg).toContain('流程图');
    const tooLarge = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...multipart([['big.bpmn', big]]),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().msg).toBe('文件过大，最大允许 256 KB');
    const tooMany = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...multipart(Array.from({ length: 6 }, (_, i) => [`p${i}.bpmn`, LEAVE_BPMN] as [string, string])),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().msg).toBe('一次上传的文件或字段过多，请分批上传');
  });

  it('bounds the variables a workflow call sets', async () => {
    const variables = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`v${i}`, i]));
    const res = await post('/api/blade-flow/work/start-process', { processDefinitionId: '1', variables });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('at most 100 variables');
  });

  it('offers as parents every role but the one edited and those under it', async () => {
    const role = (roleName: string, parentId: unknown = 0) =>
      ok<Row>(t.app, admin, {
        method: 'POST',
        url: '/api/blade-system/role/submit',
        payload: { roleName, roleAlias: roleName, parentId, sort: 1 },
      });
    const top = await role('top');
    const middle = await role('middle', top.id);
    const bottom = await role('bottom', middle.id);
    const aside = await role('aside');
    const tree = await ok<Row[]>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/role/tree-by-id',
      query: { roleId: String(middle.id) },
    });
    const names: string[] = [];
    const walk = (nodes: Row[]) => {
      for (const n of nodes) {
        names.push(String(n.title));
        walk((n.children as Row[]) ?? []);
      }
    };
    walk(tree);
    expect(names).toContain(String(top.roleName));
    expect(names).toContain(String(aside.roleName));
    expect(names).not.toContain(String(middle.roleName));
    expect(names).not.toContain(String(bottom.roleName));
  });
});
