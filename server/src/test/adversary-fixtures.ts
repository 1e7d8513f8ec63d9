import { md5 } from '../core/digest.js';
import { changedOnFirstSignIn, deptNamed, firstSignIn, newTenant, ok, roleWith } from './fixtures.js';
import { type TestServer, tokenOf } from './harness.js';

type Row = Record<string, unknown>;

/** A tenant of the adversarial fixtures: its administrator, a clerk and a department-limited manager (tokens). */
export interface AdversaryTenant {
  tenantId: string;
  admin: string;
  clerk: string;
  manager: string;
}

/** The passwords the fixtures' people sign in with. */
export const ADVERSARY_PASSWORDS = {
  admin: 'owner-pass-1',
  clerk: 'pass-1234',
  manager: 'pass-1234',
} as const;

/** The password their administrator gives the clerk and the manager, changed at their first sign-in. */
const ONE_TIME = 'given-pass-1';

/**
 * Two tenants on a package naming every menu, each with its administrator, a clerk (posts only)
 * and a manager of users limited to its own department (a data scope on users), as the
 * adversarial suite and the permission explainer's agreement test use them. The attacker's
 * administrator role holds every menu and button there is, as an older install gave it.
 */
export async function adversaryTenants(t: TestServer): Promise<{
  platform: string;
  platformAdminRole: string;
  menus: Array<{ id: number; code: string }>;
  attacker: AdversaryTenant;
  victim: AdversaryTenant;
}> {
  const signed = await tokenOf(t.app);
  const platform = signed.access_token;
  const menus = await t.services.data.global.selectFrom('blade_menu').select(['id', 'code']).execute();
  const pkg = await ok<Row>(t.app, platform, {
    method: 'POST',
    url: '/api/blade-system/tenant-package/submit',
    payload: { packageName: 'Everything', menuId: menus.map((m) => String(m.id)).join(',') },
  });
  const ownDept = await ok<Row>(t.app, platform, {
    method: 'POST',
    url: '/api/blade-system/data-scope/submit',
    payload: { resourceCode: 'user', scopeName: '本部门', scopeColumn: 'dept_id', scopeType: 4 },
  });

  const tenantNamed = async (tenantName: string): Promise<AdversaryTenant> => {
    const tenant = await newTenant(t.app, platform, { tenantName });
    const tenantId = String(tenant.tenantId);
    await ok(t.app, platform, {
      method: 'POST',
      url: '/api/blade-system/tenant/package-setting',
      query: { tenantId, packageId: String(pkg.id) },
    });
    const admin = await firstSignIn(t.app, tenant);
    const head = String(
      (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!.id,
    );
    const dept = await deptNamed(t.app, admin, `${tenantName} east`, head);
    const people: Record<string, string> = {};
    for (const [who, codes, scopes] of [
      ['clerk', ['system', 'post', 'post_view', 'work'], []],
      [
        'manager',
        ['system', 'user', 'user_add', 'user_edit', 'user_view', 'user_role', 'user_reset'],
        [String(ownDept.id)],
      ],
    ] as const) {
      const roleId = await roleWith(t.app, t.services, admin, `${who}${tenantId}`, [...codes], {
        dataScopeIds: [...scopes],
      });
      await ok(t.app, admin, {
        method: 'POST',
        url: '/api/blade-user/submit',
        payload: { account: who, password: md5(ONE_TIME), realName: who, roleId, deptId: dept },
      });
      people[who] = await changedOnFirstSignIn(t.app, {
        tenantId,
        account: who,
        oneTime: ONE_TIME,
        newPassword: ADVERSARY_PASSWORDS.clerk,
      });
    }
    return { tenantId, admin, clerk: people.clerk!, manager: people.manager! };
  };
  const attacker = await tenantNamed('Attacker');
  const victim = await tenantNamed('Victim');
  const attackerDb = t.services.data.forTenant(attacker.tenantId);
  const adminRole = await attackerDb
    .selectFrom('blade_role')
    .select('id')
    .where('role_alias', '=', 'admin')
    .executeTakeFirstOrThrow();
  const held = new Set(
    (
      await attackerDb
        .selectFrom('blade_role_menu')
        .select('menu_id')
        .where('role_id', '=', adminRole.id)
        .execute()
    ).map((r) => r.menu_id),
  );
  await attackerDb
    .insertInto('blade_role_menu')
    .values(
      menus
        .filter((m) => !held.has(m.id))
        .map((m, i) => ({
          id: 8_000_000 + i,
          tenant_id: attacker.tenantId,
          role_id: adminRole.id,
          menu_id: m.id,
        })),
    )
    .execute();
  attacker.admin = (
    await tokenOf(t.app, {
      tenantId: attacker.tenantId,
      account: 'admin',
      password: ADVERSARY_PASSWORDS.admin,
    })
  ).access_token;
  return { platform, platformAdminRole: String(signed.role_id), menus, attacker, victim };
}
