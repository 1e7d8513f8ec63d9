/**
 * The seeded menu tree (blade_menu) and top menus (blade_top_menu).
 *
 * Folders group screens; every screen carries one button (category 2) per action its calls allow.
 * A button's code is the permission code the server checks on the route named in its `path` and the
 * code the web reads to show or hide the action: `<screen code>_<action>`, e.g. `user_add`.
 *
 * One exception to that shape: the two dictionary layouts (`dict-horizontal`, `dict-vertical`) are
 * two views of the same blade_dict data, so they share one permission set `dict_add`, `dict_edit`,
 * `dict_delete`, `dict_view`. Codes are unique, so those buttons sit once, under `dict-horizontal`;
 * `dict-vertical` has none of its own (see DICT_BUTTON_PREFIX).
 *
 * A resource declares its own screen (`screen` in schema/src/resources): folder, path, icon, sort
 * and the actions beyond add/edit/delete/view. This file keeps the folders and the screens that
 * are not a resource's. Top-level folders and buttons are numbered by position.
 */
import {
  type ButtonPlace,
  buttonOf,
  crudAction,
  type ResourceDef,
  resources,
  type ScreenAction,
  type ScreenButton,
  type ScreenDef,
  screenButtons,
  screenCode,
  screenFolder,
  type Text,
  withScreens,
} from '@blade/schema';

const t = (zh: string, en: string): Text => ({ zh, en });

/** One node of the seeded menu tree; buttons (category 2) carry the permission code the server checks. */
export interface MenuSeed {
  /** Unique across the whole tree; for buttons this is the permission code, e.g. 'user_add'. */
  code: string;
  /** Chinese label. */
  name: string;
  /** English label (used as the i18n label when the language is en). */
  alias: string;
  /** Route path for menus, e.g. '/system/user'; for buttons the API path they call, e.g. '/api/blade-user/submit'. */
  path?: string;
  /** Icon for menus: an Ant Design icon component name, e.g. 'UserOutlined'. */
  source?: string;
  /** 1 = menu (page or folder), 2 = button (an action). */
  category: 1 | 2;
  /** Buttons only: 0 toolbar, 1 toolbar and row, 2 row. */
  action?: 0 | 1 | 2;
  /** 新窗口, a `yes_no` key: 1 = opens in a new window (only for external links), default 0. */
  isOpen?: 0 | 1;
  sort: number;
  remark?: string;
  children?: MenuSeed[];
}

/** The blade_menu columns that say what a menu seed is (not where it hangs nor its order). */
export const menuColumns = (node: MenuSeed) => ({
  code: node.code,
  name: node.name,
  alias: node.alias,
  path: node.path ?? null,
  source: node.source ?? null,
  category: node.category,
  action: node.action ?? 0,
  is_open: node.isOpen ?? 0,
});

export interface TopMenuSeed {
  code: string;
  name: string;
  alias: string;
  source: string;
  sort: number;
  /** Codes of the top-level menus it shows. */
  menuCodes: string[];
}

/** Button codes named as Saber checks them rather than `<screen>_<action>`. */
export const SABER_BUTTON_CODES = new Set(['data_scope_setting', 'api_scope_setting']);

/** The permission prefix of the dictionary buttons, which live under the `dict-horizontal` menu. */
export const DICT_BUTTON_PREFIX = 'dict';

// ---------------------------------------------------------------------------------------------
// Builders (kept tiny: the data below is what matters)
// ---------------------------------------------------------------------------------------------

const PLACE: Record<ButtonPlace, 0 | 1 | 2> = { toolbar: 0, both: 1, row: 2 };

const buttonSeed = (button: ScreenButton): MenuSeed => ({
  code: button.code,
  name: button.label.zh,
  alias: button.label.en,
  path: `/api${button.call}`,
  category: 2,
  action: PLACE[button.place],
  sort: 0,
  ...(button.remark ? { remark: button.remark } : {}),
});

const btn = (
  action: string,
  zh: string,
  en: string,
  call: string,
  place: ButtonPlace,
  remark?: string,
): ScreenAction => ({ action, label: { zh, en }, call, place, ...(remark ? { remark } : {}) });

