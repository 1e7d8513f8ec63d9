import type { Bilingual } from './bilingual.js';

/** The permission explainer: the steps of a chain, their reasons, and the verdict. */
export const explainMessages = {
  explainTenant: { zh: '租户', en: 'Tenant' },
  explainAccount: { zh: '账号', en: 'Account' },
  explainRoles: { zh: '角色', en: 'Roles' },
  explainGrant: { zh: '菜单与按钮授权', en: 'Menu and button grant' },
  explainApiScope: { zh: '接口权限', en: 'API scope' },
  explainDataScope: { zh: '数据权限', en: 'Data scope' },
  explainRecord: { zh: '记录', en: 'Record' },
  explainTenantActive: {
    zh: '租户「{name}」正常，套餐：{package}',
    en: 'Tenant "{name}" is active; package: {package}',
  },
  explainNoPackage: { zh: '不限', en: 'no limit' },
  explainTenantDisabled: { zh: '租户「{name}」已停用', en: 'Tenant "{name}" is disabled' },
  explainTenantExpired: { zh: '租户「{name}」已于 {time} 过期', en: 'Tenant "{name}" expired at {time}' },
  explainAccountActive: { zh: '账号 {account} 正常', en: 'Account {account} is active' },
  explainAccountInactive: {
    zh: '账号 {account} 已停用或待审核，不能登录',
    en: 'Account {account} is disabled or awaits approval, so it cannot sign in',
  },
  explainPasswordChange: {
    zh: '账号 {account} 须先修改一次性密码，在此之前只能修改密码和退出',
    en: 'Account {account} must first change its one-time password; until then it may only do that or sign out',
  },
  explainRolesHeld: { zh: '拥有角色：{names}', en: 'Holds the roles: {names}' },
  explainRolesNone: { zh: '没有任何有效角色', en: 'Holds no live role' },
  explainSuperAdmin: {
    zh: '平台管理员，拥有全部菜单、按钮和数据',
    en: 'The platform administrator holds every menu, button and row',
  },
  explainGrantBy: { zh: '角色「{roles}」授予了「{menu}」', en: 'The role "{roles}" grants "{menu}"' },
  explainGrantNone: { zh: '没有任何角色授予「{menu}」', en: 'No role of the user grants "{menu}"' },
  explainGrantPackage: {
    zh: '角色授予了「{menu}」，但租户套餐不包含它',
    en: 'A role grants "{menu}", but the tenant\'s package does not include it',
  },
  explainGrantPlatform: {
    zh: '「{menu}」是平台的菜单，只有平台租户可用',
    en: '"{menu}" is a platform menu, held only within the platform tenant',
  },
  explainSignedIn: {
    zh: '此接口只需登录，不需要按钮授权',
    en: 'Any signed-in user may call it; no button grant is needed',
  },
  explainPublicRoute: { zh: '此接口公开，无需登录', en: 'The route is public; no sign-in is needed' },
  explainAdministratorOnly: {
    zh: '此接口只有平台管理员可调用',
    en: 'Only the platform administrator may call it',
  },
  explainPlatformOnly: {
    zh: '此接口只有平台租户可调用',
    en: 'Only callers of the platform tenant may call it',
  },
  explainApiScopeAllows: { zh: '接口权限允许调用 {path}', en: 'API scopes allow {path}' },
  explainApiScopeRefuses: {
    zh: '接口权限「{name}」（{scope}）覆盖 {path}，但用户的角色都没有它',
    en: 'The API scope "{name}" ({scope}) covers {path}, and none of the user\'s roles holds it',
  },
  explainDataUnscoped: {
    zh: '{resource}不受数据权限限制：可见租户内的全部行',
    en: '{resource} has no data scope: every row of the tenant is visible',
  },
  explainDataAll: {
    zh: '没有限制行的数据权限：可见{resource}的全部行',
    en: 'No data scope limits the rows: every row of {resource} in the tenant is visible',
  },
  explainDataRules: {
    zh: '按数据权限「{names}」，只可见：{words}',
    en: 'By the data scope "{names}", only these are visible: {words}',
  },
  explainFilterEquals: { zh: '{column} 等于 {value}', en: '{column} is {value}' },
  explainFilterIn: { zh: '{column} 属于 {values}', en: '{column} is one of {values}' },
  explainFilterNothing: { zh: '没有任何行', en: 'no row at all' },
  explainOr: { zh: ' 或 ', en: ' or ' },
  explainAnd: { zh: '，并且 ', en: ', and ' },
  explainRecordVisible: { zh: '{resource} {id} 可见', en: '{resource} {id} is visible' },
  explainRecordMissing: {
    zh: '{resource} {id} 不存在或已删除',
    en: '{resource} {id} does not exist or was removed',
  },
  explainRecordOutside: {
    zh: '{resource} {id} 不在数据权限内：它的 {values}，不满足 {words}',
    en: '{resource} {id} is outside the data scope: its {values} does not meet {words}',
  },
  explainUseMenu: { zh: '使用「{menu}」', en: 'use "{menu}"' },
  explainCallPath: { zh: '调用 {method} {path}', en: 'call {method} {path}' },
  explainReadRecord: { zh: '查看{resource} {id}', en: 'see {resource} {id}' },
  explainReadList: { zh: '查看{resource}列表', en: 'list {resource}' },
  explainAllowed: { zh: '{user} 可以{target}。', en: '{user} may {target}.' },
  explainRefused: { zh: '{user} 不能{target}：{reason}。', en: '{user} may not {target}: {reason}.' },
  explainTargetRequired: {
    zh: '请指定菜单或按钮、接口路径，或资源与记录',
    en: 'Name a menu or button, an API path, or a resource and record',
  },
  explainMenuUnknown: { zh: '没有编号为 {code} 的菜单或按钮', en: 'No menu or button has the code {code}' },
  explainRouteUnknown: { zh: '没有接口 {method} {path}', en: 'There is no route {method} {path}' },
  explainResourceUnknown: { zh: '没有资源 {resource}', en: 'There is no resource {resource}' },
} satisfies Record<string, Bilingual>;
