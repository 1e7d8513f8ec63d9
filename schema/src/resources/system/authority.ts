import type { ResourceDef } from '../../registry.js';
import { act, parent, remark, sort, t, text } from '../fields.js';

export const role: ResourceDef = {
  name: 'role',
  table: 'blade_role',
  path: '/blade-system/role',
  label: t('角色管理', 'Roles'),
  tenant: true,
  owner: 'tenant',
  permission: 'role',
  screen: {
    sort: 1,
    path: '/authority/role',
    icon: 'TeamOutlined',
    actions: [
      act('setting', t('权限设置', 'Permissions'), '/blade-system/role/grant', 'toolbar'),
      act('explain', t('权限解释', 'Explain access'), '/blade-system/explain', 'toolbar'),
    ],
  },
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
          '角色别名以字母开头，只含字母数字下划线短横线',
          'An alias starts with a letter and has letters, digits, - and _',
        ),
      },
    }),
    parent({ label: t('上级角色', 'Parent role') }),
    sort(),
  ],
};

/** The button of a scope screen's row that opens the scopes of its menu. */
const scopeSettings = (kind: 'data' | 'api') =>
  act('setting', t('权限配置', 'Scope Settings'), `/blade-system/${kind}-scope/list`, 'row', {
    code: `${kind}_scope_setting`,
  });

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
  screen: {
    sort: 2,
    path: '/authority/datascope',
    icon: 'EyeOutlined',
    actions: [scopeSettings('data')],
  },
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
  screen: {
    sort: 3,
    path: '/authority/apiscope',
    icon: 'ApiOutlined',
    actions: [scopeSettings('api')],
  },
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
