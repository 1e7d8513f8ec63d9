import { resources, screenButtons, screenCode, screenFolder, withScreens } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { businessDictionaries, type DictSeed, systemDictionaries } from './dictionaries';
import {
  DICT_BUTTON_PREFIX,
  declaredScreen,
  type MenuSeed,
  menuTree,
  SABER_BUTTON_CODES,
  type TopMenuSeed,
  topMenus,
} from './menu-tree';

// ---------------------------------------------------------------------------------------------
// Checkers: each returns the list of problems it finds (empty when the data is sound). The real
// seed must give no problems; deliberately broken copies must give some (so the checks bite).
// ---------------------------------------------------------------------------------------------

interface Visit {
  node: MenuSeed;
  parent: MenuSeed | undefined;
  depth: number;
}

function walk(nodes: MenuSeed[], parent?: MenuSeed, depth = 0): Visit[] {
  return nodes.flatMap((node) => [{ node, parent, depth }, ...walk(node.children ?? [], node, depth + 1)]);
}

const isButton = (node: MenuSeed) => node.category === 2;
const menuChildren = (node: MenuSeed) => (node.children ?? []).filter((c) => c.category === 1);
/** A screen: a menu (category 1) without menu children; a folder has menu children. */
const isScreen = (node: MenuSeed) => node.category === 1 && menuChildren(node).length === 0;

/** Button codes are `<prefix>_<action>`; the prefix is the screen code except where listed here. */
const BUTTON_PREFIX: Record<string, string> = { 'dict-horizontal': DICT_BUTTON_PREFIX };
const prefixOf = (screen: MenuSeed) => BUTTON_PREFIX[screen.code] ?? screen.code;
const actionsOf = (screen: MenuSeed) =>
  (screen.children ?? []).filter(isButton).map((b) => b.code.slice(prefixOf(screen).length + 1));

const CRUD = ['add', 'edit', 'delete', 'view'];

/**
 * Screens that are not plain CRUD lists, with the actions they must have instead of add/edit/delete/view:
 * read-only screens, one-call screens, workflow screens and the shared dictionary layout.
 */
const NON_CRUD_SCREENS: Record<string, string[]> = {
  'dict-vertical': [], // shares the dict_* buttons that sit under dict-horizontal
  tenantpackage: ['add', 'edit', 'delete'], // spec section 2: view is off on this screen
  plandetail: ['view'], // read-only list (GET /sq/plandetail/page)
  equitycode: ['add', 'edit', 'delete', 'view', 'generate'], // meetings, and POST /meeting/equitycode/generate
  log_usual: ['view'],
  log_api: ['view'],
  log_error: ['view'],
  log_login: ['view'],
  log_change: ['view', 'restore', 'recycle', 'purge', 'export', 'import'], // history, recycle bin, spreadsheets
  reportlist: ['add', 'edit', 'delete', 'view', 'run', 'export'], // report/rest: design, run, export
  apidoc: [], // a document page
  model: ['add', 'edit', 'deploy', 'delete'],
  manager: ['upload', 'state', 'delete'],
  follow: ['view', 'delete'],
  work_start: ['flow'],
  work_claim: ['sign', 'detail', 'follow'],
  work_todo: ['handle', 'detail', 'follow'],
  work_send: ['detail', 'follow'],
  work_done: ['detail', 'follow'],
  job: ['view', 'edit', 'state', 'run'], // scheduled jobs: history, schedule, pause/resume, run now
  online: ['logout'], // 在线用户: 强退
  monitor: [], // 服务监控: figures only
};

const ICON = /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/;

