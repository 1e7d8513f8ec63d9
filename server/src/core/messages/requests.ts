import type { Bilingual } from './bilingual.js';

/** Requests, access and grants. */
export const requestsMessages = {
  ok: { zh: '操作成功', en: 'Success' },
  badRequest: { zh: '请求参数有误', en: 'The request is not valid' },
  invalidJson: { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  invalidField: { zh: '参数 {field} 不合法：{reason}', en: 'Field {field} is not valid: {reason}' },
  requiredField: { zh: '缺少参数 {field}', en: 'Field {field} is required' },
  bodyTooLarge: {
    zh: '请求体过大，最大允许 {limit} 字节',
    en: 'The request body is too large; at most {limit} bytes are allowed',
  },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  jsonTooDeep: {
    zh: '请求数据嵌套过深，最多允许 {max} 层',
    en: 'The request data nests too deeply; at most {max} levels are allowed',
  },
  headersTooLarge: {
    zh: '请求头过大，请减少 Cookie 或请求头的内容',
    en: 'The request headers are too large; send fewer cookies or shorter headers',
  },
  requestTimeout: { zh: '请求发送超时，请重试', en: 'The request took too long to arrive; please retry' },
  unauthorized: { zh: '请先登录', en: 'Please sign in first' },
  tokenInvalid: { zh: '登录已失效，请重新登录', en: 'Your session has expired; please sign in again' },
  forbidden: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  grantMenuBeyond: {
    zh: '只能授予自己拥有的菜单和按钮',
    en: 'You can only hand out menus and buttons you hold yourself',
  },
  grantApiBeyond: {
    zh: '只能授予自己拥有的接口权限',
    en: 'You can only hand out API scopes you hold yourself',
  },
  grantDataBeyond: {
    zh: '数据权限不能超出你自己的数据范围（{code}）',
    en: 'A data scope may not reach rows beyond your own ({code})',
  },
  roleBeyondAuthority: {
    zh: '角色「{name}」拥有你自己没有的权限，你不能分配、修改或删除它',
    en: 'The role "{name}" holds permissions you do not hold yourself, so you cannot assign, change or delete it',
  },
  roleInUse: {
    zh: '角色「{name}」仍分配给 {count} 个用户（{accounts}），请先为他们取消这个角色',
    en: 'The role "{name}" is still assigned to {count} user(s) ({accounts}); take it from them first',
  },
  adminRoleProtected: {
    zh: '超级管理员角色不能删除，其角色别名也不能修改',
    en: 'The built-in administrator role cannot be deleted, nor can its alias change',
  },
  userBeyondAuthority: {
    zh: '不能管理用户 {account}：其权限超出你自己的权限',
    en: 'You cannot manage user {account}: they hold permissions you do not hold yourself',
  },
  platformOnly: {
    zh: '此操作涉及平台的数据，只有平台管理租户（000000）可以执行',
    en: 'This concerns platform data; only the platform tenant (000000) can do it',
  },
  notFound: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  routeNotFound: { zh: '接口 {method} {url} 不存在', en: 'There is no endpoint {method} {url}' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many attempts; please try again later' },
  internalError: {
    zh: '服务器内部错误，请稍后重试',
    en: 'Something went wrong on the server; please try again later',
  },
  serviceUnavailable: {
    zh: '服务暂不可用，请稍后重试',
    en: 'The service is unavailable; please retry later',
  },
} satisfies Record<string, Bilingual>;
