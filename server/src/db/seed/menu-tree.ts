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
 * `sort` is assigned from the position in the arrays below (1, 2, 3 … within each level).
 */

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
  /** 2 = opens in a new window (only for external links), default 1. */
  isOpen?: 1 | 2;
  sort: number;
  remark?: string;
  children?: MenuSeed[];
}

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

/** Where a button shows: 0 toolbar, 1 toolbar and row, 2 row. */
const TOOLBAR = 0;
const BOTH = 1;
const ROW = 2;

interface ButtonDef {
  action: string;
  name: string;
  alias: string;
  path: string;
  position: 0 | 1 | 2;
  remark?: string;
  /** A code other than `<prefix>_<action>`, where a client checks that one (Saber's scope settings). */
  code?: string;
}

const btn = (
  action: string,
  name: string,
  alias: string,
  path: string,
  position: 0 | 1 | 2,
  remark?: string,
): ButtonDef => ({ action, name, alias, path, position, ...(remark ? { remark } : {}) });

const add = (path: string) => btn('add', '新增', 'Add', path, TOOLBAR);
const edit = (path: string) => btn('edit', '修改', 'Edit', path, ROW);
const del = (path: string) => btn('delete', '删除', 'Delete', path, BOTH);
const view = (path: string) => btn('view', '查看', 'View', path, ROW);

/** add and edit share `submit` (BladeX convention). */
const submitCrud = (api: string): ButtonDef[] => [
  add(`${api}/submit`),
  edit(`${api}/submit`),
  del(`${api}/remove`),
  view(`${api}/detail`),
];

/** add calls `save`, edit calls `update`. */
const saveCrud = (api: string): ButtonDef[] => [
  add(`${api}/save`),
  edit(`${api}/update`),
  del(`${api}/remove`),
  view(`${api}/detail`),
];

