import { type MenuNode, resources } from '@blade/schema';
import type { AuthContext } from '../../core/http.js';
import { isPlatformCaller, isSuperAdmin } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { toWire } from '../../core/wire.js';
import type { MenuTable } from '../../db/tables.js';

type MenuRow = Pick<
  MenuTable,
  | 'id'
  | 'parent_id'
  | 'code'
  | 'name'
  | 'alias'
  | 'path'
  | 'source'
  | 'sort'
  | 'category'
  | 'action'
  | 'is_open'
  | 'remark'
>;

const MENU_COLUMNS = [
  'id',
  'parent_id',
  'code',
  'name',
  'alias',
  'path',
  'source',
  'sort',
  'category',
  'action',
  'is_open',
  'remark',
] as const;
/** What keeps a menu a role grants from its holder. */
export type MenuWithheld = 'package' | 'platform';

const MENU = 1;
const BUTTON = 2;

/** Menu codes of the platform's screens: the screens of platform-owned resources, and the monitor. */
export const PLATFORM_SCREENS: ReadonlySet<string> = new Set([
  ...Object.values(resources)
    .filter((r) => r.owner === 'platform')
    .flatMap((r) => [r.permission, ...(r.menus ?? [])]),
  // 服务监控: the whole server's health, every tenant's load in it.
  'monitor',
]);

/**
 * The platform's menus among `rows`: its screens, everything under them (their buttons), and the
 * folders that hold nothing else. No tenant but the platform's is ever granted or shown these.
 */