function checkMenuTree(tree: MenuSeed[]): string[] {
  const problems: string[] = [];
  const visits = walk(tree);
  const seen = new Set<string>();
  const paths = new Set<string>();

  for (const { node, parent } of visits) {
    if (seen.has(node.code)) problems.push(`duplicate code ${node.code}`);
    seen.add(node.code);
    if (!node.code || !node.name || !node.alias) problems.push(`${node.code}: empty code, name or alias`);
    if (node.isOpen === 1 && !/^https?:\/\//.test(node.path ?? '')) {
      problems.push(`${node.code}: isOpen 1 is for external links only`);
    }

    if (isButton(node)) {
      if (node.children?.length) problems.push(`button ${node.code} has children`);
      if (!parent || !isScreen(parent)) {
        problems.push(`button ${node.code} is not under a screen`);
      } else if (
        !SABER_BUTTON_CODES.has(node.code) &&
        (!node.code.startsWith(`${prefixOf(parent)}_`) || node.code === `${prefixOf(parent)}_`)
      ) {
        problems.push(`button ${node.code} does not start with ${prefixOf(parent)}_`);
      }
      if (!node.path?.startsWith('/api/'))
        problems.push(`button ${node.code}: path ${node.path} is not an API path`);
      if (node.action === undefined || ![0, 1, 2].includes(node.action)) {
        problems.push(`button ${node.code}: action must be 0, 1 or 2`);
      }
      if (node.source) problems.push(`button ${node.code} has an icon`);
    } else {
      if (parent && isButton(parent)) problems.push(`menu ${node.code} is under a button`);
      if (!node.path?.startsWith('/'))
        problems.push(`menu ${node.code}: path ${node.path} does not start with /`);
      if (node.path && paths.has(node.path)) problems.push(`menu ${node.code}: duplicate path ${node.path}`);
      if (node.path) paths.add(node.path);
      if (!ICON.test(node.source ?? ''))
        problems.push(`menu ${node.code}: icon ${node.source} is not an antd icon`);
      if (node.action !== undefined) problems.push(`menu ${node.code} has a button action`);
      const kids = node.children ?? [];
      if (menuChildren(node).length > 0 && kids.some(isButton)) {
        problems.push(`folder ${node.code} mixes menus and buttons`);
      }
    }

    const siblings = node.children ?? [];
    for (let i = 1; i < siblings.length; i++) {
      if (siblings[i]!.sort <= siblings[i - 1]!.sort)
        problems.push(`children of ${node.code}: sort not increasing`);
    }
  }
  for (let i = 1; i < tree.length; i++) {
    if (tree[i]!.sort <= tree[i - 1]!.sort) problems.push('top level: sort not increasing');
  }
  for (const top of tree) {
    if (top.category !== 1 || menuChildren(top).length === 0)
      problems.push(`top level ${top.code} is not a folder`);
  }

  for (const { node } of visits.filter((v) => isScreen(v.node))) {
    const actions = actionsOf(node);
    const required = NON_CRUD_SCREENS[node.code] ?? CRUD;
    for (const action of required) {
      if (!actions.includes(action)) problems.push(`screen ${node.code} lacks the ${action} button`);
    }
  }
  return problems;
}

function checkTopMenus(tops: TopMenuSeed[], tree: MenuSeed[]): string[] {
  const problems: string[] = [];
  const topLevel = new Set(tree.map((m) => m.code));
  const shown = new Set<string>();
  const codes = new Set<string>();
  for (const top of tops) {
    if (codes.has(top.code)) problems.push(`duplicate top menu ${top.code}`);
    codes.add(top.code);
    if (!ICON.test(top.source)) problems.push(`top menu ${top.code}: bad icon ${top.source}`);
    if (top.menuCodes.length === 0) problems.push(`top menu ${top.code} shows nothing`);
    for (const code of top.menuCodes) {
      if (!topLevel.has(code)) problems.push(`top menu ${top.code}: ${code} is not a top-level menu`);
      shown.add(code);
    }
  }
  for (const code of topLevel) if (!shown.has(code)) problems.push(`top-level ${code} is in no top menu`);
  return problems;
}

function checkDictionaries(dicts: DictSeed[]): string[] {
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const dict of dicts) {
    if (codes.has(dict.code)) problems.push(`duplicate dictionary ${dict.code}`);
    codes.add(dict.code);
    if (!/^[a-z][a-z0-9_]*$/.test(dict.code)) problems.push(`dictionary code ${dict.code} is not snake_case`);
    if (!dict.dictValue) problems.push(`dictionary ${dict.code} has no name`);
    if (!dict.dictValueEn) problems.push(`dictionary ${dict.code} has no English name`);
    if (dict.items.length === 0) problems.push(`dictionary ${dict.code} has no items`);
    const keys = new Set<string>();
    for (const item of dict.items) {
      if (typeof item.dictKey !== 'string' || item.dictKey === '') problems.push(`${dict.code}: empty key`);
      if (keys.has(item.dictKey)) problems.push(`${dict.code}: duplicate key ${item.dictKey}`);
      keys.add(item.dictKey);
      if (!item.dictValue) problems.push(`${dict.code}.${item.dictKey}: empty value`);
      if (!item.dictValueEn) problems.push(`${dict.code}.${item.dictKey}: no English name`);
    }
  }
  return problems;
}

// Deep copy helpers for the "broken data" cases.
const clone = <T>(value: T): T => structuredClone(value);
function find(tree: MenuSeed[], code: string): MenuSeed {
  const hit = walk(tree).find((v) => v.node.code === code);
  if (!hit) throw new Error(`no menu ${code}`);
  return hit.node;
}

// ---------------------------------------------------------------------------------------------