/** A menu (folder or screen). */
function menu(
  code: string,
  label: Text,
  path: string,
  source: string,
  sort: number,
  children: MenuSeed[],
  remark?: string,
): MenuSeed {
  return {
    code,
    name: label.zh,
    alias: label.en,
    path,
    source,
    category: 1,
    sort,
    ...(remark ? { remark } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** Words an English menu label keeps in lower case inside a title. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

/** Menu labels are titles in English: a declaration's "Link types" is the menu's "Link Types". */
const titled = (label: Text): Text => ({
  zh: label.zh,
  en: label.en
    .split(' ')
    .map((word, i) => (i > 0 && MINOR_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' '),
});

/** A screen that is not a resource's (workflow, jobs, history, documents), at `sort` in its folder. */
function screen(
  code: string,
  label: Text,
  path: string,
  source: string,
  sort: number,
  actions: ScreenAction[],
  remark?: string,
): MenuSeed {
  const buttons = numbered(actions.map((action) => buttonSeed(buttonOf(code, action))));
  return menu(code, label, path, source, sort, buttons, remark);
}

/** The screen a resource declares, with the buttons its declaration derives. */
export function declaredScreen(def: ResourceDef & { screen: ScreenDef }): MenuSeed {
  const { screen: declared } = def;
  const buttons = numbered(screenButtons(def).map(buttonSeed));
  const label = titled(declared.label ?? def.label);
  return menu(screenCode(def), label, declared.path, declared.icon, declared.sort, buttons, declared.remark);
}

const declared = withScreens(Object.values(resources));

/** A top-level folder: the screens listed here and those the declarations put in it, by `sort`. */
function folder(code: string, label: Text, path: string, source: string, screens: MenuSeed[] = []): MenuSeed {
  const children = [
    ...screens,
    ...declared.filter((def) => screenFolder(def.screen) === code).map(declaredScreen),
  ].sort((a, b) => a.sort - b.sort);
  return menu(code, label, path, source, 0, children);
}

/** Assigns sort 1, 2, 3 … by position. */
function numbered(nodes: MenuSeed[]): MenuSeed[] {
  return nodes.map((node, index) => ({ ...node, sort: index + 1 }));
}

// ---------------------------------------------------------------------------------------------
// API bases (under /api, spec section 7)
// ---------------------------------------------------------------------------------------------

const DESK = '/blade-desk';
const LOG = '/blade-log';
const FLOW = '/blade-flow';
const JOB = '/blade-job/job';
const AUTH = '/blade-auth';
const LEAVE_DETAIL = `${DESK}/process/leave/detail`;
const HISTORY = `${FLOW}/process/history-flow-list`;
const ROW = 'row';
const TOOLBAR = 'toolbar';

// ---------------------------------------------------------------------------------------------
// The tree: folders, and the screens no resource declares. A resource's screen is declared with
// the resource (schema/src/resources), in its folder at its `sort`.
// ---------------------------------------------------------------------------------------------

const desk = folder('desk', t('工作台', 'Desk'), '/desk', 'DesktopOutlined');

const work = folder('work', t('我的事务', 'My Work'), '/work', 'ScheduleOutlined', [
  screen('work_start', t('发起事务', 'Start Process'), '/work/start', 'PlayCircleOutlined', 1, [
    btn(
      'flow',
      '发起',
      'Start',
      `${DESK}/process/leave/start-process`,
      ROW,
      'opens /work/process/leave/form/{id}',
    ),
  ]),
  screen('work_claim', t('待签事务', 'To Claim'), '/work/claim', 'InboxOutlined', 2, [
    btn('sign', '签收', 'Claim', `${FLOW}/work/claim-task`, ROW),
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
  screen('work_todo', t('待办事务', 'To Do'), '/work/todo', 'CarryOutOutlined', 3, [
    btn('handle', '办理', 'Handle', `${FLOW}/work/complete-task`, ROW, 'opens /work/process/leave/handle/…'),
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
  screen('work_send', t('已发事务', 'Sent'), '/work/send', 'SendOutlined', 4, [
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
  screen('work_done', t('办结事务', 'Done'), '/work/done', 'FileDoneOutlined', 5, [
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
]);

const mall = folder('mall', t('商城管理', 'Mall'), '/mall', 'ShopOutlined');

const system = folder('system', t('系统管理', 'System'), '/system', 'SettingOutlined', [
  screen(
    'dict-vertical',
    t('系统字典(纵向)', 'Dictionaries (vertical)'),
    '/dict-vertical',
    'BookOutlined',
    7,
    [],
    'vertical layout; uses the dict_* buttons under dict-horizontal',
  ),
  screen('job', t('定时任务', 'Scheduled Jobs'), '/system/job', 'FieldTimeOutlined', 14, [
    btn('view', '运行记录', 'Run History', `${JOB}/runs`, ROW),
    btn('edit', '修改计划', 'Edit Schedule', `${JOB}/update`, ROW),
    btn('state', '暂停恢复', 'Pause or Resume', `${JOB}/pause`, ROW, 'also /api/blade-job/job/resume'),
    btn('run', '立即运行', 'Run Now', `${JOB}/run`, ROW),
  ]),
  // Platform administrators see every tenant's sessions, a tenant's administrator its own.
  screen('online', t('在线用户', 'Online Sessions'), '/system/online', 'TeamOutlined', 15, [
    btn('logout', '强退', 'Sign Out', `${AUTH}/online/logout`, 'both'),
  ]),
  // The whole server's health: a platform screen (menu-service.ts PLATFORM_SCREENS), no buttons.
  screen('monitor', t('服务监控', 'Server Monitor'), '/system/monitor', 'DashboardOutlined', 16, []),
]);

const authority = folder('authority', t('权限管理', 'Authority'), '/authority', 'SafetyCertificateOutlined');

const resource = folder('resource', t('资源管理', 'Resources'), '/resource', 'FolderOutlined');

const log = folder('log', t('日志管理', 'Logs'), '/monitor/log', 'FileTextOutlined', [
  // The history buttons of every list: each also needs the resource's own permission.
  screen('log_change', t('数据变更', 'Data Changes'), '/monitor/log/change', 'HistoryOutlined', 4, [
    btn('view', '历史', 'History', `${LOG}/history/timeline`, ROW),
    btn('restore', '恢复', 'Restore', `${LOG}/history/restore`, ROW),
    btn('recycle', '回收站', 'Recycle Bin', `${LOG}/recycle/page`, TOOLBAR),
    btn('purge', '彻底删除', 'Purge', `${LOG}/recycle/purge`, TOOLBAR),
    btn('export', '导出', 'Export', `${LOG}/data/export`, TOOLBAR),
    btn('import', '导入', 'Import', `${LOG}/data/import`, TOOLBAR),
  ]),
]);

const report = folder('report', t('报表管理', 'Reports'), '/report', 'BarChartOutlined');

const tool = folder('tool', t('研发工具', 'Develop'), '/tool', 'ToolOutlined', [
  screen(
    'apidoc',
    t('接口文档', 'API Docs'),
    '/tool/apidoc',
    'FileSearchOutlined',
    3,
    [],
    'shows the OpenAPI document of the server',
  ),
]);

const flow = folder('flow', t('流程管理', 'Workflow'), '/flow', 'ApartmentOutlined', [
  screen('manager', t('部署管理', 'Deployments'), '/flow/deploy', 'CloudUploadOutlined', 2, [
    btn('upload', '部署上传', 'Upload', `${FLOW}/manager/deploy-upload`, TOOLBAR),
    btn('state', '变更状态', 'Change State', `${FLOW}/manager/change-state`, ROW),
    crudAction('delete', `${FLOW}/manager/delete-deployment`),
  ]),
  screen('follow', t('流程跟踪', 'Follow-up'), '/flow/follow', 'NodeIndexOutlined', 3, [
    crudAction('view', HISTORY),
    btn('delete', '删除', 'Delete', `${FLOW}/follow/delete-process-instance`, ROW),
  ]),
]);

/** The whole seeded menu tree (top-level folders in sidebar order). */
export const menuTree: MenuSeed[] = numbered([
  desk,
  work,
  mall,
  system,
  authority,
  resource,
  log,
  report,
  tool,
  flow,
]);

/** Codes of the top-level folders, where a declared screen may sit. */
export const menuFolders: ReadonlySet<string> = new Set(menuTree.map((node) => node.code));

for (const def of declared) {
  // A screen in no folder would silently never be seeded: refuse the declaration at once.
  if (!menuFolders.has(screenFolder(def.screen)))
    throw new Error(
      `${def.name}: its screen sits in the folder '${screenFolder(def.screen)}', which the menu tree lacks`,
    );
}

/** The sort that places a new screen last in a folder. */
export const nextSort = (folderCode: string): number =>
  Math.max(0, ...(menuTree.find((node) => node.code === folderCode)?.children ?? []).map((n) => n.sort)) + 1;

/** Top menus; `menuCodes` are codes of top-level folders of `menuTree`. */
export const topMenus: TopMenuSeed[] = [
  {
    code: 'workbench',
    name: '工作台',
    alias: 'Workbench',
    source: 'DesktopOutlined',
    sort: 1,
    menuCodes: ['desk', 'work'],
  },
  { code: 'mall', name: '商城', alias: 'Mall', source: 'ShopOutlined', sort: 2, menuCodes: ['mall'] },
  {
    code: 'system',
    name: '系统',
    alias: 'System',
    source: 'SettingOutlined',
    sort: 3,
    menuCodes: ['system', 'authority', 'resource', 'log', 'report', 'tool'],
  },
  {
    code: 'workflow',
    name: '流程',
    alias: 'Workflow',
    source: 'ApartmentOutlined',
    sort: 4,
    menuCodes: ['flow', 'work'],
  },
];
