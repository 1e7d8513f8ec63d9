import { resources } from '@blade/schema';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { ResourceService } from '../../crud/resource-service.js';
import { dynamic } from '../../db/dynamic-db.js';
import { deptNamed, ok, roleWith, tenantWithAdmin, userWith } from '../../test/fixtures.js';
import { auditColumns, call, type DescribedServer, serverForDescribe } from '../../test/harness.js';
import { runJobNow } from '../../test/jobs.js';

type Json = Record<string, unknown>;
interface Change {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: true;
}
interface Entry {
  id: string;
  action: string;
  rowId: string;
  reverts: string | null;
  createBy: string;
  requestId: string | null;
  changes: Change[];
}

/** Change history, restore, undo and the recycle bin of declared resources. */
describe('change history', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  const submitPost = (payload: Json, token = t.admin) =>
    ok<{ id: string }>(t.app, token, { method: 'POST', url: '/api/blade-system/post/submit', payload });
  const timeline = (resource: string, id: string, token = t.admin) =>
    ok<Entry[]>(t.app, token, {
      method: 'GET',
      url: `/api/blade-log/history/timeline?resource=${resource}&id=${id}`,
    });
  const restore = (resource: string, id: string, mode: 'version' | 'undo', token = t.admin) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/blade-log/history/restore',
      headers: { 'accept-language': 'zh-CN' },
      payload: { resource, id, mode },
    });
  const postRow = (id: string) =>
    t.services.data
      .unscoped()
      .selectFrom('blade_post')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirst();

  it('records each create, update and delete with who, the request and the field difference', async () => {
    const post = await submitPost({ postCode: 'h-1', postName: 'First', sort: 1 });
    await submitPost({ id: post.id, postCode: 'h-1', postName: 'Second', sort: 1 });
    // An update that changes nothing adds nothing.
    await submitPost({ id: post.id, postCode: 'h-1', postName: 'Second', sort: 1 });
    await t.ok({ method: 'POST', url: `/api/blade-system/post/remove?ids=${post.id}` });
    const entries = await timeline('post', post.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes).toContainEqual({ field: 'postName', before: null, after: 'First' });
    expect(entries[1]!.changes).toEqual([{ field: 'postName', before: 'First', after: 'Second' }]);
    expect(entries.every((e) => e.createBy === 'admin' && e.rowId === post.id && e.requestId)).toBe(true);
  });

  it('restores a version and undoes one change, each as a new recorded change', async () => {
    const post = await submitPost({ postCode: 'h-2', postName: 'One', sort: 1, remark: 'r1' });
    await submitPost({ id: post.id, postCode: 'h-2', postName: 'Two', sort: 1, remark: 'r1' });
    await submitPost({ id: post.id, postCode: 'h-2', postName: 'Two', sort: 1, remark: 'r2' });
    const [created, renamed, remarked] = await timeline('post', post.id);

    expect((await restore('post', created!.id, 'version')).json()).toMatchObject({ success: true });
    expect(await postRow(post.id)).toMatchObject({ post_name: 'One', remark: 'r1' });
    const afterVersion = await timeline('post', post.id);
    expect(afterVersion.at(-1)).toMatchObject({ action: 'restore', reverts: created!.id });

    // The rename was undone by the restore just made: undoing it again is refused by name.
    const refused = await restore('post', renamed!.id, 'undo');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('无法撤销：岗位名称 在这次变更之后又被修改过，请改为恢复到某个版本');

    await submitPost({ id: post.id, postCode: 'h-2', postName: 'Three', sort: 1, remark: 'r1' });
    const [last] = (await timeline('post', post.id)).slice(-1);
    expect((await restore('post', last!.id, 'undo')).json()).toMatchObject({ success: true });
    expect(await postRow(post.id)).toMatchObject({ post_name: 'One' });
    expect(remarked).toBeDefined();
    // An undo is recorded as an undo of that change, not as a restore back to it.
    expect((await timeline('post', post.id)).at(-1)).toMatchObject({ action: 'undo', reverts: last!.id });
    // An undone undo goes back again, and is an undo too.
    const [undone] = (await timeline('post', post.id)).slice(-1);
    expect((await restore('post', undone!.id, 'undo')).json()).toMatchObject({ success: true });
    expect(await postRow(post.id)).toMatchObject({ post_name: 'Three' });
  });

  it('records the undo of a removal as an undo', async () => {
    const post = await submitPost({ postCode: 'h-undo', postName: 'Gone', sort: 1 });
    await t.ok({ method: 'POST', url: `/api/blade-system/post/remove?ids=${post.id}` });
    const [removed] = (await timeline('post', post.id)).slice(-1);
    expect((await restore('post', removed!.id, 'undo')).json()).toMatchObject({ success: true });
    expect((await timeline('post', post.id)).at(-1)).toMatchObject({ action: 'undo', reverts: removed!.id });
    // Undoing that undo removes the row again.
    const [back] = (await timeline('post', post.id)).slice(-1);
    expect((await restore('post', back!.id, 'undo')).json()).toMatchObject({ success: true });
    expect((await timeline('post', post.id)).at(-1)).toMatchObject({ action: 'delete' });
  });

  it('lists removed rows in the recycle bin, restores them in bulk, and refuses a taken unique key', async () => {
    const a = await submitPost({ postCode: 'h-3', postName: 'A', sort: 1 });
    const b = await submitPost({ postCode: 'h-4', postName: 'B', sort: 1 });
    await t.ok({ method: 'POST', url: `/api/blade-system/post/remove?ids=${a.id},${b.id}` });
    const bin = await t.ok<{ records: Json[]; total: number }>({
      method: 'GET',
      url: '/api/blade-log/recycle/page?resource=post&size=50',
    });
    expect(bin.records.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    // Another live row took a's code meanwhile: restoring both is refused and nothing comes back.
    await submitPost({ postCode: 'h-3', postName: 'A again', sort: 1 });
    const refused = await t.call({
      method: 'POST',
      url: `/api/blade-log/recycle/restore?resource=post&ids=${a.id},${b.id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('无法恢复：岗位编号 已被其他数据使用');
    expect(Number((await postRow(b.id))!.is_deleted)).toBe(1);

    const restored = await t.ok<{ restored: number }>({
      method: 'POST',
      url: `/api/blade-log/recycle/restore?resource=post&ids=${b.id}`,
    });
    expect(restored.restored).toBe(1);
    expect(Number((await postRow(b.id))!.is_deleted)).toBe(0);
    expect((await timeline('post', b.id)).map((e) => e.action)).toEqual(['create', 'delete', 'restore']);

    // Undoing a removal is a restore too; purge removes a binned row for good.
    const purged = await t.ok<{ purged: number }>({
      method: 'POST',
      url: `/api/blade-log/recycle/purge?resource=post&ids=${a.id}`,
    });
    expect(purged.purged).toBe(1);
    expect(await postRow(a.id)).toBeUndefined();
  });

  it('refuses to restore a department whose parent was removed', async () => {
    const parent = await deptNamed(t.app, t.admin, 'History parent');
    const child = await deptNamed(t.app, t.admin, 'History child', parent);
    await t.ok({ method: 'POST', url: `/api/blade-system/dept/remove?ids=${child}` });
    await t.ok({ method: 'POST', url: `/api/blade-system/dept/remove?ids=${parent}` });
    const refused = await t.call({
      method: 'POST',
      url: `/api/blade-log/recycle/restore?resource=dept&ids=${child}`,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'Cannot restore: the entry its Parent department names was deleted; restore that first',
    );
    // Both together are fine.
    await t.ok({
      method: 'POST',
      url: `/api/blade-log/recycle/restore?resource=dept&ids=${child},${parent}`,
    });
  });

  it('keeps a change and its history together: one never commits without the other', async () => {
    const auth = await authOf(t, t.admin);
    const ctx: ResourceContext = {
      resource: resources.post!,
      auth,
      db: dynamic(auth.db),
      lang: 'zh',
    };
    const failing = new ResourceService(resources.post!, t.services, {
      afterWrite() {
        throw new Error('fails after the write');
      },
    });
    const count = async () =>
      Number(
        (
          await t.services.data
            .unscoped()
            .selectFrom('blade_data_history')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(failing.insert(ctx, { post_code: 'h-tx', post_name: 'Tx', sort: 1 })).rejects.toThrow(
      'fails after the write',
    );
    expect(await count()).toBe(before);

    // Without a place to write the history, the change itself is refused.
    const post = await submitPost({ postCode: 'h-tx2', postName: 'Kept', sort: 1 });
    const db = t.services.data.unscoped();
    await sql`alter table blade_data_history rename to blade_data_history_off`.execute(db);
    try {
      const res = await t.call({
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { id: post.id, postCode: 'h-tx2', postName: 'Lost', sort: 1 },
      });
      expect(res.json().success).toBe(false);
    } finally {
      await sql`alter table blade_data_history_off rename to blade_data_history`.execute(db);
    }
    expect(await postRow(post.id)).toMatchObject({ post_name: 'Kept' });
  });

  it('records secrets only as changed', async () => {
    const role = await roleWith(t.app, t.services, t.admin, 'history-secret', ['post']);
    const dept = await deptNamed(t.app, t.admin, 'History dept');
    const user = await userWith(t.app, t.admin, { account: 'history-secret', roleId: role, deptId: dept });
    const entries = await timeline('user', user.id);
    const password = entries[0]!.changes.find((c) => c.field === 'password');
    expect(password).toEqual({ field: 'password', secret: true });
    const stored = await t.services.data
      .unscoped()
      .selectFrom('blade_data_history')
      .select('changes')
      .where('row_id', '=', Number(user.id))
      .execute();
    const hash = (
      await t.services.data
        .unscoped()
        .selectFrom('blade_user')
        .select('password')
        .where('id', '=', Number(user.id))
        .executeTakeFirstOrThrow()
    ).password;
    for (const row of stored) {
      expect(row.changes).not.toContain(md5('pass-1234'));
      expect(row.changes).not.toContain(String(hash));
    }
    expect(entries[0]!.changes).toContainEqual({ field: 'account', before: null, after: 'history-secret' });
  });

  it('records a role grant in the role history, and does not restore it from there', async () => {
    const role = await roleWith(t.app, t.services, t.admin, 'history-grant', ['post', 'post_view']);
    const entries = await timeline('role', role);
    expect(entries.map((e) => e.action)).toEqual(['create', 'grant']);
    const grant = entries[1]!;
    expect(grant.changes).toHaveLength(1);
    expect(grant.changes[0]).toMatchObject({ field: 'menuIds', before: '' });
    expect(String(grant.changes[0]!.after).split(',')).toHaveLength(2);
    const refused = await restore('role', grant.id, 'undo');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('授权变更不能在这里恢复，请在角色的权限设置中重新授权');
  });

  it('records top-menu grants, tenant settings and package settings as grants of their rows', async () => {
    const db = t.services.data.unscoped();
    const top = await db
      .selectFrom('blade_top_menu')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const menus = await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', 'in', ['post', 'post_view'])
      .execute();
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/topmenu/grant',
      payload: { topMenuIds: String(top.id), menuIds: menus.map((m) => m.id).join(',') },
    });
    const topEntries = await timeline('topMenu', String(top.id));
    expect(topEntries.at(-1)).toMatchObject({ action: 'grant' });
    expect(topEntries.at(-1)!.changes[0]).toMatchObject({
      field: 'menuIds',
      after: menus
        .map((m) => String(m.id))
        .sort()
        .join(','),
    });

    await tenantWithAdmin(t.app, t.services, '575757');
    const tenant = await db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', '575757')
      .executeTakeFirstOrThrow();
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/setting',
      payload: { ids: String(tenant.id), accountNumber: 7 },
    });
    const pkg = 9_000_001;
    await db
      .insertInto('blade_tenant_package')
      .values({
        id: pkg,
        package_name: 'history package',
        menu_id: menus.map((m) => m.id).join(','),
        remark: null,
        ...auditColumns(),
        status: 1,
        is_deleted: 0,
      })
      .execute();
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/package-setting',
      payload: { tenantId: '575757', packageId: String(pkg) },
    });
    const entries = (await timeline('tenant', String(tenant.id))).filter((e) => e.action === 'grant');
    expect(entries.map((e) => e.changes)).toEqual([
      [{ field: 'accountNumber', before: '-1', after: '7' }],
      [{ field: 'packageId', before: null, after: String(pkg) }],
    ]);
    expect(entries.every((e) => e.requestId && e.createBy === 'admin')).toBe(true);
  });

  it('keeps history within its tenant and behind the button and the resource permission', async () => {
    const post = await submitPost({ postCode: 'h-5', postName: 'Mine', sort: 1 });
    const other = await tenantWithAdmin(t.app, t.services, '565656');
    expect(await timeline('post', post.id, other)).toEqual([]);
    const page = await ok<{ records: Entry[] }>(t.app, other, {
      method: 'GET',
      url: '/api/blade-log/history/page?size=200',
    });
    expect(page.records.some((r) => r.rowId === post.id)).toBe(false);
    const [created] = await timeline('post', post.id);
    expect((await restore('post', created!.id, 'version', other)).statusCode).toBe(404);

    const mine = await t.ok<{ records: Entry[]; total: number }>({
      method: 'GET',
      url: `/api/blade-log/history/page?resource=post&rowId=${post.id}&user=admin`,
    });
    expect(mine.records.map((r) => r.action)).toEqual(['create']);

    // The history button alone is not enough: the resource's own permission is needed too.
    const role = await roleWith(t.app, t.services, t.admin, 'history-only', ['log_change_view']);
    const dept = await deptNamed(t.app, t.admin, 'History only dept');
    const user = await userWith(t.app, t.admin, { account: 'history-only', roleId: role, deptId: dept });
    const denied = await call(t.app, user.token, {
      method: 'GET',
      url: `/api/blade-log/history/timeline?resource=post&id=${post.id}`,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('prunes history past its retention', async () => {
    const db = t.services.data.unscoped();
    const old = {
      resource: 'post',
      row_id: 1,
      action: 'update',
      changes: '[]',
      create_time: '2000-01-01 00:00:00.000',
    };
    await db
      .insertInto('blade_data_history')
      .values([
        { id: 1, tenant_id: '000000', ...old },
        { id: 2, tenant_id: '565656', ...old },
      ])
      .execute();
    const run = await runJobNow(t.app, t.admin, 'log.prune-history');
    expect(run.state).toBe('succeeded');
    expect(
      await db.selectFrom('blade_data_history').select('id').where('id', 'in', [1, 2]).execute(),
    ).toEqual([]);
    expect(
      Number(
        (
          await db
            .selectFrom('blade_data_history')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });
});

/** The verified caller of a token, as a request would carry it. */
async function authOf(t: DescribedServer, token: string) {
  const auth = await t.services.auth.authenticate(token);
  if (!auth) throw new Error('token not valid');
  return auth;
}

/** History and the recycle bin answer and act only as the record's own screens would (issue 38: 6, 7). */
describe('history and the recycle bin under the record’s own rules', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });
  const HISTORY = ['log_change', 'log_change_view', 'log_change_recycle', 'log_change_purge'];
  const people = { manager: '', east: '', west: '', boss: '' };

  /** A manager limited to its own department (east), a user of east, one of west, an administrator of east. */
  const setUp = async () => {
    if (people.manager) return people;
    const scope = await t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { resourceCode: 'user', scopeName: '本部门', scopeColumn: 'dept_id', scopeType: 4 },
    });
    const east = await deptNamed(t.app, t.admin, 'Scoped east');
    const west = await deptNamed(t.app, t.admin, 'Scoped west');
    const role = await roleWith(
      t.app,
      t.services,
      t.admin,
      'scoped-manager',
      ['user', 'user_view', 'user_delete', ...HISTORY],
      { dataScopeIds: [scope.id] },
    );
    const plain = await roleWith(t.app, t.services, t.admin, 'scoped-plain', ['post']);
    const admin = await t.services.data
      .unscoped()
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('role_alias', '=', 'administrator')
      .executeTakeFirstOrThrow();
    people.manager = (
      await userWith(t.app, t.admin, { account: 'sc-manager', roleId: role, deptId: east })
    ).token;
    people.east = (await userWith(t.app, t.admin, { account: 'sc-east', roleId: plain, deptId: east })).id;
    people.west = (await userWith(t.app, t.admin, { account: 'sc-west', roleId: plain, deptId: west })).id;
    people.boss = (
      await userWith(t.app, t.admin, { account: 'sc-boss', roleId: String(admin.id), deptId: east })
    ).id;
    return people;
  };

  it('answers a row’s timeline only within the resource’s data scope (finding 6)', async () => {
    const { manager, east, west } = await setUp();
    const timeline = (id: string) =>
      call(t.app, manager, { method: 'GET', url: `/api/blade-log/history/timeline?resource=user&id=${id}` });
    expect(
      (await call(t.app, manager, { method: 'GET', url: `/api/blade-user/detail?id=${west}` })).statusCode,
    ).toBe(404);
    const outside = await timeline(west);
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('sc-west');
    const inside = await timeline(east);
    expect(inside.statusCode).toBe(200);
    expect(inside.json().data.length).toBeGreaterThan(0);
  });

  it('lists on the changes page only resources and rows the caller may read (finding 6)', async () => {
    const { manager, east, west } = await setUp();
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { postCode: 'sc-1', postName: 'Scoped' },
    });
    const page = await t.ok<{ records: Entry[]; total: number }>(
      { method: 'GET', url: '/api/blade-log/history/page?size=200' },
      manager,
    );
    const resourcesSeen = new Set(page.records.map((r) => (r as unknown as { resource: string }).resource));
    expect([...resourcesSeen]).toEqual(['user']);
    const rows = page.records.map((r) => r.rowId);
    expect(rows).toContain(east);
    expect(rows).not.toContain(west);
    expect(page.total).toBe(page.records.length);
    // Naming a resource it may not read is refused, as its own list would be.
    const posts = await call(t.app, manager, {
      method: 'GET',
      url: '/api/blade-log/history/page?resource=post',
    });
    expect(posts.statusCode).toBe(403);
  });

  it('restores and purges a removed user only as removing it would allow (finding 7)', async () => {
    const { manager, boss } = await setUp();
    const removeBoss = await call(t.app, manager, {
      method: 'POST',
      url: `/api/blade-user/remove?ids=${boss}`,
    });
    expect(removeBoss.statusCode).toBe(403);
    await t.ok({ method: 'POST', url: `/api/blade-user/remove?ids=${boss}` });
    for (const action of ['restore', 'purge']) {
      const res = await call(t.app, manager, {
        method: 'POST',
        url: `/api/blade-log/recycle/${action}?resource=user&ids=${boss}`,
      });
      expect(res.statusCode, action).toBe(403);
    }
    const row = await t.services.data
      .unscoped()
      .selectFrom('blade_user')
      .select('is_deleted')
      .where('id', '=', Number(boss))
      .executeTakeFirst();
    expect(Number(row?.is_deleted)).toBe(1);
    // The administrator itself restores it.
    await t.ok({ method: 'POST', url: `/api/blade-log/recycle/restore?resource=user&ids=${boss}` });
  });

  it('keeps a tenant’s account limit and an activity’s quota when restoring (finding 7)', async () => {
    const owner = await tenantWithAdmin(t.app, t.services, '343434');
    const db = t.services.data.unscoped();
    const tenantRow = await db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', '343434')
      .executeTakeFirstOrThrow();
    const role = await roleWith(t.app, t.services, owner, 'limit-role', ['post']);
    const dept = await deptNamed(t.app, owner, 'Limit dept');
    const first = await userWith(t.app, owner, {
      account: 'limit-1',
      roleId: role,
      deptId: dept,
      tenantId: '343434',
    });
    await ok(t.app, owner, { method: 'POST', url: `/api/blade-user/remove?ids=${first.id}` });
    const count = Number(
      (
        await db
          .selectFrom('blade_user')
          .select(sql<number>`count(*)`.as('n'))
          .where('tenant_id', '=', '343434')
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/setting',
      payload: { ids: String(tenantRow.id), accountNumber: count },
    });
    const full = await call(t.app, owner, {
      method: 'POST',
      url: `/api/blade-log/recycle/restore?resource=user&ids=${first.id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().msg).toContain(`limit of ${count} accounts`);

    const activity = await t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/mall/activity/save',
      payload: { title: 'Quota one', startTime: '2026-12-01 19:00:00', quota: 1 },
    });
    const signUp = (name: string, phone: string) =>
      t.ok<{ id: string }>({
        method: 'POST',
        url: '/api/mall/activityuser/save',
        payload: { activityId: activity.id, name, phone },
      });
    const a = await signUp('A', '13912340001');
    await t.ok({ method: 'POST', url: `/api/mall/activityuser/remove?ids=${a.id}` });
    await signUp('B', '13912340002');
    const over = await t.call({
      method: 'POST',
      url: `/api/blade-log/recycle/restore?resource=activityUser&ids=${a.id}`,
    });
    expect(over.statusCode).toBe(409);
    const stored = await dynamic(db)
      .selectFrom('mall_activity')
      .select('signed_count')
      .where('id', '=', Number(activity.id))
      .executeTakeFirstOrThrow();
    expect(Number(stored.signed_count)).toBe(1);
  });

  it('keeps a restored tenant’s old sessions ended (finding 7)', async () => {
    const owner = await tenantWithAdmin(t.app, t.services, '353535');
    const tenantRow = await t.services.data
      .unscoped()
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', '353535')
      .executeTakeFirstOrThrow();
    const info = () => call(t.app, owner, { method: 'GET', url: '/api/blade-system/post/list' });
    expect((await info()).statusCode).toBe(200);
    await t.ok({ method: 'POST', url: `/api/blade-system/tenant/remove?ids=${tenantRow.id}` });
    expect((await info()).statusCode).toBe(401);
    await t.ok({ method: 'POST', url: `/api/blade-log/recycle/restore?resource=tenant&ids=${tenantRow.id}` });
    expect((await info()).statusCode).toBe(401);
  });
});
