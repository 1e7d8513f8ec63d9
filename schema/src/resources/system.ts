import type { ResourceDef } from '../registry.js';
import { EMAIL, MAINLAND_MOBILE, MD5_HEX, PHONE_RULE } from '../rules.js';
import { parent, remark, sort, t, text } from './fields.js';

export const param: ResourceDef = {
  name: 'param',
  table: 'blade_param',
  path: '/blade-system/param',
  label: t('参数管理', 'Parameters'),
  tenant: false,
  owner: 'platform',
  permission: 'param',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  unique: ['paramKey'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('paramName', t('参数名称', 'Name'), {
      required: t('请输入参数名称', 'Enter the parameter name'),
      search: 'like',
    }),
    text('paramKey', t('参数键名', 'Key'), {
      required: t('请输入参数键名', 'Enter the parameter key'),
      search: 'like',
      sortable: true,
    }),
    {
      name: 'paramValue',
      type: 'longtext',
      label: t('参数键值', 'Value'),
      required: t('请输入参数键值', 'Enter the parameter value'),
      max: 20_000,
    },
    remark(),
  ],
};

export const tenantPackage: ResourceDef = {
  name: 'tenantPackage',
  table: 'blade_tenant_package',
  path: '/blade-system/tenant-package',
  label: t('租户产品包', 'Tenant packages'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'tenantpackage',
  endpoints: ['list', 'detail', 'remove', 'submit', 'select'],
  ui: { view: false },
  fields: [
    text('packageName', t('产品包名称', 'Package name'), {
      required: t('请输入产品包名称', 'Enter the package name'),
      max: 50,
      search: 'like',
    }),
    {
      name: 'menuId',
      type: 'refs',
      ref: 'menu',
      label: t('菜单列表', 'Menus'),
      required: t('请选择菜单', 'Choose the menus'),
      list: false,
    },
    remark({ list: true }),
  ],
};

export const tenant: ResourceDef = {
  name: 'tenant',
  table: 'blade_tenant',
  path: '/blade-system/tenant',
  label: t('租户管理', 'Tenants'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'tenant',
  endpoints: ['list', 'detail', 'remove', 'submit', 'select'],
  unique: ['tenantId', 'domain'],
  order: { field: 'createTime', direction: 'asc' },
  fields: [
    text('tenantId', t('租户ID', 'Tenant id'), {
      max: 12,
      search: 'like',
      sortable: true,
      disabledOnAdd: true,
      disabledOnEdit: true,
    }),
    text('tenantName', t('租户名称', 'Tenant name'), {
      required: t('请输入租户名称', 'Enter the tenant name'),
      max: 100,
      search: 'like',
    }),
    text('domain', t('域名地址', 'Domain'), {
      max: 255,
      pattern: {
        regex: '^[a-z0-9.-]*$',
        message: t(
          '域名只能包含小写字母、数字、点和短横线',
          'A domain has lower-case letters, digits, dots and dashes only',
        ),
      },
    }),
    { name: 'backgroundUrl', type: 'image', label: t('系统背景', 'Background'), list: false },
    text('linkman', t('联系人', 'Contact'), { max: 50, search: 'like' }),
    text('contactNumber', t('联系电话', 'Phone'), { max: 50, pattern: PHONE_RULE }),
    text('address', t('联系地址', 'Address'), { list: false }),
    {
      name: 'accountNumber',
      type: 'int',
      label: t('账号额度', 'Account limit'),
      default: -1,
      min: -1,
      named: [{ value: -1, label: t('不限', 'Unlimited') }],
    },
    { name: 'expireTime', type: 'datetime', label: t('过期时间', 'Expires'), sortable: true },
    { name: 'packageId', type: 'ref', ref: 'tenantPackage', label: t('产品包', 'Package'), form: false },
    { name: 'datasourceId', type: 'ref', label: t('数据源', 'Data source'), form: false, list: false },
  ],
};

export const client: ResourceDef = {
  name: 'client',
  table: 'blade_client',
  path: '/blade-system/client',
  label: t('应用管理', 'Clients'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'client',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  unique: ['clientId'],
  fields: [
    text('clientId', t('应用ID', 'Client id'), {
      required: t('请输入应用ID', 'Enter the client id'),
      max: 48,
      search: 'like',
    }),
    text('clientSecret', t('应用密钥', 'Client secret'), {
      secret: true,
      masked: true,
      virtual: true,
      min: 8,
      max: 256,
      required: t('请输入应用密钥', 'Enter the client secret'),
    }),
    text('scope', t('权限范围', 'Scope'), {
      default: 'all',
      required: t('请输入权限范围', 'Enter the scope'),
    }),
    text('authorizedGrantTypes', t('授权类型', 'Grant types'), {
      default: 'password,captcha,refresh_token',
      required: t('请输入授权类型', 'Enter the grant types'),
      pattern: {
        regex: '^(password|captcha|refresh_token|social)(,(password|captcha|refresh_token|social))*$',
        message: t(
          '授权类型只能是 password、captcha、refresh_token、social',
          'Grant types are password, captcha, refresh_token or social',
        ),
      },
    }),
    text('webServerRedirectUri', t('回调地址', 'Redirect URI'), { list: false }),
    {
      name: 'accessTokenValidity',
      type: 'int',
      label: t('令牌秒数', 'Access token seconds'),
      default: 3600,
      min: 60,
      max: 86_400 * 30,
    },
    {
      name: 'refreshTokenValidity',
      type: 'int',
      label: t('刷新令牌秒数', 'Refresh token seconds'),
      default: 604_800,
      min: 60,
      max: 86_400 * 365,
    },
  ],
};

export const dept: ResourceDef = {
  name: 'dept',
  table: 'blade_dept',
  path: '/blade-system/dept',
  label: t('机构管理', 'Departments'),
  tenant: true,
  owner: 'tenant',
  permission: 'dept',
  endpoints: ['list', 'lazy-list', 'detail', 'tree', 'lazy-tree', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'deptName' },
  order: { field: 'sort', direction: 'asc' },
  fields: [
    parent({ label: t('上级机构', 'Parent department') }),
    text('deptName', t('机构名称', 'Name'), {
      required: t('请输入机构名称', 'Enter the department name'),
      max: 45,
      search: 'like',
    }),
    text('fullName', t('机构全称', 'Full name'), { max: 45, search: 'like' }),
    {
      name: 'deptCategory',
      type: 'int',
      dict: 'org_category',
      label: t('机构类型', 'Type'),
      default: 1,
      search: 'eq',
    },
    text('ancestors', t('祖级列表', 'Ancestors'), { form: false, list: false, max: 2000 }),
    sort(),
    remark(),
  ],
};

export const post: ResourceDef = {
  name: 'post',
  table: 'blade_post',
  path: '/blade-system/post',
  label: t('岗位管理', 'Posts'),
  tenant: true,
  owner: 'tenant',
  permission: 'post',
  endpoints: ['list', 'select', 'detail', 'remove', 'submit'],
  order: { field: 'sort', direction: 'asc' },
  unique: ['postCode'],
  fields: [
    {
      name: 'category',
      type: 'int',
      dict: 'post_category',
      label: t('岗位类型', 'Type'),
      default: 1,
      search: 'eq',
    },
    text('postCode', t('岗位编号', 'Code'), {
      required: t('请输入岗位编号', 'Enter the post code'),
      max: 12,
      search: 'like',
    }),
    text('postName', t('岗位名称', 'Name'), {
      required: t('请输入岗位名称', 'Enter the post name'),
      max: 64,
      search: 'like',
    }),
    sort(),
    remark(),
  ],
};

export const role: ResourceDef = {
  name: 'role',
  table: 'blade_role',
  path: '/blade-system/role',
  label: t('角色管理', 'Roles'),
  tenant: true,
  owner: 'tenant',
  permission: 'role',
  endpoints: ['list', 'tree', 'detail', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'roleName' },
  order: { field: 'sort', direction: 'asc' },
  unique: ['roleAlias'],
  fields: [
    text('roleName', t('角色名称', 'Name'), {
      required: t('请输入角色名称', 'Enter the role name'),
      search: 'like',
    }),
    text('roleAlias', t('角色别名', 'Alias'), {
      required: t('请输入角色别名', 'Enter the role alias'),
      search: 'like',
      pattern: {
        regex: '^[A-Za-z][\\w-]*$',
        message: t(
          '角色别名以字母开头，只含字母数字下划线',
          'An alias starts with a letter and has letters, digits and underscores',
        ),
      },
    }),
    parent({ label: t('上级角色', 'Parent role') }),
    sort(),
  ],
};

export const menu: ResourceDef = {
  name: 'menu',
  table: 'blade_menu',
  path: '/blade-system/menu',
  label: t('菜单管理', 'Menus'),
  tenant: false,
  owner: 'platform',
  permission: 'menu',
  endpoints: ['list', 'lazy-list', 'detail', 'tree', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'name' },
  order: { field: 'sort', direction: 'asc' },
  unique: ['code'],
  fields: [
    text('name', t('菜单名称', 'Name'), {
      required: t('请输入菜单名称', 'Enter the menu name'),
      search: 'like',
    }),
    text('alias', t('英文名称', 'English name'), {
      required: t('请输入菜单别名', 'Enter the English name'),
      search: 'like',
    }),
    text('code', t('菜单编号', 'Code'), {
      required: t('请输入菜单编号', 'Enter the menu code'),
      search: 'like',
      pattern: {
        regex: '^[A-Za-z][\\w-]*$',
        message: t(
          '编号以字母开头，只含字母数字下划线短横线',
          'A code starts with a letter and has letters, digits, - and _',
        ),
      },
    }),
    text('path', t('路由地址', 'Path')),
    text('source', t('菜单图标', 'Icon'), { list: false }),
    parent({ label: t('上级菜单', 'Parent menu') }),
    {
      name: 'category',
      type: 'int',
      dict: 'menu_category',
      label: t('菜单类型', 'Type'),
      required: t('请选择菜单类型', 'Choose the type'),
      search: 'eq',
      min: 1,
      max: 2,
    },
    {
      name: 'action',
      type: 'int',
      dict: 'button_func',
      label: t('按钮功能', 'Button position'),
      default: 0,
      list: false,
      min: 0,
      max: 3,
    },
    {
      name: 'isOpen',
      type: 'int',
      dict: 'yes_no',
      label: t('新窗口', 'New window'),
      default: 1,
      list: false,
      min: 1,
      max: 2,
    },
    sort(),
    remark(),
  ],
};

export const topMenu: ResourceDef = {
  name: 'topMenu',
  table: 'blade_top_menu',
  path: '/blade-system/topmenu',
  label: t('顶部菜单', 'Top menus'),
  tenant: true,
  owner: 'tenant',
  permission: 'topmenu',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'sort', direction: 'asc' },
  unique: ['code'],
  fields: [
    text('name', t('菜单名称', 'Name'), {
      required: t('请输入菜单名称', 'Enter the menu name'),
      search: 'like',
    }),
    // Saber's form has no alias; one left out is the code (see the top menu hooks).
    text('alias', t('英文名称', 'English name')),
    text('code', t('菜单编号', 'Code'), {
      required: t('请输入菜单编号', 'Enter the menu code'),
      search: 'like',
    }),
    text('source', t('菜单图标', 'Icon')),
    text('path', t('路由地址', 'Path'), { list: false }),
    sort(),
  ],
};

const dictFields = () => [
  text('code', t('字典编号', 'Code'), {
    required: t('请输入字典编号', 'Enter the dictionary code'),
    search: 'like' as const,
    disabledOnEdit: true,
    max: 255,
  }),
  text('dictValue', t('字典名称', 'Name'), {
    required: t('请输入字典名称', 'Enter the dictionary name'),
    search: 'like' as const,
  }),
  // Shown instead of the Chinese name to people using English.
  text('dictValueEn', t('英文名称', 'English name'), { max: 255, list: false }),
  parent({ label: t('上级字典', 'Parent dictionary'), list: true }),
  text('dictKey', t('字典键值', 'Key'), {
    required: t('请输入字典键值', 'Enter the dictionary key'),
    default: '-1',
  }),
  sort({ required: t('请输入字典排序', 'Enter the sort order') }),
  {
    name: 'isSealed',
    type: 'flag' as const,
    dict: 'yes_no',
    dictSource: 'system' as const,
    label: t('封存', 'Sealed'),
    required: t('请选择封存', 'Choose whether it is sealed'),
    default: 0,
  },
  remark({ list: true }),
];

export const dict: ResourceDef = {
  name: 'dict',
  table: 'blade_dict',
  path: '/blade-system/dict',
  label: t('系统字典', 'Dictionaries'),
  tenant: false,
  owner: 'platform',
  permission: 'dict',
  menus: ['dict-horizontal', 'dict-vertical'],
  endpoints: ['list', 'detail', 'tree', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'dictValue' },
  order: { field: 'sort', direction: 'asc' },
  ui: { dialogWidth: 880 },
  fields: dictFields(),
};

export const dictBiz: ResourceDef = {
  ...dict,
  name: 'dictBiz',
  table: 'blade_dict_biz',
  path: '/blade-system/dict-biz',
  label: t('业务字典', 'Business dictionaries'),
  tenant: true,
  owner: 'tenant',
  permission: 'dictbiz',
  menus: ['dictbiz'],
  fields: dictFields(),
};

const scopeFields = [
  { name: 'menuId', type: 'ref' as const, ref: 'menu', label: t('所属菜单', 'Menu'), list: false },
  text('resourceCode', t('资源编号', 'Resource code'), {
    required: t('请输入资源编号', 'Enter the resource code'),
    search: 'like' as const,
  }),
  text('scopeName', t('权限名称', 'Scope name'), {
    required: t('请输入权限名称', 'Enter the scope name'),
    search: 'like' as const,
  }),
];

export const dataScope: ResourceDef = {
  name: 'dataScope',
  table: 'blade_scope_data',
  path: '/blade-system/data-scope',
  label: t('数据权限', 'Data scopes'),
  tenant: false,
  owner: 'platform',
  permission: 'datascope',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  fields: [
    ...scopeFields,
    text('scopeColumn', t('权限字段', 'Column'), {
      required: t('请输入权限字段', 'Enter the column'),
      default: 'create_dept',
      // `-` (SpringBlade's "no column") only where the rule reads none: 全部可见, checked on the server.
      pattern: {
        regex: '^(create_dept|create_user|dept_id|id|-)$',
        message: t(
          '权限字段只能是 create_dept、create_user、dept_id 或 id（全部可见可填 -）',
          'The column is create_dept, create_user, dept_id or id (- for the rule All)',
        ),
      },
    }),
    {
      name: 'scopeType',
      type: 'int',
      dict: 'data_scope_type',
      label: t('规则类型', 'Rule'),
      required: t('请选择规则类型', 'Choose the rule'),
      min: 1,
      max: 5,
      search: 'eq',
    },
    text('scopeValue', t('规则值', 'Value'), { max: 2000, list: false }),
    remark(),
  ],
};

export const apiScope: ResourceDef = {
  name: 'apiScope',
  table: 'blade_scope_api',
  path: '/blade-system/api-scope',
  label: t('接口权限', 'API scopes'),
  tenant: false,
  owner: 'platform',
  permission: 'apiscope',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  fields: [
    ...scopeFields,
    text('scopePath', t('接口地址', 'Path'), {
      required: t('请输入接口地址', 'Enter the path'),
      pattern: {
        regex: '^/api/[\\w/.-]*\\*{0,2}$',
        message: t(
          '接口地址以 /api/ 开头，可用 * 或 ** 结尾',
          'A path starts with /api/ and may end in * or **',
        ),
      },
    }),
    {
      name: 'scopeType',
      type: 'int',
      dict: 'api_scope_type',
      label: t('接口类型', 'Type'),
      default: 1,
      min: 1,
      max: 9,
    },
    remark(),
  ],
};

export const region: ResourceDef = {
  name: 'region',
  table: 'blade_region',
  path: '/blade-system/region',
  label: t('行政区划', 'Regions'),
  tenant: false,
  owner: 'platform',
  permission: 'region',
  endpoints: ['list', 'remove', 'submit'],
  unique: ['code'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    text('code', t('区划编号', 'Code'), {
      required: t('请输入区划编号', 'Enter the code'),
      search: 'like',
      pattern: { regex: '^\\d{2,12}$', message: t('区划编号为 2 到 12 位数字', 'A code has 2 to 12 digits') },
    }),
    text('parentCode', t('上级编号', 'Parent code'), {
      default: '00',
      search: 'eq',
      pattern: { regex: '^\\d{2,12}$', message: t('上级编号为数字', 'The parent code has digits only') },
    }),
    text('name', t('区划名称', 'Name'), {
      required: t('请输入区划名称', 'Enter the name'),
      max: 32,
      search: 'like',
    }),
    {
      name: 'regionLevel',
      type: 'int',
      dict: 'region_level',
      label: t('层级', 'Level'),
      required: t('请选择层级', 'Choose the level'),
      min: 1,
      max: 5,
      search: 'eq',
    },
    sort(),
    remark(),
  ],
};

const MOBILE = { regex: MAINLAND_MOBILE, message: t('手机号码格式不正确', 'The phone number is not valid') };

export const user: ResourceDef = {
  name: 'user',
  table: 'blade_user',
  path: '/blade-user',
  label: t('用户管理', 'Users'),
  tenant: true,
  owner: 'tenant',
  permission: 'user',
  endpoints: ['page', 'detail', 'remove', 'submit', 'update'],
  unique: ['account'],
  order: { field: 'createTime', direction: 'desc' },
  dataScope: { dept: 'deptId', user: 'createUser' },
  fields: [
    text('account', t('登录账号', 'Account'), {
      required: t('请输入登录账号', 'Enter the account'),
      max: 45,
      search: 'prefix',
      disabledOnEdit: true,
      pattern: {
        regex: '^[A-Za-z0-9_.@-]+$',
        message: t('账号只能包含字母、数字和 _ . @ -', 'An account has letters, digits and _ . @ - only'),
      },
    }),
    text('password', t('密码', 'Password'), {
      secret: true,
      virtual: true,
      list: false,
      detail: false,
      disabledOnEdit: true,
      required: t('请输入密码', 'Enter the password'),
      pattern: {
        regex: MD5_HEX,
        message: t('密码须在客户端做 md5 摘要', 'The client sends the md5 digest of the password'),
      },
    }),
    text('name', t('用户昵称', 'Nickname'), { max: 20, search: 'like' }),
    text('realName', t('用户姓名', 'Real name'), {
      required: t('请输入用户姓名', 'Enter the real name'),
      max: 20,
      search: 'like',
    }),
    text('code', t('用户编号', 'User code'), { max: 12, list: false }),
    text('phone', t('手机号码', 'Phone'), { max: 45, search: 'prefix', pattern: MOBILE }),
    text('email', t('电子邮箱', 'Email'), {
      max: 45,
      list: false,
      pattern: {
        regex: EMAIL,
        message: t('邮箱格式不正确', 'The email address is not valid'),
      },
    }),
    { name: 'sex', type: 'int', dict: 'sex', label: t('用户性别', 'Sex'), list: false, min: 1, max: 3 },
    { name: 'birthday', type: 'date', label: t('用户生日', 'Birthday'), list: false },
    {
      name: 'userType',
      type: 'int',
      dict: 'user_type',
      label: t('用户平台', 'Platform'),
      default: 1,
      search: 'eq',
      min: 1,
      max: 3,
    },
    {
      name: 'roleId',
      type: 'refs',
      ref: 'role',
      label: t('所属角色', 'Roles'),
      required: t('请选择所属角色', 'Choose the roles'),
    },
    {
      name: 'deptId',
      type: 'ref',
      ref: 'dept',
      label: t('所属部门', 'Department'),
      required: t('请选择所属部门', 'Choose the department'),
    },
    { name: 'postId', type: 'refs', ref: 'post', label: t('所属岗位', 'Posts'), list: false },
    { name: 'avatar', type: 'image', label: t('头像', 'Avatar'), list: false, form: false },
    {
      name: 'status',
      type: 'int',
      dict: 'account_status',
      label: t('账号状态', 'Status'),
      default: 1,
      min: 0,
      max: 3,
      search: 'eq',
    },
    { name: 'isLocked', type: 'flag', dict: 'yes_no', label: t('已锁定', 'Locked'), form: false },
  ],
};
