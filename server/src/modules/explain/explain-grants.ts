import type { AccessRefusal } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { type ApiRoute, type AuthContext, isSuperAdmin } from '../../core/http.js';
import type { Language } from '../../core/messages.js';
import type { MenuService } from '../system/menu-service.js';
import type { Tr } from './explain-types.js';

/** Whether a route's access lets the user through: by who it is, or by the codes it holds. */
export async function routeGrant(
  menus: MenuService,
  auth: AuthContext,
  access: Exclude<ApiRoute['access'], 'public'>,
  refusal: AccessRefusal | undefined,
  tr: Tr,
  lang: Language,
): Promise<[boolean, string]> {
  if (isSuperAdmin(auth)) return [true, tr('explainSuperAdmin')];
  if (access === 'user') return [true, tr('explainSignedIn')];
  if (access === 'administrator') return [false, tr('explainAdministratorOnly')];
  if (refusal?.reason === 'platform') return [false, tr('explainPlatformOnly')];
  const codes = typeof access.permission === 'string' ? [access.permission] : [...access.permission];
  return grantOf(menus, auth, codes, tr, lang);
}

/** Whether the user holds any of the codes, and which role grants it or what withholds it. */
export async function grantOf(
  menus: MenuService,
  auth: AuthContext,
  codes: string[],
  tr: Tr,
  lang: Language,
): Promise<[boolean, string]> {
  if (isSuperAdmin(auth)) return [true, tr('explainSuperAdmin')];
  const roleMenus = await menus.roleMenus(auth);
  const wanted = roleMenus.filter((m) => codes.includes(m.row.code));
  const held = wanted.find((m) => !m.withheld);
  const named = async (code: string) => (await menuNamed(auth, code, lang)).label;
  if (held) {
    const roles = await auth.db
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
      .select('r.role_name')
      .distinct()
      .where('rm.menu_id', '=', held.row.id)
      .where('rm.role_id', 'in', auth.roleIds)
      .execute();
    return [
      true,
      tr('explainGrantBy', {
        roles: roles.map((r) => r.role_name).join('、'),
        menu: await named(held.row.code),
      }),
    ];
  }
  const first = wanted[0];
  if (first?.withheld === 'package')
    return [false, tr('explainGrantPackage', { menu: await named(first.row.code) })];
  if (first?.withheld === 'platform')
    return [false, tr('explainGrantPlatform', { menu: await named(first.row.code) })];
  const names = await Promise.all(codes.map(named));
  return [false, tr('explainGrantNone', { menu: names.join(lang === 'zh' ? '」或「' : '" or "') })];
}

/** A menu or button by code, named in the language asked; 404 when there is none. */
export async function menuNamed(auth: AuthContext, code: string, lang: Language) {
  const menu = await auth.db
    .selectFrom('blade_menu')
    .select(['code', 'name', 'alias', 'path'])
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!menu) throw new AppError(404, 'explainMenuUnknown', { code });
  return { label: lang === 'en' && menu.alias ? menu.alias : menu.name, path: menu.path ?? '' };
}