const allMenus = walk(menuTree).map((v) => v.node);
const byCode = new Map(allMenus.map((m) => [m.code, m]));

describe('menu tree', () => {
  it('has no problems', () => {
    expect(checkMenuTree(menuTree)).toEqual([]);
  });

  it('has unique codes', () => {
    const codes = allMenus.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has the screens of the spec at the agreed paths', () => {
    const expected: Record<string, string> = {
      notice: '/desk/notice',
      user: '/system/user',
      dept: '/system/dept',
      post: '/system/post',
      menu: '/system/menu',
      topmenu: '/system/topmenu',
      'dict-horizontal': '/system/dict',
      'dict-vertical': '/dict-vertical',
      dictbiz: '/system/dictbiz',
      param: '/system/param',
      tenant: '/system/tenant',
      tenantpackage: '/system/tenantpackage',
      client: '/system/client',
      region: '/base/region',
      job: '/system/job',
      online: '/system/online',
      monitor: '/system/monitor',
      role: '/authority/role',
      datascope: '/authority/datascope',
      apiscope: '/authority/apiscope',
      attach: '/resource/attach',
      oss: '/resource/oss',
      sms: '/resource/sms',
      log_usual: '/monitor/log/usual',
      log_api: '/monitor/log/api',
      log_error: '/monitor/log/error',
      log_login: '/monitor/log/login',
      log_change: '/monitor/log/change',
      reportlist: '/report/reportlist',
      code: '/tool/code',
      datasource: '/tool/datasource',
      apidoc: '/tool/apidoc',
      model: '/flow/model',
      manager: '/flow/deploy',
      follow: '/flow/follow',
      work_start: '/work/start',
      work_claim: '/work/claim',
      work_todo: '/work/todo',
      work_send: '/work/send',
      work_done: '/work/done',
      mall_user: '/mall/user',
    };
    for (const name of [
      'banner',
      'publicize',
      'links',
      'linkstype',
      'consult',
      'suggest',
      'living',
      'lessoncolumn',
      'lesson',
      'questions',
      'activity',
      'activityuser',
      'dynamic',
      'product',
      'order',
      'plandetail',
      'equitycode',
    ]) {
      expected[name] = `/mall/${name}`;
    }
    for (const [code, path] of Object.entries(expected)) {
      const node = byCode.get(code);
      expect(node, code).toBeDefined();
      expect(node && isScreen(node), `${code} is a screen`).toBe(true);
      expect(node?.path, code).toBe(path);
    }
    // No screen beyond the agreed list, no dictionary screen beside the two layouts (the
    // horizontal one sits at Saber's /system/dict), and no role screen outside /authority.
    const screens = allMenus.filter(isScreen).map((m) => m.code);
    expect(screens.sort()).toEqual(Object.keys(expected).sort());
    expect(allMenus.filter((m) => m.path === '/system/dict').map((m) => m.code)).toEqual(['dict-horizontal']);
    expect(allMenus.some((m) => m.path === '/system/role')).toBe(false);
  });

  it('has the top-level folders the top menus use', () => {
    expect(menuTree.map((m) => [m.code, m.path])).toEqual([
      ['desk', '/desk'],
      ['work', '/work'],
      ['mall', '/mall'],
      ['system', '/system'],
      ['authority', '/authority'],
      ['resource', '/resource'],
      ['log', '/monitor/log'],
      ['report', '/report'],
      ['tool', '/tool'],
      ['flow', '/flow'],
    ]);
  });

  it('seeds every declared screen in its folder with the buttons its declaration derives', () => {
    const screens = withScreens(Object.values(resources));
    expect(screens.length).toBeGreaterThan(40);
    for (const def of screens) {
      const folder = menuTree.find((node) => node.code === screenFolder(def.screen));
      const seeded = folder?.children?.find((node) => node.code === screenCode(def));
      expect(seeded, `${def.name} in ${screenFolder(def.screen)}`).toEqual(declaredScreen(def));
      expect(seeded?.children?.map((b) => b.code) ?? []).toEqual(screenButtons(def).map((b) => b.code));
    }
  });

  // Every code a route or page uses is checked against the seed in core/permission-codes.test.ts.
  it('has no view button where the spec turns view off', () => {
    const codes = new Set(allMenus.filter(isButton).map((m) => m.code));
    expect(codes.has('tenantpackage_add')).toBe(true);
    expect(codes.has('tenantpackage_view')).toBe(false);
  });

  it('lists only existing screens as exceptions to the CRUD buttons', () => {
    for (const code of Object.keys(NON_CRUD_SCREENS)) {
      const node = byCode.get(code);
      expect(node && isScreen(node), code).toBe(true);
    }
  });

  it('catches broken trees', () => {
    const duplicate = clone(menuTree);
    find(duplicate, 'dept').code = 'user';
    expect(checkMenuTree(duplicate)).toContain('duplicate code user');

    const badPrefix = clone(menuTree);
    find(badPrefix, 'user_add').code = 'users_add';
    expect(checkMenuTree(badPrefix)).toContain('button users_add does not start with user_');

    const buttonWithChildren = clone(menuTree);
    find(buttonWithChildren, 'user_add').children = [clone(find(menuTree, 'user_edit'))];
    expect(checkMenuTree(buttonWithChildren).join('\n')).toMatch(/button user_add has children/);

    const missingView = clone(menuTree);
    const post = find(missingView, 'post');
    post.children = post.children?.filter((b) => b.code !== 'post_view');
    expect(checkMenuTree(missingView)).toContain('screen post lacks the view button');

    const emptyScreen = clone(menuTree);
    delete find(emptyScreen, 'banner').children;
    expect(checkMenuTree(emptyScreen)).toContain('screen banner lacks the add button');

    const relativePath = clone(menuTree);
    find(relativePath, 'user').path = 'system/user';
    expect(checkMenuTree(relativePath)).toContain('menu user: path system/user does not start with /');

    const unsorted = clone(menuTree);
    find(unsorted, 'mall').children![1]!.sort = 0;
    expect(checkMenuTree(unsorted)).toContain('children of mall: sort not increasing');

    const dictElsewhere = clone(menuTree);
    find(dictElsewhere, 'dict_add').code = 'dict-horizontal_add';
    expect(checkMenuTree(dictElsewhere)).toContain('button dict-horizontal_add does not start with dict_');
  });
});

