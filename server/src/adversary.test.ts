import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from './core/digest.js';
import { dynamic } from './db/dynamic-db.js';
import { SCOPED_TABLES } from './db/tables.js';
import { ADVERSARY_PASSWORDS, adversaryTenants } from './test/adversary-fixtures.js';
import { ok, PLATFORM_TABLES, USER_SCREEN_CODES } from './test/fixtures.js';
import { build, call, multipartFile, type TestServer, tokenOf } from './test/harness.js';

type Row = Record<string, unknown>;

/** Text only the victim tenant's and the platform's private rows hold: no answer to the attacker may carry it. */
const VICTIM_MARK = 'victim-only-8c1f';
const PLATFORM_MARK = 'platform-only-3b9e';

/**
 * Tables whose rows the adversary's own actions legitimately add to for any tenant (logs; a
 * sign-in attempt naming another tenant belongs in that tenant's sign-in log).
 */
const VOLATILE = new Set(['blade_log_api', 'blade_log_usual', 'blade_log_error', 'blade_log_login']);

/** A diagram that would read the signing secret and write a file, were scripts run. */
const evilBpmn = (target: string, secret: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="x">
  <process id="evil" isExecutable="true">
    <startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
    <scriptTask id="t" scriptFormat="javascript"><script>const p = this.constructor.constructor('return process')(); const fs = p.getBuiltinModule('fs'); fs.writeFileSync(${JSON.stringify(target)}, fs.readFileSync(${JSON.stringify(secret)})); next();</script></scriptTask>
    <sequenceFlow id="b" sourceRef="t" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">this.constructor.constructor('return process')().exit(1)</conditionExpression></sequenceFlow>
    <endEvent id="e" />
  </process>
</definitions>`;

/** Every file under a folder with its hash, but the database's and those named for `skipTenant`. */
function folderHashes(root: string, skipTenant: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (/^app\.db(-wal|-shm|-journal)?$/.test(rel)) continue;
      // The adversary's own uploads are its tenant's to make.
      if (rel.split(sep).includes(skipTenant)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else out[rel] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return out;
}

/**
 * A tenant administrator holding every button its package allows, a clerk and a
 * department-limited manager of the same tenant call every route of the route table with forged
 * ids (another tenant's, the platform's), bodies that name other tenants, scripts and oversized
 * values. Nothing another tenant or the platform sees may change, nothing on the host either, and
 * no answer may carry another tenant's private text.
 */
describe('an adversarial tenant administrator, clerk and manager', () => {
  let t: TestServer;
  let platform: string;
  const attacker = { tenantId: '', admin: '', clerk: '', manager: '' };
  const victim = { tenantId: '', admin: '' };
  const foreign: number[] = [];
  const foreignUsers: number[] = [];
  const foreignRoles: number[] = [];
  let platformMenus: number[] = [];
  let platformAdminRole = '';

  beforeAll(async () => {
    t = await build({ LOGIN_RATE_PER_ACCOUNT: '100000', LOGIN_RATE_PER_IP: '100000', JOBS_ENABLED: 'false' });
    const fixtures = await adversaryTenants(t);
    platform = fixtures.platform;
    platformAdminRole = fixtures.platformAdminRole;
    const { menus } = fixtures;
    Object.assign(attacker, fixtures.attacker);
    Object.assign(victim, fixtures.victim);
    await ok(t.app, platform, {
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'secret', paramKey: 'platform.secret', paramValue: PLATFORM_MARK },
    });

    // The victim's own content, marked.
    for (const [url, payload] of [
      ['/api/blade-system/post/submit', { postCode: 'v1', postName: VICTIM_MARK }],
      [
        '/api/blade-desk/notice/submit',
        { title: VICTIM_MARK, category: 1, releaseTime: '2026-01-01 00:00:00' },
      ],
      ['/api/blade-system/dict-biz/submit', { code: 'victim', dictValue: VICTIM_MARK, sort: 1, isSealed: 0 }],
      ['/api/mall/linkstype/submit', { name: VICTIM_MARK, sort: 1 }],
      [
        '/api/blade-system/topmenu/submit',
        { name: VICTIM_MARK, alias: 'victim', code: 'victimtop', sort: 9 },
      ],
    ] as const)
      await ok(t.app, victim.admin, { method: 'POST', url, payload });

    // Ids of every row that is not the attacker's: the victim's, the platform tenant's, the platform's.
    const unscoped = t.services.data.unscoped();
    const othersIds = async (table: string): Promise<number[]> =>
      (
        await dynamic(unscoped)
          .selectFrom(table)
          .select('id')
          .where('tenant_id', '!=', attacker.tenantId)
          .execute()
      ).map((r) => Number(r.id));
    for (const table of SCOPED_TABLES) {
      if (!VOLATILE.has(table)) foreign.push(...(await othersIds(table)));
    }
    for (const table of PLATFORM_TABLES) {
      const rows = await unscoped.selectFrom(table).select('id').execute();
      foreign.push(...rows.map((r) => Number(r.id)));
    }
    foreignUsers.push(...(await othersIds('blade_user')));
    foreignRoles.push(...(await othersIds('blade_role')));
    platformMenus = menus.map((m) => m.id);
  }, 120_000);
  afterAll(() => t.close());

  /** What must not change: the other tenants' rows and the platform's tables, read from the database. */
  const rowsNotTheAttackers = async () => {
    const unscoped = t.services.data.unscoped();
    const out: Record<string, unknown[]> = {};
    for (const table of SCOPED_TABLES) {
      if (VOLATILE.has(table)) continue;
      out[table] = await dynamic(unscoped)
        .selectFrom(table)
        .selectAll()
        .where('tenant_id', '!=', attacker.tenantId)
        .orderBy('id')
        .execute();
    }
    for (const table of PLATFORM_TABLES)
      out[table] = await unscoped.selectFrom(table).selectAll().orderBy('id').execute();
    return out;
  };

  /** What the victim's administrator reads. */
  const victimReads = async () => {
    const out: Record<string, unknown> = {};
    for (const url of [
      '/api/blade-user/page',
      '/api/blade-system/role/tree',
      '/api/blade-system/dept/tree',
      '/api/blade-system/post/list',
      '/api/blade-system/dict-biz/list',
      '/api/blade-system/dict/dictionary?code=sex',
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/buttons',
      '/api/blade-system/menu/top-menu',
      '/api/blade-desk/notice/list',
      '/api/mall/linkstype/page',
      '/api/blade-flow/work/start-list',
      '/api/blade-resource/attach/list',
    ]) {
      const res = await call(t.app, victim.admin, { method: 'GET', url });
      out[url] = { status: res.statusCode, data: res.json().data };
    }
    return out;
  };

  it('walks every route and changes nothing outside its own tenant', async () => {
    const dataDir = t.config.dataDir;
    const stolen = join(dataDir, 'stolen');
    const beforeRows = await rowsNotTheAttackers();
    const beforeReads = await victimReads();
    const beforeFiles = folderHashes(dataDir, attacker.tenantId);

    const ids = foreign.join(',');
    const one = (i: number) => String(foreign[i % foreign.length]);
    const forgedQuery = (i: number): Record<string, string> => ({
      id: one(i),
      ids,
      userId: String(foreignUsers[i % foreignUsers.length]),
      userIds: foreignUsers.join(','),
      roleId: platformAdminRole,
      roleIds: foreignRoles.join(','),
      menuIds: platformMenus.join(','),
      topMenuIds: ids,
      dataScopeIds: ids,
      apiScopeIds: ids,
      deptId: one(i + 1),
      parentId: one(i + 2),
      tenantId: victim.tenantId,
      tenantIds: `${victim.tenantId},000000`,
      processDefinitionId: one(i + 3),
      processInstanceId: one(i + 4),
      taskId: one(i + 5),
      businessId: one(i + 6),
      modelId: one(i + 7),
      deploymentIds: ids,
      processId: one(i + 8),
      packageId: one(i + 9),
      datasourceId: one(i + 10),
      code: 'sex',
    });
    const forgedBody = (i: number): Row => ({
      ...forgedQuery(i),
      tenant_id: victim.tenantId,
      name: 'forged',
      title: 'forged',
      realName: 'forged',
      account: `forged${i}`,
      password: md5('forged-pass'),
      oldPassword: md5('wrong'),
      newPassword: md5('forged-pass'),
      newPassword1: md5('forged-pass'),
      roleId: `${platformAdminRole},${foreignRoles.join(',')}`,
      menuId: platformMenus.join(','),
      paramKey: `forged.${i}`,
      paramName: 'forged',
      paramValue: 'forged',
      xml: evilBpmn(stolen, join(dataDir, 'jwt-secret')),
      design: { sql: 'select * from blade_user', datasourceId: '0', params: [] },
      content: { sql: 'select * from blade_user' },
      variables: { approved: true },
      userType: 2,
      userExt: '{}',
      accountNumber: 100,
      expireTime: '2099-01-01 00:00:00',
      scopePath: '/api/**',
      resourceCode: 'user',
      scopeType: 1,
      status: 1,
      isDeleted: 0,
    });
    const huge = 'x'.repeat(20_000);
    const hugeBody: Row = Object.fromEntries(Object.keys(forgedBody(0)).map((k) => [k, huge]));
    const upload = (name: string, body: string, fields: Record<string, string>) => {
      const boundary = '----adversary';
      const parts = Object.entries(fields).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      return {
        payload: `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${body}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };

    const actors = ['admin', 'clerk', 'manager'] as const;
    const passwords = ADVERSARY_PASSWORDS;
    const leaks: string[] = [];
    const statuses = new Map<number, number>();
    const send = async (
      actor: (typeof actors)[number],
      options: Parameters<typeof call>[2],
    ): Promise<LightMyRequestResponse> => {
      let res = await call(t.app, attacker[actor], options);
      if (res.statusCode === 401) {
        // A route that ends its own session (sign-out) or a retired token: sign in again and retry.
        attacker[actor] = (
          await tokenOf(t.app, { tenantId: attacker.tenantId, account: actor, password: passwords[actor] })
        ).access_token;
        res = await call(t.app, attacker[actor], options);
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.body.includes(VICTIM_MARK) || res.body.includes(PLATFORM_MARK))
        leaks.push(`${actor} ${options.method} ${options.url}`);
      return res;
    };

    const routes = t.app.apiRoutes.filter(
      (r) =>
        // A stream that stays open until the client leaves (its answers are covered elsewhere).
        r.url !== '/api/blade-desk/notice/stream' &&
        // Anyone may ask for an account in any tenant: it stays disabled until that tenant approves it.
        r.url !== '/api/blade-user/register-guest',
    );
    expect(routes.length).toBeGreaterThan(250);
    let calls = 0;
    for (const [index, route] of routes.entries()) {
      const method = route.method as 'GET' | 'POST';
      const url = route.url.replace(/\*$/, 'blade-none/forged/list');
      for (const actor of actors) {
        const variants =
          method === 'GET'
            ? [{}, { query: forgedQuery(index) }, { query: { id: huge, ids: huge, code: huge } }]
            : [
                { payload: {} },
                { query: forgedQuery(index), payload: forgedBody(index) },
                { query: { ids: huge }, payload: hugeBody },
                ...(/upload|put-file/.test(url)
                  ? [
                      upload('evil.bpmn', evilBpmn(stolen, join(dataDir, 'jwt-secret')), {
                        tenantIds: `${victim.tenantId},000000`,
                        category: '1',
                      }),
                      upload('evil.png', '<script>alert(1)</script>', { tenantId: victim.tenantId }),
                    ]
                  : []),
              ];
        for (const variant of variants) {
          const res = await send(actor, { method, url, ...variant });
          expect(res.statusCode, `${actor} ${method} ${url}`).toBeLessThan(500);
          calls++;
        }
      }
    }

    expect(leaks).toEqual([]);
    expect(existsSync(stolen)).toBe(false);
    expect(folderHashes(dataDir, attacker.tenantId)).toEqual(beforeFiles);
    expect(await rowsNotTheAttackers()).toEqual(beforeRows);
    // The victim's session still works and reads what it read.
    expect(await victimReads()).toEqual(beforeReads);
    expect(calls).toBeGreaterThan(2000);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
  }, 300_000);

  it('gives the clerk and the manager no more through history, the recycle bin and imports than through the records', async () => {
    const beforeRows = await rowsNotTheAttackers();
    const unscoped = t.services.data.unscoped();
    const history = ['log_change', 'log_change_view', 'log_change_recycle', 'log_change_purge'];
    const scope = await unscoped
      .selectFrom('blade_scope_data')
      .select('id')
      .where('resource_code', '=', 'user')
      .where('scope_type', '=', 4)
      .executeTakeFirstOrThrow();
    // Both get the history screen's buttons (and the manager removing users) besides their own.
    for (const [who, codes, scopes] of [
      ['clerk', ['system', 'post', 'post_view', 'work', ...history], []],
      ['manager', [...USER_SCREEN_CODES, ...history], [String(scope.id)]],
    ] as const) {
      const role = await unscoped
        .selectFrom('blade_role')
        .select('id')
        .where('role_alias', '=', `${who}${attacker.tenantId}`)
        .executeTakeFirstOrThrow();
      const menus = await unscoped.selectFrom('blade_menu').select('id').where('code', 'in', codes).execute();
      await ok(t.app, attacker.admin, {
        method: 'POST',
        url: '/api/blade-system/role/grant',
        payload: {
          roleIds: String(role.id),
          menuIds: menus.map((m) => String(m.id)).join(','),
          dataScopeIds: scopes.join(','),
        },
      });
      attacker[who] = (
        await tokenOf(t.app, { tenantId: attacker.tenantId, account: who, password: 'pass-1234' })
      ).access_token;
    }
    const users = await unscoped
      .selectFrom('blade_user')
      .select(['id', 'account', 'role_id', 'dept_id'])
      .where('tenant_id', '=', attacker.tenantId)
      .execute();
    const owner = users.find((u) => u.account === 'admin')!;
    const east = String(users.find((u) => u.account === 'manager')!.dept_id);
    // An administrator of the manager's own department, removed by the tenant's administrator.
    const boss = await ok<Row>(t.app, attacker.admin, {
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'boss',
        password: md5('pass-1234'),
        realName: 'boss',
        roleId: owner.role_id,
        deptId: east,
      },
    });
    await ok(t.app, attacker.admin, { method: 'POST', url: `/api/blade-user/remove?ids=${boss.id}` });
    await ok(t.app, attacker.admin, {
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { postCode: 'history-post', postName: 'History post' },
    });

    const get = (who: 'clerk' | 'manager', url: string) => call(t.app, attacker[who], { method: 'GET', url });
    const post = (who: 'clerk' | 'manager', url: string) =>
      call(t.app, attacker[who], { method: 'POST', url });
    type Change = { resource: string; rowId: string };

    // The clerk reads history of what it reads (posts), nothing of users, roles or departments.
    const clerkPage = (await get('clerk', '/api/blade-log/history/page?size=200')).json().data
      .records as Change[];
    expect(clerkPage.length).toBeGreaterThan(0);
    expect(clerkPage.filter((c) => ['user', 'role', 'dept', 'tenant'].includes(c.resource))).toEqual([]);
    expect(
      (await get('clerk', `/api/blade-log/history/timeline?resource=user&id=${owner.id}`)).statusCode,
    ).toBe(403);
    expect((await get('clerk', '/api/blade-log/history/page?resource=role')).statusCode).toBe(403);
    for (const action of ['restore', 'purge'])
      expect(
        (await post('clerk', `/api/blade-log/recycle/${action}?resource=user&ids=${boss.id}`)).statusCode,
      ).toBe(403);

    // The manager reads users of its department only, and cannot bring back or purge an administrator.
    expect((await get('manager', `/api/blade-user/detail?id=${owner.id}`)).statusCode).toBe(404);
    expect(
      (await get('manager', `/api/blade-log/history/timeline?resource=user&id=${owner.id}`)).statusCode,
    ).toBe(404);
    const managerPage = (await get('manager', '/api/blade-log/history/page?size=200')).json().data
      .records as Change[];
    expect([...new Set(managerPage.map((c) => c.resource))]).toEqual(['user']);
    expect(managerPage.map((c) => c.rowId)).not.toContain(String(owner.id));
    for (const action of ['restore', 'purge'])
      expect(
        (await post('manager', `/api/blade-log/recycle/${action}?resource=user&ids=${boss.id}`)).statusCode,
      ).toBe(403);
    const stored = await unscoped
      .selectFrom('blade_user')
      .select('is_deleted')
      .where('id', '=', Number(boss.id))
      .executeTakeFirst();
    expect(Number(stored?.is_deleted)).toBe(1);

    // Another tenant's rows are not there to read, restore or purge.
    const victimUser = String(foreignUsers[0]);
    expect(
      (await get('manager', `/api/blade-log/history/timeline?resource=user&id=${victimUser}`)).statusCode,
    ).toBe(404);
    for (const action of ['restore', 'purge'])
      expect(
        (await post('manager', `/api/blade-log/recycle/${action}?resource=user&ids=${victimUser}`))
          .statusCode,
      ).toBe(404);

    // Imports write through the same rules: the clerk imports no users; the manager neither makes
    // an administrator nor overwrites one outside its department, by the user import or the
    // generic one.
    const ownerRole = await unscoped
      .selectFrom('blade_role')
      .select('role_name')
      .where('id', '=', Number(String(owner.role_id).split(',')[0]))
      .executeTakeFirstOrThrow();
    const eastName = await unscoped
      .selectFrom('blade_dept')
      .select('dept_name')
      .where('id', '=', Number(east))
      .executeTakeFirstOrThrow();
    const sheet = async (rows: string[][]) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('users');
      for (const row of rows) ws.addRow(row);
      return multipartFile('users.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    };
    const userSheet = (account: string) =>
      sheet([
        ['登录账号', '用户昵称', '用户姓名', '电子邮箱', '手机号码', '所属角色', '所属部门'],
        [account, account, account, '', '', ownerRole.role_name, eastName.dept_name],
      ]);
    const ownerRow = () =>
      unscoped
        .selectFrom('blade_user')
        .select(['real_name', 'dept_id', 'role_id'])
        .where('id', '=', Number(owner.id))
        .executeTakeFirstOrThrow();
    const ownerBefore = await ownerRow();
    const upload = async (who: 'clerk' | 'manager', url: string, file: Awaited<ReturnType<typeof sheet>>) =>
      call(t.app, attacker[who], { method: 'POST', url, ...file });
    for (const url of ['/api/blade-user/import-user', '/api/blade-log/data/import?resource=user&mode=import'])
      expect((await upload('clerk', url, await userSheet('clerk_made'))).statusCode, url).toBe(403);
    const made = await upload('manager', '/api/blade-user/import-user', await userSheet('manager_made'));
    expect(made.statusCode).toBe(403);
    const generic = await upload(
      'manager',
      '/api/blade-log/data/import?resource=user&mode=import',
      await sheet([
        ['登录账号', '用户姓名', '所属角色', '所属部门'],
        ['manager_made2', 'manager_made2', ownerRole.role_name, eastName.dept_name],
      ]),
    );
    expect(generic.json().data?.imported ?? 0, generic.body).toBe(0);
    const covered = await upload(
      'manager',
      '/api/blade-user/import-user?isCovered=1',
      await userSheet('admin'),
    );
    expect([403, 404]).toContain(covered.statusCode);
    const madeRows = await unscoped
      .selectFrom('blade_user')
      .select('account')
      .where('tenant_id', '=', attacker.tenantId)
      .where('account', 'in', ['clerk_made', 'manager_made', 'manager_made2'])
      .execute();
    expect(madeRows).toEqual([]);
    expect(await ownerRow()).toEqual(ownerBefore);
    expect(await rowsNotTheAttackers()).toEqual(beforeRows);
  }, 60_000);
});