/** A menu (folder or screen). `sort` is filled in by `numbered`. */
function menu(
  code: string,
  name: string,
  alias: string,
  path: string,
  source: string,
  children: MenuSeed[] = [],
  remark?: string,
): MenuSeed {
  return {
    code,
    name,
    alias,
    path,
    source,
    category: 1,
    sort: 0,
    ...(remark ? { remark } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** A screen with its buttons; button codes are `<prefix>_<action>`, the prefix defaulting to the screen code. */
function screen(
  code: string,
  name: string,
  alias: string,
  path: string,
  source: string,
  buttons: ButtonDef[],
  options: { buttonPrefix?: string; remark?: string } = {},
): MenuSeed {
  const prefix = options.buttonPrefix ?? code;
  const children = buttons.map(
    (b): MenuSeed => ({
      code: b.code ?? `${prefix}_${b.action}`,
      name: b.name,
      alias: b.alias,
      path: b.path,
      category: 2,
      action: b.position,
      sort: 0,
      ...(b.remark ? { remark: b.remark } : {}),
    }),
  );
  return menu(code, name, alias, path, source, children, options.remark);
}

/** Assigns sort 1, 2, 3 … by position, at every level. */
function numbered(nodes: MenuSeed[]): MenuSeed[] {
  return nodes.map((node, index) => ({
    ...node,
    sort: index + 1,
    ...(node.children ? { children: numbered(node.children) } : {}),
  }));
}

// ---------------------------------------------------------------------------------------------
// API bases (all under /api, spec section 7)
// ---------------------------------------------------------------------------------------------

const SYS = '/api/blade-system';
const USER = '/api/blade-user';
const MALL = '/api/mall';
const RES = '/api/blade-resource';
const DESK = '/api/blade-desk';
const LOG = '/api/blade-log';
const REPORT = '/api/blade-report/report/rest';
const DEV = '/api/blade-develop';
const FLOW = '/api/blade-flow';
const JOB = '/api/blade-job/job';
const LEAVE_DETAIL = `${DESK}/process/leave/detail`;
const HISTORY = `${FLOW}/process/history-flow-list`;

// ---------------------------------------------------------------------------------------------
// The tree
// ---------------------------------------------------------------------------------------------

const desk = menu('desk', '工作台', 'Desk', '/desk', 'DesktopOutlined', [
  screen(
    'notice',
    '通知公告',
    'Notices',
    '/desk/notice',
    'NotificationOutlined',
    submitCrud(`${DESK}/notice`),
  ),
]);

const work = menu('work', '我的事务', 'My Work', '/work', 'ScheduleOutlined', [
  screen('work_start', '发起事务', 'Start Process', '/work/start', 'PlayCircleOutlined', [
    btn(
      'flow',
      '发起',
      'Start',
      `${DESK}/process/leave/start-process`,
      ROW,
      'opens /work/process/leave/form/{id}',
    ),
  ]),
  screen('work_claim', '待签事务', 'To Claim', '/work/claim', 'InboxOutlined', [
    btn('sign', '签收', 'Claim', `${FLOW}/work/claim-task`, ROW),
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
  screen('work_todo', '待办事务', 'To Do', '/work/todo', 'CarryOutOutlined', [
    btn('handle', '办理', 'Handle', `${FLOW}/work/complete-task`, ROW, 'opens /work/process/leave/handle/…'),
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
  screen('work_send', '已发事务', 'Sent', '/work/send', 'SendOutlined', [
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
  screen('work_done', '办结事务', 'Done', '/work/done', 'FileDoneOutlined', [
    btn('detail', '详情', 'Detail', LEAVE_DETAIL, ROW),
    btn('follow', '跟踪', 'Follow', HISTORY, ROW),
  ]),
]);

const mall = menu('mall', '商城管理', 'Mall', '/mall', 'ShopOutlined', [
  screen('banner', '轮播管理', 'Banners', '/mall/banner', 'PictureOutlined', submitCrud(`${MALL}/banner`)),
  screen(
    'publicize',
    '宣传管理',
    'Publicity',
    '/mall/publicize',
    'SoundOutlined',
    saveCrud(`${MALL}/publicize`),
  ),
  screen('links', '链接管理', 'Links', '/mall/links', 'LinkOutlined', [
    ...saveCrud(`${MALL}/links`),
    btn('export', '导出', 'Export', `${MALL}/links/export`, TOOLBAR),
  ]),
  screen(
    'linkstype',
    '链接类型',
    'Link Types',
    '/mall/linkstype',
    'TagsOutlined',
    submitCrud(`${MALL}/linkstype`),
  ),
  screen(
    'consult',
    '咨询管理',
    'Consultations',
    '/mall/consult',
    'CustomerServiceOutlined',
    submitCrud(`${MALL}/consult`),
  ),
  screen('suggest', '意见建议', 'Suggestions', '/mall/suggest', 'BulbOutlined', saveCrud(`${MALL}/suggest`)),
  screen(
    'living',
    '直播管理',
    'Live Sessions',
    '/mall/living',
    'VideoCameraOutlined',
    submitCrud(`${MALL}/living`),
  ),
  screen(
    'lessoncolumn',
    '课程栏目',
    'Lesson Columns',
    '/mall/lessoncolumn',
    'AppstoreOutlined',
    submitCrud(`${MALL}/lessoncolumn`),
  ),
  screen('lesson', '课程管理', 'Lessons', '/mall/lesson', 'ReadOutlined', submitCrud(`${MALL}/lesson`)),
  screen(
    'questions',
    '题库管理',
    'Questions',
    '/mall/questions',
    'QuestionCircleOutlined',
    submitCrud(`${MALL}/questions`),
  ),
  screen(
    'activity',
    '活动管理',
    'Activities',
    '/mall/activity',
    'CalendarOutlined',
    saveCrud(`${MALL}/activity`),
  ),
  screen(
    'activityuser',
    '活动报名',
    'Activity Users',
    '/mall/activityuser',
    'UsergroupAddOutlined',
    saveCrud(`${MALL}/activityuser`),
  ),
  screen('dynamic', '动态管理', 'Dynamics', '/mall/dynamic', 'CommentOutlined', saveCrud(`${MALL}/dynamic`)),
  screen('product', '商品管理', 'Products', '/mall/product', 'ShoppingOutlined', saveCrud(`${MALL}/product`)),
  screen('order', '订单管理', 'Orders', '/mall/order', 'AccountBookOutlined', saveCrud(`${MALL}/order`)),
  screen('mall_user', '商城用户', 'Mall Users', '/mall/user', 'IdcardOutlined', [
    ...saveCrud(`${MALL}/user`),
    btn('exam', '考试记录', 'Exams', `${MALL}/user/exam/page`, ROW),
  ]),
  screen(
    'plandetail',
    '计划明细',
    'Plan Details',
    '/mall/plandetail',
    'OrderedListOutlined',
    [view('/api/sq/plandetail/page')],
    { remark: 'read-only list' },
  ),
  screen('equitycode', '会议权益码', 'Equity Codes', '/mall/equitycode', 'CreditCardOutlined', [
    ...submitCrud('/api/meeting/meeting'),
    btn('generate', '生成权益码', 'Generate', '/api/meeting/equitycode/generate', TOOLBAR),
  ]),
]);

const system = menu('system', '系统管理', 'System', '/system', 'SettingOutlined', [
  screen('user', '用户管理', 'Users', '/system/user', 'UserOutlined', [
    add(`${USER}/submit`),
    edit(`${USER}/update`),
    del(`${USER}/remove`),
    view(`${USER}/detail`),
    btn('role', '角色配置', 'Assign Roles', `${USER}/grant`, TOOLBAR),
    btn('reset', '密码重置', 'Reset Password', `${USER}/reset-password`, TOOLBAR),
    btn('platform', '平台配置', 'Platform', `${USER}/update-platform`, ROW),
    btn('unlock', '账号解封', 'Unlock', `${USER}/unlock`, TOOLBAR),
  ]),
  screen('dept', '机构管理', 'Departments', '/system/dept', 'ClusterOutlined', submitCrud(`${SYS}/dept`)),
  screen('post', '岗位管理', 'Posts', '/system/post', 'SolutionOutlined', submitCrud(`${SYS}/post`)),
  screen('menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined', submitCrud(`${SYS}/menu`)),
  screen('topmenu', '顶部菜单', 'Top Menus', '/system/topmenu', 'LayoutOutlined', [
    ...submitCrud(`${SYS}/topmenu`),
    btn('setting', '菜单配置', 'Menu Settings', `${SYS}/topmenu/grant`, TOOLBAR),
  ]),
  screen(
    'dict-horizontal',
    '系统字典',
    'Dictionaries',
    // Saber 4.x's view of dictionaries is views/system/dict (its component is the menu path); our
    // web opens this path and the /dict-horizontal of the spec (and of earlier installs) alike.
    // Saber has no vertical layout: that menu keeps our path, as other screens Saber has no view for.
    '/system/dict',
    'BookOutlined',
    submitCrud(`${SYS}/dict`),
    {
      buttonPrefix: DICT_BUTTON_PREFIX,
      remark: 'horizontal layout; owns the dict_* buttons of both layouts',
    },
  ),
  screen('dict-vertical', '系统字典(纵向)', 'Dictionaries (vertical)', '/dict-vertical', 'BookOutlined', [], {
    remark: 'vertical layout; uses the dict_* buttons under dict-horizontal',
  }),
  screen(
    'dictbiz',
    '业务字典',
    'Business Dictionaries',
    '/system/dictbiz',
    'ContainerOutlined',
    submitCrud(`${SYS}/dict-biz`),
  ),
  screen('param', '参数管理', 'Parameters', '/system/param', 'ControlOutlined', [
    add(`${SYS}/param/submit`),
    edit(`${SYS}/param/submit`),
    del(`${SYS}/param/remove`),
    view(`${SYS}/param/list`),
  ]),
  screen('tenant', '租户管理', 'Tenants', '/system/tenant', 'BankOutlined', [
    ...submitCrud(`${SYS}/tenant`),
    btn(
      'setting',
      '授权配置',
      'Authorization',
      `${SYS}/tenant/setting`,
      TOOLBAR,
      'account limit and expiry time',
    ),
    btn('datasource', '数据源配置', 'Data Source', `${SYS}/tenant/datasource`, ROW),
    btn('package', '产品包配置', 'Package', `${SYS}/tenant/package-setting`, ROW),
  ]),
  screen(
    'tenantpackage',
    '租户产品包',
    'Tenant Packages',
    '/system/tenantpackage',
    'GiftOutlined',
    [
      add(`${SYS}/tenant-package/submit`),
      edit(`${SYS}/tenant-package/submit`),
      del(`${SYS}/tenant-package/remove`),
    ],
    { remark: 'view is off on this screen (spec section 2)' },
  ),
  screen('client', '应用管理', 'Clients', '/system/client', 'KeyOutlined', submitCrud(`${SYS}/client`)),
  screen(
    'region',
    '行政区划',
    'Regions',
    // Saber 4.x's view of regions is views/base/region (its component is the menu path); our web
    // opens this path and the /system/region of earlier installs alike.
    '/base/region',
    'EnvironmentOutlined',
    submitCrud(`${SYS}/region`),
  ),
  screen('job', '定时任务', 'Scheduled Jobs', '/system/job', 'FieldTimeOutlined', [
    btn('view', '运行记录', 'Run History', `${JOB}/runs`, ROW),
    btn('edit', '修改计划', 'Edit Schedule', `${JOB}/update`, ROW),
    btn('state', '暂停恢复', 'Pause or Resume', `${JOB}/pause`, ROW, 'also /api/blade-job/job/resume'),
    btn('run', '立即运行', 'Run Now', `${JOB}/run`, ROW),
  ]),
]);

const authority = menu('authority', '权限管理', 'Authority', '/authority', 'SafetyCertificateOutlined', [
  screen('role', '角色管理', 'Roles', '/authority/role', 'TeamOutlined', [
    ...submitCrud(`${SYS}/role`),
    btn('setting', '权限设置', 'Permissions', `${SYS}/role/grant`, TOOLBAR),
  ]),
  screen('datascope', '数据权限', 'Data Scopes', '/authority/datascope', 'EyeOutlined', [
    ...submitCrud(`${SYS}/data-scope`),
    {
      ...btn('setting', '权限配置', 'Scope Settings', `${SYS}/data-scope/list`, ROW),
      code: 'data_scope_setting',
    },
  ]),
  screen('apiscope', '接口权限', 'API Scopes', '/authority/apiscope', 'ApiOutlined', [
    ...submitCrud(`${SYS}/api-scope`),
    {
      ...btn('setting', '权限配置', 'Scope Settings', `${SYS}/api-scope/list`, ROW),
      code: 'api_scope_setting',
    },
  ]),
]);

const resource = menu('resource', '资源管理', 'Resources', '/resource', 'FolderOutlined', [
  screen(
    'attach',
    '附件管理',
    'Attachments',
    '/resource/attach',
    'PaperClipOutlined',
    submitCrud(`${RES}/attach`),
  ),
  screen('oss', '对象存储', 'Object Storage', '/resource/oss', 'CloudServerOutlined', [
    ...submitCrud(`${RES}/oss`),
    btn('enable', '启用', 'Enable', `${RES}/oss/enable`, ROW),
  ]),
  screen('sms', '短信配置', 'SMS', '/resource/sms', 'MessageOutlined', [
    ...submitCrud(`${RES}/sms`),
    btn('enable', '启用', 'Enable', `${RES}/sms/enable`, ROW),
    btn('send', '发送', 'Send', `${RES}/sms/endpoint/send-message`, ROW),
  ]),
]);

const log = menu('log', '日志管理', 'Logs', '/monitor/log', 'FileTextOutlined', [
  screen('log_usual', '通用日志', 'Usual Logs', '/monitor/log/usual', 'ProfileOutlined', [
    view(`${LOG}/usual/detail`),
  ]),
  screen('log_api', '接口日志', 'API Logs', '/monitor/log/api', 'DeploymentUnitOutlined', [
    view(`${LOG}/api/detail`),
  ]),
  screen('log_error', '错误日志', 'Error Logs', '/monitor/log/error', 'BugOutlined', [
    view(`${LOG}/error/detail`),
  ]),
  // The history buttons of every list: each also needs the resource's own permission.
  screen('log_change', '数据变更', 'Data Changes', '/monitor/log/change', 'HistoryOutlined', [
    btn('view', '历史', 'History', `${LOG}/history/timeline`, ROW),
    btn('restore', '恢复', 'Restore', `${LOG}/history/restore`, ROW),
    btn('recycle', '回收站', 'Recycle Bin', `${LOG}/recycle/page`, TOOLBAR),
    btn('purge', '彻底删除', 'Purge', `${LOG}/recycle/purge`, TOOLBAR),
    btn('export', '导出', 'Export', `${LOG}/data/export`, TOOLBAR),
    btn('import', '导入', 'Import', `${LOG}/data/import`, TOOLBAR),
  ]),
]);

const report = menu('report', '报表管理', 'Reports', '/report', 'BarChartOutlined', [
  screen('reportlist', '报表列表', 'Report List', '/report/reportlist', 'TableOutlined', [
    add(`${REPORT}/submit`),
    edit(`${REPORT}/submit`),
    view(`${REPORT}/list`),
    del(`${REPORT}/remove`),
    btn('run', '运行', 'Run', `${REPORT}/run`, ROW),
    btn('export', '导出', 'Export', `${REPORT}/export`, ROW),
  ]),
]);

const tool = menu('tool', '研发工具', 'Develop', '/tool', 'ToolOutlined', [
  screen('code', '代码生成', 'Code Generator', '/tool/code', 'CodeOutlined', [
    ...submitCrud(`${DEV}/code`),
    btn('copy', '复制', 'Copy', `${DEV}/code/copy`, ROW),
    btn('gen', '代码生成', 'Generate', `${DEV}/code/gen-code`, TOOLBAR),
  ]),
  screen('datasource', '数据源管理', 'Data Sources', '/tool/datasource', 'DatabaseOutlined', [
    ...submitCrud(`${DEV}/datasource`),
    btn('test', '测试连接', 'Test', `${DEV}/datasource/test`, ROW),
  ]),
  screen('apidoc', '接口文档', 'API Docs', '/tool/apidoc', 'FileSearchOutlined', [], {
    remark: 'shows the OpenAPI document of the server',
  }),
]);

const flow = menu('flow', '流程管理', 'Workflow', '/flow', 'ApartmentOutlined', [
  screen('model', '模型设计', 'Models', '/flow/model', 'BranchesOutlined', [
    add(`${FLOW}/model/submit`),
    edit(`${FLOW}/model/submit`),
    btn('deploy', '部署', 'Deploy', `${FLOW}/model/deploy`, ROW),
    del(`${FLOW}/model/remove`),
  ]),
  screen('manager', '部署管理', 'Deployments', '/flow/deploy', 'CloudUploadOutlined', [
    btn('upload', '部署上传', 'Upload', `${FLOW}/manager/deploy-upload`, TOOLBAR),
    btn('state', '变更状态', 'Change State', `${FLOW}/manager/change-state`, ROW),
    del(`${FLOW}/manager/delete-deployment`),
  ]),
  screen('follow', '流程跟踪', 'Follow-up', '/flow/follow', 'NodeIndexOutlined', [
    view(HISTORY),
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
