import type { FieldDef, ResourceDef } from '../registry.js';
import { act, t, text } from './fields.js';

export const notice: ResourceDef = {
  name: 'notice',
  table: 'blade_notice',
  path: '/blade-desk/notice',
  label: t('通知公告', 'Notices'),
  tenant: true,
  owner: 'tenant',
  permission: 'notice',
  screen: {
    sort: 1,
    path: '/desk/notice',
    icon: 'NotificationOutlined',
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'releaseTime', direction: 'desc' },
  fields: [
    text('title', t('通知标题', 'Title'), {
      required: t('请输入通知标题', 'Enter the title'),
      search: 'like',
    }),
    {
      name: 'category',
      type: 'int',
      dict: 'notice',
      label: t('通知类型', 'Category'),
      required: t('请选择通知类型', 'Choose the category'),
      min: 1,
      max: 99,
      search: 'eq',
    },
    {
      name: 'releaseTime',
      type: 'datetime',
      label: t('通知日期', 'Release time'),
      required: t('请输入通知日期', 'Enter the release time'),
      sortable: true,
    },
    // Server-managed: a notice dated ahead is published by the desk.publish-notices job at that time.
    {
      name: 'published',
      type: 'flag',
      dict: 'yes_no',
      label: t('已发布', 'Published'),
      form: false,
      search: 'eq',
    },
    { name: 'content', type: 'richtext', label: t('通知内容', 'Content'), list: false, max: 200_000 },
  ],
};

/**
 * Report files: a named, parameterised read-only query against a data source, with column labels
 * and a chart. `content` holds the design as JSON (see docs/reports.md); run, preview and export
 * are the report module's own calls.
 */
export const report: ResourceDef = {
  name: 'report',
  table: 'blade_report_file',
  path: '/blade-report/report/rest',
  label: t('报表管理', 'Reports'),
  tenant: true,
  owner: 'platform',
  permission: 'reportlist',
  screen: {
    sort: 1,
    path: '/report/reportlist',
    icon: 'TableOutlined',
    label: t('报表列表', 'Report list'),
    actions: [
      act('run', t('运行', 'Run'), '/blade-report/report/rest/run', 'row'),
      act('export', t('导出', 'Export'), '/blade-report/report/rest/export', 'row'),
    ],
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  ui: { dialogWidth: 1100 },
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('name', t('报表名称', 'Name'), {
      required: t('请输入报表名称', 'Enter the report name'),
      max: 100,
      search: 'like',
    }),
    {
      name: 'content',
      type: 'json',
      label: t('报表设计', 'Design'),
      required: t('请设计报表', 'Design the report'),
      list: false,
      max: 65_535,
    },
  ],
};

const logFields = (extra: FieldDef[]): FieldDef[] => [
  text('serviceId', t('服务ID', 'Service'), { form: false, search: 'like' }),
  text('serverHost', t('服务器名', 'Server host'), { form: false }),
  text('serverIp', t('服务器IP', 'Server IP'), { form: false, list: false }),
  text('env', t('软件环境', 'Environment'), { form: false, list: false }),
  text('method', t('请求方法', 'Method'), { form: false, search: 'eq' }),
  text('requestUri', t('请求接口', 'Request URI'), { form: false, search: 'like', max: 2000 }),
  text('userAgent', t('用户代理', 'User agent'), { form: false, list: false, max: 1000 }),
  text('remoteIp', t('请求IP', 'Remote IP'), { form: false, search: 'eq' }),
  { name: 'params', type: 'longtext', label: t('请求数据', 'Parameters'), form: false, list: false },
  text('createBy', t('操作人', 'User'), { form: false, search: 'like', max: 64 }),
  ...extra,
];

const logResource = (
  name: string,
  table: string,
  label: [string, string],
  screen: { sort: number; icon: string },
  extra: FieldDef[],
): ResourceDef => ({
  name,
  table,
  path: `/blade-log/${name.replace('Log', '')}`,
  label: t(...label),
  tenant: true,
  owner: 'tenant',
  permission: `log_${name.replace('Log', '')}`,
  screen: { folder: 'log', path: `/monitor/log/${name.replace('Log', '')}`, ...screen },
  endpoints: ['list', 'detail'],
  order: { field: 'createTime', direction: 'desc' },
  fields: logFields(extra),
});

export const usualLog = logResource(
  'usualLog',
  'blade_log_usual',
  ['通用日志', 'Usual logs'],
  { sort: 1, icon: 'ProfileOutlined' },
  [
    text('logLevel', t('日志级别', 'Level'), { form: false, search: 'eq', max: 16 }),
    text('logId', t('日志业务id', 'Event'), { form: false, search: 'like', max: 64 }),
    { name: 'logData', type: 'longtext', label: t('日志数据', 'Data'), form: false },
  ],
);

export const apiLog = logResource(
  'apiLog',
  'blade_log_api',
  ['接口日志', 'API logs'],
  { sort: 2, icon: 'DeploymentUnitOutlined' },
  [
    text('title', t('日志名', 'Title'), { form: false, search: 'like' }),
    text('methodClass', t('方法类', 'Handler'), { form: false, list: false }),
    text('methodName', t('方法名', 'Handler method'), { form: false, list: false }),
    { name: 'statusCode', type: 'int', label: t('状态码', 'Status'), form: false, search: 'eq' },
    { name: 'time', type: 'int', label: t('执行时间(ms)', 'Duration (ms)'), form: false },
  ],
);

export const errorLog = logResource(
  'errorLog',
  'blade_log_error',
  ['错误日志', 'Error logs'],
  { sort: 3, icon: 'BugOutlined' },
  [
    text('exceptionName', t('异常名', 'Exception'), { form: false, search: 'like' }),
    { name: 'message', type: 'longtext', label: t('异常信息', 'Message'), form: false },
    { name: 'stackTrace', type: 'longtext', label: t('堆栈', 'Stack trace'), form: false, list: false },
  ],
);

/**
 * The sign-in log: one row per attempt on any sign-in route (password, captcha, refresh, the SM2
 * token route, single sign-on), written by the server after it answers. Never a password.
 */
export const loginLog: ResourceDef = {
  name: 'loginLog',
  table: 'blade_log_login',
  path: '/blade-log/login',
  label: t('登录日志', 'Sign-in log'),
  tenant: true,
  owner: 'tenant',
  permission: 'log_login',
  screen: { folder: 'log', path: '/monitor/log/login', sort: 5, icon: 'LoginOutlined' },
  endpoints: ['list', 'detail'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('account', t('账号', 'Account'), { form: false, search: 'like', max: 100 }),
    {
      name: 'result',
      type: 'enum',
      dict: 'login_result',
      label: t('结果', 'Result'),
      form: false,
      search: 'eq',
    },
    {
      name: 'grantType',
      type: 'enum',
      dict: 'login_grant',
      label: t('登录方式', 'Method'),
      form: false,
      search: 'eq',
    },
    text('remoteIp', t('登录地址', 'Address'), { form: false, search: 'like', max: 64 }),
    text('userAgent', t('浏览器', 'Browser'), { form: false, max: 255 }),
    text('requestedTenant', t('租户ID', 'Tenant ID'), { form: false, search: 'eq', max: 12 }),
    text('clientId', t('客户端', 'Client'), { form: false, list: false, max: 48 }),
    { name: 'createTime', type: 'datetime', label: t('登录时间', 'Time'), form: false },
  ],
};