export function platformMenus(rows: ReadonlyArray<Pick<MenuRow, 'id' | 'parent_id' | 'code'>>): Set<number> {
  const children = new Map<number, number[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
  const platform = new Set<number>();
  const below = (id: number): void => {
    platform.add(id);
    for (const child of children.get(id) ?? []) below(child);
  };
  for (const r of rows) if (PLATFORM_SCREENS.has(r.code)) below(r.id);
  const onlyPlatform = (id: number): boolean => {
    const kids = children.get(id) ?? [];
    if (kids.length === 0) return platform.has(id);
    const all = kids.map(onlyPlatform).every(Boolean);
    if (all) platform.add(id);
    return all;
  };
  for (const root of children.get(0) ?? []) onlyPlatform(root);
  return platform;
}

/**
 * What a caller may see and do: the menus and buttons granted to their roles, limited by their
 * tenant's package. Routes, top menus and button codes are all derived from this one set.
 */
export class MenuService {
  constructor(private readonly timeZone: string) {}

  /**
   * Menu ids the tenant's package allows, or undefined when the tenant has no package. Reads go
   * through the caller's handle, so a check inside the caller's transaction stays inside it.
   */
  async packageMenuIds(auth: Pick<AuthContext, 'tenantId' | 'db'>): Promise<Set<number> | undefined> {
    if (isPlatformCaller(auth)) return undefined;
    const row = await auth.db
      .selectFrom('blade_tenant as t')
      .innerJoin('blade_tenant_package as p', 'p.id', 't.package_id')
      .select('p.menu_id')
      .where('t.tenant_id', '=', auth.tenantId)
      .where('t.is_deleted', '=', 0)
      .where('p.is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) return undefined;
    return new Set(
      row.menu_id
        .split(',')
        .map((s) => parseId(s))
        .filter((n): n is number => n !== undefined),
    );
  }

  /**
   * Every menu and button row the caller is granted: its roles' grants, within its tenant's
   * package, and never a platform menu outside the platform tenant.
   */
  async granted(auth: AuthContext): Promise<MenuRow[]> {
    return (await this.roleMenus(auth)).filter((g) => !g.withheld).map((g) => g.row);
  }

  /**
   * Every menu and button row the caller's roles grant, in menu order, each with what withholds
   * it: the tenant's package, or being the platform's (undefined: the caller holds it).
   */
  async roleMenus(auth: AuthContext): Promise<Array<{ row: MenuRow; withheld?: MenuWithheld }>> {
    const rows = isSuperAdmin(auth)
      ? await auth.db.selectFrom('blade_menu').select(MENU_COLUMNS).where('is_deleted', '=', 0).execute()
      : auth.roleIds.length
        ? await auth.db
            .selectFrom('blade_menu as m')
            .innerJoin('blade_role_menu as rm', 'rm.menu_id', 'm.id')
            .select(MENU_COLUMNS.map((c) => `m.${c}` as const))
            .distinct()
            .where('rm.role_id', 'in', auth.roleIds)
            .where('m.is_deleted', '=', 0)
            .execute()
        : [];
    const allowed = await this.packageMenuIds(auth);
    const platform = isPlatformCaller(auth) ? new Set<number>() : await this.platformMenuIds(auth);
    return rows
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((row) => {
        const withheld: MenuWithheld | undefined =
          allowed && !allowed.has(row.id) ? 'package' : platform.has(row.id) ? 'platform' : undefined;
        return withheld ? { row, withheld } : { row };
      });
  }

  /** Ids of the platform's menus (see platformMenus), which tenants never hold whatever their grants. */
  async platformMenuIds(auth: Pick<AuthContext, 'db'>): Promise<Set<number>> {
    const rows = await auth.db
      .selectFrom('blade_menu')
      .select(['id', 'parent_id', 'code'])
      .where('is_deleted', '=', 0)
      .execute();
    return platformMenus(rows);
  }

  /** Codes of every granted menu and button: a screen's code lets one read it, a button's do its action. */
  async permissionCodes(auth: AuthContext): Promise<Set<string>> {
    return new Set((await this.granted(auth)).map((r) => r.code));
  }

  /** The sidebar tree; with a top menu, only the subtrees that top menu shows. */
  async routes(auth: AuthContext, topMenuId: number | undefined): Promise<MenuNode[]> {
    const menus = (await this.granted(auth)).filter((r) => r.category === MENU);
    let roots = this.tree(menus);
    if (topMenuId !== undefined) {
      const settings = await auth.db
        .selectFrom('blade_top_menu_setting')
        .select('menu_id')
        .where('top_menu_id', '=', topMenuId)
        .execute();
      const shown = new Set(settings.map((s) => String(s.menu_id)));
      roots = roots.filter((node) => shown.has(node.id));
    }
    return roots;
  }

  /** Button codes in the menu hierarchy they belong to, as the shell's permission tree. */
  async buttons(auth: AuthContext): Promise<MenuNode[]> {
    const keepButtons = (nodes: MenuNode[]): MenuNode[] =>
      nodes.flatMap((node) => {
        if (node.category === BUTTON) return [node];
        const children = keepButtons(node.children ?? []);
        return children.length ? [{ ...node, children, hasChildren: true }] : [];
      });
    return keepButtons(this.tree(await this.granted(auth)));
  }

  /** Top menus of the caller's tenant that lead to at least one granted menu. */
  async topMenus(auth: AuthContext) {
    const tops = await auth.db
      .selectFrom('blade_top_menu')
      .select(['id', 'code', 'name', 'alias', 'source', 'path', 'sort'])
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .execute();
    if (isSuperAdmin(auth)) return tops.map((t) => toWire(t, this.timeZone));
    const granted = new Set((await this.granted(auth)).map((r) => r.id));
    const settings = await auth.db
      .selectFrom('blade_top_menu_setting')
      .select(['top_menu_id', 'menu_id'])
      .execute();
    const reachable = new Set(settings.filter((s) => granted.has(s.menu_id)).map((s) => s.top_menu_id));
    return tops.filter((t) => reachable.has(t.id)).map((t) => toWire(t, this.timeZone));
  }

  private tree(rows: MenuRow[]): MenuNode[] {
    const nodes = new Map<number, MenuNode>();
    for (const r of rows) {
      nodes.set(r.id, {
        id: String(r.id),
        parentId: String(r.parent_id),
        code: r.code,
        name: r.name,
        alias: r.alias,
        path: r.path,
        source: r.source,
        sort: r.sort,
        category: r.category,
        action: r.action,
        isOpen: r.is_open,
        remark: r.remark,
        hasChildren: false,
      });
    }
    const roots: MenuNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.id)!;
      const parent = nodes.get(r.parent_id);
      if (parent) {
        // Leaves carry no children at all: Saber takes a node with a children array for a folder
        // and collects no button code below it.
        parent.children ??= [];
        parent.children.push(node);
        parent.hasChildren = true;
      } else if (r.parent_id === 0) {
        roots.push(node);
      }
    }
    return roots;
  }
}