describe('top menus', () => {
  it('show only top-level menus, and every top-level menu is shown', () => {
    expect(checkTopMenus(topMenus, menuTree)).toEqual([]);
    expect(topMenus.map((t) => t.name)).toEqual(['工作台', '商城', '系统', '流程']);
  });

  it('catch a code that is not top level', () => {
    const broken = clone(topMenus);
    broken[0]!.menuCodes.push('user');
    expect(checkTopMenus(broken, menuTree)).toContain('top menu workbench: user is not a top-level menu');
    const unshown = clone(topMenus).map((t) => ({
      ...t,
      menuCodes: t.menuCodes.filter((c) => c !== 'mall'),
    }));
    expect(checkTopMenus(unshown, menuTree)).toContain('top-level mall is in no top menu');
  });
});

describe('dictionaries', () => {
  it('have unique codes (also across system and business) and unique keys per dictionary', () => {
    expect(checkDictionaries(systemDictionaries)).toEqual([]);
    expect(checkDictionaries(businessDictionaries)).toEqual([]);
    expect(checkDictionaries([...systemDictionaries, ...businessDictionaries])).toEqual([]);
  });

  it('include the dictionaries the screens use', () => {
    const system = new Set(systemDictionaries.map((d) => d.code));
    for (const code of [
      'sex',
      'notice',
      'menu_category',
      'button_func',
      'yes_no',
      'status',
      'data_scope_type',
      'api_scope_type',
      'org_category',
      'user_type',
      'oss',
      'sms',
      'flow',
      'tenant_status',
      'account_status',
      'leave_type',
      'log_type',
      'region_level',
      'datasource_kind',
      'report_chart',
    ]) {
      expect(system.has(code), code).toBe(true);
    }
    const business = new Set(businessDictionaries.map((d) => d.code));
    for (const code of [
      'product_category',
      'product_status',
      'order_pay_status',
      'order_ship_status',
      'mall_user_level',
      'content_status',
      'banner_position',
      'living_status',
      'question_type',
      'consult_status',
      'suggest_status',
      'activity_status',
      'activity_user_status',
      'equity_code_status',
      'link_target',
    ]) {
      expect(business.has(code), code).toBe(true);
    }
    // The flow dictionary's item remark is the route key of the process form (leave → /work/process/leave/…).
    expect(systemDictionaries.find((d) => d.code === 'flow')?.items[0]).toMatchObject({
      dictKey: '1',
      remark: 'leave',
    });
  });

  it('catch duplicate codes and keys', () => {
    const sex = clone(systemDictionaries.find((d) => d.code === 'sex')!);
    expect(checkDictionaries([sex, sex])).toContain('duplicate dictionary sex');
    sex.items.push({ dictKey: '1', dictValue: '重复', dictValueEn: '', sort: 9 });
    expect(checkDictionaries([sex])).toContain('sex: duplicate key 1');
    expect(checkDictionaries([sex])).toContain('sex.1: no English name');
  });
});
